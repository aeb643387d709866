// The unbounded df-pn's table (mate/unbounded_df_pn.h). An entry is one (board, attacker's
// hand, mate-length bound): the bound is kUnboundedLen in the main search, so its pn/dn belong
// to the position and not to a remaining depth; the post-search's "mate within L" passes keep
// their numbers beside them. Final results answer for other hands and bounds (謎電 (2005)
// superiority, as mate/mate_table.h):
//   proven in L plies with hand H  => proven for every hand >= H and every bound >= L;
//   no mate within D with hand H   => disproven for every hand <= H and every bound <= D.
// Sizing and clearing: as many clusters of 8 entries as the megabytes hold (no power-of-two
// rounding, the cluster is a multiply-high of the key); beside the entries one cache line per
// cluster (PnDnClusterMeta: tags, generations, efforts) answers most probes and every choice
// of slot without reading an entry. The memory comes zeroed from the kernel on huge pages
// (base/large_memory.h), so pages are not touched before they are written, and clear() starts
// a new generation instead of writing the table: an entry of another generation is empty.
// Replacement: within the key's cluster, an empty entry, else the one with the least effort
// (nodes searched below it); whether a garbage collection also makes room table-wide is the
// registered choice C (mate/pn_dn_collection.h).
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "base/large_memory.h"
#include "engine/types.h"
#include "hand/hand.h"
#include "mate/mate_table.h"
#include "mate/pn_dn_collection.h"

namespace sashite::mate {

using PnDn = uint64_t;
// Proof and disproof numbers of a decided node; sums of undecided ones saturate below it.
inline constexpr PnDn kInfinitePnDn = PnDn(1) << 62;
// The bound of the unbounded search: a mate of any length (the same value as kNoLimit).
inline constexpr uint16_t kUnboundedLen = 0xFFFF;
static_assert(kUnboundedLen == kNoLimit);

struct PnDnEntry {
  Key board;
  uint32_t hand;    // the attacker's raw hand
  uint32_t amount;  // nodes searched below the entry, saturating: the replacement's effort
  PnDn pn, dn;
  uint16_t len;  // pn 0: the proof's length; dn 0: no mate within len; else the search's bound
  Move move;     // proven attacking node: the proving check
  uint32_t spare;
};
static_assert(sizeof(PnDnEntry) == 40);

// What a probe or a store reads first, one cache line per cluster: a probe reads an entry only
// when its tag matches, and a store picks its slot without reading the entries.
struct alignas(64) PnDnClusterMeta {
  uint32_t tag[8];         // the board key's high half
  uint16_t generation[8];  // 0: never written; another than the table's: empty
  uint16_t effort[8];      // effort_code() of the entry's amount: replacement reads it here
};
static_assert(sizeof(PnDnClusterMeta) == 64);

// An amount of nodes as a 16-bit code of the same order: exact below 2048, then 11 significant
// bits under a 5-bit exponent. A plain 16-bit count saturated at 65,535 nodes, so the entries
// that matter most (the largest subtrees) all looked alike to replacement.
constexpr uint16_t effort_code(uint64_t amount) {
  if (amount < 2048) return uint16_t(amount);
  const unsigned shift = unsigned(std::bit_width(amount)) - 11;  // amount >> shift in [1024, 2047]
  return uint16_t(((shift + 1) << 10) | ((amount >> shift) & 1023));
}

// What the table knows of (board, hand) under a bound.
struct PnDnProbe {
  bool proven = false, disproven = false;
  bool exact = false;     // numbers stored for exactly this hand and bound
  PnDn pn = 0, dn = 0;    // the greatest numbers of this entry and its neighbours; 0: none
  uint16_t len = 0;       // proven: the shortest applicable proof; disproven: the widest bound
  Move move = MOVE_NONE;  // proven: that proof's move
  uint32_t hand = 0;      // proven: that proof's hand (proof pieces); disproven: the disproof's
};

template <class T>
concept PnDnTableLayout = requires(T& t, const T& ct, Key board, uint32_t hand, uint16_t len, PnDn n, Move m) {
  { T::name } -> std::convertible_to<const char*>;
  t.resize(size_t{1});
  t.clear();
  ct.prefetch(board);
  { ct.probe(board, hand, len) } -> std::same_as<PnDnProbe>;
  t.store(board, hand, len, n, n, len, m, uint64_t{1}, hand);
  { ct.hashfull() } -> std::same_as<int>;
  { ct.stats() } -> std::same_as<MateTableStats>;
};

template <HandLayout H, PnDnCollection C = ClusterReplacement>
requires fits_mate_record<H>
class PnDnTable {
 public:
  static constexpr const char* name = C::name;
  static constexpr size_t kCluster = 8;

  PnDnTable() { resize(16); }

  void resize(size_t mb) {
    entries_.reset();
    meta_.reset();
    clusters_ = std::max<size_t>((mb << 20) / (kCluster * sizeof(PnDnEntry) + sizeof(PnDnClusterMeta)), 128);
    entries_ = LargeArray<PnDnEntry>(clusters_ * kCluster);
    meta_ = LargeArray<PnDnClusterMeta>(clusters_);
    generation_ = 1;
    if constexpr (C::collects) start_ = clusters_ * kCluster * C::kStartNum / C::kStartDen;
    dropped_ = replaced_ = live_ = collections_ = collected_ = 0;
  }
  // Every page made resident now rather than at its first store (base/large_memory.h).
  void prefault(unsigned threads) const {
    meta_.prefault(threads);
    entries_.prefault(threads);
  }
  // A new generation; every 65535th writes the table once.
  void clear() {
    if (++generation_ == 0) {
      std::memset(static_cast<void*>(meta_.get()), 0, clusters_ * sizeof(PnDnClusterMeta));
      generation_ = 1;
    }
    dropped_ = replaced_ = live_ = collections_ = collected_ = 0;
  }

  // Starts loading the cluster's meta line: a node probes all its children, their keys known
  // before any of them is made.
  void prefetch(Key board) const { __builtin_prefetch(meta_.get() + cluster(board)); }

  PnDnProbe probe(Key board, uint32_t hand, uint16_t len) const {
    PnDnProbe out;
    const size_t index = cluster(board);
    const PnDnClusterMeta& meta = meta_[index];
    const PnDnEntry* c = entries_.get() + index * kCluster;
    const H h = H::from_raw(typename H::Raw(hand));
    for (size_t i = 0; i < kCluster; ++i) {
      if (meta.tag[i] != tag(board) || meta.generation[i] != generation_) continue;
      const PnDnEntry& e = c[i];
      if (e.board != board) continue;
      if (e.pn == 0) {
        if (e.len <= len && (!out.proven || e.len < out.len) &&
            h.superior_or_equal(H::from_raw(typename H::Raw(e.hand)))) {
          out.proven = true;
          out.len = e.len;
          out.move = e.move;
          out.hand = e.hand;
        }
      } else if (e.dn == 0) {
        if (len <= e.len && (!out.disproven || e.len > out.len) &&
            H::from_raw(typename H::Raw(e.hand)).superior_or_equal(h)) {
          out.disproven = true;
          if (!out.proven) out.len = e.len, out.hand = e.hand;
        }
      } else if (e.hand == hand && e.len == len) {
        out.exact = true;
        out.pn = std::max(out.pn, e.pn);
        out.dn = std::max(out.dn, e.dn);
      } else {
        // Numbers of a neighbour (KomoringHeights' lookup): more pieces and a wider bound are
        // no harder to disprove than the entry, fewer and a narrower no easier to prove.
        const H eh = H::from_raw(typename H::Raw(e.hand));
        if (e.len <= len && h.superior_or_equal(eh)) out.dn = std::max(out.dn, e.dn);
        if (e.len >= len && eh.superior_or_equal(h)) out.pn = std::max(out.pn, e.pn);
      }
    }
    if (out.proven) out.disproven = false;  // only a key collision makes both true
    return out;
  }

  // The result of a search of (board, hand) under bound `searched`: numbers (kept for that
  // bound), or a proof of length `len` (move: the proving check), or no mate within `len`; a
  // proof or disproof is kept with `result_hand`, its proof or disproof pieces.
  // `amount`: the nodes this search spent, added to the entry's effort.
  void store(Key board, uint32_t hand, uint16_t searched, PnDn pn, PnDn dn, uint16_t len, Move move, uint64_t amount,
             uint32_t result_hand) {
    const size_t index = cluster(board);
    PnDnClusterMeta& meta = meta_[index];
    PnDnEntry* c = entries_.get() + index * kCluster;
    size_t slot = kCluster, victim = kCluster;
    uint32_t effort = uint32_t(std::min<uint64_t>(amount, UINT32_MAX));
    for (size_t i = 0; i < kCluster; ++i) {
      if (meta.generation[i] != generation_) {
        if (slot == kCluster) slot = i;
        continue;
      }
      if (meta.tag[i] == tag(board)) {
        PnDnEntry& e = c[i];
        if (e.board == board && e.hand == hand && e.len == searched && e.pn && e.dn) {
          effort = uint32_t(std::min<uint64_t>(uint64_t(e.amount) + effort, UINT32_MAX));
          meta.generation[i] = 0;  // the search's numbers give way to its result
          --live_;
          if (slot == kCluster) slot = i;
          continue;
        }
      }
      if (victim == kCluster || meta.effort[i] < meta.effort[victim]) victim = i;
    }
    if (slot == kCluster) {
      if (victim == kCluster) return void(++dropped_);
      ++replaced_;
      --live_;
      slot = victim;
    }
    const bool decided = pn == 0 || dn == 0;
    c[slot] = PnDnEntry{board, decided ? result_hand : hand, effort, pn, dn, decided ? len : searched, move, 0};
    meta.tag[slot] = tag(board);
    meta.generation[slot] = generation_;
    meta.effort[slot] = effort_code(effort);
    ++live_;
    if constexpr (C::collects)
      if (live_ >= start_) [[unlikely]]
        collect();
  }

  // Permille of the first 1000 entries written in this generation (USI `hashfull`).
  int hashfull() const {
    const size_t n = std::min<size_t>(1000, clusters_ * kCluster);
    int used = 0;
    for (size_t i = 0; i < n; ++i) used += meta_[i / kCluster].generation[i % kCluster] == generation_;
    return int(used * 1000 / n);
  }

  MateTableStats stats() const {
    MateTableStats s;
    for (size_t i = 0; i < clusters_ * kCluster; ++i) {
      const PnDnEntry& e = entries_.get()[i];
      if (meta_[i / kCluster].generation[i % kCluster] != generation_) continue;
      ++s.records;
      ++(e.pn == 0 ? s.proven : e.dn == 0 ? s.disproven : s.unknown);
    }
    s.main_used = s.records;
    s.dropped = dropped_;
    s.replaced = replaced_;
    s.collections = collections_;
    s.collected = collected_;
    return s;
  }

 private:
  // Fibonacci hashing (the low bits of an XOR board key carry the side to move), then the
  // multiply-high maps the key onto every cluster, not onto a power of two of them.
  size_t cluster(Key board) const {
    const uint64_t mixed = board * 0x9E3779B97F4A7C15ull;
    return size_t((unsigned __int128)mixed * clusters_ >> 64);
  }
  static uint32_t tag(Key board) { return uint32_t(board >> 32); }

  // SampledCollection's pass (mate/pn_dn_collection.h). Entries at the threshold go too, unless
  // that would remove more than twice the share (efforts of 1 can be most of a table).
  void collect() {
    std::vector<uint16_t> sample;  // once per pass, never per store
    sample.reserve(C::kSampleClusters * kCluster);
    const size_t step = std::max<size_t>(1, clusters_ / C::kSampleClusters);
    for (size_t c = 0; c < clusters_; c += step)
      for (size_t i = 0; i < kCluster; ++i)
        if (meta_[c].generation[i] == generation_) sample.push_back(meta_[c].effort[i]);
    if (sample.empty()) return;
    const size_t share = sample.size() * C::kRemoveNum / C::kRemoveDen;
    std::nth_element(sample.begin(), sample.begin() + ptrdiff_t(share), sample.end());
    const uint16_t threshold = sample[share];
    const auto at_or_below =
        size_t(std::count_if(sample.begin(), sample.end(), [&](uint16_t e) { return e <= threshold; }));
    const bool with_threshold = at_or_below <= 2 * share || share == 0 ||
                                std::none_of(sample.begin(), sample.end(), [&](uint16_t e) { return e < threshold; });
    for (size_t c = 0; c < clusters_; ++c) {
      PnDnClusterMeta& meta = meta_[c];
      for (size_t i = 0; i < kCluster; ++i)
        if (meta.generation[i] == generation_ &&
            (meta.effort[i] < threshold || (with_threshold && meta.effort[i] == threshold))) {
          meta.generation[i] = 0;
          --live_;
          ++collected_;
        }
    }
    ++collections_;
  }

  LargeArray<PnDnEntry> entries_;
  LargeArray<PnDnClusterMeta> meta_;
  size_t clusters_ = 0;
  uint16_t generation_ = 1;
  uint64_t dropped_ = 0, replaced_ = 0;
  size_t live_ = 0;   // entries of this generation
  size_t start_ = 0;  // C::collects: a pass starts when live_ reaches it
  uint64_t collections_ = 0, collected_ = 0;
};

}  // namespace sashite::mate
