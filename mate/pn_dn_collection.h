// How the unbounded df-pn's table (mate/pn_dn_table.h) makes room: a registered choice, both
// checked by PnDnCollection.
// - ClusterReplacement: a store into a full cluster replaces the entry of least effort among
//   the cluster's 8; nothing else.
// - SampledCollection: garbage collection by amount of work (KomoringHeights' idea, komori-n):
//   once 15/16 of the entries are in use, a sample of their efforts names the effort below which
//   an eighth of them lie, and one pass over the meta lines removes every entry at or below it.
//   What goes is what costs least to search again, ranked across the whole table rather than
//   among the 8 entries one cluster happens to hold. A pass reads one cache line per 8 entries.
//   Starting at 3/4 and removing a third lost on 寿 at 4 and 16 MB: kept below 3/4 full, the
//   table holds less than the cluster replacement's, which keeps it full
//   (FINDINGS.md F-mate-table-collection).
#pragma once

#include <concepts>
#include <cstddef>

namespace sashite::mate {

template <class C>
concept PnDnCollection = requires {
  { C::name } -> std::convertible_to<const char*>;  // the table layout's registered name
  { C::collects } -> std::convertible_to<bool>;     // false: store() never calls a pass
};

struct ClusterReplacement {
  static constexpr const char* name = "pn-dn";
  static constexpr bool collects = false;
};

struct SampledCollection {
  static constexpr const char* name = "pn-dn-gc";
  static constexpr bool collects = true;
  // A pass starts when this share of the entries is in use, and removes about this share of them.
  static constexpr size_t kStartNum = 15, kStartDen = 16;
  static constexpr size_t kRemoveNum = 1, kRemoveDen = 8;
  // Clusters sampled for the threshold, spread evenly over the table: 8 entries each.
  static constexpr size_t kSampleClusters = 1024;
};

}  // namespace sashite::mate
