#include "match/runner.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <mutex>
#include <ostream>
#include <stdexcept>
#include <sys/stat.h>
#include <thread>

#include "match/csa.h"
#include "match/kif.h"

namespace sashite::match {
namespace {

class Match {
 public:
  Match(const MatchConfig& config, std::ostream* progress) : c_(config), progress_(progress) {
    if (c_.openings.empty()) throw std::runtime_error("no openings");
    if (c_.shards < 1 || c_.shard < 1 || c_.shard > c_.shards)
      throw std::runtime_error("shard must be K/N with 1 <= K <= N");
    total_pairs_ = c_.pairs ? c_.pairs : c_.openings.size();
    for (uint64_t p = uint64_t(c_.shard - 1); p < total_pairs_; p += uint64_t(c_.shards)) ++shard_pairs_;
    next_pair_ = uint64_t(c_.shard - 1);
    if (!c_.jsonl_path.empty()) {
      jsonl_.open(c_.jsonl_path, std::ios::out | std::ios::trunc);
      if (!jsonl_) throw std::runtime_error("cannot write " + c_.jsonl_path + ": " + std::strerror(errno));
    }
    if (!c_.records_dir.empty() && mkdir(c_.records_dir.c_str(), 0755) != 0 && errno != EEXIST)
      throw std::runtime_error("cannot create " + c_.records_dir + ": " + std::strerror(errno));
  }

  MatchOutcome run() {
    std::vector<std::thread> workers;
    const int n = std::max(1, std::min<int>(c_.concurrency, int(std::min<uint64_t>(shard_pairs_, 1024))));
    for (int i = 0; i < n; ++i) workers.emplace_back([this] { work(); });
    for (std::thread& t : workers) t.join();
    if (!error_.empty()) throw std::runtime_error(error_);
    return std::move(outcome_);
  }

 private:
  // The next pair of this shard, or nullopt when the shard is done or the SPRT has spoken.
  std::optional<uint64_t> take_pair() {
    std::lock_guard lock(mutex_);
    if (stop_ || next_pair_ >= total_pairs_) return std::nullopt;
    const uint64_t p = next_pair_;
    next_pair_ += uint64_t(c_.shards);
    return p;
  }

  void work() {
    Player first(c_.engine[FIRST]), second(c_.engine[SECOND]);
    while (const auto pair = take_pair()) {
      for (int game : {0, 1}) {
        GameOptions opt = c_.game;
        opt.start_sfen = c_.openings[*pair % c_.openings.size()];
        const Side black = game == 0 ? FIRST : SECOND;
        opt.clock[BLACK] = c_.tc[black];
        opt.clock[WHITE] = c_.tc[1 - black];
        Player& b = game == 0 ? first : second;
        Player& w = game == 0 ? second : first;
        GameRecord rec;
        try {
          rec = play_game(b, w, opt);
        } catch (const std::exception& e) {  // a bad opening: the caller's input
          std::lock_guard lock(mutex_);
          error_ = "pair " + std::to_string(*pair) + ": " + e.what();
          stop_ = true;
          return;
        }
        record(*pair, game, rec);
      }
    }
  }

  void record(uint64_t pair, int game, const GameRecord& rec) {
    GameLine line = make_game_line(pair, game, rec);
    // Labels from the configuration when it names the engines, so that shards agree.
    for (int s : {FIRST, SECOND})
      if (!c_.engine[s].name.empty()) line.engine[s] = c_.engine[s].name;
    std::string csa, kif;
    if (!c_.records_dir.empty()) csa = csa_record(rec);
    if (!c_.records_dir.empty() && c_.kif) kif = kif_record(rec);

    std::lock_guard lock(mutex_);
    if (jsonl_.is_open()) {
      jsonl_ << to_json(line) << '\n' << std::flush;
      if (!jsonl_) error_ = "cannot write " + c_.jsonl_path;
    }
    if (!csa.empty()) {
      char name[64];
      std::snprintf(name, sizeof name, "/pair%06llu-game%d.csa", (unsigned long long)pair, game);
      std::ofstream f(c_.records_dir + name);
      f << csa;
      if (!f) error_ = "cannot write " + c_.records_dir + name;
      if (!kif.empty()) {
        const std::string kif_name = c_.records_dir + std::string(name).replace(std::string(name).size() - 3, 3, "kif");
        std::ofstream k(kif_name);
        k << kif;
        if (!k) error_ = "cannot write " + kif_name;
      }
    }
    outcome_.games.push_back(std::move(line));
    const auto summary = summarize(outcome_.games, nullptr);
    if (!summary) return;
    if (progress_)
      *progress_ << progress_line(*summary, c_.sprt, 2 * shard_pairs_) << "  " << to_string(rec.reason) << std::endl;
    // Stop at a verdict: pairs in flight finish and count, no new pair starts.
    if (c_.sprt && c_.sprt->verdict(summary->pairs) != SprtVerdict::Continue) {
      stop_ = true;
      outcome_.stopped_by_sprt = true;
    }
    if (!error_.empty()) stop_ = true;
  }

  const MatchConfig& c_;
  std::ostream* progress_;
  uint64_t total_pairs_ = 0, shard_pairs_ = 0, next_pair_ = 0;
  std::mutex mutex_;
  bool stop_ = false;
  std::string error_;
  std::ofstream jsonl_;
  MatchOutcome outcome_;
};

}  // namespace

MatchOutcome run_match(const MatchConfig& config, std::ostream* progress) { return Match(config, progress).run(); }

}  // namespace sashite::match
