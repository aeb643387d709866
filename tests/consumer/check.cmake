# ctest package_consumer: install the built tree to a scratch prefix, then configure, build and
# run tests/consumer against it. Any failing step fails the test.
#   cmake -DBUILD_DIR=<sashite build> -DWORK_DIR=<scratch> [-DCXX_COMPILER=..] [-DCXX_FLAGS=..] -P check.cmake
foreach(v BUILD_DIR WORK_DIR)
  if(NOT ${v})
    message(FATAL_ERROR "check.cmake needs -D${v}=...")
  endif()
endforeach()
set(prefix ${WORK_DIR}/prefix)
set(consumer_build ${WORK_DIR}/build)
file(REMOVE_RECURSE ${WORK_DIR})

function(step)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}")
  endif()
  set(step_output "${out}" PARENT_SCOPE)
endfunction()

step(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
# CXX_COMPILER and CXX_FLAGS (optional): the compiler and instrumentation the package was built with.
set(compiler_args "")
if(CXX_COMPILER)
  list(APPEND compiler_args -DCMAKE_CXX_COMPILER=${CXX_COMPILER})
endif()
if(CXX_FLAGS)
  list(APPEND compiler_args "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}")
endif()
step(${CMAKE_COMMAND} -S ${CMAKE_CURRENT_LIST_DIR} -B ${consumer_build}
     -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=${prefix} ${compiler_args})
step(${CMAKE_COMMAND} --build ${consumer_build})
step(${consumer_build}/consumer)
message(STATUS "${step_output}")
string(FIND "${step_output}" "consumer: every count 25470" found)
if(found EQUAL -1)
  message(FATAL_ERROR "unexpected consumer output: ${step_output}")
endif()
file(REMOVE_RECURSE ${WORK_DIR})
