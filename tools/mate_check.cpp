// mate_check --sfen SFEN --proof PATH [--length N]: whether the proof file (rules/mate_proof.h;
// `go mate` writes it under the USI option MateProofFile) proves that the side to move of SFEN
// mates, and with --length, mates within N plies against every defence (the length an answer
// claims). Built on the full generator and the rules only, no solver code. Exit 0 and "proof
// ok: ..." when it does; 1 and the first hole (the moves from the root to it and what is wrong;
// for --length, the longest line) when it does not; 2 for bad arguments, an unreadable or
// malformed file, a malformed SFEN, a proof of another position or a root with no king to mate.
#include <chrono>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "engine/usi_text.h"
#include "rules/mate_proof.h"

namespace {

int usage(const char* why) {
  std::fprintf(stderr, "mate_check: %s\nusage: mate_check --sfen SFEN --proof PATH [--length N]\n", why);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string sfen, path;
  bool have_sfen = false, have_path = false;
  std::optional<int> length;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--length" && i + 1 < argc) {
      const std::string_view n = argv[++i];
      length = sashite::usi::parse_int(n, 1, 65535);
      if (!length)
        return usage(("--length takes a number of plies from 1 to 65535, got '" + std::string(n) + "'").c_str());
    } else if ((arg == "--sfen" || arg == "--proof") && i + 1 < argc) {
      (arg == "--sfen" ? sfen : path) = argv[++i];
      (arg == "--sfen" ? have_sfen : have_path) = true;
    } else if (arg == "--help" || arg == "-h") {
      return usage("certifies a mate proof"), 0;
    } else {
      return usage(("unknown or incomplete argument '" + std::string(arg) + "'").c_str());
    }
  }
  if (!have_sfen || !have_path) return usage("both --sfen and --proof are needed");
  if (sfen.starts_with("sfen ")) sfen.erase(0, 5);
  std::string error;
  const auto proof = sashite::read_mate_proof(path, &error);
  if (!proof) {
    std::fprintf(stderr, "mate_check: %s\n", error.c_str());
    return 2;
  }
  const auto t0 = std::chrono::steady_clock::now();
  const sashite::MateProofCheck check = sashite::check_mate_proof(sfen, *proof, length);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%s (%.3f s)\n", check.to_string().c_str(), s);
  return check.ok ? 0 : check.bad_input ? 2 : 1;
}
