// A program of build/bin run through the shell: its exit status, stdout and stderr appended to
// *out (the tests of the command-line tools: match, mate_check).
#pragma once

#include <sys/wait.h>

#include <cstdio>
#include <string>

namespace sashite::testing {

// `args` as the shell reads them (quote what has spaces); -1 when the program did not exit.
inline int run_program(const std::string& program, const std::string& args, std::string* out) {
  const std::string cmd = std::string(SASHITE_BIN_DIR) + "/" + program + " " + args + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return -1;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) out->append(buf, n);
  const int status = pclose(p);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace sashite::testing
