// tt_index_study: how often do positions that share a board (and side to move) but differ in
// hands land in the same transposition-table slot, per index function and table size?
//
// Population: base positions from perft (every node to depth 2 of the SPEC.md §4 positions
// with pieces in hand) and from seeded random walks; around each base, every redistribution
// of at most two pieces between the two hands (the same-board positions a search meets after
// drop-and-capture sequences). Pairs are counted inside each same-board group; a perfect
// index puts a pair in one slot with probability 2^-bits.
#include <cmath>
#include <cstdio>
#include <set>
#include <string>
#include <vector>

#include "movegen_full/reference.h"
#include "search/tt_index.h"
#include "movegen_full/random_walk.h"

namespace sashite {
namespace {

using XorPos = BasicPosition<Hand64>;
using AddPos = BasicPosition<AdditiveKey<Hand64>>;

struct Keys {
  Key xor_key, add_key;
};

// SFEN with hands replaced; counts[c][pr].
std::string with_hands(const std::string& sfen, const int counts[COLOR_NB][RAW_END]) {
  const size_t a = sfen.find(' '), b = sfen.find(' ', a + 1), c = sfen.find(' ', b + 1);
  std::string hand;
  for (Color col : {BLACK, WHITE})
    for (PieceType pr : {ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN}) {
      const int n = counts[col][pr];
      if (!n) continue;
      if (n > 1) hand += std::to_string(n);
      hand += piece_to_char(make_piece(col, pr));
    }
  return sfen.substr(0, b + 1) + (hand.empty() ? "-" : hand) + sfen.substr(c);
}

// The base and its redistributions of up to two pieces between the hands.
constexpr int kHandInts = int(COLOR_NB) * int(RAW_END);

std::vector<Keys> same_board_group(const std::string& sfen) {
  XorPos xp;
  StateInfo st;
  if (xp.set(sfen, &st)) return {};
  int base[COLOR_NB][RAW_END] = {};
  for (Color c : {BLACK, WHITE})
    for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr) base[c][pr] = xp.hand(c).count(pr);
  std::set<std::string> variants{sfen};
  auto transfer = [](int h[COLOR_NB][RAW_END], PieceType pr, Color from) {
    if (!h[from][pr]) return false;
    --h[from][pr], ++h[~from][pr];
    return true;
  };
  for (int k1 = 0; k1 < 2 * (RAW_END - RAW_BEGIN); ++k1) {
    int h1[COLOR_NB][RAW_END];
    std::copy(&base[0][0], &base[0][0] + kHandInts, &h1[0][0]);
    if (!transfer(h1, PieceType(RAW_BEGIN + k1 / 2), Color(k1 & 1))) continue;
    variants.insert(with_hands(sfen, h1));
    for (int k2 = k1; k2 < 2 * (RAW_END - RAW_BEGIN); ++k2) {
      int h2[COLOR_NB][RAW_END];
      std::copy(&h1[0][0], &h1[0][0] + kHandInts, &h2[0][0]);
      if (transfer(h2, PieceType(RAW_BEGIN + k2 / 2), Color(k2 & 1))) variants.insert(with_hands(sfen, h2));
    }
  }
  std::vector<Keys> keys;
  for (const std::string& v : variants) {
    XorPos x;
    AddPos a;
    StateInfo s1, s2;
    if (x.set(v, &s1) || a.set(v, &s2)) continue;  // e.g. a redistribution over a hand maximum
    keys.push_back({x.key(), a.key()});
  }
  return keys;
}

std::vector<std::string> base_positions() {
  std::vector<std::string> out;
  for (const char* name : {"matsuri", "middlegame_b91", "middlegame_w124", "drops"}) {
    std::string_view sfen;
    for (const ReferencePosition& r : kReferencePositions)
      if (r.name == name) sfen = r.sfen;
    Game g(sfen);
    // Depth 1 and 2 nodes, every 16th to keep the run short.
    size_t n = 0;
    for (const ExtMove& m1 : MoveList<GenType::LegalAll>(g.pos)) {
      g.play(m1);
      if (n++ % 16 == 0) out.push_back(g.pos.sfen());
      for (const ExtMove& m2 : MoveList<GenType::LegalAll>(g.pos)) {
        g.play(m2);
        if (n++ % 16 == 0) out.push_back(g.pos.sfen());
        g.unplay();
      }
      g.unplay();
    }
  }
  Rng rng(4);
  for (int w = 0; w < 40; ++w)
    for (const std::string& s : random_walk_sfens(Position::kStartSfen, 160, rng)) out.push_back(s);
  return out;
}

struct Method {
  const char* name;
  uint64_t (*slot)(const Keys&, int bits);
};

}  // namespace
}  // namespace sashite

int main() {
  using namespace sashite;
  const Method methods[] = {
      {"xor key, low bits", [](const Keys& k, int b) { return tt_index::low_bits(k.xor_key, b); }},
      {"additive key, low bits", [](const Keys& k, int b) { return tt_index::low_bits(k.add_key, b); }},
      {"additive key, multiplicative", [](const Keys& k, int b) { return tt_index::multiplicative(k.add_key, b); }},
      {"additive key, PEXT-folded hand", [](const Keys& k, int b) { return tt_index::pext_fold(k.add_key, b); }},
  };
  const int sizes[] = {16, 18, 20, 22, 24, 26};

  std::vector<std::vector<Keys>> groups;
  size_t positions = 0, pairs = 0;
  for (const std::string& s : base_positions()) {
    auto g = same_board_group(s);
    if (g.size() < 2) continue;
    positions += g.size();
    pairs += g.size() * (g.size() - 1) / 2;
    groups.push_back(std::move(g));
  }
  std::printf("Same-board groups: %zu, positions: %zu, same-board pairs: %zu\n\n", groups.size(), positions, pairs);
  std::printf("Cells: same-board pairs sharing a slot, as a fraction and as a multiple of the ideal 2^-bits.\n"
              "Pairs of one group differ by the same few hand changes whatever the board, so a count of 0\n"
              "means those differences never reach the index bits, not a sampling accident.\n\n");
  std::printf("| index | ");
  for (int b : sizes) std::printf("2^%d | ", b);
  std::printf("\n|---|");
  for (size_t i = 0; i < std::size(sizes); ++i) std::printf("---:|");
  std::printf("\n");
  for (const Method& m : methods) {
    std::printf("| %s | ", m.name);
    for (int b : sizes) {
      size_t same = 0;
      for (const auto& g : groups)
        for (size_t i = 0; i < g.size(); ++i)
          for (size_t j = i + 1; j < g.size(); ++j) same += m.slot(g[i], b) == m.slot(g[j], b);
      const double rate = double(same) / double(pairs);
      std::printf("%.2g (x%.3g) | ", rate, rate * std::ldexp(1.0, b));
    }
    std::printf("\n");
  }
  return 0;
}
