// Memory for the big hash tables: zeroed pages from the kernel, 2 MB aligned and marked for
// transparent huge pages. A table probed at random misses the TLB on almost every probe with
// 4 KB pages; with 2 MB pages the page walk mostly hits the cache (Stockfish allocates its TT
// the same way). Debian's default THP mode is `madvise`, so the advice is what turns it on.
// The pages stay untouched until written: a table of several GB costs nothing until it fills,
// but its first touches then fall inside the search: in a VM whose memory the host backs on
// first use, most of a first solve with a table of gigabytes. prefault_large() takes them
// beforehand, at `isready` (results/2026-11-29-mate-table-prefault.md).
#pragma once

#include <sys/mman.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <new>
#include <thread>
#include <vector>

namespace sashite {

inline constexpr std::size_t kHugePage = std::size_t(2) << 20;

// `bytes` of zeroed memory, 2 MB aligned; throws std::bad_alloc.
inline void* allocate_large(std::size_t bytes) {
  const std::size_t size = (bytes + kHugePage - 1) / kHugePage * kHugePage;
  void* raw = mmap(nullptr, size + kHugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) throw std::bad_alloc();
  // Trim the mapping to the aligned part.
  const std::uintptr_t start = std::uintptr_t(raw), aligned = (start + kHugePage - 1) / kHugePage * kHugePage;
  if (aligned > start) munmap(raw, aligned - start);
  if (const std::uintptr_t end = start + size + kHugePage; end > aligned + size)
    munmap(reinterpret_cast<void*>(aligned + size), end - aligned - size);
#ifdef MADV_HUGEPAGE
  madvise(reinterpret_cast<void*>(aligned), size, MADV_HUGEPAGE);  // advice only: no huge pages is still correct
#endif
  return reinterpret_cast<void*>(aligned);
}

// Makes every page of allocate_large(bytes) resident, on up to `threads` threads (the kernel's
// zeroing and compaction of each huge page is CPU work that splits). MADV_POPULATE_WRITE (Linux
// 5.14) faults a range in one call; on an older kernel a write per 4 KB page does it (the pages
// are zero, and zero is written).
inline void prefault_large(void* p, std::size_t bytes, unsigned threads) {
  if (!p || !bytes) return;
  const std::size_t size = (bytes + kHugePage - 1) / kHugePage * kHugePage;
  const std::size_t pages = size / kHugePage;
  threads = std::max(1u, std::min<unsigned>(threads, unsigned(pages)));
  auto populate = [p](std::size_t first, std::size_t last) {
    char* const begin = static_cast<char*>(p) + first * kHugePage;
    const std::size_t length = (last - first) * kHugePage;
#ifdef MADV_POPULATE_WRITE
    if (madvise(begin, length, MADV_POPULATE_WRITE) == 0) return;
#endif
    for (std::size_t i = 0; i < length; i += 4096) *static_cast<volatile char*>(begin + i) = 0;
  };
  std::vector<std::thread> helpers;
  for (unsigned t = 1; t < threads; ++t) helpers.emplace_back(populate, pages * t / threads, pages * (t + 1) / threads);
  populate(0, pages / threads);
  for (std::thread& h : helpers) h.join();
}

inline void free_large(void* p, std::size_t bytes) {
  if (p) munmap(p, (bytes + kHugePage - 1) / kHugePage * kHugePage);
}

// An owning pointer to an array of T in large memory (T trivially constructible: zero bytes
// are its value).
template <class T>
class LargeArray {
 public:
  LargeArray() = default;
  explicit LargeArray(std::size_t n) : p_(static_cast<T*>(allocate_large(n * sizeof(T)))), n_(n) {}
  LargeArray(LargeArray&& o) noexcept : p_(o.p_), n_(o.n_) { o.p_ = nullptr, o.n_ = 0; }
  LargeArray& operator=(LargeArray&& o) noexcept {
    if (this != &o) {
      reset();
      p_ = o.p_, n_ = o.n_;
      o.p_ = nullptr, o.n_ = 0;
    }
    return *this;
  }
  LargeArray(const LargeArray&) = delete;
  LargeArray& operator=(const LargeArray&) = delete;
  ~LargeArray() { reset(); }

  void reset() {
    free_large(p_, n_ * sizeof(T));
    p_ = nullptr, n_ = 0;
  }
  T* get() const { return p_; }
  void prefault(unsigned threads) const { prefault_large(p_, n_ * sizeof(T), threads); }
  T& operator[](std::size_t i) const { return p_[i]; }
  std::size_t size() const { return n_; }

 private:
  T* p_ = nullptr;
  std::size_t n_ = 0;
};

}  // namespace sashite
