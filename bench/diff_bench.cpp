// Full versus differential generation on the search-like workload (issue: "differential move
// generation that beats full generation"). A node is do_move + generate + undo_move of one
// move of a sampled position, as a search visits its children; positions come from seeded
// game-like random walks. Every variant runs the same nodes in the same order.
//
//   search_node/<full|diff>/<set>  whole node, cycles per node
//   node_phase/<full|diff>/do_undo  do_move + undo_move only
//   node_phase/<full|diff>/gen_twice  a node that generates twice: the second call finds every
//                                   list fresh, so (gen_twice - node) = warm serialisation
//   node_phase/diff/kernel          the dirty-mask kernel alone on the same moves
//   node_phase/full/king_drops      do + king moves + drops + undo: the uncacheable part
// (perft/diff/... in perft_bench.cpp runs perft through DiffPosition.)
#include <type_traits>

#include "bench/harness.h"
#include "bench/positions.h"
#include "movegen_diff/diff_position.h"

namespace sashite::bench {
namespace {

using DiffSearch = DiffPosition<DefaultHand, GenType::Legal>;
using DiffPerft = DiffPosition<DefaultHand, GenType::LegalAll>;

// A sampled position and the moves of its node, for one position type.
template <class Pos>
struct Node {
  Pos pos;
  typename Pos::State root;
  std::vector<Move> moves;
  explicit Node(const std::string& sfen) {
    if (auto err = pos.set(sfen, &root)) throw std::runtime_error(*err);
    ExtMove list[MAX_MOVES];
    ExtMove* last = generate<GenType::Legal>(pos, list);  // warms a DiffPosition's lists
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

enum class Work { Node, DoUndo, GenTwice, KingDrops };

// The part of generation neither generator caches: king moves and drops (what a differential
// generator can never save, whatever its board-move serialisation costs).
template <Color Us>
ExtMove* king_and_drops(const Position& pos, ExtMove* list) {
  using G = detail::Generator<Us, false, DefaultHand>;
  list = G::king_moves(pos, list, ~pos.pieces(Us));
  return G::drops(pos, list, pos.empties());
}

template <class Pos, Work W>
void search_nodes(benchmark::State& state) {
  auto ns = nodes<Pos>(game_sample());
  uint64_t count = 0, moves = 0;
  for (auto& n : ns) count += n->moves.size();
  ExtMove list[MAX_MOVES];
  typename Pos::State st;
  measure(state, count, [&] {
    for (auto& n : ns)
      for (Move m : n->moves) {
        n->pos.do_move(m, st);
        if constexpr (W == Work::Node || W == Work::GenTwice) moves += uint64_t(generate<GenType::Legal>(n->pos, list) - list);
        if constexpr (W == Work::GenTwice) moves += uint64_t(generate<GenType::Legal>(n->pos, list) - list);
        if constexpr (W == Work::KingDrops) {
          if constexpr (std::is_same_v<Pos, Position>)
            moves += uint64_t((n->pos.side_to_move() == BLACK ? king_and_drops<BLACK>(n->pos, list)
                                                              : king_and_drops<WHITE>(n->pos, list)) - list);
        }
        n->pos.undo_move(m);
      }
  });
  benchmark::DoNotOptimize(moves);
  if (W == Work::Node) state.counters["moves/node"] = double(moves) / double(count * state.iterations());
}

void dirty_kernel(benchmark::State& state) {
  auto ns = nodes<DiffSearch>(game_sample());
  uint64_t count = 0, acc = 0;
  for (auto& n : ns) count += n->moves.size();
  measure(state, count, [&] {
    for (auto& n : ns)
      for (Move m : n->moves) acc += n->pos.dirty_mask(m);
  });
  benchmark::DoNotOptimize(acc);
}

const bool registered = [] {
  add("search_node/full/walk64", search_nodes<Position, Work::Node>);
  add("search_node/diff/walk64", search_nodes<DiffSearch, Work::Node>);
  add("node_phase/full/do_undo", search_nodes<Position, Work::DoUndo>);
  add("node_phase/diff/do_undo", search_nodes<DiffSearch, Work::DoUndo>);
  add("node_phase/full/gen_twice", search_nodes<Position, Work::GenTwice>);
  add("node_phase/diff/gen_twice", search_nodes<DiffSearch, Work::GenTwice>);
  add("node_phase/diff/kernel", dirty_kernel);
  add("node_phase/full/king_drops", search_nodes<Position, Work::KingDrops>);
  return true;
}();

}  // namespace
}  // namespace sashite::bench
