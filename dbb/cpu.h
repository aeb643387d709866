// The CPU features dbb's kernels depend on, detected in one place.
#pragma once

namespace sashite::dbb::cpu {

// __builtin_cpu_init makes __builtin_cpu_supports valid even before libgcc's own constructor.
inline bool detect_avx512() { return __builtin_cpu_init(), __builtin_cpu_supports("avx512f"); }
inline bool detect_avx2() { return __builtin_cpu_init(), __builtin_cpu_supports("avx2"); }

// Detected once, before main: a run-time dispatch reads one byte, with no guard. These are
// initialised before any later definition in the same file (partially-ordered dynamic
// initialisation), e.g. a benchmark registration that asks available(); a reader in an
// unrelated earlier initialiser could still see false, which only ever selects the AVX2 path.
inline const bool has_avx512 = detect_avx512();
inline const bool has_avx2 = detect_avx2();

}  // namespace sashite::dbb::cpu
