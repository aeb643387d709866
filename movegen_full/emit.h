// Per-piece move emission with the promotion rules (README Conventions): the one place that turns a
// piece's legal target squares into moves. The full generator calls it per piece type; the
// differential generator calls it when it regenerates one piece.
#pragma once

#include <array>

#include "engine/bitboard.h"

namespace sashite {

namespace detail {
// The targets of a piece within one file of `from` (a stepper or a lance) fit one 64-square
// window: squares 0-63 for a piece on files 1-6, 17-80 beyond. One word then holds them where a
// whole bitboard takes two.
struct NearWindow {
  bool high;
  explicit NearWindow(Square from) : high(from >= 54) {}
  int first() const { return high ? 17 : 0; }
  uint64_t of(const Bitboard& b) const { return high ? (b.p[0] >> 17) | (b.p[1] << 46) : b.p[0]; }
};
// The squares of the ranks in `ranks` (bit r: rank r) in the window from `first`.
constexpr uint64_t window_ranks(unsigned ranks, int first) {
  uint64_t w = 0;
  for (int i = 0; i < 64 && first + i < SQ_NB; ++i)
    if (ranks >> ((first + i) % 9) & 1) w |= uint64_t(1) << i;
  return w;
}
}  // namespace detail

#if defined(__AVX512VBMI2__)
namespace detail {
// Bytes 0, 1, ..., 126: the square numbers of 64 bits that start on any square up to 63 are one
// load (cheaper than a broadcast and an add where the first square is not a constant).
struct SquareBytes {
  alignas(64) uint8_t b[127];
};
inline constexpr SquareBytes kSquareBytes = [] {
  SquareBytes t{};
  for (int i = 0; i < 127; ++i) t.b[i] = uint8_t(i);
  return t;
}();
// Bytes first_square, first_square + 1, ...: the square numbers of one word's 64 bits.
inline __m512i square_numbers(int first_square) { return _mm512_loadu_si512(kSquareBytes.b + first_square); }
// The low 128 bits, without _mm512_castsi512_si128 (GCC 12 warns that its placeholder source may
// be uninitialized).
[[gnu::always_inline]] inline __m128i low_lane(__m512i v) {
  return __m128i(__builtin_shufflevector(__v8di(v), __v8di(v), 0, 1));
}
// One word's targets, 8 moves a store: vpcompressb packs the set bits' square numbers, vpmovzxbq
// widens the low 8 of them into 8 qwords, and one 64-byte store writes 8 ExtMoves (move = base |
// to; the score half zero); a rotation by one qword brings the next 8 down. No index vector: the
// loop used to permute with a constant per group of 8, and GCC, peeling it, kept nine constants
// live and reloaded them before every piece type's loop. Runs once for a word of up to 8
// targets, empty words included, so a piece's emission has no branch whose trip count varies by
// position. Writes up to 8 entries past the returned end: MAX_MOVES leaves room (kEmitSlack).
// Pawn = true: the move's from is to + its own offset, carried in `base` as offset << 7 (all pawns
// at once, by their destinations).
template <bool Pawn = false>
[[gnu::always_inline]] inline ExtMove* emit_word(ExtMove* list, uint64_t word, int first_square, __m512i base) {
  __m512i packed = _mm512_maskz_compress_epi8(word, square_numbers(first_square));
  ExtMove* const end = list + __builtin_popcountll(word);
  ExtMove* out = list;
#pragma GCC unroll 1
  do {
    const __m512i to = _mm512_maskz_cvtepu8_epi64(0xff, low_lane(packed));
    if constexpr (Pawn)
      _mm512_storeu_si512(out, _mm512_add_epi64(_mm512_add_epi64(to, _mm512_maskz_slli_epi64(0xff, to, 7)), base));
    else
      _mm512_storeu_si512(out, _mm512_or_si512(to, base));
    packed = _mm512_maskz_alignr_epi64(0xff, packed, packed, 1);
    out += 8;
  } while (out < end);
  return end;
}
}  // namespace detail
inline constexpr int kEmitSlack = 8;
// Emits the moves of a piece whose targets lie within one file of `from` (a stepper or a lance):
// they fit one 64-square window, squares 0-63 for a piece on files 1-6 and 17-80 beyond, so one
// test and one compression cover them where a whole bitboard takes one of each per word.
inline ExtMove* emit_near(ExtMove* list, Bitboard targets, Square from, unsigned base) {
  const detail::NearWindow window(from);
  const uint64_t word = window.of(targets);
  if (!word) return list;
  return detail::emit_word(list, word, window.first(), _mm512_set1_epi64(base));
}
// Emits one move per target square, in square order; `base` holds from (or the dropped kind),
// flags included.
inline ExtMove* emit_moves(ExtMove* list, Bitboard targets, unsigned base) {
  const __m512i b = _mm512_set1_epi64(base);
  if (targets.p[0]) list = detail::emit_word(list, targets.p[0], 0, b);
  if (targets.p[1]) list = detail::emit_word(list, targets.p[1], 63, b);
  return list;
}
// Pawn steps given by their destinations, none promoting: from = to + back.
inline ExtMove* emit_pawn_steps(ExtMove* list, Bitboard to, int back) {
  const __m512i b = _mm512_set1_epi64(int64_t(back) * 128);
  if (to.p[0]) list = detail::emit_word<true>(list, to.p[0], 0, b);
  if (to.p[1]) list = detail::emit_word<true>(list, to.p[1], 63, b);
  return list;
}
// The drops of k kinds (1 <= k <= 6, `kinds` their bases) on every square of t, square by
// square in kind order: a store writes 8 / k squares' drops (lane j: square j / k, kind j % k).
inline ExtMove* emit_drops(ExtMove* list, Bitboard t, const uint64_t* kinds, int k) {
  struct Lanes {
    uint64_t square[7][8], kind[7][8];
  };
  static constexpr Lanes kLanes = [] {
    Lanes l{};
    for (int n = 1; n <= 6; ++n)
      for (int j = 0; j < 8; ++j) l.square[n][j] = uint64_t(j / n), l.kind[n][j] = uint64_t(j % n);
    return l;
  }();
  const int per = 8 / k;
  const __m512i base = _mm512_maskz_permutexvar_epi64(0xff, _mm512_loadu_si512(kLanes.kind[k]),
                                                      _mm512_maskz_loadu_epi64(__mmask8((1u << k) - 1), kinds));
  for (int w = 0; w < 2; ++w) {
    const uint64_t word = t.p[w];
    if (!word) continue;
    const __m512i numbers = detail::square_numbers(63 * w);
    const __m512i packed = _mm512_maskz_compress_epi8(word, numbers);
    const int n = __builtin_popcountll(word);
    __m512i index = _mm512_loadu_si512(kLanes.square[k]);
    ExtMove* const end = list + n * k;
    for (int i = 0; i < n; i += per) {
      const __m512i to = _mm512_maskz_permutexvar_epi8(0x0101010101010101ULL, index, packed);
      _mm512_storeu_si512(list, _mm512_or_si512(to, base));
      list += per * k;
      index = _mm512_add_epi64(index, _mm512_set1_epi64(per));
    }
    list = end;
  }
  return list;
}
#else
namespace detail {
// Without VBMI2: one bit scan and one store per target, in a plain loop over a local pointer.
// The loops used to be for_each_square's lambdas around a captured `list`, called out of
// line, much slower on a Zen 3 (results/2026-11-30-avx2-emission.md). Writing 1, 2, 4 or 8
// entries unconditionally per step (Langdale and Lemire's bit flattening in simdjson, which
// trades a branch for stores) was measured too: never faster than the plain loop.
template <bool Pawn = false>
inline ExtMove* emit_word(ExtMove* list, uint64_t word, int first_square, unsigned base) {
  base += Pawn ? unsigned(first_square) * 129 : unsigned(first_square);
  for (; word; word = _blsr_u64(word)) {
    // Opaque to GCC, which otherwise counts the trips (a popcount), walks a copy of the pointer
    // and after the loop computes the end again from the count: four instructions a call.
    asm("" : "+r"(word));
    const unsigned to = unsigned(_tzcnt_u64(word));
    (list++)->move = Move(base + (Pawn ? to * 129 : to));
  }
  return list;
}
// The positions of a byte's set bits, packed (a 2 KB table).
inline constexpr std::array<std::array<uint8_t, 8>, 256> kBytePositions = [] {
  std::array<std::array<uint8_t, 8>, 256> t{};
  for (int b = 0; b < 256; ++b)
    for (int i = 0, n = 0; i < 8; ++i)
      if (b >> i & 1) t[b][n++] = uint8_t(i);
  return t;
}();
// A dense word (drops on most empty squares) byte by byte, without a bit scan per target: the
// byte's bit positions from the table, widened to 8 entries by two 256-bit stores, the pointer
// advanced by the byte's count. A fixed trip count and no branch per target; writes up to 8
// entries past the returned end.
template <int Bytes>
inline ExtMove* emit_bytes(ExtMove* list, uint64_t word, int first_square, unsigned base) {
  __m256i b = _mm256_set1_epi64x(int64_t(base + unsigned(first_square)));
  for (int i = 0; i < Bytes; ++i, word >>= 8) {
    const uint8_t* at = kBytePositions[word & 0xff].data();
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(list),
                        _mm256_add_epi64(b, _mm256_cvtepu8_epi64(_mm_loadu_si32(at))));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(list + 4),
                        _mm256_add_epi64(b, _mm256_cvtepu8_epi64(_mm_loadu_si32(at + 4))));
    list += __builtin_popcount(unsigned(word & 0xff));
    b = _mm256_add_epi64(b, _mm256_set1_epi64x(8));
  }
  return list;
}
// A word of Bytes bytes byte by byte from 1.5 targets a byte on (12 of word 0's 63 squares, 5 of
// word 1's 18), by bit scan below: a byte costs about two bit scans' instructions.
template <int Bytes>
inline ExtMove* emit_word_or_bytes(ExtMove* list, uint64_t word, int first_square, unsigned base) {
  return 2 * __builtin_popcountll(word) >= 3 * Bytes ? emit_bytes<Bytes>(list, word, first_square, base)
                                                     : emit_word(list, word, first_square, base);
}
// Drops of k kinds, one square at a time: one 256-bit store (Wide: two) of the square's k
// entries, lanes past k written past the end.
template <bool Wide>
inline ExtMove* emit_drop_squares(ExtMove* list, Bitboard t, __m256i lo, __m256i hi, int k) {
  for (int w = 0; w < 2; ++w)
    for (uint64_t word = t.p[w]; word; word = _blsr_u64(word)) {
      asm("" : "+r"(word));  // as in emit_word
      const __m256i v = _mm256_set1_epi64x(int64_t(63 * w + _tzcnt_u64(word)));
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(list), _mm256_or_si256(lo, v));
      if (Wide) _mm256_storeu_si256(reinterpret_cast<__m256i*>(list + 4), _mm256_or_si256(hi, v));
      list += k;
    }
  return list;
}
}  // namespace detail
// Up to 8 entries past the end: emit_bytes's and emit_drops's two 256-bit stores.
inline constexpr int kEmitSlack = 8;
// Emits the moves of a piece whose targets lie within one file of `from` (a stepper or a lance):
// one 64-square window, as with VBMI2 above.
inline ExtMove* emit_near(ExtMove* list, Bitboard targets, Square from, unsigned base) {
  const detail::NearWindow window(from);
  return detail::emit_word(list, window.of(targets), window.first(), base);
}
// Emits one move per target square, in square order; `base` holds from (or the dropped kind),
// flags included.
inline ExtMove* emit_moves(ExtMove* list, Bitboard targets, unsigned base) {
  list = detail::emit_word(list, targets.p[0], 0, base);
  return detail::emit_word(list, targets.p[1], 63, base);
}
// Pawn steps given by their destinations, none promoting: from = to + back.
inline ExtMove* emit_pawn_steps(ExtMove* list, Bitboard to, int back) {
  list = detail::emit_word<true>(list, to.p[0], 0, unsigned(back * 128));
  return detail::emit_word<true>(list, to.p[1], 63, unsigned(back * 128));
}
// The drops of k kinds (1 <= k <= 6, `kinds` their bases) on every square of t, square by
// square in kind order, with as few stores as k allows: one kind byte by byte where a word is
// dense, by bit scan elsewhere; two kinds two squares a 256-bit store (lanes a, a, b, b); three
// or four kinds one square a store, five or six two. The kinds are loaded with a mask so that no
// base past k is read.
inline ExtMove* emit_drops(ExtMove* list, Bitboard t, const uint64_t* kinds, int k) {
  if (k == 1) {
    list = detail::emit_word_or_bytes<8>(list, t.p[0], 0, unsigned(kinds[0]));
    return detail::emit_word_or_bytes<3>(list, t.p[1], 63, unsigned(kinds[0]));
  }
  // Plain loops over a local pointer, not for_each_square's lambda: a vector store may alias a
  // captured `list`, which then goes through memory on every square.
  if (k == 2) {
    const __m256i base = _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(kinds)));
    for (int w = 0; w < 2; ++w) {
      uint64_t word = t.p[w];
      ExtMove* const end = list + 2 * __builtin_popcountll(word);
      const __m256i first = _mm256_add_epi64(base, _mm256_set1_epi64x(63 * w));
      // An odd count's last store takes tzcnt(0) = 64 as b: its two entries lie past `end`.
      while (word) {
        const uint64_t a = _tzcnt_u64(word);
        word = _blsr_u64(word);
        const uint64_t b = _tzcnt_u64(word);
        word = _blsr_u64(word);
        const __m256i to = _mm256_blend_epi32(_mm256_set1_epi64x(int64_t(a)), _mm256_set1_epi64x(int64_t(b)), 0xf0);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(list), _mm256_add_epi64(first, to));
        list += 4;
      }
      list = end;
    }
    return list;
  }
  const __m256i lane = _mm256_set_epi64x(3, 2, 1, 0);
  const auto* base = reinterpret_cast<const long long*>(kinds);
  const __m256i lo = _mm256_maskload_epi64(base, _mm256_cmpgt_epi64(_mm256_set1_epi64x(k), lane));
  if (k <= 4) return detail::emit_drop_squares<false>(list, t, lo, lo, k);
  const __m256i hi = _mm256_maskload_epi64(base + 4, _mm256_cmpgt_epi64(_mm256_set1_epi64x(k - 4), lane));
  return detail::emit_drop_squares<true>(list, t, lo, hi, k);
}
#endif
// A stepper's or lance's promotions (its targets on the ranks in Promo, bit r: rank r) and
// non-promotions (those on the ranks in Plain). Without VBMI2 the window is taken once for both
// (results/2026-11-30-zen3-perft-steps.md); the VBMI2 path keeps its two emit_near calls.
template <unsigned Promo, unsigned Plain>
inline ExtMove* emit_near_pair(ExtMove* list, Bitboard targets, Square from) {
  const unsigned base = unsigned(from) << 7;
#if defined(__AVX512VBMI2__)
  static constexpr Bitboard kPromo(detail::window_ranks(Promo, 0), detail::window_ranks(Promo, 63) & 0x3ffff);
  static constexpr Bitboard kPlain(detail::window_ranks(Plain, 0), detail::window_ranks(Plain, 63) & 0x3ffff);
  list = emit_near(list, targets & kPromo, from, base | MOVE_PROMOTE);
  return emit_near(list, targets & kPlain, from, base);
#else
  static constexpr uint64_t kPromo[2] = {detail::window_ranks(Promo, 0), detail::window_ranks(Promo, 17)};
  static constexpr uint64_t kPlain[2] = {detail::window_ranks(Plain, 0), detail::window_ranks(Plain, 17)};
  const detail::NearWindow window(from);
  const uint64_t word = window.of(targets);
  list = detail::emit_word(list, word & kPromo[window.high], window.first(), base | MOVE_PROMOTE);
  return detail::emit_word(list, word & kPlain[window.high], window.first(), base);
#endif
}
// The most legal moves of a shogi position is 593; lists are MAX_MOVES long.
static_assert(593 + kEmitSlack <= MAX_MOVES);

// All = every legal non-promotion too (LegalAll); otherwise the useless non-promotions of
// pawn, bishop and rook are left out.
template <Color Us, bool All>
struct Emit {
  static Bitboard rel_rank(Rank r) { return rank_bb(relative_rank(Us, r)); }
  // Rank sets (bit r: rank r) of emit_near_pair.
  static constexpr unsigned kAllRanks = 0x1ff, kZone = Us == BLACK ? 0x007 : 0x1c0,
                            kRank1 = Us == BLACK ? 0x001 : 0x100, kRanks12 = Us == BLACK ? 0x003 : 0x180;

  // One move per target, no promotion (king steps); drops of k kinds on every square of t.
  static ExtMove* moves(ExtMove* list, Bitboard t, unsigned base) { return emit_moves(list, t, base); }
  static ExtMove* drops(ExtMove* list, Bitboard t, const uint64_t* kinds, int k) {
    return emit_drops(list, t, kinds, k);
  }

  // Pawn moves given by their destinations (one pawn or all of them at once).
  static ExtMove* pawns(ExtMove* list, Bitboard to) {
    constexpr int back = Us == BLACK ? 1 : -1;  // from = to + back
    for_each_square(to & zone_bb(Us), [&](Square t) {
      (list++)->move = make_move_promote(t + back, t);
      if (All && relative_rank(Us, rank_of(t)) != RANK_1) (list++)->move = make_move(t + back, t);
    });
    return emit_pawn_steps(list, to.andnot(zone_bb(Us)), back);
  }
  // Must promote on rank 1, may on ranks 2-3.
  static ExtMove* lance(ExtMove* list, Square from, Bitboard t) {
    return emit_near_pair<kZone, kAllRanks & ~kRank1>(list, t, from);
  }
  // Must promote on ranks 1-2, may on rank 3.
  static ExtMove* knight(ExtMove* list, Square from, Bitboard t) {
    return emit_near_pair<kZone, kAllRanks & ~kRanks12>(list, t, from);
  }
  // May promote when starting or ending in the zone.
  static ExtMove* silver(ExtMove* list, Square from, Bitboard t) {
    return in_promotion_zone(Us, from) ? emit_near_pair<kAllRanks, kAllRanks>(list, t, from)
                                       : emit_near_pair<kZone, kAllRanks>(list, t, from);
  }
  // Bishop and rook: promotion always pays, so their non-promotions are LegalAll only.
  static ExtMove* major(ExtMove* list, Square from, Bitboard t) {
    const Bitboard promo = zone_bb(Us).test(from) ? t : t & zone_bb(Us);
    list = emit_moves(list, promo, (from << 7) | MOVE_PROMOTE);
    return emit_moves(list, All ? t : t.andnot(promo), from << 7);
  }
  // Horse and dragon: no promotion.
  static ExtMove* plain(ExtMove* list, Square from, Bitboard t) { return emit_moves(list, t, from << 7); }
  // A gold mover or the king: no promotion, every target next to `from`.
  static ExtMove* step(ExtMove* list, Square from, Bitboard t) { return emit_near(list, t, from, from << 7); }

  // Any piece type, chosen at run time.
  static ExtMove* piece(ExtMove* list, PieceType pt, Square from, Bitboard t) {
    switch (pt) {
      case PAWN: return pawns(list, t);
      case LANCE: return lance(list, from, t);
      case KNIGHT: return knight(list, from, t);
      case SILVER: return silver(list, from, t);
      case BISHOP:
      case ROOK: return major(list, from, t);
      default: return plain(list, from, t);
    }
  }
};

// Emit's twin for the leaf-counting perft: each function returns `list` advanced by the number
// of moves Emit would write there, and writes nothing. A position has at most 593 legal moves,
// so `list` stays inside its MAX_MOVES array.
template <Color Us, bool All>
struct CountEmit {
  static Bitboard rel_rank(Rank r) { return rank_bb(relative_rank(Us, r)); }

  static ExtMove* moves(ExtMove* list, Bitboard t, unsigned) { return list + t.popcount(); }
  static ExtMove* drops(ExtMove* list, Bitboard t, const uint64_t*, int k) { return list + t.popcount() * k; }
  static ExtMove* pawns(ExtMove* list, Bitboard to) {
    return list + to.popcount() + (All ? (to & zone_bb(Us)).andnot(rel_rank(RANK_1)).popcount() : 0);
  }
  static ExtMove* lance(ExtMove* list, Square, Bitboard t) {
    return list + (t & zone_bb(Us)).popcount() + t.andnot(rel_rank(RANK_1)).popcount();
  }
  static ExtMove* knight(ExtMove* list, Square, Bitboard t) {
    return list + (t & zone_bb(Us)).popcount() + t.andnot(rel_rank(RANK_1) | rel_rank(RANK_2)).popcount();
  }
  static ExtMove* silver(ExtMove* list, Square from, Bitboard t) {
    return list + (zone_bb(Us).test(from) ? t : t & zone_bb(Us)).popcount() + t.popcount();
  }
  static ExtMove* major(ExtMove* list, Square from, Bitboard t) {
    const Bitboard promo = zone_bb(Us).test(from) ? t : t & zone_bb(Us);
    return list + promo.popcount() + (All ? t : t.andnot(promo)).popcount();
  }
  static ExtMove* plain(ExtMove* list, Square, Bitboard t) { return list + t.popcount(); }
  static ExtMove* step(ExtMove* list, Square, Bitboard t) { return list + t.popcount(); }
};

}  // namespace sashite
