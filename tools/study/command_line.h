// The tools' command lines: "--flag value" pairs and positional arguments, and a usage error
// that names the argument, prints the tool's usage line and exits 2.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>

namespace sashite::study {

struct CommandLine {
  std::string_view tool;   // "mate_report"
  std::string_view usage;  // the line after "usage: "

  [[noreturn]] void fail(const std::string& why) const {
    std::fprintf(stderr, "%.*s: %s\nusage: %.*s\n", int(tool.size()), tool.data(), why.c_str(), int(usage.size()),
                 usage.data());
    std::exit(2);
  }

  struct Flag {
    std::string_view name;  // "--ms"
    std::function<void(const char* value)> set;
  };
  // Every argument: a flag takes the next one as its value, anything not starting with "--"
  // goes to `positional`.
  void parse(int argc, char** argv, std::initializer_list<Flag> flags,
             const std::function<void(const char*)>& positional) const {
    for (int i = 1; i < argc; ++i) {
      const std::string_view a = argv[i];
      if (!a.starts_with("--")) {
        positional(argv[i]);
        continue;
      }
      const Flag* flag = nullptr;
      for (const Flag& f : flags)
        if (f.name == a) flag = &f;
      if (!flag) fail("unknown option " + std::string(a));
      if (i + 1 >= argc) fail(std::string(a) + " needs a value");
      flag->set(argv[++i]);
    }
  }
};

}  // namespace sashite::study
