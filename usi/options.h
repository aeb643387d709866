// The USI program's options as one table: the `usi` reply prints it in order, and `setoption`
// looks a name up in it, checks the value against the option's type (one error wording per
// type) and hands the checked value to the option's own action. The shape of Stockfish's
// ucioption.h: a name, a type, a default, a range or a list of values, and what a change does.
#pragma once

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sashite {

// A value that passed its option's type check.
struct OptionValue {
  std::string text;  // as given: a spin's digits, "true" or "false", a combo's choice, a string
  int number = 0;    // a spin's integer; a check's 1 or 0
};

struct UsiOption {
  enum class Type { Spin, Check, Combo, String };
  // Applies a checked value: nullopt, or why it could not (and then nothing changed).
  using Apply = std::function<std::optional<std::string>(const OptionValue&)>;
  // A combo's values, read whenever printed or checked: they come from the registries.
  using Values = std::function<std::vector<std::string>()>;

  static UsiOption spin(std::string name, int def, int min, int max, Apply apply);
  static UsiOption check(std::string name, bool def, Apply apply);
  static UsiOption combo(std::string name, std::string def, Values values, Apply apply);
  // Any text; the action checks it. USI writes an empty string "<empty>": so is it printed and
  // kept, and the action receives "".
  static UsiOption string(std::string name, std::string def, Apply apply);

  std::string name;
  Type type = Type::Spin;
  std::string default_value;
  int min = 0, max = 0;  // Spin
  Values values;         // Combo
  Apply apply;
  std::string value;  // in force: the default until a `setoption` of it succeeds
};

class UsiOptions {
 public:
  void add(UsiOption option) { options_.push_back(std::move(option)); }

  // "option name N type T default D [min A max B | var V1 var V2 ...]" per option, in order.
  void print(std::ostream& out) const;
  // `setoption name <name> value <text>`: nullopt when applied, else the error. Nothing
  // changes unless the value has the option's type and its action succeeds.
  std::optional<std::string> set(std::string_view name, const std::string& text);

  const UsiOption* find(std::string_view name) const;
  const std::vector<UsiOption>& all() const { return options_; }

 private:
  std::vector<UsiOption> options_;
};

}  // namespace sashite
