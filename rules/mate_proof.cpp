#include "rules/mate_proof.h"

#include <algorithm>
#include <cstdio>
#include <deque>
#include <fstream>
#include <iterator>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "movegen_full/movegen.h"

namespace sashite {

namespace {

constexpr size_t kEntryBytes = 10;

void put(std::string& out, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out += char(uint8_t(v >> (8 * i)));
}

// Reads `bytes` little-endian bytes at *at; false when the input ends first.
bool get(std::string_view in, size_t* at, int bytes, uint64_t* v) {
  if (in.size() - *at < size_t(bytes)) return false;
  *v = 0;
  for (int i = 0; i < bytes; ++i) *v |= uint64_t(uint8_t(in[*at + size_t(i)])) << (8 * i);
  *at += size_t(bytes);
  return true;
}

std::string hex(uint64_t v, int digits) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%0*llx", digits, static_cast<unsigned long long>(v));
  return buf;
}

// A stored move as text: USI when it decodes to one, always with its raw bits (it may be garbage).
std::string move_text(Move m) { return to_usi(m) + " (0x" + hex(m, 4) + ")"; }

}  // namespace

bool MateProof::normalize() {
  std::sort(entries.begin(), entries.end(), [](const MateProofEntry& a, const MateProofEntry& b) {
    return a.key < b.key || (a.key == b.key && a.move < b.move);
  });
  for (size_t i = 1; i < entries.size(); ++i)
    if (entries[i].key == entries[i - 1].key && entries[i].move != entries[i - 1].move) return false;
  entries.erase(std::unique(entries.begin(), entries.end(),
                            [](const MateProofEntry& a, const MateProofEntry& b) { return a.key == b.key; }),
                entries.end());
  return true;
}

Move MateProof::move_at(Key key) const {
  const auto it =
      std::lower_bound(entries.begin(), entries.end(), key, [](const MateProofEntry& e, Key k) { return e.key < k; });
  return it != entries.end() && it->key == key ? it->move : MOVE_NONE;
}

std::string serialize_mate_proof(const MateProof& proof) {
  std::string out(kMateProofMagic, sizeof kMateProofMagic);
  put(out, kMateProofVersion, 4);
  put(out, proof.root_sfen.size(), 4);
  out += proof.root_sfen;
  put(out, proof.root_key, 8);
  put(out, proof.entries.size(), 8);
  out.reserve(out.size() + proof.entries.size() * kEntryBytes);
  for (const MateProofEntry& e : proof.entries) {
    put(out, e.key, 8);
    put(out, e.move, 2);
  }
  return out;
}

std::optional<MateProof> parse_mate_proof(std::string_view in, std::string* error) {
  auto fail = [&](const std::string& what, size_t at) {
    if (error) *error = what + " (byte " + std::to_string(at) + " of " + std::to_string(in.size()) + ")";
    return std::nullopt;
  };
  if (in.size() < sizeof kMateProofMagic || !std::equal(kMateProofMagic, kMateProofMagic + 8, in.begin()))
    return fail("not a mate proof file: wrong magic", 0);
  size_t at = sizeof kMateProofMagic;
  uint64_t version = 0, sfen_len = 0, count = 0;
  MateProof proof;
  if (!get(in, &at, 4, &version)) return fail("truncated in the header", at);
  if (version != kMateProofVersion)
    return fail("unsupported version " + std::to_string(version) + " (this checker reads version " +
                    std::to_string(kMateProofVersion) + ")",
                at - 4);
  if (!get(in, &at, 4, &sfen_len)) return fail("truncated in the header", at);
  if (in.size() - at < sfen_len) return fail("truncated in the root SFEN", at);
  proof.root_sfen = std::string(in.substr(at, sfen_len));
  at += sfen_len;
  if (!get(in, &at, 8, &proof.root_key) || !get(in, &at, 8, &count)) return fail("truncated in the header", at);
  const size_t left = in.size() - at;
  if (count > left / kEntryBytes || left != count * kEntryBytes)
    return fail("the header says " + std::to_string(count) + " entries (" + std::to_string(count * kEntryBytes) +
                    " bytes) but " + std::to_string(left) + " bytes follow: truncated or overlong",
                at);
  proof.entries.resize(count);
  for (size_t i = 0; i < count; ++i) {
    uint64_t key = 0, move = 0;
    get(in, &at, 8, &key);
    get(in, &at, 2, &move);
    proof.entries[i] = {key, Move(move)};
    if (i > 0 && proof.entries[i - 1].key >= key)
      return fail("entry " + std::to_string(i) + ": keys not sorted or repeated", at - kEntryBytes);
  }
  return proof;
}

std::optional<MateProof> make_mate_proof(const Position& root, const std::vector<std::pair<Key, Move>>& entries) {
  MateProof proof;
  proof.root_sfen = root.sfen();
  proof.root_key = root.key();
  proof.entries.reserve(entries.size());
  for (const auto& [key, move] : entries) proof.entries.push_back({key, move});
  if (!proof.normalize()) return std::nullopt;
  return proof;
}

std::string write_mate_proof(const std::string& path, const MateProof& proof, size_t* bytes_written) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) return "cannot open " + path + " for writing";
  const std::string bytes = serialize_mate_proof(proof);
  out.write(bytes.data(), std::streamsize(bytes.size()));
  out.close();
  if (!out) return "cannot write " + path;
  if (bytes_written) *bytes_written = bytes.size();
  return "";
}

std::optional<MateProof> read_mate_proof(const std::string& path, std::string* error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    if (error) *error = "cannot read " + path;
    return std::nullopt;
  }
  const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (in.bad()) {
    if (error) *error = "cannot read " + path;
    return std::nullopt;
  }
  std::string why;
  auto proof = parse_mate_proof(bytes, &why);
  if (!proof && error) *error = path + ": " + why;
  return proof;
}

std::string MateProofCheck::to_string() const {
  if (ok)
    return "proof ok: " + std::to_string(attacking_nodes) + " attacking nodes, " + std::to_string(defending_nodes) +
           " defending nodes, mate in " + std::to_string(length) + " plies along the longest defence" +
           (unused_entries ? ", " + std::to_string(unused_entries) + " entries unused" : "");
  std::string s = "proof rejected: " + error;
  if (!path.empty()) {
    s += "; after";
    for (Move m : path) (s += ' ') += to_usi(m);
  } else {
    s += "; at the root";
  }
  return s;
}

MateProofCheck check_mate_proof(const std::string& sfen, const MateProof& proof, std::optional<int> max_length) {
  MateProofCheck out;
  Position pos;
  std::deque<StateInfo> states(1);
  if (auto err = pos.set(sfen, &states[0])) {
    out.error = "bad SFEN " + quoted(sfen) + ": " + *err;
    out.bad_input = true;
    return out;
  }
  if (pos.key() != proof.root_key) {
    out.error = "the proof is for another position (its root: " + quoted(proof.root_sfen) + ", key " +
                hex(proof.root_key, 16) + "; this one's key " + hex(pos.key(), 16) + ")";
    out.bad_input = true;
    return out;
  }
  const Color attacker = pos.side_to_move();
  if (pos.king_square(~attacker) == SQ_NONE) {
    out.error = "no king to mate";
    out.bad_input = true;
    return out;
  }
  // Positions proven, by key, with the mate's length from there against the longest defence.
  std::unordered_map<Key, int> proven;
  std::unordered_set<Key> on_line;
  struct Frame {
    Key key;
    bool attacking;
    std::vector<Move> moves;  // attacking: the stored move; defending: every legal move
    size_t next = 0;
    int longest = 0;  // the longest child's length so far
  };
  std::vector<Frame> frames;
  std::vector<Move> line;  // the moves from the root to the top frame
  auto hole = [&](const std::string& what) {
    out.ok = false;
    out.error = what;
    out.path = line;
    return out;
  };
  // Opens the node pos stands on (not proven, not on the line); an empty string when opened.
  auto open = [&]() -> std::string {
    Frame f{pos.key(), pos.side_to_move() == attacker, {}};
    if (f.attacking) {
      const Move m = proof.move_at(f.key);
      if (m == MOVE_NONE) return "no attacker's move stored for this position (" + pos.sfen() + ")";
      if (!MoveList<GenType::LegalAll>(pos).contains(m))
        return "the stored move " + move_text(m) + " is not legal in " + pos.sfen();
      f.moves.push_back(m);
    } else {
      for (const ExtMove& e : MoveList<GenType::LegalAll>(pos)) f.moves.push_back(e.move);
    }
    on_line.insert(f.key);
    frames.push_back(std::move(f));
    return "";
  };
  if (std::string err = open(); !err.empty()) return hole(err);
  int result = 0;
  while (!frames.empty()) {
    Frame& f = frames.back();
    if (f.next == f.moves.size()) {  // every child proven (none: a mate)
      result = f.moves.empty() ? 0 : f.longest + 1;
      proven.emplace(f.key, result);
      ++(f.attacking ? out.attacking_nodes : out.defending_nodes);
      on_line.erase(f.key);
      frames.pop_back();
      if (frames.empty()) break;
      pos.undo_move(line.back());
      line.pop_back();
      frames.back().longest = std::max(frames.back().longest, result);
      continue;
    }
    const Move m = f.moves[f.next++];
    const bool attacking = f.attacking;
    while (states.size() <= line.size() + 1) states.emplace_back();
    pos.do_move(m, states[line.size() + 1]);
    line.push_back(m);
    if (attacking && !pos.in_check()) return hole("the stored move " + move_text(m) + " gives no check");
    // A mate by a pawn drop is illegal (uchifuzume): the generator never offers that drop, and
    // it is refused here besides, however the mated position was reached before.
    if (attacking && is_drop(m) && dropped_type(m) == PAWN && MoveList<GenType::LegalAll>(pos).size() == 0)
      return hole("mate by a pawn drop (uchifuzume), an illegal move");
    const auto done = proven.find(pos.key());
    if (done != proven.end()) {
      pos.undo_move(m);
      line.pop_back();
      f.longest = std::max(f.longest, done->second);
      continue;
    }
    if (on_line.count(pos.key()))
      return hole("this position is already on the line: a cycle (a perpetual check is no mate)");
    if (std::string err = open(); !err.empty()) return hole(err);
  }
  out.ok = true;
  out.length = result;
  out.unused_entries = proof.entries.size() - out.attacking_nodes;
  if (max_length && result > *max_length) {
    // The hole is the longest line: the stored moves, and at each defence the longest reply.
    for (int left = result; left > 0; --left) {
      Move next = MOVE_NONE;
      if (pos.side_to_move() == attacker) {
        next = proof.move_at(pos.key());
      } else {
        for (const ExtMove& e : MoveList<GenType::LegalAll>(pos)) {
          StateInfo st;
          pos.do_move(e.move, st);
          const auto it = proven.find(pos.key());
          pos.undo_move(e.move);
          if (it != proven.end() && it->second == left - 1) {
            next = e.move;
            break;
          }
        }
      }
      if (next == MOVE_NONE) break;
      while (states.size() <= line.size() + 1) states.emplace_back();
      pos.do_move(next, states[line.size() + 1]);
      line.push_back(next);
    }
    return hole("the longest defence takes " + std::to_string(result) + " plies, more than the " +
                std::to_string(*max_length) + " the proof must keep to");
  }
  return out;
}

}  // namespace sashite
