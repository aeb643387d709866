// Folder base/ (layer 0): the value types, BMI2, the big tables' memory and the registry
// machinery; includes nothing of the project.
//
// Core value types: colours, squares, pieces, moves. The bottom layer: hand/ and engine/ both
// build on it, and it includes nothing of the project (their text forms are engine/types.h).
//
// Square order is file-major: sq = file * 9 + rank, with file 0 = USI file "1" (Black's right
// edge) and rank 0 = USI rank "a" (White's back rank). A file is therefore 9 contiguous squares,
// which lets lance and rook file attacks be one bit scan inside one 64-bit word (see
// bitboard.h), and a pawn step is +-1. 1a = 0, 9a = 72, 5e = 40, 9i = 80.
#pragma once

#include <cstdint>

namespace sashite {

enum Color : int { BLACK, WHITE, COLOR_NB = 2 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum File : int { FILE_1, FILE_2, FILE_3, FILE_4, FILE_5, FILE_6, FILE_7, FILE_8, FILE_9, FILE_NB };
enum Rank : int { RANK_1, RANK_2, RANK_3, RANK_4, RANK_5, RANK_6, RANK_7, RANK_8, RANK_9, RANK_NB };

enum Square : int { SQ_ZERO = 0, SQ_NB = 81, SQ_NONE = SQ_NB };

#define SASHITE_ENUM_OPS(T)                                          \
  constexpr T operator+(T a, int b) { return T(int(a) + b); }        \
  constexpr T operator-(T a, int b) { return T(int(a) - b); }        \
  constexpr T& operator++(T& a) { return a = T(int(a) + 1); }        \
  constexpr T& operator--(T& a) { return a = T(int(a) - 1); }        \
  constexpr T& operator+=(T& a, int b) { return a = T(int(a) + b); } \
  constexpr T& operator-=(T& a, int b) { return a = T(int(a) - b); }
SASHITE_ENUM_OPS(File)
SASHITE_ENUM_OPS(Rank)
SASHITE_ENUM_OPS(Square)

constexpr Square make_square(File f, Rank r) { return Square(int(f) * 9 + int(r)); }
constexpr File file_of(Square s) { return File(int(s) / 9); }
constexpr Rank rank_of(Square s) { return Rank(int(s) % 9); }
constexpr bool is_ok(Square s) { return unsigned(s) < unsigned(SQ_NB); }
// The square seen from the other side (180-degree rotation).
constexpr Square flip(Square s) { return Square(80 - int(s)); }
// Rank as seen by colour c: rank 0 is always the far (promotion) edge.
constexpr Rank relative_rank(Color c, Rank r) { return c == BLACK ? r : Rank(8 - int(r)); }
constexpr bool in_promotion_zone(Color c, Square s) { return relative_rank(c, rank_of(s)) <= RANK_3; }

// Piece types. Unpromoted kinds 1..7 are also the "raw" pieces that can be held in hand and
// dropped (the drop move stores this number in its from field). Promotion adds PROMOTED.
enum PieceType : int {
  NO_PIECE_TYPE,
  PAWN,
  LANCE,
  KNIGHT,
  SILVER,
  BISHOP,
  ROOK,
  GOLD,
  KING,
  PRO_PAWN,
  PRO_LANCE,
  PRO_KNIGHT,
  PRO_SILVER,
  HORSE,
  DRAGON,
  PIECE_TYPE_NB,
  PROMOTED = 8,
  RAW_BEGIN = PAWN,
  RAW_END = KING,  // [PAWN, KING) are the hand kinds
};
SASHITE_ENUM_OPS(PieceType)

// The hand kinds in the order SFEN and game records write a hand: rook first, pawn last.
constexpr PieceType kHandOrder[] = {ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN};

// A piece with colour: White pieces are the type plus 16.
enum Piece : int { NO_PIECE = 0, WHITE_BIT = 16, PIECE_NB = 32 };

constexpr Piece make_piece(Color c, PieceType pt) { return Piece(pt + (c << 4)); }
constexpr PieceType type_of(Piece pc) { return PieceType(pc & 15); }
constexpr Color color_of(Piece pc) { return Color(pc >> 4); }
constexpr PieceType raw_type(PieceType pt) { return pt == KING ? KING : PieceType(pt & 7); }
constexpr bool can_promote(PieceType pt) { return pt >= PAWN && pt <= ROOK; }
constexpr PieceType promote(PieceType pt) { return PieceType(pt | PROMOTED); }
// A piece of this kind could never move again from s: no drop there, no non-promotion to it.
constexpr bool is_dead_square(Color c, PieceType pt, Square s) {
  const Rank r = relative_rank(c, rank_of(s));
  return ((pt == PAWN || pt == LANCE) && r == RANK_1) || (pt == KNIGHT && r <= RANK_2);
}

// Move: 16 bits, laid out as in YaneuraOu mini (yaneurao, YaneuraOu mini (2015)):
// bits 0-6 to, bits 7-13 from (for a drop: the raw piece type), bit 14 drop, bit 15 promote.
// `to` sits in the low bits so the generator ORs a per-piece constant into each target square
// with no shift in the inner loop.
enum Move : uint16_t {
  MOVE_NONE = 0,
  MOVE_NULL = (1 << 7) + 1,  // from == to == 1: impossible for a real move
  MOVE_DROP = 1 << 14,
  MOVE_PROMOTE = 1 << 15,
};

constexpr Square to_sq(Move m) { return Square(m & 0x7f); }
constexpr Square from_sq(Move m) { return Square((m >> 7) & 0x7f); }
constexpr PieceType dropped_type(Move m) { return PieceType((m >> 7) & 0x7f); }
constexpr bool is_drop(Move m) { return (m & MOVE_DROP) != 0; }
constexpr bool is_promotion(Move m) { return (m & MOVE_PROMOTE) != 0; }
// False exactly when no flag is set and from == to: MOVE_NONE, MOVE_NULL and the 79 other
// from == to patterns, none of which a generator makes. A flag bit keeps the high half above
// any `to`, so every drop and promotion passes.
constexpr bool is_ok(Move m) { return (m >> 7) != (m & 0x7f); }

constexpr Move make_move(Square from, Square to) { return Move(to | (from << 7)); }
constexpr Move make_move_promote(Square from, Square to) { return Move(to | (from << 7) | MOVE_PROMOTE); }
constexpr Move make_move_drop(PieceType pr, Square to) { return Move(to | (pr << 7) | MOVE_DROP); }

// Move and score in one 8-byte element. yaneurao's YaneuraOu mini (2015) packs the move with a
// 16-bit score into 32 bits so that a sort compares one integer; history scores (sums of
// depth^2 bonuses over many nodes) overflow 16 bits, so the score is 32 bits here and the
// element is padded to 8 bytes: still one register, and 8 of them fill a 64-byte cache line.
struct ExtMove {
  Move move;
  int32_t score;
  operator Move() const { return move; }
  void operator=(Move m) { move = m; }
};
static_assert(sizeof(ExtMove) == 8);
constexpr bool operator<(const ExtMove& a, const ExtMove& b) { return a.score < b.score; }

// The known maximum of legal moves is 593; the slack lets the differential generator copy
// cached per-piece lists in whole 8-move blocks (64 bytes), up to 7 entries past the end.
constexpr int MAX_MOVES = 640;
constexpr int MAX_PLY = 256;

using Key = uint64_t;

}  // namespace sashite
