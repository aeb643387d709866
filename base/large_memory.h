// Memory for the big hash tables: zeroed pages from the kernel, 2 MB aligned and marked for
// transparent huge pages. A table probed at random misses the TLB on almost every probe with
// 4 KB pages; with 2 MB pages the page walk mostly hits the cache (Stockfish allocates its TT
// the same way). Debian's default THP mode is `madvise`, so the advice is what turns it on.
// The pages stay untouched until written: a table of several GB costs nothing until it fills.
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#include <new>

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
  T& operator[](std::size_t i) const { return p_[i]; }
  std::size_t size() const { return n_; }

 private:
  T* p_ = nullptr;
  std::size_t n_ = 0;
};

}  // namespace sashite
