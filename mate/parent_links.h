// The position each searched node was last entered from, for the unbounded df-pn's double-count
// elimination (mate/unbounded_df_pn.h): following these links up from a child shows whether it
// is also reached through another child of a node on the current path (Kishimoto 2010, source
// node detection; KomoringHeights keeps the parent inside each table entry, this library beside
// the table, so the table's entries stay 40 bytes).
// Direct-mapped and lossy: a slot holds the newest link of whichever node hashed to it, and a
// lost link only leaves a double count uncorrected. Each solve starts a new epoch (the slot's
// tag mixes it in), so no link outlives its solve and one thread's search stays deterministic.
// The solver's threads share the main thread's links as relaxed atomics: a slot torn by two
// stores reads as another parent, which can only merge two children's numbers that were not a
// double count, never change a proof.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/large_memory.h"
#include "engine/types.h"
#include "mate/pn_dn_table.h"

namespace sashite::mate {

class ParentLinks {
 public:
  struct Node {
    Key board = 0;
    uint32_t hand = 0;  // the attacker's raw hand
    Color side = BLACK;
  };

  // The calling thread's links (allocated on first use: zero pages the kernel maps as they are
  // touched), with a new epoch.
  static ParentLinks& begin_solve() {
    static thread_local ParentLinks links;
    if (!links.slots_.size()) links.slots_ = LargeArray<Slot>(kSlots);
    ++links.epoch_;
    return links;
  }

  void record(const Node& child, const Node& parent) {
    Slot& s = slots_[index(child)];
    store_shared(s.tag, tag(child));
    store_shared(s.parent_board, parent.board);
    store_shared(s.parent_hand_side, uint64_t(parent.hand) | uint64_t(parent.side) << 32);
  }
  // The parent recorded for `child`, if its slot still holds it.
  bool find(const Node& child, Node& parent) const {
    const Slot& s = slots_[index(child)];
    if (load_shared(s.tag) != tag(child)) return false;
    const uint64_t hs = load_shared(s.parent_hand_side);
    parent = {load_shared(s.parent_board), uint32_t(hs), Color(hs >> 32 & 1)};
    return true;
  }

 private:
  static constexpr size_t kSlots = size_t(1) << 20;
  struct Slot {
    uint64_t tag, parent_board, parent_hand_side;
  };
  uint64_t tag(const Node& n) const {
    return (n.board ^ (uint64_t(n.hand) * 0x9E3779B97F4A7C15ull) ^ (uint64_t(n.side) << 63)) +
           epoch_ * 0xC2B2AE3D27D4EB4Full;
  }
  size_t index(const Node& n) const { return size_t((n.board ^ n.hand * 0xFF51AFD7ull) & (kSlots - 1)); }

  LargeArray<Slot> slots_;
  uint64_t epoch_ = 0;
};

}  // namespace sashite::mate
