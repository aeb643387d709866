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
//
// Piece ids and the attack store are dbb's (dbb/piece_attacks.h): ids 0..21 as DBB words, the
// pawn-kind ids 22..39 inverted in pawn_hits. Here they are kept incrementally: a piece keeps
// its id through captures, promotions and drops, so that the id of "a rook in Black's hand"
// is found from a mask of ids in hand.
#pragma once

#include <cstring>
#include <memory>

#include "dbb/kernels.h"
#include "dbb/piece_attacks.h"
#include "movegen_full/generator.h"

namespace sashite {

namespace diff {
constexpr int kIds = dbb::kPieces;
constexpr uint8_t kNoId = 0xff;
constexpr uint64_t kAllIds = (1ULL << kIds) - 1;
constexpr uint64_t id_range(PieceType raw) {
  const dbb::KindIds k = dbb::kind_ids(raw);
  return ((1ULL << k.count) - 1) << k.first;
}
constexpr uint64_t kKingIds = id_range(KING);
// Ids whose attack set depends on occupancy (a promoted lance no longer slides; recomputing
// it anyway is harmless). Every other dirty piece keeps its set: only its list changes.
constexpr uint64_t kSliderIds = id_range(LANCE) | id_range(BISHOP) | id_range(ROOK);
}  // namespace diff

// The dirty-mask kernel do_move uses: any dbb kernel. By default AVX-512 when the build targets
// it, else the run-time choice between AVX-512 and AVX2 (the fastest two, dbb's benchmark).
#ifdef __AVX512F__
using DefaultDirtyKernel = dbb::Avx512Kernel;
#else
using DefaultDirtyKernel = dbb::SimdKernel;
#endif

template <HandLayout H, GenType Cached = GenType::LegalAll, dbb::DirtyKernel Kernel = DefaultDirtyKernel>
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
    uint8_t saved_ids[diff::kIds];
    Bitboard saved_attacks[diff::kIds];
    uint8_t regen_ids[diff::kIds];  // lists regenerated at this node, with their old refs
    ListRef regen_old[diff::kIds];
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
  Bitboard attacks_of(int id) const { return attacks_.core[id]; }
  const dbb::PieceAttacks& piece_attacks() const { return attacks_; }

  void do_move(Move m, State& st);
  void undo_move(Move m);

  // The dirty mask do_move would compute for `m` (kernel and window only: no side effects).
  uint64_t dirty_mask(Move m) const {
    const Square to = to_sq(m);
    return dbb::dirty40<Kernel>(attacks_, is_drop(m) ? to : from_sq(m), to) & ~diff::kKingIds;
  }

  // Squares attacked by colour c: the union of its pieces' kept attack sets.
  Bitboard attacked_by(Color c) const {
    Bitboard b;
    for (uint64_t ids = on_board_[c]; ids; ids &= ids - 1) b |= attacks_.core[__builtin_ctzll(ids)];
    return b;
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
  // The same for an id of diff::kSliderIds, by id range rather than through attacks_bb's
  // switch on the type (an unpredictable indirect jump): horse and dragon add the king step
  // through a mask, a promoted lance steps as a gold.
  Bitboard recompute_slider(int id) const {
    const Square s = id_sq_[id];
    const Piece pc = pos_.piece_on(s);
    const Bitboard occ = pos_.pieces();
    const uint64_t promoted = uint64_t(0) - uint64_t((pc & int(PROMOTED)) != 0);
    const Bitboard king_step = king_attacks(s) & Bitboard(promoted, promoted);
    if ((diff::id_range(BISHOP) >> id) & 1) return bishop_attacks(s, occ) | king_step;
    if ((diff::id_range(ROOK) >> id) & 1) return rook_attacks(s, occ) | king_step;
    return promoted ? gold_attacks(color_of(pc), s) : lance_attacks(color_of(pc), s, occ);
  }

  template <Color Us>
  ExtMove* generate_cached(ExtMove* list);

  // Replaces one piece's attack set in every form the kernels read.
  void set_attacks(int id, const Bitboard& b) {
    if (id < dbb::kWordPieces) {
      const dbb::DBB d = dbb::to_dbb(b);
      for (int w = 0; w < dbb::WINDOW_NB; ++w) attacks_.words.w[w][id] = d.w[w];
    } else {  // pawn kind: attacks never depend on occupancy, kept inverted
      const uint64_t bit = 1ULL << id;
      for_each_square(attacks_.core[id], [&](Square s) { attacks_.pawn_hits[s] &= ~bit; });
      for_each_square(b, [&](Square s) { attacks_.pawn_hits[s] |= bit; });
    }
    attacks_.core[id] = b;
  }

  Base pos_;
  State* st_ = nullptr;
  dbb::PieceAttacks attacks_;
  uint8_t id_on_[SQ_NB];
  Square id_sq_[diff::kIds];
  uint64_t on_board_[COLOR_NB] = {};  // ids on the board, by owner
  uint64_t in_hand_[COLOR_NB] = {};   // ids in hand, by owner
  uint64_t stale_ = 0;                // ids whose cached list is out of date
  uint64_t nonempty_ = 0;             // ids whose cached list has moves
  uint32_t arena_top_ = 0;
  ListRef lists_[diff::kIds] = {};
  std::unique_ptr<ExtMove[]> arena_;
};

template <GenType Type, HandLayout H, GenType C, class K>
ExtMove* generate(DiffPosition<H, C, K>& pos, ExtMove* list) {
  return pos.template generate<Type>(list);
}

// ---------------------------------------------------------------------------------------------

template <HandLayout H, GenType C, dbb::DirtyKernel K>
std::optional<std::string> DiffPosition<H, C, K>::set(std::string_view sfen, State* st) {
  if (auto err = pos_.set(sfen, &st->base)) return err;
  st_ = st;
  std::memset(id_on_, diff::kNoId, sizeof id_on_);
  attacks_ = dbb::PieceAttacks{};
  on_board_[BLACK] = on_board_[WHITE] = in_hand_[BLACK] = in_hand_[WHITE] = 0;
  uint64_t free_ids = diff::kAllIds;
  auto take = [&](PieceType raw) {
    const uint64_t b = free_ids & diff::id_range(raw);
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
  for (int id = 0; id < diff::kIds; ++id)
    if (free_ids >> id & 1) id_sq_[id] = SQ_NONE;
  for (int id = 0; id < diff::kIds; ++id) attacks_.square[id] = id_sq_[id];
  for (uint64_t b = on_board_[BLACK] | on_board_[WHITE]; b; b &= b - 1) {
    const int id = __builtin_ctzll(b);
    set_attacks(id, recompute_attacks(id));
  }
  stale_ = diff::kAllIds;
  nonempty_ = 0;
  arena_top_ = 0;
  st->previous = nullptr;
  st->regen_count = st->saved_count = 0;
  st->dirty = 0;
  return std::nullopt;
}

template <HandLayout H, GenType C, dbb::DirtyKernel K>
void DiffPosition<H, C, K>::do_move(Move m, State& st) {
  const Color us = side_to_move(), them = ~us;
  const Square to = to_sq(m);
  uint64_t dirty;
  int moved;
  uint8_t captured = diff::kNoId;
  if (is_drop(m)) {
    dirty = dbb::dirty40<K>(attacks_, to, to);
    moved = __builtin_ctzll(in_hand_[us] & diff::id_range(dropped_type(m)));
    in_hand_[us] ^= 1ULL << moved;
    on_board_[us] ^= 1ULL << moved;
  } else {
    const Square from = from_sq(m);
    dirty = dbb::dirty40<K>(attacks_, from, to);
    moved = id_on_[from];
    id_on_[from] = diff::kNoId;
    captured = id_on_[to];
    if (captured != diff::kNoId) {
      on_board_[them] ^= 1ULL << captured;
      in_hand_[us] ^= 1ULL << captured;
      id_sq_[captured] = SQ_NONE;
      attacks_.square[captured] = SQ_NONE;
    }
  }
  id_on_[to] = uint8_t(moved);
  id_sq_[moved] = to;
  attacks_.square[moved] = to;
  dirty = (dirty | 1ULL << moved) & ~diff::kKingIds;

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
  const uint64_t captured_bit = captured != diff::kNoId ? 1ULL << captured : 0;
  const uint64_t touched = dirty | captured_bit;
  auto replace = [&](int id, const Bitboard& b) {
    st.saved_ids[n] = uint8_t(id);
    st.saved_attacks[n++] = attacks_.core[id];
    set_attacks(id, b);
  };
  if (captured != diff::kNoId) replace(captured, Bitboard());
  replace(moved, recompute_attacks(moved));
  for (uint64_t b = dirty & diff::kSliderIds & ~(1ULL << moved | captured_bit); b; b &= b - 1) {
    const int id = __builtin_ctzll(b);
    replace(id, recompute_slider(id));
  }
  st.saved_count = uint8_t(n);
  stale_ |= touched;
  st.nonempty = nonempty_;
}

template <HandLayout H, GenType C, dbb::DirtyKernel K>
void DiffPosition<H, C, K>::undo_move(Move m) {
  State& st = *st_;
  for (int i = 0; i < st.regen_count; ++i) lists_[st.regen_ids[i]] = st.regen_old[i];
  for (int i = st.saved_count - 1; i >= 0; --i) set_attacks(st.saved_ids[i], st.saved_attacks[i]);
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
    attacks_.square[moved] = SQ_NONE;
    id_on_[to] = diff::kNoId;
  } else {
    const Square from = from_sq(m);
    id_on_[from] = uint8_t(moved);
    id_sq_[moved] = from;
    attacks_.square[moved] = from;
    id_on_[to] = st.captured_id;
    if (st.captured_id != diff::kNoId) {
      on_board_[them] ^= 1ULL << st.captured_id;
      in_hand_[us] ^= 1ULL << st.captured_id;
      id_sq_[st.captured_id] = to;
      attacks_.square[st.captured_id] = to;
    }
  }
}

template <HandLayout H, GenType C, dbb::DirtyKernel K>
template <Color Us>
ExtMove* DiffPosition<H, C, K>::generate_cached(ExtMove* list) {
  using G = detail::Generator<Us, All, H>;
  using E = Emit<Us, All>;
  const Bitboard own = pos_.pieces(Us);
  const uint64_t ids = on_board_[Us] & ~diff::kKingIds;
  uint64_t pinned_ids = 0;
  for_each_square(pos_.pinned(), [&](Square s) { pinned_ids |= 1ULL << id_on_[s]; });
  const uint64_t cached = ids & ~pinned_ids;

  // Regenerate the mover's stale lists into the arena. Two kinds: lists made stale by the move
  // into this node (undone with it), and lists inherited stale from the parent, which this
  // move did not touch. The latter are the same for every sibling, so they are charged to the
  // parent: logged in its state and removed from the stale set this move's undo restores.
  // Each list is thus rebuilt once per node that needs it, and never for a side that does not
  // move next (a leaf's opponent).
  State& st = *st_;
  State& owner = st.previous ? *st.previous : st;
  const uint64_t stale_own = stale_ & ids;
  auto regenerate = [&](uint64_t which, State& log) {
    for (uint64_t b = which; b; b &= b - 1) {
      const int id = __builtin_ctzll(b);
      const Square from = id_sq_[id];
      ExtMove* begin = arena_.get() + arena_top_;
      ExtMove* end = E::piece(begin, type_of(pos_.piece_on(from)), from, attacks_.core[id].andnot(own));
      log.regen_ids[log.regen_count] = uint8_t(id);
      log.regen_old[log.regen_count++] = lists_[id];
      lists_[id] = {arena_top_, uint32_t(end - begin)};
      arena_top_ += uint32_t(end - begin);
      nonempty_ = (nonempty_ & ~(1ULL << id)) | uint64_t(end != begin) << id;
    }
  };
  if (const uint64_t inherited = stale_own & ~st.dirty; inherited && st.previous) {
    regenerate(inherited, owner);
    st.stale &= ~inherited;
    st.nonempty = (st.nonempty & ~inherited) | (nonempty_ & inherited);
    st.arena_top = arena_top_;  // this move's undo keeps them
    regenerate(stale_own & st.dirty, st);
  } else {
    regenerate(stale_own, st);
  }
  stale_ &= ~ids;

  // Serialise: whole 8-move blocks (32 bytes); the output has room for the overshoot.
  for (uint64_t b = cached & nonempty_; b; b &= b - 1) {
    const ListRef r = lists_[__builtin_ctzll(b)];
    const ExtMove* src = arena_.get() + r.offset;
    std::memcpy(list, src, 8 * sizeof(ExtMove));  // most pieces have at most 8 moves
    for (uint32_t i = 8; i < r.count; i += 8) std::memcpy(list + i, src + i, 8 * sizeof(ExtMove));
    list += r.count;
  }

  // Pinned pieces: fresh, restricted to their pin line.
  if (pinned_ids) {
    const Square ksq = pos_.king_square(Us);
    for (uint64_t b = pinned_ids; b; b &= b - 1) {
      const int id = __builtin_ctzll(b);
      const Square from = id_sq_[id];
      list = E::piece(list, type_of(pos_.piece_on(from)), from, attacks_.core[id].andnot(own) & line_bb(ksq, from));
    }
  }
  // King: not in check, no enemy ray ends on our king, so lifting it off the board lengthens
  // none and the union of the kept enemy attack sets is exactly where it may not step: one
  // pass over the enemy's ids instead of the full generator's attacker test per target.
  if (const Square ksq = pos_.king_square(Us); ksq != SQ_NONE)
    list = emit_moves(list, king_attacks(ksq).andnot(own | attacked_by(~Us)), ksq << 7);
  return G::drops(pos_, list, pos_.empties());
}

template <HandLayout H, GenType C, dbb::DirtyKernel K>
std::string DiffPosition<H, C, K>::consistency_error() const {
  if (auto e = pos_.consistency_error(); !e.empty()) return e;
  uint64_t seen = 0;
  for (Square s = SQ_ZERO; s < SQ_NB; ++s) {
    const Piece pc = pos_.piece_on(s);
    if ((pc == NO_PIECE) != (id_on_[s] == diff::kNoId)) return "id map disagrees with the board at " + to_usi(s);
    if (pc == NO_PIECE) continue;
    const int id = id_on_[s];
    if (id_sq_[id] != s) return "id square disagrees with the id map";
    if (!(diff::id_range(raw_type(type_of(pc))) >> id & 1)) return "id of the wrong kind";
    if (!(on_board_[color_of(pc)] >> id & 1)) return "on-board mask disagrees";
    seen |= 1ULL << id;
    if (!(attacks_.core[id] == recompute_attacks(id))) return "stale attack set for id " + std::to_string(id);
    if (id < dbb::kWordPieces && !(dbb::to_bitboard(dbb::DBB{{attacks_.words.w[0][id], attacks_.words.w[1][id],
                                                              attacks_.words.w[2][id]}}) == attacks_.core[id]))
      return "attack words disagree with the attack set for id " + std::to_string(id);
  }
  if ((on_board_[BLACK] | on_board_[WHITE]) != seen) return "on-board masks hold ids that are not on the board";
  // Every list not marked stale equals a fresh emission of its piece's moves.
  for (uint64_t b = seen & ~stale_ & ~diff::kKingIds; b; b &= b - 1) {
    const int id = __builtin_ctzll(b);
    const Square from = id_sq_[id];
    const Piece pc = pos_.piece_on(from);
    ExtMove fresh[MAX_MOVES];
    const Bitboard targets = attacks_.core[id].andnot(pos_.pieces(color_of(pc)));
    const ExtMove* end = color_of(pc) == BLACK ? Emit<BLACK, All>::piece(fresh, type_of(pc), from, targets)
                                               : Emit<WHITE, All>::piece(fresh, type_of(pc), from, targets);
    const ListRef r = lists_[id];
    if (uint32_t(end - fresh) != r.count || bool(nonempty_ >> id & 1) != (r.count != 0))
      return "cached list of id " + std::to_string(id) + " has the wrong length";
    for (uint32_t i = 0; i < r.count; ++i)
      if (fresh[i].move != arena_[r.offset + i].move) return "cached list of id " + std::to_string(id) + " is stale";
  }
  for (Color c : {BLACK, WHITE})
    for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr)
      if (__builtin_popcountll(in_hand_[c] & diff::id_range(pr)) != pos_.hand(c).count(pr)) return "hand ids disagree with the hand";
  return {};
}

}  // namespace sashite
