// hash_count: instructions per do_move under each hashing scheme, counted by callgrind, so the
// few instructions a scheme adds are not lost in the noise of do_move's cycles (check info and
// bitboards dominate them) or hidden by perft's bulk-counted last ply.
//
//   hash_count <type> <calls>   runs `calls` do_move + undo_move over every legal move of the
//                               benchmark's walk positions (bench/positions.h walk_sample(64, 77),
//                               as bench "hash_do_move"), cycling; <type> as "hand64-additive"
//   hash_count                  runs itself under valgrind --tool=callgrind, collecting only
//                               inside do_move, with N and 2N calls per type, and prints one
//                               Markdown section: (Ir(2N) - Ir(N)) / N, the set-up cancelling.
// Run the second form from a -DSASHITE_PORTABLE=ON build: valgrind cannot decode AVX-512.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "movegen_full/random_walk.h"

namespace sashite {
namespace {

constexpr uint64_t kCalls = 20'000;

template <HandLayout H>
Key do_undo(uint64_t calls) {
  std::vector<std::unique_ptr<PositionLine<BasicPosition<H>>>> positions;
  for (const std::string& sfen : walk_sample(64, 77))
    positions.push_back(std::make_unique<PositionLine<BasicPosition<H>>>(sfen));
  std::vector<std::pair<BasicPosition<H>*, Move>> cases;
  for (const auto& p : positions)
    for (const ExtMove& m : MoveList<GenType::LegalAll, H>(p->pos)) cases.emplace_back(&p->pos, m);
  StateInfo st;
  Key sum = 0;
  for (uint64_t c = 0, i = 0; c < calls; ++c, i = i + 1 == cases.size() ? 0 : i + 1) {
    auto [pos, m] = cases[i];
    pos->do_move(m, st);
    sum += pos->key();
    pos->undo_move(m);
  }
  return sum;
}

// Instructions callgrind counts inside do_move for one run of this program.
std::optional<double> instructions(const std::string& self, const std::string& type, uint64_t calls) {
  const std::string out = std::filesystem::temp_directory_path() / ("hash_count." + std::to_string(getpid()) + ".cg");
  const std::string cmd = "valgrind --tool=callgrind '--callgrind-out-file=" + out +
                          "' '--toggle-collect=*::do_move(*' '" + self + "' " + type + " " + std::to_string(calls) +
                          " >/dev/null 2>&1";
  const int rc = std::system(cmd.c_str());
  std::ifstream in(out);
  std::optional<double> ir;
  for (std::string line; rc == 0 && std::getline(in, line);)
    if (line.rfind("summary:", 0) == 0 || line.rfind("totals:", 0) == 0) {
      ir = std::stod(line.substr(line.find(':') + 1));
      break;
    }
  std::filesystem::remove(out);
  return ir;
}

// Instructions per do_move by hand type name, (Ir(2N) - Ir(N)) / N; a type whose runs failed
// is missing.
std::map<std::string, double> instructions_per_call() {
  const std::string self = std::filesystem::read_symlink("/proc/self/exe");
  std::map<std::string, double> per_call;
  for_each_hand_layout([&]<class H>() {
    const std::string type = layout_and_scheme_name<H>();
    const auto a = instructions(self, type, kCalls), b = instructions(self, type, 2 * kCalls);
    if (a && b) per_call[type] = (*b - *a) / double(kCalls);
  });
  return per_call;
}

#ifdef __AVX512F__
constexpr bool kBuiltForAvx512 = true;
#else
constexpr bool kBuiltForAvx512 = false;
#endif

int report() {
  if (kBuiltForAvx512) {
    std::fprintf(stderr,
                 "hash_count: this build may use AVX-512, which valgrind cannot decode; run it from a "
                 "-DSASHITE_PORTABLE=ON build\n");
    return 2;
  }
  if (std::system("valgrind --version >/dev/null 2>&1") != 0) {
    std::fprintf(stderr, "hash_count: valgrind is not installed\n");
    return 1;
  }
  const std::map<std::string, double> per_call = instructions_per_call();
  std::printf(
      "## Hashing schemes: instructions per do_move\n\n"
      "callgrind, collecting only inside do_move (callees included), on this portable (x86-64-v3) build:\n"
      "`hash_count <type> N` runs N do_move + undo_move over every legal move of the hash_do_move walk\n"
      "positions; instructions per do_move = (Ir(2N) - Ir(N)) / N with N = %llu (the set-up's own moves\n"
      "cancel). Deterministic: the same binary gives the same counts. xor: a side-random XOR per move,\n"
      "two hand-Zobrist loads and XORs per drop or capture; additive: no side random, and every move\n"
      "sets the key's hand part to the new side to move's raw hand (plus the spare bit for White).\n\n"
      "| hand type | instructions / do_move | additive - xor, same layout |\n|---|---:|---:|\n",
      static_cast<unsigned long long>(kCalls));
  for_each_hand_layout([&]<class H>() {
    const std::string type = layout_and_scheme_name<H>();
    if (!per_call.count(type)) {
      std::printf("| %s | callgrind failed | |\n", type.c_str());
      return;
    }
    std::printf("| %s | %.2f |", type.c_str(), per_call.at(type));
    if constexpr (!kPlainLayout<H>) {
      const std::string xor_type = layout_and_scheme_name<typename H::Layout>();
      if (per_call.count(xor_type)) std::printf(" %+.2f", per_call.at(type) - per_call.at(xor_type));
    }
    std::printf(" |\n");
  });
  std::printf("\n");
  return 0;
}

// No arguments: the report; <type> <calls>: one counted run, which the report spawns.
struct Options {
  std::string type;  // a registered hand type's name, empty for the report
  uint64_t calls = 0;
};

[[noreturn]] void usage_error() {
  std::fprintf(stderr, "usage: hash_count [<type> <calls>]\ntypes:");
  for_each_hand_layout([]<class H>() { std::fprintf(stderr, " %s", layout_and_scheme_name<H>().c_str()); });
  std::fprintf(stderr, "\n");
  std::exit(2);
}

Options parse_options(int argc, char** argv) {
  Options o;
  if (argc == 1) return o;
  char* end = nullptr;
  if (argc == 3) o.calls = std::strtoull(argv[2], &end, 10);
  if (argc != 3 || *end || !o.calls) usage_error();
  o.type = argv[1];
  bool known = false;
  for_each_hand_layout([&]<class H>() { known |= layout_and_scheme_name<H>() == o.type; });
  if (!known) {
    std::fprintf(stderr, "hash_count: no hand type %s\n", argv[1]);
    std::exit(2);
  }
  return o;
}

// One counted run: do_move + undo_move `calls` times on the named hand type.
int count(const Options& o) {
  Key sum = 0;
  for_each_hand_layout([&]<class H>() {
    if (layout_and_scheme_name<H>() == o.type) sum = do_undo<H>(o.calls);
  });
  std::printf("%s calls %llu checksum %016llx\n", o.type.c_str(), static_cast<unsigned long long>(o.calls),
              static_cast<unsigned long long>(sum));
  return 0;
}

int run(const Options& o) { return o.type.empty() ? report() : count(o); }

}  // namespace
}  // namespace sashite

int main(int argc, char** argv) { return sashite::run(sashite::parse_options(argc, argv)); }
