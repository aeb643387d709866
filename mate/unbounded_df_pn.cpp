#include "mate/unbounded_df_pn.h"

#include <pthread.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <system_error>
#include <thread>
#include <utility>

#include "mate/leaf.h"
#include "mate/mate_tables.h"
#include "movegen_full/mate_in_one/bitboard.h"

namespace sashite::mate {

namespace {

// How deep mid() may recurse on the calling thread: its stack's size (glibc: the main thread's
// rlimit, another thread's attribute) less 256 KB for the frames above and below the solve, at
// 1 KB a ply (mid()'s frame is well under it); 8 MB when the size cannot be read.
size_t stack_plies() {
  size_t bytes = size_t(8) << 20;
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) == 0) {
    size_t size = 0;
    if (pthread_attr_getstacksize(&attr, &size) == 0 && size > 0) bytes = size;
    pthread_attr_destroy(&attr);
  }
  constexpr size_t kMargin = size_t(256) << 10, kPerPly = 1024;
  return std::clamp<size_t>(bytes > kMargin ? (bytes - kMargin) / kPerPly : 0, 64, 65536);
}

PnDn add(PnDn a, PnDn b) {
  if (a >= kInfinitePnDn || b >= kInfinitePnDn) return kInfinitePnDn;
  return std::min(a + b, kInfinitePnDn - 1);
}

// The 1 + epsilon threshold (Pawlewicz and Lew 2007, epsilon 1/4) from the second-best number.
PnDn second_best_threshold(PnDn second, PnDn th) {
  if (second >= kInfinitePnDn) return th;
  return std::min(second + second / 4 + 1, th);
}

// A new node's numbers also count its own moves, which evaluate() generates anyway: the checks
// (long-range drops once, as mid() sums them) for dn, the evasions (drops once) for pn, each
// worth kMobilityUnit against estimate()'s 2 to 6. Numbers that foresee the node's expansion
// send fewer searches into a child only to see its numbers jump past the threshold at once. The
// unit was chosen among 1, 2, 3, 4 and 6 on 煙詰, tests/data/tsume_long.txt and the bare-king pair,
// a noisy optimum (FINDINGS.md F-mate-mobility).
constexpr PnDn kMobilityUnit = 3;

// A lance, bishop or rook drop: the checks of one such piece on one line lead to much the same
// positions, so an attacking node counts their dn once (mid(), evaluate()).
bool long_range_drop(Move m) {
  if (!is_drop(m)) return false;
  const PieceType p = dropped_type(m);
  return p == LANCE || p == BISHOP || p == ROOK;
}

// One more ply on a bound: an unbounded bound stays unbounded.
uint16_t plus_one(uint16_t len) { return len == kUnboundedLen ? len : uint16_t(len + 1); }
uint16_t minus_one(uint16_t len) { return len == kUnboundedLen ? len : uint16_t(len - 1); }

}  // namespace

template <PnDnTableLayout T>
void UnboundedDfPnSolver<T>::store(uint16_t searched, const Value& v, Move m, uint64_t amount, uint32_t ply) {
  table_.store(pos_->board_key(), attacker_hand(), searched, v.pn, v.dn, v.len, m, amount, v.hand, ply);
}

// Proof and disproof pieces (Seo 1999; Nagai 2002): a proof stores the fewest pieces in hand
// it needs, a disproof the most it withstands, so that one result answers for every hand on
// the right side of it.
// The attacker's hand before the check m, from the pieces needed (or withstood) after it: a
// dropped piece more, a captured one fewer.
template <PnDnTableLayout T>
uint32_t UnboundedDfPnSolver<T>::before_check(uint32_t after, Move m, bool disproof) const {
  DefaultHand h = DefaultHand::from_raw(after);
  if (is_drop(m)) {
    const PieceType p = dropped_type(m);
    h.set(p, std::min(h.count(p) + 1, max_in_hand(p)));
  } else if (const Piece c = pos_->piece_on(to_sq(m)); c != NO_PIECE) {
    const PieceType p = raw_type(type_of(c));
    if (h.count(p)) h.sub(p);
  }
  return disproof ? no_new_drops(h.raw()) : h.raw();
}

// The attacker's hand after the check m: a dropped piece fewer, a captured one more.
template <PnDnTableLayout T>
uint32_t UnboundedDfPnSolver<T>::hand_after_check(Move m) const {
  DefaultHand h = pos_->hand(attacker_);
  if (is_drop(m))
    h.sub(dropped_type(m));
  else if (const Piece c = pos_->piece_on(to_sq(m)); c != NO_PIECE)
    h.add(raw_type(type_of(c)));
  return h.raw();
}

// A proof at a defending node whose check could be answered by a drop between: with fewer
// pieces the attacker would leave the defender a kind it lacks now, so the proof needs every
// piece of those kinds the attacker holds.
template <PnDnTableLayout T>
uint32_t UnboundedDfPnSolver<T>::interpositions(uint32_t proof) const {
  const Bitboard checkers = pos_->checkers();
  if (!checkers || checkers.more_than_one() || !between_bb(pos_->king_square(~attacker_), checkers.lsb())) return proof;
  DefaultHand h = DefaultHand::from_raw(proof);
  const DefaultHand& ours = pos_->hand(attacker_);
  const DefaultHand& theirs = pos_->hand(~attacker_);
  for (PieceType p = RAW_BEGIN; p < RAW_END; ++p)
    if (!theirs.has(p)) h.set(p, ours.count(p));
  return h.raw();
}

// A disproof at an attacking node: a kind the attacker lacks would bring new drop checks, so
// the disproof holds only without it.
template <PnDnTableLayout T>
uint32_t UnboundedDfPnSolver<T>::no_new_drops(uint32_t disproof) const {
  DefaultHand h = DefaultHand::from_raw(disproof);
  const DefaultHand& ours = pos_->hand(attacker_);
  for (PieceType p = RAW_BEGIN; p < RAW_END; ++p)
    if (!ours.has(p)) h.set(p, 0);
  return h.raw();
}

template <PnDnTableLayout T>
void UnboundedDfPnSolver<T>::poll() {
  if (nodes_ < next_poll_) return;
  next_poll_ = nodes_ + 4096;
  if (published_nodes_) published_nodes_->store(nodes_, std::memory_order_relaxed);
  poll_now();
  if (helper_decided_ && helper_decided_->load(std::memory_order_relaxed)) aborted_ = ended_by_helper_ = true;
  if (helper_nodes_ && limits_->max_nodes && all_nodes() >= limits_->max_nodes) aborted_ = true;
  if (limits_->on_progress && seconds() * 1000 >= double(next_progress_ms_)) progress();
}

template <PnDnTableLayout T>
uint64_t UnboundedDfPnSolver<T>::all_nodes() const {
  uint64_t n = nodes_;
  if (helper_nodes_)
    for (const std::atomic<uint64_t>& h : *helper_nodes_) n += h.load(std::memory_order_relaxed);
  return n;
}

template <PnDnTableLayout T>
void UnboundedDfPnSolver<T>::progress() {
  next_progress_ms_ = int64_t(seconds() * 1000) + limits_->progress_ms;
  MateProgress p;
  p.nodes = all_nodes();
  p.seconds = seconds();
  p.hashfull = table_.hashfull();
  p.mate_length = int(best_.size());
  p.proven_within = best_.empty() ? 0 : proven_within_;
  p.pv = best_.empty() ? path_moves_ : best_;
  limits_->on_progress(p);
}

// The current node with `len` plies allowed, from what is known without searching it: a
// repetition of the path (when `repetition`), the table, a defender without evasions, a
// bound run out, then the initial numbers.
template <PnDnTableLayout T>
typename UnboundedDfPnSolver<T>::Value UnboundedDfPnSolver<T>::evaluate(uint16_t len, bool repetition, uint32_t ply,
                                                                        PnDn pn0, PnDn dn0) {
  if (repetition) {
    // No progress for any hand up to the one held there: those are the failure's disproof pieces.
    if (const int32_t at = path_index(); at >= 0) return {kInfinitePnDn, 0, kUnboundedLen, at, path_keys_.hand_at(at)};
  }
  const uint32_t hand = attacker_hand();
  const PnDnProbe p = table_.probe(pos_->board_key(), hand, len, ply);
  probed_old_ = p.old;
  probed_fresh_ = !p.exact;
  if (p.proven) return {0, kInfinitePnDn, p.len, kIndependent, p.hand};
  if (p.disproven) return {kInfinitePnDn, 0, p.len, kIndependent, p.hand};
  if (helper_ && ++noise_count_ >= 5 + helper_) {
    // A helper's noise on the table's numbers too, at every (5 + helper)th lookup
    // (KomoringHeights' lazy parallelism), so that its path parts from the others' inside the tree.
    noise_count_ = 0;
    if (p.exact) return {add(p.pn, 1), add(p.dn, 1), 0, kIndependent, 0};  // never to infinity
    pn0 += 1, dn0 += 1;
  }
  if (p.exact) return {p.pn, p.dn, 0, kIndependent, 0};
  pn0 = std::max(pn0, p.pn);
  dn0 = std::max(dn0, p.dn);
  static constexpr uint32_t kAll = [] {
    DefaultHand h;
    for (PieceType p = RAW_BEGIN; p < RAW_END; ++p) h.set(p, max_in_hand(p));
    return h.raw();
  }();
  if (pos_->side_to_move() == attacker_) {
    if (len == 0) return {kInfinitePnDn, 0, 0, kIndependent, kAll};  // no check within no ply, whatever the hand
    // Leaves: no check at all is no mate at any length; a check without an evasion is a mate
    // in one, stored so that the line can follow it.
    const ExtMove* end = generate<GenType::ChecksAll>(*pos_, scratch_.data());
    if (end == scratch_.data()) return {kInfinitePnDn, 0, kUnboundedLen, kIndependent, no_new_drops(kAll)};
    const Bitboard flight = flight_squares(*pos_, ~attacker_);
    PnDn checks = 0;
    bool long_drop = false;
    for (const ExtMove* m = scratch_.data(); m != end; ++m) {
      if (long_range_drop(m->move))
        long_drop = true;
      else
        ++checks;
      if (flight && leaves_flight(*pos_, m->move, flight)) continue;
      // Decided on the board as it is, from attack sets (the mate-in-one family's bitboard
      // method); only a mate is made, for the hand its proof needs.
      if (mate1_detail::mates(*pos_, m->move)) {
        pos_->do_move(m->move, leaf_state_);
        const uint32_t needed = interpositions(0);
        pos_->undo_move(m->move);
        const Value v{0, kInfinitePnDn, 1, kIndependent, before_check(needed, m->move, false)};
        store(len, v, m->move, 1);
        return v;
      }
    }
    // Under a one-ply bound every check has just been decided exactly, and none mates: the node
    // is disproven for this hand (fewer pieces give no new check), not left open to expand.
    if (len == 1) return {kInfinitePnDn, 0, 1, kIndependent, hand};
    return {pn0, std::max(dn0, kMobilityUnit * (checks + long_drop)), 0, kIndependent, 0};
  }
  // Mated (a pawn-drop mate is never generated).
  const ExtMove* end = generate<GenType::EvasionsAll>(*pos_, scratch_.data());
  if (end == scratch_.data()) return {0, kInfinitePnDn, 0, kIndependent, interpositions(0)};
  if (len == 0) return {kInfinitePnDn, 0, 0, kIndependent, hand};
  PnDn evasions = 0;
  for (const ExtMove* m = scratch_.data(); m != end; ++m) evasions += !is_drop(m->move);
  evasions += evasions < PnDn(end - scratch_.data());
  return {std::max(pn0, kMobilityUnit * evasions), dn0, 0, kIndependent, 0};
}

// Multiple iterative deepening at a node that evaluate() left open, until its numbers reach a
// threshold or it is decided: expand the children, then repeatedly bring in the waiting ones,
// sum the numbers, and search the most promising child within thresholds derived from its
// siblings; a decided node's length and proof or disproof pieces come from its children.
template <PnDnTableLayout T>
typename UnboundedDfPnSolver<T>::Value UnboundedDfPnSolver<T>::mid(size_t ply, uint16_t len, PnDn thpn, PnDn thdn) {
  if (ply >= max_ply_) {  // the stack's depth: no mate on this path, for this path only
    depth_capped_ = true;
    return {kInfinitePnDn, 0, len, kCut, 0};
  }
  const bool attacking = pos_->side_to_move() == attacker_;
  const bool repetition = len == kUnboundedLen;
  const int32_t own = int32_t(path_keys_.size());  // this node's path index once pushed
  const uint64_t nodes_before = nodes_;
  while (frames_.size() <= ply) frames_.emplace_back();
  std::vector<Child>& kids = frames_[ply].kids;
  StateInfo& st = state(ply);
  open_children(kids, attacking);
  const uint16_t child_len = minus_one(len);
  if (repetition) {
    push_path();
    if (links_ && own > 0) links_->record(path_keys_.node_at(size_t(own)), path_keys_.node_at(size_t(own - 1)));
  }
  for (const Child& c : kids)
    if (!c.waiting) table_.prefetch(c.board_after);
  const Key board = pos_->board_key();
  if (busy_) busy_->mark(board);
  const uint32_t child_ply = uint32_t(ply + 1);
  bool old_child = false;
  for (Child& c : kids) {
    if (c.waiting) continue;
    evaluate_child(c, st, child_len, repetition, child_ply);
    old_child |= probed_old_;
    if (attacking ? c.v.pn == 0 : c.v.dn == 0) break;  // decided: the rest need not be looked at
  }
  // Threshold control: the extension this node entered with, and its own thresholds.
  const uint32_t extension_before = extension_;
  if (limits_->tca && old_child) ++extension_;
  const PnDn own_thpn = thpn, own_thdn = thdn;
  bool extension_spent = false;
  table_.safe_point();  // the children's numbers are in the frame: the region may grow now
  poll();
  Value v;
  for (bool first = repetition && links_; !aborted_; first = false) {
    bring_in_waiting(kids, st, child_len, repetition, attacking, child_ply);
    Selection sel = select_child(kids, attacking);
    if (first) {
      eliminate_double_count(ply, kids[sel.best]);
      sel = select_child(kids, attacking);
    }
    v.pn = sel.pn;
    v.dn = sel.dn;
    if (extension_ > 0) {  // search on past the thresholds, just above the node's numbers
      thpn = std::max(own_thpn, std::min(v.pn + 1, kInfinitePnDn));
      thdn = std::max(own_thdn, std::min(v.dn + 1, kInfinitePnDn));
    }
    if (extension_spent || v.pn == 0 || v.dn == 0 || v.pn >= thpn || v.dn >= thdn) break;
    // A helper turns from a child another thread is in: the choice as if its number were a
    // quarter larger (virtual proof numbers), the node's numbers the true ones; only to a
    // runner-up within this node's threshold, since one past it would return at once.
    if (helper_ && busy_->busy(pos_->board_key_after(kids[sel.best].move))) {
      const Selection other = select_child<true>(kids, attacking, sel.best);
      const Value& r = kids[other.best].v;
      if (other.best != sel.best && (attacking ? r.pn < thpn : r.dn < thdn)) {
        sel.best = other.best;
        sel.second = other.second;
      }
    }
    Child& c = kids[sel.best];
    PnDn child_thpn, child_thdn;
    if (attacking) {
      child_thpn = second_best_threshold(sel.second, thpn);
      child_thdn = sum_threshold(thdn, v.dn, c.v.dn, kInfinitePnDn);
    } else {
      child_thpn = sum_threshold(thpn, v.pn, c.v.pn, kInfinitePnDn);
      child_thdn = second_best_threshold(sel.second, thdn);
    }
    if (c.fresh) {
      c.fresh = false;
      if (extension_ > 0) --extension_;
    }
    pos_->do_move(c.move, st);
    path_moves_.push_back(c.move);
    c.v = mid(ply + 1, child_len, child_thpn, child_thdn);
    path_moves_.pop_back();
    pos_->undo_move(c.move);
    thpn = own_thpn, thdn = own_thdn;
    // The extension this node was given ran out: back to the parent, once the children's
    // numbers are summed again (a decided child may bring in a waiting one).
    extension_spent = extension_ == 0 && extension_before > 0;
  }
  extension_ = std::min(extension_, extension_before);
  if (repetition) path_keys_.pop();
  if (busy_) busy_->unmark(board);
  if (aborted_) return {};
  Move proof_move = MOVE_NONE;
  if (v.pn == 0)
    proof_move = set_proof(v, kids, attacking);
  else if (v.dn == 0)
    set_disproof(v, kids, attacking);
  // A disproof that returned to no position above this one holds whatever the path to here: its
  // cycles close inside the subtree (Kishimoto and Müller 2004). Stored, and independent above.
  if (v.dn == 0 && v.path >= own) v.path = kIndependent;
  if (v.dn != 0 || v.path == kIndependent) store(len, v, proof_move, nodes_ - nodes_before, uint32_t(ply));
  return v;
}

// Source-node double-count elimination (Kishimoto 2010; KomoringHeights' form): a position
// reached through two children of one node is counted in both their numbers, so that node's
// sum (dn attacking, pn defending) overstates how hard it is. From the best child, the links
// climb the positions each node was last entered from; the first that is on the current path
// above this node is where two lines meet, and there the two children they pass through are
// counted once. The climb stops at a node whose own numbers the table no longer holds: its link
// may be stale. KomoringHeights also stops it where a number grows by more than a few units on
// the way (a side branch then dominates); here that test cost more nodes than it saved
// (FINDINGS.md F-mate-double-count).
template <PnDnTableLayout T>
void UnboundedDfPnSolver<T>::eliminate_double_count(size_t ply, const Child& best) {
  ParentLinks::Node node{best.board_after, best.hand_after, ~pos_->side_to_move()}, parent;
  for (size_t step = 0; step <= ply; ++step) {
    if (!links_->find(node, parent) || !table_.probe(node.board, node.hand, kUnboundedLen).exact) return;
    const int32_t at = path_keys_.exact_index_of(parent);
    // This node itself: at the first step the child's own parent, later a line back through a
    // sibling, which KomoringHeights does not merge either (and merging it costs nodes here).
    if (at == int32_t(ply)) return;
    if (at >= 0) {
      const Move on_path = path_moves_[size_t(at)];
      Child *first = nullptr, *second = nullptr;
      for (Child& c : frames_[size_t(at)].kids) {
        if (c.waiting) continue;
        if (c.move == on_path) first = &c;
        if (c.board_after == node.board && c.hand_after == node.hand) second = &c;
      }
      if (first && second && first != second) first->once = second->once = true;
      return;
    }
    node = parent;
  }
}

// The node's children: every check (attacking) or evasion, each with its df-pn+ estimate, in
// the estimate's order, the delayed ones marked.
template <PnDnTableLayout T>
void UnboundedDfPnSolver<T>::open_children(std::vector<Child>& kids, bool attacking) {
  const ExtMove* end = attacking ? generate<GenType::ChecksAll>(*pos_, scratch_.data())
                                 : generate<GenType::EvasionsAll>(*pos_, scratch_.data());
  kids.clear();
  for (const ExtMove* m = scratch_.data(); m != end; ++m) {
    kids.push_back({m->move, {}});
    Child& c = kids.back();
    estimate(c, attacking);
    c.board_after = pos_->board_key_after(c.move);
    if (links_) c.hand_after = attacking ? hand_after_check(c.move) : attacker_hand();  // double counts only
  }
  // Insertion sort: stable, and no buffer to allocate for a few dozen children.
  for (size_t i = 1; i < kids.size(); ++i)
    for (size_t j = i; j > 0 && kids[j].order < kids[j - 1].order; --j) std::swap(kids[j], kids[j - 1]);
  expand(kids, attacking);
}

// A child's numbers from what is known without searching it (evaluate()).
template <PnDnTableLayout T>
void UnboundedDfPnSolver<T>::evaluate_child(Child& c, StateInfo& st, uint16_t child_len, bool repetition,
                                            uint32_t child_ply) {
  pos_->do_move(c.move, st);
  ++nodes_;
  probed_old_ = probed_fresh_ = false;
  c.v = evaluate(child_len, repetition, child_ply, c.pn0, c.dn0);
  c.fresh = probed_fresh_;
  pos_->undo_move(c.move);
}

// Brings in the children whose predecessors were decided without deciding this node.
template <PnDnTableLayout T>
void UnboundedDfPnSolver<T>::bring_in_waiting(std::vector<Child>& kids, StateInfo& st, uint16_t child_len,
                                              bool repetition, bool attacking, uint32_t child_ply) {
  for (bool more = true; more;) {
    more = false;
    for (Child& c : kids) {
      if (c.waiting || c.next < 0 || (attacking ? c.v.dn : c.v.pn) != 0) continue;
      Child& n = kids[size_t(c.next)];
      if (!n.waiting) continue;
      n.waiting = false;
      evaluate_child(n, st, child_len, repetition, child_ply);
      more = true;
    }
  }
}

// The node's numbers from its children's, and the child to search next with the runner-up's
// number. Attacking (OR): pn the least, dn the sum; defending (AND): pn the sum, dn the least.
template <PnDnTableLayout T>
template <bool Avoid>
typename UnboundedDfPnSolver<T>::Selection UnboundedDfPnSolver<T>::select_child(const std::vector<Child>& kids,
                                                                                bool attacking, size_t avoid) const {
  Selection s;
  s.pn = attacking ? kInfinitePnDn : 0;
  s.dn = attacking ? 0 : kInfinitePnDn;
  PnDn once = 0, best_number = kInfinitePnDn + 1;
  s.second = kInfinitePnDn + 1;
  for (size_t i = 0; i < kids.size(); ++i) {
    if (kids[i].waiting) continue;
    const Value& c = kids[i].v;
    PnDn number = attacking ? c.pn : c.dn;
    if constexpr (Avoid)
      if (i == avoid) number = std::min(number + number / 4 + 1, kInfinitePnDn - 1);
    if (number < best_number) {
      s.second = best_number;
      best_number = number;
      s.best = i;
    } else if (number < s.second) {
      s.second = number;
    }
    PnDn& sum = attacking ? s.dn : s.pn;
    const PnDn summed = attacking ? c.dn : c.pn;
    if (attacking)
      s.pn = std::min(s.pn, c.pn);
    else
      s.dn = std::min(s.dn, c.dn);
    if (kids[i].once)
      once = std::max(once, summed);
    else
      sum = add(sum, summed);
    if (number == 0) break;
  }
  // Children counted once (long-range drops on one line, a double count): the greatest.
  if (attacking)
    s.dn = add(s.dn, once);
  else
    s.pn = add(s.pn, once);
  return s;
}

// A proven node's length and proof pieces: attacking, the shortest proving check's (returned,
// the move the table keeps); defending, the longest defence's length and every defence's
// pieces.
template <PnDnTableLayout T>
Move UnboundedDfPnSolver<T>::set_proof(Value& v, const std::vector<Child>& kids, bool attacking) const {
  Move proof_move = MOVE_NONE;
  uint16_t length = attacking ? kUnboundedLen : 0;
  for (const Child& c : kids) {
    if (c.waiting || c.v.pn != 0) continue;
    if (attacking ? c.v.len < length : c.v.len > length) {
      length = c.v.len;
      proof_move = c.move;
    }
  }
  v.len = uint16_t(length + 1);
  if (!attacking) {
    DefaultHand needed;  // every defence's pieces
    for (const Child& c : kids)
      for (PieceType p = RAW_BEGIN; p < RAW_END; ++p)
        needed.set(p, std::max(needed.count(p), DefaultHand::from_raw(c.v.hand).count(p)));
    v.hand = interpositions(needed.raw());
    return MOVE_NONE;
  }
  for (const Child& c : kids)
    if (c.move == proof_move) v.hand = before_check(c.v.hand, c.move, false);
  return proof_move;
}

// A disproven node's bound and disproof pieces. Attacking: every check fails, within the
// narrowest bound, on the path if any failure is. Defending: the refutation that holds widest,
// a path-independent one if there is one. The disproof pieces: the fewest any check's disproof
// withstands; the refutation's, one fewer of a kind the defender drops than leaves it one to
// drop.
template <PnDnTableLayout T>
void UnboundedDfPnSolver<T>::set_disproof(Value& v, const std::vector<Child>& kids, bool attacking) const {
  v.len = attacking ? kUnboundedLen : 0;
  v.path = kIndependent;
  DefaultHand withstood;
  if (attacking)
    for (PieceType p = RAW_BEGIN; p < RAW_END; ++p) withstood.set(p, max_in_hand(p));
  const Child* refutation = nullptr;
  for (const Child& c : kids) {
    if (c.waiting || c.v.dn != 0) continue;
    if (attacking) {
      v.len = std::min(v.len, c.v.len);
      v.path = std::min(v.path, c.v.path);
      const DefaultHand h = DefaultHand::from_raw(before_check(c.v.hand, c.move, true));
      for (PieceType p = RAW_BEGIN; p < RAW_END; ++p) withstood.set(p, std::min(withstood.count(p), h.count(p)));
    } else if (!refutation || c.v.path > v.path || (v.path == c.v.path && c.v.len > v.len)) {
      v.len = c.v.len;
      v.path = c.v.path;
      refutation = &c;
    }
  }
  if (refutation) {
    withstood = DefaultHand::from_raw(refutation->v.hand);
    if (is_drop(refutation->move)) {
      const PieceType p = dropped_type(refutation->move);
      withstood.set(p,
                    std::min(withstood.count(p), pos_->hand(attacker_).count(p) + pos_->hand(~attacker_).count(p) - 1));
    }
  }
  v.hand = attacking ? no_new_drops(withstood.raw()) : withstood.raw();
  v.len = plus_one(v.len);
}

// df-pn+ initial numbers (Nagai 2002) in units of 2 from the pieces that bear on the move's
// square, weighed as GPS shogi's liberty estimator and KomoringHeights do: a check on a square
// the defence holds twice is harder to prove, one the attack holds better than the defence
// harder to refute; a capture or a well-guarded interposition is the defender's better try. The
// order breaks ties between equal numbers: bigger pieces closer to the king first, a
// non-promotion of pawn, bishop or rook last.
template <PnDnTableLayout T>
void UnboundedDfPnSolver<T>::estimate(Child& c, bool attacking) const {
  static constexpr int kValue[PIECE_TYPE_NB] = {0, 1, 2, 2, 3, 5, 5, 5, 8, 5, 5, 5, 5, 8, 8};
  const Move m = c.move;
  const Color us = pos_->side_to_move(), them = ~us;
  const Square to = to_sq(m);
  const int ours = pos_->attackers_to(us, to).popcount() + is_drop(m);
  const int theirs = pos_->attackers_to(them, to).popcount();
  const Piece captured = is_drop(m) ? NO_PIECE : pos_->piece_on(to);
  if (attacking) {
    c.pn0 = 2 + (theirs >= 2 ? 2 : 0);
    c.dn0 = 2;
    if (ours > theirs)
      c.dn0 += 2;
    else if (captured != NO_PIECE && (raw_type(type_of(captured)) == GOLD || raw_type(type_of(captured)) == SILVER))
      c.dn0 += 2;
    else
      c.pn0 += 2;
    c.once = long_range_drop(m);
  } else if (captured != NO_PIECE) {
    c.pn0 = 4, c.dn0 = 2;
  } else if (!is_drop(m) && from_sq(m) == pos_->king_square(us)) {
    c.pn0 = 2, c.dn0 = 2;
  } else if (theirs < ours) {
    c.pn0 = 4, c.dn0 = 2;
  } else {
    c.pn0 = 2, c.dn0 = 4;
  }
  const PieceType moved = type_of(pos_->moved_piece(m));
  const PieceType after = is_promotion(m) ? promote(moved) : moved;
  int order = -kValue[after];
  if (!is_drop(m) && !is_promotion(m) && (moved == PAWN || moved == BISHOP || moved == ROOK) &&
      (in_promotion_zone(us, from_sq(m)) || in_promotion_zone(us, to)))
    order += 100;
  const Square k = pos_->king_square(attacking ? them : us);
  if (k != SQ_NONE)
    order += std::max(std::abs(int(file_of(k)) - int(file_of(to))), std::abs(int(rank_of(k)) - int(rank_of(to))));
  if (helper_) {
    // A helper's noise: a half unit more on pn0, on dn0, and a tie lost, each for about a
    // quarter of the moves, by a hash of (position, move, helper): the same at every visit.
    const uint64_t r = (pos_->key() ^ (uint64_t(m) << 40) ^ helper_) * 0x9E3779B97F4A7C15ull;
    c.pn0 += (r >> 62) == 0;
    c.dn0 += ((r >> 60) & 3) == 0;
    order += ((r >> 58) & 3) == 0;
  }
  c.order = int16_t(order);
}

// Delayed expansion (KomoringHeights' idea): interpositions by drop on one square wait for
// each other at a defending node (the first to be refuted refutes them all, and a mate after one
// drop is usually a mate after another), and a non-promotion waits for its promotion: proven
// first at a defending node, refuted first at an attacking one.
template <PnDnTableLayout T>
void UnboundedDfPnSolver<T>::expand(std::vector<Child>& kids, bool attacking) {
  if (++stamp_ == 0) {
    std::fill(drop_stamp_.begin(), drop_stamp_.end(), 0);
    std::fill(move_stamp_.begin(), move_stamp_.end(), 0);
    stamp_ = 1;
  }
  auto chain = [&](int32_t before, int32_t after) {
    kids[size_t(before)].next = after;
    kids[size_t(after)].waiting = true;
  };
  for (int32_t i = 0; i < int32_t(kids.size()); ++i) {
    const Move m = kids[size_t(i)].move;
    const Square to = to_sq(m);
    if (is_drop(m)) {
      if (attacking) continue;
      if (drop_stamp_[to] == stamp_) chain(drop_last_[to], i);
      drop_stamp_[to] = stamp_;
      drop_last_[to] = i;
      continue;
    }
    const size_t k = size_t(from_sq(m)) * SQ_NB + to;
    if (move_stamp_[k] != stamp_) {
      move_stamp_[k] = stamp_;
      move_last_[k] = i;
    } else if (is_promotion(m)) {
      chain(i, move_last_[k]);  // the non-promotion came first
    } else {
      chain(move_last_[k], i);
    }
  }
}

template <PnDnTableLayout T>
typename UnboundedDfPnSolver<T>::Value UnboundedDfPnSolver<T>::search(size_t ply, uint16_t len) {
  const Value v = evaluate(len, false, uint32_t(ply));
  if (v.pn == 0 || v.dn == 0) return v;
  return mid(ply, len, kInfinitePnDn, kInfinitePnDn);
}

// The helpers run while this thread searches; the first thread to decide the root ends every
// search, and a helper's decision is read back from the table (searched again on the rare
// table that lost it). The helpers' nodes count as this thread's from then on.
template <PnDnTableLayout T>
typename UnboundedDfPnSolver<T>::Value UnboundedDfPnSolver<T>::parallel_search(uint16_t len) {
  const unsigned helpers = unsigned(std::clamp(limits_->threads, 1, int(kMaxTableThreads))) - 1;
  if (helpers == 0) return search(0, len);
  const std::string sfen = pos_->sfen();
  std::atomic<bool> stop{false}, decided{false};
  std::vector<std::atomic<uint64_t>> nodes(helpers);
  BusyBoards busy;
  table_.share(helpers + 1);
  std::vector<std::thread> threads;
  for (unsigned id = 1; id <= helpers; ++id) {
    try {
      threads.emplace_back([&, id] {
        Position pos;
        StateInfo si;
        pos.set(sfen, &si);
        UnboundedDfPnSolver helper(table_);
        helper.links_ = links_;
        if (helper.help(pos, len, id, limits_->max_ply, limits_->tca, stop, nodes[id - 1], busy))
          decided.store(true, std::memory_order_relaxed);
      });
    } catch (const std::system_error&) {
      break;  // no more threads to be had: search with those there are
    }
  }
  helper_nodes_ = &nodes;
  helper_decided_ = &decided;
  busy_ = &busy;
  ended_by_helper_ = false;
  table_.enter();
  Value v = search(0, len);
  table_.leave();
  stop = true;
  for (std::thread& t : threads) t.join();
  nodes_ = all_nodes();
  helper_nodes_ = nullptr;
  helper_decided_ = nullptr;
  busy_ = nullptr;
  table_.share(1);
  if (ended_by_helper_) {
    ended_by_helper_ = aborted_ = false;
    poll_now();  // a stop or a limit met at the same time still ends the solve
    if (!aborted_) v = search(0, len);
  }
  return v;
}

template <PnDnTableLayout T>
bool UnboundedDfPnSolver<T>::help(Position& pos, uint16_t len, unsigned id, int max_ply, bool tca,
                                  const std::atomic<bool>& stop, std::atomic<uint64_t>& nodes, BusyBoards& busy) {
  MateLimits limits;
  limits.stop = &stop;
  limits.tca = tca;
  MateResult res;
  helper_ = id;
  tl_table_thread = id;
  published_nodes_ = &nodes;
  busy_ = &busy;
  max_ply_ = max_ply > 0 ? size_t(max_ply) : stack_plies();
  if (!begin(pos, limits, res)) return false;
  table_.enter();
  const Value v = search(0, len);
  table_.leave();
  nodes.store(nodes_, std::memory_order_relaxed);
  return !aborted_ && (v.pn == 0 || (v.dn == 0 && v.path == kIndependent));
}

// The proven line under `len` from the table: the check whose reply has the shortest stored
// proof, the evasion with the longest. A node the table lost is searched again; a move back to
// a position of the line is never played (under a bound, a check back to one cuts the line back
// to it). A defence searched again counts as proven with that search's length even when the
// table loses it again while the node's other defences are searched: a small table cannot hold
// every defence's subtree at once. A node searched again can stay unproven under the line's
// own path (its defender returns to a position of the line, where the table's proof went
// another way): the line then takes another check at the attacking node above, at most
// kMaxLineRetreats times. false when stopped or when no line is left.
template <PnDnTableLayout T>
bool UnboundedDfPnSolver<T>::proof_line(uint16_t len, std::vector<Move>& line) {
  line.clear();
  std::vector<Key> seen{pos_->key()};
  std::vector<uint16_t> lens{len};        // the bound at the line's node i (node 0: the root)
  std::vector<std::vector<Move>> banned;  // the checks at node i whose line ran into a repetition
  banned.resize(1);
  std::vector<ExtMove> list(static_cast<size_t>(MAX_MOVES));
  std::vector<std::pair<Move, uint16_t>> reproven;  // this node's defences searched again: their lengths
  std::vector<Move> repeating;                      // this node's moves back to a position of the line
  int searched = 0, retreats = 0;
  // Undoes the line back to its node i.
  auto back_to_node = [&](size_t i) {
    for (; line.size() > i; seen.pop_back()) {
      pos_->undo_move(line.back());
      line.pop_back();
      path_keys_.pop();
      path_moves_.pop_back();
    }
    lens.resize(i + 1);
    banned.resize(i + 1);
    searched = 0;
    reproven.clear();
  };
  // A node of the line that stays unproven under the line's own path (a defence searched again
  // meets a position of the line: a repetition, no mate along it, though the table's proofs
  // hold elsewhere): the line goes back to the attacking node above and tries another check
  // there. Node i is attacking when i is even.
  auto retreat = [&]() {
    if (line.empty() || ++retreats > kMaxLineRetreats) return false;
    const size_t q = (line.size() - 1) & ~size_t(1);
    const Move failed = line[q];
    back_to_node(q);
    banned[q].push_back(failed);
    len = lens[q];
    return true;
  };
  bool ok = true;
  while (ok && !aborted_) {
    const bool attacking = pos_->side_to_move() == attacker_;
    const size_t ply = line.size();
    const ExtMove* const end = attacking ? generate<GenType::ChecksAll>(*pos_, list.data())
                                         : generate<GenType::EvasionsAll>(*pos_, list.data());
    if (!attacking && end == list.data()) break;  // mated
    const uint16_t child_len = minus_one(len);
    const std::vector<Move>& barred = banned[ply];
    auto is_barred = [&](Move m) { return std::find(barred.begin(), barred.end(), m) != barred.end(); };
    Move pick = MOVE_NONE, lost = MOVE_NONE;
    uint16_t pick_len = 0;
    size_t back_to = SIZE_MAX;
    bool barred_proven = false;
    repeating.clear();
    for (const ExtMove* e = list.data(); e != end; ++e) {
      pos_->do_move(e->move, state(ply));
      const auto at = std::find(seen.begin(), seen.end(), pos_->key());
      const bool repeats = at != seen.end();
      if (repeats) repeating.push_back(e->move);
      // Under a bound, a check back to a position of the line is a shorter mate from there.
      const bool shortcut = repeats && attacking && len != kUnboundedLen;
      Value v = repeats && !shortcut ? Value{kInfinitePnDn, 0, 0, kCut} : evaluate(child_len, false);
      pos_->undo_move(e->move);
      if (v.pn != 0 && !attacking && !repeats)
        for (const auto& [move, proven_len] : reproven)
          if (move == e->move) v.pn = 0, v.len = proven_len;
      if (v.pn == 0 && attacking && is_barred(e->move)) {
        barred_proven = true;
        continue;
      }
      if (v.pn == 0 && (pick == MOVE_NONE || (attacking ? v.len < pick_len : v.len > pick_len))) {
        pick = e->move;
        pick_len = v.len;
        back_to = shortcut ? size_t(at - seen.begin()) : SIZE_MAX;
      } else if (v.pn != 0 && !repeats && lost == MOVE_NONE) {
        lost = e->move;
      }
    }
    // A proven attacking node whose proving child the table lost: its own entry may still name
    // the proving check; the line follows it and searches that child's lost defences again.
    if (attacking && pick == MOVE_NONE) {
      const PnDnProbe p = table_.probe(pos_->board_key(), attacker_hand(), len);
      if (p.proven && !is_barred(p.move) && std::find(repeating.begin(), repeating.end(), p.move) == repeating.end() &&
          std::find_if(static_cast<const ExtMove*>(list.data()), end,
                       [&](const ExtMove& e) { return e.move == p.move; }) != end)
        pick = p.move, pick_len = child_len;
    }
    // A proven node whose proving child, or one of whose defences, the table lost: search
    // again (the node, or that defence), a bounded number of times per ply (each defence may
    // need its own search). Every proven check barred: another check higher up.
    // Repetition (unbounded): the line's positions are on the path.
    if ((attacking ? pick == MOVE_NONE && !barred_proven : lost != MOVE_NONE) &&
        searched++ < 8 + int(end - list.data())) {
      bool proven;
      if (attacking) {
        proven = mid(ply, len, kInfinitePnDn, kInfinitePnDn).pn == 0;
      } else {
        push_path();
        path_moves_.push_back(lost);
        pos_->do_move(lost, state(ply));
        const Value w = search(ply + 1, child_len);
        proven = w.pn == 0;
        if (proven) reproven.emplace_back(lost, w.len);
        pos_->undo_move(lost);
        path_moves_.pop_back();
        path_keys_.pop();
      }
      if (!proven && !aborted_) ok = retreat();
      continue;
    }
    if (pick == MOVE_NONE || (!attacking && lost != MOVE_NONE)) {
      ok = retreat();
      continue;
    }
    if (back_to != SIZE_MAX) {  // the line is cut back to that position, now under the tighter bound
      back_to_node(back_to);
      len = lens[back_to] = child_len;
      continue;
    }
    searched = 0;
    reproven.clear();
    push_path();
    path_moves_.push_back(pick);
    pos_->do_move(pick, state(ply));
    line.push_back(pick);
    seen.push_back(pos_->key());
    len = child_len;
    lens.push_back(len);
    banned.emplace_back();
  }
  for (size_t i = line.size(); i > 0; --i) {
    pos_->undo_move(line[i - 1]);
    path_keys_.pop();
    path_moves_.pop_back();
  }
  return ok && !aborted_;
}

template <PnDnTableLayout T>
MateResult UnboundedDfPnSolver<T>::solve(Position& pos, const MateLimits& limits) {
  MateResult res;
  best_.clear();
  proven_within_ = 0;
  depth_capped_ = false;
  max_ply_ = limits.max_ply > 0 ? size_t(limits.max_ply) : stack_plies();
  path_moves_.clear();
  path_keys_.clear();
  links_ = limits.double_count ? &ParentLinks::begin_solve() : nullptr;
  next_progress_ms_ = limits.progress_ms;
  next_poll_ = 0;
  if (!begin(pos, limits, res)) return res;
  const MatePostSearch post = limits.post_search;
  uint16_t len = limits.max_depth < kMaxMateDepth ? uint16_t(limits.max_depth) : kUnboundedLen;
  Value v = parallel_search(len);
  if (!aborted_) iteration_done(len, res);
  if (!aborted_ && v.dn == 0 && !depth_capped_) {
    res.status = MateStatus::NoMate;
    res.depth = v.len;
  }
  res.depth_capped = depth_capped_;
  // Proven: the first line, then the passes "mate within L - 2?".
  if (aborted_ || v.pn != 0 || !proof_line(len, best_)) {
    finish(res);
    return res;
  }
  res.status = MateStatus::Mate;
  res.exact = false;
  uint16_t length = v.len;
  proven_within_ = length;
  if (limits.on_progress) progress();  // the first proof at once, not at the next report's time
  bool shortest = false;
  while (post != MatePostSearch::None && !aborted_) {
    if (length < 3) {
      shortest = true;
      break;
    }
    const uint16_t bound = uint16_t(length - 2);
    const Value w = parallel_search(bound);
    if (aborted_) break;
    iteration_done(bound, res);
    if (w.pn != 0) {
      shortest = true;
      break;
    }
    // The shorter bound counts only with its line: a line that cannot be followed keeps the
    // longer proven mate and its length together.
    std::vector<Move> line;
    if (!proof_line(w.len, line)) break;
    length = w.len;
    best_ = std::move(line);
    proven_within_ = length;
    if (limits.on_progress) progress();
  }
  res.moves = best_;
  if (shortest && post == MatePostSearch::Shortest) {
    // Exact: no mate within length - 2. The line of the shortest attack and the longest defence.
    std::vector<StateInfo> states(size_t(length) + 1);
    std::vector<Key> keys(size_t(length) + 1);
    std::vector<Move> line;
    auto mated_within = [this](int plies, int) { return search(0, uint16_t(plies)).pn == 0 && !aborted_; };
    auto stored_move = [this](int plies) {
      return table_.probe(pos_->board_key(), attacker_hand(), uint16_t(plies)).move;
    };
    const uint64_t before = nodes_;
    if (reconstruct(*pos_, length, line, states.data(), keys.data(), mated_within, stored_move, aborted_)) {
      res.moves = std::move(line);
      res.exact = true;
    }
    res.solution_nodes = nodes_ - before;
  } else if (shortest && post == MatePostSearch::UpperBound) {
    res.exact = int(res.moves.size()) == length;
  }
  res.depth = res.exact ? int(res.moves.size()) : length;
  // A pass whose "no mate within L - 2" met the cut proves no shortest.
  res.shortest_proven = shortest && !depth_capped_;
  res.exact = res.exact && !depth_capped_;
  res.depth_capped = depth_capped_;
  res.nodes = nodes_ - res.solution_nodes;
  res.seconds = seconds();
  return res;
}

#define SASHITE_INSTANTIATE_SOLVER(T) template class UnboundedDfPnSolver<T>;
SASHITE_FOR_EACH_PN_DN_TABLE(SASHITE_INSTANTIATE_SOLVER)
#undef SASHITE_INSTANTIATE_SOLVER

}  // namespace sashite::mate
