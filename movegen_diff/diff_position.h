// Differential move generation (seed 003): a Position that keeps, for each of the 40 pieces, its
// attack set and a cached list of its moves. do_move marks dirty every piece whose attacks
// touch `from` or `to` (a dirty-mask kernel over the DBB attack words) and recomputes those
// attack sets; generate() regenerates only the stale lists of the side to move and serialises
// all lists into the output by block copies.
//
// Why the dirty set is exact: a piece's move list depends on its square, its attack set and
// the own-colour occupancy of that set. A move changes occupancy only at `from` and `to`; a
// slider whose ray opens at `from` or closes at `to` already had that square in its set
// before the move. Promotion choices depend on from/to only. Pins, check and king safety
// change at every move, so they are handled per node, not cached: pinned pieces are emitted
// afresh with their pin line, the king's moves and all drops come from the full generator,
// and in check the whole evasion set falls back to the full generator.
#pragma once

#include <cstring>
#include <memory>

#include "movegen_diff/attack_words.h"
#include "movegen_full/generator.h"

namespace sashite {

template <HandLayout H, GenType Cached = GenType::LegalAll, class Kernel = DefaultDirtyKernel>
class DiffPosition {
  static_assert(Cached == GenType::LegalAll || Cached == GenType::Legal, "lists cache a complete move set");
  static constexpr bool All = Cached == GenType::LegalAll;

  struct ListRef {
    uint32_t offset;
    uint32_t count;
  };

 public:
  using Base = BasicPosition<H>;
  using KernelType = Kernel;

  // Per ply: the base state plus what undo_move needs to restore in place.
  struct State {
    StateInfo base;
    State* previous;
    uint64_t stale;      // before the move
    uint32_t arena_top;  // before the move
    uint64_t nonempty;   // before the move
    uint64_t dirty;      // pieces the move made dirty (exposed for tests and benchmarks)
    uint8_t moved_id, captured_id;
    uint8_t saved_count, regen_count;
    uint8_t saved_ids[PIECE_ID_NB];
    uint64_t saved_words[PIECE_ID_NB][3];
    uint8_t regen_ids[PIECE_ID_NB];  // lists regenerated at this node, with their old refs
    ListRef regen_old[PIECE_ID_NB];
  };

  DiffPosition() : arena_(new ExtMove[kArenaSize]) {}
  DiffPosition(const DiffPosition&) = delete;
  DiffPosition& operator=(const DiffPosition&) = delete;

  std::optional<std::string> set(std::string_view sfen, State* st);

  const Base& base() const { return pos_; }
  Color side_to_move() const { return pos_.side_to_move(); }
  bool in_check() const { return pos_.in_check(); }
  std::string sfen() const { return pos_.sfen(); }
  Key key() const { return pos_.key(); }
  const State* state() const { return st_; }
  uint8_t id_on(Square s) const { return id_on_[s]; }
  Square id_square(int id) const { return id_sq_[id]; }
  Bitboard attacks_of(int id) const { return words_.get(id); }
  const AttackWords& attack_words() const { return words_; }

  void do_move(Move m, State& st);
  void undo_move(Move m);

  // The dirty mask do_move would compute for `m` (kernel and window only: no side effects).
  uint64_t dirty_mask(Move m) const {
    const MoveWindow w = is_drop(m) ? drop_window(to_sq(m)) : move_window(from_sq(m), to_sq(m));
    return Kernel::run(words_.w[w.word], w.mask) & ~kKingIds;
  }

  // Debug: ids, attack sets and cached lists agree with a recomputation; returns what is wrong.
  std::string consistency_error() const;

  template <GenType Type>
  ExtMove* generate(ExtMove* list) {
    if constexpr (Type != Cached) return sashite::generate<Type>(pos_, list);
    else if (pos_.in_check()) return sashite::generate<Type>(pos_, list);
    else return side_to_move() == BLACK ? generate_cached<BLACK>(list) : generate_cached<WHITE>(list);
  }

 private:
  static constexpr size_t kArenaSize = size_t(MAX_PLY + 2) * MAX_MOVES + 16;

  Bitboard recompute_attacks(int id) const {
    const Square s = id_sq_[id];
    const Piece pc = pos_.piece_on(s);
    return attacks_bb(color_of(pc), type_of(pc), s, pos_.pieces());
  }

  template <Color Us>
  ExtMove* generate_cached(ExtMove* list);

  Base pos_;
  State* st_ = nullptr;
  AttackWords words_;
  uint8_t id_on_[SQ_NB];
  Square id_sq_[PIECE_ID_NB];
  uint64_t on_board_[COLOR_NB] = {};  // ids on the board, by owner
  uint64_t in_hand_[COLOR_NB] = {};   // ids in hand, by owner
  uint64_t stale_ = 0;                // ids whose cached list is out of date
  uint64_t nonempty_ = 0;             // ids whose cached list has moves
  uint32_t arena_top_ = 0;
  ListRef lists_[PIECE_ID_NB] = {};
  std::unique_ptr<ExtMove[]> arena_;
};

template <GenType Type, HandLayout H, GenType C, class K>
ExtMove* generate(DiffPosition<H, C, K>& pos, ExtMove* list) {
  return pos.template generate<Type>(list);
}

// ---------------------------------------------------------------------------------------------

template <HandLayout H, GenType C, class K>
std::optional<std::string> DiffPosition<H, C, K>::set(std::string_view sfen, State* st) {
  if (auto err = pos_.set(sfen, &st->base)) return err;
  st_ = st;
  std::memset(id_on_, NO_ID, sizeof id_on_);
  words_ = AttackWords{};
  on_board_[BLACK] = on_board_[WHITE] = in_hand_[BLACK] = in_hand_[WHITE] = 0;
  uint64_t free_ids = kAllIds;
  auto take = [&](PieceType raw) {
    const uint64_t b = free_ids & id_range(raw);
    const int id = __builtin_ctzll(b);  // set() validated the counts against the real set
    free_ids &= ~(1ULL << id);
    return id;
  };
  for (Square s = SQ_ZERO; s < SQ_NB; ++s)
    if (const Piece pc = pos_.piece_on(s); pc != NO_PIECE) {
      const int id = take(raw_type(type_of(pc)));
      id_on_[s] = uint8_t(id);
      id_sq_[id] = s;
      on_board_[color_of(pc)] |= 1ULL << id;
    }
  for (Color c : {BLACK, WHITE})
    for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr)
      for (int n = pos_.hand(c).count(pr); n > 0; --n) {
        const int id = take(pr);
        id_sq_[id] = SQ_NONE;
        in_hand_[c] |= 1ULL << id;
      }
  // Pieces missing from the SFEN (mate problems) keep their ids unused.
  for (int id = 0; id < PIECE_ID_NB; ++id)
    if (free_ids >> id & 1) id_sq_[id] = SQ_NONE;
  for (uint64_t b = (on_board_[BLACK] | on_board_[WHITE]) & ~kKingIds; b; b &= b - 1) {
    const int id = __builtin_ctzll(b);
    words_.set(id, recompute_attacks(id));
  }
  stale_ = kAllIds;
  nonempty_ = 0;
  arena_top_ = 0;
  st->previous = nullptr;
  st->regen_count = st->saved_count = 0;
  st->dirty = 0;
  return std::nullopt;
}

template <HandLayout H, GenType C, class K>
void DiffPosition<H, C, K>::do_move(Move m, State& st) {
  const Color us = side_to_move(), them = ~us;
  const Square to = to_sq(m);
  uint64_t dirty;
  int moved;
  uint8_t captured = NO_ID;
  if (is_drop(m)) {
    dirty = K::run(words_.w[to < 64 ? 0 : 2], 1ULL << window_bit(to < 64 ? 0 : 2, to));
    moved = __builtin_ctzll(in_hand_[us] & id_range(dropped_type(m)));
    in_hand_[us] ^= 1ULL << moved;
    on_board_[us] ^= 1ULL << moved;
  } else {
    const Square from = from_sq(m);
    const MoveWindow w = move_window(from, to);
    dirty = K::run(words_.w[w.word], w.mask);
    moved = id_on_[from];
    id_on_[from] = NO_ID;
    captured = id_on_[to];
    if (captured != NO_ID) {
      on_board_[them] ^= 1ULL << captured;
      in_hand_[us] ^= 1ULL << captured;
      id_sq_[captured] = SQ_NONE;
    }
  }
  id_on_[to] = uint8_t(moved);
  id_sq_[moved] = to;
  dirty = (dirty | 1ULL << moved) & ~kKingIds;

  st.stale = stale_;
  st.arena_top = arena_top_;
  st.dirty = dirty;
  st.moved_id = uint8_t(moved);
  st.captured_id = captured;
  st.regen_count = 0;
  st.previous = st_;
  pos_.do_move(m, st.base);
  st_ = &st;

  // A dirty step piece keeps its attack set (only its list changes); sliders whose rays meet
  // from/to, the moved piece and a captured one (whose set becomes empty) get new sets.
  int n = 0;
  const uint64_t captured_bit = captured != NO_ID ? 1ULL << captured : 0;
  const uint64_t touched = dirty | captured_bit;
  for (uint64_t b = (dirty & kSliderIds) | (1ULL << moved) | captured_bit; b; b &= b - 1) {
    const int id = __builtin_ctzll(b);
    st.saved_ids[n] = uint8_t(id);
    st.saved_words[n][0] = words_.w[0][id];
    st.saved_words[n][1] = words_.w[1][id];
    st.saved_words[n][2] = words_.w[2][id];
    ++n;
    words_.set(id, id_sq_[id] == SQ_NONE ? Bitboard() : recompute_attacks(id));
  }
  st.saved_count = uint8_t(n);
  stale_ |= touched;
  st.nonempty = nonempty_;
}

template <HandLayout H, GenType C, class K>
void DiffPosition<H, C, K>::undo_move(Move m) {
  State& st = *st_;
  for (int i = 0; i < st.regen_count; ++i) lists_[st.regen_ids[i]] = st.regen_old[i];
  for (int i = 0; i < st.saved_count; ++i) {
    const int id = st.saved_ids[i];
    words_.w[0][id] = st.saved_words[i][0];
    words_.w[1][id] = st.saved_words[i][1];
    words_.w[2][id] = st.saved_words[i][2];
  }
  stale_ = st.stale;
  arena_top_ = st.arena_top;
  nonempty_ = st.nonempty;
  pos_.undo_move(m);
  st_ = st.previous;

  const Color us = side_to_move(), them = ~us;
  const Square to = to_sq(m);
  const int moved = st.moved_id;
  if (is_drop(m)) {
    in_hand_[us] ^= 1ULL << moved;
    on_board_[us] ^= 1ULL << moved;
    id_sq_[moved] = SQ_NONE;
    id_on_[to] = NO_ID;
  } else {
    const Square from = from_sq(m);
    id_on_[from] = uint8_t(moved);
    id_sq_[moved] = from;
    id_on_[to] = st.captured_id;
    if (st.captured_id != NO_ID) {
      on_board_[them] ^= 1ULL << st.captured_id;
      in_hand_[us] ^= 1ULL << st.captured_id;
      id_sq_[st.captured_id] = to;
    }
  }
}

template <HandLayout H, GenType C, class K>
template <Color Us>
ExtMove* DiffPosition<H, C, K>::generate_cached(ExtMove* list) {
  using G = detail::Generator<Us, All, H>;
  using E = Emit<Us, All>;
  const Bitboard own = pos_.pieces(Us);
  const uint64_t ids = on_board_[Us] & ~kKingIds;
  uint64_t pinned_ids = 0;
  for_each_square(pos_.pinned(Us), [&](Square s) { pinned_ids |= 1ULL << id_on_[s]; });
  const uint64_t cached = ids & ~pinned_ids;

  // Regenerate the stale lists of both sides into the arena (undo_move puts the old references
  // back). Refreshing the opponent's lists here too means every child of this node finds
  // them fresh, instead of each child redoing the pieces dirtied by the move into this node.
  State& st = *st_;
  for (uint64_t b = stale_ & (on_board_[BLACK] | on_board_[WHITE]) & ~kKingIds; b; b &= b - 1) {
    const int id = __builtin_ctzll(b);
    const Square from = id_sq_[id];
    const Piece pc = pos_.piece_on(from);
    ExtMove* begin = arena_.get() + arena_top_;
    const Bitboard targets = words_.get(id).andnot(pos_.pieces(color_of(pc)));
    ExtMove* end = color_of(pc) == BLACK ? Emit<BLACK, All>::piece(begin, type_of(pc), from, targets)
                                         : Emit<WHITE, All>::piece(begin, type_of(pc), from, targets);
    st.regen_ids[st.regen_count] = uint8_t(id);
    st.regen_old[st.regen_count++] = lists_[id];
    lists_[id] = {arena_top_, uint32_t(end - begin)};
    arena_top_ += uint32_t(end - begin);
    nonempty_ = (nonempty_ & ~(1ULL << id)) | uint64_t(end != begin) << id;
  }
  stale_ = 0;

  // Serialise: whole 16-move blocks (64 bytes); the output has room for the overshoot.
  for (uint64_t b = cached & nonempty_; b; b &= b - 1) {
    const ListRef r = lists_[__builtin_ctzll(b)];
    const ExtMove* src = arena_.get() + r.offset;
    for (uint32_t i = 0; i < r.count; i += 16) std::memcpy(list + i, src + i, 16 * sizeof(ExtMove));
    list += r.count;
  }

  // Pinned pieces: fresh, restricted to their pin line.
  if (pinned_ids) {
    const Square ksq = pos_.king_square(Us);
    for (uint64_t b = pinned_ids; b; b &= b - 1) {
      const int id = __builtin_ctzll(b);
      const Square from = id_sq_[id];
      list = E::piece(list, type_of(pos_.piece_on(from)), from, words_.get(id).andnot(own) & line_bb(ksq, from));
    }
  }
  list = G::king_moves(pos_, list, ~own);
  return G::drops(pos_, list, pos_.empties());
}

template <HandLayout H, GenType C, class K>
std::string DiffPosition<H, C, K>::consistency_error() const {
  if (auto e = pos_.consistency_error(); !e.empty()) return e;
  uint64_t seen = 0;
  for (Square s = SQ_ZERO; s < SQ_NB; ++s) {
    const Piece pc = pos_.piece_on(s);
    if ((pc == NO_PIECE) != (id_on_[s] == NO_ID)) return "id map disagrees with the board at " + to_usi(s);
    if (pc == NO_PIECE) continue;
    const int id = id_on_[s];
    if (id_sq_[id] != s) return "id square disagrees with the id map";
    if (!(id_range(raw_type(type_of(pc))) >> id & 1)) return "id of the wrong kind";
    if (!(on_board_[color_of(pc)] >> id & 1)) return "on-board mask disagrees";
    seen |= 1ULL << id;
    if (type_of(pc) != KING && !(words_.get(id) == recompute_attacks(id))) return "stale attack set for id " + std::to_string(id);
  }
  if ((on_board_[BLACK] | on_board_[WHITE]) != seen) return "on-board masks hold ids that are not on the board";
  for (Color c : {BLACK, WHITE})
    for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr)
      if (__builtin_popcountll(in_hand_[c] & id_range(pr)) != pos_.hand(c).count(pr)) return "hand ids disagree with the hand";
  return {};
}

}  // namespace sashite
