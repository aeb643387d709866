// Texel tuning of the evaluation's weights, effect terms and material (search/evaluate.h, eval::EvalWeights) on
// the project's own games (Peter Österlund, Texel's tuning method (2014)): quiet positions from
// the match runner's game files, each labelled with its game's result, and the weights that
// minimise the squared error between the result and a logistic of the evaluation.
//
//   texel_tune [--every N] [--skip PLIES] [--rounds N] games.jsonl...
//   texel_tune [--every N] [--skip PLIES] --dump FILE games.jsonl...
//   texel_tune [--rounds N] [--freeze NAME,...] --labels FILE
//
// --dump writes the kept positions (SFEN, Black's points, game index) instead of tuning;
// scripts/label_positions.py searches each with another engine and appends its score; --labels
// then fits the evaluation to those scores instead of the results (the labels' own logistic
// scale fitted to the results first, so an engine's centipawns of any size become win rates).
// --freeze keeps the named weights at their defaults (in either mode).
// A game's result says little about one position in it; a stronger engine's search score of
// that position says more (the labels of Stockfish's and YaneuraOu's evaluation training are
// search scores for this reason).
//
// A position is kept when it is at least --skip plies into its game (after the opening's), its
// side to move is not in check, the game's next move there captures nothing, and its material
// balance is below 3000 cp; every --every-th such position of a game is taken (default 2), so
// consecutive positions of one game weigh less. Every fifth game is held out: its loss is
// reported beside the training loss, so an overfit shows. The logistic's scale K is fitted
// first, on the default weights, and kept. Then coordinate descent: each weight tried one step
// up and down, kept where the training loss falls, the step halved when a round changes
// nothing (4, 2, 1); the answer is the round with the lowest held-out loss (early stopping:
// the defaults if no round beats them). Prints Markdown: the data, K, the losses, and each
// weight's default and tuned value, and the tuned array as a C++ initializer.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "engine/usi_text.h"
#include "movegen_full/movegen.h"
#include "search/evaluate.h"
#include "tools/study/command_line.h"

namespace sashite {
namespace {

using Pos = BasicPosition<DefaultHand>;

struct Sample {
  Pos pos;
  StateInfo st;
  double result;  // Black's points: 1, 1/2 or 0
  double label;   // --labels: another engine's search score from Black's side, in its own scale
  double target;  // what the evaluation's logistic is fitted to: the result, or the label's logistic
  size_t game;    // the game's index among the files' replayed games (held out when % 5 == 4)
};

struct Data {
  std::vector<std::unique_ptr<Sample>> train, held_out;
  size_t games = 0, skipped_games = 0;
};

struct Options {
  int every = 2;
  int skip = 12;
  int rounds = 30;
  std::string dump;    // --dump FILE: write the kept positions there instead of tuning
  std::string labels;  // --labels FILE: fit to these scores (scripts/label_positions.py) instead
  std::vector<bool> frozen = std::vector<bool>(eval::kEvalWeightCount);  // --freeze a,b: kept at the defaults
  std::vector<std::string> files;
};

// The string value of "key":"..." in one JSON line (the runner's values hold no escapes).
std::string json_string(const std::string& line, const std::string& key) {
  const std::string tag = "\"" + key + "\":\"";
  const size_t at = line.find(tag);
  if (at == std::string::npos) return {};
  const size_t begin = at + tag.size(), end = line.find('"', begin);
  return end == std::string::npos ? std::string() : line.substr(begin, end - begin);
}

Move find_move(const Pos& pos, std::string_view usi) {
  for (const ExtMove& e : MoveList<GenType::LegalAll>(pos))
    if (to_usi(e.move) == usi) return e.move;
  return MOVE_NONE;
}

// One game's positions into `out`; false when the game's text does not replay.
bool add_game(const std::string& line, size_t game, const Options& o, std::vector<std::unique_ptr<Sample>>& out) {
  const std::string result = json_string(line, "result"), opening = json_string(line, "opening");
  const double black_points = result == "1-0" ? 1.0 : result == "0-1" ? 0.0 : result == "1/2-1/2" ? 0.5 : -1;
  if (black_points < 0 || opening.empty()) return false;
  std::vector<StateInfo> states(1);
  states.reserve(1024);
  auto pos = std::make_unique<Pos>();
  if (pos->set(opening, &states[0])) return false;
  const std::string moves = json_string(line, "moves");
  size_t at = 0;
  int ply = 0, quiet = 0;
  while (at < moves.size()) {
    size_t end = moves.find(' ', at);
    if (end == std::string::npos) end = moves.size();
    const std::string_view word(moves.data() + at, end - at);
    at = end + 1;
    if (word.empty()) continue;
    const Move m = find_move(*pos, word);
    if (m == MOVE_NONE || states.size() == states.capacity()) return false;
    if (ply >= o.skip && !pos->in_check() && !pos->is_capture(m) && std::abs(material(*pos)) < 3000 &&
        quiet++ % o.every == 0) {
      auto s = std::make_unique<Sample>();
      s->pos.set(pos->sfen(), &s->st);
      s->result = s->target = black_points;
      s->game = game;
      out.push_back(std::move(s));
    }
    states.emplace_back();
    pos->do_move(m, states.back());
    ++ply;
  }
  return true;
}

Data load(const Options& o) {
  Data d;
  for (const std::string& file : o.files) {
    std::ifstream in(file);
    if (!in) {
      std::fprintf(stderr, "texel_tune: cannot read %s\n", file.c_str());
      std::exit(2);
    }
    for (std::string line; std::getline(in, line);) {
      if (line.empty()) continue;
      auto& into = d.games % 5 == 4 ? d.held_out : d.train;
      if (add_game(line, d.games, o, into))
        ++d.games;
      else
        ++d.skipped_games;
    }
  }
  return d;
}

// label_positions.py's lines: SFEN, Black's points, game index, the label (Black's side).
Data load_labels(const Options& o) {
  Data d;
  std::ifstream in(o.labels);
  if (!in) {
    std::fprintf(stderr, "texel_tune: cannot read %s\n", o.labels.c_str());
    std::exit(2);
  }
  std::set<size_t> games;
  for (std::string line; std::getline(in, line);) {
    const size_t t1 = line.find('\t'), t2 = line.find('\t', t1 + 1), t3 = line.find('\t', t2 + 1);
    if (t3 == std::string::npos) {
      ++d.skipped_games;
      continue;
    }
    auto s = std::make_unique<Sample>();
    if (s->pos.set(line.substr(0, t1), &s->st)) {
      ++d.skipped_games;
      continue;
    }
    s->result = s->target = std::atof(line.c_str() + t1 + 1);
    const size_t game = std::strtoull(line.c_str() + t2 + 1, nullptr, 10);
    s->label = std::atof(line.c_str() + t3 + 1);
    s->game = game;
    games.insert(game);
    (game % 5 == 4 ? d.held_out : d.train).push_back(std::move(s));
  }
  d.games = games.size();
  return d;
}

double logistic(double x, double k) { return 1 / (1 + std::exp(-x / k)); }

double black_eval(const Pos& pos) {
  const Value v = evaluate(pos);
  return pos.side_to_move() == BLACK ? v : -v;
}

double loss(const std::vector<std::unique_ptr<Sample>>& samples, double k) {
  double sum = 0;
  for (const auto& s : samples) {
    const double p = logistic(black_eval(s->pos), k);
    sum += (s->target - p) * (s->target - p);
  }
  return samples.empty() ? 0 : sum / double(samples.size());
}

// Golden-section search over [20, 20000] of the k that minimises f(k).
template <typename F>
double golden_section(F f) {
  double lo = 20, hi = 20000;
  const double g = (std::sqrt(5.0) - 1) / 2;
  for (int i = 0; i < 40; ++i) {
    const double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
    if (f(a) < f(b))
      hi = b;
    else
      lo = a;
  }
  return (lo + hi) / 2;
}

// The evaluation's K, on the default weights.
double fit_k(const std::vector<std::unique_ptr<Sample>>& samples) {
  return golden_section([&](double k) { return loss(samples, k); });
}

// --labels: the labels' own scale, fitted to the games' results, then every target set to the
// label's logistic, so the evaluation is fitted to the labelling engine's judgement in win-rate
// terms whatever its centipawn scale.
double fit_label_scale(Data& d) {
  const double k = golden_section([&](double kl) {
    double sum = 0;
    for (const auto& s : d.train) {
      const double miss = s->result - logistic(s->label, kl);
      sum += miss * miss;
    }
    return sum;
  });
  for (auto* part : {&d.train, &d.held_out})
    for (auto& s : *part) s->target = logistic(s->label, k);
  return k;
}

// The kept positions, one a line: SFEN, Black's points, the game's index (the held-out split
// is by game: index % 5 == 4). The input of scripts/label_positions.py.
int dump(const Options& o) {
  const Data d = load(o);
  std::FILE* out = std::fopen(o.dump.c_str(), "w");
  if (!out) {
    std::fprintf(stderr, "texel_tune: cannot write %s\n", o.dump.c_str());
    return 2;
  }
  for (const auto* part : {&d.train, &d.held_out})
    for (const auto& s : *part) std::fprintf(out, "%s\t%.1f\t%zu\n", s->pos.sfen().c_str(), s->result, s->game);
  std::fprintf(stderr, "texel_tune: %zu positions of %zu games written to %s\n", d.train.size() + d.held_out.size(),
               d.games, o.dump.c_str());
  return std::fclose(out) == 0 ? 0 : 2;
}

int run(const Options& o) {
  if (!o.dump.empty()) return dump(o);
  Data d = o.labels.empty() ? load(o) : load_labels(o);
  const double label_k = o.labels.empty() ? 0 : fit_label_scale(d);
  if (d.train.empty()) {
    std::fprintf(stderr, "texel_tune: no positions\n");
    return 2;
  }
  eval::set_eval_weights(eval::kDefaultEvalWeights);
  double k = fit_k(d.train), kept_k = k;
  const double fit_k_default = k;
  const double train0 = loss(d.train, k), held0 = loss(d.held_out, k);
  // With labels the evaluation's scale is fitted again after every round: the labelling
  // engine's judgement and the default weights may disagree enough that K, fitted once on the
  // defaults, holds the tuned weights to the defaults' noise. (Results keep Texel's one K.)
  const bool refit_k = !o.labels.empty();

  // Early stopping: the weights answered are those of the round with the lowest held-out loss.
  eval::EvalWeights w = eval::kDefaultEvalWeights, kept = w;
  double best = train0, kept_train = train0, held1 = held0;
  int rounds = 0, kept_round = 0;
  for (int step = 4; step >= 1 && rounds < o.rounds;) {
    bool improved = false;
    for (int i = 0; i < eval::kEvalWeightCount; ++i) {
      if (o.frozen[size_t(i)]) continue;
      for (int dir : {+1, -1}) {
        eval::EvalWeights t = w;
        t[size_t(i)] += dir * step;
        eval::set_eval_weights(t);
        const double l = loss(d.train, k);
        if (l < best) {
          best = l, w = t, improved = true;
          break;
        }
      }
    }
    ++rounds;
    eval::set_eval_weights(w);
    if (refit_k) k = fit_k(d.train), best = loss(d.train, k);
    const double held = loss(d.held_out, k);
    std::fprintf(stderr, "round %d step %d K %.1f training loss %.7f held-out loss %.7f\n", rounds, step, k, best,
                 held);
    // Without held-out games (fewer than five) the last round is kept.
    if (held < held1 || d.held_out.empty()) held1 = held, kept = w, kept_train = best, kept_round = rounds, kept_k = k;
    if (!improved) step /= 2;
  }
  w = kept;
  best = kept_train;
  eval::set_eval_weights(w);

  std::printf("Games: %zu (%zu skipped), positions: %zu training, %zu held out (every fifth game)\n\n", d.games,
              d.skipped_games, d.train.size(), d.held_out.size());
  if (!o.labels.empty()) {
    std::printf("Targets: the labels of %s, their logistic scale fitted to the results: %.1f\n\n", o.labels.c_str(),
                label_k);
    // Where the default evaluation and the labels part most: the positions to read first.
    eval::set_eval_weights(eval::kDefaultEvalWeights);
    std::vector<std::pair<double, const Sample*>> gaps;
    for (const auto& s : d.train)
      gaps.emplace_back(std::abs(logistic(black_eval(s->pos), fit_k_default) - s->target), s.get());
    std::sort(gaps.begin(), gaps.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    std::printf("| largest gaps (defaults) | evaluation (Black) | label (Black) |\n|---|---|---|\n");
    for (size_t i = 0; i < std::min<size_t>(8, gaps.size()); ++i)
      std::printf("| %s | %.0f | %.0f |\n", gaps[i].second->pos.sfen().c_str(), black_eval(gaps[i].second->pos),
                  gaps[i].second->label);
    std::printf("\n");
    eval::set_eval_weights(w);
  }
  std::printf(
      "K = %.1f on the defaults, %.1f on the tuned weights; rounds %d, the weights of round %d kept (lowest "
      "held-out loss)\n\n| loss | default | tuned |\n|---|---|---|\n",
      fit_k_default, kept_k, rounds, kept_round);
  std::printf("| training | %.7f | %.7f |\n| held out | %.7f | %.7f |\n\n", train0, best, held0, held1);
  std::printf("| weight | default | tuned |\n|---|---|---|\n");
  for (int i = 0; i < eval::kEvalWeightCount; ++i)
    std::printf("| %.*s | %d | %d |\n", int(eval::kEvalWeightNames[size_t(i)].size()),
                eval::kEvalWeightNames[size_t(i)].data(), eval::kDefaultEvalWeights[size_t(i)], w[size_t(i)]);
  std::printf("\n```\n{");
  for (int i = 0; i < eval::kEvalWeightCount; ++i) std::printf("%s%d", i ? ", " : "", w[size_t(i)]);
  std::printf("}\n```\n");
  return 0;
}

}  // namespace
}  // namespace sashite

int main(int argc, char** argv) {
  using sashite::study::CommandLine;
  sashite::Options o;
  const CommandLine cl{"texel_tune",
                       "texel_tune [--every N] [--skip PLIES] [--rounds N] [--dump FILE] games.jsonl... | "
                       "texel_tune [--rounds N] [--freeze NAME,...] --labels FILE"};
  auto positive = [&](const char* v, const char* what) {
    char* end = nullptr;
    const long n = std::strtol(v, &end, 10);
    if (*end || n < 1 || n > 100000) cl.fail(std::string(what) + " must be an integer from 1 to 100000");
    return int(n);
  };
  cl.parse(argc, argv,
           {{"--every", [&](const char* v) { o.every = positive(v, "--every"); }},
            {"--skip", [&](const char* v) { o.skip = positive(v, "--skip"); }},
            {"--rounds", [&](const char* v) { o.rounds = positive(v, "--rounds"); }},
            {"--dump", [&](const char* v) { o.dump = v; }},
            {"--labels", [&](const char* v) { o.labels = v; }},
            {"--freeze",
             [&](const char* v) {
               std::string names(v);
               std::replace(names.begin(), names.end(), ',', ' ');
               std::string_view rest = names;
               for (std::string_view name; !(name = sashite::usi::next_word(rest)).empty();) {
                 const std::optional<int> i = sashite::eval::eval_weight_index(name);
                 if (!i) cl.fail("--freeze: no weight named " + std::string(name));
                 o.frozen[size_t(*i)] = true;
               }
             }}},
           [&](const char* file) { o.files.emplace_back(file); });
  if (o.files.empty() == o.labels.empty()) cl.fail("game files or --labels FILE (one of the two)");
  return sashite::run(o);
}
