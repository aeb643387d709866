// Certified mate answers (issue 47): the proof file that `go mate` writes (USI option
// MateProofFile) and its checker (tools/mate_check.cpp, `mate_check --sfen SFEN --proof PATH`),
// built on the full generator and the position's rules only: no solver code, so a proof it
// accepts does not rest on the solver being right.
//
// A proof is the AND-OR tree of a mate, every defence answered down to a mate, stored compactly:
// for each attacking node of the proof (attacker to move) its position key and the attacker's
// move; the defences are not stored, the checker generates every legal one. A position met again
// by transposition is one entry (the tree is a DAG).
//
// File format, version 1, every integer little-endian:
//   bytes 0-7    magic "SSHMPRF1"
//   u32          version (1)
//   u32          n, the root SFEN's length in bytes, then n bytes of SFEN (no terminator)
//   u64          the root's key
//   u64          count of entries, then per entry, sorted by key, unique:
//     u64        the key of an attacking node: Position::key() of the default position type
//                (engine/position.h; board, both hands and the side to move, XOR Zobrist)
//     u16        the attacker's move there (base/types.h's 16-bit Move)
// and nothing after the last entry. 10 bytes per attacking node: 煙詰's proof takes a few
// hundred kilobytes, not gigabytes.
//
// What the checker proves, from the root (the attacker is the side to move there):
// - at an attacking node, an entry exists for its key, its move is among the full generator's
//   legal moves (GenType::LegalAll) and it gives check;
// - at a defending node every legal move (LegalAll: every evasion) leads to an attacking node
//   that is proven in turn; no legal move is mate, unless the check was a pawn drop
//   (uchifuzume: the generator never offers that drop, and the checker rejects such a mate
//   besides);
// - no position of the proof comes again on its own line (a cycle: a perpetual check is no
//   mate). Each position is proven once (memoized by key), so the check is linear in the size
//   of the proof DAG; the walk keeps its own stack (lines of thousands of plies are fine).
// Keys are 64-bit: two positions of one proof with the same key would make the checker take
// one for the other, an event of probability about (nodes^2) / 2^65.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/position.h"

namespace sashite {

inline constexpr char kMateProofMagic[8] = {'S', 'S', 'H', 'M', 'P', 'R', 'F', '1'};
inline constexpr uint32_t kMateProofVersion = 1;

struct MateProofEntry {
  Key key;
  Move move;
};

struct MateProof {
  std::string root_sfen;
  Key root_key = 0;
  std::vector<MateProofEntry> entries;  // sorted by key, unique (normalize() makes them so)

  // Sorts the entries by key; false when one key has two different moves.
  bool normalize();
  // The move stored for an attacking node's key, MOVE_NONE when none (entries sorted).
  Move move_at(Key key) const;
};

// The proof of `root` from its attacking nodes' (key, move) pairs (mate/proof_tree.h's entries),
// normalized; nullopt when one key has two moves.
std::optional<MateProof> make_mate_proof(const Position& root, const std::vector<std::pair<Key, Move>>& entries);

// The file's bytes, and the proof read back from them: nullopt with *error set (what is wrong
// and at which byte) for a wrong magic or version, a truncated or overlong file, unsorted or
// repeated keys.
std::string serialize_mate_proof(const MateProof& proof);
std::optional<MateProof> parse_mate_proof(std::string_view bytes, std::string* error);
// The same through a file; the error names the path.
// "" when written (and *bytes, when given, the file's size).
std::string write_mate_proof(const std::string& path, const MateProof& proof, size_t* bytes = nullptr);
std::optional<MateProof> read_mate_proof(const std::string& path, std::string* error);

struct MateProofCheck {
  bool ok = false;
  // !ok: the input is wrong, not the proof (a malformed SFEN, a proof of another position, no king).
  bool bad_input = false;
  std::string error;                                  // !ok: what is wrong at the first hole found
  std::vector<Move> path;                             // !ok: the moves from the root to the hole (may be empty)
  uint64_t attacking_nodes = 0, defending_nodes = 0;  // distinct positions proven
  int length =
      0;  // ok, or too long for max_length: the mate's length in plies against the longest defence the proof allows
  uint64_t unused_entries = 0;  // ok: entries no line of the proof reaches

  // "proof ok: N attacking nodes, ..." or "proof rejected: <error> after <USI moves>".
  std::string to_string() const;
};

// Whether `proof` proves that the side to move of `sfen` mates, and with max_length, mates
// within that many plies against every defence (else the hole is the longest line, its length
// in `length`). A malformed SFEN, a proof of another root (its key differs) or a root with no
// king to mate is an error, never a crash.
MateProofCheck check_mate_proof(const std::string& sfen, const MateProof& proof,
                                std::optional<int> max_length = std::nullopt);

}  // namespace sashite
