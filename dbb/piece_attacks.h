// The per-piece attack sets a differential generator keeps (LS3600, differential generation (2009)), for one position,
// in the forms the dirty-flag kernels read.
//
// Piece ids (stable for a given position): the 40 pieces of the real set are numbered by kind
// in PieceType order, then by square, pieces on the board before pieces in hand (which attack
// nothing), a promoted piece counting as its raw kind:
//   lances 0-3, knights 4-7, silvers 8-11, bishops 12-13, rooks 14-15, golds 16-19,
//   kings 20-21, pawns 22-39.
// A kind with fewer pieces on the board and in hand (a mate problem) leaves its last ids empty.
//
// Ids 0..21 are the 22 "attack word" pieces of LS3600, differential generation (2009), held as DBBs. The 18 pawn-kind
// pieces (ids 22..39) have attacks that never depend on occupancy, even promoted (a tokin moves as a gold), so they are
// kept inverted: pawn_hits[s] = the ids of pawn-kind pieces attacking s. Their part of the dirty mask is then
// pawn_hits[from] | pawn_hits[to], two loads, whatever the number of pawns; the post's pawn-bitboard scan (at most 2
// pawns per side) would miss tokins. pawn_hits changes only when a pawn-kind piece moves, is captured or dropped.
#pragma once

#include <cstdint>

#include "dbb/dbb.h"
#include "engine/position.h"

namespace sashite::dbb {

constexpr int kWordPieces = 22;   // ids 0..21: attack words
constexpr int kPaddedWords = 24;  // 22 padded with empty sets to 3 x 8 (one zmm = 8 words)
constexpr int kPieces = 40;
constexpr int kFirstPawnId = kWordPieces;
constexpr uint64_t kWordPieceMask = (1ULL << kWordPieces) - 1;

// First id and count of each raw kind (index: PieceType PAWN..KING).
struct KindIds {
  int first, count;
};
constexpr KindIds kind_ids(PieceType raw) {
  switch (raw) {
    case LANCE: return {0, 4};
    case KNIGHT: return {4, 4};
    case SILVER: return {8, 4};
    case BISHOP: return {12, 2};
    case ROOK: return {14, 2};
    case GOLD: return {16, 4};
    case KING: return {20, 2};
    case PAWN: return {22, 18};
    default: return {0, 0};
  }
}

// One window's words are contiguous (window-major), so a SIMD kernel reads one window as
// three 8-word vectors; a scalar kernel reads the same words at stride 8.
struct alignas(64) AttackWords {
  uint64_t w[WINDOW_NB][kPaddedWords];
};

struct PieceAttacks {
  AttackWords words;          // ids 0..21 as DBB windows, ids 22, 23 empty
  uint64_t pawn_hits[SQ_NB];  // bit id (22..39) of each pawn-kind piece attacking the square
  Bitboard core[kPieces];     // every id in the core layout: the naive kernel and the tests
  Square square[kPieces];     // SQ_NONE when in hand or absent
};

// The true attack sets of the position's pieces (attacks_bb on the current occupancy).
void compute_piece_attacks(const Position& pos, PieceAttacks& out);

}  // namespace sashite::dbb
