// The search's switches: every technique the search can run with or without, one registry line
// each. The USI options (Search<Name>, usi/usi_engine.cpp), `bench`'s feature rows, the tests
// (a tree per feature switched off) and the match runner (--engine option.Search<Name>=false)
// all read this list, so a technique is measured on and off by one option, in one build, and
// the SPRTs (FINDINGS.md F-search-features) name it the same way.
//
// Defaults are the state each technique's SPRT left it in: a feature that failed its test is
// registered, off, and logged.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "search/search_constants.h"

namespace sashite {

// X(Name, on by default, what it does)
#define SASHITE_FOR_EACH_SEARCH_FEATURE(X)                                                                             \
  X(ReverseFutility, true, "static null move: a non-PV node whose eval beats beta by a depth margin returns")          \
  X(Razoring, true, "a node far below alpha at low depth asks quiescence whether anything recovers")                   \
  X(Futility, true, "move loop: a quiet move that cannot lift eval plus a margin to alpha is skipped")                 \
  X(MoveCountPruning, true, "late quiet moves past a depth-dependent count are skipped (fewer if improving)")          \
  X(SeePruning, true, "captures and quiets that lose material by SEE beyond a depth margin are skipped")               \
  X(SingularExtension, true, "the TT move alone holding the bound is extended; multi-cut; negative extension")         \
  X(Iir, true, "internal iterative reduction: a PV or cut node without a TT move is searched one ply less")            \
  X(ProbCut, true, "a capture that beats beta by a margin in a reduced search cuts the node")                          \
  X(ContinuationHistory, true, "move ordering by the moves 1, 2 and 4 plies back (piece, to) x (piece, to)")           \
  X(CaptureHistory, true, "capture ordering by (piece, to, captured) history on top of the victim's value")            \
  X(CounterMove, true, "the quiet move that refuted the previous move, tried after the killers")                       \
  X(HistoryReductions, true, "late-move reductions by history, cut node, PV and improving")                            \
  X(CaptureReductions, false, "late captures are reduced too, a ply less than quiets (no verdict at 400 pairs: off)")  \
  X(MateInOne, false,                                                                                                  \
    "a one-ply mate test of contact checks at nodes without a TT entry, quiescence's included (failed its SPRT three " \
    "times, main search only)")                                                                                        \
  X(CheckExtension, true, "a check that keeps material (SEE >= 0) is searched a ply deeper")                           \
  X(QuiescenceChecks, true, "quiescence's first ply searches quiet checks besides captures and promotions")            \
  X(RootReductions, false, "late quiet root moves are searched shallower first, as below the root (failed its SPRT)")  \
  X(MateThreat, false,                                                                                                 \
    "a node whose null move is mated keeps its quiet moves: no shallow pruning, a ply less reduction (no verdict at "  \
    "400 pairs: off)")                                                                                                 \
  X(CorrectionHistory, false,                                                                                          \
    "static eval corrected by what searches found it off by, per pawn shape and per castle shape (no verdict at 300 "  \
    "pairs: off)")                                                                                                     \
  X(HistoryPruning, false,                                                                                             \
    "a quiet move with a bad continuation history is skipped; history moves the depth futility and SEE pruning read")  \
  X(NullMoveCutNodesOnly, false,                                                                                       \
    "null move only at cut nodes, where a fail-high is expected; off: at every non-PV node (no verdict at 400 "        \
    "pairs: off)")                                                                                                     \
  X(DoubleExtensionCap, false,                                                                                         \
    "double singular extensions stop once a path holds kMaxDoubleExtensions of them (no verdict at 400 pairs: "        \
    "off)")                                                                                                            \
  X(CheckingTTMoveExtension, false,                                                                                    \
    "a checking TT move keeps its check extension on top of the singular test's verdict (no verdict at 400 pairs: "    \
    "off)")

enum class SearchFeature : uint8_t {
#define SASHITE_FEATURE_ENUM(name, on, what) name,
  SASHITE_FOR_EACH_SEARCH_FEATURE(SASHITE_FEATURE_ENUM)
#undef SASHITE_FEATURE_ENUM
};

struct SearchFeatureInfo {
  SearchFeature feature;
  std::string_view name;
  bool on_by_default;
  std::string_view summary;
};

inline constexpr SearchFeatureInfo kSearchFeatures[] = {
#define SASHITE_FEATURE_INFO(name, on, what) {SearchFeature::name, #name, on, what},
    SASHITE_FOR_EACH_SEARCH_FEATURE(SASHITE_FEATURE_INFO)
#undef SASHITE_FEATURE_INFO
};
// DoubleExtensionCap: the most double singular extensions one path may take (Stockfish's
// per-path cap).
inline constexpr int kMaxDoubleExtensions = 6;
inline constexpr int kSearchFeatureCount = int(std::size(kSearchFeatures));
static_assert(kSearchFeatureCount <= 32);

inline std::optional<SearchFeature> search_feature_by_name(std::string_view name) {
  for (const SearchFeatureInfo& f : kSearchFeatures)
    if (f.name == name) return f.feature;
  return std::nullopt;
}

// What the search runs with: the feature switches, the draw score and the margins.
struct SearchParams {
  // A draw is worth -contempt to the side that was to move at the root and +contempt to the
  // other (centipawns), so neither side steers into a repetition from an even position.
  static constexpr int kDefaultContempt = 20;

  uint32_t features = [] {
    uint32_t bits = 0;
    for (const SearchFeatureInfo& f : kSearchFeatures) bits |= uint32_t(f.on_by_default) << int(f.feature);
    return bits;
  }();
  int contempt = kDefaultContempt;
  SearchConstants constants = kDefaultSearchConstants;  // search/search_constants.h

  bool on(SearchFeature f) const { return features >> int(f) & 1; }
  void set(SearchFeature f, bool on) {
    features = on ? features | uint32_t(1) << int(f) : features & ~(uint32_t(1) << int(f));
  }
  bool operator==(const SearchParams&) const = default;
};

}  // namespace sashite
