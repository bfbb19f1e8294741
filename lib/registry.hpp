// The one place that binds each game's rules to its pictures and its computer player
// (registry.cpp): the catalogue and new games come from here (game.hpp), and so do the bound
// services of code written for one game's rules (the tests).
#pragma once

#include "rules_game.hpp"

namespace ludus {

// The pictures and the computer player bound to rules R (defined for every rules type of the
// catalogue). A build without computer players binds none (LUDUS_WITHOUT_PLAYERS).
template <class R>
const Services<R> &services_of();

// A game of rules R from a position, bound as the catalogue binds it.
template <Rules R>
std::unique_ptr<RulesGame<R>> bound_game(typename R::Options options, typename R::State start) {
    return std::make_unique<RulesGame<R>>(services_of<R>(), std::move(options), start);
}

}  // namespace ludus
