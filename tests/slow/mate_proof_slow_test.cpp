// Certified mate answers (issue 47) on the long problems: every problem of tsume_hard.txt and
// tsume_long.txt (煙詰 among them) and of tsume_very_long.txt (寿, ミクロコスモス) solved by the
// unbounded df-pn's first proof, its proof tree written in rules/mate_proof.h's format, read
// back and checked by the checker, which knows no solver code, against the length the answer
// claims (a mate within that many plies against every defence). Each prints the proof's size
// and the times of the solve, the walk and the check.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <string>

#include "mate/mate_session.h"
#include "mate/problem_set.h"
#include "rules/mate_proof.h"

namespace sashite::mate {
namespace {

double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void certify_set(const char* file, size_t mb, int64_t ms) {
  const auto set = load_mate_problems(std::string(SASHITE_SOURCE_DIR) + "/tests/data/" + file);
  ASSERT_TRUE(set) << file;
  MateSession session("unbounded-df-pn", "pn-dn", mb);
  for (const MateProblem& p : *set) {
    if (p.nomate()) continue;
    SCOPED_TRACE(p.source);
    Position pos;
    StateInfo si;
    ASSERT_EQ(pos.set(p.sfen, &si), std::nullopt);
    MateLimits limits;
    limits.post_search = MatePostSearch::None;
    limits.ms = ms;
    auto t0 = std::chrono::steady_clock::now();
    const MateResult r = session.solve(pos, limits);
    const double solve_s = since(t0);
    ASSERT_EQ(r.status, MateStatus::Mate) << mate_answer(r);
    t0 = std::chrono::steady_clock::now();
    const MateProofTree tree = session.proof_tree(pos, r, limits);
    const double walk_s = since(t0);
    ASSERT_TRUE(tree.ok) << tree.error;
    const auto proof = make_mate_proof(pos, tree.entries);
    ASSERT_TRUE(proof) << "one key with two moves";
    const std::string bytes = serialize_mate_proof(*proof);
    std::string error;
    const auto back = parse_mate_proof(bytes, &error);
    ASSERT_TRUE(back) << error;
    t0 = std::chrono::steady_clock::now();
    const MateProofCheck check = check_mate_proof(p.sfen, *back, r.depth);
    const double check_s = since(t0);
    EXPECT_TRUE(check.ok) << check.to_string();
    if (p.mate()) {
      EXPECT_GE(check.length, p.length());
    }
    EXPECT_GE(check.length, int(r.moves.size()));
    std::printf(
        "[ proof    ] %s: %s; %zu bytes; solve %.1f s (%s), walk %.1f s (%llu nodes solved again), check %.1f s\n",
        p.source.c_str(), check.to_string().c_str(), bytes.size(), solve_s, mate_answer(r).c_str(), walk_s,
        static_cast<unsigned long long>(tree.searches), check_s);
  }
}

TEST(MateProofSlow, TheHardAndLongProblemsAreCertified) {
  certify_set("tsume_hard.txt", 256, 600'000);
  certify_set("tsume_long.txt", 256, 600'000);
}

TEST(MateProofSlow, KotobukiAndMicroCosmosAreCertified) { certify_set("tsume_very_long.txt", 2048, 900'000); }

}  // namespace
}  // namespace sashite::mate
