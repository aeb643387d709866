// Folder movegen_diff/ (layer 5): the differential generator; includes the layers below
// (movegen_full/ for the per-piece emission, dbb/ for the kernels).
//
// Differential move generation (LS3600, differential generation (2009)): a Position that keeps,
// for each of the 40 pieces, its attack set and a cached list of its moves. Before generating,
// sync() marks dirty every piece whose attacks touch the squares the moves since the last
// generation changed (a dirty-mask kernel over the DBB attack words), recomputes the attack sets
// that can have changed, and marks stale the lists that can have changed; generate() regenerates
// the side to move's stale lists and serialises all its lists by block copies.
//
// Why the stale set is sufficient (a list is kept only when it cannot have changed): a piece's
// list depends on its square, its attack set and which squares of that set hold its own side's
// pieces. A move changes occupancy only at `from` and `to`, and a slider's ray can only open or
// close there if the ray already held that square. So beside the moved piece, only dirty
// pieces can change, and of those:
//   - sliders of either side: their attack set changes, so does their list;
//   - step pieces of the mover: `from` becomes a target, `to` stops being one;
//   - step pieces of the other side: `from` turns from a capture into a quiet move and `to`
//     from empty into a capture — the same Move values. Only a capture changes their lists
//     (`to` held one of theirs), so only then are they marked.
// Promotion choices depend on from/to alone. Pins and king safety change at every move, so
// they are not cached: pinned pieces are emitted afresh along their pin line, the king's moves
// come from the union of the enemy's kept attack sets, drops from the full generator, and in
// check the whole evasion set comes from the full generator. The lists cache one complete
// move set, GenType::LegalAll (perft) or GenType::Legal.
//
// A search asks for categories instead (search/move_picker.h): captures first, quiets only if
// nothing cut the node off. Those named in `Kept` (a mask of GenTypes) are served from the kept
// attack sets: the full generator's own code with each slider's attacks read from the store
// instead of computed. No list is built for them. The others come from the full generator;
// bench/replay_bench.cpp measures each choice on the search's own node sequence, and the
// engine's build (search/engine_config.h) takes the one it measured fastest.
//
// Lazy bookkeeping: do_move updates the id maps only. The attack store is brought up to date by
// sync(), which the first generation at a node calls: a node that is cut off before generating
// (TT hit, stand pat, repetition) pays no dirty mask and no attack update. sync() covers every
// move since the last synced ply at once: the store still describes that ply's board, so the
// dirty mask of each pending move is taken against it, and their union, recomputed on the
// current board, is exactly the set of attack sets that can differ (a slider's set changes
// only if some changed square lies in it). Its log belongs to the ply that syncs, and undo_move
// of that ply restores it.
//
// Piece ids and the attack store are dbb's (dbb/piece_attacks.h): ids 0..21 as DBB words, the
// pawn-kind ids 22..39 inverted in pawn_hits. Here they are kept incrementally: a piece keeps
// its id through captures, promotions and drops, so that the id of "a rook in Black's hand"
// is found from a mask of ids in hand.
#pragma once

#include <cassert>
#include <cstring>
#include <initializer_list>
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

constexpr uint32_t gen_mask(std::initializer_list<GenType> types) {
  uint32_t m = 0;
  for (GenType t : types) m |= 1u << unsigned(t);
  return m;
}
// The categories a differential position serves from its kept attack sets unless told otherwise:
// the differential design (tests and the bench's diff_kept rows); the engine chooses its own.
inline constexpr uint32_t kKeptByDefault = gen_mask({GenType::Captures, GenType::Quiets});
// What the full generator's code can take an attack store for (movegen_full/generator.h).
inline constexpr uint32_t kKeepable = gen_mask({GenType::Captures, GenType::Quiets, GenType::Evasions});

template <HandLayout H, GenType Cached = GenType::LegalAll, dbb::DirtyKernel Kernel = DefaultDirtyKernel,
          uint32_t Kept = kKeptByDefault>
class DiffPosition {
  static_assert(Cached == GenType::LegalAll || Cached == GenType::Legal, "lists cache a complete move set");
  static_assert((Kept & ~kKeepable) == 0, "the full generator takes an attack store for these categories only");
  static constexpr bool All = Cached == GenType::LegalAll;

  struct ListRef {
    uint32_t offset;
    uint32_t count;
  };

 public:
  using Base = BasicPosition<H>;
  using Hand = H;
  using KernelType = Kernel;

  // Per ply: the base state plus what undo_move needs to restore in place.
  struct State {
    StateInfo base;
    State* previous;
    uint64_t stale;      // before the move
    uint64_t nonempty;   // before the move
    uint32_t arena_top;  // before the move
    // Set by sync() at this ply, over the moves it covered (this one and any unsynced before):
    uint64_t dirty;         // the kernel's masks plus the moved pieces, kings excluded
    uint64_t made_stale;    // the lists they made stale (a subset of dirty)
    bool synced;            // the attack store describes this ply's board (until a later move)
    Square dirty_from, to;  // the squares the move changed (a drop: its square twice)
    Color mover;
    uint8_t moved_id, captured_id;  // moved_id kNoId: a null move
    uint8_t saved_count, regen_count;
    uint8_t saved_ids[diff::kIds];
    Bitboard saved_attacks[diff::kIds];
    uint8_t regen_ids[diff::kIds];  // lists regenerated and charged to this ply, with their old refs
    ListRef regen_old[diff::kIds];
  };

  DiffPosition() : arena_(new ExtMove[kArenaSize]) {}
  DiffPosition(const DiffPosition&) = delete;
  DiffPosition& operator=(const DiffPosition&) = delete;

  std::optional<std::string> set(std::string_view sfen, State* st);

  const Base& base() const { return pos_; }
  Color side_to_move() const { return pos_.side_to_move(); }
  bool in_check() const { return pos_.in_check(); }
  // What search asks of a position (search/search_position.h), answered by the base position:
  // no differential path for these yet.
  const Base& board() const { return pos_; }
  bool pseudo_legal(Move m) const { return pos_.pseudo_legal(m); }
  bool legal(Move m) const { return pos_.legal(m); }
  bool gives_check(Move m) const { return pos_.gives_check(m); }
  bool see_ge(Move m, int threshold) const { return pos_.see_ge(m, threshold); }
  std::string sfen() const { return pos_.sfen(); }
  Key key() const { return pos_.key(); }
  const State* state() const { return st_; }
  uint8_t id_on(Square s) const { return id_on_[s]; }
  Square id_square(int id) const { return attacks_.square[id]; }
  Bitboard attacks_of(int id) const { return attacks_.core[id]; }
  const dbb::PieceAttacks& piece_attacks() const { return attacks_; }
  uint64_t ids_on_board(Color c) const { return on_board_[c]; }
  uint32_t arena_top() const { return arena_top_; }

  // Up to kMaxPlies plies (moves and null moves) below set(): the list arena holds that many,
  // unchecked in the hot path; the search bounds its ply by it (static_assert in search.h).
  static constexpr int kMaxPlies = MAX_PLY;
  // Every list a ply can add to the arena is a list of the side to move's pieces at that ply
  // (its own stale lists, and those it inherited stale, charged to the parent), so a ply adds
  // at most MAX_MOVES; the root's set() adds none. Checked in debug builds (refresh) and by
  // tests/diff_arena_test.cpp.
  static constexpr size_t kArenaSize = size_t(kMaxPlies + 2) * MAX_MOVES + 16;
  void do_move(Move m, State& st);
  void undo_move(Move m);
  // A pass (the search's null move): no square changes, so no attack set and no list does.
  // Lists the new side to move regenerates below are charged to this ply, as after a move.
  void do_null_move(State& st) {
    push_state(st);
    st.synced = st_->synced;  // nothing to bring up to date beyond what the parent needs
    st.mover = side_to_move();
    st.moved_id = st.captured_id = diff::kNoId;
    pos_.do_null_move(st.base);
    st_ = &st;
  }
  void undo_null_move() {
    pop_state();
    pos_.undo_null_move();
  }

  // Brings the attack store up to date with the board (the header's lazy bookkeeping): the
  // generators call it; callers of attacked_by() and dirty_mask() call it first.
  void sync();
  // What sync() would do here, without doing it: the dirty ids (State::dirty), the lists they
  // make stale, and the ids whose attack sets it recomputes (or empties, off the board).
  struct Pending {
    uint64_t dirty = 0, made_stale = 0, changed = 0;
  };
  Pending pending() const;

  // The dirty mask do_move would compute for `m` at a synced node (kernel and window only: no
  // side effects).
  uint64_t dirty_mask(Move m) const {
    const Square to = to_sq(m);
    return dbb::dirty40<Kernel>(attacks_, is_drop(m) ? to : from_sq(m), to) & ~diff::kKingIds;
  }

  // Squares attacked by colour c at a synced node: the union of its pieces' kept attack sets.
  Bitboard attacked_by(Color c) const {
    Bitboard b;
    for (uint64_t ids = on_board_[c]; ids; ids &= ids - 1) b |= attacks_.core[__builtin_ctzll(ids)];
    return b;
  }

  // Debug: ids, attack store (as sync() would leave it), cached lists and arena agree with a
  // recomputation; returns what is wrong, or empty. Changes nothing, so a test can check an
  // unsynced node without syncing it.
  std::string consistency_error() const;

  // The cached set writes up to 7 entries past the end it returns (whole-block copies): a
  // MAX_MOVES buffer has room, since no position has more than 593 legal moves (593 + 7 <
  // MAX_MOVES).
  template <GenType Type>
  ExtMove* generate(ExtMove* list) {
    if constexpr (Type == Cached) {
      if (pos_.in_check()) return sashite::generate<Type>(pos_, list);
      sync();
      return side_to_move() == BLACK ? generate_cached<BLACK>(list) : generate_cached<WHITE>(list);
    } else if constexpr (Kept >> unsigned(Type) & 1) {
      sync();
      const KeptAttacks kept{attacks_.core, id_on_};
      return side_to_move() == BLACK ? detail::Generator<BLACK, false, H>::template generate<Type>(pos_, list, kept)
                                     : detail::Generator<WHITE, false, H>::template generate<Type>(pos_, list, kept);
    } else {
      return sashite::generate<Type>(pos_, list);
    }
  }

  // The phases of generate() when not in check, public for the per-phase benchmark
  // (bench/diff_bench.cpp). Us must be the side to move.
  //   refresh       regenerates Us's stale lists into the arena;
  //   copy_lists    serialises Us's lists except `skip` (pinned pieces);
  //   fresh_moves   what is never cached: pinned pieces on their pin line, king moves, drops.
  template <Color Us>
  void refresh();
  template <Color Us>
  uint64_t pinned_ids() const {
    uint64_t ids = 0;
    for_each_square(pos_.pinned(), [&](Square s) { ids |= 1ULL << id_on_[s]; });
    return ids;
  }
  template <Color Us>
  ExtMove* copy_lists(ExtMove* list, uint64_t skip) const;
  template <Color Us>
  ExtMove* fresh_moves(ExtMove* list, uint64_t pinned) const;

 private:
  // A slider's attacks as board_moves reads them (movegen_full/generator.h), from the store.
  struct KeptAttacks {
    const Bitboard* core;
    const uint8_t* id_on;
    Bitboard at(Square s) const { return core[id_on[s]]; }
    Bitboard lance(Square s) const { return at(s); }
    Bitboard bishop(Square s) const { return at(s); }
    Bitboard rook(Square s) const { return at(s); }
    Bitboard horse(Square s) const { return at(s); }
    Bitboard dragon(Square s) const { return at(s); }
  };

  // What every make (move or pass) saves for its unmake, and restores.
  void push_state(State& st) {
    st.stale = stale_;
    st.arena_top = arena_top_;
    st.nonempty = nonempty_;
    st.dirty = st.made_stale = 0;
    st.saved_count = st.regen_count = 0;
    st.previous = st_;
  }
  void pop_state() {
    const State& st = *st_;
    for (int i = st.regen_count - 1; i >= 0; --i) lists_[st.regen_ids[i]] = st.regen_old[i];
    for (int i = st.saved_count - 1; i >= 0; --i) set_attacks(attacks_, st.saved_ids[i], st.saved_attacks[i]);
    stale_ = st.stale;
    arena_top_ = st.arena_top;
    nonempty_ = st.nonempty;
    st_ = st.previous;
  }

  template <Color Us>
  ExtMove* generate_cached(ExtMove* list) {
    refresh<Us>();
    const uint64_t pinned = pinned_ids<Us>();
    return fresh_moves<Us>(copy_lists<Us>(list, pinned), pinned);
  }

  // attacks_bb for an id, without its switch on the type (an unpredictable indirect jump): the
  // id range tells the slider kind, and the step table holds the king step a horse or dragon
  // adds, the gold step of a promoted lance, and nothing for an unpromoted slider.
  Bitboard recompute_attacks(int id) const {
    const Square s = attacks_.square[id];
    const Piece pc = pos_.piece_on(s);
    const Bitboard step = step_attacks(color_of(pc), type_of(pc), s);
    if ((diff::id_range(BISHOP) >> id) & 1) return bishop_attacks(s, pos_.pieces()) | step;
    if ((diff::id_range(ROOK) >> id) & 1) return rook_attacks(s, pos_.pieces()) | step;
    if (type_of(pc) == LANCE) return lance_attacks(color_of(pc), s, pos_.pieces());
    return step;
  }

  // Replaces one piece's attack set in every form the kernels read.
  static void set_attacks(dbb::PieceAttacks& a, int id, const Bitboard& b) {
    if (id < dbb::kWordPieces) {
      const dbb::DBB d = dbb::to_dbb(b);
      for (int w = 0; w < dbb::WINDOW_NB; ++w) a.words.w[w][id] = d.w[w];
    } else {  // pawn kind: attacks never depend on occupancy, kept inverted
      const uint64_t bit = 1ULL << id;
      for_each_square(a.core[id], [&](Square s) { a.pawn_hits[s] &= ~bit; });
      for_each_square(b, [&](Square s) { a.pawn_hits[s] |= bit; });
    }
    a.core[id] = b;
  }
  // The attack set sync() gives a changed id: recomputed on the board, empty in hand.
  Bitboard synced_attacks(int id) const { return attacks_.square[id] == SQ_NONE ? Bitboard() : recompute_attacks(id); }

  // Moves id's square in the id maps (SQ_NONE: into a hand).
  void place(int id, Square s) { attacks_.square[id] = s; }

  Base pos_;
  State* st_ = nullptr;
  dbb::PieceAttacks attacks_;  // attack sets and squares of the ids
  uint8_t id_on_[SQ_NB];
  uint64_t on_board_[COLOR_NB] = {};  // ids on the board, by owner
  uint64_t in_hand_[COLOR_NB] = {};   // ids in hand, by owner
  uint64_t stale_ = 0;                // ids whose cached list is out of date
  uint64_t nonempty_ = 0;             // ids whose cached list has moves
  uint32_t arena_top_ = 0;
  ListRef lists_[diff::kIds] = {};
  std::unique_ptr<ExtMove[]> arena_;
};

template <GenType Type, HandLayout H, GenType C, class K, uint32_t Kept>
ExtMove* generate(DiffPosition<H, C, K, Kept>& pos, ExtMove* list) {
  return pos.template generate<Type>(list);
}

// Recaptures from the full generator.
template <HandLayout H, GenType C, class K, uint32_t Kept>
ExtMove* generate_recaptures(const DiffPosition<H, C, K, Kept>& pos, Square to, ExtMove* list) {
  return sashite::generate_recaptures(pos.base(), to, list);
}

// ---------------------------------------------------------------------------------------------

template <HandLayout H, GenType C, dbb::DirtyKernel K, uint32_t Kept>
std::optional<std::string> DiffPosition<H, C, K, Kept>::set(std::string_view sfen, State* st) {
  if (auto err = pos_.set(sfen, &st->base)) return err;
  st_ = st;
  std::memset(id_on_, diff::kNoId, sizeof id_on_);
  attacks_ = dbb::PieceAttacks{};
  on_board_[BLACK] = on_board_[WHITE] = in_hand_[BLACK] = in_hand_[WHITE] = 0;
  // Pieces missing from the SFEN (mate problems) keep their ids unused, off the board.
  for (Square& s : attacks_.square) s = SQ_NONE;
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
      place(id, s);
      on_board_[color_of(pc)] |= 1ULL << id;
    }
  for (Color c : {BLACK, WHITE})
    for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr)
      for (int n = pos_.hand(c).count(pr); n > 0; --n) in_hand_[c] |= 1ULL << take(pr);
  for (uint64_t b = on_board_[BLACK] | on_board_[WHITE]; b; b &= b - 1) {
    const int id = __builtin_ctzll(b);
    set_attacks(attacks_, id, recompute_attacks(id));
  }
  stale_ = diff::kAllIds;
  nonempty_ = 0;
  arena_top_ = 0;
  st->previous = nullptr;
  st->regen_count = st->saved_count = 0;
  st->dirty = st->made_stale = 0;
  st->synced = true;
  st->moved_id = st->captured_id = diff::kNoId;
  return std::nullopt;
}

template <HandLayout H, GenType C, dbb::DirtyKernel K, uint32_t Kept>
void DiffPosition<H, C, K, Kept>::do_move(Move m, State& st) {
  const Color us = side_to_move(), them = ~us;
  const Square to = to_sq(m);
  int moved;
  uint8_t captured = diff::kNoId;
  push_state(st);
  if (is_drop(m)) {
    st.dirty_from = to;
    moved = __builtin_ctzll(in_hand_[us] & diff::id_range(dropped_type(m)));
    in_hand_[us] ^= 1ULL << moved;
    on_board_[us] ^= 1ULL << moved;
  } else {
    const Square from = from_sq(m);
    st.dirty_from = from;
    moved = id_on_[from];
    id_on_[from] = diff::kNoId;
    captured = id_on_[to];
    if (captured != diff::kNoId) {
      on_board_[them] ^= 1ULL << captured;
      in_hand_[us] ^= 1ULL << captured;
      place(captured, SQ_NONE);
    }
  }
  id_on_[to] = uint8_t(moved);
  place(moved, to);
  st.to = to;
  st.mover = us;
  st.moved_id = uint8_t(moved);
  st.captured_id = captured;
  st.synced = false;
  pos_.do_move(m, st.base);
  st_ = &st;
}

template <HandLayout H, GenType C, dbb::DirtyKernel K, uint32_t Kept>
typename DiffPosition<H, C, K, Kept>::Pending DiffPosition<H, C, K, Kept>::pending() const {
  Pending p;
  for (const State* s = st_; !s->synced; s = s->previous) {
    if (s->moved_id == diff::kNoId) continue;  // a pass changes no square
    const uint64_t moved_bit = 1ULL << s->moved_id;
    const uint64_t captured_bit = s->captured_id != diff::kNoId ? 1ULL << s->captured_id : 0;
    // Against the store of the last synced ply, which every pending move started from or
    // changed squares of: see the header.
    const uint64_t dirty = (dbb::dirty40<K>(attacks_, s->dirty_from, s->to) | moved_bit) & ~diff::kKingIds;
    // The header's argument: the other side's step pieces only on a capture. A piece of the
    // mover's that changed hands since is in hand or was moved again: marking it is harmless.
    const uint64_t changeable =
        diff::kSliderIds | on_board_[s->mover] | in_hand_[s->mover] | (captured_bit ? ~uint64_t(0) : 0);
    p.dirty |= dirty;
    p.made_stale |= dirty & changeable;
    p.changed |= moved_bit | captured_bit | (dirty & diff::kSliderIds);
  }
  return p;
}

template <HandLayout H, GenType C, dbb::DirtyKernel K, uint32_t Kept>
void DiffPosition<H, C, K, Kept>::sync() {
  State& st = *st_;
  if (st.synced) return;
  const Pending p = pending();
  int n = 0;
  for (uint64_t b = p.changed; b; b &= b - 1) {
    const int id = __builtin_ctzll(b);
    st.saved_ids[n] = uint8_t(id);
    st.saved_attacks[n++] = attacks_.core[id];
    set_attacks(attacks_, id, synced_attacks(id));
  }
  st.saved_count = uint8_t(n);
  st.dirty = p.dirty;
  st.made_stale = p.made_stale;
  stale_ |= p.made_stale;
  st.synced = true;
}

template <HandLayout H, GenType C, dbb::DirtyKernel K, uint32_t Kept>
void DiffPosition<H, C, K, Kept>::undo_move(Move m) {
  const State& st = *st_;
  pop_state();
  pos_.undo_move(m);

  const Color us = side_to_move(), them = ~us;
  const Square to = to_sq(m);
  const int moved = st.moved_id;
  if (is_drop(m)) {
    in_hand_[us] ^= 1ULL << moved;
    on_board_[us] ^= 1ULL << moved;
    place(moved, SQ_NONE);
    id_on_[to] = diff::kNoId;
  } else {
    const Square from = from_sq(m);
    id_on_[from] = uint8_t(moved);
    place(moved, from);
    id_on_[to] = st.captured_id;
    if (st.captured_id != diff::kNoId) {
      on_board_[them] ^= 1ULL << st.captured_id;
      in_hand_[us] ^= 1ULL << st.captured_id;
      place(st.captured_id, to);
    }
  }
}

template <HandLayout H, GenType C, dbb::DirtyKernel K, uint32_t Kept>
template <Color Us>
void DiffPosition<H, C, K, Kept>::refresh() {
  using E = Emit<Us, All>;
  const Bitboard own = pos_.pieces(Us);
  const uint64_t ids = on_board_[Us] & ~diff::kKingIds;

  // Two kinds of stale lists: those the move into this node made stale (undone with it), and
  // those inherited stale from the parent, which this move did not touch. The latter are the
  // same for every sibling, so they are charged to the parent: logged in its state and removed
  // from the stale set this move's undo restores. Each list is thus rebuilt once per node that
  // needs it, and never for a side that does not move next (a leaf's opponent).
  State& st = *st_;
  const uint64_t stale_own = stale_ & ids;
  auto regenerate = [&](uint64_t which, State& log) {
    for (uint64_t b = which; b; b &= b - 1) {
      const int id = __builtin_ctzll(b);
      const Square from = attacks_.square[id];
      // The bound kMaxPlies promises (tests/diff_arena_test.cpp walks it): checked in debug only.
      assert(arena_top_ + MAX_MOVES <= kArenaSize);
      ExtMove* begin = arena_.get() + arena_top_;
      ExtMove* end = E::piece(begin, type_of(pos_.piece_on(from)), from, attacks_.core[id].andnot(own));
      log.regen_ids[log.regen_count] = uint8_t(id);
      log.regen_old[log.regen_count++] = lists_[id];
      lists_[id] = {arena_top_, uint32_t(end - begin)};
      arena_top_ += uint32_t(end - begin);
      nonempty_ = (nonempty_ & ~(1ULL << id)) | uint64_t(end != begin) << id;
    }
  };
  if (const uint64_t inherited = stale_own & ~st.made_stale; inherited && st.previous) {
    regenerate(inherited, *st.previous);
    st.stale &= ~inherited;
    st.nonempty = (st.nonempty & ~inherited) | (nonempty_ & inherited);
    st.arena_top = arena_top_;  // this move's undo keeps them
    regenerate(stale_own & st.made_stale, st);
  } else {
    regenerate(stale_own, st);
  }
  stale_ &= ~ids;
}

template <HandLayout H, GenType C, dbb::DirtyKernel K, uint32_t Kept>
template <Color Us>
ExtMove* DiffPosition<H, C, K, Kept>::copy_lists(ExtMove* list, uint64_t skip) const {
  // Whole 8-move blocks (64 bytes since ExtMove is 8): most pieces have at most 8 moves. The
  // 8-byte ExtMove doubled the bytes copied, at about no cost in perft (FINDINGS.md F-move16).
  for (uint64_t b = on_board_[Us] & nonempty_ & ~(diff::kKingIds | skip); b; b &= b - 1) {
    const ListRef r = lists_[__builtin_ctzll(b)];
    const ExtMove* src = arena_.get() + r.offset;
    std::memcpy(list, src, 8 * sizeof(ExtMove));
    for (uint32_t i = 8; i < r.count; i += 8) std::memcpy(list + i, src + i, 8 * sizeof(ExtMove));
    list += r.count;
  }
  return list;
}

template <HandLayout H, GenType C, dbb::DirtyKernel K, uint32_t Kept>
template <Color Us>
ExtMove* DiffPosition<H, C, K, Kept>::fresh_moves(ExtMove* list, uint64_t pinned) const {
  using E = Emit<Us, All>;
  const Bitboard own = pos_.pieces(Us);
  const Square ksq = pos_.king_square(Us);
  for (uint64_t b = pinned; b; b &= b - 1) {
    const int id = __builtin_ctzll(b);
    const Square from = attacks_.square[id];
    list = E::piece(list, type_of(pos_.piece_on(from)), from, attacks_.core[id].andnot(own) & line_bb(ksq, from));
  }
  // King: not in check, no enemy ray ends on our king, so lifting it off the board lengthens
  // none and the union of the kept enemy attack sets is exactly where it may not step: one
  // pass over the enemy's ids instead of the full generator's attacker test per target.
  if (ksq != SQ_NONE) list = emit_moves(list, king_attacks(ksq).andnot(own | attacked_by(~Us)), ksq << 7);
  return detail::Generator<Us, All, H>::drops(pos_, list, pos_.empties());
}

template <HandLayout H, GenType C, dbb::DirtyKernel K, uint32_t Kept>
std::string DiffPosition<H, C, K, Kept>::consistency_error() const {
  if (auto e = pos_.consistency_error(); !e.empty()) return e;
  // The store and the stale set as sync() would leave them.
  dbb::PieceAttacks a = attacks_;
  const Pending p = pending();
  for (uint64_t b = p.changed; b; b &= b - 1) set_attacks(a, __builtin_ctzll(b), synced_attacks(__builtin_ctzll(b)));
  const uint64_t stale = stale_ | p.made_stale;
  uint64_t seen = 0;
  for (Square s = SQ_ZERO; s < SQ_NB; ++s) {
    const Piece pc = pos_.piece_on(s);
    if ((pc == NO_PIECE) != (id_on_[s] == diff::kNoId)) return "id map disagrees with the board at " + to_usi(s);
    if (pc == NO_PIECE) continue;
    const int id = id_on_[s];
    if (attacks_.square[id] != s) return "id square disagrees with the id map";
    if (!(diff::id_range(raw_type(type_of(pc))) >> id & 1)) return "id of the wrong kind";
    if (!(on_board_[color_of(pc)] >> id & 1)) return "on-board mask disagrees";
    seen |= 1ULL << id;
    if (!(a.core[id] == attacks_bb(color_of(pc), type_of(pc), s, pos_.pieces())))
      return "stale attack set for id " + std::to_string(id);
  }
  if ((on_board_[BLACK] | on_board_[WHITE]) != seen) return "on-board masks hold ids that are not on the board";
  if ((in_hand_[BLACK] | in_hand_[WHITE]) & seen) return "an id is both on the board and in hand";

  // The attack store in every form the kernels read: off-board ids attack nothing, the DBB
  // words and padding agree with the core sets, pawn_hits is the pawn-kind sets inverted.
  for (int id = 0; id < diff::kIds; ++id) {
    if (!(seen >> id & 1) && (attacks_.square[id] != SQ_NONE || a.core[id]))
      return "id " + std::to_string(id) + " is off the board but has a square or attacks";
    if (id < dbb::kWordPieces &&
        !(dbb::to_bitboard(dbb::DBB{{a.words.w[0][id], a.words.w[1][id], a.words.w[2][id]}}) == a.core[id]))
      return "attack words disagree with the attack set for id " + std::to_string(id);
  }
  for (int w = 0; w < dbb::WINDOW_NB; ++w)
    for (int id = dbb::kWordPieces; id < dbb::kPaddedWords; ++id)
      if (a.words.w[w][id]) return "padding word " + std::to_string(id) + " is not empty";
  for (Square s = SQ_ZERO; s < SQ_NB; ++s) {
    uint64_t hits = 0;
    for (int id = dbb::kFirstPawnId; id < diff::kIds; ++id) hits |= uint64_t(a.core[id].test(s)) << id;
    if (a.pawn_hits[s] != hits) return "pawn_hits disagrees with the pawn-kind attack sets at " + to_usi(s);
  }

  // Every list not marked stale equals a fresh emission of its piece's moves.
  for (uint64_t b = seen & ~stale & ~diff::kKingIds; b; b &= b - 1) {
    const int id = __builtin_ctzll(b);
    const Square from = attacks_.square[id];
    const Piece pc = pos_.piece_on(from);
    ExtMove fresh[MAX_MOVES];
    const Bitboard targets = a.core[id].andnot(pos_.pieces(color_of(pc)));
    const ExtMove* end = color_of(pc) == BLACK ? Emit<BLACK, All>::piece(fresh, type_of(pc), from, targets)
                                               : Emit<WHITE, All>::piece(fresh, type_of(pc), from, targets);
    const ListRef r = lists_[id];
    if (uint32_t(end - fresh) != r.count || bool(nonempty_ >> id & 1) != (r.count != 0))
      return "cached list of id " + std::to_string(id) + " has the wrong length";
    if (r.offset + r.count > arena_top_) return "cached list of id " + std::to_string(id) + " lies above the arena top";
    for (uint32_t i = 0; i < r.count; ++i)
      if (fresh[i].move != arena_[r.offset + i].move) return "cached list of id " + std::to_string(id) + " is stale";
  }
  if (arena_top_ + MAX_MOVES > kArenaSize) return "the list arena is full";
  for (Color c : {BLACK, WHITE})
    for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr)
      if (__builtin_popcountll(in_hand_[c] & diff::id_range(pr)) != pos_.hand(c).count(pr))
        return "hand ids disagree with the hand";
  return {};
}

}  // namespace sashite
