// The one registry pattern of every variant family (generators, hand layouts, key schemes, TT
// layouts, dirty kernels, superiority methods, mate solvers and tables): a family is an X-macro
// list of types, one line per variant,
//
//   #define SASHITE_FOR_EACH_HAND_LAYOUT(X) X(HandPadded32) X(HandBonanza21) ...
//   using RegisteredHands = SASHITE_TYPE_LIST(SASHITE_FOR_EACH_HAND_LAYOUT);
//   static_assert(all_types<RegisteredHands>([]<class H> { return HandLayout<H>; }));
//
// The X-macro exists only for what C++ cannot do from a type list, explicit instantiations in a
// .cpp; every reader (the USI options, bench, tests, tools, the match runner's engines) goes
// through the type list with for_each_type, so one new line reaches all of them.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

namespace sashite {

template <class... Ts>
struct TypeList {
  static constexpr std::size_t size = sizeof...(Ts);
};

namespace detail {
template <class... Ts>
struct AfterVoid;
template <class... Ts>
struct AfterVoid<void, Ts...> {
  using type = TypeList<Ts...>;
};
template <class... Lists>
struct Concat;
template <>
struct Concat<> {
  using type = TypeList<>;
};
template <class... Ts>
struct Concat<TypeList<Ts...>> {
  using type = TypeList<Ts...>;
};
template <class... As, class... Bs, class... Rest>
struct Concat<TypeList<As...>, TypeList<Bs...>, Rest...> : Concat<TypeList<As..., Bs...>, Rest...> {};
template <std::size_t I, class List>
struct At;
template <std::size_t I, class T, class... Ts>
struct At<I, TypeList<T, Ts...>> : At<I - 1, TypeList<Ts...>> {};
template <class T, class... Ts>
struct At<0, TypeList<T, Ts...>> {
  using type = T;
};
}  // namespace detail

// The list of an X-macro registry. The leading void lets every entry expand to ", T": an entry
// may itself hold a comma inside angle brackets only if the macro argument is parenthesised,
// so registries with template arguments use an alias (AdditiveKey<Hand64> has one argument).
#define SASHITE_REGISTRY_ENTRY(T) , T
#define SASHITE_TYPE_LIST(FOR_EACH) ::sashite::detail::AfterVoid<void FOR_EACH(SASHITE_REGISTRY_ENTRY)>::type

// A family of class templates over one parameter (TT layouts over a key scheme, mate solvers
// over a table) is listed as Template<S>; S<T> is then typename Template<S>::template With<T>.
template <template <class> class S>
struct Template {
  template <class T>
  using With = S<T>;
};
#define SASHITE_REGISTRY_TEMPLATE(S) , ::sashite::Template<S>
#define SASHITE_TEMPLATE_LIST(FOR_EACH) ::sashite::detail::AfterVoid<void FOR_EACH(SASHITE_REGISTRY_TEMPLATE)>::type

template <class... Lists>
using ConcatTypes = typename detail::Concat<Lists...>::type;
template <std::size_t I, class List>
using TypeAt = typename detail::At<I, List>::type;

// Calls f.template operator()<T>() for every T of List, in registry order.
template <class List, class F>
constexpr void for_each_type(F&& f) {
  [&]<class... Ts>(TypeList<Ts...>*) { (f.template operator()<Ts>(), ...); }(static_cast<List*>(nullptr));
}

// True when pred.template operator()<T>() holds for every T of List: a family's concept check,
// static_assert(all_types<List>([]<class T> { return Concept<T>; })).
template <class List, class Pred>
constexpr bool all_types(Pred pred) {
  return [&]<class... Ts>(TypeList<Ts...>*) {
    return (pred.template operator()<Ts>() && ...);
  }(static_cast<List*>(nullptr));
}

// Every T::name of List, in registry order.
template <class List>
constexpr auto type_names() {
  return [&]<class... Ts>(TypeList<Ts...>*) {
    return std::array<std::string_view, sizeof...(Ts)>{std::string_view(Ts::name)...};
  }(static_cast<List*>(nullptr));
}

// The index in List of the T whose T::name is `name`, List::size if none is (a build option's
// choice, checked by a static_assert).
template <class List>
constexpr std::size_t type_index(std::string_view name) {
  constexpr auto names = type_names<List>();
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return i;
  return names.size();
}

// The build option's choice: TypeAt<I, List>, or the first type when I is out of range, so that
// the chooser's static_assert on I is the only error an unknown name gives.
template <class List, std::size_t I>
using ChosenType = TypeAt<(I < List::size ? I : 0), List>;

// Calls f.template operator()<T>() for the T of List whose T::name is `name`; false if none
// is (the run-time choice of a USI option or a command-line flag).
template <class List, class F>
constexpr bool visit_by_name(std::string_view name, F&& f) {
  bool found = false;
  for_each_type<List>([&]<class T>() {
    if (!found && std::string_view(T::name) == name) {
      found = true;
      f.template operator()<T>();
    }
  });
  return found;
}

}  // namespace sashite
