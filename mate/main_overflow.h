// 謎電 (2005), main + overflow table: a board met with one hand keeps one record in the main
// table; when the same board must also be stored with another hand, the main record becomes a
// header and every record of that board (the old one included) is chained in the overflow
// table. Same-board records then do not crowd out other boards in the main table, which 謎電
// saw at 5-25 % of the records in mate search.
//
// Main-table collisions of different boards: linear probe over kCluster slots; when all hold
// other boards, a non-proven, non-header record is overwritten (proofs are kept for the
// reconstruction, headers because their chains would leak); else the store is dropped.
#pragma once

#include <algorithm>
#include <vector>

#include "mate/mate_table.h"
#include "mate/table_common.h"

namespace sashite::mate {

template <HandLayout H>
class MainOverflowTable {
 public:
  static constexpr const char* name = "main-overflow";
  static constexpr int kCluster = 4;

  MainOverflowTable() { resize(16); }

  // 4/5 of the bytes to the main table (a power of two), the rest to the overflow.
  void resize(size_t mb) {
    const size_t bytes = mb << 20;
    main_.assign(detail::pow2_records(bytes * 4 / 5, sizeof(MateRecord)), MateRecord{});
    overflow_.assign(std::max<size_t>(1024, (bytes - main_.size() * sizeof(MateRecord)) / sizeof(MateRecord)),
                     MateRecord{});
    mask_ = main_.size() - 1;
    clear();
  }
  void clear() {
    std::fill(main_.begin(), main_.end(), MateRecord{});
    overflow_used_ = 0;
    dropped_ = replaced_ = 0;
  }

  MateProbe probe(Key board, uint32_t hand, int depth) const {
    MateProbe out;
    const MateRecord* m = find_main(board);
    if (!m) return out;
    if (!m->next) {
      apply_record<H>(*m, hand, depth, out);
      return out;
    }
    for (uint32_t i = m->next; i; i = overflow_[i - 1].next) apply_record<H>(overflow_[i - 1], hand, depth, out);
    return out;
  }

  void store(const MateRecord& r) {
    MateRecord* m = const_cast<MateRecord*>(find_main(r.board));
    if (!m) return store_new(r);
    if (m->next) {  // a header: update the chain or prepend to it
      for (uint32_t i = m->next; i; i = overflow_[i - 1].next)
        if (overflow_[i - 1].hand == r.hand) return copy_data(overflow_[i - 1], r);
      if (overflow_used_ == overflow_.size()) return void(++dropped_);
      MateRecord& n = overflow_[overflow_used_++];
      n = r;
      n.used = true;
      n.next = m->next;
      m->next = uint32_t(overflow_used_);
      return;
    }
    if (m->hand == r.hand) return copy_data(*m, r);
    // Same board, another hand: move both into the overflow, the main record becomes a header.
    if (overflow_used_ + 2 > overflow_.size()) {
      if (!m->proven() || r.proven()) {
        *m = r;
        m->used = true;
        ++replaced_;
      } else {
        ++dropped_;
      }
      return;
    }
    MateRecord& old = overflow_[overflow_used_++];
    old = *m;
    MateRecord& n = overflow_[overflow_used_++];
    n = r;
    n.used = true;
    n.next = uint32_t(overflow_used_ - 1);  // -> old (1-based)
    old.next = 0;
    *m = MateRecord{};
    m->board = r.board;
    m->used = true;
    m->next = uint32_t(overflow_used_);  // -> n (1-based)
  }

  MateTableStats stats() const {
    MateTableStats s;
    auto count = [&s](const MateRecord& r) { ++(r.proven() ? s.proven : r.disproven() ? s.disproven : s.unknown); };
    for (const MateRecord& r : main_) {
      if (!r.used) continue;
      ++s.main_used;
      if (!r.next) {
        count(r);
        continue;
      }
      ++s.extended;
      uint64_t chain = 0;
      for (uint32_t i = r.next; i; i = overflow_[i - 1].next) ++chain;
      s.longest_chain = std::max(s.longest_chain, chain);
    }
    for (size_t i = 0; i < overflow_used_; ++i) count(overflow_[i]);
    if (s.main_used > s.extended) s.longest_chain = std::max<uint64_t>(s.longest_chain, 1);
    s.overflow = overflow_used_;
    s.records = s.main_used - s.extended + s.overflow;
    s.dropped = dropped_;
    s.replaced = replaced_;
    return s;
  }

 private:
  const MateRecord* find_main(Key board) const {
    const size_t h = detail::home_index(board, mask_);
    for (int k = 0; k < kCluster; ++k) {
      const MateRecord& r = main_[(h + size_t(k)) & mask_];
      if (!r.used) return nullptr;  // nothing is ever removed: the board is not further on
      if (r.board == board) return &r;
    }
    return nullptr;
  }
  void store_new(const MateRecord& r) {
    const size_t h = detail::home_index(r.board, mask_);
    MateRecord* victim = nullptr;
    for (int k = 0; k < kCluster; ++k) {
      MateRecord& s = main_[(h + size_t(k)) & mask_];
      if (!s.used) {
        victim = &s;
        break;
      }
      if (!victim && !s.next && !s.proven()) victim = &s;
    }
    if (!victim) return void(++dropped_);
    replaced_ += victim->used;
    *victim = r;
    victim->used = true;
    victim->next = 0;
  }
  static void copy_data(MateRecord& to, const MateRecord& from) { merge_record(to, from); }

  std::vector<MateRecord> main_, overflow_;
  size_t mask_ = 0, overflow_used_ = 0;
  uint64_t dropped_ = 0, replaced_ = 0;
};

}  // namespace sashite::mate
