// Certified mate answers (issue 47): the proof tree of mate/proof_tree.h written in the format
// of rules/mate_proof.h and checked by its checker, which knows no solver code. Every mate of
// tests/data/tsume.txt (every solver and table layout) and tsume_generated.txt certified; hand-made
// proofs and mutated ones: a defence left unanswered, an attacker's move changed to a check that
// does not mate, a non-check, a pawn-drop mate, a cycle; truncated and malformed files; the
// mate_check program's exit codes; `go mate` writing the file under MateProofFile.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "mate/mate_session.h"
#include "mate/problem_set.h"
#include "movegen_full/movegen.h"
#include "rules/mate_proof.h"
#include "run_program.h"
#include "usi_process.h"

namespace sashite::mate {
namespace {

std::vector<MateProblem> load_set(const char* file) {
  auto set = load_mate_problems(std::string(SASHITE_SOURCE_DIR) + "/tests/data/" + file);
  EXPECT_TRUE(set) << file;
  return set.value_or(std::vector<MateProblem>{});
}

std::string temp_path(const std::string& name) {
  return (std::filesystem::path(::testing::TempDir()) / ("mate_proof_" + std::to_string(getpid()) + "_" + name))
      .string();
}

MateProof to_proof(const Position& pos, const MateProofTree& tree) {
  auto proof = make_mate_proof(pos, tree.entries);
  EXPECT_TRUE(proof) << "one key with two moves";
  return proof.value_or(MateProof{});
}

// Solves sfen with the session and builds its proof; nullopt (with a test failure) when either
// fails. *walked, when given: the walk's tree (its counts).
std::optional<MateProof> prove(MateSession& session, const std::string& sfen, MateResult* answered = nullptr,
                               MatePostSearch post = MatePostSearch::None, MateProofTree* walked = nullptr) {
  Position pos;
  StateInfo si;
  EXPECT_EQ(pos.set(sfen, &si), std::nullopt) << sfen;
  MateLimits limits;
  limits.post_search = post;
  limits.ms = 60'000;
  const MateResult r = session.solve(pos, limits);
  if (answered) *answered = r;
  EXPECT_EQ(r.status, MateStatus::Mate) << sfen;
  if (r.status != MateStatus::Mate) return std::nullopt;
  const std::string before = pos.sfen();
  const MateProofTree tree = session.proof_tree(pos, r, limits);
  EXPECT_EQ(pos.sfen(), before) << "the walk restores the position";
  EXPECT_TRUE(tree.ok) << sfen << ": " << tree.error;
  if (!tree.ok) return std::nullopt;
  if (walked) *walked = tree;
  return to_proof(pos, tree);
}

// The proof written and read back, then checked.
MateProofCheck certify(const std::string& sfen, const MateProof& proof) {
  std::string error;
  const auto back = parse_mate_proof(serialize_mate_proof(proof), &error);
  EXPECT_TRUE(back) << error;
  if (!back) return {};
  EXPECT_EQ(back->entries.size(), proof.entries.size());
  return check_mate_proof(sfen, *back);
}

TEST(MateProof, EveryMateOfTheSetIsCertifiedForEverySolver) {
  for (const auto& [solver, table] : MateSession::combinations()) {
    SCOPED_TRACE(solver + " over " + table);
    MateSession session(solver, table, 16);
    for (const MateProblem& p : load_set("tsume.txt")) {
      if (!p.mate()) continue;
      SCOPED_TRACE(p.sfen);
      MateResult r;
      const auto proof = prove(session, p.sfen, &r, MatePostSearch::Shortest);
      if (!proof) continue;
      const MateProofCheck check = certify(p.sfen, *proof);
      EXPECT_TRUE(check.ok) << check.to_string();
      // No proof is shorter against its longest defence than the exact length.
      EXPECT_GE(check.length, p.length());
      EXPECT_EQ(check.length % 2, 1);
      EXPECT_EQ(check.unused_entries, 0u);
      EXPECT_EQ(check.attacking_nodes, proof->entries.size());
    }
  }
}

TEST(MateProof, EveryMateOfTheGeneratedSetIsCertified) {
  MateSession session("unbounded-df-pn", "pn-dn", 16);
  int certified = 0;
  for (const MateProblem& p : load_set("tsume_generated.txt")) {
    if (!p.mate()) continue;
    SCOPED_TRACE(p.sfen);
    const auto proof = prove(session, p.sfen);
    if (!proof) continue;
    const MateProofCheck check = certify(p.sfen, *proof);
    EXPECT_TRUE(check.ok) << check.to_string();
    EXPECT_GE(check.length, p.length());
    certified += check.ok;
  }
  EXPECT_GT(certified, 0);
}

// A 1 MB table loses entries to replacement: the walk solves the lost nodes again over it.
TEST(MateProof, ASmallTableStillGivesCompleteProofs) {
  MateSession session("unbounded-df-pn", "pn-dn", 1);
  uint64_t searches = 0;
  for (const MateProblem& p : load_set("tsume_generated.txt")) {
    if (!p.mate()) continue;
    SCOPED_TRACE(p.sfen);
    MateProofTree tree;
    const auto proof = prove(session, p.sfen, nullptr, MatePostSearch::None, &tree);
    if (!proof) continue;
    searches += tree.searches;
    const MateProofCheck check = certify(p.sfen, *proof);
    EXPECT_TRUE(check.ok) << check.to_string();
  }
  EXPECT_GT(searches, 0u) << "no node was lost: the test does not exercise the new searches";
}

// The first problem of tsume.txt, a mate in 3: G*5c, then every king move answered.
const std::string kMateIn3 = "9/4k4/9/4P4/9/9/9/9/9 b 2G2r2b4s4n4l17p 1";

// The walk fails, restoring the position, when nothing names a proving move, when the move it
// is given does not mate (a defence leads to a node it cannot prove), and when stopped.
TEST(MateProof, AWalkWithoutProofFailsAndSaysWhy) {
  const std::string& sfen = kMateIn3;
  Position pos;
  StateInfo si;
  ASSERT_EQ(pos.set(sfen, &si), std::nullopt);
  const auto forever = std::chrono::steady_clock::time_point::max();
  MateProofSource none;
  none.solve = [](Position&, int) { return MOVE_NONE; };
  MateProofTree t = build_mate_proof(pos, {}, none, kNoLimit, nullptr, forever);
  EXPECT_FALSE(t.ok);
  EXPECT_FALSE(t.error.empty());
  const std::string before = pos.sfen();
  EXPECT_EQ(pos.sfen(), before);
  // A check that does not mate offered, no solve behind it: the defences run out of replies.
  MateProofSource wrong;
  wrong.candidates = [](Position& p, int, std::vector<Move>& out) {
    for (const ExtMove& e : MoveList<GenType::ChecksAll>(p))
      if (to_usi(e.move) == "G*4c") out.push_back(e.move);
  };
  wrong.solve = [](Position&, int) { return MOVE_NONE; };
  t = build_mate_proof(pos, {}, wrong, kNoLimit, nullptr, forever);
  EXPECT_FALSE(t.ok);
  EXPECT_EQ(pos.sfen(), before);
  // Stopped at once.
  const std::atomic<bool> stop{true};
  MateSession session("unbounded-df-pn", "pn-dn", 16);
  MateLimits limits;
  const MateResult r = session.solve(pos, limits);
  ASSERT_EQ(r.status, MateStatus::Mate);
  limits.stop = &stop;
  t = session.proof_tree(pos, r, limits);
  EXPECT_EQ(pos.sfen(), before);
  EXPECT_FALSE(t.ok);
  EXPECT_NE(t.error.find("stopped"), std::string::npos) << t.error;
}

// Certified with its length; a length below it is refused by the checker's length test, which
// names the longest line as the hole.
TEST(MateProof, AShortMateIsCertifiedWithItsLength) {
  MateSession session("unbounded-df-pn", "pn-dn", 16);
  const auto proof = prove(session, kMateIn3);
  ASSERT_TRUE(proof);
  const MateProofCheck check = certify(kMateIn3, *proof);
  ASSERT_TRUE(check.ok) << check.to_string();
  EXPECT_EQ(check.length, 3);
  EXPECT_EQ(check.attacking_nodes, proof->entries.size());
  EXPECT_GT(check.defending_nodes, 1u);
  EXPECT_NE(check.to_string().find("proof ok: "), std::string::npos);
  EXPECT_TRUE(check_mate_proof(kMateIn3, *proof, 3).ok);
  const MateProofCheck short_of = check_mate_proof(kMateIn3, *proof, 1);
  EXPECT_FALSE(short_of.ok);
  EXPECT_FALSE(short_of.bad_input);
  EXPECT_EQ(short_of.length, 3);
  EXPECT_EQ(short_of.path.size(), 3u) << "the hole is the whole longest line";
  EXPECT_NE(short_of.error.find("more than the 1"), std::string::npos) << short_of.error;
}

// A bound is kept or the walk fails: with every check offered and no solve behind them, the
// mate in 3 is proven within 3, 5 and 7 plies and without a bound, each proof within its
// bound, but not within 1.
TEST(MateProof, AWalkKeepsItsBoundOrFails) {
  Position pos;
  StateInfo si;
  ASSERT_EQ(pos.set(kMateIn3, &si), std::nullopt);
  const auto forever = std::chrono::steady_clock::time_point::max();
  MateProofSource checks;
  int asked_budget = -1;
  checks.candidates = [&](Position& p, int budget, std::vector<Move>& out) {
    if (asked_budget < 0) asked_budget = budget;
    for (const ExtMove& e : MoveList<GenType::ChecksAll>(p)) out.push_back(e.move);
  };
  checks.solve = [](Position&, int) { return MOVE_NONE; };
  for (int bound : {3, 5, 7, int(kNoLimit)}) {
    asked_budget = -1;
    const MateProofTree t = build_mate_proof(pos, {}, checks, bound, nullptr, forever);
    ASSERT_TRUE(t.ok) << bound << ": " << t.error;
    EXPECT_EQ(asked_budget, bound) << "the root is asked for checks within the whole bound";
    EXPECT_LE(t.length, bound);
    const MateProofCheck check = certify(kMateIn3, to_proof(pos, t));
    EXPECT_TRUE(check.ok) << check.to_string();
    EXPECT_LE(check.length, t.length);
  }
  const MateProofTree one = build_mate_proof(pos, {}, checks, 1, nullptr, forever);
  EXPECT_FALSE(one.ok);
  EXPECT_NE(one.error.find("within 1 plies"), std::string::npos) << one.error;
}

// A longer mate of the set, for the mutations: the longest mate of tsume.txt.
struct Longer {
  std::string sfen;
  MateProof proof;
};
const Longer& longer() {
  static const Longer l = [] {
    MateProblem best;
    for (const MateProblem& p : load_set("tsume.txt"))
      if (p.mate() && (!best.mate() || p.length() > best.length())) best = p;
    MateSession session("unbounded-df-pn", "pn-dn", 16);
    auto proof = prove(session, best.sfen);
    return Longer{best.sfen, proof.value_or(MateProof{})};
  }();
  return l;
}

TEST(MateProofMutation, EveryEntryRemovedLeavesADefenceUnanswered) {
  const Longer& l = longer();
  ASSERT_TRUE(check_mate_proof(l.sfen, l.proof).ok);
  ASSERT_GT(l.proof.entries.size(), 3u);
  const size_t step = std::max<size_t>(1, l.proof.entries.size() / 200);
  for (size_t i = 0; i < l.proof.entries.size(); i += step) {
    MateProof m = l.proof;
    m.entries.erase(m.entries.begin() + std::ptrdiff_t(i));
    const MateProofCheck check = certify(l.sfen, m);
    EXPECT_FALSE(check.ok) << "entry " << i;
    EXPECT_NE(check.error.find("no attacker's move stored"), std::string::npos) << check.to_string();
  }
}

// The root's move replaced by each other check after which some defence leaves no mate at any
// length (the solver says so from that defence): rejected every time.
TEST(MateProofMutation, AnAttackerMoveChangedToACheckThatDoesNotMateIsRejected) {
  const Longer& l = longer();
  Position pos;
  StateInfo si, s1, s2;
  ASSERT_EQ(pos.set(l.sfen, &si), std::nullopt);
  const Move stored = l.proof.move_at(pos.key());
  ASSERT_NE(stored, MOVE_NONE);
  MateSession session("unbounded-df-pn", "pn-dn", 16);
  int tried = 0;
  for (const ExtMove& check : MoveList<GenType::ChecksAll>(pos)) {
    if (check.move == stored) continue;
    pos.do_move(check.move, s1);
    bool refuted = false;  // some defence after which the attacker has no mate at all
    for (const ExtMove& e : MoveList<GenType::LegalAll>(pos)) {
      pos.do_move(e.move, s2);
      MateLimits limits;
      limits.ms = 10'000;
      const MateResult r = session.solve(pos, limits);
      pos.undo_move(e.move);
      if (r.status == MateStatus::NoMate && r.depth == kNoLimit) {
        refuted = true;
        break;
      }
    }
    pos.undo_move(check.move);
    if (!refuted) continue;
    ++tried;
    MateProof m = l.proof;
    for (MateProofEntry& e : m.entries)
      if (e.key == pos.key()) e.move = check.move;
    const MateProofCheck c = certify(l.sfen, m);
    EXPECT_FALSE(c.ok) << to_usi(check.move);
    EXPECT_FALSE(c.path.empty()) << c.to_string();
    EXPECT_EQ(c.path.front(), check.move) << c.to_string();
  }
  EXPECT_GT(tried, 0) << "no check at the root that does not mate";
}

// The proof with the stored move at the attacking node pos replaced by its first legal move that
// gives no check, checked; nullopt when every legal move there checks.
std::optional<MateProofCheck> with_a_non_check(const Longer& l, const Position& pos) {
  for (const ExtMove& e : MoveList<GenType::LegalAll>(pos)) {
    if (MoveList<GenType::ChecksAll>(pos).contains(e.move)) continue;
    MateProof m = l.proof;
    for (MateProofEntry& x : m.entries)
      if (x.key == pos.key()) x.move = e.move;
    const MateProofCheck c = certify(l.sfen, m);
    EXPECT_FALSE(c.ok);
    EXPECT_NE(c.error.find("gives no check"), std::string::npos) << c.to_string();
    return c;
  }
  return std::nullopt;
}

// A legal move that gives no check, put in at the root and at an attacking node two plies
// deeper: rejected as no check, the hole's path named.
TEST(MateProofMutation, ANonCheckInsertedIsRejected) {
  const Longer& l = longer();
  Position pos;
  StateInfo si;
  ASSERT_EQ(pos.set(l.sfen, &si), std::nullopt);
  int tried = 0;
  tried += with_a_non_check(l, pos).has_value();  // the root
  // Deeper: the attacking node after the stored move and the first defence.
  StateInfo s1, s2;
  const Move first = l.proof.move_at(pos.key());
  pos.do_move(first, s1);
  const Move defence = MoveList<GenType::LegalAll>(pos).begin()->move;
  pos.do_move(defence, s2);
  if (l.proof.move_at(pos.key()) != MOVE_NONE) {
    if (const auto c = with_a_non_check(l, pos)) {
      ASSERT_EQ(c->path.size(), 3u) << c->to_string();
      EXPECT_EQ(c->path[0], first);
      EXPECT_EQ(c->path[1], defence);
      ++tried;
    }
  }
  EXPECT_EQ(tried, 2);
}

// Hand-made proofs, no solver: a one-move proof from USI moves.
MateProof hand_made(const std::string& sfen, const std::vector<std::pair<std::string, std::string>>& moves) {
  MateProof proof;
  Position pos;
  StateInfo si;
  EXPECT_EQ(pos.set(sfen, &si), std::nullopt);
  proof.root_sfen = sfen;
  proof.root_key = pos.key();
  for (const auto& [position, move] : moves) {
    Position at;
    StateInfo s;
    EXPECT_EQ(at.set(position, &s), std::nullopt) << position;
    Move m = MOVE_NONE;
    for (const ExtMove& e : MoveList<GenType::LegalAll>(at))
      if (to_usi(e.move) == move) m = e.move;
    if (m == MOVE_NONE && move.size() == 4 && move[1] == '*') {  // a drop the generator refuses
      const std::string pieces = " PLNSBRG";
      m = make_move_drop(PieceType(pieces.find(move[0])), make_square(File(move[2] - '1'), Rank(move[3] - 'a')));
    }
    EXPECT_NE(m, MOVE_NONE) << move;
    proof.entries.push_back({at.key(), m});
  }
  EXPECT_TRUE(proof.normalize());
  return proof;
}

TEST(MateProofRules, AMateInOneIsCertifiedAndAPawnDropMateIsNot) {
  const std::string gold = "7lk/7p1/7S1/9/9/9/9/9/9 b G 1";
  const MateProofCheck ok = check_mate_proof(gold, hand_made(gold, {{gold, "G*1b"}}));
  EXPECT_TRUE(ok.ok) << ok.to_string();
  EXPECT_EQ(ok.length, 1);
  EXPECT_EQ(ok.attacking_nodes, 1u);
  EXPECT_EQ(ok.defending_nodes, 1u);
  // The same with a pawn: the drop would mate, so it is illegal.
  const std::string pawn = "7lk/7p1/7S1/9/9/9/9/9/9 b P 1";
  const MateProofCheck bad = check_mate_proof(pawn, hand_made(pawn, {{pawn, "P*1b"}}));
  EXPECT_FALSE(bad.ok);
  EXPECT_NE(bad.error.find("not legal"), std::string::npos) << bad.to_string();
  // A move that is legal but answered by a king move left unanswered.
  const std::string open = "8k/9/9/9/9/9/9/9/9 b G 1";
  const MateProofCheck hole = check_mate_proof(open, hand_made(open, {{open, "G*1b"}}));
  EXPECT_FALSE(hole.ok);
  EXPECT_NE(hole.error.find("no attacker's move stored"), std::string::npos) << hole.to_string();
  EXPECT_EQ(hole.path.size(), 2u);
}

// A perpetual check: the dragon shuttles between 3b and 3a, the king between 1a and 1b (its only
// evasion each time). Every check has an entry, and the line comes back to the root: a cycle.
TEST(MateProofRules, APerpetualCheckIsNoProof) {
  const std::string root = "8k/6+R2/8p/9/9/9/9/9/9 b - 1";
  const std::string after = "6+R2/8k/8p/9/9/9/9/9/9 b - 1";  // king 1b, dragon 3a
  const MateProofCheck c = check_mate_proof(root, hand_made(root, {{root, "3b3a"}, {after, "3a3b"}}));
  EXPECT_FALSE(c.ok);
  EXPECT_NE(c.error.find("cycle"), std::string::npos) << c.to_string();
  ASSERT_EQ(c.path.size(), 4u) << c.to_string();
  EXPECT_EQ(to_usi(c.path[0]), "3b3a");
  EXPECT_EQ(to_usi(c.path[1]), "1a1b");
}

TEST(MateProofFile, RoundTripsAndRejectsMalformedFiles) {
  const Longer& l = longer();
  const std::string bytes = serialize_mate_proof(l.proof);
  std::string error;
  const auto back = parse_mate_proof(bytes, &error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(back->root_sfen, l.proof.root_sfen);
  EXPECT_EQ(back->root_key, l.proof.root_key);
  ASSERT_EQ(back->entries.size(), l.proof.entries.size());
  for (size_t i = 0; i < back->entries.size(); ++i) {
    EXPECT_EQ(back->entries[i].key, l.proof.entries[i].key);
    EXPECT_EQ(back->entries[i].move, l.proof.entries[i].move);
  }
  EXPECT_EQ(bytes.size(), 8 + 4 + 4 + l.proof.root_sfen.size() + 8 + 8 + 10 * l.proof.entries.size());
  // Every truncation, and one byte more.
  for (size_t n = 0; n < bytes.size(); n += n < 64 ? 1 : 7) {
    EXPECT_FALSE(parse_mate_proof(std::string_view(bytes).substr(0, n), &error)) << n;
  }
  EXPECT_FALSE(parse_mate_proof(bytes + 'x', &error));
  EXPECT_NE(error.find("truncated or overlong"), std::string::npos) << error;
  std::string magic = bytes;
  magic[0] = 'X';
  EXPECT_FALSE(parse_mate_proof(magic, &error));
  EXPECT_NE(error.find("magic"), std::string::npos) << error;
  std::string version = bytes;
  version[8] = 2;
  EXPECT_FALSE(parse_mate_proof(version, &error));
  EXPECT_NE(error.find("version"), std::string::npos) << error;
  // Keys out of order: the last two entries swapped.
  std::string swapped = bytes;
  const size_t n = bytes.size();
  std::swap_ranges(swapped.begin() + std::ptrdiff_t(n - 20), swapped.begin() + std::ptrdiff_t(n - 10),
                   swapped.begin() + std::ptrdiff_t(n - 10));
  EXPECT_FALSE(parse_mate_proof(swapped, &error));
  EXPECT_NE(error.find("not sorted"), std::string::npos) << error;
  // Another root, a malformed SFEN, a missing file.
  const MateProofCheck other = check_mate_proof(kMateIn3, l.proof);
  EXPECT_FALSE(other.ok);
  EXPECT_TRUE(other.bad_input);
  EXPECT_NE(other.error.find("another position"), std::string::npos) << other.error;
  const MateProofCheck bad = check_mate_proof("not a position", l.proof);
  EXPECT_FALSE(bad.ok);
  EXPECT_NE(bad.error.find("bad SFEN"), std::string::npos) << bad.error;
  EXPECT_FALSE(read_mate_proof("/nonexistent/proof.bin", &error));
  EXPECT_NE(error.find("cannot read"), std::string::npos) << error;
}

// Random bytes flipped in a valid file: never a crash; a flipped key byte loses a needed node
// (every entry is used, and keys are unique), so that proof is rejected when it parses at all.
TEST(MateProofFile, FlippedBytesAreRejectedWithoutACrash) {
  const Longer& l = longer();
  ASSERT_EQ(check_mate_proof(l.sfen, l.proof).unused_entries, 0u);
  const std::string bytes = serialize_mate_proof(l.proof);
  const size_t first_entry = bytes.size() - 10 * l.proof.entries.size();
  std::mt19937_64 rng(47);
  int parsed = 0;
  for (int i = 0; i < 2000; ++i) {
    std::string b = bytes;
    const size_t at = size_t(rng() % b.size());
    b[at] = char(b[at] ^ char(1 + rng() % 255));
    std::string error;
    const auto proof = parse_mate_proof(b, &error);
    if (!proof) {
      EXPECT_FALSE(error.empty());
      continue;
    }
    ++parsed;
    const MateProofCheck check = check_mate_proof(l.sfen, *proof);
    if (at >= first_entry && (at - first_entry) % 10 < 8) {
      EXPECT_FALSE(check.ok) << "byte " << at;
    }
    EXPECT_TRUE(check.ok || !check.error.empty());
  }
  EXPECT_GT(parsed, 0);
}

int run(const std::string& args, std::string* out) { return testing::run_program("mate_check", args, out); }

TEST(MateCheckProgram, ExitsZeroOnAProofOneOnAHoleTwoOnBadInput) {
  const Longer& l = longer();
  const std::string good = temp_path("good.bin"), holed = temp_path("holed.bin"), cut = temp_path("cut.bin");
  ASSERT_EQ(write_mate_proof(good, l.proof), "");
  MateProof m = l.proof;
  m.entries.pop_back();
  ASSERT_EQ(write_mate_proof(holed, m), "");
  const std::string bytes = serialize_mate_proof(l.proof);
  std::ofstream(cut, std::ios::binary) << bytes.substr(0, bytes.size() - 3);
  const std::string sfen = "'" + l.sfen + "'";
  std::string out;
  EXPECT_EQ(run("--sfen " + sfen + " --proof " + good, &out), 0) << out;
  EXPECT_NE(out.find("proof ok: "), std::string::npos) << out;
  out.clear();
  EXPECT_EQ(run("--sfen " + sfen + " --proof " + holed, &out), 1) << out;
  EXPECT_NE(out.find("proof rejected: "), std::string::npos) << out;
  // --length: the proof's own length passes, one ply less is a hole, a bad number bad input.
  const MateProofCheck full = check_mate_proof(l.sfen, l.proof);
  ASSERT_TRUE(full.ok);
  out.clear();
  EXPECT_EQ(run("--sfen " + sfen + " --proof " + good + " --length " + std::to_string(full.length), &out), 0) << out;
  out.clear();
  EXPECT_EQ(run("--sfen " + sfen + " --proof " + good + " --length " + std::to_string(full.length - 2), &out), 1)
      << out;
  EXPECT_NE(out.find("longest defence takes " + std::to_string(full.length)), std::string::npos) << out;
  for (const char* bad : {"0", "x", "12y", "70000"}) {
    out.clear();
    EXPECT_EQ(run("--sfen " + sfen + " --proof " + good + " --length " + bad, &out), 2) << bad << ": " << out;
  }
  for (const std::string& args : {"--sfen " + sfen + " --proof " + cut, "--sfen " + sfen + " --proof /nonexistent",
                                  "--proof " + good, std::string("--bogus"), "--sfen 'not a sfen' --proof " + good}) {
    out.clear();
    EXPECT_EQ(run(args, &out), 2) << args << ": " << out;  // an exit code, not a crash
  }
  std::filesystem::remove(good);
  std::filesystem::remove(holed);
  std::filesystem::remove(cut);
}

TEST(MateProofUsi, GoMateWritesTheProofWhenAsked) {
  const std::string path = temp_path("usi.bin");
  std::filesystem::remove(path);
  const std::string sfen = "9/9/5k3/9/4G4/4P4/9/9/9 b 3G2r2b4s4n4l17p 1";  // tsume.txt: mate 5
  sashite::testing::UsiProcess p({std::string(SASHITE_BIN_DIR) + "/sashite"});
  auto go = [&] {
    p.send("position sfen " + sfen);
    p.send("go mate 10000");
    return p.read_until([](const std::string& line) { return line.starts_with("checkmate"); });
  };
  // Off by default: nothing written.
  auto lines = go();
  ASSERT_TRUE(lines) << p.error();
  EXPECT_FALSE(std::filesystem::exists(path));
  p.send("setoption name MateProofFile value " + path);
  lines = go();
  ASSERT_TRUE(lines) << p.error();
  EXPECT_NE(lines->back(), "checkmate timeout");
  bool said = false;
  for (const std::string& line : *lines) said = said || line.starts_with("info string proof written: " + path);
  EXPECT_TRUE(said);
  std::string error;
  const auto proof = read_mate_proof(path, &error);
  ASSERT_TRUE(proof) << error;
  const MateProofCheck check = check_mate_proof(sfen, *proof, 5);
  EXPECT_TRUE(check.ok) << check.to_string();
  EXPECT_EQ(check.length, 5);
  // No mate: no file.
  std::filesystem::remove(path);
  p.send("position sfen 9/9/9/9/9/9/9/9/4K4 b G 1");
  p.send("go mate 1000");
  lines = p.read_until([](const std::string& line) { return line.starts_with("checkmate"); });
  ASSERT_TRUE(lines);
  EXPECT_EQ(lines->back(), "checkmate nomate");
  EXPECT_FALSE(std::filesystem::exists(path));
  // An unwritable path: said, no crash, the answer still given.
  p.send("setoption name MateProofFile value /nonexistent/dir/proof.bin");
  lines = go();
  ASSERT_TRUE(lines) << p.error();
  EXPECT_NE(lines->back(), "checkmate timeout");
  said = false;
  for (const std::string& line : *lines) said = said || line.starts_with("info string MateProofFile: could not write");
  EXPECT_TRUE(said);
}

}  // namespace
}  // namespace sashite::mate
