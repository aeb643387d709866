// The tests drive child programs through the match runner's pipes (match/child_process.h).
#pragma once

#include "match/child_process.h"

namespace sashite::testing {
using match::find_program;
using UsiProcess = match::ChildProcess;
}  // namespace sashite::testing
