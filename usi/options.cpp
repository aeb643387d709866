#include "usi/options.h"

#include <algorithm>
#include <ostream>
#include <variant>

#include "engine/types.h"
#include "engine/usi_text.h"

namespace sashite {
namespace {

// The value as the option's type reads it, or the error for a value of another type.
std::variant<OptionValue, std::string> checked(const UsiOption& o, const std::string& text) {
  const std::string got = ", got " + quoted(text);
  switch (o.type) {
    case UsiOption::Type::Spin:
      if (const auto n = usi::parse_int(text, o.min, o.max)) return OptionValue{text, *n};
      return o.name + " must be an integer from " + std::to_string(o.min) + " to " + std::to_string(o.max) + got;
    case UsiOption::Type::Check:
      if (text == "true" || text == "false") return OptionValue{text, text == "true"};
      return o.name + " must be 'true' or 'false'" + got;
    case UsiOption::Type::Combo: {
      const std::vector<std::string> values = o.values();
      if (std::find(values.begin(), values.end(), text) != values.end()) return OptionValue{text, 0};
      std::string list;
      for (const std::string& v : values) list += (list.empty() ? "" : ", ") + v;
      return o.name + " must be one of " + list + got;
    }
    case UsiOption::Type::String: return OptionValue{text == "<empty>" ? std::string() : text, 0};
  }
  return o.name + ": unknown option type";  // unreachable: every type is handled above
}

}  // namespace

UsiOption UsiOption::spin(std::string name, int def, int min, int max, Apply apply) {
  std::string d = std::to_string(def);
  return {std::move(name), Type::Spin, d, min, max, {}, std::move(apply), d};
}

UsiOption UsiOption::check(std::string name, bool def, Apply apply) {
  std::string d = def ? "true" : "false";
  return {std::move(name), Type::Check, d, 0, 0, {}, std::move(apply), d};
}

UsiOption UsiOption::combo(std::string name, std::string def, Values values, Apply apply) {
  std::string d = def;
  return {std::move(name), Type::Combo, std::move(def), 0, 0, std::move(values), std::move(apply), std::move(d)};
}

UsiOption UsiOption::string(std::string name, std::string def, Apply apply) {
  std::string d = def.empty() ? "<empty>" : def;
  return {std::move(name), Type::String, d, 0, 0, {}, std::move(apply), d};
}

void UsiOptions::print(std::ostream& out) const {
  for (const UsiOption& o : options_) {
    out << "option name " << o.name;
    switch (o.type) {
      case UsiOption::Type::Spin:
        out << " type spin default " << o.default_value << " min " << o.min << " max " << o.max;
        break;
      case UsiOption::Type::Check: out << " type check default " << o.default_value; break;
      case UsiOption::Type::Combo:
        out << " type combo default " << o.default_value;
        for (const std::string& v : o.values()) out << " var " << v;
        break;
      case UsiOption::Type::String: out << " type string default " << o.default_value; break;
    }
    out << "\n";
  }
}

std::optional<std::string> UsiOptions::set(std::string_view name, const std::string& text) {
  const auto it = std::find_if(options_.begin(), options_.end(), [name](const UsiOption& o) { return o.name == name; });
  if (it == options_.end()) return "unknown option " + quoted(name);
  auto value = checked(*it, text);
  if (auto* why = std::get_if<std::string>(&value)) return std::move(*why);
  if (auto why = it->apply(std::get<OptionValue>(value))) return it->name + ": " + *why;
  it->value = text;
  return std::nullopt;
}

const UsiOption* UsiOptions::find(std::string_view name) const {
  for (const UsiOption& o : options_)
    if (o.name == name) return &o;
  return nullptr;
}

}  // namespace sashite
