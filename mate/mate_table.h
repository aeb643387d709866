// The mate table's interface (謎電 (2005), mate table): the BOARD key is the key (board_key(),
// which includes the side to move), the attacker's hand lives in the record, so one record
// answers for other hands by superiority:
//   proven with hand H          => proven for every hand >= H (more pieces cannot hurt);
//   disproven to depth d, hand H => disproven to depth <= d for every hand <= H.
// Within one problem the pieces on the board and in both hands are a fixed set, so on one
// board the defender holds what the attacker lacks and the attacker's hand alone orders them.
// Across problems with different piece sets that fails: clear the table between problems.
// Layouts: mate/main_overflow.h and mate/single.h; registry: mate/mate_tables.h.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string>

#include "engine/types.h"
#include "hand/hand.h"

namespace sashite::mate {

enum class MateState : uint8_t { Unknown, Proven, Disproven };

// Disproven to this depth: no mate at any length (no line was cut by the depth limit).
constexpr int kNoLimit = 0xFFFF;

// One record: what is known of one (board, hand). A record can hold a proof, a disproof and
// df-pn's numbers at once: in the depth-limited searches a mate in 11 and "no mate within 9"
// are both true, and a df-pn search to 9 plies on a proven board needs its own numbers.
//   length: the shortest proof stored (plies to mate along `move`'s line); 0: none.
//   depth:  the deepest disproof stored: no mate within `depth` plies (kNoLimit: none at all);
//           0: none.
//   pn, dn: df-pn's proof and disproof numbers of a search with pn_depth plies left; 0: none.
struct MateRecord {
  Key board = 0;
  uint32_t hand = 0;  // the attacker's hand, raw
  uint32_t next = 0;  // main + overflow: 1 + index of the next same-board record; 0 none
  uint32_t pn = 0, dn = 0;
  Move move = MOVE_NONE;
  uint16_t length = 0;
  uint16_t depth = 0;
  uint16_t pn_depth = 0;
  bool used = false;
  bool proven() const { return length != 0; }
  bool disproven() const { return depth != 0; }
};
static_assert(sizeof(MateRecord) == 40);

// What the table knows for (board, hand) within a budget of `depth` plies.
struct MateProbe {
  MateState state = MateState::Unknown;
  int length = 0;           // Proven: the shortest stored length that applies
  int depth = 0;            // Disproven: the deepest stored disproof that applies
  Move move = MOVE_NONE;    // Proven: the move of that record
  uint32_t pn = 0, dn = 0;  // Unknown: df-pn's numbers of this exact hand and depth; 0: none
};

// 謎電 (2005), mate table statistics: main records used, main records extended into the
// overflow, extension rate (‰), overflow records, records truly used (main - extended +
// overflow), proven / disproven / unknown among them, the longest same-board chain.
struct MateTableStats {
  uint64_t main_used = 0, extended = 0, overflow = 0, records = 0;
  uint64_t proven = 0, disproven = 0, unknown = 0;
  uint64_t longest_chain = 0;
  uint64_t dropped = 0;                     // stores refused for lack of room
  uint64_t replaced = 0;                    // records overwritten by another's store (lost knowledge)
  uint64_t collections = 0, collected = 0;  // garbage-collection passes, records they removed
  uint64_t extension_permille() const { return main_used ? extended * 1000 / main_used : 0; }
  std::string to_string() const;
};

template <class T>
concept MateTableLayout = requires(T& t, const T& ct, Key board, uint32_t hand, int depth, MateRecord r) {
  { T::name } -> std::convertible_to<const char*>;
  t.resize(size_t{1});  // megabytes; clears the table
  t.clear();
  // hand: the attacker's raw hand; depth: the plies still allowed (proofs longer are ignored).
  { ct.probe(board, hand, depth) } -> std::same_as<MateProbe>;
  // Merges r into the record of exactly (r.board, r.hand) (merge_record), or adds one.
  t.store(r);
  { ct.stats() } -> std::same_as<MateTableStats>;
};

// A new fact about a stored (board, hand): the shorter proof, the deeper disproof, the latest
// df-pn numbers.
inline void merge_record(MateRecord& to, const MateRecord& from) {
  if (from.length && (!to.length || from.length < to.length)) {
    to.length = from.length;
    to.move = from.move;
  }
  if (from.depth > to.depth) to.depth = from.depth;
  if (from.pn_depth) {
    to.pn = from.pn;
    to.dn = from.dn;
    to.pn_depth = from.pn_depth;
  }
}

// The rules of superiority on one record, for the hand layout H the position uses.
// The record keeps a raw hand in 32 bits: layouts with a wider raw hand (hand64) need a wider field.
template <HandLayout H>
constexpr bool fits_mate_record = sizeof(typename H::Raw) <= sizeof(uint32_t);

template <HandLayout H>
requires fits_mate_record<H>
inline void apply_record(const MateRecord& r, uint32_t hand, int depth, MateProbe& out) {
  if (r.length && r.length <= depth && (out.state != MateState::Proven || r.length < out.length) &&
      H::from_raw(typename H::Raw(hand)).superior_or_equal(H::from_raw(typename H::Raw(r.hand)))) {
    out.state = MateState::Proven;
    out.length = r.length;
    out.move = r.move;
    return;
  }
  if (out.state == MateState::Proven) return;
  if (r.depth >= depth && (out.state != MateState::Disproven || r.depth > out.depth) &&
      H::from_raw(typename H::Raw(r.hand)).superior_or_equal(H::from_raw(typename H::Raw(hand)))) {
    out.state = MateState::Disproven;
    out.depth = r.depth;
    return;
  }
  if (out.state == MateState::Unknown && r.pn_depth == depth && r.hand == hand) {
    out.pn = r.pn;
    out.dn = r.dn;
  }
}

}  // namespace sashite::mate
