// Playing the rules forward without a Game: one move with its draw by repetition (advance), a
// uniformly random move, a random playout to the end, and the light recorders of the earlier
// positions they need. RulesGame, the computer players (lib/ai/) and the tests share them.
#pragma once

#include <algorithm>
#include <array>
#include <concepts>
#include <cstdint>
#include <span>
#include <vector>

#include "game.hpp"
#include "history.hpp"
#include "rng.hpp"
#include "rules_concept.hpp"

namespace ludus {

template <class R>
constexpr int dice_count_of() {
    if constexpr (requires { R::dice_count; }) return R::dice_count;
    return 2;
}

// The dice a roll of R throws under options `o`: R::dice_in_roll(o) where the options decide it
// (Ur: three or four), dice_count_of<R>() otherwise.
template <class R>
int dice_in_roll(const typename R::Options &o) {
    if constexpr (requires { R::dice_in_roll(o); })
        return R::dice_in_roll(o);
    else
        return dice_count_of<R>();
}

// The lowest and highest face of R's dice: R::die_lowest and R::die_highest where they are not
// six-sided (Ur's binary dice: 0 and 1), 1 and 6 otherwise.
template <class R>
constexpr std::array<int, 2> die_faces() {
    if constexpr (requires {
                      R::die_lowest;
                      R::die_highest;
                  })
        return {R::die_lowest, R::die_highest};
    else
        return {1, 6};
}

// One die of R thrown with `rng`: uniform over its faces.
template <class R>
int roll_die(Rng &rng) {
    constexpr auto faces = die_faces<R>();
    if constexpr (faces[0] == 1 && faces[1] == 6)
        return rng.die();
    else
        return faces[0] + static_cast<int>(rng.below(static_cast<uint32_t>(faces[1] - faces[0] + 1)));
}

// Plays legal action `a` on `s`, recording it first; then the draw by repetition, which needs
// the earlier positions. `recorder` is the game's history, or a light log for playouts.
// Always inlined: every move of every path passes here (the compiler's own choice varies
// with the size of the translation unit).
template <class R, class Recorder>
[[gnu::always_inline]] inline void advance(const typename R::Options &o, typename R::State &s, Action a,
                                           Recorder &recorder) {
    recorder.record(s, Event::move(a));
    R::apply(o, s, a);
    if constexpr (HasRepetition<R>) {
        const int limit = R::repetition_limit(o);
        if (limit > 0 && R::result(s) == Result::ongoing &&
            1 + recorder.count_recent(R::key(s), R::repetition_window(s)) >= static_cast<size_t>(limit))
            end_game(s, Result::draw, EndReason::repetition);
    }
}

// A uniformly random legal action: the rules' own way where they have a faster one than
// listing every move. Always inlined, as advance is.
template <class R>
[[gnu::always_inline]] inline Action random_action(const typename R::Options &o, const typename R::State &s, Rng &rng,
                                                   std::vector<Action> &buffer) {
    if constexpr (requires { R::random_action(o, s, rng); }) {
        return R::random_action(o, s, rng);
    } else if constexpr (WritesActions<R>) {
        if (buffer.size() < R::max_actions(o)) buffer.resize(R::max_actions(o));
        const size_t n = R::write_actions(o, s, buffer.data());
        return buffer[rng.below(static_cast<uint32_t>(n))];
    } else {
        buffer.clear();
        R::legal_actions(o, s, buffer);
        return buffer[rng.below(static_cast<uint32_t>(buffer.size()))];
    }
}

// Plays uniformly random legal moves (and random dice) until the end or max_plies moves.
template <class R, class Recorder>
PlayoutResult play_randomly(const typename R::Options &o, typename R::State &s, Rng &rng, uint32_t max_plies,
                            std::vector<Action> &buffer, Recorder &recorder) {
    uint32_t plies = 0;
    while (R::phase(s) != Phase::over && plies < max_plies) {
        if constexpr (R::has_dice) {
            if (R::phase(s) == Phase::roll) {
                if constexpr (ThrowsDice<R>) {  // the rules' own throw: the same draws, dice made valid unchecked
                    const Event roll = R::throw_dice(o, rng);
                    recorder.record(s, roll);
                    R::set_thrown_dice(o, s, roll);
                    continue;
                }
                std::array<int, Game::max_dice> dice;
                const size_t n = static_cast<size_t>(dice_in_roll<R>(o));
                for (size_t i = 0; i < n; ++i) dice[i] = roll_die<R>(rng);
                const std::span<const int> thrown(dice.data(), n);
                recorder.record(s, Event::roll(Event::Kind::outside_roll, thrown));
                R::set_dice(o, s, thrown);
                continue;
            }
        }
        advance<R>(o, s, random_action<R>(o, s, rng, buffer), recorder);
        ++plies;
    }
    return {R::result(s), plies};
}

// A recorder that keeps only what the rules need (the keys of earlier positions): for
// searches and playouts that need no undo.
template <class R>
struct KeyLog {
    std::vector<uint64_t> keys;

    void record(const typename R::State &before, const Event &) {
        if constexpr (HasRepetition<R>) keys.push_back(R::key(before));
    }
    size_t count_recent(uint64_t key, size_t window) const {
        window = std::min(window, keys.size());
        return static_cast<size_t>(std::count(keys.end() - static_cast<std::ptrdiff_t>(window), keys.end(), key));
    }
};

// The recorder of a playout from a game's position: the playout's own keys, then the game's
// history, for the draw by repetition; nothing at all when the rules have it off.
template <class R, class Game>
struct PlayoutLog {
    const Game &game;
    bool keeps_keys;
    std::vector<uint64_t> keys;

    PlayoutLog(const Game &g, const typename R::Options &o) : game(g), keeps_keys(false) {
        if constexpr (HasRepetition<R>) keeps_keys = R::repetition_limit(o) > 0;
    }
    void record(const typename R::State &before, const Event &) {
        if constexpr (HasRepetition<R>)
            if (keeps_keys) keys.push_back(R::key(before));
    }
    size_t count_recent(uint64_t key, size_t window) const {
        const size_t own = std::min(window, keys.size());
        const size_t n =
            static_cast<size_t>(std::count(keys.end() - static_cast<std::ptrdiff_t>(own), keys.end(), key));
        return n + game.count_recent(key, window - own);
    }
};
}  // namespace ludus
