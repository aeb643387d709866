// The positions of the `bench` command and of bench --filter=search: opening, middle games and
// a drop-heavy ending, each searched from a cleared table to a fixed depth. The total node
// count is the search's signature: equal across generators and hand layouts of one key scheme.
#pragma once

#include <string_view>

namespace sashite {

inline constexpr std::string_view kBenchPositions[] = {
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    // The middle game of YaneuraOu's nps anchor (README Sources).
    "ln1g3nl/1r3kg2/p2pppsp1/2ps2p1p/1p7/2P1P1P2/PPSP1PS1P/1KG4R1/LN1G3NL b Bb 29",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "l7l/3s5/prnp2kp1/2p1Gppnp/1P7/PnPP1P3/3BP2PP/1S1G5/LN1K1G1+rL b SBG3ps 91",
    "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
    "lr5nl/2g1kg3/2nsp1sp1/p1pp1pp1p/1p5P1/P1PPP1P1P/1PSG1PS2/1KG4R1/LN5NL b Bb 37",
};

}  // namespace sashite
