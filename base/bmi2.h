// BMI2 (PEXT, PDEP) is required: the slider attacks (engine/bitboard.h), the PDEP superiority
// test (hand/superiority.h) and the PEXT TT index (search/tt/index.h) use it unconditionally.
// Every x86-64-v3 CPU has it (README: SASHITE_PORTABLE builds target x86-64-v3).
#pragma once

#ifndef __BMI2__
#error "sashite requires BMI2 (PEXT/PDEP): build with -march=native on a BMI2 CPU or -DSASHITE_PORTABLE=ON (x86-64-v3)"
#endif

#include <immintrin.h>
