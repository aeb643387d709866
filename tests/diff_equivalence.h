// The differential generator (movegen_diff, LS3600, differential generation (2009)) against the full one: perft divide
// through both, and both driven in step over seeded random walks with undo runs, comparing at
// every node the SFEN and key, its own consistency check (attack store and every cached list
// against a recomputation), the move sets of every generation category, and the dirty masks
// against a brute-force recomputation from the board. Only the cached category out of check
// runs differential code; the others are the full generator's, compared for completeness.
#pragma once

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "dbb/kernels.h"
#include "engine/notation.h"
#include "movegen_diff/diff_position.h"
#include "movegen_full/perft.h"
#include "movegen_full/random_walk.h"
#include "tests/hand_types.h"

namespace sashite::testing {

using DirtyKernelTypes = AsGTestTypes<dbb::RegisteredDirtyKernels>::type;

// "padded32_xor", "hand64_additive": a layout can be registered under both key schemes. No '-':
// in a --gtest_filter it starts the negative patterns, so ctest would select no test by that name.
struct HandLayoutName {
  template <class H>
  static std::string GetName(int) {
    std::string name = layout_and_scheme_name<H>();
    std::replace(name.begin(), name.end(), '-', '_');
    return name;
  }
};
// A seed from a registered hand type's test name (FNV-1a), so that each type walks its own lines.
template <class H>
uint64_t name_seed() {
  uint64_t h = 0xcbf29ce484222325;
  for (char ch : HandLayoutName::GetName<H>(0)) h = (h ^ uint8_t(ch)) * 0x100000001b3;
  return h;
}
struct DirtyKernelName {
  template <class K>
  static std::string GetName(int) {
    return K::kName;
  }
};

constexpr GenType kAllGenTypes[] = {GenType::Captures,  GenType::Quiets,     GenType::Drops,  GenType::Evasions,
                                    GenType::Legal,     GenType::LegalAll,   GenType::Checks, GenType::QuietChecks,
                                    GenType::ChecksAll, GenType::EvasionsAll};

inline const char* gen_type_name(GenType t) {
  switch (t) {
    case GenType::Captures: return "Captures";
    case GenType::Quiets: return "Quiets";
    case GenType::Drops: return "Drops";
    case GenType::Evasions: return "Evasions";
    case GenType::Legal: return "Legal";
    case GenType::LegalAll: return "LegalAll";
    case GenType::Checks: return "Checks";
    case GenType::QuietChecks: return "QuietChecks";
    case GenType::ChecksAll: return "ChecksAll";
    case GenType::EvasionsAll: return "EvasionsAll";
  }
  return "?";
}

// Per root move counts, as a map: the two generators may order moves differently.
template <class Pos>
std::map<Move, uint64_t> divide_map(Pos& pos, int depth) {
  std::map<Move, uint64_t> out;
  for (const auto& [m, n] : perft_divide(pos, depth)) out[m] += n;  // a duplicate root move shows as 2n
  return out;
}

// Perft through DiffPosition<H> (LegalAll cache) at depths 1..depth: the published values,
// and at `depth` the full generator's count for every root move.
template <HandLayout H>
void expect_perft_equivalence(const ReferencePosition& ref, int depth) {
  SCOPED_TRACE(std::string(ref.name) + " depth " + std::to_string(depth));
  BasicPosition<H> full;
  StateInfo full_st;
  ASSERT_FALSE(full.set(ref.sfen, &full_st));
  DiffPosition<H> diff;
  typename DiffPosition<H>::State diff_st;
  ASSERT_FALSE(diff.set(ref.sfen, &diff_st));
  for (int d = 1; d < depth; ++d)
    if (ref.perft[d]) {
      EXPECT_EQ(perft(diff, d), ref.perft[d]) << "depth " << d;
    }
  const auto got = divide_map(diff, depth), want = divide_map(full, depth);
  uint64_t total = 0;
  for (const auto& [m, n] : got) total += n;
  if (ref.perft[depth]) {
    EXPECT_EQ(total, ref.perft[depth]);
  }
  for (const auto& [m, n] : want) EXPECT_EQ(got.count(m) ? got.at(m) : 0, n) << "after " << to_usi(m);
  for (const auto& [m, n] : got) EXPECT_TRUE(want.count(m)) << "extra root move " << to_usi(m);
  EXPECT_EQ(diff.consistency_error(), "");
  EXPECT_EQ(diff.sfen(), full.sfen());
}

// The moves generate<T> writes, sorted: two generators agree when these are equal (a move
// generated twice shows up as a difference too). A MAX_MOVES buffer, as every caller has: the
// differential generator's block copies past the end must fit in it.
template <GenType T, class Pos>
std::vector<Move> sorted_moves(Pos& pos) {
  ExtMove buf[MAX_MOVES];
  const ExtMove* end = generate<T>(pos, buf);
  std::vector<Move> v;
  v.reserve(size_t(end - buf));
  for (const ExtMove* m = buf; m != end; ++m) v.push_back(m->move);
  std::sort(v.begin(), v.end());
  return v;
}

inline std::string describe_difference(const std::vector<Move>& want, const std::vector<Move>& got) {
  std::vector<Move> missing, extra;
  std::set_difference(want.begin(), want.end(), got.begin(), got.end(), std::back_inserter(missing));
  std::set_difference(got.begin(), got.end(), want.begin(), want.end(), std::back_inserter(extra));
  std::ostringstream os;
  os << want.size() << " moves expected, " << got.size() << " generated; missing:";
  for (Move m : missing) os << ' ' << to_usi(m);
  os << "; extra:";
  for (Move m : extra) os << ' ' << to_usi(m);
  return os.str();
}

// The ids whose attack set, recomputed with attacks_bb on the board for the square the
// differential position maps the id to, contains `from` or `to`; kings excluded (their moves
// are never cached). The oracle of dirty_mask() and of the dirty set do_move records.
template <class DiffPos>
uint64_t brute_force_dirty(const DiffPos& dp, Square from, Square to) {
  const auto& pos = dp.base();
  uint64_t mask = 0;
  for (int id = 0; id < diff::kIds; ++id) {
    const Square s = dp.id_square(id);
    if (s == SQ_NONE) continue;
    const Piece pc = pos.piece_on(s);
    const Bitboard a = attacks_bb(color_of(pc), type_of(pc), s, pos.pieces());
    if (a.test(from) || a.test(to)) mask |= 1ULL << id;
  }
  return mask & ~diff::kKingIds;
}

inline Square dirty_from(Move m) { return is_drop(m) ? to_sq(m) : from_sq(m); }

// What a walk visited; minimum counts prove that it exercised every kind of move.
struct WalkCounts {
  uint64_t nodes = 0;            // positions checked, after do_move and after undo_move
  uint64_t forward_nodes = 0;    // of which reached by do_move
  uint64_t cached_compares = 0;  // move sets served from cached lists (the differential path)
  uint64_t max_arena = 0;        // the deepest list arena use, in moves
  uint64_t check_nodes = 0;      // of which the side to move was in check
  uint64_t pinned_nodes = 0;     // or had a pinned piece (emitted afresh, not from its list)
  uint64_t evasions = 0;         // moves played out of check
  uint64_t checks = 0;           // moves played that give check
  uint64_t slider_captures = 0;  // captures of a lance, bishop, rook, horse or dragon
  uint64_t promotions = 0;
  uint64_t drops = 0;
  uint64_t undos = 0;            // undo_move calls
  uint64_t multi_ply_syncs = 0;  // lazy twin: generations that synced several moves at once
  uint64_t undo_runs = 0;        // runs of consecutive undos followed by forward play
  uint64_t max_undo_run = 0;

  WalkCounts& operator+=(const WalkCounts& o) {
    nodes += o.nodes, check_nodes += o.check_nodes, pinned_nodes += o.pinned_nodes;
    forward_nodes += o.forward_nodes, cached_compares += o.cached_compares;
    max_arena = std::max(max_arena, o.max_arena);
    evasions += o.evasions, checks += o.checks, slider_captures += o.slider_captures;
    promotions += o.promotions, drops += o.drops, multi_ply_syncs += o.multi_ply_syncs;
    undos += o.undos, undo_runs += o.undo_runs, max_undo_run = std::max(max_undo_run, o.max_undo_run);
    return *this;
  }
};

inline std::ostream& operator<<(std::ostream& os, const WalkCounts& c) {
  return os << c.nodes << " nodes (" << c.forward_nodes << " forward, " << c.check_nodes << " in check, "
            << c.pinned_nodes << " with a pin; " << c.cached_compares << " move sets from cached lists, arena peak "
            << c.max_arena << " moves), played " << c.evasions << " evasions, " << c.checks << " checks, "
            << c.slider_captures << " slider captures, " << c.promotions << " promotions, " << c.drops << " drops, "
            << c.multi_ply_syncs << " multi-ply syncs; " << c.undos << " undos in " << c.undo_runs << " runs (longest "
            << c.max_undo_run << ")";
}

// One full Position and three differential ones played in step:
//   eager  caches LegalAll and is asked for every category at every node;
//   legal  caches Legal (what a search generator would cache), asked the same;
//   lazy   caches LegalAll but generates at about half of the nodes only, so that dirty
//          pieces pile up over several plies before a generation, as under a search that
//          cuts off before generating.
// Kernel: the dirty-flag kernel all three use in do_move.
template <HandLayout H, dbb::DirtyKernel Kernel = DefaultDirtyKernel>
class DiffTwins {
 public:
  using Full = BasicPosition<H>;
  using Eager = DiffPosition<H, GenType::LegalAll, Kernel>;
  using Legal = DiffPosition<H, GenType::Legal, Kernel>;

  // Throws std::runtime_error on a bad SFEN.
  DiffTwins(std::string_view sfen, uint64_t seed)
      : rng_(seed), full_game_(sfen), eager_game_(sfen), legal_game_(sfen), lazy_game_(sfen) {}

  const Full& full() const { return full_; }
  int depth() const { return int(full_game_.moves.size()); }

  // Everything that must agree at this node, or a description of the first disagreement.
  // Generates through the differential positions (the lazy one at random), which refreshes
  // their cached lists; counts in `c` the comparisons that ran differential code.
  std::string node_error(WalkCounts& c) {
    if (std::string e = eager_.consistency_error(); !e.empty()) return "eager consistency: " + e;
    if (std::string e = legal_.consistency_error(); !e.empty()) return "legal consistency: " + e;
    if (std::string e = lazy_.consistency_error(); !e.empty()) return "lazy consistency: " + e;
    const std::string sfen = full_.sfen();
    if (eager_.sfen() != sfen || legal_.sfen() != sfen || lazy_.sfen() != sfen)
      return "SFEN differs: eager " + eager_.sfen() + ", legal " + legal_.sfen() + ", lazy " + lazy_.sfen();
    if (eager_.key() != full_.key() || legal_.key() != full_.key() || lazy_.key() != full_.key()) return "key differs";
    // The cached category first, so that the fallbacks run on the refreshed position too.
    const uint64_t cached = full_.in_check() ? 0 : 1;
    if (std::string e = same_moves<GenType::LegalAll>("eager", eager_); !e.empty()) return e;
    if (std::string e = same_moves<GenType::Legal>("legal", legal_); !e.empty()) return e;
    c.cached_compares += 2 * cached;
    for (GenType t : kAllGenTypes) {
      if (t != GenType::LegalAll)
        if (std::string e = same_moves_rt("eager", eager_, t); !e.empty()) return e;
      if (t != GenType::Legal)
        if (std::string e = same_moves_rt("legal", legal_, t); !e.empty()) return e;
    }
    // The lazy twin generates at half of the nodes: its cached set, or a category it serves
    // from its kept attack sets. Moves made since its last generation are synced at once.
    const bool pending_span = lazy_.state()->previous && !lazy_.state()->previous->synced;
    switch (rng_.below(4)) {
      case 0:
        if (std::string e = same_moves<GenType::LegalAll>("lazy", lazy_); !e.empty()) return e;
        c.cached_compares += cached;
        c.multi_ply_syncs += pending_span && !full_.in_check();
        break;
      case 1:
        if (std::string e = same_moves<GenType::Captures>("lazy", lazy_); !e.empty()) return e;
        c.multi_ply_syncs += pending_span;
        break;
      default: break;
    }
    c.max_arena = std::max<uint64_t>({c.max_arena, eager_.arena_top(), legal_.arena_top(), lazy_.arena_top()});
    return {};
  }

  // The dirty masks for `m` (legal here) against the brute force: dirty_mask() of each
  // differential position, and every kernel this CPU runs on the eager one's attack store.
  std::string dirty_error(Move m) const {
    const Square from = dirty_from(m), to = to_sq(m);
    std::string err;
    auto expect = [&](std::string_view what, uint64_t got, uint64_t want) {
      if (err.empty() && got != want) err = mask_error(what, m, got, want);
    };
    const uint64_t want = brute_force_dirty(eager_, from, to);
    expect("eager dirty_mask", eager_.dirty_mask(m), want);
    expect("legal dirty_mask", legal_.dirty_mask(m), brute_force_dirty(legal_, from, to));
    // dirty_mask() reads the store: the lazy twin's only where it generated (synced).
    if (lazy_.state()->synced) expect("lazy dirty_mask", lazy_.dirty_mask(m), brute_force_dirty(lazy_, from, to));
    if (err.empty() && (!eager_.state()->synced || !legal_.state()->synced))
      err = "a twin that generated every category is not synced";
    dbb::for_each_dirty_kernel([&]<class K>() {
      if (K::available()) expect(K::kName, dbb::dirty40<K>(eager_.piece_attacks(), from, to) & ~diff::kKingIds, want);
    });
    return err;
  }

  // Plays `m` on all four; returns what is wrong with the dirty sets do_move recorded: the
  // brute force before the move plus the moved piece (its list moved with it), minus kings.
  std::string play(Move m) {
    std::string err = play_diff(m, "eager", eager_game_);
    if (std::string e = play_diff(m, "legal", legal_game_); err.empty()) err = e;
    if (std::string e = play_diff(m, "lazy", lazy_game_); err.empty()) err = e;
    full_game_.play(m);
    return err;
  }

  void undo() {
    full_game_.undo();
    eager_game_.undo();
    legal_game_.undo();
    lazy_game_.undo();
  }

  // The moves from the walk's start, in USI, for failure messages.
  std::string line() const {
    std::string s;
    for (Move m : full_game_.moves) s += to_usi(m) + " ";
    return s;
  }

 private:
  template <GenType T, class DiffPos>
  std::string same_moves(std::string_view which, DiffPos& dp) {
    const std::vector<Move> want = sorted_moves<T>(full_), got = sorted_moves<T>(dp);
    if (got == want) return {};
    return std::string(which) + " " + gen_type_name(T) + ": " + describe_difference(want, got);
  }

  template <class DiffPos>
  std::string same_moves_rt(std::string_view which, DiffPos& dp, GenType t) {
    switch (t) {
      case GenType::Captures: return same_moves<GenType::Captures>(which, dp);
      case GenType::Quiets: return same_moves<GenType::Quiets>(which, dp);
      case GenType::Drops: return same_moves<GenType::Drops>(which, dp);
      case GenType::Evasions: return same_moves<GenType::Evasions>(which, dp);
      case GenType::Legal: return same_moves<GenType::Legal>(which, dp);
      case GenType::LegalAll: return same_moves<GenType::LegalAll>(which, dp);
      case GenType::Checks: return same_moves<GenType::Checks>(which, dp);
      case GenType::QuietChecks: return same_moves<GenType::QuietChecks>(which, dp);
      case GenType::ChecksAll: return same_moves<GenType::ChecksAll>(which, dp);
      case GenType::EvasionsAll: return same_moves<GenType::EvasionsAll>(which, dp);
    }
    return "unknown GenType";
  }

  template <class DiffPos>
  static std::string play_diff(Move m, std::string_view which, PositionLine<DiffPos>& g) {
    const uint64_t brute = brute_force_dirty(g.pos, dirty_from(m), to_sq(m));
    g.play(m);
    // Several moves pending (the lazy twin did not generate at the parent): their union is
    // checked by consistency_error, which compares the store sync() would leave.
    if (!g.pos.state()->previous->synced) return {};
    const uint64_t want = (brute | 1ULL << g.pos.id_on(to_sq(m))) & ~diff::kKingIds, got = g.pos.pending().dirty;
    return got == want ? std::string() : mask_error(std::string(which) + " state()->dirty", m, got, want);
  }

  static std::string mask_error(std::string_view what, Move m, uint64_t got, uint64_t want) {
    std::ostringstream os;
    os << what << " for " << to_usi(m) << ": 0x" << std::hex << got << ", brute force 0x" << want;
    return os.str();
  }

  Rng rng_;
  PositionLine<Full> full_game_;  // its moves are the line from the start
  PositionLine<Eager> eager_game_;
  PositionLine<Legal> legal_game_;
  PositionLine<Eager> lazy_game_;
  Full& full_ = full_game_.pos;
  Eager& eager_ = eager_game_.pos;
  Legal& legal_ = legal_game_.pos;
  Eager& lazy_ = lazy_game_.pos;
};

// Where the walks start: reference positions (movegen_full/reference.h) with few pieces in hand, many, the drop-heavy
// one, the one with 593 moves, and a mate-problem setting with no Black king (allowed by SFEN,
// README Conventions: no king means no pins and no king moves for that side).
struct WalkStart {
  std::string_view name, sfen;
};
consteval std::string_view reference_sfen(std::string_view name) {
  for (const ReferencePosition& r : kReferencePositions)
    if (r.name == name) return r.sfen;
  throw "no such reference position";  // in a constant expression: a compile error
}
inline constexpr WalkStart kWalkStarts[] = {
    {"start", reference_sfen("start")},
    {"matsuri", reference_sfen("matsuri")},
    {"max_moves", reference_sfen("max_moves")},
    {"middlegame_b91", reference_sfen("middlegame_b91")},
    {"middlegame_w124", reference_sfen("middlegame_w124")},
    {"drops", reference_sfen("drops")},
    {"no_black_king", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG1GSNL b - 1"},
};

// A random walk of `nodes` checked positions from `sfen`: random legal moves, interrupted at
// random (and at a mate or the depth cap) by a run of 1-6 undos, each followed by forward play
// again, so that cached lists restored by undo_move are generated from. At the depth cap the
// walk unwinds all the way to its start. Stops at the first failure (gtest assertion).
template <HandLayout H, dbb::DirtyKernel Kernel = DefaultDirtyKernel>
WalkCounts diff_walk(std::string_view sfen, uint64_t seed, uint64_t nodes) {
  constexpr int kMaxDepth = 200;  // the differential arena holds MAX_PLY plies
  WalkCounts c;
  Rng rng(seed);
  DiffTwins<H, Kernel> w(sfen, seed ^ 0x5eed);
  auto check = [&]() {
    ++c.nodes;
    c.check_nodes += w.full().in_check();
    c.pinned_nodes += bool(w.full().pinned());
    const std::string e = w.node_error(c);
    if (!e.empty()) ADD_FAILURE() << e << "\n at " << w.full().sfen() << "\n line: " << w.line();
    return e.empty();
  };
  if (!check()) return c;
  while (c.nodes < nodes) {
    const MoveList<GenType::LegalAll, H> legal(w.full());
    int undo = 0;
    if (!legal.size() || w.depth() >= kMaxDepth)
      undo = w.depth() >= kMaxDepth ? kMaxDepth : 1 + int(rng.below(6));
    else if (w.depth() > 0 && rng.below(8) == 0)
      undo = 1 + int(rng.below(6));
    if (undo) {
      undo = std::min(undo, w.depth());
      if (!undo) break;  // no move at the start itself
      for (int i = 0; i < undo; ++i) {
        w.undo();
        ++c.undos;
        if (!check()) return c;
      }
      ++c.undo_runs;
      c.max_undo_run = std::max(c.max_undo_run, uint64_t(undo));
      continue;
    }
    const Move m = legal.begin()[rng.below(legal.size())].move;
    if (std::string e = w.dirty_error(m); !e.empty()) {
      ADD_FAILURE() << e << "\n at " << w.full().sfen() << "\n line: " << w.line();
      return c;
    }
    const PieceType captured = is_drop(m) ? NO_PIECE_TYPE : type_of(w.full().piece_on(to_sq(m)));
    const bool slider =
        captured == LANCE || captured == BISHOP || captured == ROOK || captured == HORSE || captured == DRAGON;
    c.evasions += w.full().in_check();
    c.checks += w.full().gives_check(m);
    c.slider_captures += slider;
    c.promotions += is_promotion(m);
    c.drops += is_drop(m);
    if (std::string e = w.play(m); !e.empty()) {
      ADD_FAILURE() << e << "\n at " << w.full().sfen() << "\n line: " << w.line();
      return c;
    }
    ++c.forward_nodes;
    if (!check()) return c;
  }
  return c;
}

}  // namespace sashite::testing
