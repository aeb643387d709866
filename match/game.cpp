#include "match/game.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <stdexcept>
#include <utility>

#include "engine/game.h"
#include "engine/usi_text.h"
#include "match/child_process.h"
#include "movegen_full/usi_move.h"
#include "rules/declaration.h"
#include "rules/game_history.h"

namespace sashite::match {

const char* to_string(GameResult r) {
  switch (r) {
    case GameResult::BlackWins: return "black wins";
    case GameResult::WhiteWins: return "white wins";
    case GameResult::Draw: return "draw";
  }
  return "?";
}

namespace {

constexpr std::pair<EndReason, const char*> kReasonNames[] = {
    {EndReason::Resignation, "resignation"},       {EndReason::Checkmate, "checkmate"},
    {EndReason::Repetition, "repetition"},         {EndReason::PerpetualCheck, "perpetual check"},
    {EndReason::Declaration, "declaration"},       {EndReason::BadDeclaration, "bad declaration"},
    {EndReason::MaxPlies, "max plies"},            {EndReason::Timeout, "timeout"},
    {EndReason::IllegalMove, "illegal move"},      {EndReason::EngineFailure, "engine failure"},
    {EndReason::AdjudicatedWin, "adjudicated win"}, {EndReason::AdjudicatedDraw, "adjudicated draw"},
};

// The value after `key` in an info line ("info depth 5 nodes 1234 nps 5000").
std::optional<int64_t> info_value(std::string_view line, std::string_view key) {
  for (std::string_view word; !(word = usi::next_word(line)).empty();) {
    if (word == "pv" || word == "string") return std::nullopt;  // moves and text follow
    if (word != key) continue;
    const std::string_view v = usi::next_word(line);
    int64_t n = 0;
    const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
    if (ec == std::errc() && end == v.data() + v.size()) return n;
    return std::nullopt;
  }
  return std::nullopt;
}

// "score cp N" as N; "score mate N" as +-(100000 - |N|), so that mates outrank every cp score.
std::optional<int> info_score(std::string_view line) {
  for (std::string_view word; !(word = usi::next_word(line)).empty();) {
    if (word == "pv" || word == "string") return std::nullopt;
    if (word != "score") continue;
    const std::string_view kind = usi::next_word(line), v = usi::next_word(line);
    if (kind == "mate") {
      if (v == "+" || v == "-") return v == "+" ? 100'000 : -100'000;
      int n = 0;
      const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
      if (ec != std::errc() || end != v.data() + v.size()) return std::nullopt;
      return v.starts_with('-') ? -100'000 - n : 100'000 - n;
    }
    int n = 0;
    const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
    if (kind == "cp" && ec == std::errc() && end == v.data() + v.size()) return std::clamp(n, -99'999, 99'999);
    return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace

const char* to_string(EndReason r) {
  for (const auto& [reason, name] : kReasonNames)
    if (reason == r) return name;
  return "?";
}

std::optional<EndReason> end_reason_from_string(std::string_view s) {
  for (const auto& [reason, name] : kReasonNames)
    if (s == name) return reason;
  return std::nullopt;
}

bool ended_by_rule(EndReason r) {
  return r == EndReason::Resignation || r == EndReason::Checkmate || r == EndReason::Repetition ||
         r == EndReason::PerpetualCheck || r == EndReason::MaxPlies || r == EndReason::Declaration;
}

Player::Player(EngineSpec spec) : spec_(std::move(spec)) { name_ = spec_.name.empty() ? spec_.program : spec_.name; }

Player::~Player() { kill(); }

bool Player::fail() {
  if (error_.empty()) error_ = process_ ? process_->error() : "not started";
  return false;
}

void Player::kill() { process_.reset(); }  // the destructor kills and reaps it

bool Player::new_game(std::chrono::milliseconds timeout) {
  error_.clear();
  if (!process_) {
    std::vector<std::string> argv{spec_.program};
    argv.insert(argv.end(), spec_.args.begin(), spec_.args.end());
    try {
      process_ = std::make_unique<ChildProcess>(argv, spec_.stderr_path);
    } catch (const std::exception& e) {
      error_ = e.what();
      return false;
    }
    ++starts_;
    if (!process_->send("usi")) return fail();
    const auto lines = process_->read_until([](std::string_view l) { return usi::first_word(l) == "usiok"; }, timeout);
    if (!lines) return fail();
    for (const std::string& l : *lines)
      if (l.starts_with("id name ") && spec_.name.empty()) name_ = l.substr(8);
    for (const std::string& line : spec_.setup)
      if (!process_->send(line)) return fail();
  }
  if (!process_->send("isready")) return fail();
  if (!process_->read_until([](std::string_view l) { return usi::trim(l) == "readyok"; }, timeout)) return fail();
  return process_->send("usinewgame") || fail();
}

std::optional<std::string> Player::think(const std::string& position, const std::string& go, std::chrono::milliseconds deadline,
                                         EngineStats& stats, int64_t* think_ms, bool* timed_out, std::optional<int>* score) {
  using Clock = std::chrono::steady_clock;
  *timed_out = false;
  *score = std::nullopt;
  if (!process_ || !process_->send(position) || !process_->send(go)) {
    fail();
    return std::nullopt;
  }
  const auto start = Clock::now();
  std::optional<std::string> best;
  int64_t nodes = -1;
  const auto lines = process_->read_until(
      [&](std::string_view l) {
        const std::string_view head = usi::first_word(l);
        if (head == "info") {
          if (auto n = info_value(l, "nodes")) nodes = stats.last_nodes = *n;
          if (auto n = info_value(l, "nps")) stats.last_nps = *n;
          if (auto s = info_score(l)) *score = *s;
        }
        if (head != "bestmove") return false;
        std::string_view rest = usi::trim(l);
        usi::next_word(rest);
        best = std::string(usi::next_word(rest));
        return true;
      },
      deadline);
  const int64_t us = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start).count();
  *think_ms = us / 1000;
  if (!lines) {
    fail();
    *timed_out = error_.starts_with("timed out");  // child_process.h's read_line wording
    return std::nullopt;
  }
  if (nodes >= 0) {
    stats.nodes += nodes;
    stats.timed_us += us;
  }
  return best;
}

void Player::end_game(const char* result, bool failed) {
  if (!process_) return;
  if (failed) return kill();  // a late bestmove or a half-dead process must not reach the next game
  if (!process_->send(std::string("gameover ") + result, std::chrono::milliseconds(1000))) kill();
}

namespace {

// The rolling window of Adjudication: per side, the scores of its last moves.
class ScoreWatch {
 public:
  explicit ScoreWatch(const Adjudication& a) : a_(a) {}

  // After `ply` plies, the mover's score (from its own point of view). The verdict, if any.
  std::optional<EndReason> update(Color mover, std::optional<int> score, int ply, Color* winner) {
    // Scores from Black's point of view; a move without a score breaks both runs.
    const int black_view = score ? (mover == BLACK ? *score : -*score) : 0;
    if (a_.resign_moves > 0) {
      int& run = resign_run_[mover];
      const int sign = !score ? 0 : black_view >= a_.resign_cp ? 1 : black_view <= -a_.resign_cp ? -1 : 0;
      run = sign == 0 ? 0 : sign == resign_sign_[mover] ? run + 1 : 1;
      resign_sign_[mover] = sign;
      if (resign_run_[BLACK] >= a_.resign_moves && resign_run_[WHITE] >= a_.resign_moves && resign_sign_[BLACK] == resign_sign_[WHITE]) {
        *winner = resign_sign_[BLACK] > 0 ? BLACK : WHITE;
        return EndReason::AdjudicatedWin;
      }
    }
    if (a_.draw_moves > 0) {
      int& run = draw_run_[mover];
      run = score && ply >= a_.draw_from_ply && std::abs(black_view) <= a_.draw_cp ? run + 1 : 0;
      if (draw_run_[BLACK] >= a_.draw_moves && draw_run_[WHITE] >= a_.draw_moves) return EndReason::AdjudicatedDraw;
    }
    return std::nullopt;
  }

 private:
  const Adjudication& a_;
  int resign_run_[COLOR_NB] = {}, resign_sign_[COLOR_NB] = {}, draw_run_[COLOR_NB] = {};
};

std::string go_command(const TimeControl& tc, const int64_t remaining[COLOR_NB], const TimeControl clock[COLOR_NB]) {
  if (tc.movetime_ms > 0) return "go movetime " + std::to_string(tc.movetime_ms);
  if (tc.nodes > 0) return "go nodes " + std::to_string(tc.nodes);
  if (tc.depth > 0) return "go depth " + std::to_string(tc.depth);
  // "btime B wtime W", then "byoyomi X" unless only an increment is set, then "binc winc" if
  // one is: an engine that knows only byoyomi (gpsusi) can play byoyomi games. Each side's
  // own byoyomi and increment under time odds.
  std::string go = "go btime " + std::to_string(remaining[BLACK]) + " wtime " + std::to_string(remaining[WHITE]);
  if (tc.byoyomi_ms > 0 || tc.inc_ms == 0) go += " byoyomi " + std::to_string(tc.byoyomi_ms);
  if (clock[BLACK].inc_ms > 0 || clock[WHITE].inc_ms > 0)
    go += " binc " + std::to_string(clock[BLACK].inc_ms) + " winc " + std::to_string(clock[WHITE].inc_ms);
  return go;
}

}  // namespace

GameRecord play_game(Player& black, Player& white, const GameOptions& opt) {
  GameRecord rec;
  rec.start_sfen = opt.start_sfen;
  Player* player[COLOR_NB] = {&black, &white};
  for (Color c : {BLACK, WHITE}) rec.clock[c] = opt.clock[c];

  auto side_name = [&](Color c) { return std::string(c == BLACK ? "black (" : "white (") + player[c]->name() + ")"; };
  auto end = [&](GameResult result, EndReason reason, std::string detail) {
    rec.result = result;
    rec.reason = reason;
    rec.detail = std::move(detail);
  };
  auto wins = [](Color c) { return c == BLACK ? GameResult::BlackWins : GameResult::WhiteWins; };
  auto loses = [&](Color c, EndReason reason, const std::string& why) { end(wins(~c), reason, side_name(c) + ": " + why); };

  Game<> game = [&] {  // a bad start is the caller's argument, not a runtime failure
    try {
      return Game<>(opt.start_sfen);
    } catch (const std::runtime_error& e) {
      throw std::invalid_argument(std::string("start SFEN: ") + e.what());
    }
  }();
  Position& pos = game.pos;
  GameHistory history;  // keys and checks per ply, for the library's fourfold rule
  history.keys.push_back(pos.key());
  history.gave_check.push_back(pos.in_check());

  bool over = false;
  bool failed[COLOR_NB] = {false, false};
  for (Color c : {BLACK, WHITE}) {
    const int starts = player[c]->starts();
    if (!over && !player[c]->new_game(opt.handshake_timeout)) {
      loses(c, EndReason::EngineFailure, player[c]->error());
      failed[c] = over = true;
    }
    rec.engines[c].restarts = player[c]->starts() - starts - (starts == 0 && player[c]->starts() > 0);  // the first start is none
  }
  for (Color c : {BLACK, WHITE}) rec.engines[c].name = player[c]->name();

  std::string position = opt.start_sfen == Position::kStartSfen ? "position startpos" : "position sfen " + opt.start_sfen;
  int64_t remaining[COLOR_NB] = {opt.clock[BLACK].main_ms, opt.clock[WHITE].main_ms};
  ScoreWatch watch(opt.adjudication);

  while (!over) {
    const Color us = pos.side_to_move();
    const TimeControl& tc = opt.clock[us];
    const MoveList<GenType::LegalAll> legal(pos);
    if (legal.size() == 0) {
      loses(us, EndReason::Checkmate, "no legal move");
      break;
    }
    if (int(rec.moves.size()) >= opt.max_plies) {
      end(GameResult::Draw, EndReason::MaxPlies, std::to_string(opt.max_plies) + " plies played");
      break;
    }

    // Time: the increment is added as the move starts; byoyomi begins when the main time ends.
    const std::string go = go_command(tc, remaining, opt.clock);
    const int64_t available = tc.movetime_ms > 0 ? tc.movetime_ms
                              : tc.clocked()     ? remaining[us] + tc.inc_ms + tc.byoyomi_ms
                                                 : opt.unclocked_limit_ms;

    int64_t think_ms = 0;
    bool timed_out = false;
    std::optional<int> score;
    EngineStats& st = rec.engines[us];
    const auto answer = player[us]->think(position, go, std::chrono::milliseconds(available + opt.margin_ms), st, &think_ms, &timed_out, &score);
    if (!answer) {
      if (timed_out) loses(us, EndReason::Timeout, "no bestmove within " + std::to_string(available) + " + " + std::to_string(opt.margin_ms) + " ms");
      else loses(us, EndReason::EngineFailure, player[us]->error());
      failed[us] = true;
      break;
    }
    ++st.moves;
    st.total_think_ms += think_ms;
    st.max_think_ms = std::max(st.max_think_ms, think_ms);
    if (think_ms > available) ++st.late;
    if (tc.clocked()) remaining[us] = std::max<int64_t>(remaining[us] + tc.inc_ms - think_ms, 0);

    if (*answer == "resign") {
      loses(us, EndReason::Resignation, "resigned");
      break;
    }
    if (*answer == "win") {
      const bool valid = opt.declaration_valid ? opt.declaration_valid(pos) : declaration_wins(pos);
      if (valid) end(wins(us), EndReason::Declaration, side_name(us) + ": declared a win");
      else loses(us, EndReason::BadDeclaration, "declared a win in " + pos.sfen() + ", which does not qualify");
      break;
    }
    std::string why;
    const Move m = parse_usi_move(pos, *answer, &why);
    if (m == MOVE_NONE) {
      rec.bad_move = *answer;
      loses(us, EndReason::IllegalMove, why + " in " + pos.sfen());
      break;
    }
    rec.moves.push_back(*answer);
    rec.think_ms.push_back(think_ms);
    position += (rec.moves.size() == 1 ? " moves " : " ") + *answer;
    game.play(m);
    history.keys.push_back(pos.key());
    history.gave_check.push_back(pos.in_check());
    if (const Repetition r = fourfold_repetition(history); r != Repetition::None) {
      if (r == Repetition::Draw) end(GameResult::Draw, EndReason::Repetition, "fourfold repetition");
      else loses(r == Repetition::Loss ? ~us : us, EndReason::PerpetualCheck, "gave check on every move of a fourfold repetition");
      break;
    }
    Color winner = BLACK;
    if (const auto verdict = watch.update(us, score, int(rec.moves.size()), &winner)) {
      if (*verdict == EndReason::AdjudicatedDraw) end(GameResult::Draw, *verdict, "both scores near zero");
      else loses(~winner, *verdict, "both engines' scores say it is lost");
      break;
    }
  }

  rec.final_sfen = pos.sfen();
  for (Color c : {BLACK, WHITE})
    player[c]->end_game(rec.result == GameResult::Draw ? "draw" : (rec.result == GameResult::BlackWins) == (c == BLACK) ? "win" : "lose",
                        failed[c]);
  return rec;
}

void replay(const GameRecord& rec, const std::function<void(const Position&, Move, size_t)>& visit) {
  Game<> game(rec.start_sfen);
  for (size_t i = 0; i < rec.moves.size(); ++i) {
    std::string why;
    const Move m = parse_usi_move(game.pos, rec.moves[i], &why);
    if (m == MOVE_NONE) throw std::logic_error("record move " + std::to_string(i + 1) + ": " + why);
    visit(game.pos, m, i);
    game.play(m);
  }
}

GameRecord play_game(const EngineSpec& black, const EngineSpec& white, const GameOptions& opt) {
  Player b(black), w(white);
  GameRecord rec = play_game(b, w, opt);
  for (Player* p : {&b, &w}) p->end_game("", true);
  return rec;
}

}  // namespace sashite::match
