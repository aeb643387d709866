#include "match/game.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <stdexcept>
#include <utility>

#include "engine/position_line.h"
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
    {EndReason::Resignation, "resignation"},
    {EndReason::Checkmate, "checkmate"},
    {EndReason::Repetition, "repetition"},
    {EndReason::PerpetualCheck, "perpetual check"},
    {EndReason::Declaration, "declaration"},
    {EndReason::BadDeclaration, "bad declaration"},
    {EndReason::MaxPlies, "max plies"},
    {EndReason::Timeout, "timeout"},
    {EndReason::IllegalMove, "illegal move"},
    {EndReason::EngineFailure, "engine failure"},
    {EndReason::AdjudicatedWin, "adjudicated win"},
    {EndReason::AdjudicatedDraw, "adjudicated draw"},
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

std::optional<std::string> Player::think(const std::string& position, const std::string& go,
                                         std::chrono::milliseconds deadline, EngineStats& stats, int64_t* think_ms,
                                         bool* timed_out, std::optional<int>* score) {
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
      if (resign_run_[BLACK] >= a_.resign_moves && resign_run_[WHITE] >= a_.resign_moves &&
          resign_sign_[BLACK] == resign_sign_[WHITE]) {
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

GameResult wins(Color c) { return c == BLACK ? GameResult::BlackWins : GameResult::WhiteWins; }

// How the game ended. The detail names the side `named` (COLOR_NB: none) once the engines'
// names are known: a verdict may come before the handshakes are over.
struct Verdict {
  GameResult result;
  EndReason reason;
  Color named;
  std::string why;
};

Verdict loss(Color c, EndReason reason, std::string why) { return {wins(~c), reason, c, std::move(why)}; }
Verdict draw(EndReason reason, std::string why) { return {GameResult::Draw, reason, COLOR_NB, std::move(why)}; }

void record_end(GameRecord& rec, const Verdict& v) {
  rec.result = v.result;
  rec.reason = v.reason;
  rec.detail = v.named == COLOR_NB
                   ? v.why
                   : std::string(v.named == BLACK ? "black (" : "white (") + rec.engines[v.named].name + "): " + v.why;
}

// One engine's reply to a go command, as the client saw it.
struct Reply {
  std::optional<std::string> move;  // the bestmove word; nullopt: none in time, or the engine failed
  bool timed_out = false;
  std::string error;  // why there is no move, unless it timed out
  int64_t think_ms = 0;
  int64_t available_ms = 0;  // what the clock allowed, before the margin
  std::optional<int> score;  // the last info score, from the mover's side
};

// The rules: the game's position and history, and every way the game ends. Knows nothing of
// engines or pipes; records the moves it accepts.
class Referee {
 public:
  Referee(const GameOptions& opt, GameRecord& rec);
  const Position& pos() const { return game_.pos; }
  // Before the side to move is asked: mate or the ply cap.
  std::optional<Verdict> before_move() const;
  // The side to move's reply. A legal move is played and recorded, then repetition and
  // adjudication are judged.
  std::optional<Verdict> judge(const Reply& r);

 private:
  static PositionLine<> start(const std::string& sfen);
  Verdict no_move(Color us, const Reply& r) const;
  Verdict declaration(Color us) const;
  std::optional<Verdict> repetition(Color us) const;
  std::optional<Verdict> adjudication(Color us, std::optional<int> score);
  void play(Move m, const Reply& r);

  const GameOptions& opt_;
  GameRecord& rec_;
  PositionLine<> game_;
  GameHistory history_;  // keys and checks per ply, for the library's fourfold rule
  ScoreWatch watch_;
};

Referee::Referee(const GameOptions& opt, GameRecord& rec)
    : opt_(opt), rec_(rec), game_(start(opt.start_sfen)), watch_(opt.adjudication) {
  history_.keys.push_back(pos().key());
  history_.gave_check.push_back(pos().in_check());
}

PositionLine<> Referee::start(const std::string& sfen) {  // a bad start is the caller's argument, not a runtime failure
  try {
    return PositionLine<>(sfen);
  } catch (const std::runtime_error& e) {
    throw std::invalid_argument(std::string("start SFEN: ") + e.what());
  }
}

std::optional<Verdict> Referee::before_move() const {
  if (MoveList<GenType::LegalAll>(pos()).size() == 0)
    return loss(pos().side_to_move(), EndReason::Checkmate, "no legal move");
  if (int(rec_.moves.size()) >= opt_.max_plies)
    return draw(EndReason::MaxPlies, std::to_string(opt_.max_plies) + " plies played");
  return std::nullopt;
}

std::optional<Verdict> Referee::judge(const Reply& r) {
  const Color us = pos().side_to_move();
  if (!r.move) return no_move(us, r);
  if (*r.move == "resign") return loss(us, EndReason::Resignation, "resigned");
  if (*r.move == "win") return declaration(us);
  std::string why;
  const Move m = parse_usi_move(pos(), *r.move, &why);
  if (m == MOVE_NONE) {
    rec_.bad_move = *r.move;
    return loss(us, EndReason::IllegalMove, why + " in " + pos().sfen());
  }
  play(m, r);
  if (auto v = repetition(us)) return v;
  return adjudication(us, r.score);
}

Verdict Referee::no_move(Color us, const Reply& r) const {
  if (!r.timed_out) return loss(us, EndReason::EngineFailure, r.error);
  return loss(us, EndReason::Timeout,
              "no bestmove within " + std::to_string(r.available_ms) + " + " + std::to_string(opt_.margin_ms) + " ms");
}

Verdict Referee::declaration(Color us) const {
  const bool valid = opt_.declaration_valid ? opt_.declaration_valid(pos()) : declaration_wins(pos());
  if (valid) return {wins(us), EndReason::Declaration, us, "declared a win"};
  return loss(us, EndReason::BadDeclaration, "declared a win in " + pos().sfen() + ", which does not qualify");
}

void Referee::play(Move m, const Reply& r) {
  rec_.moves.push_back(*r.move);
  rec_.think_ms.push_back(r.think_ms);
  game_.play(m);
  history_.keys.push_back(pos().key());
  history_.gave_check.push_back(pos().in_check());
}

std::optional<Verdict> Referee::repetition(Color us) const {
  const Repetition r = fourfold_repetition(history_);
  if (r == Repetition::None) return std::nullopt;
  if (r == Repetition::Draw) return draw(EndReason::Repetition, "fourfold repetition");
  return loss(r == Repetition::Loss ? ~us : us, EndReason::PerpetualCheck,
              "gave check on every move of a fourfold repetition");
}

std::optional<Verdict> Referee::adjudication(Color us, std::optional<int> score) {
  Color winner = BLACK;
  const auto reason = watch_.update(us, score, int(rec_.moves.size()), &winner);
  if (!reason) return std::nullopt;
  if (*reason == EndReason::AdjudicatedDraw) return draw(*reason, "both scores near zero");
  return loss(~winner, *reason, "both engines' scores say it is lost");
}

// The USI side: both engines, the position command grown by each recorded move, the clocks and
// the engines' statistics. Asks and times; does not judge.
class UsiClient {
 public:
  UsiClient(Player& black, Player& white, const GameOptions& opt, GameRecord& rec);
  // Handshakes in colour order; an engine that fails loses, and the next is not started.
  std::optional<Verdict> start();
  // Position and go to the side to move, its bestmove awaited for its time plus the margin.
  Reply ask(Color us);
  // gameover to both; an engine that failed this game is killed.
  void finish();

 private:
  void send_moves();

  Player* player_[COLOR_NB];
  const GameOptions& opt_;
  GameRecord& rec_;
  std::string position_;  // "position ... moves ..." up to moves_sent_
  size_t moves_sent_ = 0;
  int64_t remaining_[COLOR_NB];
  bool failed_[COLOR_NB] = {false, false};
};

UsiClient::UsiClient(Player& black, Player& white, const GameOptions& opt, GameRecord& rec)
    : player_{&black, &white}, opt_(opt), rec_(rec), remaining_{opt.clock[BLACK].main_ms, opt.clock[WHITE].main_ms} {
  position_ = opt.start_sfen == Position::kStartSfen ? "position startpos" : "position sfen " + opt.start_sfen;
}

std::optional<Verdict> UsiClient::start() {
  std::optional<Verdict> verdict;
  for (Color c : {BLACK, WHITE}) {
    Player& p = *player_[c];
    const int starts = p.starts();
    if (!verdict && !p.new_game(opt_.handshake_timeout)) {
      verdict = loss(c, EndReason::EngineFailure, p.error());
      failed_[c] = true;
    }
    rec_.engines[c].restarts = p.starts() - starts - (starts == 0 && p.starts() > 0);  // the first start is none
  }
  for (Color c : {BLACK, WHITE}) rec_.engines[c].name = player_[c]->name();
  return verdict;
}

void UsiClient::send_moves() {
  for (; moves_sent_ < rec_.moves.size(); ++moves_sent_) {
    position_ += moves_sent_ == 0 ? " moves " : " ";
    position_ += rec_.moves[moves_sent_];
  }
}

Reply UsiClient::ask(Color us) {
  // Time: the increment is added as the move starts; byoyomi begins when the main time ends.
  const TimeControl& tc = opt_.clock[us];
  Reply r;
  r.available_ms = tc.movetime_ms > 0 ? tc.movetime_ms
                   : tc.clocked()     ? remaining_[us] + tc.inc_ms + tc.byoyomi_ms
                                      : opt_.unclocked_limit_ms;
  send_moves();
  EngineStats& st = rec_.engines[us];
  r.move = player_[us]->think(position_, go_command(tc, remaining_, opt_.clock),
                              std::chrono::milliseconds(r.available_ms + opt_.margin_ms), st, &r.think_ms, &r.timed_out,
                              &r.score);
  if (!r.move) {
    r.error = player_[us]->error();
    failed_[us] = true;
    return r;
  }
  ++st.moves;
  st.total_think_ms += r.think_ms;
  st.max_think_ms = std::max(st.max_think_ms, r.think_ms);
  if (r.think_ms > r.available_ms) ++st.late;
  if (tc.clocked()) remaining_[us] = std::max<int64_t>(remaining_[us] + tc.inc_ms - r.think_ms, 0);
  return r;
}

void UsiClient::finish() {
  for (Color c : {BLACK, WHITE}) {
    const bool won = (rec_.result == GameResult::BlackWins) == (c == BLACK);
    player_[c]->end_game(rec_.result == GameResult::Draw ? "draw" : won ? "win" : "lose", failed_[c]);
  }
}

}  // namespace

GameRecord play_game(Player& black, Player& white, const GameOptions& opt) {
  GameRecord rec;
  rec.start_sfen = opt.start_sfen;
  for (Color c : {BLACK, WHITE}) rec.clock[c] = opt.clock[c];
  Referee referee(opt, rec);  // first: a bad start SFEN throws before any engine starts
  UsiClient client(black, white, opt, rec);
  std::optional<Verdict> verdict = client.start();
  while (!verdict) {
    verdict = referee.before_move();
    if (!verdict) verdict = referee.judge(client.ask(referee.pos().side_to_move()));
  }
  record_end(rec, *verdict);
  rec.final_sfen = referee.pos().sfen();
  client.finish();
  return rec;
}

void replay(const GameRecord& rec, const std::function<void(const Position&, Move, size_t)>& visit) {
  PositionLine<> game(rec.start_sfen);
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
