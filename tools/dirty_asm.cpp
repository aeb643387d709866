// dirty_asm <out-dir>: writes each hand-written dirty-flag kernel as plain Intel-syntax
// assembly for llvm-mca (scripts/dirty_flags_models.sh):
//   jit_<form>_piece.s     one piece of a scalar xbyak kernel (no set-up)
//   jit_<form>_kernel22.s  the whole 22-piece kernel as generated (ret dropped)
//   jit_<form>_kernel40.s  the same sequence over 40 pieces: LS3600's (differential generation, 2009) own loop, which
//   the
//                          seed timed at 75-100 cycles on Core 2 (never run here: a model only)
//   compiled_<body>_kernel22.s  what GCC made of the C++ / inline-asm / intrinsics bodies
// JIT code is the generator's own bytes, disassembled with objdump -D -b binary: exactly the
// code the jit_* kernels run. Compiled code is disassembled from this executable with
// objdump --disassemble=<symbol>: out-of-line copies of the bodies, compiled with the same
// flags. The benchmark inlines the same bodies into its loop instead, so there the
// instructions are these up to register choice and loop placement, not these bytes.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "dbb/jit.h"
#include "dbb/kernels.h"

using namespace sashite::dbb;

// The bodies, out of line so that they have a symbol to disassemble.
extern "C" {
__attribute__((noinline, used)) uint64_t dirty_body_cpp(const uint64_t* w, uint64_t m) {
  return CppBranchlessBody::run(w, m);
}
__attribute__((noinline, used)) uint64_t dirty_body_sbb_lea_asm(const uint64_t* w, uint64_t m) {
  return SbbLeaBody<true>::run(w, m);
}
__attribute__((noinline, used)) uint64_t dirty_body_adc_asm(const uint64_t* w, uint64_t m) {
  return AdcBody::run(w, m);
}
__attribute__((noinline, used, target("avx512f"))) uint64_t dirty_body_avx512(const uint64_t* w, uint64_t m) {
  return dirty_words_avx512(w, m);
}
__attribute__((noinline, used, target("avx2"))) uint64_t dirty_body_avx2(const uint64_t* w, uint64_t m) {
  return dirty_words_avx2(w, m);
}
}

namespace {

std::string command_output(const std::string& cmd) {
  std::unique_ptr<FILE, int (*)(FILE*)> p(popen(cmd.c_str(), "r"), pclose);
  if (!p) throw std::runtime_error("cannot run: " + cmd);
  std::string out;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, p.get())) > 0;) out.append(buf, n);
  return out;
}

// objdump lines "  addr:\tinsn   # comment" -> "insn"; drops ret and padding.
std::string to_mca(const std::string& objdump) {
  static const std::regex line(R"(^\s*[0-9a-f]+:\t([^#<]*))");
  std::string out = ".intel_syntax noprefix\n";
  std::istringstream in(objdump);
  int count = 0;
  for (std::string l; std::getline(in, l);) {
    std::smatch m;
    if (!std::regex_search(l, m, line)) continue;
    std::string insn = m[1];
    while (!insn.empty() && (insn.back() == ' ' || insn.back() == '\t')) insn.pop_back();
    if (insn.empty() || insn == "ret" || insn.rfind("nop", 0) == 0 || insn.rfind("cs nop", 0) == 0 ||
        insn.rfind("data16", 0) == 0 || insn == "xchg   ax,ax" || insn == "int3")
      continue;
    out += insn + "\n";
    ++count;
  }
  if (!count) throw std::runtime_error("objdump gave no instructions");
  return out;
}

void write(const std::filesystem::path& p, const std::string& text) {
  std::ofstream(p) << text;
  std::cout << p.string() << "\n";
}

const std::string kObjdump = "objdump --no-show-raw-insn -M intel ";

// The xbyak kernels, from the generator's own bytes.
void write_jit_kernels(const std::filesystem::path& dir) {
  for (JitForm f : {JitForm::kSbbLea, JitForm::kAdc, JitForm::kVptestmq, JitForm::kAvx2}) {
    std::vector<std::pair<std::string, JitShape>> shapes;
    const bool scalar = f == JitForm::kSbbLea || f == JitForm::kAdc;
    if (scalar) shapes.push_back({"piece", {1, 0, false}});
    shapes.push_back({"kernel22", {kWordPieces, 0, true}});
    if (scalar) shapes.push_back({"kernel40", {kPieces, 0, true}});
    for (const auto& [what, shape] : shapes) {
      const std::vector<uint8_t> code = jit_bytes(f, shape);
      const std::string stem = std::string("jit_") + jit_form_name(f) + "_" + what;
      const auto bin = dir / (stem + ".bin");
      std::ofstream(bin, std::ios::binary)
          .write(reinterpret_cast<const char*>(code.data()), std::streamsize(code.size()));
      write(dir / (stem + ".s"),
            to_mca(command_output(kObjdump + "-D -b binary -mi386:x86-64 '" + bin.string() + "'")));
      std::filesystem::remove(bin);
    }
  }
}

// The compiled bodies, from this executable's out-of-line copies.
void write_compiled_bodies(const std::filesystem::path& dir) {
  const std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
  for (const char* body : {"cpp", "sbb_lea_asm", "adc_asm", "avx512", "avx2"})
    write(dir / (std::string("compiled_") + body + "_kernel22.s"),
          to_mca(command_output(kObjdump + "--disassemble=dirty_body_" + body + " '" + self + "'")));
}

struct Options {
  std::filesystem::path out_dir;
};

Options parse_options(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: dirty_asm <out-dir>\n";
    std::exit(2);
  }
  return {argv[1]};
}

int run(const Options& o) {
  try {
    std::filesystem::create_directories(o.out_dir);
    write_jit_kernels(o.out_dir);
    write_compiled_bodies(o.out_dir);
  } catch (const std::exception& e) {
    std::cerr << "dirty_asm: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) { return run(parse_options(argc, argv)); }
