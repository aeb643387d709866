#include "bitboard.h"

#include <sstream>
#include <vector>

namespace sashite {
namespace tables {
Bitboard square_bb[SQ_NB + 1];
Bitboard file_bb[FILE_NB];
Bitboard rank_bb[RANK_NB];
Bitboard zone_bb[COLOR_NB];
Bitboard step_attacks[COLOR_NB][PIECE_TYPE_NB][SQ_NB];
Bitboard between_bb[SQ_NB][SQ_NB];
Bitboard line_bb[SQ_NB][SQ_NB];
Bitboard bishop_pseudo[SQ_NB];
Bitboard rook_pseudo[SQ_NB];
Bitboard lance_pseudo[COLOR_NB][SQ_NB];
PextEntry bishop_pext[SQ_NB];
Bitboard bishop_table[20224];
Bitboard rank_table[FILE_NB][128];
uint16_t file_table[3][RANK_NB][128];
}  // namespace tables

namespace {


struct Delta { int df, dr; };

bool on_board(int f, int r) { return f >= 0 && f < 9 && r >= 0 && r < 9; }

Bitboard set_bit(Bitboard b, Square s) {
  if (s < 63) b.p[0] |= 1ULL << s; else b.p[1] |= 1ULL << (s - 63);
  return b;
}

// Slow ray walk used only to fill tables.
Bitboard slide(Square s, const Bitboard& occ, std::initializer_list<Delta> dirs) {
  Bitboard a;
  for (Delta d : dirs) {
    int f = file_of(s) + d.df, r = rank_of(s) + d.dr;
    while (on_board(f, r)) {
      Square t = make_square(File(f), Rank(r));
      a = set_bit(a, t);
      if (occ.test(t)) break;
      f += d.df, r += d.dr;
    }
  }
  return a;
}

constexpr std::initializer_list<Delta> kDiagonals = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
constexpr std::initializer_list<Delta> kOrthogonals = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};

// Relevant occupancy for a bishop: its rays without the last square of each.
Bitboard bishop_mask(Square s) {
  Bitboard m;
  for (Delta d : kDiagonals) {
    int f = file_of(s) + d.df, r = rank_of(s) + d.dr;
    while (on_board(f + d.df, r + d.dr)) {
      m = set_bit(m, make_square(File(f), Rank(r)));
      f += d.df, r += d.dr;
    }
  }
  return m;
}

void init_steps() {
  const std::vector<Delta> pawn = {{0, -1}}, knight = {{1, -2}, {-1, -2}},
                           silver = {{0, -1}, {1, -1}, {-1, -1}, {1, 1}, {-1, 1}},
                           gold = {{0, -1}, {1, -1}, {-1, -1}, {1, 0}, {-1, 0}, {0, 1}},
                           king = {{0, -1}, {1, -1}, {-1, -1}, {1, 0}, {-1, 0}, {0, 1}, {1, 1}, {-1, 1}};
  for (Color c : {BLACK, WHITE})
    for (Square s = SQ_ZERO; s < SQ_NB; ++s) {
      auto fill = [&](const std::vector<Delta>& ds) {
        Bitboard b;
        for (Delta d : ds) {
          int dr = c == BLACK ? d.dr : -d.dr;
          int f = file_of(s) + d.df, r = rank_of(s) + dr;
          if (on_board(f, r)) b = set_bit(b, make_square(File(f), Rank(r)));
        }
        return b;
      };
      tables::step_attacks[c][PAWN][s] = fill(pawn);
      tables::step_attacks[c][KNIGHT][s] = fill(knight);
      tables::step_attacks[c][SILVER][s] = fill(silver);
      for (PieceType pt : {GOLD, PRO_PAWN, PRO_LANCE, PRO_KNIGHT, PRO_SILVER})
        tables::step_attacks[c][pt][s] = fill(gold);
      for (PieceType pt : {KING, HORSE, DRAGON}) tables::step_attacks[c][pt][s] = fill(king);
      tables::lance_pseudo[c][s] = slide(s, Bitboard(), {{0, c == BLACK ? -1 : 1}});
    }
}

void init_sliders() {
  uint32_t offset = 0;
  for (Square s = SQ_ZERO; s < SQ_NB; ++s) {
    Bitboard m = bishop_mask(s);
    tables::PextEntry& e = tables::bishop_pext[s];
    e.mask0 = m.p[0];
    e.mask1 = m.p[1];
    e.shift1 = __builtin_popcountll(m.p[0]);
    e.offset = offset;
    const unsigned n = m.popcount();
    for (uint64_t idx = 0; idx < (1ULL << n); ++idx) {
      Bitboard occ(_pdep_u64(idx, e.mask0), _pdep_u64(idx >> e.shift1, e.mask1));
      tables::bishop_table[offset + idx] = slide(s, occ, kDiagonals);
    }
    offset += 1u << n;
    tables::bishop_pseudo[s] = slide(s, Bitboard(), kDiagonals);
    tables::rook_pseudo[s] = slide(s, Bitboard(), kOrthogonals);
  }
  if (offset != sizeof(tables::bishop_table) / sizeof(tables::bishop_table[0])) __builtin_trap();  // table sized by hand

  // Rank table: index bit k (k < 6) = file k+2 occupied, bit 6 = file 8 occupied.
  for (File f = FILE_1; f < FILE_NB; ++f)
    for (unsigned idx = 0; idx < 128; ++idx) {
      Bitboard occ;
      for (int k = 0; k < 7; ++k)
        if (idx >> k & 1) occ = set_bit(occ, make_square(File(k + 1), RANK_1));
      tables::rank_table[f][idx] = slide(make_square(f, RANK_1), occ, {{1, 0}, {-1, 0}});
    }

  // File table: file 1 (bits 0..8 of word 0) stands for every file; bit k of idx = rank k+2.
  for (Rank r = RANK_1; r < RANK_NB; ++r)
    for (unsigned idx = 0; idx < 128; ++idx) {
      const Bitboard occ(uint64_t(idx) << 1, 0);
      const Square s = make_square(FILE_1, r);
      tables::file_table[0][r][idx] = uint16_t(slide(s, occ, {{0, -1}}).p[0]);
      tables::file_table[1][r][idx] = uint16_t(slide(s, occ, {{0, 1}}).p[0]);
      tables::file_table[2][r][idx] = tables::file_table[0][r][idx] | tables::file_table[1][r][idx];
    }
}

void init_lines() {
  for (Square a = SQ_ZERO; a < SQ_NB; ++a)
    for (Delta d : {Delta{1, 0}, Delta{0, 1}, Delta{1, 1}, Delta{1, -1}, Delta{-1, 0}, Delta{0, -1}, Delta{-1, -1}, Delta{-1, 1}}) {
      // The full line through a in direction +-d.
      Bitboard line = set_bit(Bitboard(), a);
      for (int sign : {1, -1}) {
        int f = file_of(a) + sign * d.df, r = rank_of(a) + sign * d.dr;
        for (; on_board(f, r); f += sign * d.df, r += sign * d.dr) line = set_bit(line, make_square(File(f), Rank(r)));
      }
      Bitboard between;
      int f = file_of(a) + d.df, r = rank_of(a) + d.dr;
      for (; on_board(f, r); f += d.df, r += d.dr) {
        Square b = make_square(File(f), Rank(r));
        tables::line_bb[a][b] = line;
        tables::between_bb[a][b] = between;
        between = set_bit(between, b);
      }
    }
}

struct Init {
  Init() {
    for (Square s = SQ_ZERO; s < SQ_NB; ++s) {
      tables::square_bb[s] = set_bit(Bitboard(), s);
      tables::file_bb[file_of(s)] = set_bit(tables::file_bb[file_of(s)], s);
      tables::rank_bb[rank_of(s)] = set_bit(tables::rank_bb[rank_of(s)], s);
      if (in_promotion_zone(BLACK, s)) tables::zone_bb[BLACK] = set_bit(tables::zone_bb[BLACK], s);
      if (in_promotion_zone(WHITE, s)) tables::zone_bb[WHITE] = set_bit(tables::zone_bb[WHITE], s);
    }
    init_steps();
    init_sliders();
    init_lines();
  }
} const init_tables;

}  // namespace

Bitboard attacks_bb(Color c, PieceType pt, Square s, const Bitboard& occ) {
  switch (pt) {
    case LANCE: return lance_attacks(c, s, occ);
    case BISHOP: return bishop_attacks(s, occ);
    case ROOK: return rook_attacks(s, occ);
    case HORSE: return horse_attacks(s, occ);
    case DRAGON: return dragon_attacks(s, occ);
    default: return step_attacks(c, pt, s);
  }
}

std::string pretty(const Bitboard& b) {
  std::ostringstream os;
  for (Rank r = RANK_1; r < RANK_NB; ++r) {
    for (File f = FILE_9; f >= FILE_1; --f) os << (b.test(make_square(f, r)) ? " *" : " .");
    os << '\n';
  }
  return os.str();
}

}  // namespace sashite
