// The unbounded df-pn's table (mate/unbounded_df_pn.h). An entry is one (board, attacker's
// hand, mate-length bound): the bound is kUnboundedLen in the main search, so its pn/dn belong
// to the position and not to a remaining depth; the post-search's "mate within L" passes keep
// their numbers beside them. Final results answer for other hands and bounds (謎電 (2005)
// superiority, as mate/mate_table.h):
//   proven in L plies with hand H  => proven for every hand >= H and every bound >= L;
//   no mate within D with hand H   => disproven for every hand <= H and every bound <= D.
// Sizing and clearing: as many clusters of 8 entries as the megabytes hold (no power-of-two
// rounding, the cluster is a multiply-high of the key); a cluster's first cache line
// (PnDnClusterMeta: tags, stamps, efforts) answers most probes and every choice of slot
// without reading an entry, and its entries follow it in the same page, so that the entry a tag
// names costs no second page walk. The memory comes zeroed from the kernel on huge pages
// (base/large_memory.h), so pages are not touched before they are written, and clear() starts
// a new generation instead of writing the table: an entry of another generation is empty. An
// entry's stamp is its generation and its kind (numbers, proven, disproven), so the table keeps
// exact counts of each from the stamps it reads anyway, and stats() reads no entry: a scan of a
// table of gigabytes after each solve held back the answer (results/2026-12-02-mate-table-layout).
// Lookups use the table's first 64 MB at first, the region doubling as it fills (grow()).
// Replacement: within the key's cluster, an empty entry, else the one with the least effort
// (nodes searched below it); whether a garbage collection also makes room table-wide is the
// registered choice C (mate/pn_dn_collection.h).
// Threads (MateLimits::threads): the solver's threads share one table without locks, as
// Stockfish's threads share their transposition table. Every field is read and written as a
// relaxed atomic (a plain move on x86, and no data race), and an entry carries a check of its
// fields, so a probe that meets an entry half written by another thread skips it (Hyatt and
// Mann's lockless hashing, with a check word in place of the XOR). A lost or stale entry only
// costs work: results are true of the position whoever stored them. Each thread keeps its own
// counts (tl_table_thread), on a cache line of its own: one count that every store of every
// thread wrote bounced its line between the cores at each store and slowed every thread
// (results/2026-12-01-mate-threads.md).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <mutex>
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
  uint32_t hand;     // the attacker's raw hand
  uint32_t min_ply;  // numbers: the shallowest ply they were stored from (the TCA's old child)
  PnDn pn, dn;
  uint16_t len;    // pn 0: the proof's length; dn 0: no mate within len; else the search's bound
  Move move;       // proven attacking node: the proving check
  uint32_t check;  // check_of() the other fields: an entry torn by two threads' stores fails it
};
static_assert(sizeof(PnDnEntry) == 40);

// The calling thread's number among those sharing a table (0: the solve's own thread), which
// picks its counts; the solver sets it in each helper thread.
inline constexpr unsigned kMaxTableThreads = 64;
inline thread_local unsigned tl_table_thread = 0;

// A field the solver's threads share, read or written as a relaxed atomic.
template <class V>
V load_shared(const V& field) {
  return std::atomic_ref<V>(const_cast<V&>(field)).load(std::memory_order_relaxed);
}
template <class V>
void store_shared(V& field, V value) {
  std::atomic_ref<V>(field).store(value, std::memory_order_relaxed);
}

// The fields that a probe relies on (not the effort), mixed into 32 bits.
inline uint32_t check_of(const PnDnEntry& e) {
  const uint64_t x = e.board ^ (e.pn * 0x9E3779B97F4A7C15ull) ^ (e.dn * 0xC2B2AE3D27D4EB4Full) ^
                     (uint64_t(e.hand) << 32 | uint64_t(e.len) << 16 | uint64_t(e.move));
  return uint32_t((x * 0xD6E8FEB86659FD93ull) >> 32);
}

// An entry read field by field while another thread may be writing it; check_of() tells.
inline PnDnEntry load_entry(const PnDnEntry& e) {
  return {load_shared(e.board), load_shared(e.hand), load_shared(e.min_ply), load_shared(e.pn),
          load_shared(e.dn),    load_shared(e.len),  load_shared(e.move),    load_shared(e.check)};
}
inline void store_entry(PnDnEntry& to, PnDnEntry e) {
  e.check = check_of(e);
  store_shared(to.board, e.board), store_shared(to.hand, e.hand), store_shared(to.min_ply, e.min_ply);
  store_shared(to.pn, e.pn), store_shared(to.dn, e.dn), store_shared(to.len, e.len);
  store_shared(to.move, e.move), store_shared(to.check, e.check);
}

// What a probe or a store reads first, one cache line per cluster: a probe reads an entry only
// when its tag matches, and a store picks its slot without reading the entries.
struct alignas(64) PnDnClusterMeta {
  uint32_t tag[8];     // the board key's high half
  uint16_t stamp[8];   // generation | kind << 14; generation 0: never written, another: empty
  uint16_t effort[8];  // effort_code() of the nodes searched below the entry: replacement reads it
};
static_assert(sizeof(PnDnClusterMeta) == 64);

// A cluster as it lies in memory, six cache lines:
//   line 0        tag[8] | stamp[8] | effort[8]
//   lines 1-5     entry[0] ... entry[7], 40 bytes each
// A table of gigabytes misses the TLB on nearly every probe (more under a hypervisor's nested
// paging than on bare metal); with the entries in other pages than their tags, a probe that hits
// paid for two walks.
struct alignas(64) PnDnCluster {
  PnDnClusterMeta meta;
  PnDnEntry entry[8];
};
static_assert(sizeof(PnDnCluster) == 6 * 64);

// An amount of nodes as a 16-bit code of the same order: exact below 2048, then 11 significant
// bits under a 5-bit exponent. A plain 16-bit count saturated at 65,535 nodes, so the entries
// that matter most (the largest subtrees) all looked alike to replacement.
constexpr uint16_t effort_code(uint64_t amount) {
  if (amount < 2048) return uint16_t(amount);
  const unsigned shift = unsigned(std::bit_width(amount)) - 11;  // amount >> shift in [1024, 2047]
  return uint16_t(((shift + 1) << 10) | ((amount >> shift) & 1023));
}
// The amount a code stands for (the least that gives it): a store adds its nodes to this.
constexpr uint64_t effort_amount(uint16_t code) {
  if (code < 2048) return code;
  return uint64_t(1024 | (code & 1023)) << ((code >> 10) - 1);
}

// What the table knows of (board, hand) under a bound.
struct PnDnProbe {
  bool proven = false, disproven = false;
  bool exact = false;     // numbers stored for exactly this hand and bound
  PnDn pn = 0, dn = 0;    // the greatest numbers of this entry and its neighbours; 0: none
  uint16_t len = 0;       // proven: the shortest applicable proof; disproven: the widest bound
  Move move = MOVE_NONE;  // proven: that proof's move
  uint32_t hand = 0;      // proven: that proof's hand (proof pieces); disproven: the disproof's
  bool old = false;       // numbers for exactly this hand and bound, stored from above the probe's ply
};

template <class T>
concept PnDnTableLayout = requires(T& t, const T& ct, Key board, uint32_t hand, uint16_t len, PnDn n, Move m) {
  { T::name } -> std::convertible_to<const char*>;
  t.resize(size_t{1});
  t.clear();
  ct.prefetch(board);
  { ct.probe(board, hand, len) } -> std::same_as<PnDnProbe>;
  { ct.probe(board, hand, len, uint32_t{1}) } -> std::same_as<PnDnProbe>;  // from ply 1 (PnDnProbe::old)
  t.store(board, hand, len, n, n, len, m, uint64_t{1}, hand);
  t.store(board, hand, len, n, n, len, m, uint64_t{1}, hand, uint32_t{1});  // from ply 1
  t.share(2u);  // probes and stores from this many threads at once from here on
  t.enter();    // a thread starts sharing it: safe_point() from here on, until leave()
  t.safe_point();
  t.leave();
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
    table_.reset();
    clusters_ = std::max<size_t>((mb << 20) / sizeof(PnDnCluster), 128);
    table_ = LargeArray<PnDnCluster>(clusters_);
    generation_ = 1;
    active_ = std::min(clusters_, kFirstActive);
    if constexpr (C::collects) start_ = clusters_ * kCluster * C::kStartNum / C::kStartDen;
    reset_counts();
  }
  // Every page made resident now rather than at its first store (base/large_memory.h).
  void prefault(unsigned threads) const { table_.prefault(threads); }
  // A new generation; every 16383rd writes the table's stamps once.
  void clear() {
    if (++generation_ > kGenerationMask) {
      for (size_t c = 0; c < clusters_; ++c) table_[c].meta = {};
      generation_ = 1;
    }
    active_ = std::min(clusters_, kFirstActive);
    grow_pending_.store(false, std::memory_order_relaxed);
    reset_counts();
  }
  // How many threads probe and store at once (1, the default, or more, each its own
  // tl_table_thread below kMaxTableThreads): shared, a store reads the others' counts only now
  // and then, and one thread at a time runs a collection; the region grows only where every
  // thread that entered waits for it (safe_point()). Called while no other thread uses the
  // table; the counts of threads that leave go to thread 0's.
  void share(unsigned threads) {
    threads = std::clamp(threads, 1u, kMaxTableThreads);
    for (unsigned t = threads; t < threads_; ++t)
      for (auto field : kCountFields) {
        std::atomic<int64_t>& from = counts_[t].*field;
        (counts_[0].*field).fetch_add(from.exchange(0, std::memory_order_relaxed), std::memory_order_relaxed);
      }
    threads_ = threads;
    const std::lock_guard lock(grow_mutex_);
    if (grow_pending_.load(std::memory_order_relaxed)) grow_parked();  // no thread waits now
  }
  // A thread shares the table from now on: it calls safe_point() between its lookups, often
  // (the solver: at every node), and leave() once it is done with the table.
  void enter() {
    const std::lock_guard lock(grow_mutex_);
    ++members_;
  }
  // Where a thread between enter() and leave() holds nothing of the table: when the region must
  // grow, every such thread waits here, and the last to arrive moves the entries (no lookup runs meanwhile,
  // so none meets a half-moved cluster). One relaxed load otherwise.
  void safe_point() {
    if (grow_pending_.load(std::memory_order_relaxed)) [[unlikely]]
      park();
  }
  void leave() {
    const std::lock_guard lock(grow_mutex_);
    --members_;
    if (grow_pending_.load(std::memory_order_relaxed) && parked_ == members_) grow_parked();
  }

  // Starts loading the cluster's meta line: a node probes all its children, their keys known
  // before any of them is made.
  void prefetch(Key board) const { __builtin_prefetch(&table_[cluster(board)].meta); }

  // `ply`: the probing node's distance from the root, for PnDnProbe::old (0: never old).
  PnDnProbe probe(Key board, uint32_t hand, uint16_t len, uint32_t ply = 0) const {
    PnDnProbe out;
    const PnDnCluster& cl = table_[cluster(board)];
    const PnDnClusterMeta& meta = cl.meta;
    const PnDnEntry* c = cl.entry;
    const H h = H::from_raw(typename H::Raw(hand));
    for (size_t i = 0; i < kCluster; ++i) {
      if (load_shared(meta.tag[i]) != tag(board) || !live(load_shared(meta.stamp[i]))) continue;
      const PnDnEntry e = load_entry(c[i]);
      if (e.board != board || e.check != check_of(e)) continue;
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
        out.old |= e.min_ply < ply;
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
  // `amount`: the nodes this search spent, added to the entry's effort; `ply`: the searched
  // node's distance from the root (numbers keep the least they were stored from).
  void store(Key board, uint32_t hand, uint16_t searched, PnDn pn, PnDn dn, uint16_t len, Move move, uint64_t amount,
             uint32_t result_hand, uint32_t ply = 0) {
    PnDnCluster& cl = table_[cluster(board)];
    PnDnClusterMeta& meta = cl.meta;
    PnDnEntry* c = cl.entry;
    size_t slot = kCluster, victim = kCluster;
    uint32_t effort = uint32_t(std::min<uint64_t>(amount, UINT32_MAX));
    for (size_t i = 0; i < kCluster; ++i) {
      if (!live(load_shared(meta.stamp[i]))) {
        if (slot == kCluster) slot = i;
        continue;
      }
      if (load_shared(meta.tag[i]) == tag(board)) {
        const PnDnEntry e = load_entry(c[i]);
        if (e.board == board && e.hand == hand && e.len == searched && e.pn && e.dn) {
          effort = uint32_t(std::min<uint64_t>(effort_amount(load_shared(meta.effort[i])) + effort, UINT32_MAX));
          ply = std::min(ply, e.min_ply);
          count_kind(load_shared(meta.stamp[i]) >> kKindShift, -1);
          store_shared(meta.stamp[i], uint16_t(0));  // the search's numbers give way to its result
          add(&Counts::live, -1);
          if (slot == kCluster) slot = i;
          continue;
        }
      }
      if (victim == kCluster || load_shared(meta.effort[i]) < load_shared(meta.effort[victim])) victim = i;
    }
    if (slot == kCluster) {
      if (victim == kCluster) return void(add(&Counts::dropped, 1));
      add(&Counts::replaced, 1);
      add(&Counts::live, -1);
      count_kind(load_shared(meta.stamp[victim]) >> kKindShift, -1);
      slot = victim;
    }
    const bool decided = pn == 0 || dn == 0;
    const unsigned kind = pn == 0 ? kProven : dn == 0 ? kDisproven : kNumbers;
    store_entry(c[slot], {board, decided ? result_hand : hand, ply, pn, dn, decided ? len : searched, move, 0});
    store_shared(meta.tag[slot], tag(board));
    store_shared(meta.stamp[slot], uint16_t(generation_ | kind << kKindShift));
    count_kind(kind, 1);
    store_shared(meta.effort[slot], effort_code(effort));
    const int64_t own = add(&Counts::live, 1);
    if (active_ < clusters_) {
      if (threads_ == 1) {
        if (uint64_t(own) * 2 >= active_ * kCluster) [[unlikely]]
          grow(std::min(2 * active_, clusters_));
      } else if (own % 256 == 0 && uint64_t(total(&Counts::live)) * 2 >= active_ * kCluster) [[unlikely]] {
        grow_pending_.store(true, std::memory_order_relaxed);  // at the threads' next safe point
      }
    }
    if constexpr (C::collects)
      if (threads_ == 1 || own % 256 == 0)
        if (total(&Counts::live) >= int64_t(start_)) [[unlikely]]
          collect();
  }

  // What stats() counts, by reading every entry: for the tests, which compare the two.
  MateTableStats scan() const {
    MateTableStats s;
    for (size_t i = 0; i < active_ * kCluster; ++i) {
      if (!live(load_shared(table_[i / kCluster].meta.stamp[i % kCluster]))) continue;
      const PnDnEntry e = load_entry(table_[i / kCluster].entry[i % kCluster]);
      ++s.records;
      ++(e.pn == 0 ? s.proven : e.dn == 0 ? s.disproven : s.unknown);
    }
    return s;
  }

  // Permille of the whole table's entries in use (USI `hashfull`).
  int hashfull() const {
    return int(std::clamp<int64_t>(total(&Counts::live), 0, INT64_MAX / 1000) * 1000 / int64_t(clusters_ * kCluster));
  }
  // How many clusters lookups map onto now (the tests watch the region grow).
  size_t active_clusters() const { return active_; }

  MateTableStats stats() const {
    MateTableStats s;
    // Exact with one thread; with several, two stores racing for one slot can each count it.
    s.records = uint64_t(std::max<int64_t>(0, total(&Counts::live)));
    s.proven = uint64_t(std::clamp<int64_t>(total(&Counts::proven), 0, int64_t(s.records)));
    s.disproven = uint64_t(std::clamp<int64_t>(total(&Counts::disproven), 0, int64_t(s.records - s.proven)));
    s.unknown = s.records - s.proven - s.disproven;
    s.main_used = s.records;
    s.dropped = uint64_t(total(&Counts::dropped));
    s.replaced = uint64_t(total(&Counts::replaced));
    s.collections = uint64_t(total(&Counts::collections));
    s.collected = uint64_t(total(&Counts::collected));
    return s;
  }

 private:
  // Fibonacci hashing (the low bits of an XOR board key carry the side to move), then the
  // multiply-high maps the key onto every cluster, not onto a power of two of them.
  size_t cluster(Key board) const {
    const uint64_t mixed = board * 0x9E3779B97F4A7C15ull;
    return size_t((unsigned __int128)mixed * active_ >> 64);
  }

  // The region in use. Lookups start on the first kFirstActive clusters and the region doubles
  // whenever it is half full, each entry moved to the cluster its key maps to in the larger
  // region: a problem that fits in 64 MB stays in 64 MB's pages, whatever MateHash gave. On a
  // virtual machine a probe at random in gigabytes costs far more than one in 64 MB (the
  // address translation: results/2026-12-02-mate-table-layout), so a large table made small
  // problems slower. One thread grows the region at the store that fills it; threads that
  // share the table without locks grow it at a safe point where all of them wait.
  static constexpr size_t kFirstActive = (size_t(64) << 20) / sizeof(PnDnCluster);

  void park() {
    std::unique_lock lock(grow_mutex_);
    if (!grow_pending_.load(std::memory_order_relaxed)) return;  // grown meanwhile
    if (++parked_ >= members_) return grow_parked();
    const uint64_t growths = growths_;
    grow_done_.wait(lock, [&] { return growths_ != growths; });
  }
  // Under grow_mutex_, with every thread that entered waiting in park() or gone.
  void grow_parked() {
    grow(std::min(2 * active_, clusters_));
    parked_ = 0;
    ++growths_;
    grow_pending_.store(false, std::memory_order_relaxed);
    grow_done_.notify_all();
  }

  // Moves the entries from the first active_ clusters to where they belong among the first
  // `to`. The key maps onto clusters by a multiply-high, so cluster i's entries go to clusters
  // from i * to / active_ on; taken from the last cluster down, every destination is at or past
  // the cluster being emptied, and those past it have been emptied already. A doubling sends
  // each cluster to two of its own; the last step, to the table's size, can send two clusters'
  // entries to one, and a full cluster then keeps the more worked (as a store would).
  void grow(size_t to) {
    const size_t from = active_;
    if (to <= from) return;
    active_ = to;
    for (size_t i = from; i-- > 0;) {
      const PnDnCluster old = table_[i];
      table_[i].meta = {};
      for (size_t s = 0; s < kCluster; ++s)
        if (live(old.meta.stamp[s])) move_in(old.entry[s], old.meta.stamp[s], old.meta.effort[s]);
    }
  }
  void move_in(const PnDnEntry& e, uint16_t stamp, uint16_t effort) {
    PnDnCluster& cl = table_[cluster(e.board)];
    PnDnClusterMeta& m = cl.meta;
    size_t slot = 0;  // an empty slot, else the least worked
    for (size_t i = 1; i < kCluster && live(m.stamp[slot]); ++i)
      if (!live(m.stamp[i]) || m.effort[i] < m.effort[slot]) slot = i;
    if (live(m.stamp[slot])) {  // full: the less worked of the two is lost
      add(&Counts::replaced, 1);
      add(&Counts::live, -1);
      if (m.effort[slot] >= effort) return count_kind(stamp >> kKindShift, -1);
      count_kind(m.stamp[slot] >> kKindShift, -1);
    }
    cl.entry[slot] = e;
    m.tag[slot] = tag(e.board), m.stamp[slot] = stamp, m.effort[slot] = effort;
  }
  static uint32_t tag(Key board) { return uint32_t(board >> 32); }

  // An entry's kind, in its stamp's top two bits.
  static constexpr unsigned kNumbers = 1, kProven = 2, kDisproven = 3, kKindShift = 14;
  static constexpr uint16_t kGenerationMask = (1u << kKindShift) - 1;
  bool live(uint16_t stamp) const { return (stamp & kGenerationMask) == generation_; }

  // A thread's counts, written by it alone (a load and a store, no locked instruction) and read
  // by the others. live: entries it added less those it removed (the table's is the sum).
  struct alignas(64) Counts {
    std::atomic<int64_t> dropped{0}, replaced{0}, live{0}, proven{0}, disproven{0}, collections{0}, collected{0};
  };
  int64_t add(std::atomic<int64_t> Counts::*field, int64_t delta) {
    std::atomic<int64_t>& n = counts_[tl_table_thread].*field;
    const int64_t v = n.load(std::memory_order_relaxed) + delta;
    n.store(v, std::memory_order_relaxed);
    return v;
  }
  void count_kind(unsigned kind, int64_t delta) {
    if (kind == kProven) add(&Counts::proven, delta);
    if (kind == kDisproven) add(&Counts::disproven, delta);
  }
  int64_t total(std::atomic<int64_t> Counts::*field) const {
    int64_t sum = 0;
    for (unsigned t = 0; t < threads_; ++t) sum += (counts_[t].*field).load(std::memory_order_relaxed);
    return sum;
  }
  static constexpr std::atomic<int64_t> Counts::*kCountFields[] = {
      &Counts::dropped,   &Counts::replaced,    &Counts::live,     &Counts::proven,
      &Counts::disproven, &Counts::collections, &Counts::collected};
  void reset_counts() {
    for (Counts& c : counts_)
      for (auto field : kCountFields) (c.*field).store(0, std::memory_order_relaxed);
  }

  // SampledCollection's pass (mate/pn_dn_collection.h). Entries at the threshold go too, unless
  // that would remove more than twice the share (efforts of 1 can be most of a table). Shared, one
  // thread runs it while the others go on storing: an entry stored meanwhile may go or stay.
  void collect() {
    if (collecting_.exchange(true, std::memory_order_acquire)) return;  // another thread's pass
    std::vector<uint16_t> sample;                                       // once per pass, never per store
    sample.reserve(C::kSampleClusters * kCluster);
    const size_t step = std::max<size_t>(1, active_ / C::kSampleClusters);
    for (size_t c = 0; c < active_; c += step)
      for (size_t i = 0; i < kCluster; ++i)
        if (live(load_shared(table_[c].meta.stamp[i]))) sample.push_back(load_shared(table_[c].meta.effort[i]));
    if (!sample.empty()) {
      const size_t share = sample.size() * C::kRemoveNum / C::kRemoveDen;
      std::nth_element(sample.begin(), sample.begin() + ptrdiff_t(share), sample.end());
      const uint16_t threshold = sample[share];
      const auto at_or_below =
          size_t(std::count_if(sample.begin(), sample.end(), [&](uint16_t e) { return e <= threshold; }));
      const bool with_threshold = at_or_below <= 2 * share || share == 0 ||
                                  std::none_of(sample.begin(), sample.end(), [&](uint16_t e) { return e < threshold; });
      int64_t removed[4] = {};  // by kind
      for (size_t c = 0; c < active_; ++c) {
        PnDnClusterMeta& meta = table_[c].meta;
        for (size_t i = 0; i < kCluster; ++i) {
          const uint16_t effort = load_shared(meta.effort[i]), stamp = load_shared(meta.stamp[i]);
          if (live(stamp) && (effort < threshold || (with_threshold && effort == threshold))) {
            store_shared(meta.stamp[i], uint16_t(0));
            ++removed[stamp >> kKindShift];
          }
        }
      }
      const int64_t all = removed[kNumbers] + removed[kProven] + removed[kDisproven];
      add(&Counts::live, -all);
      add(&Counts::proven, -removed[kProven]);
      add(&Counts::disproven, -removed[kDisproven]);
      add(&Counts::collected, all);
      add(&Counts::collections, 1);
    }
    collecting_.store(false, std::memory_order_release);
  }

  LargeArray<PnDnCluster> table_;
  size_t clusters_ = 0;
  size_t active_ = 0;  // the clusters lookups map onto (kFirstActive, then grow())
  uint16_t generation_ = 1;
  unsigned threads_ = 1;
  size_t start_ = 0;  // C::collects: a pass starts when this many entries live
  std::array<Counts, kMaxTableThreads> counts_;
  std::atomic<bool> collecting_{false};
  // The shared region's growth: requested by a store, run at the safe point all reach (park()).
  std::atomic<bool> grow_pending_{false};
  std::mutex grow_mutex_;
  std::condition_variable grow_done_;
  unsigned members_ = 0, parked_ = 0;  // under grow_mutex_: threads entered, and waiting
  uint64_t growths_ = 0;               // under grow_mutex_: the parked threads' wake-up
};

}  // namespace sashite::mate
