// Records the search's node sequence (node_replay.h): the real search, instantiated once more
// on a full position that logs what the search does to it.
#include "tools/study/node_replay.h"

#include <atomic>

#include "search/search.h"

namespace sashite::study {

namespace {

NodeTrace* g_trace = nullptr;  // the trace being recorded (one recording at a time)

void log(NodeOp op, Move m = MOVE_NONE) {
  if (g_trace) g_trace->steps.push_back({op, 0, m});
}

template <HandLayout H>
class RecordingPosition : public BasicPosition<H> {
  using Base = BasicPosition<H>;

 public:
  void do_move(Move m, StateInfo& st) {
    log(NodeOp::Move, m);
    Base::do_move(m, st);
  }
  void undo_move(Move m) {
    log(NodeOp::Undo, m);
    Base::undo_move(m);
  }
  void do_null_move(StateInfo& st) {
    log(NodeOp::Null);
    Base::do_null_move(st);
  }
  void undo_null_move() {
    log(NodeOp::UndoNull);
    Base::undo_null_move();
  }
};

// Found by argument-dependent lookup from the move picker, and a better match than the full
// generator's overload for a BasicPosition.
template <GenType T, HandLayout H>
ExtMove* generate(RecordingPosition<H>& pos, ExtMove* list) {
  ExtMove* end = sashite::generate<T>(pos.board(), list);
  if (g_trace) g_trace->steps.push_back({node_op_of<T>(), uint16_t(end - list)});
  return end;
}

// The full generator with a recording position for the search.
struct RecordingGenerator : FullGenerator {
  static constexpr const char* name = "record";
  template <HandLayout H>
  using Position = RecordingPosition<H>;
};

// The baseline effect source, marking each call: the search asks for the counts exactly when
// it evaluates statically (search/search.h static_eval()).
struct RecordingEffects : BaselineEffects {
  template <class P>
  static const EffectBoard& effects(P& pos, EffectBoard& scratch) {
    log(NodeOp::Evaluate);
    return BaselineEffects::effects(pos, scratch);
  }
};

using RecordingConfig = EngineConfig<RecordingGenerator, DefaultHand, Template<ClassicTT>, RecordingEffects>;

}  // namespace

const char* node_op_name(NodeOp op) {
  static constexpr const char* names[kNodeOps] = {"move",         "undo",   "null",    "undo_null",
                                                  "captures",     "quiets", "drops",   "evasions",
                                                  "quiet_checks", "checks", "evaluate"};
  return names[unsigned(op)];
}

uint64_t NodeTrace::moves() const {
  uint64_t n = 0;
  for (const NodeStep& s : steps) n += s.op == NodeOp::Move || s.op == NodeOp::Null;
  return n;
}

uint64_t NodeTrace::evaluations() const {
  uint64_t n = 0;
  for (const NodeStep& s : steps) n += s.op == NodeOp::Evaluate;
  return n;
}

std::vector<NodeTrace> record_search_traces(std::span<const std::string_view> sfens, int depth) {
  EngineImpl<RecordingConfig> engine;
  engine.resize_tt(16);  // as the search/... benchmarks (bench/search_bench.cpp)
  static const std::atomic<bool> never{false};
  SearchControl control;
  control.stop = &never;
  SearchLimits limits;
  limits.depth = depth;
  std::vector<NodeTrace> traces;
  for (std::string_view sfen : sfens) {
    GameHistory game;
    if (replay_game(sfen, "", game)) continue;  // not a valid position: nothing to record
    engine.set_game(game);
    engine.new_game();
    NodeTrace& t = traces.emplace_back();
    t.sfen = game.final_sfen;
    g_trace = &t;
    engine.go(limits, control);
    g_trace = nullptr;
  }
  return traces;
}

}  // namespace sashite::study
