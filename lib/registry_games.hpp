// Every game of the catalogue, in its order: the rules type the registry (registry.cpp) binds
// for each, or the RulesChoice (rules_choice.hpp) whose options choose it. A new game is its
// folder and one line here, with its #include (docs/adding-a-game.md); the registry binds these,
// and the tests of the rules' types loop over them (for_each_game, with_game_rules), so that a
// game registered is tested the day it is.
#pragma once

#include <string_view>
#include <utility>

#include "duodecim/duodecim.hpp"
#include "error.hpp"
#include "json_util.hpp"
#include "latrunculi/latrunculi_choice.hpp"
#include "petteia/petteia.hpp"
#include "rules_choice.hpp"
#include "senet/senet.hpp"
#include "ur/ur.hpp"
#include "xii_scripta/xii_scripta.hpp"

namespace ludus {

template <class... G>
struct GameList {};

using RegisteredGames = GameList<DuodecimRules, PetteiaChoice, XiiScriptaRules, LatrunculiChoice, UrRules, SenetChoice>;

// Calls visit.template operator()<G>() for each registered game G, in the catalogue's order.
template <class Visit>
void for_each_game(Visit &&visit) {
    [&]<class... G>(GameList<G...>) { (visit.template operator()<G>(), ...); }(RegisteredGames{});
}

// Calls play.template operator()<R>(o) with the rules type R that plays game `id` with `options`
// and the options parsed by R::parse_options (failing as it fails); Status::unknown_game for an
// id the catalogue does not have.
template <class Play>
void with_game_rules(std::string_view id, const json &options, Play &&play) {
    bool found = false;
    for_each_game([&]<class G>() {
        if (found || NamingRules<G>::type::id != id) return;
        found = true;
        if constexpr (RulesChoice<G>)
            G::with_rules(options, play);
        else
            play.template operator()<G>(G::parse_options(options));
    });
    if (!found) fail(Status::unknown_game, "unknown game " + json_util::quote(id));
}

}  // namespace ludus
