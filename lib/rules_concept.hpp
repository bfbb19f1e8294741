// The contract of a game's rules, as the compiler checks it: what RulesGame<R> (rules_game.hpp)
// and the registry (registry.hpp) need of a rules type R, a struct of static functions over a
// plain, trivially copyable State. What the rules may add (a faster legality test, a draw by
// repetition, a setup) is named here too, so that a misspelt optional member is an error rather
// than a silent fall-back.
#pragma once

#include <concepts>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "game.hpp"
#include "json_util.hpp"
#include "rng.hpp"

namespace ludus {

// Names, options and the position's envelope: phase, side to move, result and why it ended.
template <class R>
concept RulesBasics = requires(const json &j, const std::string &field, const typename R::Options &o,
                               const typename R::State &s, typename R::State &mutable_state) {
    requires std::is_trivially_copyable_v<typename R::State>;
    requires std::equality_comparable<typename R::State>;
    { R::id } -> std::convertible_to<std::string_view>;
    { R::name } -> std::convertible_to<std::string_view>;
    { R::has_dice } -> std::convertible_to<bool>;
    { R::allows_agreed_draw } -> std::convertible_to<bool>;
    { R::options_catalogue() } -> std::same_as<json>;
    { R::parse_options(j) } -> std::same_as<typename R::Options>;
    { R::options_json(o) } -> std::same_as<json>;
    { R::initial(o) } -> std::same_as<typename R::State>;
    { R::phase(s) } -> std::same_as<Phase>;
    { R::to_move(s) } -> std::convertible_to<int>;
    { R::result(s) } -> std::same_as<Result>;
    { s.end_reason } -> std::convertible_to<EndReason>;
    { R::position_json(o, s) } -> std::same_as<json>;
    { R::position_from_json(o, j, field) } -> std::same_as<typename R::State>;
    // The catalogue's facts (registry.cpp): "race" or "capture" (CaptureRules, RaceRules), and
    // the board the options play on: {"kind": "grid" or "track", "rows", "cols", "cells", ...}.
    { R::kind } -> std::convertible_to<std::string_view>;
    { R::board_json(o) } -> std::same_as<json>;
};

// The moves: listed (appended to a vector), applied, written and read.
template <class R>
concept RulesMoves = requires(const typename R::Options &o, const typename R::State &s,
                              typename R::State &mutable_state, std::vector<Action> &out, Action a,
                              std::string_view text) {
    {R::legal_actions(o, s, out)};
    {R::apply(o, mutable_state, a)};
    { R::action_text(o, a) } -> std::convertible_to<std::string>;
    { R::parse_action(o, text) } -> std::same_as<Action>;
    { R::action_json(o, s, a) } -> std::same_as<json>;
};

// A dice game: the State carries the engine's generator, the dice can be set (validated) and
// their outcomes listed; dice_kind names the dice for the catalogue ("cubic", "tetrahedral").
template <class R>
concept DiceRules = !R::has_dice || requires(const typename R::Options &o, const typename R::State &s,
                                             typename R::State &mutable_state, std::span<const int> dice) {
    { mutable_state.rng } -> std::convertible_to<Rng &>;
    {R::set_dice(o, mutable_state, dice)};
    { R::chance_outcomes(o, s) } -> std::same_as<json>;
    { R::dice_kind } -> std::convertible_to<std::string_view>;
};

// A draw by repetition: the position's key, the number of times it must recur (0: off) and how
// many earlier positions can recur; the framework keeps them and declares the draw.
template <class R>
concept HasRepetition = requires(const typename R::Options &o, const typename R::State &s) {
    { R::key(s) } -> std::convertible_to<uint64_t>;
    { R::repetition_limit(o) } -> std::convertible_to<int>;
    { R::repetition_window(s) } -> std::convertible_to<size_t>;
};
// All three members or none.
template <class R>
concept RepetitionRules = HasRepetition<R> || !requires(const typename R::State &s) {
    R::key(s);
};

// The fast path of callers who search: the actions written straight into a buffer.
template <class R>
concept WritesActions = requires(const typename R::Options &o, const typename R::State &s, Action *buffer) {
    { R::max_actions(o) } -> std::convertible_to<size_t>;
    { R::write_actions(o, s, buffer) } -> std::convertible_to<size_t>;
};
// Both members or neither.
template <class R>
concept BufferedActions = WritesActions<R> || !requires(const typename R::Options &o) {
    R::max_actions(o);
};

// A random playout's own throw of the dice (playout.hpp): R::throw_dice draws them as roll_die
// would, one die at a time, and R::set_thrown_dice sets them without a check; both or neither.
template <class R>
concept ThrowsDice = requires(const typename R::Options &o, typename R::State &s, Rng &rng) {
    R::set_thrown_dice(o, s, R::throw_dice(o, rng));
};
template <class R>
concept ThrownDice = ThrowsDice<R> || !requires(const typename R::Options &o, Rng &rng) {
    R::throw_dice(o, rng);
};

// The repetition hooks of the capture games, written once: a position can recur only among those
// since the last capture (earlier ones had more pieces on the board).
template <class State, class Options>
struct RepeatsSinceCapture {
    static uint64_t key(const State &s) { return s.key; }
    static int repetition_limit(const Options &o) { return o.draw_repetitions; }
    static size_t repetition_window(const State &s) { return s.plies_without_capture; }
};

// What every rules type reads alike, written once: whose move and the result, from the state's
// envelope, and the options as resolved (saved with the game).
template <class OptionsT, class StateT>
struct RulesOf {
    using Options = OptionsT;
    using State = StateT;
    static int to_move(const State &s) { return s.to_move; }
    static Result result(const State &s) { return s.result; }
    static json options_json(const Options &o) { return o.resolved.to_json(); }
};

// The capture games (Petteia, Latrunculi): no dice, a draw may be agreed, every turn a move
// until the game ends, and the repetition hooks.
template <class OptionsT, class StateT>
struct CaptureRules : RulesOf<OptionsT, StateT>, RepeatsSinceCapture<StateT, OptionsT> {
    static constexpr std::string_view kind = "capture";  // the catalogue's "kind"
    static constexpr bool has_dice = false;
    static constexpr bool allows_agreed_draw = true;
    static Phase phase(const StateT &s) { return s.result == Result::ongoing ? Phase::move : Phase::over; }
    // The catalogue's "board": a grid of rows x cols squares, every one of them played on.
    static json board_json(const OptionsT &o) {
        return {{"kind", "grid"}, {"rows", o.rows}, {"cols", o.cols}, {"cells", o.rows * o.cols}};
    }
};

// The race games (Duodecim, XII Scripta): dice, no draws, and the one action that passes a
// turn in which no die can be used.
template <class OptionsT, class StateT>
struct RaceRules : RulesOf<OptionsT, StateT> {
    static constexpr std::string_view kind = "race";  // the catalogue's "kind"
    static constexpr bool has_dice = true;
    static constexpr bool allows_agreed_draw = false;
    static constexpr Action pass_action = 0;
};

template <class R>
concept Rules =
    RulesBasics<R> && RulesMoves<R> && DiceRules<R> && RepetitionRules<R> && BufferedActions<R> && ThrownDice<R>;

}  // namespace ludus
