// The mate table's interface (謎電 (2005), mate table): the BOARD key is the key (board_key(),
// which includes the side to move), the attacker's hand lives in the record, so one record
// answers for other hands by superiority:
//   proven with hand H          => proven for every hand >= H (more pieces cannot hurt);
//   disproven to depth d, hand H => disproven to depth <= d for every hand <= H.
// Within one problem the pieces on the board and in both hands are a fixed set, so on one
// board the defender holds what the attacker lacks and the attacker's hand alone orders them.
// Across problems with different piece sets that fails: clear the table between problems.
// Layouts: search/mate/main_overflow.h and search/mate/single.h; registry: search/mate/mate_tables.h.
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

// One record. length: plies to mate along the stored line (Proven); depth: no mate within that
// many plies (Disproven). move: the attacker's mating move at an attacking node.
struct MateRecord {
  Key board = 0;
  uint32_t hand = 0;   // the attacker's hand, raw
  uint32_t next = 0;   // main + overflow: 1 + index of the next same-board record; 0 none
  Move move = MOVE_NONE;
  uint16_t length = 0;
  uint16_t depth = 0;
  MateState state = MateState::Unknown;
  bool used = false;
};

// What the table knows for (board, hand) within a budget of `depth` plies.
struct MateProbe {
  MateState state = MateState::Unknown;
  int length = 0;        // Proven: the shortest stored length that applies
  int depth = 0;         // Disproven: the deepest stored disproof that applies
  Move move = MOVE_NONE; // Proven: the move of that record
};

// 謎電 (2005), mate table statistics: main records used, main records extended into the
// overflow, extension rate (‰), overflow records, records truly used (main - extended +
// overflow), proven / disproven / unknown among them, the longest same-board chain.
struct MateTableStats {
  uint64_t main_used = 0, extended = 0, overflow = 0, records = 0;
  uint64_t proven = 0, disproven = 0, unknown = 0;
  uint64_t longest_chain = 0;
  uint64_t dropped = 0;   // stores refused for lack of room
  uint64_t replaced = 0;  // records overwritten by another's store (lost knowledge)
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
  // Replaces the record of exactly (r.board, r.hand), or adds one.
  t.store(r);
  { ct.stats() } -> std::same_as<MateTableStats>;
};

// A new fact about a stored (board, hand): a proof is kept against a disproof (one to a lower
// depth: a transposition reached with fewer plies left) and against a longer proof; a
// disproof against a shallower one.
inline void merge_record(MateRecord& to, const MateRecord& from) {
  if (to.state == MateState::Proven && (from.state != MateState::Proven || from.length >= to.length)) return;
  if (to.state == MateState::Disproven && from.state == MateState::Disproven && from.depth <= to.depth) return;
  to.move = from.move;
  to.length = from.length;
  to.depth = from.depth;
  to.state = from.state;
}

// The rules of superiority on one record, for the hand layout H the position uses.
// The record keeps a raw hand in 32 bits: layouts with a wider raw hand (hand64) need a wider field.
template <HandLayout H>
constexpr bool fits_mate_record = sizeof(typename H::Raw) <= sizeof(uint32_t);

template <HandLayout H>
  requires fits_mate_record<H>
inline void apply_record(const MateRecord& r, uint32_t hand, int depth, MateProbe& out) {
  const H have = H::from_raw(typename H::Raw(hand)), stored = H::from_raw(typename H::Raw(r.hand));
  if (r.state == MateState::Proven) {
    if (r.length <= depth && have.superior_or_equal(stored) &&
        (out.state != MateState::Proven || r.length < out.length)) {
      out.state = MateState::Proven;
      out.length = r.length;
      out.move = r.move;
    }
  } else if (r.state == MateState::Disproven && out.state != MateState::Proven) {
    if (r.depth >= depth && stored.superior_or_equal(have) && (out.state != MateState::Disproven || r.depth > out.depth)) {
      out.state = MateState::Disproven;
      out.depth = r.depth;
    }
  }
}

}  // namespace sashite::mate
