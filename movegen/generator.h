// Folder movegen/ (layer 6): what a generator is and the generator registry (generators.h);
// includes the generators' layers below it.
//
// What a move generator is, as concepts: the position it provides to the search
// (SearchPosition: make/unmake, keys, staged categories, the checks without generating) and to
// perft (every non-promotion), both per hand layout. movegen/generators.h registers them.
#pragma once

#include <concepts>
#include <optional>
#include <string>
#include <string_view>

#include "base/registry.h"
#include "movegen_full/movegen.h"

namespace sashite {

template <class P>
concept SearchPosition = requires(P& pos, const P& cpos, typename P::State& st, Move m, Square s, ExtMove* list,
                                  std::string_view sfen) {
  typename P::Hand;
  // Set from SFEN and make/unmake with the caller's per-ply state.
  { pos.set(sfen, &st) } -> std::same_as<std::optional<std::string>>;
  pos.do_move(m, st);
  pos.undo_move(m);
  pos.do_null_move(st);
  pos.undo_null_move();
  { cpos.key() } -> std::same_as<Key>;
  { cpos.side_to_move() } -> std::same_as<Color>;
  { cpos.in_check() } -> std::same_as<bool>;
  // The board, hands and bitboards evaluation reads.
  { cpos.board() } -> std::same_as<const BasicPosition<typename P::Hand>&>;
  // Staged generation (a differential position regenerates lazily, hence non-const).
  { generate<GenType::Captures>(pos, list) } -> std::same_as<ExtMove*>;
  { generate<GenType::Quiets>(pos, list) } -> std::same_as<ExtMove*>;
  { generate<GenType::Evasions>(pos, list) } -> std::same_as<ExtMove*>;
  { generate<GenType::Legal>(pos, list) } -> std::same_as<ExtMove*>;
  { generate<GenType::Checks>(pos, list) } -> std::same_as<ExtMove*>;
  { generate<GenType::QuietChecks>(pos, list) } -> std::same_as<ExtMove*>;
  { generate_recaptures(cpos, s, list) } -> std::same_as<ExtMove*>;
  // Moves from the TT and killer slots, checked without generating.
  { cpos.pseudo_legal(m) } -> std::same_as<bool>;
  { cpos.legal(m) } -> std::same_as<bool>;
  { cpos.gives_check(m) } -> std::same_as<bool>;
  { cpos.see_ge(m, 0) } -> std::same_as<bool>;
};

// A position perft can count: SFEN, make/unmake with the caller's state, LegalAll.
template <class P>
concept PerftPosition = requires(P& pos, typename P::State& st, Move m, ExtMove* list, std::string_view sfen) {
  { pos.set(sfen, &st) } -> std::same_as<std::optional<std::string>>;
  pos.do_move(m, st);
  pos.undo_move(m);
  { generate<GenType::LegalAll>(pos, list) } -> std::same_as<ExtMove*>;
};

// A generator: its name (the USI option MoveGen's value, bench rows "perft/<name>/..."), the
// engine build's position and perft's, for every hand layout.
template <class G>
concept MoveGenerator = requires {
  { G::name } -> std::convertible_to<const char*>;
}
&&all_types<RegisteredHands>([]<class H> {
  return SearchPosition<typename G::template Position<H>> && PerftPosition<typename G::template PerftPosition<H>>;
});

}  // namespace sashite
