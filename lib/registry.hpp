// The one place that binds each game's rules to its pictures and its computer player
// (registry.cpp): the catalogue and new games come from here (game.hpp), and so do the bound
// services of code written for one game's rules (the tests).
#pragma once

#include "rules_game.hpp"
#ifndef LUDUS_WITHOUT_PLAYERS
#  include "ai/ai.hpp"
#endif

namespace ludus {

// The pictures and the computer player bound to rules R. A build without computer players
// (LUDUS_WITHOUT_PLAYERS: only registry.cpp is compiled so, for the C ABI's test that the rules
// stand without lib/ai/) binds none.
template <class R>
const Services<R> &services_of() {
#ifdef LUDUS_WITHOUT_PLAYERS
    static const Services<R> bound{&R::render_svg, &R::render_text, nullptr};
#else
    static const Services<R> bound{&R::render_svg, &R::render_text, &ai_choose<R>};
#endif
    return bound;
}

// A game of rules R from a position, bound as the catalogue binds it.
template <Rules R>
std::unique_ptr<RulesGame<R>> bound_game(typename R::Options options, typename R::State start) {
    return std::make_unique<RulesGame<R>>(services_of<R>(), std::move(options), start);
}

}  // namespace ludus
