// libFuzzer target: any bytes as an SFEN. Position::set either rejects them with an "sfen: "
// message, leaving the position as it was, or accepts a position that holds together: it
// passes its own consistency check, round-trips through its SFEN to the same key, holds no
// more than the real piece set, and every legal move does and undoes back to it. The
// differential position accepts the same text and generates the same moves.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.h"
#include "movegen_diff/diff_position.h"
#include "movegen_full/movegen.h"

namespace sashite::fuzz {
namespace {

void check_piece_counts(const Position& pos) {
  int counts[PIECE_TYPE_NB] = {}, kings[COLOR_NB] = {};
  for (Square s = SQ_ZERO; s < SQ_NB; ++s)
    if (const Piece pc = pos.piece_on(s); pc != NO_PIECE) {
      const PieceType pt = type_of(pc);
      ++counts[raw_type(pt)];
      if (pt == KING) ++kings[color_of(pc)];
    }
  for (Color c : {BLACK, WHITE})
    for (PieceType pr = PAWN; pr < KING; ++pr) counts[pr] += pos.hand(c).count(pr);
  for (PieceType pr = PAWN; pr < KING; ++pr)
    require(counts[pr] <= max_in_hand(pr), "more pieces of a kind than the real set");
  require(kings[BLACK] <= 1 && kings[WHITE] <= 1, "two kings of one side");
}

void check_accepted(const Position& pos, std::string_view text) {
  require(pos.consistency_error().empty(), "consistency", pos.consistency_error());
  check_piece_counts(pos);
  const std::string sfen = pos.sfen();
  Position again;
  StateInfo st;
  require(!again.set(sfen, &st), "own SFEN rejected", sfen);
  require(again.sfen() == sfen && again.key() == pos.key(), "SFEN round trip", sfen);

  DiffPosition<DefaultHand> diff;
  DiffPosition<DefaultHand>::State dst;
  require(!diff.set(text, &dst), "differential position rejected", sfen);
  require(diff.consistency_error().empty(), "differential consistency", diff.consistency_error());

  // Every legal move does and undoes back to the same position (keys, checks, pins), on both.
  MoveList<GenType::LegalAll> full_moves(again);
  ExtMove buf[MAX_MOVES];
  const ExtMove* end = generate<GenType::LegalAll>(diff, buf);
  require(size_t(end - buf) == full_moves.size(), "full and differential move counts differ", sfen);
  for (const ExtMove& m : full_moves) {
    StateInfo next;
    again.do_move(m.move, next);
    require(again.consistency_error().empty(), "consistency after", to_usi(m.move));
    again.undo_move(m.move);
    require(again.key() == pos.key() && again.sfen() == sfen, "undo", to_usi(m.move));
  }
}

}  // namespace
}  // namespace sashite::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace sashite;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  static Position anchor;  // a rejected SFEN must leave the previous position alone
  static StateInfo anchor_state;
  static const bool anchored = !anchor.set(Position::kStartSfen, &anchor_state);
  fuzz::require(anchored, "start position");
  const std::string anchor_sfen = anchor.sfen();
  StateInfo st;
  if (const auto err = anchor.set(text, &st)) {
    fuzz::require(err->starts_with("sfen: "), "message without 'sfen: '", *err);
    fuzz::require(anchor.sfen() == anchor_sfen, "rejected SFEN changed the position", *err);
    return 0;
  }
  fuzz::check_accepted(anchor, text);
  fuzz::require(!anchor.set(Position::kStartSfen, &anchor_state), "start position");
  return 0;
}
