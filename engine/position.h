// Folder engine/ (layer 2): the common core, bitboards, attacks, Position, SFEN, notation and
// USI text; includes base/ and hand/ only.
//
// Position: board, hands, side to move, and the state stack that do_move/undo_move keep.
//
// The hand layout is a template parameter (hand/hand.h); Position is the default layout.
// Keys: kept in two parts, board and hands, combined by the hashing scheme the hand type
// selects (hand/key_scheme.h): XOR-Zobrist by default, merom686's (shogi686 hands, 2016) additive key on request.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "engine/bitboard.h"
#include "hand/layouts.h"

namespace sashite {

struct SfenBoard;  // engine/sfen.h

// What do_move changes and undo_move cannot recompute cheaply. One per ply, owned by the
// caller (a stack array in search and perft), linked through `previous`.
struct StateInfo {
  Key key;                         // the position's key: board_key and hand_key combined by the scheme
  Key board_key;                   // pieces on squares (and side to move, xor scheme)
  Key hand_key;                    // xor: XOR over (colour, kind, count) of both hands;
                                   // additive: raw hand of the side to move, plus the spare bit if White
  uint64_t stm_hand;               // raw hand of the side to move (repetition and superiority checks)
  int continuous_check[COLOR_NB];  // plies over which every move of that colour gave check
  Bitboard checkers;               // enemy pieces giving check to the side to move
  Bitboard blockers;               // pieces of either colour that alone shield the side to move's king
  Piece captured;
  int plies_from_null;
  StateInfo* previous;
};

// Zobrist keys, built at compile time from a fixed seed (position.cpp): the same on every run,
// and valid before any code runs.
namespace zobrist {
struct Keys {
  Key psq[PIECE_NB][SQ_NB];
  Key hand[COLOR_NB][RAW_END][19];  // [colour][kind][count]; count 0 is 0
  Key side;                         // White to move
};
extern const Keys kKeys;
inline constexpr const auto& psq = kKeys.psq;
inline constexpr const auto& hand = kKeys.hand;
inline constexpr const Key& side = kKeys.side;
}  // namespace zobrist

template <HandLayout H>
class BasicPosition {
 public:
  using Hand = H;
  using State = StateInfo;
  using Keys = KeySchemeOf<H>;
  static constexpr std::string_view kStartSfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

  BasicPosition() = default;
  BasicPosition(const BasicPosition&) = delete;
  BasicPosition& operator=(const BasicPosition&) = delete;

  // Parses an SFEN (the USI keyword "startpos" is not one: pass kStartSfen) with parse_sfen
  // (engine/sfen.h). On failure returns a message naming the problem and leaves the position
  // unchanged.
  std::optional<std::string> set(std::string_view sfen, StateInfo* si);
  std::string sfen() const;  // write_sfen's canonical text
  std::string pretty() const;

  // Board access
  Piece piece_on(Square s) const { return board_[s]; }
  Color side_to_move() const { return side_; }
  int game_ply() const { return game_ply_; }
  const Hand& hand(Color c) const { return hand_[c]; }
  Square king_square(Color c) const { return king_[c]; }  // SQ_NONE when that side has none
  Bitboard pieces() const { return by_type_[NO_PIECE_TYPE]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
  template <class... Pts>
  Bitboard pieces(PieceType pt, Pts... pts) const {
    return by_type_[pt] | pieces(pts...);
  }
  template <class... Pts>
  Bitboard pieces(Color c, PieceType pt, Pts... pts) const {
    return by_color_[c] & pieces(pt, pts...);
  }
  Bitboard golds() const { return pieces(GOLD, PRO_PAWN, PRO_LANCE, PRO_KNIGHT, PRO_SILVER); }
  Bitboard empties() const { return ~pieces(); }

  // Checks and pins
  Bitboard checkers() const { return st_->checkers; }
  bool in_check() const { return bool(st_->checkers); }
  // The side to move's pieces pinned to its king (blockers are kept for that king only).
  Bitboard pinned() const { return st_->blockers & pieces(side_); }
  Bitboard blockers_for_king(Color c) const;  // computed afresh, for either colour
  Bitboard attackers_to(Color c, Square s, const Bitboard& occ) const;
  Bitboard attackers_to(Color c, Square s) const { return attackers_to(c, s, pieces()); }
  // attackers_to(c, s, occ) != 0, cheaper: step attackers first, sliders only when one of
  // them stands on a line through s (the king-move test calls this once per target).
  bool attacked_by(Color c, Square s, const Bitboard& occ) const;
  bool gives_check(Move m) const;  // m legal; no do_move
  // Would dropping a pawn on `to` by the side to move checkmate (uchifuzume)? Only called
  // when the drop gives check.
  bool pawn_drop_mates(Square to) const;

  // Validation of any 16-bit value, without generating (engine/legality.cpp): a TT or killer
  // move may be garbage. pseudo_legal: the move's encoding and the piece rules (own piece on
  // `from`, reachable `to`, promotion and drop rules, nifu). legal, for a pseudo-legal m: the
  // king rules (no king into attack, pins, check resolved) and uchifuzume. Together they accept
  // exactly GenType::LegalAll.
  bool pseudo_legal(Move m) const;
  bool legal(Move m) const;
  // Static exchange evaluation of a legal m: does it win at least `threshold` (values in
  // engine/piece_value.h) when both sides capture on to_sq(m) with their least valuable
  // piece for as long as it pays? Promotion: see legality.cpp.
  bool see_ge(Move m, int threshold) const;
  // The position as evaluation reads it (a differential position returns its base).
  const BasicPosition& board() const { return *this; }

  // Moves. `m` must be legal (the generators guarantee it); undo_move takes the same move.
  void do_move(Move m, StateInfo& st);
  void undo_move(Move m);
  void do_null_move(StateInfo& st);
  void undo_null_move();
  Piece moved_piece(Move m) const { return is_drop(m) ? make_piece(side_, dropped_type(m)) : board_[from_sq(m)]; }
  bool is_capture(Move m) const { return !is_drop(m) && board_[to_sq(m)] != NO_PIECE; }

  // Keys
  Key key() const { return st_->key; }
  static constexpr Key combine_keys(Key board, Key hand) { return Keys::combine(board, hand); }
  Key board_key() const { return st_->board_key; }
  Key hand_key() const { return st_->hand_key; }
  Key compute_board_key() const;
  // board_key() after the legal move m, without making it (a table prefetch's address).
  Key board_key_after(Move m) const {
    Key k = st_->board_key ^ side_key();
    const Square to = to_sq(m);
    if (is_drop(m)) return k ^ zobrist::psq[make_piece(side_, dropped_type(m))][to];
    const Piece pc = board_[from_sq(m)];
    if (board_[to] != NO_PIECE) k ^= zobrist::psq[board_[to]][to];
    return k ^ zobrist::psq[pc][from_sq(m)] ^ zobrist::psq[is_promotion(m) ? Piece(pc | int(PROMOTED)) : pc][to];
  }
  // key() after the legal move m, without making it: the search prefetches the move's TT
  // bucket before do_move, so the load overlaps do_move's own work. The new side to move's
  // hand is not changed by the move, which is all side_changed reads.
  Key key_after(Move m) const {
    const Color us = side_;
    Key hand = st_->hand_key;
    if (is_drop(m))
      hand = Keys::count_changed(hand, zobrist::hand, us, dropped_type(m), hand_[us], -1);
    else if (const Piece captured = board_[to_sq(m)]; captured != NO_PIECE)
      hand = Keys::count_changed(hand, zobrist::hand, us, raw_type(type_of(captured)), hand_[us], +1);
    return combine_keys(board_key_after(m), Keys::side_changed(hand, hand_, ~us));
  }
  Key compute_hand_key() const;
  const StateInfo* state() const { return st_; }

  // Debug: every redundant field agrees with the board; returns what is wrong, or empty.
  std::string consistency_error() const;

 private:
  void place_pieces(const SfenBoard& b);  // board, bitboards, kings and hands
  void init_state(StateInfo* si);         // the root state, from scratch
  Bitboard step_attackers_to(Color c, Square s) const;
  // Inlined by force: GCC keeps the toggle out of line otherwise, a call per piece moved.
  [[gnu::always_inline]] void toggle_bitboards(Square s, Piece pc) {
    const Bitboard b = square_bb(s);
    by_type_[NO_PIECE_TYPE] ^= b;
    by_type_[type_of(pc)] ^= b;
    by_color_[color_of(pc)] ^= b;
  }
  // Putting and removing are the same bitboard toggle; only the board entry differs.
  [[gnu::always_inline]] void put_piece(Square s, Piece pc) {
    board_[s] = pc;
    toggle_bitboards(s, pc);
  }
  [[gnu::always_inline]] void remove_piece(Square s, Piece pc) {
    board_[s] = NO_PIECE;
    toggle_bitboards(s, pc);
  }
  // A board move's toggles, the same for make and unmake (XOR): a piece of kind pc leaves from,
  // one of kind moved (pc or its promotion) stands on to, and captured (or NO_PIECE) leaves to;
  // on_capture() runs in the same branch (the hand and keys), not in a second test. Two squares in
  // one toggle per bitboard, where a remove and a put toggle each twice.
  template <class OnCapture>
  [[gnu::always_inline]] void toggle_board_move(Square from, Square to, Piece pc, Piece moved, Piece captured,
                                                OnCapture&& on_capture) {
    const Bitboard from_bb = square_bb(from), to_bb = square_bb(to);
    by_color_[color_of(pc)] ^= from_bb | to_bb;
    by_type_[type_of(pc)] ^= from_bb;
    by_type_[type_of(moved)] ^= to_bb;
    if (captured != NO_PIECE) {
      by_type_[type_of(captured)] ^= to_bb;
      by_color_[color_of(captured)] ^= to_bb;
      by_type_[NO_PIECE_TYPE] ^= from_bb;
      on_capture();
    } else {
      by_type_[NO_PIECE_TYPE] ^= from_bb | to_bb;
    }
  }
  void update_check_info();
  // The same after a move of `us` that put `moved` on `to`, cheaper: only that piece can give a
  // step check, since the enemy king was not in check before it (SFENs that say otherwise are
  // refused).
  [[gnu::always_inline]] inline void update_check_info_after(Color us, Piece moved, Square to);
  Key side_key() const { return Keys::kSideRandom ? zobrist::side : 0; }

  Piece board_[SQ_NB] = {};
  Bitboard by_type_[PIECE_TYPE_NB];  // [NO_PIECE_TYPE] = all occupied squares
  Bitboard by_color_[COLOR_NB];
  Hand hand_[COLOR_NB] = {};
  Square king_[COLOR_NB] = {SQ_NONE, SQ_NONE};
  Color side_ = BLACK;
  int game_ply_ = 1;
  StateInfo* st_ = nullptr;
};

using Position = BasicPosition<DefaultHand>;

}  // namespace sashite
