// Unbounded df-pn (Nagai 2002): the numbers of a node belong to its board and the attacker's
// hand, not to a remaining depth, so transpositions reached at different plies share them and
// a perpetual check is a repetition, not a tree unrolled to the depth limit. KomoringHeights
// (komori-n) is the model for the ideas; the code is this library's own.
//
// - Answer: the first mate proven; then, as limits.post_search asks, passes "mate within L - 2?"
//   over the same table (an entry's numbers belong to its bound, kUnboundedLen in the main
//   search) until one fails, and the shortest-attack, longest-defence line (mate/solver.h's
//   reconstruct()). On time out or stop the best line proven so far is answered (exact false).
// - Repetition (Kishimoto and Müller 2004, graph-history interaction): a move to a position on
//   the current path fails for the attacker, and so does one to the same board where the attacker
//   holds no more pieces than there (PathKeys). Such a failure holds for this path only: it
//   carries the path index it returned to, a disproof the shallowest of its failures', and a
//   disproof resting on an index above its own node is not stored, so no entry says "no mate"
//   because of one path's history. One whose cycles all close at or below its node holds
//   whatever the path above: it is stored and counts as independent above. Proofs never depend
//   on the path. The passes with a bound need no repetition test: every line is cut by the bound.
// - No ply cap from the data: frames (children and their numbers) and undo states live in deques
//   grown on demand; 64-bit numbers, sums saturate below kInfinitePnDn. mid() recurses, its frame
//   well under 1 KB, so the path is cut at the depth the calling thread's stack holds (max_ply_:
//   1 KB a ply less a 256 KB margin): a cut node reads as "no mate on this path", resting on
//   the whole path (kCut), so no stored disproof rests on it, and a root left undecided by a cut answers Timeout,
//   never NoMate (MateResult::depth_capped).
// - Termination without a threshold-controlling step (Kishimoto 2010): a node keeps its
//   children's numbers in its frame for the whole visit, so each child search returns numbers
//   past the threshold it was given and the node makes progress even when the table lost or
//   changed the child's entry meanwhile.
// - Threshold control (MateLimits::tca, off by default; Kishimoto 2010's TCA in
//   KomoringHeights' form): a node one of whose children reads numbers stored from a shallower
//   ply (PnDnProbe::old: a position met nearer the root, whose numbers may include this node's
//   own through a cycle) raises a count shared down the path, and while it is above zero every
//   node searches past its thresholds (just above its own numbers); each first search of a
//   child the table did not hold lowers it, and a node whose extension ran out returns to its
//   parent. Fewer nodes on long problems, more on short hard ones (FINDINGS.md F-mate-tca).
// - Leaves and order: at a new attacking node a no-check test (no mate at any length) and a
//   mate-in-one test (mate/leaf.h's flight-square filter, then each check decided from attack
//   sets without a make: the mate-in-one family's bitboard test, movegen_full/mate_in_one/);
//   df-pn+ initial numbers from the pieces bearing on the move's square (estimate()), raised
//   by the new node's own mobility, its checks or evasions, which evaluate() generates anyway;
//   delayed expansion of same-square drop interpositions and of non-promotions (expand()); the
//   dn of long-range drops counted once.
// - Proof and disproof pieces (Seo 1999; Nagai 2002) for every stored result; a lookup also
//   borrows the numbers of entries for other hands and bounds (mate/pn_dn_table.h).
// - Room in the table: the cluster's least-effort replacement, or with the pn-dn-gc layout also
//   a sampled garbage collection by effort (mate/pn_dn_collection.h).
// - Threads (MateLimits::threads): helpers search the same root over the same table, each its
//   own solver with its own position, path and frames. Every thread marks the boards it is
//   searching (BusyBoards), and a helper whose best child another thread is already in picks
//   as if that child's number were a quarter larger (Kaneko's virtual proof numbers, with the
//   1 + epsilon of the thresholds), so that it takes a runner-up close behind instead of
//   following the other thread; a larger raise sends it to hopeless siblings near the root
//   (results/2026-12-01-mate-threads.md). A helper's initial numbers, ties and every few table
//   lookups also take a little noise from a hash of (position, move, helper) (KomoringHeights'
//   lazy parallelism), so that its tree parts from the others' where numbers are close.
//   Whichever thread decides the root first ends the search; the main thread then reads the
//   root's result from the table. Proofs and path-independent disproofs are true whoever stored
//   them, and each thread's path-dependent failures stay its own, so answers are as sound as
//   with one thread; with one thread (the default) the search is deterministic under a node
//   limit.
// - Double counts (MateLimits::double_count, off by default): with source-node double-count
//   elimination (Kishimoto 2010; KomoringHeights' form) every entered node records the node it
//   was entered from (mate/parent_links.h); where the best child's links climb to a node on the
//   path, the two children there whose lines meet count once in its sum (eliminate_double_count()).
//   It saves nodes on some problems and costs them on others (FINDINGS.md F-mate-double-count).
#pragma once

#include <atomic>
#include <cstdint>
#include <deque>
#include <vector>

#include "mate/parent_links.h"
#include "mate/pn_dn_table.h"
#include "mate/solver.h"

namespace sashite::mate {

template <PnDnTableLayout T>
class UnboundedDfPnSolver : detail::SolveState {
 public:
  static constexpr const char* name = "unbounded-df-pn";
  explicit UnboundedDfPnSolver(T& table) : table_(table), scratch_(size_t(MAX_MOVES)) {}
  MateResult solve(Position& pos, const MateLimits& limits);

 private:
  // A disproof's dependence on the path: the shallowest path index (PathKeys) whose position a
  // repetition in it returned to; kIndependent: none; kCut: the depth cut, never independent.
  static constexpr int32_t kIndependent = INT32_MAX, kCut = -1;
  // pn 0: proven, len the proof's length; dn 0: no mate within len, resting on the path from
  // index `path` down unless kIndependent.
  // hand (decided, independent): the proof pieces of a proof, the disproof pieces of a disproof.
  struct Value {
    PnDn pn = 1, dn = 1;
    uint16_t len = 0;
    int32_t path = kIndependent;
    uint32_t hand = 0;
  };
  // Delayed expansion: a child with a predecessor (`waiting`) is left out until the
  // predecessor is decided the way that leaves the question open (proven at a defending node,
  // disproven at an attacking one); `next` is the child it then brings in.
  struct Child {
    Move move;
    Value v;
    int32_t next = -1;
    bool waiting = false;
    bool fresh = false;  // the table held no numbers for it when evaluated, and it was not searched since
    // Counted once: the node's sum (dn attacking, pn defending) takes the greatest of these
    // children's numbers instead of adding each (a long-range drop; a double count found).
    bool once = false;
    uint8_t pn0 = 1, dn0 = 1;  // df-pn+ initial numbers
    int16_t order = 0;         // ties between equal numbers: the lower first
    Key board_after = 0;       // the position after the move: its board (the table prefetch's address)
    uint32_t hand_after = 0;   // and the attacker's hand (with MateLimits::double_count only)
  };
  struct Frame {
    std::vector<Child> kids;
  };
  // Threads: the boards that some thread is searching (between its entry into mid() and its
  // exit), one slot per low bits of the board key; a lost mark only costs some work twice.
  class BusyBoards {
   public:
    void mark(Key board) { store_shared(slots_[board & kMask], board); }
    void unmark(Key board) {
      if (load_shared(slots_[board & kMask]) == board) store_shared(slots_[board & kMask], Key(0));
    }
    bool busy(Key board) const { return load_shared(slots_[board & kMask]) == board; }

   private:
    static constexpr size_t kMask = (size_t(1) << 16) - 1;
    std::vector<Key> slots_ = std::vector<Key>(kMask + 1);
  };
  // The positions on the current path, as (board key, side to move, attacker's hand): a count
  // per low 16 bits of the board key answers most "not on the path" questions without reading
  // the path. contains() is superiority-aware (KomoringHeights' idea): the same board with an
  // attacker's hand no bigger than it was there is no progress for the attacker, so that path
  // fails as a repetition would; whatever mates from here mates from there.
  class PathKeys {
   public:
    void push(Key board, Color side, uint32_t hand) {
      path_.push_back({board, side, hand});
      ++counts_[board & 0xFFFF];
    }
    void pop() {
      --counts_[path_.back().board & 0xFFFF];
      path_.pop_back();
    }
    size_t size() const { return path_.size(); }
    uint32_t hand_at(int32_t index) const { return path_[size_t(index)].hand; }
    ParentLinks::Node node_at(size_t index) const { return {path_[index].board, path_[index].hand, path_[index].side}; }
    // The deepest index whose position this one repeats (or is no progress on), else -1.
    int32_t index_of(Key board, Color side, uint32_t hand) const {
      const DefaultHand h = DefaultHand::from_raw(hand);
      return deepest(
          board, [&](const Node& n) { return n.side == side && DefaultHand::from_raw(n.hand).superior_or_equal(h); });
    }
    // The deepest index of exactly this position, else -1.
    int32_t exact_index_of(const ParentLinks::Node& x) const {
      return deepest(x.board, [&](const Node& n) { return n.side == x.side && n.hand == x.hand; });
    }
    void clear() {
      while (!path_.empty()) pop();
    }

   private:
    struct Node {
      Key board;
      Color side;
      uint32_t hand;
    };
    // The deepest index of a node on `board` that `match` accepts, else -1.
    template <class Match>
    int32_t deepest(Key board, Match match) const {
      if (!counts_[board & 0xFFFF]) return -1;
      for (size_t i = path_.size(); i > 0; --i)
        if (const Node& n = path_[i - 1]; n.board == board && match(n)) return int32_t(i - 1);
      return -1;
    }

    std::vector<Node> path_;
    std::vector<uint16_t> counts_ = std::vector<uint16_t>(0x10000);
  };

  // The current node, without searching it; pn0, dn0: its initial numbers.
  // ply: the node's distance from the root (PnDnProbe::old).
  Value evaluate(uint16_t len, bool repetition, uint32_t ply = 0, PnDn pn0 = 1, PnDn dn0 = 1);
  void estimate(Child& c, bool attacking) const;
  void expand(std::vector<Child>& kids, bool attacking);
  Value mid(size_t ply, uint16_t len, PnDn thpn, PnDn thdn);
  // mid()'s steps; the ones run at every node are inlined into it.
  struct Selection {
    PnDn pn, dn;      // the node's numbers from its children's
    size_t best = 0;  // the child to search next
    PnDn second;      // the runner-up's number: the best child's threshold
  };
  [[gnu::always_inline]] inline void open_children(std::vector<Child>& kids, bool attacking);
  [[gnu::always_inline]] inline void evaluate_child(Child& c, StateInfo& st, uint16_t child_len, bool repetition,
                                                    uint32_t child_ply);
  [[gnu::always_inline]] inline void bring_in_waiting(std::vector<Child>& kids, StateInfo& st, uint16_t child_len,
                                                      bool repetition, bool attacking, uint32_t child_ply);
  // Avoid (a helper's second look): child `avoid` counts a quarter more (virtual proof numbers).
  template <bool Avoid = false>
  [[gnu::always_inline]] inline Selection select_child(const std::vector<Child>& kids, bool attacking,
                                                       size_t avoid = 0) const;
  Move set_proof(Value& v, const std::vector<Child>& kids, bool attacking) const;
  void set_disproof(Value& v, const std::vector<Child>& kids, bool attacking) const;
  Value search(size_t ply, uint16_t len);  // evaluate(), then mid() to a decision
  // search(0, len) with MateLimits::threads - 1 helpers beside it over the same table.
  Value parallel_search(uint16_t len);
  // A helper's whole work: search pos to a decision under `len` or until `stop`, publishing its
  // node count in `nodes`; true when it decided the root.
  bool help(Position& pos, uint16_t len, unsigned id, int max_ply, bool tca, const std::atomic<bool>& stop,
            std::atomic<uint64_t>& nodes, BusyBoards& busy);
  uint64_t all_nodes() const;  // this thread's and the running helpers' nodes
  bool proof_line(uint16_t len, std::vector<Move>& line);
  static constexpr int kMaxLineRetreats = 256;  // proof_line's returns to another check
  // Source-node double-count elimination (Kishimoto 2010): the best child's links up to a node
  // on the path mark the two children there through which it is reached as counted once.
  void eliminate_double_count(size_t ply, const Child& best);
  void store(uint16_t searched, const Value& v, Move m, uint64_t amount, uint32_t ply = 0);
  // Proof and disproof pieces (Seo 1999; Nagai 2002).
  uint32_t before_check(uint32_t after, Move m, bool disproof) const;
  uint32_t interpositions(uint32_t proof) const;
  uint32_t no_new_drops(uint32_t disproof) const;
  uint32_t hand_after_check(Move m) const;
  void poll();
  void progress();
  void push_path() { path_keys_.push(pos_->board_key(), pos_->side_to_move(), attacker_hand()); }
  int32_t path_index() const { return path_keys_.index_of(pos_->board_key(), pos_->side_to_move(), attacker_hand()); }
  StateInfo& state(size_t ply) {
    while (stack_.size() <= ply) stack_.emplace_back();
    return stack_[ply];
  }

  T& table_;
  std::deque<Frame> frames_;
  std::deque<StateInfo> stack_;
  std::vector<ExtMove> scratch_;
  StateInfo leaf_state_;
  PathKeys path_keys_;
  ParentLinks* links_ = nullptr;  // MateLimits::double_count: the main thread's, shared by its helpers
  std::vector<Move> path_moves_;  // the current path (progress lines)
  std::vector<Move> best_;        // the best proven line
  uint16_t proven_within_ = 0;    // its bound: a mate within this many plies against every defence
  size_t max_ply_ = 0;            // mid() goes no deeper (MateLimits::max_ply, or the stack's share)
  bool depth_capped_ = false;     // a path met max_ply_ in this solve
  int64_t next_progress_ms_ = 0;
  // expand()'s last child per drop square and per (from, to), valid when stamped this node.
  uint32_t stamp_ = 0;
  std::vector<uint32_t> drop_stamp_ = std::vector<uint32_t>(SQ_NB), move_stamp_ = std::vector<uint32_t>(SQ_NB * SQ_NB);
  std::vector<int32_t> drop_last_ = std::vector<int32_t>(SQ_NB), move_last_ = std::vector<int32_t>(SQ_NB * SQ_NB);
  uint64_t next_poll_ = 0;
  // Threshold control (MateLimits::tca): the path's extension count; what evaluate()'s last
  // probe found (numbers stored from above; none for exactly this node).
  uint32_t extension_ = 0;
  bool probed_old_ = false, probed_fresh_ = false;
  // Threads: 0 for the main thread, else the helper's number, which seeds its perturbation.
  unsigned helper_ = 0;
  unsigned noise_count_ = 0;  // a helper's lookups since its last noise
  // The main thread, while helpers run: their node counts and "a helper decided the root".
  const std::vector<std::atomic<uint64_t>>* helper_nodes_ = nullptr;
  const std::atomic<bool>* helper_decided_ = nullptr;
  BusyBoards* busy_ = nullptr;  // threads: every thread's marks
  bool ended_by_helper_ = false;
  std::atomic<uint64_t>* published_nodes_ = nullptr;  // a helper's own count, for the main thread
};

}  // namespace sashite::mate
