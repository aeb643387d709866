// The USI option table (usi/options.h): one wording per type for a refused value, no
// action run for it; and the USI program's own table, driven in-process through UsiEngine,
// whose `usi` reply is the contract: every option it prints takes its default, and every value
// outside an option's type is refused with one error line and changes nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "engine/types.h"
#include "search/features.h"
#include "usi/usi_engine.h"
#include "usi/options.h"

namespace sashite {
namespace {

using Error = std::optional<std::string>;

// A table of one option per type whose actions record what reached them.
struct RecordingTable {
  RecordingTable() {
    options.add(UsiOption::spin("Size", 8, 1, 64, [this](const OptionValue& v) -> Error {
      applied.push_back("Size=" + std::to_string(v.number));
      return std::nullopt;
    }));
    options.add(UsiOption::check("Flag", true, [this](const OptionValue& v) -> Error {
      applied.push_back("Flag=" + std::to_string(v.number));
      return std::nullopt;
    }));
    options.add(UsiOption::combo(
        "Kind", "b",
        [] {
          return std::vector<std::string>{"a", "b"};
        },
        [this](const OptionValue& v) -> Error {
          if (v.text == "a" && refuse_a) return "a is not available";
          applied.push_back("Kind=" + v.text);
          return std::nullopt;
        }));
    options.add(UsiOption::string("Text", "", [this](const OptionValue& v) -> Error {
      applied.push_back("Text=" + v.text);
      return std::nullopt;
    }));
  }
  std::string value(const char* name) const { return options.find(name)->value; }

  UsiOptions options;
  std::vector<std::string> applied;
  bool refuse_a = false;
};

TEST(UsiOptionTable, PrintsEachTypeInTableOrder) {
  RecordingTable t;
  std::ostringstream out;
  t.options.print(out);
  EXPECT_EQ(out.str(),
            "option name Size type spin default 8 min 1 max 64\n"
            "option name Flag type check default true\n"
            "option name Kind type combo default b var a var b\n"
            "option name Text type string default <empty>\n");
}

TEST(UsiOptionTable, StringsTakeAnyTextAndEmptyIsSpelledOut) {
  RecordingTable t;
  EXPECT_EQ(t.options.set("Text", "a b=c"), std::nullopt);
  EXPECT_EQ(t.value("Text"), "a b=c");
  EXPECT_EQ(t.options.set("Text", "<empty>"), std::nullopt);
  EXPECT_EQ(t.value("Text"), "<empty>");
  EXPECT_EQ(t.applied, (std::vector<std::string>{"Text=a b=c", "Text="}));
}

TEST(UsiOptionTable, CheckedValuesReachTheAction) {
  RecordingTable t;
  EXPECT_EQ(t.options.set("Size", "1"), std::nullopt);
  EXPECT_EQ(t.options.set("Size", "64"), std::nullopt);
  EXPECT_EQ(t.options.set("Flag", "false"), std::nullopt);
  EXPECT_EQ(t.options.set("Kind", "a"), std::nullopt);
  EXPECT_EQ(t.applied, (std::vector<std::string>{"Size=1", "Size=64", "Flag=0", "Kind=a"}));
  EXPECT_EQ(t.value("Size"), "64");
  EXPECT_EQ(t.value("Flag"), "false");
  EXPECT_EQ(t.value("Kind"), "a");
}

TEST(UsiOptionTable, RefusedValuesNameTheTypeAndRunNoAction) {
  RecordingTable t;
  const std::vector<std::pair<std::string, std::string>> refused = {
      {"Size", "0"},
      {"Size", "65"},
      {"Size", "-1"},
      {"Size", "8x"},
      {"Size", "eight"},
      {"Size", ""},
      {"Size", "99999999999999999999"},
      {"Flag", "TRUE"},
      {"Flag", "1"},
      {"Flag", ""},
      {"Kind", "c"},
      {"Kind", "B"},
      {"Kind", ""},
      {"Kind", "a b"},
  };
  const std::vector<std::string> wording = {
      "Size must be an integer from 1 to 64, got ",
      "Flag must be 'true' or 'false', got ",
      "Kind must be one of a, b, got ",
  };
  for (const auto& [name, text] : refused) {
    const Error err = t.options.set(name, text);
    ASSERT_TRUE(err) << name << " " << text;
    const std::string& expected = name == "Size" ? wording[0] : name == "Flag" ? wording[1] : wording[2];
    EXPECT_EQ(*err, expected + sashite::quoted(text));
  }
  EXPECT_EQ(t.applied, std::vector<std::string>{});
  EXPECT_EQ(t.value("Size"), "8");
  EXPECT_EQ(t.value("Flag"), "true");
  EXPECT_EQ(t.value("Kind"), "b");
}

TEST(UsiOptionTable, ActionRefusalIsNamedAndKeepsTheValue) {
  RecordingTable t;
  t.refuse_a = true;
  EXPECT_EQ(t.options.set("Kind", "a"), "Kind: a is not available");
  EXPECT_EQ(t.value("Kind"), "b");
}

TEST(UsiOptionTable, NamesAreExact) {
  RecordingTable t;
  EXPECT_EQ(t.options.set("size", "8"), "unknown option 'size'");
  EXPECT_EQ(t.options.set("Size ", "8"), "unknown option 'Size '");
  EXPECT_EQ(t.options.set("Nope", ""), "unknown option 'Nope'");
  EXPECT_EQ(t.applied, std::vector<std::string>{});
}

// The USI program's engine in-process: what a command printed, line by line.
class UsiProgramOptions : public ::testing::Test {
 protected:
  std::vector<std::string> reply(const std::string& command) {
    out_.str("");
    EXPECT_FALSE(engine_.execute(command)) << command << " started a job";
    std::vector<std::string> lines;
    std::istringstream is(out_.str());
    for (std::string l; std::getline(is, l);) lines.push_back(l);
    return lines;
  }

  // Everything a refused `setoption` must leave as it was.
  struct State {
    std::vector<std::pair<std::string, std::string>> values;
    std::string configuration, sfen;
    std::vector<std::string> usi;
    bool operator==(const State&) const = default;
  };
  State state() {
    State s;
    for (const UsiOption& o : engine_.options().all()) s.values.emplace_back(o.name, o.value);
    s.configuration = engine_.engine().choice().name();
    s.sfen = engine_.engine().sfen();
    s.usi = reply("usi");
    return s;
  }

  std::ostringstream out_;
  UsiEngine engine_{out_};
};

// "option name N type T default D [min A max B] [var V]...", as a GUI reads it.
struct PrintedOption {
  std::string name, type, def;
  int min = 0, max = 0;
  std::vector<std::string> vars;
};

std::vector<PrintedOption> printed_options(const std::vector<std::string>& usi) {
  std::vector<PrintedOption> options;
  for (const std::string& line : usi) {
    std::istringstream is(line);
    std::string word;
    if (!(is >> word) || word != "option") continue;
    PrintedOption o;
    while (is >> word) {
      if (word == "name")
        is >> o.name;
      else if (word == "type")
        is >> o.type;
      else if (word == "default")
        is >> o.def;
      else if (word == "min")
        is >> o.min;
      else if (word == "max")
        is >> o.max;
      else if (word == "var" && is >> word)
        o.vars.push_back(word);
      else
        ADD_FAILURE() << "unexpected word '" << word << "' in " << line;
    }
    options.push_back(o);
  }
  return options;
}

// Values outside the printed option's type: past the range, not a number, not a listed value.
std::vector<std::string> bad_values(const PrintedOption& o) {
  if (o.type == "spin")
    return {std::to_string(o.min - 1), std::to_string(o.max + 1), o.def + "x", "x", "", "1.5", "99999999999999999999"};
  if (o.type == "check") return {"maybe", "TRUE", "1", "0", ""};
  std::string upper = o.def;
  for (char& c : upper) c = char(std::toupper(uint8_t(c)));
  return {"", o.def + "x", upper, "no-such-value"};
}

// The error for a value outside the type, up to ", got '<value>'".
std::string wording(const PrintedOption& o) {
  if (o.type == "spin")
    return o.name + " must be an integer from " + std::to_string(o.min) + " to " + std::to_string(o.max);
  if (o.type == "check") return o.name + " must be 'true' or 'false'";
  std::string list;
  for (const std::string& v : o.vars) list += (list.empty() ? "" : ", ") + v;
  return o.name + " must be one of " + list;
}

TEST_F(UsiProgramOptions, UsiListsTheTableInOrder) {
  const std::vector<PrintedOption> printed = printed_options(reply("usi"));
  std::vector<std::string> names;
  for (const PrintedOption& o : printed) names.push_back(o.name);
  std::vector<std::string> expected{
      "USI_Hash",        "USI_Ponder",  "MoveOverhead",    "MateSolver", "MateTable",     "MateHash",
      "MatePostSearch",  "MateThreads", "MateDoubleCount", "MateTCA",    "MateProofFile", "RootMateShare",
      "MateSafetyShare", "MoveGen",     "HandLayout",      "KeyScheme",  "TTLayout",      "EffectSource",
      "Contempt",        "EvalWeights", "SearchTune"};
  for (const SearchFeatureInfo& f : kSearchFeatures) expected.push_back("Search" + std::string(f.name));
  EXPECT_EQ(names, expected);
  ASSERT_EQ(printed.size(), engine_.options().all().size());
  for (const PrintedOption& o : printed) {
    SCOPED_TRACE(o.name);
    EXPECT_EQ(o.def, engine_.options().find(o.name)->value);
    if (o.type == "spin") {
      EXPECT_LT(o.min, o.max);
    } else if (o.type == "check") {
      EXPECT_TRUE(o.def == "true" || o.def == "false");
    } else if (o.type == "string") {
      EXPECT_EQ(o.def, "<empty>");
    } else {
      EXPECT_NE(std::find(o.vars.begin(), o.vars.end(), o.def), o.vars.end());
    }
  }
}

TEST_F(UsiProgramOptions, EveryPrintedOptionTakesItsDefault) {
  const State before = state();
  for (const PrintedOption& o : printed_options(before.usi)) {
    EXPECT_EQ(reply("setoption name " + o.name + " value " + o.def), std::vector<std::string>{}) << o.name;
  }
  EXPECT_TRUE(state() == before);
}

TEST_F(UsiProgramOptions, EveryValueOutsideTheTypeIsRefusedAndChangesNothing) {
  // Away from the defaults first, so that a refusal resetting an option would show.
  for (const char* set : {"setoption name USI_Hash value 2", "setoption name USI_Ponder value true",
                          "setoption name MoveOverhead value 7", "setoption name MateSolver value and-or",
                          "setoption name MateTable value single", "setoption name MateHash value 3",
                          "setoption name MatePostSearch value none", "setoption name MoveGen value diff",
                          "setoption name HandLayout value hand64", "setoption name TTLayout value two-bounds",
                          "position startpos moves 7g7f"})
    ASSERT_EQ(reply(set), std::vector<std::string>{}) << set;
  const State before = state();
  for (const PrintedOption& o : printed_options(before.usi)) {
    ASSERT_TRUE(o.type == "spin" || o.type == "check" || o.type == "combo" || o.type == "string")
        << o.name << " " << o.type;
    if (o.type == "string" && o.name == "MateProofFile") {
      // A path: any text is one (whether it can be written is said after `go mate`).
      EXPECT_EQ(reply("setoption name MateProofFile value x"), std::vector<std::string>{});
      EXPECT_EQ(reply("setoption name MateProofFile value <empty>"), std::vector<std::string>{});
      continue;
    }
    if (o.type == "string") {
      // Any text has the type: the option's action refuses what it cannot read, naming it.
      for (const char* bad : {"x", "attack_d1=", "no_such_weight=1", "attack_d1=1 x"}) {
        const std::string command = "setoption name " + o.name + " value " + bad;
        const std::vector<std::string> lines = reply(command);
        ASSERT_EQ(lines.size(), 1u) << command;
        EXPECT_TRUE(lines[0].starts_with("info string error: setoption: " + o.name + ": '")) << lines[0];
      }
      continue;
    }
    for (const std::string& bad : bad_values(o)) {
      const std::string command = "setoption name " + o.name + " value " + bad;
      const std::vector<std::string> lines = reply(command);
      ASSERT_EQ(lines.size(), 1u) << command;
      EXPECT_EQ(lines[0], "info string error: setoption: " + wording(o) + ", got " + sashite::quoted(bad)) << command;
    }
  }
  EXPECT_TRUE(state() == before);
}

// The combination exists per part but not as a whole: the action refuses, naming the option.
TEST_F(UsiProgramOptions, UnregisteredCombinationIsRefusedAndChangesNothing) {
  ASSERT_EQ(reply("setoption name HandLayout value bonanza21"), std::vector<std::string>{});
  const State before = state();
  const std::vector<std::string> lines = reply("setoption name KeyScheme value additive");
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_TRUE(lines[0].starts_with("info string error: setoption: KeyScheme: ")) << lines[0];
  EXPECT_TRUE(state() == before);
  EXPECT_EQ(engine_.options().find("HandLayout")->value, "bonanza21");
}

TEST_F(UsiProgramOptions, UnknownOptionIsRefused) {
  const State before = state();
  EXPECT_EQ(reply("setoption name usi_hash value 16"),
            std::vector<std::string>{"info string error: setoption: unknown option 'usi_hash'"});
  EXPECT_EQ(reply("setoption name Move Gen value diff"),
            std::vector<std::string>{"info string error: setoption: unknown option 'Move Gen'"});
  EXPECT_TRUE(state() == before);
}

}  // namespace
}  // namespace sashite
