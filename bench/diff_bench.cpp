// Full versus differential generation on the search-like workload (issue: "differential move
// generation that beats full generation"). A node is do_move + generate + undo_move of one
// move of a sampled position, as a search visits its children; positions come from seeded
// game-like random walks. Every variant runs the same nodes in the same order.
//
//   search_node/<full|diff>/walk64     whole node, cycles per node
//   node_phase/<full|diff>/<phase>     the node cut short after a phase, so that differences
//                                      between phases give a per-node breakdown:
//     do_undo    do_move + undo_move (diff: + id maps; the rest waits for sync)
//     board      full: + non-king board moves          (rest of the node: king, drops)
//     sync       diff: + dirty mask, attack update, stale marking
//     refresh    diff: + regeneration of stale lists
//     copy       diff: + serialisation of cached lists (rest: pinned pieces, king, drops)
//     kernel     diff: the dirty-mask kernel alone on the same moves
// In check, both generators take the full evasion path: the phases before it do nothing there.
// (perft/diff/... in perft_bench.cpp runs perft through DiffPosition.)
#include <stdexcept>
#include <type_traits>

#include "bench/harness.h"
#include "bench/positions.h"
#include "movegen_diff/diff_position.h"

namespace sashite::bench {
namespace {

using DiffSearch = DiffPosition<DefaultHand, GenType::Legal>;

// A sampled position and the moves of its node, for one position type.
template <class Pos>
struct Node {
  PositionLine<Pos> game;
  std::vector<Move> moves;  // the node's own, not played
  explicit Node(const std::string& sfen) : game(sfen) {
    ExtMove list[MAX_MOVES];
    ExtMove* last = generate<GenType::Legal>(game.pos, list);  // warms a DiffPosition's lists
    for (ExtMove* m = list; m != last; ++m) moves.push_back(*m);
  }
};

template <class Pos>
std::vector<std::unique_ptr<Node<Pos>>> nodes(const std::vector<std::string>& sfens) {
  std::vector<std::unique_ptr<Node<Pos>>> v;
  for (const std::string& s : sfens) v.push_back(std::make_unique<Node<Pos>>(s));
  return v;
}

const std::vector<std::string>& game_sample() {
  static const std::vector<std::string> s = walk_sample(64, 5);
  return s;
}

enum class Phase { DoUndo, Board, Sync, Refresh, Copy, Node };

// The node's work up to `P` for the side to move; returns the moves written.
template <Phase P, Color Us, class Pos>
size_t node_work(Pos& pos, ExtMove* list) {
  if constexpr (P == Phase::Node) {
    return size_t(generate<GenType::Legal>(pos, list) - list);
  } else if constexpr (std::is_same_v<Pos, Position>) {
    static_assert(P == Phase::Board);
    if (pos.in_check()) return 0;
    const Bitboard target = ~pos.pieces(Us);
    return size_t(detail::Generator<Us, false, DefaultHand>::board_moves(pos, list, target, target) - list);
  } else {
    static_assert(P == Phase::Sync || P == Phase::Refresh || P == Phase::Copy);
    if (pos.in_check()) return 0;
    pos.sync();
    if constexpr (P == Phase::Sync) return 0;
    pos.template refresh<Us>();
    if constexpr (P == Phase::Refresh)
      return 0;
    else
      return size_t(pos.template copy_lists<Us>(list, pos.template pinned_ids<Us>()) - list);
  }
}

// Both generators must produce the same number of moves on the workload, or the comparison
// means nothing (the tests prove equality move by move; this guards the benchmark's own setup).
void check_workload() {
  auto full = nodes<Position>(game_sample());
  auto diff = nodes<DiffSearch>(game_sample());
  ExtMove list[MAX_MOVES];
  Position::State full_st;
  DiffSearch::State diff_st;
  for (size_t i = 0; i < full.size(); ++i) {
    if (full[i]->moves.size() != diff[i]->moves.size()) throw std::runtime_error("diff_bench: root move counts differ");
    for (Move m : full[i]->moves) {
      full[i]->game.pos.do_move(m, full_st);
      diff[i]->game.pos.do_move(m, diff_st);
      const auto a = generate<GenType::Legal>(full[i]->game.pos, list) - list;
      const auto b = generate<GenType::Legal>(diff[i]->game.pos, list) - list;
      diff[i]->game.pos.undo_move(m);
      full[i]->game.pos.undo_move(m);
      if (a != b)
        throw std::runtime_error("diff_bench: full and diff generate different move counts after " + to_usi(m));
    }
  }
}

template <class Pos, Phase P>
void search_nodes(benchmark::State& state) {
  static const bool checked = (check_workload(), true);  // once per variant, before its first run
  (void)checked;
  auto ns = nodes<Pos>(game_sample());
  uint64_t count = 0, moves = 0;
  for (auto& n : ns) count += n->moves.size();
  ExtMove list[MAX_MOVES];
  typename Pos::State st;
  measure(state, count, [&] {
    for (auto& n : ns)
      for (Move m : n->moves) {
        Pos& pos = n->game.pos;
        pos.do_move(m, st);
        if constexpr (P != Phase::DoUndo)
          moves += pos.side_to_move() == BLACK ? node_work<P, BLACK>(pos, list) : node_work<P, WHITE>(pos, list);
        pos.undo_move(m);
      }
  });
  benchmark::DoNotOptimize(moves);
  if (P == Phase::Node) state.counters["moves/node"] = double(moves) / double(count * state.iterations());
}

void dirty_kernel(benchmark::State& state) {
  auto ns = nodes<DiffSearch>(game_sample());
  uint64_t count = 0, acc = 0;
  for (auto& n : ns) count += n->moves.size();
  measure(state, count, [&] {
    for (auto& n : ns)
      for (Move m : n->moves) acc += n->game.pos.dirty_mask(m);
  });
  benchmark::DoNotOptimize(acc);
}

const bool registered = [] {
  add("search_node/full/walk64", search_nodes<Position, Phase::Node>);
  add("search_node/diff/walk64", search_nodes<DiffSearch, Phase::Node>);
  add("node_phase/full/do_undo", search_nodes<Position, Phase::DoUndo>);
  add("node_phase/diff/do_undo", search_nodes<DiffSearch, Phase::DoUndo>);
  add("node_phase/full/board", search_nodes<Position, Phase::Board>);
  add("node_phase/diff/sync", search_nodes<DiffSearch, Phase::Sync>);
  add("node_phase/diff/refresh", search_nodes<DiffSearch, Phase::Refresh>);
  add("node_phase/diff/copy", search_nodes<DiffSearch, Phase::Copy>);
  add("node_phase/diff/kernel", dirty_kernel);
  return true;
}();

}  // namespace
}  // namespace sashite::bench
