#include "engine/position.h"

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <sstream>

#include "engine/sfen.h"

namespace sashite {

namespace zobrist {
namespace {
constexpr Keys build_keys() {
  Keys keys{};
  uint64_t s = 0x9E3779B97F4A7C15ULL;  // fixed seed: keys are reproducible across runs
  auto next = [&s] {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return s * 0x2545F4914F6CDD1DULL;
  };
  for (auto& row : keys.psq)
    for (Key& k : row) k = next();
  for (auto& c : keys.hand)
    for (auto& pr : c)
      for (Key& k : pr) k = next();
  for (auto& c : keys.hand)
    for (auto& pr : c) pr[0] = 0;  // an empty count adds nothing
  keys.side = next();
  return keys;
}
}  // namespace
constinit const Keys kKeys = build_keys();
}  // namespace zobrist

namespace {

// "P" for a pawn: pretty() names a kind in hand by its Black letter.
std::string letter(PieceType pr) { return std::string(1, piece_to_char(make_piece(BLACK, pr))); }

}  // namespace

template <HandLayout H>
std::optional<std::string> BasicPosition<H>::set(std::string_view sfen, StateInfo* si) {
  SfenBoard b;
  if (auto err = parse_sfen(sfen, b)) return err;  // checked in full first: a rejected SFEN changes nothing
  place_pieces(b);
  side_ = b.side;
  game_ply_ = b.move_number;
  init_state(si);
  return std::nullopt;
}

template <HandLayout H>
void BasicPosition<H>::place_pieces(const SfenBoard& b) {
  for (auto& bb : by_type_) bb = Bitboard();
  for (auto& bb : by_color_) bb = Bitboard();
  king_[BLACK] = king_[WHITE] = SQ_NONE;
  for (Square s = SQ_ZERO; s < SQ_NB; ++s) {
    board_[s] = NO_PIECE;
    if (b.board[s] != NO_PIECE) {
      put_piece(s, b.board[s]);
      if (type_of(b.board[s]) == KING) king_[color_of(b.board[s])] = s;
    }
  }
  for (Color c : {BLACK, WHITE}) {
    hand_[c] = H{};
    for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr) hand_[c].set(pr, b.hand[c][pr]);
  }
}

// The root state of a freshly set position: keys and checks computed from scratch.
template <HandLayout H>
void BasicPosition<H>::init_state(StateInfo* si) {
  *si = StateInfo{};
  st_ = si;
  st_->board_key = compute_board_key();
  st_->hand_key = compute_hand_key();
  st_->key = combine_keys(st_->board_key, st_->hand_key);
  st_->stm_hand = hand_[side_].raw();
  update_check_info();
}

template <HandLayout H>
std::string BasicPosition<H>::sfen() const {
  SfenBoard b;
  std::copy(std::begin(board_), std::end(board_), b.board.begin());
  for (Color c : {BLACK, WHITE})
    for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr) b.hand[c][pr] = hand_[c].count(pr);
  b.side = side_;
  b.move_number = game_ply_;
  return write_sfen(b);
}

template <HandLayout H>
std::string BasicPosition<H>::pretty() const {
  std::ostringstream os;
  auto hand_text = [&](Color c) {
    std::string t;
    for (PieceType pr : kHandOrder)
      if (int n = hand_[c].count(pr)) t += letter(pr) + (n > 1 ? std::to_string(n) : "") + " ";
    return t.empty() ? std::string("-") : t;
  };
  os << "White hand: " << hand_text(WHITE) << "\n";
  os << "  9  8  7  6  5  4  3  2  1\n";
  for (Rank r = RANK_1; r < RANK_NB; ++r) {
    for (File f = FILE_9; f >= FILE_1; --f) {
      const Piece pc = board_[make_square(f, r)];
      if (pc == NO_PIECE) {
        os << "  .";
        continue;
      }
      const bool prom = type_of(pc) & PROMOTED && type_of(pc) != KING;
      os << (prom ? " +" : "  ") << piece_to_char(pc);
    }
    os << "  " << char('a' + r) << "\n";
  }
  os << "Black hand: " << hand_text(BLACK) << "\n";
  os << "Side to move: " << (side_ == BLACK ? "Black (b)" : "White (w)") << "\n";
  os << "Sfen: " << sfen() << "\n";
  char key_text[17];
  std::snprintf(key_text, sizeof key_text, "%016llx", static_cast<unsigned long long>(this->key()));
  os << "Key: " << key_text << "\nCheckers:";
  for_each_square(checkers(), [&](Square s) { os << ' ' << to_usi(s); });
  os << "\n";
  return os.str();
}

// Pieces of either colour that would attack s by a step if they were c's: attacks towards s
// are the reverse colour's steps from s. Horse, dragon and king step like a silver plus a gold.
template <HandLayout H>
Bitboard BasicPosition<H>::step_attackers_to(Color c, Square s) const {
  const Color t = ~c;
  const Bitboard hdk = pieces(HORSE, DRAGON, KING);
  return (pawn_attacks(t, s) & pieces(PAWN)) | (knight_attacks(t, s) & pieces(KNIGHT)) |
         (silver_attacks(t, s) & (pieces(SILVER) | hdk)) | (gold_attacks(t, s) & (golds() | hdk));
}

// Flattened: GCC 12 left rook_attacks and step_attackers_to out of line here once the SFEN
// parser moved out of this unit, which slowed do_move when its check test still called this
// (FINDINGS.md F-unit-inlining); the pawn-drop-mate test and null moves still do.
template <HandLayout H>
[[gnu::flatten]] Bitboard BasicPosition<H>::attackers_to(Color c, Square s, const Bitboard& occ) const {
  return (step_attackers_to(c, s) | (lance_attacks(~c, s, occ) & pieces(LANCE)) |
          (bishop_attacks(s, occ) & pieces(BISHOP, HORSE)) | (rook_attacks(s, occ) & pieces(ROOK, DRAGON))) &
         pieces(c);
}

template <HandLayout H>
bool BasicPosition<H>::attacked_by(Color c, Square s, const Bitboard& occ) const {
  const Bitboard theirs = pieces(c);
  if (step_attackers_to(c, s) & theirs) return true;
  const Bitboard lances = pieces(LANCE) & theirs & lance_pseudo_attacks(~c, s);
  const Bitboard rooks = pieces(ROOK, DRAGON) & theirs & rook_pseudo_attacks(s);
  const Bitboard bishops = pieces(BISHOP, HORSE) & theirs & bishop_pseudo_attacks(s);
  return (lances && (lance_attacks(~c, s, occ) & lances)) || (rooks && (rook_attacks(s, occ) & rooks)) ||
         (bishops && (bishop_attacks(s, occ) & bishops));
}

namespace {
// One walk over the enemy sliders on the lines of c's king on ksq: returns the pieces that alone
// shield it, and adds to `checkers` the sliders with nothing between. Inlined by force into both
// users: update_check_info_after runs it in every do_move.
template <class Pos>
[[gnu::always_inline]] inline Bitboard walk_king_lines(const Pos& pos, Color c, Square ksq, Bitboard& checkers) {
  const Bitboard snipers = pos.pieces(~c) & ((lance_pseudo_attacks(c, ksq) & pos.pieces(LANCE)) |
                                             (rook_pseudo_attacks(ksq) & pos.pieces(ROOK, DRAGON)) |
                                             (bishop_pseudo_attacks(ksq) & pos.pieces(BISHOP, HORSE)));
  Bitboard blockers;
  const Bitboard occ = pos.pieces();
  for_each_square(snipers, [&](Square s) {
    const Bitboard b = between_bb(ksq, s) & occ;
    if (!b)
      checkers |= square_bb(s);
    else if (!b.more_than_one())
      blockers |= b;
  });
  return blockers;
}
}  // namespace

template <HandLayout H>
Bitboard BasicPosition<H>::blockers_for_king(Color c) const {
  Bitboard checkers;
  return king_[c] == SQ_NONE ? Bitboard() : walk_king_lines(*this, c, king_[c], checkers);
}

template <HandLayout H>
void BasicPosition<H>::update_check_info() {
  const Square ksq = king_[side_];
  st_->checkers = ksq == SQ_NONE ? Bitboard() : attackers_to(~side_, ksq);
  st_->blockers = blockers_for_king(side_);
}

// After us moved a piece of kind `moved` to `to`: a step check can only come from the moved
// piece, and the sliding checkers come with the blockers, so no slider's attacks are computed.
template <HandLayout H>
void BasicPosition<H>::update_check_info_after(Color us, Piece moved, Square to) {
  const Square ksq = king_[~us];
  Bitboard checkers, blockers;
  if (ksq != SQ_NONE) {
    if (step_attacks(us, type_of(moved), to).test(ksq)) checkers = square_bb(to);
    blockers = walk_king_lines(*this, ~us, ksq, checkers);
  }
  st_->checkers = checkers;
  st_->blockers = blockers;
}

template <HandLayout H>
bool BasicPosition<H>::gives_check(Move m) const {
  const Color us = side_;
  const Square ksq = king_[~us];
  if (ksq == SQ_NONE) return false;
  const Square to = to_sq(m);
  PieceType pt;
  Bitboard occ = pieces() | square_bb(to);
  Bitboard ours = pieces(us) | square_bb(to);
  if (is_drop(m)) {
    pt = dropped_type(m);
  } else {
    const Square from = from_sq(m);
    pt = type_of(board_[from]);
    if (is_promotion(m)) pt = promote(pt);
    occ ^= square_bb(from);
    ours ^= square_bb(from);
  }
  if (attacks_bb(us, pt, to, occ).test(ksq)) return true;
  if (is_drop(m)) return false;
  // Discovered: one of our sliders, other than the moved piece, now reaches the king.
  const Bitboard sliders = ours.andnot(square_bb(to)) & ((lance_attacks(~us, ksq, occ) & pieces(LANCE)) |
                                                         (bishop_attacks(ksq, occ) & pieces(BISHOP, HORSE)) |
                                                         (rook_attacks(ksq, occ) & pieces(ROOK, DRAGON)));
  return bool(sliders);
}

template <HandLayout H>
bool BasicPosition<H>::pawn_drop_mates(Square to) const {
  const Color us = side_, them = ~us;
  const Square ksq = king_[them];
  const Bitboard occ = pieces() | square_bb(to);
  // 1. The king takes the pawn (the king leaves ksq, which may open a line onto `to`).
  if (!attacked_by(us, to, occ ^ square_bb(ksq))) return false;
  // 2. Another defender takes it without exposing its own king.
  const Bitboard pinned = blockers_for_king(them) & pieces(them);
  Bitboard defenders = attackers_to(them, to, occ).andnot(square_bb(ksq));
  for (; defenders;) {
    const Square s = defenders.pop_lsb();
    if (!pinned.test(s) || aligned(s, to, ksq)) return false;
  }
  // 3. The king steps away.
  Bitboard escapes = king_attacks(ksq).andnot(pieces(them) | square_bb(to));
  const Bitboard occ_without_king = occ ^ square_bb(ksq);
  while (escapes)
    if (!attacked_by(us, escapes.pop_lsb(), occ_without_king)) return false;
  return true;
}

template <HandLayout H>
void BasicPosition<H>::do_move(Move m, StateInfo& st) {
  st.board_key = st_->board_key ^ side_key();
  st.hand_key = st_->hand_key;
  st.plies_from_null = st_->plies_from_null + 1;
  st.previous = st_;
  st_ = &st;
  ++game_ply_;

  const Color us = side_;
  const Square to = to_sq(m);
  Piece moved;
  if (is_drop(m)) {
    const PieceType pr = dropped_type(m);
    const Piece pc = make_piece(us, pr);
    st.hand_key = Keys::count_changed(st.hand_key, zobrist::hand, us, pr, hand_[us], -1);
    hand_[us].sub(pr);
    put_piece(to, pc);
    st.board_key ^= zobrist::psq[pc][to];
    st.captured = NO_PIECE;
    moved = pc;
  } else {
    const Square from = from_sq(m);
    const Piece pc = board_[from];
    const Piece captured = board_[to];
    st.captured = captured;
    moved = is_promotion(m) ? Piece(pc | int(PROMOTED)) : pc;
    toggle_board_move(from, to, pc, moved, captured, [&] {
      const PieceType pr = raw_type(type_of(captured));
      st.hand_key = Keys::count_changed(st.hand_key, zobrist::hand, us, pr, hand_[us], +1);
      hand_[us].add(pr);
      st.board_key ^= zobrist::psq[captured][to];
    });
    board_[from] = NO_PIECE;
    board_[to] = moved;
    st.board_key ^= zobrist::psq[pc][from] ^ zobrist::psq[moved][to];
    if (type_of(pc) == KING) king_[us] = to;
  }
  side_ = ~us;
  st.hand_key = Keys::side_changed(st.hand_key, hand_, ~us);
  st.key = combine_keys(st.board_key, st.hand_key);
  st.stm_hand = hand_[~us].raw();
  update_check_info_after(us, moved, to);
  // Counted in plies (2 per move) so that "checked through the last i plies" is one compare.
  st.continuous_check[us] = st.checkers ? st_->previous->continuous_check[us] + 2 : 0;
  st.continuous_check[~us] = st_->previous->continuous_check[~us];
}

template <HandLayout H>
void BasicPosition<H>::undo_move(Move m) {
  side_ = ~side_;
  const Color us = side_;
  const Square to = to_sq(m);
  if (is_drop(m)) {
    remove_piece(to, board_[to]);
    hand_[us].add(dropped_type(m));
  } else {
    const Square from = from_sq(m);
    const Piece moved = board_[to];
    const Piece pc = is_promotion(m) ? Piece(moved & ~int(PROMOTED)) : moved;
    const Piece captured = st_->captured;
    toggle_board_move(from, to, pc, moved, captured, [&] { hand_[us].sub(raw_type(type_of(captured))); });
    board_[from] = pc;
    board_[to] = captured;
    if (type_of(pc) == KING) king_[us] = from;
  }
  st_ = st_->previous;
  --game_ply_;
}

template <HandLayout H>
void BasicPosition<H>::do_null_move(StateInfo& st) {
  st = *st_;
  st.board_key ^= side_key();
  st.hand_key = Keys::side_changed(st.hand_key, hand_, ~side_);
  st.key = combine_keys(st.board_key, st.hand_key);
  st.stm_hand = hand_[~side_].raw();
  st.continuous_check[side_] = 0;  // passing is not a check
  st.plies_from_null = 0;
  st.captured = NO_PIECE;
  st.previous = st_;
  st_ = &st;
  side_ = ~side_;
  update_check_info();
}

template <HandLayout H>
void BasicPosition<H>::undo_null_move() {
  st_ = st_->previous;
  side_ = ~side_;
}

template <HandLayout H>
Key BasicPosition<H>::compute_board_key() const {
  Key k = side_ == WHITE ? side_key() : 0;
  for (Square s = SQ_ZERO; s < SQ_NB; ++s)
    if (board_[s] != NO_PIECE) k ^= zobrist::psq[board_[s]][s];
  return k;
}

template <HandLayout H>
Key BasicPosition<H>::compute_hand_key() const {
  return Keys::of_hands(hand_, side_, zobrist::hand);
}

template <HandLayout H>
std::string BasicPosition<H>::consistency_error() const {
  Bitboard type[PIECE_TYPE_NB], color[COLOR_NB];
  Square king[COLOR_NB] = {SQ_NONE, SQ_NONE};
  for (Square s = SQ_ZERO; s < SQ_NB; ++s) {
    const Piece pc = board_[s];
    if (pc == NO_PIECE) continue;
    type[NO_PIECE_TYPE] |= square_bb(s);
    type[type_of(pc)] |= square_bb(s);
    color[color_of(pc)] |= square_bb(s);
    if (type_of(pc) == KING) king[color_of(pc)] = s;
  }
  for (PieceType pt = NO_PIECE_TYPE; pt < PIECE_TYPE_NB; ++pt)
    if (!(type[pt] == by_type_[pt])) return "piece-type bitboard " + std::to_string(pt) + " disagrees with the board";
  for (Color c : {BLACK, WHITE}) {
    if (!(color[c] == by_color_[c])) return "colour bitboard disagrees with the board";
    if (king[c] != king_[c]) return "king square disagrees with the board";
  }
  if (st_->board_key != compute_board_key()) return "incremental board key differs from the recomputed one";
  if (st_->hand_key != compute_hand_key()) return "incremental hand key differs from the recomputed one";
  if (st_->key != combine_keys(st_->board_key, st_->hand_key))
    return "stored key is not the combined board and hand keys";
  if (st_->stm_hand != uint64_t(hand_[side_].raw())) return "stored hand of the side to move is stale";
  const Square ksq = king_[side_];
  if (!(st_->checkers == (ksq == SQ_NONE ? Bitboard() : attackers_to(~side_, ksq)))) return "checkers are stale";
  if (!(st_->blockers == blockers_for_king(side_))) return "blockers are stale";
  return {};
}

#define SASHITE_INSTANTIATE_POSITION(H) template class BasicPosition<H>;
SASHITE_FOR_EACH_HAND_LAYOUT(SASHITE_INSTANTIATE_POSITION)

}  // namespace sashite
