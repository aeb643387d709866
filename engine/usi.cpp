#include "engine/usi.h"

#include <charconv>
#include <iostream>
#include <sstream>

#include "engine/position.h"

namespace sashite::usi {

std::string_view trim(std::string_view text) {
  constexpr std::string_view kSpace = " \t\r\n\v\f";
  const size_t first = text.find_first_not_of(kSpace);
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(kSpace) - first + 1);
}

std::optional<int> parse_int(std::string_view text, int lo, int hi) {
  int v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || v < lo || v > hi) return std::nullopt;
  return v;
}

PositionCommand parse_position(std::string_view args) {
  std::istringstream is{std::string(args)};
  PositionCommand c;
  std::string word;
  bool has_moves = false;
  is >> word;
  if (word == "startpos") {
    c.sfen = Position::kStartSfen;
    word.clear();
    is >> word;
    if (!word.empty() && word != "moves") c.error = "expected 'moves' after 'startpos', got " + quoted(word);
    has_moves = word == "moves";
  } else if (word == "sfen") {
    while (is >> word && !(has_moves = word == "moves")) {
      if (c.sfen.empty() && word == "startpos") {
        c.error = "'startpos' is not an SFEN: write 'position startpos [moves ...]'";
        return c;
      }
      c.sfen += word + " ";
    }
  } else {
    c.error = "expected 'startpos' or 'sfen', got " + quoted(word);
  }
  if (has_moves)
    for (std::string m; is >> m;) c.moves.push_back(m);
  return c;
}

bool Loop::handle(std::string_view line) {
  const std::string_view command = trim(line);
  if (command.empty()) return true;
  const std::string_view word = command.substr(0, command.find_first_of(" \t"));
  if (word == "quit" || word == "stop") {
    stop_ = true;  // a running job ends soon; with none, nothing happens
    if (word == "stop") return true;
    wait();
    return false;
  }
  wait();
  Job job = execute_(command);
  std::cout.flush();
  if (job) {
    stop_ = false;
    worker_ = std::thread([this, job = std::move(job)] {
      job(stop_);
      std::cout.flush();
    });
  }
  return true;
}

void Loop::run(std::istream& in) {
  for (std::string line; std::getline(in, line);)
    if (!handle(line)) return;
  wait();
}

void Loop::run(const std::vector<std::string>& commands) {
  for (const std::string& c : commands)
    if (!handle(c)) return;
  wait();
}

void Loop::wait() {
  if (worker_.joinable()) worker_.join();
}

}  // namespace sashite::usi
