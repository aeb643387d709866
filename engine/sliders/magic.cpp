#include "engine/sliders/magic.h"

#include "engine/sliders/rays.h"

namespace sashite {
namespace {

// One per square, in square order (1a, 1b, ..., 9i).
constexpr uint64_t kMagics[SQ_NB] = {
    0x0011804140800804ULL, 0x8040c20020441404ULL, 0x0008082030010402ULL, 0x4802041841010400ULL, 0x0c02004102511802ULL,
    0x0000a04102002008ULL, 0x2000402492008000ULL, 0x0001204080490130ULL, 0x021040480280e010ULL, 0x1059500100828801ULL,
    0x0810114305800805ULL, 0x100101068008488cULL, 0x00010a0150022420ULL, 0x08002100208b0218ULL, 0x00800080610044c2ULL,
    0x4141400884104100ULL, 0x1042240880400610ULL, 0x1005125040080402ULL, 0x0401000400402032ULL, 0x0090004044a02124ULL,
    0x5098000060100054ULL, 0x009810214018008cULL, 0x4010201080410402ULL, 0x0000400101028020ULL, 0x0208200401801040ULL,
    0x080020008c20c086ULL, 0x1000106018010210ULL, 0xa088124111030002ULL, 0x0201020040208109ULL, 0x0084140000202001ULL,
    0x4210014008020042ULL, 0x2402010001040082ULL, 0x0801528000120440ULL, 0x108069a012100422ULL, 0x1000204003041108ULL,
    0x0040114000284c02ULL, 0x4839094800108008ULL, 0x0402412500850288ULL, 0x2a00804020008420ULL, 0x01201c8004104002ULL,
    0x1900044002800801ULL, 0x0310000801100402ULL, 0x2205203008082010ULL, 0xd40028406883901fULL, 0x2080808102014154ULL,
    0xb020c22099002300ULL, 0x01d5008200400108ULL, 0x880080a004080090ULL, 0x0101800080400041ULL, 0x1680080240008002ULL,
    0x0010002005440008ULL, 0x4042211031280004ULL, 0x818142000a080804ULL, 0x0205a11008040012ULL, 0x2000260080124692ULL,
    0x021048e083014004ULL, 0x1801025104088000ULL, 0x4800200220080402ULL, 0x0421608802081001ULL, 0x4440080211003400ULL,
    0x0010021430102800ULL, 0x0082204100026803ULL, 0x1820420120100084ULL, 0xa400130880210040ULL, 0x1900084010200480ULL,
    0x005020a106044840ULL, 0x0084000012010420ULL, 0x0008440101010088ULL, 0x0090c0c408281048ULL, 0x0008140400088462ULL,
    0x400108004008104aULL, 0x00d218a111602444ULL, 0xc04038403a201014ULL, 0x010000882040100cULL, 0x100000000302100cULL,
    0x8820000005080209ULL, 0x0c0c011000404084ULL, 0x85051000510c0864ULL, 0xa020040804204008ULL, 0xa100040080084001ULL,
    0x8150002110808803ULL,
};

constexpr int kDiagonals[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// The relevant occupancy: the rays without the last square of each.
constexpr Bitboard relevant(Square s) {
  Bitboard m;
  for (const auto& d : kDiagonals) {
    const Bitboard r = slider_tables::ray(s, d[0], d[1]);
    m |=
        r.popcount() > 1 ? r ^ slider_tables::with(Bitboard(), d[0] > 0 ? slider_tables::msb(r) : r.lsb()) : Bitboard();
  }
  return m;
}

constexpr MagicTables build() {
  MagicTables t{};
  Bitboard ray[4][SQ_NB] = {};
  for (int d = 0; d < 4; ++d)
    for (Square s = SQ_ZERO; s < SQ_NB; ++s) ray[d][s] = slider_tables::ray(s, kDiagonals[d][0], kDiagonals[d][1]);
  bool filled[MagicTables::kEntries] = {};
  uint32_t offset = 0;
  for (Square s = SQ_ZERO; s < SQ_NB; ++s) {
    const Bitboard m = relevant(s);
    const int bits = m.popcount();
    MagicTables::Entry& e = t.entry[s];
    e = {m.p[0], m.p[1], kMagics[s], uint32_t(64 - bits), offset};
    const uint64_t mask = m.p[0] | m.p[1];
    uint64_t key = 0;
    do {  // every subset of the relevant squares (carry-rippler)
      const Bitboard occ(key & m.p[0], key & m.p[1]);
      Bitboard a;
      for (int d = 0; d < 4; ++d) {
        const Bitboard blockers = ray[d][s] & occ;
        // Directions 0 and 1 raise the square index (file + 1): the nearest blocker is the
        // lowest square, in the other two the highest.
        a |= !blockers ? ray[d][s] : ray[d][s] ^ ray[d][d < 2 ? blockers.lsb() : slider_tables::msb(blockers)];
      }
      const uint32_t i = offset + uint32_t((key * e.magic) >> e.shift);
      if (filled[i] && !(t.attacks[i] == a)) throw "magic collision";  // not a constant expression
      filled[i] = true;
      t.attacks[i] = a;
      key = (key - mask) & mask;
    } while (key);
    offset += 1u << bits;
  }
  if (offset != MagicTables::kEntries) throw "entry count";
  return t;
}

}  // namespace

constinit const MagicTables kMagicTables = build();

}  // namespace sashite
