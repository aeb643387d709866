// Dirty-flag kernels (LS3600, differential generation (2009)): every kernel equals the naive mask bit for bit on real
// (position, move) pairs; LS3600's sbb/lea sequence as printed is shown to be wrong; the
// piece ids follow their documented order.
#include <gtest/gtest.h>

#include "dbb/jit.h"
#include "dbb/kernels.h"
#include "tests/dirty_walk.h"
#include "tests/kernel_coverage.h"

namespace sashite::dbb {
namespace {

// ~0.1 s per million cases and kernel; tests/slow/ runs 30 million.
constexpr size_t kDefaultCases = 4'000'000;

// The oracle against the position itself: each id's piece (found on its square) attacks
// from or to, by attacks_bb on the current occupancy; empty ids never dirty.
TEST(NaiveKernel, EqualsTheAttacksOfThePosition) {
  size_t n = 0;
  testing::for_each_walk_case(77, 300'000, [&](const Position& pos, const PieceAttacks& pa, Square f, Square t) {
    uint64_t want = 0;
    for (int id = 0; id < kPieces; ++id) {
      const Square s = pa.square[id];
      if (s == SQ_NONE) continue;
      const Piece pc = pos.piece_on(s);
      const Bitboard a = attacks_bb(color_of(pc), type_of(pc), s, pos.pieces());
      if (a.test(f) || a.test(t)) want |= 1ULL << id;
    }
    ASSERT_EQ(NaiveKernel::dirty40(pa, f, t), want) << pos.sfen() << " " << f << " " << t;
    ASSERT_EQ(NaiveKernel::dirty22(pa, f, t), want & kWordPieceMask);
    ++n;
  });
  EXPECT_GE(n, 300'000u);
}

// The library's feature detection (dbb/cpu.h) against CPUID/XGETBV read by the test itself: a
// wrong "no" would silently skip the AVX-512 kernels everywhere.
TEST(KernelCoverage, LibraryDetectsAvx512LikeCpuid) {
  EXPECT_EQ(cpu::has_avx512, testing::cpu_and_os_run_avx512());
  EXPECT_TRUE(cpu::has_avx512 || !testing::kBuildTargetsAvx512);
}

class DirtyKernels : public ::testing::TestWithParam<const char*> {};

TEST_P(DirtyKernels, EqualNaiveOnMillionsOfRealMoves) {
  const DirtyKernelEntry* k = find_dirty_kernel(GetParam());
  ASSERT_NE(k, nullptr);
  SASHITE_SKIP_UNAVAILABLE_KERNEL(std::string(k->name), k->available());
  size_t mismatches = 0, nonzero = 0;
  const size_t n = testing::for_each_walk_case(2009, kDefaultCases, [&](const PieceAttacks& pa, Square f, Square t) {
    const uint64_t want22 = NaiveKernel::dirty22(pa, f, t), want40 = NaiveKernel::dirty40(pa, f, t);
    const uint64_t got22 = k->dirty22(pa, f, t), got40 = k->dirty40(pa, f, t);
    nonzero += want40 != 0;
    if (got22 != want22 || got40 != want40) {
      if (++mismatches <= 5)
        ADD_FAILURE() << k->name << " from " << f << " to " << t << std::hex << ": dirty22 " << got22 << " want "
                      << want22 << ", dirty40 " << got40 << " want " << want40;
    }
  });
  EXPECT_GE(n, kDefaultCases);
  EXPECT_GT(nonzero, n / 2);  // the inputs exercise the kernels
  EXPECT_EQ(mismatches, 0u) << "of " << n;
}

std::vector<const char*> kernel_names() {  // all but the naive oracle itself
  std::vector<const char*> v;
  for (const DirtyKernelEntry& e : dirty_kernel_table())
    if (std::string_view(e.name) != NaiveKernel::kName) v.push_back(e.name);
  return v;
}
INSTANTIATE_TEST_SUITE_P(All, DirtyKernels, ::testing::ValuesIn(kernel_names()),
                         [](const auto& info) { return std::string(info.param); });

// LS3600, differential generation (2009) prints mov/and/neg/sbb/lea acc,[t+acc*2]: acc = 2*acc - touched. Run literally
// (GCC inline asm and JIT) it returns -dirty: wrong for every move that dirties a piece.
TEST(SeedSequence, AsPrintedItComputesMinusDirty) {
  size_t cases = 0, differs = 0, minus = 0, nonzero = 0;
  testing::for_each_walk_case(1, 200'000, [&](const PieceAttacks& pa, Square f, Square t) {
    const uint64_t want = NaiveKernel::dirty22(pa, f, t);
    const MoveWindow mw = move_window(f, t);
    const uint64_t* words = pa.words.w[mw.window];
    const uint64_t inline_asm = SeedLiteralSbbLeaBody::run(words, mw.mask);
    const uint64_t jit = jit_kernels().seed_literal(words, mw.mask);
    ++cases;
    nonzero += want != 0;
    differs += inline_asm != want;
    minus += inline_asm == uint64_t(0 - want) && jit == inline_asm;
  });
  EXPECT_GT(nonzero, cases / 2);
  EXPECT_EQ(differs, nonzero);  // disagrees with naive exactly when some piece is dirty
  EXPECT_EQ(minus, cases);      // and is always the negated mask
}

TEST(SeedSequence, OneFinalNegMakesItRight) {
  testing::for_each_walk_case(2, 200'000, [&](const PieceAttacks& pa, Square f, Square t) {
    const MoveWindow mw = move_window(f, t);
    const uint64_t* words = pa.words.w[mw.window];
    ASSERT_EQ(uint64_t(0 - SeedLiteralSbbLeaBody::run(words, mw.mask)), SbbLeaBody<true>::run(words, mw.mask));
    ASSERT_EQ(jit_kernels().sbb_lea(words, mw.mask), NaiveKernel::dirty22(pa, f, t));
  });
}

TEST(PieceIds, StartPositionFollowsKindThenSquare) {
  Position pos;
  StateInfo st;
  ASSERT_FALSE(pos.set(Position::kStartSfen, &st));
  auto pa = std::make_unique<PieceAttacks>();
  compute_piece_attacks(pos, *pa);
  for (PieceType raw : {PAWN, LANCE, KNIGHT, SILVER, BISHOP, ROOK, GOLD, KING}) {
    const KindIds k = kind_ids(raw);
    for (int i = 0; i < k.count; ++i) {
      const Square s = pa->square[k.first + i];
      ASSERT_NE(s, SQ_NONE) << "id " << k.first + i;
      EXPECT_EQ(raw_type(type_of(pos.piece_on(s))), raw) << "id " << k.first + i;
      if (i) {
        EXPECT_LT(pa->square[k.first + i - 1], s) << "id " << k.first + i;
      }
    }
  }
  EXPECT_EQ(pa->square[0], make_square(FILE_1, RANK_1));  // White's lance on 1a
  EXPECT_EQ(pa->square[kFirstPawnId], make_square(FILE_1, RANK_3));
}

TEST(PieceIds, PiecesInHandAndPromotedPawnsKeepTheirKindsIds) {
  // Black: tokin on 5c, pawns in hand; White: king only on board.
  Position pos;
  StateInfo st;
  ASSERT_FALSE(pos.set("4k4/9/4+P4/9/9/9/9/9/4K4 b 2P 1", &st));
  auto pa = std::make_unique<PieceAttacks>();
  compute_piece_attacks(pos, *pa);
  EXPECT_EQ(pa->square[kFirstPawnId], make_square(FILE_5, RANK_3));
  EXPECT_EQ(pa->square[kFirstPawnId + 1], SQ_NONE);
  // The tokin attacks like a gold: six squares, all in the pawn table.
  int hits = 0;
  for (Square s = SQ_ZERO; s < SQ_NB; ++s) hits += pa->pawn_hits[s] == (1ULL << kFirstPawnId);
  EXPECT_EQ(hits, 6);
}

}  // namespace
}  // namespace sashite::dbb
