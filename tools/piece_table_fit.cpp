// Fits the evaluation's piece tables to search scores: per non-king kind, a value by square and
// by the offset from its own king and from the enemy king (a king-piece table in its smallest
// form: Hoki, Bonanza's evaluation (2006)), added to the hand-set evaluation so that it reads
// quiet positions as a deeper search of its own does (the static evaluation taught its own
// search's answer in win-rate space: Takizawa, elmo's learning (2017), with lambda 1).
//
//   piece_table_fit [--epochs N] [--k CP] [--l2 X] [--lambda X] [--rate CP] [--header FILE] labels.tsv
//   piece_table_fit --check FILE
//
// labels.tsv: scripts/label_positions.py's lines (SFEN, Black's points, game index, Black's
// score), labelled by sashite itself (e.g. `go depth 8`). Scores beyond +-3000 (mates, won
// games) are left out. Model, Black's view: evaluate(pos) + sum over the non-king pieces of
// sign * (square[kind][sq] + own[kind][offset to own king] + enemy[kind][offset to enemy king]),
// evaluate() read with the fitted tables off, a White piece reading its rotated square and
// offsets with sign -1 (as evaluate.cpp's learned tables do). Loss: cross-entropy between
// sigmoid(target / K) and sigmoid(model / K), target = lambda * score + (1 - lambda) * the
// game's result in win-rate space, plus l2 * sum w^2; full-batch Adam. Every fifth game is held
// out; the epoch with the lowest held-out loss (with nothing held out, training loss) is kept
// and written as a header (--header) that search/evaluate.cpp reads at the
// fitted_tables_percent weight. Prints the losses in Markdown.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "search/evaluate.h"
#include "search/piece_table_fitted.h"
#include "tools/study/command_line.h"

namespace sashite {
namespace {

using Pos = BasicPosition<DefaultHand>;

constexpr int kSquareBase = 0;
constexpr int kOwnBase = int(PIECE_TYPE_NB) * int(SQ_NB);
constexpr int kEnemyBase = kOwnBase + int(PIECE_TYPE_NB) * eval::kKingOffsets;
constexpr int kFeatureCount = kEnemyBase + int(PIECE_TYPE_NB) * eval::kKingOffsets;

struct Sample {
  double base;            // the hand-set evaluation, Black's view
  double target;          // win rate to fit
  uint32_t first, count;  // its features in Data::features
  bool held_out;
};

struct Data {
  std::vector<Sample> samples;
  std::vector<int32_t> features;  // index * 2 + (sign < 0)
  size_t skipped = 0;
};

struct Options {
  int epochs = 400;
  double k = 600, l2 = 1e-6, lambda = 1.0, rate = 2.0;
  std::string header, labels;
};

double sigmoid(double x) { return 1 / (1 + std::exp(-x)); }

void add_features(const Pos& pos, std::vector<int32_t>& out) {
  for (Color c : {BLACK, WHITE}) {
    const Square own = pos.king_square(c), enemy = pos.king_square(~c);
    if (!is_ok(own) || !is_ok(enemy)) return;
    const auto view = [c](Square s) { return c == BLACK ? s : flip(s); };
    const int negative = c == WHITE;
    Bitboard pieces = pos.pieces(c) & ~pos.pieces(KING);
    for_each_square(pieces, [&](Square s) {
      const int pt = type_of(pos.piece_on(s));
      out.push_back((kSquareBase + pt * SQ_NB + view(s)) * 2 + negative);
      out.push_back((kOwnBase + pt * eval::kKingOffsets + eval::king_offset(view(s), view(own))) * 2 + negative);
      out.push_back((kEnemyBase + pt * eval::kKingOffsets + eval::king_offset(view(s), view(enemy))) * 2 + negative);
    });
  }
}

Data load(const Options& o) {
  Data d;
  std::ifstream in(o.labels);
  if (!in) {
    std::fprintf(stderr, "piece_table_fit: cannot read %s\n", o.labels.c_str());
    std::exit(2);
  }
  Pos pos;
  StateInfo st;
  for (std::string line; std::getline(in, line);) {
    const size_t t1 = line.find('\t'), t2 = line.find('\t', t1 + 1), t3 = line.find('\t', t2 + 1);
    if (t3 == std::string::npos || pos.set(line.substr(0, t1), &st)) {
      ++d.skipped;
      continue;
    }
    const double result = std::atof(line.c_str() + t1 + 1), score = std::atof(line.c_str() + t3 + 1);
    if (std::abs(score) > 3000 || pos.in_check()) {
      ++d.skipped;
      continue;
    }
    Sample s;
    const Value v = evaluate(pos);
    s.base = pos.side_to_move() == BLACK ? v : -v;
    s.target = o.lambda * sigmoid(score / o.k) + (1 - o.lambda) * result;
    s.held_out = std::strtoull(line.c_str() + t2 + 1, nullptr, 10) % 5 == 4;
    s.first = uint32_t(d.features.size());
    add_features(pos, d.features);
    s.count = uint32_t(d.features.size()) - s.first;
    d.samples.push_back(s);
  }
  return d;
}

double model(const Data& d, const Sample& s, const std::vector<double>& w) {
  double v = s.base;
  for (uint32_t i = s.first; i < s.first + s.count; ++i) {
    const int32_t f = d.features[i];
    v += f & 1 ? -w[f >> 1] : w[f >> 1];
  }
  return v;
}

double cross_entropy(double target, double q) {
  q = std::clamp(q, 1e-12, 1 - 1e-12);
  return -(target * std::log(q) + (1 - target) * std::log(1 - q));
}

struct Losses {
  double train = 0, held_out = 0;
};

// One pass: both losses, and the training gradient into `grad` (when not null).
Losses pass(const Data& d, const Options& o, const std::vector<double>& w, std::vector<double>* grad) {
  Losses l;
  size_t n_train = 0, n_held = 0;
  if (grad) std::fill(grad->begin(), grad->end(), 0.0);
  for (const Sample& s : d.samples) {
    const double q = sigmoid(model(d, s, w) / o.k);
    // The target's own entropy is subtracted so a perfect fit reads 0.
    const double loss = cross_entropy(s.target, q) - cross_entropy(s.target, s.target);
    if (s.held_out) {
      l.held_out += loss, ++n_held;
      continue;
    }
    l.train += loss, ++n_train;
    if (!grad) continue;
    const double g = (q - s.target) / o.k;
    for (uint32_t i = s.first; i < s.first + s.count; ++i) {
      const int32_t f = d.features[i];
      (*grad)[size_t(f >> 1)] += f & 1 ? -g : g;
    }
  }
  l.train /= double(std::max<size_t>(n_train, 1));
  l.held_out /= double(std::max<size_t>(n_held, 1));
  if (grad)
    for (size_t i = 0; i < grad->size(); ++i)
      (*grad)[i] = (*grad)[i] / double(std::max<size_t>(n_train, 1)) + 2 * o.l2 * w[i];
  return l;
}

void write_table(std::FILE* f, const char* name, const std::vector<int>& w, int base, int cells, int per_row) {
  std::fprintf(f, "inline constexpr std::array<std::array<int16_t, %d>, %d> %s = {{\n", cells, int(PIECE_TYPE_NB),
               name);
  for (int pt = 0; pt < PIECE_TYPE_NB; ++pt) {
    std::fprintf(f, "    {{");
    for (int i = 0; i < cells; ++i)
      std::fprintf(f, "%s%d%s", i % per_row == 0 ? "\n        " : " ", w[size_t(base + pt * cells + i)],
                   i + 1 < cells ? "," : "");
    std::fprintf(f, "}},\n");
  }
  std::fprintf(f, "}};\n\n");
}

int run(const Options& o, const std::string& command) {
  // The tables are fitted on top of the evaluation without them (the default has them on).
  eval::EvalWeights without = eval::kDefaultEvalWeights;
  without[eval::kFittedTablesPercent] = 0;
  eval::set_eval_weights(without);
  const Data d = load(o);
  size_t held = 0;
  for (const Sample& s : d.samples) held += s.held_out;
  std::printf("Positions: %zu (%zu training, %zu held out), %zu skipped; K %.0f, lambda %.2f, l2 %g, %d epochs\n\n",
              d.samples.size(), d.samples.size() - held, held, d.skipped, o.k, o.lambda, o.l2, o.epochs);
  std::vector<double> w(kFeatureCount), grad(kFeatureCount), m(kFeatureCount), v(kFeatureCount), best = w;
  const Losses start = pass(d, o, w, nullptr);
  Losses best_loss = start;
  int best_epoch = 0;
  std::printf("| epoch | training loss | held-out loss |\n|---:|---:|---:|\n| 0 | %.6f | %.6f |\n", start.train,
              start.held_out);
  const double beta1 = 0.9, beta2 = 0.999;
  for (int epoch = 1; epoch <= o.epochs; ++epoch) {
    const Losses l = pass(d, o, w, &grad);
    if (held ? l.held_out < best_loss.held_out : l.train < best_loss.train)
      best_loss = l, best = w, best_epoch = epoch - 1;
    if (epoch % 50 == 0) std::printf("| %d | %.6f | %.6f |\n", epoch - 1, l.train, l.held_out);
    for (size_t i = 0; i < w.size(); ++i) {
      m[i] = beta1 * m[i] + (1 - beta1) * grad[i];
      v[i] = beta2 * v[i] + (1 - beta2) * grad[i] * grad[i];
      const double mh = m[i] / (1 - std::pow(beta1, epoch)), vh = v[i] / (1 - std::pow(beta2, epoch));
      w[i] -= o.rate * mh / (std::sqrt(vh) + 1e-12);
    }
  }
  std::printf("\nKept: epoch %d, training %.6f, held out %.6f (from %.6f, %.6f)\n", best_epoch, best_loss.train,
              best_loss.held_out, start.train, start.held_out);
  if (o.header.empty()) return 0;
  std::vector<int> rounded(kFeatureCount);
  for (size_t i = 0; i < best.size(); ++i) rounded[i] = int(std::lround(std::clamp(best[i], -2000.0, 2000.0)));
  std::FILE* f = std::fopen(o.header.c_str(), "w");
  if (!f) {
    std::fprintf(stderr, "piece_table_fit: cannot write %s\n", o.header.c_str());
    return 2;
  }
  std::fprintf(f,
               "// Generated by tools/piece_table_fit; do not edit. Regenerate with:\n//   %s\n"
               "// %zu positions (%zu held out), held-out loss %.6f -> %.6f at epoch %d.\n"
               "// Centipawns per PieceType (kings 0), the piece's own view (a White piece reads them\n"
               "// rotated): kFittedSquare by Square, kFittedOwnKing and kFittedEnemyKing by the offset from\n"
               "// that king (eval::king_offset).\n#pragma once\n\n#include <array>\n#include <cstdint>\n\n"
               "namespace sashite::eval {\n\n",
               command.c_str(), d.samples.size(), held, start.held_out, best_loss.held_out, best_epoch);
  write_table(f, "kFittedSquare", rounded, kSquareBase, SQ_NB, 9);
  write_table(f, "kFittedOwnKing", rounded, kOwnBase, eval::kKingOffsets, 17);
  write_table(f, "kFittedEnemyKing", rounded, kEnemyBase, eval::kKingOffsets, 17);
  std::fprintf(f, "}  // namespace sashite::eval\n");
  std::fclose(f);
  return 0;
}

// --check: on every position of FILE (its lines' first tab-separated field, an SFEN), the
// evaluation with the compiled tables (search/piece_table_fitted.h) on must equal the evaluation
// without them plus this tool's features read through those tables: the fit and the evaluation
// index the tables alike. Exit 1 on a difference.
int check(const std::string& file) {
  std::ifstream in(file);
  if (!in) {
    std::fprintf(stderr, "piece_table_fit: cannot read %s\n", file.c_str());
    return 2;
  }
  std::vector<double> w(kFeatureCount);
  for (int pt = 0; pt < PIECE_TYPE_NB; ++pt) {
    for (int i = 0; i < SQ_NB; ++i) w[size_t(kSquareBase + pt * SQ_NB + i)] = eval::kFittedSquare[pt][i];
    for (int i = 0; i < eval::kKingOffsets; ++i) {
      w[size_t(kOwnBase + pt * eval::kKingOffsets + i)] = eval::kFittedOwnKing[pt][i];
      w[size_t(kEnemyBase + pt * eval::kKingOffsets + i)] = eval::kFittedEnemyKing[pt][i];
    }
  }
  eval::EvalWeights without = eval::kDefaultEvalWeights, with = without;
  without[eval::kFittedTablesPercent] = 0;
  with[eval::kFittedTablesPercent] = 100;
  Pos pos;
  StateInfo st;
  size_t positions = 0, differ = 0, changed = 0;
  for (std::string line; std::getline(in, line);) {
    if (pos.set(line.substr(0, line.find('\t')), &st)) continue;
    const auto black = [&](const eval::EvalWeights& ws) {
      eval::set_eval_weights(ws);
      const Value v = evaluate(pos);
      return pos.side_to_move() == BLACK ? int(v) : -int(v);
    };
    const int on = black(with), off = black(without);
    if (std::abs(on) >= VALUE_EVAL_MAX || std::abs(off) >= VALUE_EVAL_MAX) continue;  // clamped
    Data d;
    add_features(pos, d.features);
    const Sample s{double(off), 0, 0, uint32_t(d.features.size()), false};
    ++positions;
    changed += on != off;
    if (std::lround(model(d, s, w)) != on) {
      if (differ++ < 5)
        std::fprintf(stderr, "differs: %s (evaluation %d, fit's model %.0f)\n", pos.sfen().c_str(), on, model(d, s, w));
    }
  }
  eval::set_eval_weights(eval::kDefaultEvalWeights);
  std::printf("%zu positions, %zu changed by the tables, %zu where the fit's model and the evaluation differ\n",
              positions, changed, differ);
  return differ || changed == 0 ? 1 : 0;
}

}  // namespace
}  // namespace sashite

int main(int argc, char** argv) {
  using sashite::study::CommandLine;
  sashite::Options o;
  const CommandLine cl{
      "piece_table_fit",
      "piece_table_fit [--epochs N] [--k CP] [--l2 X] [--lambda X] [--rate CP] [--header FILE] labels.tsv | "
      "piece_table_fit --check FILE"};
  auto number = [&](const char* v, const char* what, double lo, double hi) {
    char* end = nullptr;
    const double x = std::strtod(v, &end);
    if (*end || !(x >= lo && x <= hi)) cl.fail(std::string(what) + " is out of range");
    return x;
  };
  std::string command = "tools/piece_table_fit";
  for (int i = 1; i < argc; ++i) command += std::string(" ") + argv[i];
  cl.parse(argc, argv,
           {{"--epochs", [&](const char* v) { o.epochs = int(number(v, "--epochs", 1, 100000)); }},
            {"--k", [&](const char* v) { o.k = number(v, "--k", 10, 10000); }},
            {"--l2", [&](const char* v) { o.l2 = number(v, "--l2", 0, 1); }},
            {"--lambda", [&](const char* v) { o.lambda = number(v, "--lambda", 0, 1); }},
            {"--rate", [&](const char* v) { o.rate = number(v, "--rate", 1e-3, 100); }},
            {"--header", [&](const char* v) { o.header = v; }},
            {"--check", [&](const char* v) { std::exit(sashite::check(v)); }}},
           [&](const char* file) {
             if (!o.labels.empty()) cl.fail("one labels file");
             o.labels = file;
           });
  if (o.labels.empty()) cl.fail("a labels file");
  return sashite::run(o, command);
}
