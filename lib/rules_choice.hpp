// How a game's options choose the rules type that plays them. The registry (registry.cpp)
// binds a game of one rules type by that type alone; a game whose options choose among several
// (a board that fits a machine word, a ruleset with rules of its own) says how in its own
// folder, as a type that meets RulesChoice:
//   using Rules = ...;   the rules type that names the game: its id, name, options and facts;
//   template <class Play> static auto with_rules(const json &options, Play &&play);
//                        parses the options (failing as parse_options fails) and returns
//                        play.template operator()<R>(options) with the rules type R that
//                        plays them and the options parsed by R::parse_options, parsed once.
#pragma once

#include <utility>

#include "game.hpp"

namespace ludus {

template <class G>
concept RulesChoice = requires(const json &options) {
    typename G::Rules;
    G::with_rules(options, []<class R>(typename R::Options) { return 0; });
};

// The rules type that names the game of G (its id, name, options and catalogue facts): G's
// Rules where G is a RulesChoice, G itself where G is the one rules type of its game.
template <class G>
struct NamingRules {
    using type = G;
};
template <RulesChoice G>
struct NamingRules<G> {
    using type = typename G::Rules;
};

}  // namespace ludus
