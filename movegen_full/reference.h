// Reference perft values (public facts, README Sources). 0 = not published.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace sashite {

struct ReferencePosition {
  std::string_view name;
  std::string_view sfen;
  std::array<uint64_t, 8> perft;  // [d] = leaves at depth d, [0] unused
};

inline constexpr ReferencePosition kReferencePositions[] = {
    {"start",
     "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
     {0, 30, 900, 25470, 719731, 19861490, 547581517, 15086269607ULL}},
    {"matsuri",
     "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
     {0, 207, 28684, 4809015, 516925165, 0, 0, 0}},
    {"max_moves", "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1", {0, 593, 0, 53393368, 0, 0, 0, 0}},
    {"pawn_drop_mate", "7lk/9/8S/9/9/9/9/7L1/8K b P 1", {0, 85, 639, 0, 0, 0, 0, 0}},
    {"middlegame_b91",
     "l7l/3s5/prnp2kp1/2p1Gppnp/1P7/PnPP1P3/3BP2PP/1S1G5/LN1K1G1+rL b SBG3ps 91",
     {0, 180, 15217, 2067680, 129175973, 0, 0, 0}},
    {"middlegame_w124",
     "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
     {0, 178, 18041, 2552846, 207741677, 0, 0, 0}},
    {"drops", "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1", {0, 524, 248257, 112911856, 0, 0, 0, 0}},
};

// The SFEN of the reference position called `name`; throws if there is none.
inline std::string_view reference_sfen(std::string_view name) {
  for (const ReferencePosition& r : kReferencePositions)
    if (r.name == name) return r.sfen;
  throw std::invalid_argument("no reference position " + std::string(name));
}

}  // namespace sashite
