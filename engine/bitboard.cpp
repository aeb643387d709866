#include "bitboard.h"

#include <sstream>

#include "engine/sliders/rays.h"

namespace sashite {

namespace {

struct Delta {
  int df, dr;
};  // dr < 0 is towards rank a (Black's forward)

constexpr Delta kDiagonals[] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
constexpr Delta kOrthogonals[] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};
constexpr Delta kRankDirections[] = {{1, 0}, {-1, 0}};
constexpr Delta kFileDirections[] = {{0, 1}, {0, -1}};

constexpr bool on_board(int f, int r) { return f >= 0 && f < 9 && r >= 0 && r < 9; }

using slider_tables::with;  // a square added to a bitboard, in constant evaluation

// The slow ray walk the tables are filled from: each direction up to the edge or the first
// occupied square, which is included.
template <size_t N>
constexpr Bitboard slide(Square s, const Bitboard& occ, const Delta (&dirs)[N]) {
  Bitboard a;
  for (Delta d : dirs)
    for (int f = file_of(s) + d.df, r = rank_of(s) + d.dr; on_board(f, r); f += d.df, r += d.dr) {
      const Square t = make_square(File(f), Rank(r));
      a = with(a, t);
      if (occ.test(t)) break;
    }
  return a;
}

// Relevant occupancy for a bishop: its rays without the last square of each.
constexpr Bitboard bishop_mask(Square s) {
  Bitboard m;
  for (Delta d : kDiagonals)
    for (int f = file_of(s) + d.df, r = rank_of(s) + d.dr; on_board(f + d.df, r + d.dr); f += d.df, r += d.dr)
      m = with(m, make_square(File(f), Rank(r)));
  return m;
}

constexpr int bishop_entries() {
  int n = 0;
  for (Square s = SQ_ZERO; s < SQ_NB; ++s) n += 1 << bishop_mask(s).popcount();
  return n;
}
static_assert(bishop_entries() == AttackTables::kBishopEntries);

// The squares one step away in each direction; dr is flipped for White.
template <size_t N>
constexpr Bitboard steps(Color c, Square s, const Delta (&dirs)[N]) {
  Bitboard b;
  for (Delta d : dirs) {
    const int f = file_of(s) + d.df, r = rank_of(s) + (c == BLACK ? d.dr : -d.dr);
    if (on_board(f, r)) b = with(b, make_square(File(f), Rank(r)));
  }
  return b;
}

constexpr void fill_squares(AttackTables& t) {
  for (Square s = SQ_ZERO; s < SQ_NB; ++s) {
    t.square[s] = with(Bitboard(), s);
    t.file[file_of(s)] = with(t.file[file_of(s)], s);
    t.rank[rank_of(s)] = with(t.rank[rank_of(s)], s);
    for (Color c : {BLACK, WHITE})
      if (in_promotion_zone(c, s)) t.zone[c] = with(t.zone[c], s);
  }
}

constexpr void fill_steps(AttackTables& t) {
  constexpr Delta pawn[] = {{0, -1}}, knight[] = {{1, -2}, {-1, -2}},
                  silver[] = {{0, -1}, {1, -1}, {-1, -1}, {1, 1}, {-1, 1}},
                  gold[] = {{0, -1}, {1, -1}, {-1, -1}, {1, 0}, {-1, 0}, {0, 1}},
                  king[] = {{0, -1}, {1, -1}, {-1, -1}, {1, 0}, {-1, 0}, {0, 1}, {1, 1}, {-1, 1}};
  for (Color c : {BLACK, WHITE})
    for (Square s = SQ_ZERO; s < SQ_NB; ++s) {
      t.step[c][PAWN][s] = steps(c, s, pawn);
      t.step[c][KNIGHT][s] = steps(c, s, knight);
      t.step[c][SILVER][s] = steps(c, s, silver);
      for (PieceType pt : {GOLD, PRO_PAWN, PRO_LANCE, PRO_KNIGHT, PRO_SILVER}) t.step[c][pt][s] = steps(c, s, gold);
      for (PieceType pt : {KING, HORSE, DRAGON}) t.step[c][pt][s] = steps(c, s, king);
      const Delta forward[] = {{0, c == BLACK ? -1 : 1}};
      t.lance_pseudo[c][s] = slide(s, Bitboard(), forward);
    }
}

constexpr Square msb(const Bitboard& b) {
  return b.p[1] ? Square(126 - __builtin_clzll(b.p[1])) : Square(63 - __builtin_clzll(b.p[0]));
}

// The bishop table holds 20224 attack sets: each is built from four ray lookups (the ray from
// the square minus the ray beyond its nearest blocker), cheap enough for the compilers'
// constant-evaluation step limits, which a square-by-square walk per entry exceeds.
constexpr void fill_bishop(AttackTables& t) {
  Bitboard ray[4][SQ_NB] = {};  // from a square to the edge, the square excluded
  for (int d = 0; d < 4; ++d)
    for (Square s = SQ_ZERO; s < SQ_NB; ++s) {
      const Delta one[] = {kDiagonals[d]};
      ray[d][s] = slide(s, Bitboard(), one);
    }
  uint32_t offset = 0;
  for (Square s = SQ_ZERO; s < SQ_NB; ++s) {
    const Bitboard m = bishop_mask(s);
    AttackTables::PextIndex& e = t.bishop_index[s];
    e = {m.p[0], m.p[1], uint32_t(__builtin_popcountll(m.p[0])), offset};
    // Subsets of each word's mask in increasing PEXT order (n = (n - mask) & mask), word 0
    // inner: the entries come out in index order.
    uint64_t o1 = 0;
    do {
      uint64_t o0 = 0;
      do {
        const Bitboard occ(o0, o1);
        Bitboard a;
        for (int d = 0; d < 4; ++d) {
          const Bitboard blockers = ray[d][s] & occ;
          // Directions 0 and 1 raise the square index (file + 1): the nearest blocker is the
          // lowest square, in the other two the highest.
          a |= !blockers ? ray[d][s] : ray[d][s] ^ ray[d][d < 2 ? blockers.lsb() : msb(blockers)];
        }
        t.bishop[offset++] = a;
        o0 = (o0 - m.p[0]) & m.p[0];
      } while (o0);
      o1 = (o1 - m.p[1]) & m.p[1];
    } while (o1);
    t.bishop_pseudo[s] = ray[0][s] | ray[1][s] | ray[2][s] | ray[3][s];
  }
}

// The rook and the lance: empty-board rook attacks, the rank table and the file table.
constexpr void fill_orthogonal(AttackTables& t) {
  for (Square s = SQ_ZERO; s < SQ_NB; ++s) t.rook_pseudo[s] = slide(s, Bitboard(), kOrthogonals);

  // Rank table: index bit k (k < 6) = file k+2 occupied, bit 6 = file 8 occupied.
  for (File f = FILE_1; f < FILE_NB; ++f)
    for (unsigned idx = 0; idx < 128; ++idx) {
      Bitboard occ;
      for (int k = 0; k < 7; ++k)
        if (idx >> k & 1) occ = with(occ, make_square(File(k + 1), RANK_1));
      t.rank_attacks[f][idx] = slide(make_square(f, RANK_1), occ, kRankDirections);
    }

  // File table: file 1 (bits 0..8 of word 0) stands for every file; bit k of idx = rank k+2.
  for (Rank r = RANK_1; r < RANK_NB; ++r)
    for (unsigned idx = 0; idx < 128; ++idx) {
      const Bitboard occ(uint64_t(idx) << 1, 0);
      const Square s = make_square(FILE_1, r);
      const Delta black_forward[] = {{0, -1}}, white_forward[] = {{0, 1}};
      t.file_attacks[BLACK][r][idx] = uint16_t(slide(s, occ, black_forward).p[0]);
      t.file_attacks[WHITE][r][idx] = uint16_t(slide(s, occ, white_forward).p[0]);
      t.file_attacks[2][r][idx] = uint16_t(slide(s, occ, kFileDirections).p[0]);
    }
}

constexpr void fill_lines(AttackTables& t) {
  constexpr Delta kAll[] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}, {-1, 0}, {0, -1}, {-1, -1}, {-1, 1}};
  for (Square a = SQ_ZERO; a < SQ_NB; ++a)
    for (Delta d : kAll) {
      const Delta both[] = {d, {-d.df, -d.dr}};
      const Bitboard line = with(slide(a, Bitboard(), both), a);
      Bitboard between;
      for (int f = file_of(a) + d.df, r = rank_of(a) + d.dr; on_board(f, r); f += d.df, r += d.dr) {
        const Square b = make_square(File(f), Rank(r));
        t.line[a][b] = line;
        t.between[a][b] = between;
        between = with(between, b);
      }
    }
}

// Needs the step, lance, bishop and rook tables.
constexpr void fill_king_reach(AttackTables& t) {
  for (Square k = SQ_ZERO; k < SQ_NB; ++k) {
    AttackTables::KingReach& r = t.king_reach[k];
    const Bitboard around = t.step[BLACK][KING][k];
    for (Square s = SQ_ZERO; s < SQ_NB; ++s) {
      if (!around.test(s)) continue;
      // A piece of colour c attacks s from the squares that the same piece of ~c attacks from s.
      for (Color c : {BLACK, WHITE}) {
        for (PieceType pt : {PAWN, KNIGHT, SILVER, GOLD, KING}) r.steppers[c] |= t.step[~c][pt][s];
        r.lances[c] |= t.lance_pseudo[~c][s];
      }
      r.bishops |= t.bishop_pseudo[s];
      r.rooks |= t.rook_pseudo[s];
      r.near |= around | t.step[BLACK][KING][s];
    }
    for (Color c : {BLACK, WHITE}) {
      AttackTables::CheckMovers& m = t.check_movers[c][k];
      const Bitboard gold = t.step[~c][GOLD][k], pawn = t.step[~c][PAWN][k] | gold,
                     knight = t.step[~c][KNIGHT][k] | gold, silver = t.step[~c][SILVER][k] | gold;
      // A piece of colour c moves to s from the squares that the same piece of ~c attacks from s.
      for (Square s = SQ_ZERO; s < SQ_NB; ++s) {
        if (!(knight.test(s) || silver.test(s))) continue;  // the union of the four
        if (pawn.test(s)) m.pawn |= t.step[~c][PAWN][s];
        if (knight.test(s)) m.knight |= t.step[~c][KNIGHT][s];
        if (silver.test(s)) m.silver |= t.step[~c][SILVER][s];
        if (gold.test(s)) m.gold |= t.step[~c][GOLD][s];
      }
    }
  }
}

constexpr AttackTables build_tables() {
  AttackTables t{};
  fill_squares(t);
  fill_steps(t);
  fill_bishop(t);
  fill_orthogonal(t);
  fill_lines(t);
  fill_king_reach(t);
  return t;
}

}  // namespace

constinit const AttackTables kTables = build_tables();

std::string pretty(const Bitboard& b) {
  std::ostringstream os;
  for (Rank r = RANK_1; r < RANK_NB; ++r) {
    for (File f = FILE_9; f >= FILE_1; --f) os << (b.test(make_square(f, r)) ? " *" : " .");
    os << '\n';
  }
  return os.str();
}

}  // namespace sashite
