#include "match/results.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <set>
#include <utility>

namespace sashite::match {
namespace {

void append_escaped(std::string& out, std::string_view s) {
  out += '"';
  for (const char ch : s) {
    const auto byte = static_cast<unsigned char>(ch);
    if (ch == '"' || ch == '\\') {
      out += '\\';
      out += ch;
    } else if (byte < 0x20 || byte == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", byte);
      out += buf;
    } else {
      out += ch;
    }
  }
  out += '"';
}

// Writes `"key":value` pairs of one flat object.
class JsonObject {
 public:
  JsonObject& add(std::string_view key, std::string_view value) {
    sep(key);
    append_escaped(out_, value);
    return *this;
  }
  JsonObject& add(std::string_view key, const char* value) { return add(key, std::string_view(value)); }
  JsonObject& add(std::string_view key, const std::string& value) { return add(key, std::string_view(value)); }
  JsonObject& add(std::string_view key, int64_t value) {
    sep(key);
    out_ += std::to_string(value);
    return *this;
  }
  JsonObject& add(std::string_view key, double value) {
    sep(key);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", std::isfinite(value) ? value : 0.0);
    out_ += buf;
    return *this;
  }
  std::string str() const { return out_ + "}"; }

 private:
  void sep(std::string_view key) {
    out_ += out_.size() > 1 ? "," : "";
    append_escaped(out_, key);
    out_ += ':';
  }
  std::string out_ = "{";
};

// A flat object of string and integer values, as JsonObject writes it.
class FlatJsonReader {
 public:
  explicit FlatJsonReader(std::string_view text) : s_(text) {}

  // Calls on_string(key, value) or on_int(key, value) per member; false and error() otherwise.
  template <class OnString, class OnInt>
  bool read(OnString on_string, OnInt on_int) {
    skip_space();
    if (!eat('{')) return fail("expected '{'");
    skip_space();
    if (eat('}')) return at_end();
    for (;;) {
      std::string key, value;
      skip_space();
      if (!string(key)) return false;
      skip_space();
      if (!eat(':')) return fail("expected ':' after \"" + key + "\"");
      skip_space();
      if (i_ < s_.size() && s_[i_] == '"') {
        if (!string(value)) return false;
        if (!on_string(key, value)) return fail("unexpected string member \"" + key + "\"");
      } else {
        int64_t n = 0;
        const auto [end, ec] = std::from_chars(s_.data() + i_, s_.data() + s_.size(), n);
        if (ec != std::errc()) return fail("expected a string or an integer for \"" + key + "\"");
        i_ = size_t(end - s_.data());
        if (!on_int(key, n)) return fail("unexpected integer member \"" + key + "\"");
      }
      skip_space();
      if (eat('}')) return at_end();
      if (!eat(',')) return fail("expected ',' or '}'");
    }
  }
  const std::string& error() const { return error_; }

 private:
  bool string(std::string& out) {
    if (!eat('"')) return fail("expected a string");
    while (i_ < s_.size()) {
      const char ch = s_[i_++];
      if (ch == '"') return true;
      if (static_cast<unsigned char>(ch) < 0x20) return fail("a control byte inside a string");
      if (ch != '\\') {
        out += ch;
        continue;
      }
      if (i_ >= s_.size()) break;
      const char e = s_[i_++];
      if (e == 'u') {
        unsigned v = 0;
        if (i_ + 4 > s_.size() ||
            std::from_chars(s_.data() + i_, s_.data() + i_ + 4, v, 16).ptr != s_.data() + i_ + 4 || v > 0x7f)
          return fail("only \\u00XX escapes of ASCII are read");
        out += char(v);
        i_ += 4;
      } else if (e == '"' || e == '\\' || e == '/') {
        out += e;
      } else if (e == 'n' || e == 't' || e == 'r') {
        out += e == 'n' ? '\n' : e == 't' ? '\t' : '\r';
      } else {
        return fail("unknown escape");
      }
    }
    return fail("unterminated string");
  }
  bool eat(char ch) {
    if (i_ < s_.size() && s_[i_] == ch) return ++i_, true;
    return false;
  }
  void skip_space() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\r')) ++i_;
  }
  bool at_end() {
    skip_space();
    return i_ == s_.size() || fail("text after the object");
  }
  bool fail(std::string why) {
    error_ = "column " + std::to_string(i_ + 1) + ": " + std::move(why);
    return false;
  }

  std::string_view s_;
  size_t i_ = 0;
  std::string error_;
};

const char* kSideKey[2] = {"first", "second"};

std::string fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%+.*f", decimals, v);
  return buf;
}

}  // namespace

int GameLine::first_half_points() const {
  if (result == "1/2-1/2") return 1;
  const bool black_won = result == "1-0";
  return black_won == (game == 0) ? 2 : 0;
}

GameLine make_game_line(uint64_t pair, int game, const GameRecord& rec) {
  GameLine g;
  g.pair = pair;
  g.game = game;
  g.opening = rec.start_sfen;
  g.result = rec.result == GameResult::BlackWins ? "1-0" : rec.result == GameResult::WhiteWins ? "0-1" : "1/2-1/2";
  g.reason = to_string(rec.reason);
  g.detail = rec.detail;
  g.plies = int(rec.moves.size());
  for (int side : {FIRST, SECOND}) {
    const Color c = (side == FIRST) == (game == 0) ? BLACK : WHITE;
    const EngineStats& st = rec.engines[c];
    g.engine[side] = st.name;
    g.tc[side] = rec.clock[c].text();
    g.nodes[side] = st.nodes;
    g.timed_us[side] = st.timed_us;
    g.think_ms[side] = st.total_think_ms;
    g.moves[side] = st.moves;
    g.late[side] = st.late;
    g.restarts[side] = st.restarts;
  }
  for (const std::string& m : rec.moves) g.moves_usi += (g.moves_usi.empty() ? "" : " ") + m;
  return g;
}

std::string to_json(const GameLine& g) {
  JsonObject o;
  o.add("pair", int64_t(g.pair)).add("game", int64_t(g.game));
  for (int s : {FIRST, SECOND}) o.add(kSideKey[s], g.engine[s]);
  o.add("result", g.result).add("reason", g.reason).add("plies", int64_t(g.plies));
  for (int s : {FIRST, SECOND}) {
    const std::string k = kSideKey[s];
    o.add(k + "_tc", g.tc[s])
        .add(k + "_nodes", g.nodes[s])
        .add(k + "_timed_us", g.timed_us[s])
        .add(k + "_think_ms", g.think_ms[s]);
    o.add(k + "_moves", int64_t(g.moves[s]))
        .add(k + "_late", int64_t(g.late[s]))
        .add(k + "_restarts", int64_t(g.restarts[s]));
  }
  o.add("detail", g.detail).add("opening", g.opening).add("moves", g.moves_usi);
  return o.str();
}

std::optional<GameLine> parse_game_line(std::string_view line, std::string* error) {
  GameLine g;
  std::set<std::string> seen;
  auto on_string = [&](const std::string& k, std::string& v) {
    seen.insert(k);
    for (int s : {FIRST, SECOND}) {
      if (k == kSideKey[s]) return g.engine[s] = std::move(v), true;
      if (k == std::string(kSideKey[s]) + "_tc") return g.tc[s] = std::move(v), true;
    }
    if (k == "result") return g.result = std::move(v), true;
    if (k == "reason") return g.reason = std::move(v), true;
    if (k == "detail") return g.detail = std::move(v), true;
    if (k == "opening") return g.opening = std::move(v), true;
    if (k == "moves") return g.moves_usi = std::move(v), true;
    return false;
  };
  auto on_int = [&](const std::string& k, int64_t v) {
    seen.insert(k);
    if (k == "pair") return v >= 0 && (g.pair = uint64_t(v), true);
    if (k == "game") return (v == 0 || v == 1) && (g.game = int(v), true);
    if (k == "plies") return g.plies = int(v), true;
    for (int s : {FIRST, SECOND}) {
      const std::string p = std::string(kSideKey[s]) + "_";
      if (k == p + "nodes") return g.nodes[s] = v, true;
      if (k == p + "timed_us") return g.timed_us[s] = v, true;
      if (k == p + "think_ms") return g.think_ms[s] = v, true;
      if (k == p + "moves") return g.moves[s] = int(v), true;
      if (k == p + "late") return g.late[s] = int(v), true;
      if (k == p + "restarts") return g.restarts[s] = int(v), true;
    }
    return false;
  };
  FlatJsonReader reader(line);
  if (!reader.read(on_string, on_int)) {
    if (error) *error = reader.error();
    return std::nullopt;
  }
  for (const char* required : {"pair", "game", "first", "second", "result", "reason"})
    if (!seen.count(required)) {
      if (error) *error = std::string("no \"") + required + "\" member";
      return std::nullopt;
    }
  if (g.result != "1-0" && g.result != "0-1" && g.result != "1/2-1/2") {
    if (error) *error = "result '" + g.result + "' is none of 1-0, 0-1, 1/2-1/2";
    return std::nullopt;
  }
  return g;
}

std::optional<Summary> summarize(const std::vector<GameLine>& games, std::string* error) {
  Summary s;
  std::map<uint64_t, std::array<int, 2>> half_points;  // per pair, per game; -1: not played
  for (const GameLine& g : games) {
    if (s.engine[FIRST].empty() && s.engine[SECOND].empty()) {
      s.engine[FIRST] = g.engine[FIRST];
      s.engine[SECOND] = g.engine[SECOND];
    } else if (g.engine[FIRST] != s.engine[FIRST] || g.engine[SECOND] != s.engine[SECOND]) {
      if (error)
        *error = "pair " + std::to_string(g.pair) + " is " + g.engine[FIRST] + " vs " + g.engine[SECOND] + ", not " +
                 s.engine[FIRST] + " vs " + s.engine[SECOND];
      return std::nullopt;
    }
    auto [it, fresh] = half_points.try_emplace(g.pair);
    if (fresh) it->second[0] = it->second[1] = -1;
    if (it->second[g.game] >= 0) {
      if (error)
        *error = "pair " + std::to_string(g.pair) + " game " + std::to_string(g.game) +
                 " appears twice (a shard merged twice?)";
      return std::nullopt;
    }
    const int hp = g.first_half_points();
    it->second[g.game] = hp;
    (hp == 2 ? s.games.wins : hp == 1 ? s.games.draws : s.games.losses)++;
    ++s.endings[g.reason];
    const bool black_won = g.result == "1-0", decided = g.result != "1/2-1/2";
    for (int side : {FIRST, SECOND}) {
      s.nodes[side] += g.nodes[side];
      s.timed_us[side] += g.timed_us[side];
      s.think_ms[side] += g.think_ms[side];
      s.moves[side] += g.moves[side];
      s.late[side] += g.late[side];
      s.restarts[side] += g.restarts[side];
      const bool side_is_black = (side == FIRST) == (g.game == 0);
      const bool lost = decided && black_won != side_is_black;
      if (lost && g.reason == to_string(EndReason::Timeout)) ++s.time_losses[side];
      if (lost && (g.reason == to_string(EndReason::IllegalMove) || g.reason == to_string(EndReason::BadDeclaration)))
        ++s.illegal[side];
      if (lost && g.reason == to_string(EndReason::EngineFailure)) ++s.failures[side];
    }
  }
  for (const auto& [pair, hp] : half_points) {
    if (hp[0] >= 0 && hp[1] >= 0)
      s.pairs.add(hp[0], hp[1]);
    else
      ++s.unpaired;
  }
  return s;
}

std::string format_summary(const Summary& s, const std::optional<Sprt>& sprt) {
  const std::string& a = s.engine[FIRST];
  const std::string& b = s.engine[SECOND];
  const uint64_t n = s.games.games();
  std::string out = "Games: " + std::to_string(n) + " (" + std::to_string(s.pairs.count()) + " complete pairs";
  if (s.unpaired) out += ", " + std::to_string(s.unpaired) + " unpaired games";
  out += "), " + a + " against " + b + "\n";
  if (n == 0) return out;
  char buf[512];
  const EloEstimate eg = estimate(s.games);
  std::snprintf(buf, sizeof buf, "%s: %llu wins, %llu draws, %llu losses, score %.1f %%\n", a.c_str(),
                (unsigned long long)s.games.wins, (unsigned long long)s.games.draws, (unsigned long long)s.games.losses,
                100 * eg.score);
  out += buf;
  if (s.pairs.count() > 0) {
    const EloEstimate ep = estimate(s.pairs);
    const auto& p = s.pairs.pairs;
    std::snprintf(buf, sizeof buf, "Pairs by %s's points (0, 1/2, 1, 3/2, 2): %llu %llu %llu %llu %llu\n", a.c_str(),
                  (unsigned long long)p[0], (unsigned long long)p[1], (unsigned long long)p[2],
                  (unsigned long long)p[3], (unsigned long long)p[4]);
    out += buf;
    out += "Elo (pentanomial): " + fixed(ep.elo, 1) + ", 95 % interval [" + fixed(ep.low, 1) + ", " +
           fixed(ep.high, 1) + "], nElo " + fixed(ep.nelo, 1) + "\n";
  }
  out += "Elo (games, trinomial): " + fixed(eg.elo, 1) + ", 95 % interval [" + fixed(eg.low, 1) + ", " +
         fixed(eg.high, 1) + "]\n";
  if (sprt) {
    const double llr = sprt->llr(s.pairs);
    const SprtVerdict v = sprt->verdict(s.pairs);
    std::snprintf(buf, sizeof buf, "SPRT elo0=%g elo1=%g alpha=%g beta=%g: LLR %.2f in (%.2f, %.2f): %s\n", sprt->elo0,
                  sprt->elo1, sprt->alpha, sprt->beta, llr, sprt->lower_bound(), sprt->upper_bound(),
                  v == SprtVerdict::AcceptH1   ? "H1 accepted"
                  : v == SprtVerdict::AcceptH0 ? "H0 accepted"
                                               : "no verdict yet");
    out += buf;
  }
  out += "Endings:";
  for (const auto& [reason, count] : s.endings) out += " " + reason + " " + std::to_string(count) + ",";
  out.back() = '\n';
  if (s.timed_us[FIRST] > 0 && s.timed_us[SECOND] > 0) {
    std::snprintf(
        buf, sizeof buf,
        "Speed in the games (reported nodes / think time): %s %.3f M nodes/s, %s %.3f M nodes/s, ratio %.3f\n",
        a.c_str(), s.nps(FIRST) / 1e6, b.c_str(), s.nps(SECOND) / 1e6, s.nps(FIRST) / s.nps(SECOND));
    out += buf;
  }
  std::snprintf(
      buf, sizeof buf,
      "Faults (%s / %s): time losses %lld / %lld, illegal moves or declarations %lld / %lld, failures %lld / %lld, "
      "restarts %lld / %lld, late moves inside the margin %lld / %lld\n",
      a.c_str(), b.c_str(), (long long)s.time_losses[0], (long long)s.time_losses[1], (long long)s.illegal[0],
      (long long)s.illegal[1], (long long)s.failures[0], (long long)s.failures[1], (long long)s.restarts[0],
      (long long)s.restarts[1], (long long)s.late[0], (long long)s.late[1]);
  out += buf;
  return out;
}

std::string summary_json(const Summary& s, const std::optional<Sprt>& sprt) {
  JsonObject o;
  o.add("first", s.engine[FIRST]).add("second", s.engine[SECOND]);
  o.add("wins", int64_t(s.games.wins)).add("draws", int64_t(s.games.draws)).add("losses", int64_t(s.games.losses));
  o.add("pairs", int64_t(s.pairs.count())).add("unpaired", int64_t(s.unpaired));
  for (size_t i = 0; i < 5; ++i) o.add("pentanomial_" + std::to_string(i), int64_t(s.pairs.pairs[i]));
  const EloEstimate e = s.pairs.count() ? estimate(s.pairs) : estimate(s.games);
  o.add("elo", e.elo).add("elo_low", e.low).add("elo_high", e.high).add("nelo", e.nelo).add("score", e.score);
  o.add("first_nps", s.nps(FIRST)).add("second_nps", s.nps(SECOND));
  for (int side : {FIRST, SECOND}) {
    const std::string k = kSideKey[side];
    o.add(k + "_time_losses", s.time_losses[side])
        .add(k + "_illegal", s.illegal[side])
        .add(k + "_failures", s.failures[side]);
    o.add(k + "_restarts", s.restarts[side]).add(k + "_late", s.late[side]);
  }
  if (sprt) {
    const SprtVerdict v = sprt->verdict(s.pairs);
    o.add("llr", sprt->llr(s.pairs)).add("llr_low", sprt->lower_bound()).add("llr_high", sprt->upper_bound());
    o.add("llr_fishtest", sprt->fishtest_llr(s.pairs));
    o.add("verdict", v == SprtVerdict::AcceptH1 ? "H1" : v == SprtVerdict::AcceptH0 ? "H0" : "none");
  }
  return o.str();
}

std::string progress_line(const Summary& s, const std::optional<Sprt>& sprt, uint64_t games_planned) {
  char buf[256];
  const EloEstimate e = s.pairs.count() ? estimate(s.pairs) : estimate(s.games);
  int n = std::snprintf(buf, sizeof buf, "[%llu/%llu] W %llu D %llu L %llu  Elo %+.1f [%+.1f, %+.1f]",
                        (unsigned long long)s.games.games(), (unsigned long long)games_planned,
                        (unsigned long long)s.games.wins, (unsigned long long)s.games.draws,
                        (unsigned long long)s.games.losses, e.elo, e.low, e.high);
  if (sprt && n > 0 && size_t(n) < sizeof buf)
    std::snprintf(buf + n, sizeof buf - size_t(n), "  LLR %.2f (%.2f, %.2f)", sprt->llr(s.pairs), sprt->lower_bound(),
                  sprt->upper_bound());
  return buf;
}

}  // namespace sashite::match
