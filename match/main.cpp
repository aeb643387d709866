// build/bin/match: plays USI engines against each other (run), combines shards (merge), makes
// opening sets (openings) and checks CSA records (check). `match help` prints the usage.
#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "match/csa.h"
#include "match/openings.h"
#include "match/results.h"
#include "match/runner.h"

namespace sashite::match {
namespace {

constexpr const char* kUsage = R"(usage:
  match run --engine ENGINE --engine ENGINE [options]
      ENGINE: space-separated key=value words up to the next --option:
        cmd=PATH (required)  name=LABEL  arg=WORD (repeatable)  option.NAME=VALUE (setoption,
        repeatable)  init=LINE (any line sent before isready)  stderr=PATH  tc=CONTROL
    --tc CONTROL          both engines' control (unless an engine sets tc=): byoyomi=MS,
                          main=MS,byoyomi=MS | main=MS,inc=MS | movetime=MS | nodes=N | depth=N
    --time-odds K         the first engine's times multiplied by K (K > 0)
    --node-odds K         the first engine's node limit multiplied by K (K > 0; needs nodes=)
    --openings FILE       one SFEN per line (default: the start position only)
    --pairs N             game pairs, colours swapped in each (default: one per opening)
    --concurrency N       games at once (default: the number of cores)
    --shard K/N           play pairs p with p mod N = K-1 only
    --sprt elo0=E0,elo1=E1[,alpha=A,beta=B]   stop at a verdict (pentanomial GSPRT)
    --out FILE            one JSON line per game
    --records DIR         one CSA record per game
    --kif                 and a KIF record beside each (needs --records)
    --max-plies N         a draw when reached (default 320)
    --margin-ms MS        allowance past the flag before a time loss (default 1000)
    --handshake-ms MS     longest wait for usiok and readyok (default 30000)
    --hang-ms MS          longest wait for a bestmove under nodes= or depth= (default 60000)
    --resign moves=N,cp=X             both engines' scores agree for N moves each: adjudicated
    --draw from=PLY,moves=N,cp=X      |score| <= X for N moves each from PLY: adjudicated draw
    --summary-json FILE   the summary as one JSON object
    --quiet               no progress lines
  match merge FILE.jsonl... [--sprt ...] [--json]
  match openings [--count N --seed S --plies MIN-MAX --pick-depth D --pick-margin CP
                  --keep-depth D --keep-cp CP]
  match check FILE.csa...
)";

struct UsageError {
  std::string what;
};

int64_t number(std::string_view text, const char* what, int64_t lo, int64_t hi) {
  int64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || v < lo || v > hi)
    throw UsageError{std::string(what) + ": '" + std::string(text) + "' is not a number from " + std::to_string(lo) +
                     " to " + std::to_string(hi)};
  return v;
}

double real(std::string_view text, const char* what) {
  try {
    size_t used = 0;
    const double v = std::stod(std::string(text), &used);
    if (used == text.size()) return v;
  } catch (const std::exception&) {}
  throw UsageError{std::string(what) + ": '" + std::string(text) + "' is not a number"};
}

std::vector<std::pair<std::string, std::string>> key_values(std::string_view text, const char* what) {
  std::string err;
  const auto items = split_key_values(text, &err);
  if (!items) throw UsageError{std::string(what) + ": " + err};
  return {items->begin(), items->end()};
}

TimeControl time_control(std::string_view text) {
  std::string err;
  if (auto tc = parse_time_control(text, &err)) return *tc;
  throw UsageError{err};
}

Sprt sprt(std::string_view text) {
  Sprt s;
  bool e0 = false, e1 = false;
  for (const auto& [k, v] : key_values(text, "--sprt")) {
    if (k == "elo0")
      s.elo0 = real(v, "--sprt elo0"), e0 = true;
    else if (k == "elo1")
      s.elo1 = real(v, "--sprt elo1"), e1 = true;
    else if (k == "alpha")
      s.alpha = real(v, "--sprt alpha");
    else if (k == "beta")
      s.beta = real(v, "--sprt beta");
    else
      throw UsageError{"--sprt: unknown key '" + k + "' (elo0, elo1, alpha, beta)"};
  }
  if (!e0 || !e1 || !(s.elo1 > s.elo0)) throw UsageError{"--sprt needs elo0 < elo1"};
  if (!(s.alpha > 0 && s.alpha < 0.5 && s.beta > 0 && s.beta < 0.5))
    throw UsageError{"--sprt: alpha and beta must lie in (0, 0.5)"};
  return s;
}

class Args {
 public:
  Args(int argc, char** argv, int from) : v_(argv + std::min(from, argc), argv + argc) {}
  bool done() const { return i_ >= v_.size(); }
  std::string_view peek() const { return v_[i_]; }
  std::string_view next() { return v_[i_++]; }
  std::string_view value(std::string_view opt) {
    if (done()) throw UsageError{std::string(opt) + " needs a value"};
    return next();
  }

 private:
  std::vector<std::string_view> v_;
  size_t i_ = 0;
};

// The words after --engine up to the next --option.
EngineSpec engine_spec(Args& args, std::optional<TimeControl>& tc) {
  EngineSpec e;
  while (!args.done() && !args.peek().starts_with("--")) {
    const std::string_view word = args.next();
    const size_t eq = word.find('=');
    if (eq == std::string_view::npos) throw UsageError{"--engine: '" + std::string(word) + "' is not key=value"};
    const std::string_view k = word.substr(0, eq), v = word.substr(eq + 1);
    if (k == "cmd")
      e.program = v;
    else if (k == "name")
      e.name = v;
    else if (k == "arg")
      e.args.emplace_back(v);
    else if (k == "stderr")
      e.stderr_path = v;
    else if (k == "init")
      e.setup.emplace_back(v);
    else if (k == "tc")
      tc = time_control(v);
    else if (k.starts_with("option.")) {
      const std::string_view name = k.substr(7);
      // USI names may hold spaces ("Skill Level"); a control byte would end the line early.
      const auto control = [](std::string_view t) {
        return std::any_of(t.begin(), t.end(), [](char ch) { return static_cast<unsigned char>(ch) < 0x20; });
      };
      if (name.empty() || control(name) || control(v)) throw UsageError{"--engine: bad option in " + quoted(word)};
      e.setup.push_back("setoption name " + std::string(name) + " value " + std::string(v));
    } else
      throw UsageError{"--engine: unknown key '" + std::string(k) + "'"};
  }
  if (e.program.empty()) throw UsageError{"--engine needs cmd=PATH"};
  return e;
}

std::vector<GameLine> read_lines(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::vector<GameLine> out;
  std::string line, err;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.empty()) continue;
    auto g = parse_game_line(line, &err);
    if (!g) throw std::runtime_error(path + ":" + std::to_string(n) + ": " + err);
    out.push_back(std::move(*g));
  }
  return out;
}

int run(Args& args) {
  MatchConfig c;
  c.concurrency = int(std::max(1u, std::thread::hardware_concurrency()));
  int engines = 0;
  std::optional<TimeControl> both, own[2];
  double odds = 1, node_odds = 1;
  std::string openings_path, summary_path;
  bool quiet = false;
  while (!args.done()) {
    const std::string_view opt = args.next();
    if (opt == "--engine") {
      if (engines == 2) throw UsageError{"a match has two engines"};
      c.engine[engines] = engine_spec(args, own[engines]);
      ++engines;
    } else if (opt == "--tc")
      both = time_control(args.value(opt));
    else if (opt == "--time-odds") {
      odds = real(args.value(opt), "--time-odds");
      if (!(odds > 0 && odds < 1e6)) throw UsageError{"--time-odds must be positive"};
    } else if (opt == "--node-odds") {
      node_odds = real(args.value(opt), "--node-odds");
      if (!(node_odds > 0 && node_odds < 1e6)) throw UsageError{"--node-odds must be positive"};
    } else if (opt == "--openings")
      openings_path = args.value(opt);
    else if (opt == "--pairs")
      c.pairs = uint64_t(number(args.value(opt), "--pairs", 1, int64_t(1) << 40));
    else if (opt == "--concurrency")
      c.concurrency = int(number(args.value(opt), "--concurrency", 1, 1024));
    else if (opt == "--shard") {
      const std::string_view v = args.value(opt);
      const size_t slash = v.find('/');
      if (slash == std::string_view::npos) throw UsageError{"--shard takes K/N"};
      c.shards = int(number(v.substr(slash + 1), "--shard N", 1, 1 << 20));
      c.shard = int(number(v.substr(0, slash), "--shard K", 1, c.shards));
    } else if (opt == "--sprt")
      c.sprt = sprt(args.value(opt));
    else if (opt == "--out")
      c.jsonl_path = args.value(opt);
    else if (opt == "--records")
      c.records_dir = args.value(opt);
    else if (opt == "--kif")
      c.kif = true;
    else if (opt == "--max-plies")
      c.game.max_plies = int(number(args.value(opt), "--max-plies", 1, 100000));
    else if (opt == "--margin-ms")
      c.game.margin_ms = number(args.value(opt), "--margin-ms", 0, 3'600'000);
    else if (opt == "--handshake-ms")
      c.game.handshake_timeout = std::chrono::milliseconds(number(args.value(opt), "--handshake-ms", 1, 3'600'000));
    else if (opt == "--hang-ms")
      c.game.unclocked_limit_ms = number(args.value(opt), "--hang-ms", 1, 86'400'000);
    else if (opt == "--resign") {
      for (const auto& [k, v] : key_values(args.value(opt), "--resign")) {
        if (k == "moves")
          c.game.adjudication.resign_moves = int(number(v, "--resign moves", 1, 1000));
        else if (k == "cp")
          c.game.adjudication.resign_cp = int(number(v, "--resign cp", 1, 100000));
        else
          throw UsageError{"--resign: unknown key '" + k + "' (moves, cp)"};
      }
      if (!c.game.adjudication.resign_moves || !c.game.adjudication.resign_cp)
        throw UsageError{"--resign needs moves and cp"};
    } else if (opt == "--draw") {
      for (const auto& [k, v] : key_values(args.value(opt), "--draw")) {
        if (k == "from")
          c.game.adjudication.draw_from_ply = int(number(v, "--draw from", 0, 100000));
        else if (k == "moves")
          c.game.adjudication.draw_moves = int(number(v, "--draw moves", 1, 1000));
        else if (k == "cp")
          c.game.adjudication.draw_cp = int(number(v, "--draw cp", 0, 100000));
        else
          throw UsageError{"--draw: unknown key '" + k + "' (from, moves, cp)"};
      }
      if (!c.game.adjudication.draw_moves) throw UsageError{"--draw needs moves"};
    } else if (opt == "--summary-json")
      summary_path = args.value(opt);
    else if (opt == "--quiet")
      quiet = true;
    else
      throw UsageError{"unknown option '" + std::string(opt) + "'"};
  }
  if (engines != 2) throw UsageError{"a match needs two --engine"};
  if (c.kif && c.records_dir.empty()) throw UsageError{"--kif needs --records"};
  for (int s : {0, 1}) {
    if (!own[s] && !both) throw UsageError{"no time control: --tc, or tc= for each engine"};
    c.tc[s] = own[s] ? *own[s] : *both;
  }
  if (node_odds != 1 && !c.tc[FIRST].nodes)
    throw UsageError{"--node-odds needs a node limit (nodes=N) for the first engine"};
  c.tc[FIRST] = c.tc[FIRST].scaled(odds).nodes_scaled(node_odds);
  if (openings_path.empty()) {
    c.openings = {std::string(Position::kStartSfen)};
  } else {
    std::string err;
    auto o = load_openings(openings_path, &err);
    if (!o) throw std::runtime_error(err);
    c.openings = std::move(*o);
  }
  // Node and depth limits make a game a function of its opening and colours: a pair past the
  // openings replays an earlier pair move for move, which is no new evidence.
  const auto fixed = [](const TimeControl& t) { return t.nodes || t.depth; };
  if (fixed(c.tc[FIRST]) && fixed(c.tc[SECOND]) && c.pairs > c.openings.size())
    std::cerr << "warning: " << c.pairs << " pairs on " << c.openings.size()
              << " openings under node or depth limits: the pairs past the openings repeat earlier games move for "
                 "move\n";
  if (c.engine[FIRST].name.empty() && c.engine[SECOND].name.empty())
    c.engine[FIRST].name = "first", c.engine[SECOND].name = "second";
  else if (c.engine[FIRST].name == c.engine[SECOND].name)
    throw UsageError{"the two engines need different names"};

  const MatchOutcome outcome = run_match(c, quiet ? nullptr : &std::cerr);
  std::string err;
  const auto summary = summarize(outcome.games, &err);
  if (!summary) throw std::runtime_error(err);
  std::cout << "Time control: " << c.engine[FIRST].name << " " << c.tc[FIRST].text() << ", " << c.engine[SECOND].name
            << " " << c.tc[SECOND].text() << "\n"
            << format_summary(*summary, c.sprt);
  if (outcome.stopped_by_sprt) std::cout << "Stopped by the SPRT.\n";
  if (!summary_path.empty()) {
    std::ofstream f(summary_path);
    f << summary_json(*summary, c.sprt) << "\n";
    if (!f) throw std::runtime_error("cannot write " + summary_path);
  }
  return 0;
}

int merge(Args& args) {
  std::vector<GameLine> games;
  std::optional<Sprt> s;
  bool json = false;
  int files = 0;
  while (!args.done()) {
    const std::string_view a = args.next();
    if (a == "--sprt")
      s = sprt(args.value(a));
    else if (a == "--json")
      json = true;
    else if (a.starts_with("--"))
      throw UsageError{"unknown option '" + std::string(a) + "'"};
    else {
      auto part = read_lines(std::string(a));
      games.insert(games.end(), part.begin(), part.end());
      ++files;
    }
  }
  if (!files) throw UsageError{"merge needs at least one file"};
  std::string err;
  const auto summary = summarize(games, &err);
  if (!summary) throw std::runtime_error(err);
  std::cout << (json ? summary_json(*summary, s) + "\n" : format_summary(*summary, s));
  return 0;
}

int openings(Args& args) {
  OpeningRecipe r;
  while (!args.done()) {
    const std::string_view a = args.next();
    if (a == "--count")
      r.count = int(number(args.value(a), "--count", 1, 1'000'000));
    else if (a == "--seed")
      r.seed = uint64_t(number(args.value(a), "--seed", 0, INT64_MAX));
    else if (a == "--plies") {
      const std::string_view v = args.value(a);
      const size_t dash = v.find('-');
      if (dash == std::string_view::npos) throw UsageError{"--plies takes MIN-MAX"};
      r.min_plies = int(number(v.substr(0, dash), "--plies MIN", 0, 200));
      r.max_plies = int(number(v.substr(dash + 1), "--plies MAX", r.min_plies, 200));
    } else if (a == "--pick-depth")
      r.pick_depth = int(number(args.value(a), "--pick-depth", 2, 20));
    else if (a == "--pick-margin")
      r.pick_margin_cp = int(number(args.value(a), "--pick-margin", 0, 10000));
    else if (a == "--keep-depth")
      r.keep_depth = int(number(args.value(a), "--keep-depth", 1, 30));
    else if (a == "--keep-cp")
      r.keep_cp = int(number(args.value(a), "--keep-cp", 0, 10000));
    else
      throw UsageError{"unknown option '" + std::string(a) + "'"};
  }
  const auto set = generate_openings(r, &std::cerr);
  std::cout << "# " << set.size() << " openings by build/bin/match openings " << r.describe() << "\n";
  for (const std::string& sfen : set) std::cout << sfen << "\n";
  return int(set.size()) == r.count ? 0 : 1;
}

int check(Args& args) {
  int bad = 0, files = 0;
  while (!args.done()) {
    const std::string path(args.next());
    ++files;
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    std::string err;
    const auto g = in ? parse_csa(text.str(), &err) : std::nullopt;
    if (!in) err = "cannot read";
    if (g)
      std::cout << path << ": " << g->moves.size() << " legal moves, %" << g->end << "\n";
    else
      std::cout << path << ": " << err << "\n", ++bad;
  }
  if (!files) throw UsageError{"check needs at least one file"};
  return bad ? 1 : 0;
}

}  // namespace
}  // namespace sashite::match

int main(int argc, char** argv) {
  using namespace sashite::match;
  const std::string_view cmd = argc > 1 ? argv[1] : "";
  Args args(argc, argv, 2);
  try {
    if (cmd == "run") return run(args);
    if (cmd == "merge") return merge(args);
    if (cmd == "openings") return openings(args);
    if (cmd == "check") return check(args);
    if (cmd == "help" || cmd == "--help") {
      std::cout << kUsage;
      return 0;
    }
    throw UsageError{cmd.empty() ? "no command" : "unknown command '" + std::string(cmd) + "'"};
  } catch (const UsageError& e) {
    std::cerr << "match: " << e.what << "\n" << kUsage;
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "match: " << e.what() << "\n";
    return 1;
  }
}
