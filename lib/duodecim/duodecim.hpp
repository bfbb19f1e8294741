// Ludus Duodecim Scriptorum: a race with two dice over private entry cells and a shared track,
// with columns and captures (docs/rules/duodecim.md).
//
// Every piece of a player stands at a progress 0..31: 0 hand (H), 1..6 the player's own entry
// cells I..VI, 7..30 the shared track cells 1..24 (the same cell for both players), 31 off (O).
// All of a player's pieces at one progress form one unit, which always moves whole.
//
// Actions: from * 32 + to for a step (0 <= from < to <= 31), and `pass_action` (0, since 0->0
// is never a step). The value a step uses is to - from: one die or the sum of both.
//
// Position JSON (lib/duodecim/duodecim.schema.json):
//   {"hand": [n0, n1], "entry": [[6 counts], [6 counts]], "track": [[24 counts], [24 counts]],
//    "off": [n0, n1], "to_move": p, "phase": "roll"|"move"|"over", "result": ...,
//    "dice": [] or [a, b], "dice_used": [bool, bool], "barred": null or progress,
//    "rng": "16 hex digits"}
// entry[p][i] is player p's cell I+i; track[p][k] the pieces of player p on track cell k+1.
// `barred` is the progress of the unit the second die may not move (docs/rules/duodecim.md,
// "The second step").
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "../game.hpp"
#include "../options.hpp"
#include "../rng.hpp"
#include "../rules_concept.hpp"

namespace ludus {

struct DuodecimOptions {
    int pieces = 6;
    int first_player = 0;                           // decided before the start (by the opening rolls with "roll")
    std::vector<std::array<int, 4>> opening_rolls;  // player 0's two dice, then player 1's, per round
    Rng rng_after_opening;                          // the game's generator once the opening rolls are made
    ResolvedOptions resolved;                       // every option as given or defaulted (saved with the game)
};

struct DuodecimState : StateEnvelope {
    static constexpr int hand = 0;
    static constexpr int last_entry = 6;
    static constexpr int first_track = 7;
    static constexpr int last_track = 30;
    static constexpr int off = 31;
    static constexpr int positions = 32;
    static constexpr int8_t nothing_barred = -1;

    std::array<std::array<uint8_t, positions>, 2> count{};  // pieces per player per progress
    std::array<uint8_t, 2> dice{};                          // 0 0 when not rolled
    std::array<bool, 2> dice_used{};
    int8_t barred = nothing_barred;

    // The first step of a turn used one die: the next must use the other.
    bool one_die_used() const { return dice_used[0] != dice_used[1]; }
    bool operator==(const DuodecimState &) const = default;
};

template <class State>
struct LastMove;  // ../history.hpp

struct DuodecimRules : RaceRules<DuodecimOptions, DuodecimState> {
    static constexpr std::string_view id = "duodecim";
    static constexpr std::string_view name = "Ludus Duodecim Scriptorum";
    static constexpr std::string_view dice_kind = "cubic";
    static constexpr int action_stride = State::positions;
    static int from_of(Action a) { return a / action_stride; }
    static int to_of(Action a) { return a % action_stride; }

    static const std::vector<OptionSpec> &option_specs();
    static json options_catalogue() { return ludus::options_catalogue(option_specs()); }
    static Options parse_options(const json &given);
    // What the seed decides before the start (the opening rolls, the first player, the
    // generator after them), made again when o.resolved's seed changes (Game::with_seed).
    static void apply_seed(Options &o);
    static json setup_json(const Options &o);

    static State initial(const Options &o);
    static Phase phase(const State &s) {
        if (s.result != Result::ongoing) return Phase::over;
        return s.dice[0] == 0 ? Phase::roll : Phase::move;
    }

    // Each unit (at most one a progress) has at most three steps: a die, the other, the sum.
    static constexpr size_t max_steps = 3 * State::positions;
    static size_t max_actions(const Options &) { return max_steps; }
    static size_t write_actions(const Options &o, const State &s, Action *out);
    static void legal_actions(const Options &o, const State &s, std::vector<Action> &out);
    static bool is_legal(const Options &o, const State &s, Action a);
    static void apply(const Options &o, State &s, Action a);

    static void set_dice(const Options &o, State &s, std::span<const int> values);
    static json chance_outcomes(const Options &o, const State &s);

    static std::string action_text(const Options &o, Action a);
    static Action parse_action(const Options &o, std::string_view text);
    static json action_json(const Options &o, const State &s, Action a);

    static json position_json(const Options &o, const State &s);
    static State position_from_json(const Options &o, const json &j, const std::string &field);

    // "H", "I".."VI", "1".."24", "O".
    static std::string position_name(int progress);

    // Pictures (duodecim_render.cpp): options "size" and "inscription" (SVG), none (text); see
    // ludus_game_render_svg in ludus.h.
    static std::string render_svg(const Options &o, const State &s, const LastMove<State> &last,
                                  const json &render_options);
    static std::string render_text(const Options &o, const State &s, const LastMove<State> &last,
                                   const json &render_options);
    // The render options of both pictures, from the specs they check against (the catalogue's
    // "render_options").
    static json render_options();
    // Three rows of twelve cells: each player's six entry cells and the 24 of the shared track.
    static json board_json(const Options &) { return {{"kind", "track"}, {"rows", 3}, {"cols", 12}, {"cells", 36}}; }
};

}  // namespace ludus
