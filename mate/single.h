// One table for every record (the comparison for 謎電 (2005), main + overflow table): the
// same board with several hands takes several slots of the board's cluster of kCluster
// slots (linear probing), next to other boards. When the cluster is full, a non-proven record
// is overwritten (proofs are kept for the reconstruction); else the store is dropped.
#pragma once

#include <algorithm>
#include <vector>

#include "mate/mate_table.h"
#include "mate/table_common.h"

namespace sashite::mate {

template <HandLayout H>
class SingleTable {
 public:
  static constexpr const char* name = "single";
  static constexpr int kCluster = 8;

  SingleTable() { resize(16); }

  void resize(size_t mb) {
    slots_.assign(detail::pow2_records(mb << 20, sizeof(MateRecord)), MateRecord{});
    mask_ = slots_.size() - 1;
    clear();
  }
  void clear() {
    std::fill(slots_.begin(), slots_.end(), MateRecord{});
    dropped_ = replaced_ = 0;
  }

  MateProbe probe(Key board, uint32_t hand, int depth) const {
    MateProbe out;
    const size_t h = detail::home_index(board, mask_);
    for (int k = 0; k < kCluster; ++k) {
      const MateRecord& r = slots_[(h + size_t(k)) & mask_];
      if (!r.used) break;  // nothing is ever removed
      if (r.board == board) apply_record<H>(r, hand, depth, out);
    }
    return out;
  }

  void store(const MateRecord& r) {
    const size_t h = detail::home_index(r.board, mask_);
    MateRecord* victim = nullptr;
    for (int k = 0; k < kCluster; ++k) {
      MateRecord& s = slots_[(h + size_t(k)) & mask_];
      if (!s.used) {
        s = r;
        s.used = true;
        return;
      }
      if (s.board == r.board && s.hand == r.hand) return merge_record(s, r);
      if (!victim && !s.proven()) victim = &s;
    }
    if (!victim) return void(++dropped_);
    ++replaced_;
    *victim = r;
    victim->used = true;
  }

  MateTableStats stats() const {
    MateTableStats s;
    for (size_t i = 0; i < slots_.size(); ++i) {
      const MateRecord& r = slots_[i];
      if (!r.used) continue;
      ++s.main_used;
      ++(r.proven() ? s.proven : r.disproven() ? s.disproven : s.unknown);
      const size_t h = detail::home_index(r.board, mask_);
      uint64_t chain = 0;
      for (int k = 0; k < kCluster; ++k)
        chain += slots_[(h + size_t(k)) & mask_].used && slots_[(h + size_t(k)) & mask_].board == r.board;
      s.longest_chain = std::max(s.longest_chain, chain);
    }
    s.records = s.main_used;
    s.dropped = dropped_;
    s.replaced = replaced_;
    return s;
  }

 private:
  std::vector<MateRecord> slots_;
  size_t mask_ = 0;
  uint64_t dropped_ = 0, replaced_ = 0;
};

}  // namespace sashite::mate
