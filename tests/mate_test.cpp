// The mate solvers (mate/): the tsume sets of tests/data/ solved to their exact lengths
// by every registered solver over every registered table layout, each reported mate replayed
// by the full generator, the pawn-drop-mate, futile-interposition and repetition rules, the
// table's superiority rules, and `go mate` through the USI program with each solver (against
// gpsusi's answers when it is installed).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "movegen_full/movegen.h"
#include "mate_combos.h"
#include "mate/leaf.h"
#include "movegen_full/mate_in_one/bitboard.h"
#include "mate/problem_set.h"
#include "movegen_full/random_walk.h"
#include "movegen_full/usi_move.h"
#include "usi_process.h"

namespace sashite::mate {
namespace {

using Problem = MateProblem;

std::vector<Problem> load_set(const char* file = "tsume.txt") {
  auto set = load_mate_problems(std::string(SASHITE_SOURCE_DIR) + "/tests/data/" + file);
  EXPECT_TRUE(set) << file;
  return set.value_or(std::vector<Problem>{});
}

template <class C>
MateResult solve(const std::string& sfen, int max_depth, std::vector<Move>* line = nullptr) {
  Position pos;
  StateInfo si;
  EXPECT_EQ(pos.set(sfen, &si), std::nullopt) << sfen;
  typename C::Table table;
  table.resize(16);
  typename C::Solver solver(table);
  MateLimits limits;
  limits.max_depth = max_depth;
  const std::string before = pos.sfen();
  MateResult r = solver.solve(pos, limits);
  EXPECT_EQ(pos.sfen(), before) << "the solver restores the position";
  if (r.status == MateStatus::Mate) {
    EXPECT_EQ(check_mate_line(pos, r.moves), "") << sfen;
  }
  if (line) *line = r.moves;
  return r;
}

template <class C>
class MateSolve : public ::testing::Test {};
TYPED_TEST_SUITE(MateSolve, sashite::testing::MateCombos, sashite::testing::MateComboNames);

template <class C>
void solves_to_exact_lengths(const std::vector<Problem>& set) {
  for (const Problem& p : set) {
    const MateResult r = solve<C>(p.sfen, p.mate() ? kMaxMateDepth : p.length());
    if (p.mate()) {
      EXPECT_EQ(r.status, MateStatus::Mate) << p.sfen;
      EXPECT_EQ(int(r.moves.size()), p.length()) << p.sfen;
    } else {
      EXPECT_EQ(r.status, MateStatus::NoMate) << p.sfen;
      EXPECT_GE(r.depth, p.length()) << p.sfen;
    }
  }
}

TYPED_TEST(MateSolve, SolvesTheSetToItsExactLengths) {
  const std::vector<Problem> set = load_set();
  ASSERT_GE(set.size(), 5u);
  solves_to_exact_lengths<TypeParam>(set);
}

// Our own set from the ends of real games (tools/mate_generate.cpp), where both solvers and
// gpsusi agreed when it was made: 30 mates of 1 to 13 plies and 30 "no mate within 13".
TYPED_TEST(MateSolve, SolvesTheGeneratedSetToItsExactLengths) {
  const std::vector<Problem> set = load_set("tsume_generated.txt");
  ASSERT_EQ(set.size(), 60u);
  solves_to_exact_lengths<TypeParam>(set);
}

// G*1b mates (the silver on 2c guards 1b, the king's own lance and pawn block 2a and 2b); P*1b
// would be the same mate and is therefore illegal (uchifuzume): with a pawn in hand there is no
// mate in 1.
TYPED_TEST(MateSolve, PawnDropMateIsNoMate) {
  std::vector<Move> line;
  EXPECT_EQ(solve<TypeParam>("7lk/7p1/7S1/9/9/9/9/9/9 b G 1", 1, &line).status, MateStatus::Mate);
  ASSERT_EQ(line.size(), 1u);
  EXPECT_EQ(to_usi(line[0]), "G*1b");
  EXPECT_EQ(solve<TypeParam>("7lk/7p1/7S1/9/9/9/9/9/9 b P 1", 1).status, MateStatus::NoMate);
}

// No futile-interposition rule: a rook drop on 1c-1i mates in 1 when the defender holds
// nothing; with a silver in hand the drop between is a defence, so there is no mate in 1. The
// set holds composed problems that are one move pair longer for the same reason.
TYPED_TEST(MateSolve, EveryInterpositionIsADefence) {
  std::vector<Move> line;
  EXPECT_EQ(solve<TypeParam>("7lk/7p1/9/9/9/9/9/9/9 b R 1", 1, &line).status, MateStatus::Mate);
  ASSERT_EQ(line.size(), 1u);
  EXPECT_EQ(solve<TypeParam>("7lk/7p1/9/9/9/9/9/9/9 b Rs 1", 1).status, MateStatus::NoMate);
}

// No enemy king: nothing to mate, at once.
TYPED_TEST(MateSolve, NoMateWithoutAKingToMate) {
  EXPECT_EQ(solve<TypeParam>("9/9/9/9/9/9/9/9/4K4 b G 1", kMaxMateDepth).status, MateStatus::NoMate);
}

// The depth-keyed tables of the AND-OR and the depth-limited df-pn.
template <class T>
class MateRecords : public ::testing::Test {};
using DepthTables = sashite::testing::AsGTestTypes<RegisteredMateTables>::type;
struct TableNames {
  template <class T>
  static std::string GetName(int) {
    std::string n = T::name;
    std::replace(n.begin(), n.end(), '-', '_');
    return n;
  }
};
TYPED_TEST_SUITE(MateRecords, DepthTables, TableNames);

// Superiority: a proof with hand H answers for more, a disproof for less, within the depths.
TYPED_TEST(MateRecords, RecordsAnswerByHandSuperiority) {
  TypeParam t;
  t.resize(1);
  DefaultHand g, gg, s;
  g.add(GOLD);
  gg.add(GOLD), gg.add(GOLD);
  s.add(SILVER);
  MateRecord proof;
  proof.board = 42, proof.hand = g.raw(), proof.length = 5;
  t.store(proof);
  EXPECT_EQ(t.probe(42, gg.raw(), 5).state, MateState::Proven);
  EXPECT_EQ(t.probe(42, gg.raw(), 3).state, MateState::Unknown) << "longer than the budget";
  EXPECT_EQ(t.probe(42, s.raw(), 5).state, MateState::Unknown);
  EXPECT_EQ(t.probe(43, g.raw(), 5).state, MateState::Unknown);
  MateRecord disproof;
  disproof.board = 42, disproof.hand = s.raw(), disproof.depth = 7;
  t.store(disproof);
  EXPECT_EQ(t.probe(42, DefaultHand{}.raw(), 7).state, MateState::Disproven);
  EXPECT_EQ(t.probe(42, DefaultHand{}.raw(), 9).state, MateState::Unknown) << "deeper than the disproof";
  EXPECT_EQ(t.probe(42, s.raw(), 3).state, MateState::Disproven);
  EXPECT_EQ(t.probe(42, g.raw(), 7).state, MateState::Proven) << "the gold record still answers";
  const MateTableStats st = t.stats();
  EXPECT_EQ(st.records, 2u);
  EXPECT_EQ(st.proven, 1u);
  EXPECT_EQ(st.disproven, 1u);
  EXPECT_EQ(st.longest_chain, 2u);
}

// One record holds a proof, a disproof and df-pn's numbers together: a mate in 11 and "no mate
// within 9" are both true; a shorter proof and a deeper disproof replace the stored ones, a
// longer or shallower one does not; the numbers answer only at their own depth and hand.
TYPED_TEST(MateRecords, OneRecordKeepsProofDisproofAndNumbers) {
  TypeParam t;
  t.resize(1);
  DefaultHand g;
  g.add(GOLD);
  MateRecord r;
  r.board = 7, r.hand = g.raw();
  auto with = [&](auto set) {
    MateRecord x = r;
    set(x);
    t.store(x);
  };
  with([](MateRecord& x) { x.length = 11, x.move = make_move_drop(GOLD, SQ_ZERO); });
  with([](MateRecord& x) { x.depth = 9; });
  with([](MateRecord& x) { x.pn = 5, x.dn = 3, x.pn_depth = 7; });
  with([](MateRecord& x) { x.length = 13; });  // longer: ignored
  with([](MateRecord& x) { x.depth = 5; });    // shallower: ignored
  EXPECT_EQ(t.probe(7, g.raw(), 9).state, MateState::Disproven);
  EXPECT_EQ(t.probe(7, g.raw(), 9).depth, 9);
  EXPECT_EQ(t.probe(7, g.raw(), 11).state, MateState::Proven);
  EXPECT_EQ(t.probe(7, g.raw(), 11).length, 11);
  EXPECT_EQ(t.probe(7, g.raw(), 11).move, make_move_drop(GOLD, SQ_ZERO));
  const MateProbe numbers = t.probe(7, g.raw(), 10);  // neither applies: no numbers at 10
  EXPECT_EQ(numbers.state, MateState::Unknown);
  EXPECT_EQ(numbers.pn, 0u);
  t.store([&] {
    MateRecord x = r;
    x.pn = 5, x.dn = 3, x.pn_depth = 10;
    return x;
  }());
  EXPECT_EQ(t.probe(7, g.raw(), 10).pn, 5u);
  EXPECT_EQ(t.probe(7, g.raw(), 10).dn, 3u);
  EXPECT_EQ(t.probe(7, DefaultHand{}.raw(), 10).pn, 0u) << "numbers are for the exact hand";
  with([](MateRecord& x) { x.length = 9; });  // shorter: replaces
  EXPECT_EQ(t.probe(7, g.raw(), 9).state, MateState::Proven);
  EXPECT_EQ(t.stats().records, 1u);
}

// How mate_report grades an answer: a mate answer does not solve a "nomate N" problem (it once
// counted as solved there), and a mate within N contradicts one.
TEST(MateProblem, GradesAnswersByWhatTheProblemExpects) {
  const Problem mate9{"", "mate 9", ""}, nomate7{"", "nomate 7", ""}, open{"", "", ""};
  EXPECT_TRUE(mate9.solved_by("mate 9"));
  EXPECT_TRUE(mate9.solved_by("mate 13 within 15"));  // a first proof need not be the shortest
  EXPECT_FALSE(mate9.solved_by("nomate"));
  EXPECT_FALSE(mate9.solved_by("timeout"));
  EXPECT_FALSE(nomate7.solved_by("mate 5"));
  EXPECT_FALSE(nomate7.solved_by("mate 9"));
  EXPECT_TRUE(nomate7.solved_by("nomate 7"));
  EXPECT_TRUE(nomate7.solved_by("nomate"));
  EXPECT_TRUE(open.solved_by("mate 3"));
  EXPECT_TRUE(open.solved_by("nomate"));
  EXPECT_FALSE(open.solved_by("timeout"));

  EXPECT_TRUE(mate9.contradicted_by("mate 11", true));
  EXPECT_FALSE(mate9.contradicted_by("mate 11", false));  // not claimed shortest
  EXPECT_TRUE(mate9.contradicted_by("nomate", false));
  EXPECT_FALSE(mate9.contradicted_by("timeout", false));
  EXPECT_TRUE(nomate7.contradicted_by("mate 5", true));
  EXPECT_FALSE(nomate7.contradicted_by("mate 9", true));  // no mate within 7 is still true
  EXPECT_FALSE(open.contradicted_by("mate 5", true));
}

// The tables' memory (base/large_memory.h): zeroed (the table's "never written"), 2 MB aligned,
// and moved without a copy.
TEST(LargeArray, ComesZeroedAndAligned) {
  LargeArray<uint64_t> a(3 << 18);
  ASSERT_NE(a.get(), nullptr);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(a.get()) % kHugePage, 0u);
  EXPECT_TRUE(std::all_of(a.get(), a.get() + a.size(), [](uint64_t x) { return x == 0; }));
  a[a.size() - 1] = 7;
  LargeArray<uint64_t> b = std::move(a);
  EXPECT_EQ(a.get(), nullptr);
  EXPECT_EQ(b[b.size() - 1], 7u);
}

// The unbounded df-pn's table: a proof answers for more pieces in hand and every wider bound,
// a disproof for fewer and every narrower bound, numbers only for their own hand and bound; a
// new generation empties it; a search's result replaces its numbers.
TEST(PnDnTable, EntriesAnswerByHandAndBound) {
  PnDnTable<DefaultHand> t;
  t.resize(1);
  DefaultHand g, gg, s;
  g.add(GOLD);
  gg.add(GOLD), gg.add(GOLD);
  s.add(SILVER);
  const Move drop = make_move_drop(GOLD, SQ_ZERO);
  t.store(42, g.raw(), kUnboundedLen, 0, kInfinitePnDn, 5, drop, 10, g.raw());
  EXPECT_TRUE(t.probe(42, gg.raw(), kUnboundedLen).proven);
  EXPECT_TRUE(t.probe(42, g.raw(), 5).proven);
  EXPECT_EQ(t.probe(42, g.raw(), 5).move, drop);
  EXPECT_FALSE(t.probe(42, g.raw(), 3).proven) << "longer than the bound";
  EXPECT_FALSE(t.probe(42, s.raw(), 7).proven);
  EXPECT_FALSE(t.probe(43, g.raw(), 7).proven);
  t.store(42, s.raw(), 9, kInfinitePnDn, 0, 9, MOVE_NONE, 10, s.raw());  // no mate within 9
  EXPECT_TRUE(t.probe(42, DefaultHand{}.raw(), 9).disproven);
  EXPECT_TRUE(t.probe(42, s.raw(), 7).disproven);
  EXPECT_FALSE(t.probe(42, s.raw(), 11).disproven) << "wider than the disproof";
  EXPECT_FALSE(t.probe(42, s.raw(), kUnboundedLen).disproven);
  t.store(42, gg.raw(), kUnboundedLen, 7, 3, 0, MOVE_NONE, 10, gg.raw());
  EXPECT_FALSE(t.probe(42, gg.raw(), 5).exact);
  const PnDnProbe gold = t.probe(42, gg.raw(), kUnboundedLen);
  EXPECT_TRUE(gold.proven) << "the proof with one gold answers first";
  t.store(77, gg.raw(), kUnboundedLen, 7, 3, 0, MOVE_NONE, 10, gg.raw());
  const PnDnProbe numbers = t.probe(77, gg.raw(), kUnboundedLen);
  EXPECT_TRUE(numbers.exact && !numbers.proven && !numbers.disproven);
  EXPECT_EQ(numbers.pn, 7u);
  EXPECT_EQ(numbers.dn, 3u);
  EXPECT_FALSE(t.probe(77, g.raw(), kUnboundedLen).exact) << "numbers are for the exact hand";
  // A neighbour's numbers: fewer pieces and a narrower bound are no easier to prove (pn), more
  // pieces and a wider bound no easier to disprove (dn).
  const PnDnProbe fewer = t.probe(77, g.raw(), 9);
  EXPECT_EQ(fewer.pn, 7u);
  EXPECT_EQ(fewer.dn, 0u);
  DefaultHand ggg = gg;
  ggg.add(GOLD);
  t.store(77, g.raw(), 9, 2, 5, 0, MOVE_NONE, 10, g.raw());
  const PnDnProbe more = t.probe(77, ggg.raw(), kUnboundedLen);
  EXPECT_FALSE(more.exact);
  EXPECT_EQ(more.pn, 0u);
  EXPECT_EQ(more.dn, 5u) << "the widest of the two neighbours' dn";
  t.store(77, gg.raw(), kUnboundedLen, kInfinitePnDn, 0, kUnboundedLen, MOVE_NONE, 10, gg.raw());
  EXPECT_TRUE(t.probe(77, g.raw(), kUnboundedLen).disproven);
  EXPECT_EQ(t.stats().records, 5u) << "the result took the numbers' entry";
  t.clear();
  EXPECT_FALSE(t.probe(42, gg.raw(), kUnboundedLen).proven);
  EXPECT_EQ(t.stats().records, 0u);
  EXPECT_EQ(t.hashfull(), 0);
}

// The replacement's effort code keeps the order of amounts far past the 65,535 nodes where a
// plain 16-bit count saturated; a store adds its nodes to the amount the slot's code stands for
// (effort_amount(): the least amount with that code, within 1/1024 of it).
TEST(PnDnTable, EffortCodeKeepsTheOrderOfAmounts) {
  uint16_t last = 0;
  for (uint64_t a = 1; a < (uint64_t(1) << 40); a += a / 7 + 1) {
    EXPECT_GE(effort_code(a), last) << a;
    last = effort_code(a);
    const uint64_t back = effort_amount(effort_code(a));
    EXPECT_LE(back, a) << a;
    EXPECT_GE(back, a - a / 1024) << a;
    EXPECT_EQ(effort_code(back), effort_code(a)) << a;
  }
  EXPECT_EQ(effort_code(2047), 2047);
  EXPECT_LT(effort_code(65'535), effort_code(1 << 20));
  EXPECT_LT(effort_code(1 << 20), effort_code(uint64_t(1) << 32));
  EXPECT_LT(effort_code(uint64_t(1) << 32), effort_code(UINT64_MAX));
}

// The threshold control's "old child" (mate/unbounded_df_pn.h): numbers remember the shallowest
// ply they were stored from, and a probe from deeper finds them old; proofs and disproofs never
// are.
TEST(PnDnTable, NumbersKeepTheShallowestPlyTheyWereStoredFrom) {
  PnDnTable<DefaultHand> t;
  t.resize(1);
  const uint32_t hand = DefaultHand{}.raw();
  t.store(7, hand, kUnboundedLen, 4, 6, 0, MOVE_NONE, 10, 0, 5);
  EXPECT_TRUE(t.probe(7, hand, kUnboundedLen, 6).old);
  EXPECT_FALSE(t.probe(7, hand, kUnboundedLen, 5).old);
  EXPECT_FALSE(t.probe(7, hand, kUnboundedLen, 3).old);
  EXPECT_FALSE(t.probe(7, hand, kUnboundedLen).old);
  t.store(7, hand, kUnboundedLen, 8, 6, 0, MOVE_NONE, 10, 0, 2);  // searched again nearer the root
  EXPECT_TRUE(t.probe(7, hand, kUnboundedLen, 3).old);
  t.store(7, hand, kUnboundedLen, 9, 6, 0, MOVE_NONE, 10, 0, 9);  // and deeper: the least stays
  const PnDnProbe p = t.probe(7, hand, kUnboundedLen, 3);
  EXPECT_TRUE(p.old);
  EXPECT_EQ(p.pn, 9u);
  // Another hand's or bound's numbers lend theirs but are never this node's old entry.
  EXPECT_FALSE(t.probe(7, hand, 31, 30).old);
  t.store(8, hand, kUnboundedLen, 0, kInfinitePnDn, 3, MOVE_NONE, 1, hand, 1);
  t.store(9, hand, kUnboundedLen, kInfinitePnDn, 0, kUnboundedLen, MOVE_NONE, 1, hand, 1);
  EXPECT_TRUE(t.probe(8, hand, kUnboundedLen, 4).proven);
  EXPECT_FALSE(t.probe(8, hand, kUnboundedLen, 4).old);
  EXPECT_FALSE(t.probe(9, hand, kUnboundedLen, 4).old);
}

// Garbage collection (mate/pn_dn_collection.h): filling the table with entries of rising effort
// starts a pass at 15/16 in use, which removes the least-worked eighth table-wide; the cluster
// replacement never runs one.
template <class T>
void fill_with_rising_efforts(T& t, std::vector<Key>& keys) {
  t.resize(1);
  uint64_t x = 0x2545F4914F6CDD1Dull;
  for (uint32_t amount = 1; t.stats().collections == 0 && amount < 200'000; ++amount) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    keys.push_back(x);
    t.store(x, 0, kUnboundedLen, 5, 5, 0, MOVE_NONE, amount, 0);
  }
}

TEST(PnDnTable, CollectionRemovesTheLeastWorkedEighth) {
  CollectedPnDnTable t;
  std::vector<Key> keys;
  fill_with_rising_efforts(t, keys);
  const MateTableStats s = t.stats();
  ASSERT_EQ(s.collections, 1u);
  const size_t n = keys.size();
  EXPECT_EQ(s.records + s.collected + s.replaced, n) << "every entry stored is live, collected or replaced";
  EXPECT_GT(s.collected, n / 16) << s.to_string();
  EXPECT_LT(s.collected, n / 6) << s.to_string();
  // Stored in order of effort: the first sixteenth is gone, the last half is kept (but for
  // what full clusters replaced before the pass).
  size_t early_kept = 0, late_kept = 0;
  for (size_t i = 0; i < n; ++i) {
    const bool kept = t.probe(keys[i], 0, kUnboundedLen).exact;
    if (i < n / 16) early_kept += kept;
    if (i >= n / 2) late_kept += kept;
  }
  EXPECT_EQ(early_kept, 0u);
  EXPECT_GE(late_kept + s.replaced, n - n / 2);
  EXPECT_GT(t.hashfull(), 0);

  PnDnTable<DefaultHand> plain;
  plain.resize(1);
  for (size_t i = 0; i < 2 * n; ++i)
    plain.store(Key(i * 0x9E3779B97F4A7C15ull + 1), 0, kUnboundedLen, 5, 5, 0, MOVE_NONE, 1, 0);
  EXPECT_EQ(plain.stats().collections, 0u);
  EXPECT_GT(plain.stats().replaced, 0u) << "a full table replaces within clusters instead";
}

// stats() keeps its counts by kind from the entries' stamps, without reading the table: through
// results that replace their own numbers, replacement within full clusters and a collection,
// the counts stay those of the entries.
TEST(PnDnTable, CountsByKindAreThoseOfTheEntries) {
  CollectedPnDnTable t;
  t.resize(1);
  uint64_t x = 0x9E3779B97F4A7C15ull;
  for (uint32_t amount = 1; t.stats().collections < 2 && amount < 400'000; ++amount) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    const Key board = x % 3 == 0 ? Key(x % 4096) : Key(x);  // a few boards fill their clusters
    t.store(board, uint32_t(x >> 40) & 7, kUnboundedLen, 5, 5, 0, MOVE_NONE, amount, 0);
    if (x % 5 == 0) t.store(board, uint32_t(x >> 40) & 7, kUnboundedLen, 0, kInfinitePnDn, 3, MOVE_NONE, 1, 0);
    if (x % 5 == 1) t.store(board, uint32_t(x >> 40) & 7, kUnboundedLen, kInfinitePnDn, 0, 9, MOVE_NONE, 1, 0);
  }
  const MateTableStats kept = t.stats(), read = t.scan();
  ASSERT_EQ(kept.collections, 2u);
  EXPECT_GT(kept.replaced, 0u);
  EXPECT_GT(read.proven, 0u);
  EXPECT_GT(read.disproven, 0u);
  EXPECT_EQ(kept.records, read.records);
  EXPECT_EQ(kept.proven, read.proven);
  EXPECT_EQ(kept.disproven, read.disproven);
  EXPECT_EQ(kept.unknown, read.unknown);
  t.clear();
  EXPECT_EQ(t.stats().records, 0u);
  EXPECT_EQ(t.stats().proven, 0u);
}

// A table starts on its first 64 MB and one thread doubles the region in use when it is half
// full, the last step to the table's whole size not a doubling (160 MB): every entry stored is
// found afterwards, but for those the moves' full clusters counted as replaced.
TEST(PnDnTable, TheRegionInUseGrowsAndKeepsItsEntries) {
  PnDnTable<DefaultHand> t;
  t.resize(160);
  const size_t first = t.active_clusters();
  EXPECT_LT(first, size_t(160) * 1024 * 1024 / sizeof(PnDnCluster));
  std::vector<Key> keys;
  uint64_t x = 0x2545F4914F6CDD1Dull;
  while (keys.size() < 1'600'000) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    keys.push_back(x);
    t.store(x, 3, kUnboundedLen, 5, 7, 0, MOVE_NONE, keys.size() % 1000 + 1, 0);
  }
  EXPECT_EQ(t.active_clusters(), size_t(160) * 1024 * 1024 / sizeof(PnDnCluster)) << "grown to the whole table";
  const MateTableStats s = t.stats();
  size_t found = 0;
  for (Key k : keys) found += t.probe(k, 3, kUnboundedLen).exact;
  EXPECT_EQ(found, s.records);
  EXPECT_EQ(s.records + s.replaced, keys.size());
  EXPECT_LT(s.replaced, keys.size() / 30) << s.to_string();  // full clusters at half load, as without moves
  EXPECT_EQ(t.scan().records, s.records);
  t.clear();
  EXPECT_EQ(t.active_clusters(), first);
  EXPECT_FALSE(t.probe(keys[0], 3, kUnboundedLen).exact);

  // Helpers about to share it: nothing moves until a store fills the region.
  for (size_t i = 0; i < 100'000; ++i) t.store(keys[i], 3, kUnboundedLen, 5, 7, 0, MOVE_NONE, i % 1000 + 1, 0);
  t.share(2);
  EXPECT_EQ(t.active_clusters(), first);
  t.share(1);
}

// A summed number's threshold for the child searched next: the siblings' part taken off, and
// none once the sum has saturated (then the child must not come back after one unit).
TEST(DfPn, SumThresholdLeavesTheChildTheSiblingsSlack) {
  EXPECT_EQ(sum_threshold<PnDn>(100, 40, 15, kInfinitePnDn), 75u);
  EXPECT_EQ(sum_threshold<PnDn>(kInfinitePnDn, 40, 15, kInfinitePnDn), kInfinitePnDn - 25);
  EXPECT_EQ(sum_threshold<PnDn>(kInfinitePnDn, kInfinitePnDn - 1, 15, kInfinitePnDn), kInfinitePnDn)
      << "a saturated sum";
  EXPECT_EQ(sum_threshold<uint32_t>(kDfPnInfinite, kDfPnInfinite - 1, 15, kDfPnInfinite), kDfPnInfinite);
  EXPECT_EQ(sum_threshold<uint32_t>(kDfPnInfinite, 40, 15, kDfPnInfinite), kDfPnInfinite - 25);
}

// Threads that share the table grow its region where all of them wait (safe_point()), and a
// thread that has left waits for nothing: the second thread stops storing early and leaves,
// and the first, alone, still grows the region at its own safe points. Every entry is found
// afterwards but for those counted replaced or dropped, and the few two threads' stores lose
// racing for one empty slot (as in ThreadsCountEveryStore). A growth that waits for a thread
// that left hangs here.
TEST(PnDnTable, ThreadsGrowTheRegionAtTheirSafePoints) {
  PnDnTable<DefaultHand> t;
  t.resize(160);
  const size_t first = t.active_clusters(), whole = size_t(160) * 1024 * 1024 / sizeof(PnDnCluster);
  t.share(2);
  constexpr size_t kStores[2] = {1'200'000, 300'000};
  std::vector<Key> keys[2];
  auto writer = [&](unsigned id) {
    tl_table_thread = id;
    t.enter();
    uint64_t x = 0x9E3779B97F4A7C15ull * (id + 1);
    for (size_t i = 0; i < kStores[id]; ++i) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      keys[id].push_back(x);
      t.store(x, 3, kUnboundedLen, 5, 7, 0, MOVE_NONE, i % 1000 + 1, 0);
      t.safe_point();
    }
    t.leave();
  };
  std::thread other(writer, 1u);
  writer(0);
  other.join();
  t.share(1);
  ASSERT_LT(first, whole);
  EXPECT_EQ(t.active_clusters(), whole) << "grown to the whole table by two threads";
  const MateTableStats s = t.stats();
  size_t found = 0;
  for (const auto& ks : keys)
    for (Key k : ks) found += t.probe(k, 3, kUnboundedLen).exact;
  const size_t stores = kStores[0] + kStores[1];
  EXPECT_LE(found + s.replaced + s.dropped, stores) << s.to_string();
  EXPECT_GE(found + s.replaced + s.dropped, stores - stores / 1000) << s.to_string();
  EXPECT_LT(s.replaced, stores / 30) << s.to_string();
}

// A table of 1,024 entries: every answer stays right and every claim holds. Lost entries can
// cost a shorter line (a post-search pass whose line cannot be followed keeps the longer mate,
// not proven shortest), never a wrong one. The collecting table runs its passes through it.
template <class T>
void solves_in_a_tiny_table(uint64_t& collections, int& exact) {
  for (const char* file : {"tsume.txt", "tsume_generated.txt"})
    for (const Problem& p : load_set(file)) {
      Position pos;
      StateInfo si;
      ASSERT_EQ(pos.set(p.sfen, &si), std::nullopt) << p.sfen;
      T table;
      table.resize(0);
      UnboundedDfPnSolver<T> solver(table);
      MateLimits limits;
      if (!p.mate()) limits.max_depth = p.length();
      const MateResult r = solver.solve(pos, limits);
      collections += table.stats().collections;
      if (!p.mate()) {
        EXPECT_EQ(r.status, MateStatus::NoMate) << p.sfen;
        continue;
      }
      ASSERT_EQ(r.status, MateStatus::Mate) << p.sfen;
      EXPECT_EQ(check_mate_line(pos, r.moves), "") << p.sfen;
      EXPECT_GE(int(r.moves.size()), p.length()) << p.sfen;
      if (r.shortest_proven) {
        EXPECT_EQ(int(r.moves.size()), p.length()) << p.sfen;
      }
      exact += int(r.moves.size()) == p.length();
    }
}

TEST(PnDnTable, SolvesThroughCollectionsInATinyTable) {
  uint64_t collections = 0, none = 0;
  int exact = 0, plain_exact = 0;
  solves_in_a_tiny_table<CollectedPnDnTable>(collections, exact);
  solves_in_a_tiny_table<PnDnTable<DefaultHand>>(none, plain_exact);
  std::printf("[ tiny     ] %llu collections; exact lengths %d (collected), %d (cluster replacement) of 53 mates\n",
              (unsigned long long)collections, exact, plain_exact);
  EXPECT_GT(collections, 10u);
  EXPECT_EQ(none, 0u);
}

// Threads share the table without locks (mate/pn_dn_table.h): an entry read while another
// thread writes it may hold the first fields of one store and the rest of another. Every such
// mix of a proof and a number entry of one board fails its check word, and whole entries pass.
TEST(PnDnTable, ACheckWordRejectsEveryHalfWrittenEntry) {
  const uint32_t hand = DefaultHand{}.raw();
  const PnDnEntry proof{42, hand, 7, 0, kInfinitePnDn, 11, make_move_drop(GOLD, Square(40)), 0};
  const PnDnEntry numbers{42, hand, 9, 5, 3, kUnboundedLen, MOVE_NONE, 0};
  PnDnEntry a, b;
  store_entry(a, proof);
  store_entry(b, numbers);
  EXPECT_EQ(load_entry(a).check, check_of(load_entry(a)));
  EXPECT_EQ(load_entry(b).check, check_of(load_entry(b)));
  // The fields in store_entry()'s order; the first `split` from one entry, the rest from the other.
  auto mix = [](const PnDnEntry& first, const PnDnEntry& rest, int split) {
    PnDnEntry m = rest;
    if (split > 0) m.board = first.board;
    if (split > 1) m.hand = first.hand;
    if (split > 2) m.min_ply = first.min_ply;
    if (split > 3) m.pn = first.pn;
    if (split > 4) m.dn = first.dn;
    if (split > 5) m.len = first.len;
    if (split > 6) m.move = first.move;
    return m;
  };
  for (int split = 4; split < 8; ++split) {  // the board, hand and ply agree: a mix from the pn on
    SCOPED_TRACE(split);
    for (const auto& [x, y] : {std::pair{&a, &b}, std::pair{&b, &a}}) {
      const PnDnEntry m = mix(load_entry(*x), load_entry(*y), split);
      EXPECT_NE(m.check, check_of(m));
    }
  }
}

// Each thread keeps its own counts: two threads storing at once lose none of them. Every store
// of a new board fills an empty slot, replaces one or is dropped, so the live entries and the
// replacements add up to the stores, but for the few stores lost when both threads took the
// same empty slot at once (the bound allows a thousandth; a count shared by both threads,
// written without a locked instruction, loses far more and fails it).
TEST(PnDnTable, ThreadsCountEveryStore) {
  PnDnTable<DefaultHand> t;
  t.resize(1);
  t.share(2);
  constexpr uint64_t kStores = 400'000;
  auto writer = [&](unsigned id) {
    tl_table_thread = id;
    uint64_t x = 0x9E3779B97F4A7C15ull * (id + 1);
    for (uint64_t i = 0; i < kStores; ++i) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      t.store(x | 1, 0, kUnboundedLen, 5, 5, 0, MOVE_NONE, 1 + i % 100, 0);
    }
  };
  std::thread other(writer, 1u);
  writer(0);
  other.join();
  const MateTableStats s = t.stats();
  EXPECT_LE(s.records + s.replaced + s.dropped, 2 * kStores) << s.to_string();
  EXPECT_GE(s.records + s.replaced + s.dropped, 2 * kStores - 2 * kStores / 1000) << s.to_string();
  EXPECT_GT(s.replaced, 0u) << "the table filled";
  t.share(1);  // back to one thread: the other's counts go to thread 0's, none lost
  const MateTableStats one = t.stats();
  EXPECT_EQ(one.replaced, s.replaced);
  EXPECT_EQ(one.dropped, s.dropped);
}

// A problem of a set solved by the unbounded df-pn under `limits` (its depth set from the
// problem): a mate at its exact length with a line that mates, or "no mate within N" kept.
// Returns the nodes searched.
uint64_t expect_set_answer(const Problem& p, MateLimits limits) {
  Position pos;
  StateInfo si;
  EXPECT_EQ(pos.set(p.sfen, &si), std::nullopt) << p.sfen;
  PnDnTable<DefaultHand> table;
  table.resize(16);
  UnboundedDfPnSolver<PnDnTable<DefaultHand>> solver(table);
  limits.max_depth = p.mate() ? kMaxMateDepth : p.length();
  const MateResult r = solver.solve(pos, limits);
  if (p.mate()) {
    EXPECT_EQ(r.status, MateStatus::Mate) << p.sfen;
    EXPECT_EQ(int(r.moves.size()), p.length()) << p.sfen;
    EXPECT_EQ(check_mate_line(pos, r.moves), "") << p.sfen;
  } else {
    EXPECT_EQ(r.status, MateStatus::NoMate) << p.sfen;
    EXPECT_GE(r.depth, p.length()) << p.sfen;
  }
  return r.nodes;
}

// Two threads over one table answer as one does: the sets' mates at their exact lengths (the
// post-search's passes run with helpers too), every line a mate, every "no mate within N" kept.
TEST(UnboundedDfPn, TwoThreadsAnswerAsOne) {
  MateLimits limits;
  limits.threads = 2;
  for (const char* file : {"tsume.txt", "tsume_generated.txt"})
    for (const Problem& p : load_set(file)) expect_set_answer(p, limits);
}

// An option of the unbounded df-pn that changes the search, never its answers: the same with
// one thread on both sets and with two on tsume.txt. And it acts: on tsume.txt's third problem
// (the king in the open, four golds in hand) it takes fewer nodes than the default.
void expect_answers_as_without(const MateLimits& on) {
  MateLimits two = on;
  two.threads = 2;
  for (const Problem& p : load_set()) expect_set_answer(p, two);
  for (const char* file : {"tsume.txt", "tsume_generated.txt"})
    for (const Problem& p : load_set(file)) expect_set_answer(p, on);
  const Problem open_king = load_set()[2];
  ASSERT_EQ(open_king.sfen, "9/9/9/4k4/9/4P4/9/9/9 b 4G2r2b4s4n4l17p 1");
  EXPECT_LT(expect_set_answer(open_king, on), expect_set_answer(open_king, MateLimits{}));
}

// The double-count elimination (MateLimits::double_count; the two threads share the parent links).
TEST(UnboundedDfPn, DoubleCountEliminationAnswersAsWithout) {
  MateLimits on;
  on.double_count = true;
  expect_answers_as_without(on);
}

// The threshold-controlling algorithm (MateLimits::tca).
TEST(UnboundedDfPn, ThresholdControlAnswersAsWithout) {
  MateLimits on;
  on.tca = true;
  expect_answers_as_without(on);
}

// The leaf tests against full generation: for every check of positions from the sets and of
// random middlegames, the solver's mate test (mate1_detail::mates, the mate-in-one family's
// bitboard method) answers as the evasion generator, and leaves_flight() (mate/leaf.h) never
// skips a check that mates.
TEST(MateLeaf, EvasionAndFlightTestsAgreeWithTheGenerator) {
  std::vector<std::string> sfens;
  for (const char* file : {"tsume.txt", "tsume_generated.txt", "tsume_hard.txt"})
    for (const Problem& p : load_set(file)) sfens.push_back(p.sfen);
  for (const std::string& s : walk_sample(6000, 0x1EAF)) sfens.push_back(s);
  std::vector<ExtMove> evasions(MAX_MOVES);
  int checks = 0, mates = 0, skipped = 0;
  for (const std::string& sfen : sfens) {
    Position pos;
    StateInfo si, st;
    ASSERT_EQ(pos.set(sfen, &si), std::nullopt) << sfen;
    if (pos.in_check() || pos.king_square(~pos.side_to_move()) == SQ_NONE) continue;
    const Bitboard flight = flight_squares(pos, ~pos.side_to_move());
    for (const ExtMove& m : MoveList<GenType::ChecksAll>(pos)) {
      const bool skip = leaves_flight(pos, m.move, flight), mated = mate1_detail::mates(pos, m.move);
      pos.do_move(m.move, st);
      const bool evades = generate<GenType::EvasionsAll>(pos, evasions.data()) != evasions.data();
      ASSERT_EQ(mated, !evades) << to_usi(m.move) << " in " << sfen;
      ASSERT_TRUE(evades || !skip) << "leaves_flight skips the mate " << to_usi(m.move) << " in " << sfen;
      pos.undo_move(m.move);
      ++checks, mates += !evades, skipped += skip;
    }
  }
  std::printf("[ leaves   ] %d checks, %d mates, %d skipped by leaves_flight\n", checks, mates, skipped);
  EXPECT_GT(checks, 5'000);
  EXPECT_GT(mates, 50);
  EXPECT_GT(skipped, checks / 4) << "the filter should skip most non-mating checks";
}

using Unbounded = MateCombo<UnboundedDfPnSolver<PnDnTable<DefaultHand>>, PnDnTable<DefaultHand>>;

MateResult solve_unbounded(const std::string& sfen, MatePostSearch post, const std::atomic<bool>* stop = nullptr,
                           std::function<void(const MateIteration&)> on_iteration = {}) {
  Position pos;
  StateInfo si;
  EXPECT_EQ(pos.set(sfen, &si), std::nullopt) << sfen;
  PnDnTable<DefaultHand> table;
  table.resize(16);
  UnboundedDfPnSolver<PnDnTable<DefaultHand>> solver(table);
  MateLimits limits;
  limits.post_search = post;
  limits.stop = stop;
  limits.on_iteration = std::move(on_iteration);
  const MateResult r = solver.solve(pos, limits);
  if (r.status == MateStatus::Mate) {
    EXPECT_EQ(check_mate_line(pos, r.moves), "") << sfen;
  }
  return r;
}

// Graph-history interaction (Kishimoto and Müller 2004): the dragon's perpetual check (3b3a,
// king 1b, 3a3b, king 1a) comes back to the root. The disproof of the check-giving node after
// 1a1b rests on the root, above it, and is not stored; the root's own disproof rests only on
// itself, so it holds whatever the path and is stored. Before, any disproof resting on a
// repetition was dropped, the root's too.
template <class T>
void perpetual_check_disproofs(bool& root_stored, bool& after_stored) {
  Position pos;
  StateInfo si, s1, s2;
  ASSERT_EQ(pos.set("8k/6+R2/8p/9/9/9/9/9/9 b - 1", &si), std::nullopt);
  T table;
  table.resize(1);
  UnboundedDfPnSolver<T> solver(table);
  EXPECT_EQ(solver.solve(pos, MateLimits{}).status, MateStatus::NoMate);
  root_stored = table.probe(pos.board_key(), 0, kUnboundedLen).disproven;
  const Move check = parse_usi_move(pos, "3b3a", nullptr);
  pos.do_move(check, s1);
  const Move evasion = parse_usi_move(pos, "1a1b", nullptr);
  pos.do_move(evasion, s2);
  after_stored = table.probe(pos.board_key(), 0, kUnboundedLen).disproven;
  pos.undo_move(evasion);
  pos.undo_move(check);
}

TEST(UnboundedDfPn, ADisproofWhoseCyclesCloseBelowItIsStored) {
  bool root = false, after = true;
  perpetual_check_disproofs<PnDnTable<DefaultHand>>(root, after);
  EXPECT_TRUE(root) << "the root's disproof holds whatever the path";
  EXPECT_FALSE(after) << "the node after 1a1b failed only by returning to the root";
  root = false, after = true;
  perpetual_check_disproofs<CollectedPnDnTable>(root, after);
  EXPECT_TRUE(root);
  EXPECT_FALSE(after);
}

// Under a one-ply bound an attacking node is decided by its exact mate-in-one test: with checks
// but no mate in one it is disproven at once, no check expanded (it was left open, and every
// check was made and its evasions generated, before issue 47's fix).
TEST(UnboundedDfPn, OnePlyBoundDecidesAtTheLeaf) {
  Position pos;
  StateInfo si;
  ASSERT_EQ(pos.set("4k4/9/9/9/9/9/9/9/4K4 b G 1", &si), std::nullopt);  // gold checks, none mates
  ASSERT_GT(MoveList<GenType::ChecksAll>(pos).size(), 2u);
  PnDnTable<DefaultHand> table;
  table.resize(16);
  UnboundedDfPnSolver<PnDnTable<DefaultHand>> solver(table);
  MateLimits limits;
  limits.max_depth = 1;
  const MateResult r = solver.solve(pos, limits);
  EXPECT_EQ(r.status, MateStatus::NoMate);
  EXPECT_EQ(r.depth, 1);
  EXPECT_EQ(r.nodes, 0u);
  limits.max_depth = 3;  // and a mate in three is still found under a three-ply bound
  ASSERT_EQ(pos.set("9/4k4/9/4P4/9/9/9/9/9 b 2G2r2b4s4n4l17p 1", &si), std::nullopt);  // tsume.txt's first
  const MateResult three = solver.solve(pos, limits);
  EXPECT_EQ(three.status, MateStatus::Mate);
  EXPECT_EQ(check_mate_line(pos, three.moves), "");
  limits.max_depth = 1;
  EXPECT_EQ(solver.solve(pos, limits).status, MateStatus::NoMate);
}

// Without the post-search the first proof's line is answered: a mate, perhaps longer; with
// upper-bound the length is exact; the set's every mate both ways.
TEST(UnboundedDfPn, EveryPostSearchAnswersAProvenMate) {
  for (const Problem& p : load_set()) {
    if (!p.mate()) continue;
    const MateResult none = solve_unbounded(p.sfen, MatePostSearch::None);
    ASSERT_EQ(none.status, MateStatus::Mate) << p.sfen;
    EXPECT_GE(int(none.moves.size()), p.length()) << p.sfen;
    const MateResult upper = solve_unbounded(p.sfen, MatePostSearch::UpperBound);
    ASSERT_EQ(upper.status, MateStatus::Mate) << p.sfen;
    EXPECT_LE(int(upper.moves.size()), p.length()) << p.sfen;
    EXPECT_EQ(upper.iterations.back().depth + 2, p.length()) << "the pass that failed: no mate within length - 2";
  }
}

// Stopped after the first pass (the proof), before the shortening ends: the proven line is
// the answer, not "timeout".
TEST(UnboundedDfPn, StoppedAfterAProofAnswersTheProvenLine) {
  std::atomic<bool> stop{false};
  const std::string sfen = "9/9/9/9/4k4/9/9/9/9 b RB2G 1";  // mate in 11
  const MateResult r =
      solve_unbounded(sfen, MatePostSearch::Shortest, &stop, [&](const MateIteration&) { stop = true; });
  ASSERT_EQ(r.status, MateStatus::Mate);
  EXPECT_GE(r.moves.size(), 11u);
  if (r.exact) {
    EXPECT_EQ(r.moves.size(), 11u);
  }
}

// Progress while it works: every report's line is played from the root; once a mate is proven
// the line is that mate.
TEST(UnboundedDfPn, ProgressReportsTheSearchLineThenTheProvenMate) {
  const std::string sfen = "5n1k1/5p3/5s1p1/8N/7P1/9/9/9/9 b R2Br4g3s2n4l15p 1";  // mogami s7, mate 13
  Position pos;
  StateInfo si;
  ASSERT_EQ(pos.set(sfen, &si), std::nullopt);
  PnDnTable<DefaultHand> table;
  table.resize(16);
  UnboundedDfPnSolver<PnDnTable<DefaultHand>> solver(table);
  MateLimits limits;
  limits.progress_ms = 0;  // at every poll (4096 nodes)
  std::vector<MateProgress> reports;
  limits.on_progress = [&](const MateProgress& p) { reports.push_back(p); };
  const MateResult r = solver.solve(pos, limits);
  ASSERT_EQ(r.status, MateStatus::Mate);
  ASSERT_FALSE(reports.empty()) << r.nodes << " nodes";
  bool proven = false;
  for (const MateProgress& p : reports) {
    EXPECT_GT(p.nodes, 0u);
    EXPECT_GE(p.hashfull, 0);
    EXPECT_LE(p.hashfull, 1000);
    std::vector<StateInfo> st(p.pv.size());
    for (size_t i = 0; i < p.pv.size(); ++i) {
      ASSERT_TRUE(MoveList<GenType::LegalAll>(pos).contains(p.pv[i])) << i;
      pos.do_move(p.pv[i], st[i]);
    }
    for (size_t i = p.pv.size(); i > 0; --i) pos.undo_move(p.pv[i - 1]);
    if (p.mate_length) {
      proven = true;
      EXPECT_EQ(size_t(p.mate_length), p.pv.size());
      EXPECT_EQ(check_mate_line(pos, p.pv), "");
    } else {
      EXPECT_FALSE(proven) << "a proven mate stays reported";
    }
  }
}

// Each proof is reported when it is proven, not at the next report's time: the first, then each
// shorter one a post-search pass proves, every report a mate line within its bound, the bounds
// shrinking to the answer's length. Whether the length is the shortest is said in the answer.
TEST(UnboundedDfPn, ReportsEachProofAtOnceAndWhetherItIsTheShortest) {
  const std::string sfen = "9/9/9/9/4k4/9/9/9/9 b 2R2B 1";  // mate 9; the first proof is longer
  Position pos;
  StateInfo si;
  ASSERT_EQ(pos.set(sfen, &si), std::nullopt);
  PnDnTable<DefaultHand> table;
  for (const MatePostSearch post : {MatePostSearch::None, MatePostSearch::UpperBound, MatePostSearch::Shortest}) {
    SCOPED_TRACE(int(post));
    table.resize(16);
    UnboundedDfPnSolver<PnDnTable<DefaultHand>> solver(table);
    MateLimits limits;
    limits.post_search = post;
    limits.progress_ms = int64_t(1) << 40;  // no timed report in this solve
    std::vector<MateProgress> reports;
    limits.on_progress = [&](const MateProgress& p) { reports.push_back(p); };
    const MateResult r = solver.solve(pos, limits);
    ASSERT_EQ(r.status, MateStatus::Mate);
    ASSERT_FALSE(reports.empty());
    int bound = 1 << 20;
    for (const MateProgress& p : reports) {
      EXPECT_GT(p.proven_within, 0);
      EXPECT_LT(p.proven_within, bound);
      bound = p.proven_within;
      EXPECT_LE(size_t(p.mate_length), size_t(p.proven_within));
      EXPECT_EQ(size_t(p.mate_length), p.pv.size());
      EXPECT_EQ(check_mate_line(pos, p.pv), "");
    }
    if (post == MatePostSearch::None) {
      EXPECT_EQ(reports.size(), 1u);
      EXPECT_FALSE(r.shortest_proven);
      EXPECT_GT(reports[0].proven_within, 9) << "a first proof of the shortest length proves nothing here";
    } else {
      EXPECT_GT(reports.size(), 1u);
      EXPECT_TRUE(r.shortest_proven);
      EXPECT_EQ(r.depth, 9);
      EXPECT_EQ(reports.back().proven_within, 9);
    }
    // upper-bound's line is exact only when the table's line happens to have the length.
    if (post != MatePostSearch::UpperBound) {
      EXPECT_EQ(r.exact, post == MatePostSearch::Shortest);
    }
  }
}

// The recursion's depth is capped (the thread's stack): a path cut there is no "no mate", so an
// answer that needs one is Timeout with depth_capped, while a proof within the cap stands.
TEST(UnboundedDfPn, DeepestPathIsCutWithAClearAnswer) {
  PnDnTable<DefaultHand> table;
  auto solve = [&](const std::string& sfen, int max_ply) {
    Position pos;
    StateInfo si;
    EXPECT_EQ(pos.set(sfen, &si), std::nullopt);
    table.resize(16);
    UnboundedDfPnSolver<PnDnTable<DefaultHand>> solver(table);
    MateLimits limits;
    limits.max_ply = max_ply;
    return solver.solve(pos, limits);
  };
  const std::string mate13 = "5n1k1/5p3/5s1p1/8N/7P1/9/9/9/9 b R2Br4g3s2n4l15p 1";  // mogami s7
  const std::string no_mate = "9/9/9/9/4k4/9/9/9/9 b 2G2S 1";
  MateResult r = solve(mate13, 0);
  EXPECT_EQ(r.status, MateStatus::Mate);
  EXPECT_EQ(r.depth, 13);
  EXPECT_FALSE(r.depth_capped);
  r = solve(mate13, 5);  // no path of 13 plies
  EXPECT_EQ(r.status, MateStatus::Timeout) << mate_answer(r);
  EXPECT_TRUE(r.depth_capped);
  r = solve(no_mate, 0);
  EXPECT_EQ(r.status, MateStatus::NoMate);
  EXPECT_FALSE(r.depth_capped);
  r = solve(no_mate, 3);
  EXPECT_EQ(r.status, MateStatus::Timeout) << mate_answer(r);
  EXPECT_TRUE(r.depth_capped);
}

// The depth-limited df-pn stopped after its first pass (a proof) answers the proven line too.
TEST(DfPn, StoppedAfterAProofAnswersTheProvenLine) {
  const std::string sfen = "9/9/9/9/4k4/9/9/9/9 b RB2G 1";  // mate in 11
  Position pos;
  StateInfo si;
  ASSERT_EQ(pos.set(sfen, &si), std::nullopt);
  MainOverflowTable<DefaultHand> table;
  table.resize(16);
  DfPnSolver<MainOverflowTable<DefaultHand>> solver(table);
  std::atomic<bool> stop{false};
  MateLimits limits;
  limits.stop = &stop;
  limits.on_iteration = [&](const MateIteration&) { stop = true; };
  const MateResult r = solver.solve(pos, limits);
  ASSERT_EQ(r.status, MateStatus::Mate);
  EXPECT_GE(r.moves.size(), 11u);
  EXPECT_EQ(check_mate_line(pos, r.moves), "");
}

TEST(Mate, IterationsFollowTheDepthsAndSumTheNodes) {
  using AndOr = mate::MateCombo<AndOrSolver<MainOverflowTable<DefaultHand>>, MainOverflowTable<DefaultHand>>;
  const MateResult r = solve<AndOr>("9/9/9/4k4/9/4P4/9/9/9 b 4G2r2b4s4n4l17p 1", kMaxMateDepth);
  ASSERT_EQ(r.iterations.size(), 4u);
  EXPECT_EQ(r.iterations.back().depth, 7) << "the last iteration is the mate's length";
  uint64_t sum = 0;
  for (size_t i = 0; i < r.iterations.size(); ++i) {
    EXPECT_EQ(r.iterations[i].depth, int(2 * i + 1));
    sum += r.iterations[i].iteration_nodes;
    EXPECT_EQ(r.iterations[i].nodes, sum);
  }
  EXPECT_EQ(r.nodes, sum);
}

// The line is checked: a non-check, an illegal move, or a last position with a legal move.
TEST(Mate, LineCheckRejectsWhatIsNoMate) {
  Position pos;
  StateInfo si;
  pos.set("9/4k4/9/4P4/9/9/9/9/9 b 2G2r2b4s4n4l17p 1", &si);
  MoveList<GenType::Checks> checks(pos);
  ASSERT_GT(checks.size(), 0u);
  EXPECT_NE(check_mate_line(pos, {checks.begin()->move}), "");  // a check, but no mate in 1 here
  EXPECT_NE(check_mate_line(pos, {}), "");
  // The pawn-drop mate P*1b is no legal move; the same drop of a gold is a mate.
  Position u;
  StateInfo su;
  ASSERT_EQ(u.set("7lk/7p1/7S1/9/9/9/9/9/9 b GP 1", &su), std::nullopt);
  const Square b1 = square_from_usi("1b");
  EXPECT_NE(check_mate_line(u, {make_move_drop(PAWN, b1)}).find("not legal"), std::string::npos);
  EXPECT_EQ(check_mate_line(u, {make_move_drop(GOLD, b1)}), "");
  // Checks that come back to a position: rejected at the move that repeats it.
  Position r;
  StateInfo sr;
  ASSERT_EQ(r.set("8k/9/9/9/9/9/9/9/R8 b - 1", &sr), std::nullopt);
  std::vector<Move> line;
  std::vector<StateInfo> st(8);
  for (const char* w : {"9i9a", "1a1b", "9a9b", "1b1a", "9b9a", "1a1b", "9a9b"}) {
    for (const ExtMove& e : MoveList<GenType::LegalAll>(r))
      if (to_usi(e.move) == w) line.push_back(e.move);
    ASSERT_EQ(to_usi(line.back()), w);
    r.do_move(line.back(), st[line.size() - 1]);
  }
  for (size_t i = line.size(); i > 0; --i) r.undo_move(line[i - 1]);
  EXPECT_EQ(check_mate_line(r, line), "move 5: 9b9a repeats a position");  // the position after move 1
}

// `go mate` through the program, and gpsusi's answers on the same set when it is installed.
std::string go_mate(sashite::testing::UsiProcess& p, const std::string& sfen, int ms) {
  p.send("position sfen " + sfen);
  p.send("go mate " + std::to_string(ms));
  const auto lines = p.read_until([](const std::string& l) { return l.starts_with("checkmate"); },
                                  std::chrono::milliseconds(ms + 10'000));
  return lines ? lines->back() : "(no answer: " + p.error() + ")";
}

void expect_answer(const Problem& p, const std::string& answer, const std::string& who) {
  if (!p.mate()) {
    EXPECT_TRUE(answer == "checkmate nomate" || answer == "checkmate timeout") << who << ": " << answer;
    return;
  }
  ASSERT_TRUE(answer.starts_with("checkmate ")) << who << ": " << answer;
  std::istringstream is(answer.substr(10));
  Position pos;
  StateInfo si;
  pos.set(p.sfen, &si);
  std::vector<Move> line;
  std::vector<StateInfo> st(answer.size());  // a move takes at least four characters
  for (std::string w; is >> w;) {
    Move m = MOVE_NONE;
    for (const ExtMove& e : MoveList<GenType::LegalAll>(pos))
      if (to_usi(e.move) == w) m = e.move;
    ASSERT_NE(m, MOVE_NONE) << who << ": illegal " << w << " in " << answer;
    pos.do_move(m, st[line.size()]);
    line.push_back(m);
  }
  for (size_t i = line.size(); i > 0; --i) pos.undo_move(line[i - 1]);
  EXPECT_EQ(check_mate_line(pos, line), "") << who << ": " << answer;
}

// tsume.txt through `go mate` after `setoption name OPTION value VALUE`: the mates at their
// lengths (the default post-search proves them the shortest), the no-mates as no mate; then the
// engine answers again after the option is given a bad value.
void expect_set_through_option(const std::string& option, const std::string& value, const std::string& bad) {
  sashite::testing::UsiProcess p({std::string(SASHITE_BIN_DIR) + "/sashite"});
  p.send("setoption name " + option + " value " + value);
  for (const Problem& pr : load_set()) {
    const std::string answer = go_mate(p, pr.sfen, 10000);
    expect_answer(pr, answer, "sashite, " + option + " " + value);
    if (pr.mate()) {
      EXPECT_EQ(std::count(answer.begin(), answer.end(), ' '), pr.length()) << answer;
    } else {
      EXPECT_EQ(answer, "checkmate nomate");
    }
  }
  p.send("setoption name " + option + " value " + bad);
  EXPECT_EQ(go_mate(p, "9/9/9/9/9/9/9/9/4K4 b G 1", 1000), "checkmate nomate");
}

TEST(MateProcess, GoMateWithTwoThreadsAnswersTheSet) { expect_set_through_option("MateThreads", "2", "0"); }

TEST(MateProcess, GoMateWithDoubleCountEliminationAnswersTheSet) {
  expect_set_through_option("MateDoubleCount", "true", "maybe");
}

TEST(MateProcess, GoMateWithThresholdControlAnswersTheSet) { expect_set_through_option("MateTCA", "true", "1"); }

// Each solver through the MateSolver option.
TEST(MateProcess, GoMateAnswersTheSet) {
  sashite::testing::UsiProcess p({std::string(SASHITE_BIN_DIR) + "/sashite"});
  p.send("usi");
  const auto usi = p.read_until([](const std::string& l) { return l == "usiok"; });
  ASSERT_TRUE(usi);
  EXPECT_NE(
      std::find(usi->begin(), usi->end(),
                "option name MateSolver type combo default unbounded-df-pn var and-or var df-pn var unbounded-df-pn"),
      usi->end());
  EXPECT_NE(
      std::find(
          usi->begin(), usi->end(),
          "option name MateTable type combo default main-overflow var main-overflow var single var pn-dn-gc var pn-dn"),
      usi->end());
  EXPECT_NE(std::find(usi->begin(), usi->end(),
                      "option name MatePostSearch type combo default shortest var none var upper-bound var shortest"),
            usi->end());
  for (const std::string solver : {"and-or", "df-pn", "unbounded-df-pn"}) {
    SCOPED_TRACE(solver);
    p.send("setoption name MateSolver value " + solver);
    for (const Problem& pr : load_set()) {
      const std::string answer = go_mate(p, pr.sfen, 10000);
      expect_answer(pr, answer, "sashite");
      if (pr.mate()) {
        EXPECT_EQ(std::count(answer.begin(), answer.end(), ' '), pr.length()) << answer;
      } else if (solver != "and-or") {
        EXPECT_EQ(answer, "checkmate nomate");  // gpsusi's answer too
      }  // else the AND-OR may meet depth cuts at every length: "timeout" (expect_answer)
    }
    // Nothing to mate.
    EXPECT_EQ(go_mate(p, "9/9/9/9/9/9/9/9/4K4 b G 1", 1000), "checkmate nomate");
    // No mate (gpsusi agrees), but the king runs: the AND-OR's every depth has cut lines, so
    // only time or `stop` ends it; df-pn's depth-limited tree resolves every line (each ends
    // where the attacker has no check left) and proves that no mate exists.
    EXPECT_EQ(go_mate(p, "9/9/9/9/4k4/9/9/9/9 b 2G2S 1", solver == "and-or" ? 300 : 20000),  // df-pn: ~100 ms
              solver == "and-or" ? "checkmate timeout" : "checkmate nomate");
    // A mate in 11 that takes the depth-keyed solvers about a second: `stop` after 100 ms. Either
    // df-pn may have proven a mate by then (not yet the shortest): it answers the proven line.
    p.send("position sfen 9/9/9/9/4k4/9/9/9/9 b RB2G 1");
    p.send("go mate infinite");
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    p.send("stop");
    const auto stopped = p.read_until([](const std::string& l) { return l.starts_with("checkmate"); });
    ASSERT_TRUE(stopped) << p.error();
    if (solver != "and-or" && stopped->back() != "checkmate timeout")
      expect_answer(Problem{"9/9/9/9/4k4/9/9/9/9 b RB2G 1", "mate 11", ""}, stopped->back(), solver);
    else
      EXPECT_EQ(stopped->back(), "checkmate timeout");
  }
  // The proofs as `info ... score mate N ... pv` lines before the answer, the last one the
  // answer's length, and what was proven said plainly.
  p.send("setoption name MateSolver value unbounded-df-pn");
  for (const char* post : {"shortest", "none"}) {
    SCOPED_TRACE(post);
    p.send(std::string("setoption name MatePostSearch value ") + post);
    p.send("position sfen 9/9/9/9/4k4/9/9/9/9 b 2R2B 1");
    p.send("go mate 20000");
    const auto lines =
        p.read_until([](const std::string& l) { return l.starts_with("checkmate"); }, std::chrono::seconds(30));
    ASSERT_TRUE(lines) << p.error();
    std::vector<int> scores;
    std::string said;
    for (const std::string& l : *lines) {
      if (const size_t at = l.find(" score mate "); l.starts_with("info ") && at != std::string::npos)
        scores.push_back(std::stoi(l.substr(at + 12)));
      if (l.starts_with("info string mate ")) said = l;
    }
    ASSERT_FALSE(scores.empty());
    EXPECT_TRUE(std::is_sorted(scores.rbegin(), scores.rend()));
    if (std::string(post) == "shortest") {
      EXPECT_EQ(scores.back(), 9);
      EXPECT_EQ(said, "info string mate in 9: the shortest, against the longest defence");
    } else {
      EXPECT_GT(scores.back(), 9);
      EXPECT_NE(said.find("proven; a shorter one is not excluded (MatePostSearch none)"), std::string::npos) << said;
    }
  }
  p.send("setoption name MatePostSearch value shortest");
  // `bench mate`: one line per problem, its answer beside the expected one, then the totals.
  p.send("bench mate " + std::string(SASHITE_SOURCE_DIR) + "/tests/data/tsume.txt 10000");
  const auto bench =
      p.read_until([](const std::string& l) { return l.starts_with("Nodes/second"); }, std::chrono::seconds(60));
  ASSERT_TRUE(bench) << p.error();
  int lines = 0;
  for (const std::string& l : *bench) {
    if (!l.starts_with("info string bench mate ")) continue;
    ++lines;
    const size_t e = l.find(" expected ");
    ASSERT_NE(e, std::string::npos) << l;
    const std::string expected = l.substr(e + 10);
    if (expected.starts_with("mate")) {
      EXPECT_NE(l.find(" " + expected + " nodes "), std::string::npos) << l;
    }
  }
  EXPECT_EQ(lines, int(load_set().size()));
  p.send("bench mate /nonexistent/tsume.txt");
  const auto no_file = p.read_until([](const std::string& l) { return l.starts_with("info string error"); });
  ASSERT_TRUE(no_file) << p.error();
  EXPECT_NE(no_file->back().find("cannot read a problem file"), std::string::npos) << no_file->back();
  p.send("setoption name MateSolver value pn-dn");
  const auto refused = p.read_until([](const std::string& l) { return l.starts_with("info string error"); });
  ASSERT_TRUE(refused) << p.error();
  EXPECT_EQ(refused->back(),
            "info string error: setoption: MateSolver must be one of and-or, df-pn, unbounded-df-pn, got 'pn-dn'");
  p.send("quit");
}

TEST(MateProcess, GpsusiAgreesOnTheSet) {
  const auto path = sashite::testing::find_program("gpsusi", "/usr/games/gpsusi");
  if (!path) GTEST_SKIP() << "gpsusi is not installed (Debian package gpsshogi)";
  sashite::testing::UsiProcess p({"/bin/sh", "-c", "exec \"$0\" 2>/dev/null", *path});
  p.send("usi");
  ASSERT_TRUE(p.read_until([](const std::string& l) { return l == "usiok"; }));
  p.send("isready");
  ASSERT_TRUE(p.read_until([](const std::string& l) { return l == "readyok"; }, std::chrono::seconds(30)));
  for (const Problem& pr : load_set()) {
    const std::string answer = go_mate(p, pr.sfen, 10000);
    // gpsusi prints one mating line: not always the shortest attack or the longest defence.
    expect_answer(pr, answer, "gpsusi");
  }
}

}  // namespace
}  // namespace sashite::mate
