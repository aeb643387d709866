# cmake --install: headers under include/sashite/<module>/, static libraries, the USI program,
# and a CMake package: find_package(sashite) gives sashite::base, ::hand, ::engine,
# ::movegen_full, ::movegen_diff, ::dbb, ::movegen, ::rules, ::search, ::mate, ::match.
include(CMakePackageConfigHelpers)

# Headers only (*.h), in the tree as in the repository; tools/ holds programs, no headers.
install(DIRECTORY base engine hand movegen_full movegen_diff dbb movegen rules search mate match
        DESTINATION ${SASHITE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.h")

set(SASHITE_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/sashite)
install(EXPORT sashiteTargets NAMESPACE sashite:: DESTINATION ${SASHITE_CMAKE_DIR})

configure_package_config_file(cmake/sashiteConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/sashiteConfig.cmake INSTALL_DESTINATION ${SASHITE_CMAKE_DIR})
# 0.x: a minor version may break the interface.
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/sashiteConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/sashiteConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/sashiteConfigVersion.cmake
        DESTINATION ${SASHITE_CMAKE_DIR})
