// What the search needs of a position, as one concept: any position that models it (the full
// BasicPosition, the differential DiffPosition) can be searched by the same code.
#pragma once

#include <concepts>
#include <optional>
#include <string>
#include <string_view>

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

static_assert(SearchPosition<Position>);

}  // namespace sashite
