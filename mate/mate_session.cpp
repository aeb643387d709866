#include "mate/mate_session.h"

#include <chrono>

#include "mate/solvers.h"

namespace sashite::mate {

struct MateSession::Base {
  virtual ~Base() = default;
  virtual MateResult solve(Position& pos, const MateLimits& limits) = 0;
  virtual MateProofTree proof_tree(Position& pos, const MateResult& answered, const MateLimits& limits) = 0;
  virtual MateTableStats stats() const = 0;
  virtual const char* solver_name() const = 0;
  virtual const char* table_name() const = 0;
  virtual void prefault(unsigned threads) = 0;
};

namespace {

template <class S, class T>
struct Impl final : MateSession::Base {
  explicit Impl(size_t mb) { table.resize(mb); }
  MateResult solve(Position& pos, const MateLimits& limits) override {
    table.clear();
    return solver.solve(pos, limits);
  }
  MateProofTree proof_tree(Position& pos, const MateResult& answered, const MateLimits& limits) override {
    using Clock = std::chrono::steady_clock;
    const auto deadline = limits.ms ? Clock::now() + std::chrono::milliseconds(limits.ms) : Clock::time_point::max();
    // The walk under way's end: the bounded walk has the first half of the time, so that the
    // walk of the mate alone still has the second.
    auto walk_deadline = limits.ms ? Clock::now() + std::chrono::milliseconds(limits.ms / 2) : deadline;
    MateProofSource source;
    if constexpr (PnDnTableLayout<T>)
      source.candidates = [this](Position& p, int budget, std::vector<Move>& out) {
        pn_dn_candidates(table, p, budget, out);
      };
    // A new solve over the same table, not cleared: what it still holds answers at once. Its
    // first proof counts only if it fits the budget.
    source.solve = [&](Position& p, int budget) {
      MateLimits sub;
      sub.post_search = MatePostSearch::None;
      sub.stop = limits.stop;
      sub.double_count = limits.double_count;
      if (limits.ms) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(walk_deadline - Clock::now()).count();
        if (left <= 0) return MOVE_NONE;
        sub.ms = left;
      }
      const MateResult r = solver.solve(p, sub);
      return r.status == MateStatus::Mate && !r.moves.empty() && r.depth <= budget ? r.moves[0] : MOVE_NONE;
    };
    // The claimed bound first: the proof then certifies the length the answer states. When the
    // table no longer holds what proved it, a proof of the mate alone (tree.bound says which).
    MateProofTree tree = build_mate_proof(pos, answered.moves, source, answered.depth, limits.stop, walk_deadline);
    const bool stopped = (limits.stop && limits.stop->load(std::memory_order_relaxed)) || Clock::now() > deadline;
    if (!tree.ok && !stopped && answered.depth != kNoLimit) {
      walk_deadline = deadline;
      tree = build_mate_proof(pos, answered.moves, source, kNoLimit, limits.stop, deadline);
    }
    return tree;
  }
  MateTableStats stats() const override { return table.stats(); }
  const char* solver_name() const override { return S::name; }
  const char* table_name() const override { return T::name; }
  // The tables in large memory take their pages now; the others were written when allocated.
  void prefault(unsigned threads) override {
    if constexpr (requires { table.prefault(threads); }) table.prefault(threads);
  }
  T table;  // before the solver, which keeps a reference
  S solver{table};
};

void add_unique(std::vector<std::string>& v, const char* name) {
  for (const std::string& s : v)
    if (s == name) return;
  v.emplace_back(name);
}

}  // namespace

std::vector<std::string> MateSession::solver_names() {
  std::vector<std::string> v;
  for_each_mate_solver_and_table([&]<class S, class T>() { add_unique(v, S::name); });
  return v;
}

std::vector<std::string> MateSession::table_names() {
  std::vector<std::string> v;
  for_each_mate_solver_and_table([&]<class S, class T>() { add_unique(v, T::name); });
  return v;
}

std::vector<std::pair<std::string, std::string>> MateSession::combinations() {
  std::vector<std::pair<std::string, std::string>> v;
  for_each_mate_solver_and_table([&]<class S, class T>() { v.emplace_back(S::name, T::name); });
  return v;
}

MateSession::MateSession(const std::string& solver, const std::string& table, size_t mb) {
  bool named = false;  // the solver runs over a table of that name
  for_each_mate_solver_and_table([&]<class S, class T>() { named = named || (solver == S::name && table == T::name); });
  for_each_mate_solver_and_table([&]<class S, class T>() {
    if (!impl_ && solver == S::name && (!named || table == T::name)) impl_ = std::make_unique<Impl<S, T>>(mb);
  });
}

MateSession::~MateSession() = default;
MateSession::MateSession(MateSession&&) noexcept = default;
MateSession& MateSession::operator=(MateSession&&) noexcept = default;

MateResult MateSession::solve(Position& pos, const MateLimits& limits) { return impl_->solve(pos, limits); }
MateProofTree MateSession::proof_tree(Position& pos, const MateResult& answered, const MateLimits& limits) {
  return impl_->proof_tree(pos, answered, limits);
}
MateTableStats MateSession::stats() const { return impl_->stats(); }
const char* MateSession::solver_name() const { return impl_->solver_name(); }
const char* MateSession::table_name() const { return impl_->table_name(); }
void MateSession::prefault(unsigned threads) { impl_->prefault(threads); }

}  // namespace sashite::mate
