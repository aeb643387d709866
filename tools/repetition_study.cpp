// repetition_study: the counts behind merom686's (shogi686 hands, 2016) bit tricks and Bonanza's aggressive
// superiority, as one Markdown section. The tests (tests/repetition_test.cpp,
// tests/hand_superiority_test.cpp) check the same tallies; this prints them.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "tools/study/cyclic_walk.h"
#include "tools/study/hand_pairs.h"
#include "tools/study/repetition_cases.h"

namespace sashite {
namespace {

double percent(size_t part, size_t whole) { return whole ? 100.0 * double(part) / double(whole) : 0.0; }

void print_cyclic_walks() {
  const study::CyclicTally t = study::tally_cyclic_walks();
  std::printf(
      "### Cyclic walks\n\n"
      "Population: the repetition test's search-like walks (tools/study/cyclic_walk.h: undo, recapture, check and\n"
      "drop-next-to-the-king moves preferred), %zu starts x %d walks x up to %d plies, every ply checked at\n"
      "horizons 4, 8 and 20 on hand64 under the additive key: %zu checks. The exact answer is board-key\n"
      "equality then hand comparison (by_board_key).\n\n",
      std::size(study::kCyclicStarts), study::kCyclicWalks, study::kCyclicPlies, t.checks);
  std::printf(
      "| outcome | none | draw | win | loss | superior | inferior |\n|---|---:|---:|---:|---:|---:|---:|\n| checks |");
  for (size_t n : t.by_outcome) std::printf(" %zu |", n);
  // A filter can only turn a relation into "none here" (the walk goes on), so it can only
  // differ where the exact answer is superior or inferior.
  const size_t related = t.by_outcome[int(Repetition::Superior)] + t.by_outcome[int(Repetition::Inferior)];
  std::printf(
      "\n\n| method | checks answering differently from exact | of all checks | of the %zu superior/inferior |\n"
      "|---|---:|---:|---:|\n",
      related);
  auto row = [&](const char* name, size_t n) {
    std::printf("| %s | %zu | %.3f%% | %.1f%% |\n", name, n, percent(n, t.checks), percent(n, related));
  };
  row("key difference, mask 0x0303030303030300", t.disagree_exact + t.disagree_inexact);
  row("... plus d & (d - 1) == 0 (single bit)", t.single_bit_differs);
  row("... plus popcount(d) <= 2", t.popcount2_differs);
  std::printf("\n");
  std::printf(
      "The key difference can only be wrong where a same-board ancestor differs by more than 3 in some\n"
      "kind (a bit above the mask's two per field): %zu of %zu checks had such an ancestor in reach.\n"
      "Every filter difference above is a superior or inferior position missed (or answered from an\n"
      "ancestor further back).\n\n",
      t.inexact, t.checks);
}

void print_constructed_cases() {
  struct Case {
    const char* what;
    std::string_view sfen;
    std::string moves;
  };
  const Case cases[] = {
      {"two golds dropped and taken (one field, 0b10)", study::kTwoGolds, std::string(study::kTwoGoldsTaken)},
      {"silver and gold dropped and taken (merom686, shogi686 hands (2016), two fields)", study::kDropAndTake,
       std::string(study::kSilverGoldTaken)},
      {"the same, then a silver drop (White to move, superior)", study::kDropAndTake,
       std::string(study::kSilverGoldTaken) + " S*5b"},
      {"four pawns dropped and taken (one field changes by 4)", study::kFourPawns, std::string(study::kFourPawnsTaken)},
  };
  std::printf(
      "### Constructed cases\n\n"
      "Real move sequences (tools/study/repetition_cases.h), horizon 20, the side to move's answer:\n\n"
      "| case | plies | exact (board key) | key difference | single bit | popcount <= 2 |\n"
      "|---|---:|---|---|---|---|\n");
  for (const Case& c : cases) {
    const study::Outcome o = study::detect(c.sfen, c.moves);
    const size_t plies = size_t(std::count(c.moves.begin(), c.moves.end(), ' ')) + 1;
    std::printf("| %s | %zu | %s | %s | %s | %s |\n", c.what, plies, repetition_name(o.board_key),
                repetition_name(o.key_diff), repetition_name(o.single_bit), repetition_name(o.popcount2));
  }
  std::printf("\n");
}

void print_aggressive() {
  std::printf(
      "### Bonanza's aggressive superiority\n\n"
      "Surplus lances, silvers, golds and rooks count for missing pawns, surplus rooks for missing lances\n"
      "(hand/aggressive.h; a heuristic: a captured substitute hands the opponent a stronger piece).\n"
      "\"faithful\" reproduces Bonanza 4.1.2, which sums the fields in place; \"corrected\" sums counts and\n"
      "equals the substitution rule by search on every pair below. Every ordered pair of each domain:\n\n"
      "| domain | pairs | superior by field | corrected, beyond by field | faithful yes, corrected no |"
      " corrected yes, faithful no |\n|---|---:|---:|---:|---:|---:|\n");
  auto row = [](const char* name, const std::vector<study::Counts>& hands) {
    const study::AggressiveTally t = study::tally_aggressive(hands);
    std::printf("| %s | %zu | %zu | %zu | %zu | %zu |\n", name, t.pairs, t.by_field, t.gained, t.faithful_only,
                t.corrected_only);
    if (t.corrected_not_substitution || t.by_field_not_corrected)
      std::printf("\n**corrected differs from the substitution rule on %zu pairs, misses %zu by-field pairs**\n\n",
                  t.corrected_not_substitution, t.by_field_not_corrected);
  };
  row("boundary: counts 0, 1, max (pawn also 17)", study::boundary_hands());
  row("small counts: 0, 1, 2 of every kind", study::small_count_hands());
  std::printf("\n");
}

// No flags: the populations are fixed, as the tests that check the same tallies.
struct Options {};

Options parse_options(int argc, char**) {
  if (argc != 1) {
    std::fprintf(stderr, "usage: repetition_study (no arguments)\n");
    std::exit(2);
  }
  return {};
}

int run(const Options&) {
  std::printf("## Repetition and hand superiority: where the bit tricks are exact\n\n");
  print_cyclic_walks();
  print_constructed_cases();
  print_aggressive();
  return 0;
}

}  // namespace
}  // namespace sashite

int main(int argc, char** argv) { return sashite::run(sashite::parse_options(argc, argv)); }
