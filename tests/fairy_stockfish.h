// fairy-stockfish (Debian package "fairy-stockfish") as an independent perft oracle, and the
// `go perft` text format it and our USI program share: "move: count" lines, "Nodes searched: N".
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <tuple>

#include "movegen_full/usi_move.h"
#include "usi_process.h"

namespace sashite::testing {

inline constexpr std::string_view kFairyStockfishPackage = "fairy-stockfish";

// Root move (USI) -> leaves below it.
using Divide = std::map<std::string, uint64_t>;

struct PerftReport {
  Divide divide;
  uint64_t nodes = 0;  // the "Nodes searched" line
};

// "7g7f: 30" -> {"7g7f", 30}; nullopt for any other line.
inline std::optional<std::pair<std::string, uint64_t>> parse_divide_line(std::string_view line) {
  const size_t colon = line.find(": ");
  if (colon == std::string_view::npos || !is_usi_move_syntax(line.substr(0, colon))) return std::nullopt;
  const std::string_view digits = line.substr(colon + 2);
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
  return std::pair{std::string(line.substr(0, colon)), std::stoull(std::string(digits))};
}

// "Nodes searched: 900" -> 900.
inline std::optional<uint64_t> parse_nodes_line(std::string_view line) {
  constexpr std::string_view kPrefix = "Nodes searched: ";
  if (!line.starts_with(kPrefix)) return std::nullopt;
  const std::string_view digits = line.substr(kPrefix.size());
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
  return std::stoull(std::string(digits));
}

// Board and side fields equal, hands equal as multisets (fairy-stockfish writes hand pieces in
// its own order); the move number is not compared.
inline bool same_sfen_position(std::string_view a, std::string_view b) {
  auto fields = [](std::string_view s) {
    std::istringstream is{std::string(s)};
    std::string board, side, hand;
    is >> board >> side >> hand;
    std::map<char, int> counts;
    for (size_t i = 0; i < hand.size() && hand != "-"; ++i) {
      int n = 0;
      while (i < hand.size() && hand[i] >= '0' && hand[i] <= '9') n = n * 10 + (hand[i++] - '0');
      if (i < hand.size()) counts[hand[i]] += n ? n : 1;
    }
    return std::tuple{board, side, counts};
  };
  return fields(a) == fields(b);
}

// One fairy-stockfish process configured for shogi. It must be installed: the test command
// (scripts/test.sh) installs the package.
class FairyStockfish {
 public:
  // The running oracle, or null with *why when it is missing or fails the handshake.
  static std::unique_ptr<FairyStockfish> start(std::string* why) {
    const auto path = find_program("fairy-stockfish", "/usr/games/fairy-stockfish");
    if (!path) {
      *why = "fairy-stockfish is not installed (neither on PATH nor /usr/games): install the Debian package '" +
             std::string(kFairyStockfishPackage) + "' (scripts/test.sh does)";
      return nullptr;
    }
    std::unique_ptr<FairyStockfish> fs;
    try {
      fs.reset(new FairyStockfish(*path));
    } catch (const std::exception& e) {
      *why = e.what();
      return nullptr;
    }
    UsiProcess& p = fs->proc_;
    const bool ok = p.send("usi") && p.read_until([](const std::string& l) { return l == "usiok"; }) &&
                    p.send("setoption name UCI_Variant value shogi") && p.send("isready") &&
                    p.read_until([](const std::string& l) { return l == "readyok"; });
    if (!ok) {
      *why = "fairy-stockfish handshake failed: " + p.error();
      return nullptr;
    }
    return fs;
  }

  // `go perft depth` from `sfen`, after checking that fairy-stockfish read the same position
  // (its `d` command echoes an SFEN). nullopt with error() on any failure.
  std::optional<PerftReport> perft(std::string_view sfen, int depth) {
    if (!proc_.send("position sfen " + std::string(sfen)) || !proc_.send("d")) return fail(proc_.error());
    const auto shown = proc_.read_until([](const std::string& l) { return l.starts_with("Checkers:"); });
    if (!shown) return fail(proc_.error());
    std::string echoed;
    for (const std::string& l : *shown)
      if (l.starts_with("Sfen: ")) echoed = l.substr(6);
    if (!same_sfen_position(sfen, echoed))
      return fail("fairy-stockfish read '" + std::string(sfen) + "' as '" + echoed + "'");

    if (!proc_.send("go perft " + std::to_string(depth))) return fail(proc_.error());
    const auto lines = proc_.read_until([](const std::string& l) { return l.starts_with("Nodes searched:"); });
    if (!lines) return fail(proc_.error());
    PerftReport report;
    for (const std::string& l : *lines) {
      if (l.empty()) continue;
      if (auto entry = parse_divide_line(l)) {
        if (!report.divide.insert(*entry).second) return fail("fairy-stockfish printed " + entry->first + " twice");
      } else if (auto nodes = parse_nodes_line(l)) {
        report.nodes = *nodes;
      } else {
        return fail("unexpected fairy-stockfish line '" + l + "'");
      }
    }
    return report;
  }

  const std::string& error() const { return error_; }

 private:
  explicit FairyStockfish(const std::string& path) : proc_({path}) {}

  std::nullopt_t fail(std::string why) {
    error_ = std::move(why);
    return std::nullopt;
  }

  UsiProcess proc_;
  std::string error_;
};

}  // namespace sashite::testing
