// XII Scripta (Duodecim Scripta) as the scholars and the general game systems reconstruct it:
// 15 pieces and 3 dice on the 36-cell board (docs/rules/xii-scripta.md). The seed's museum rules
// stay the game `duodecim`; this game id holds the other reconstructions, chosen by the option
// "ruleset":
//   "murray"             Murray 1952 pp. 30-31 as quoted by Ludii: dice singly or added, hit
//                        pieces re-enter first, bear off once every piece is in the near row
//   "ludii"              Ludii 1.3.4's game file XII Scripta.lud as its code plays it (Murray's
//                        rules without the near-row condition for bearing off)
//   "tabletop_murray"    TabletopGames' XII_Murray_3D config: one die a move, all pieces start
//                        off the board and enter before any other moves, a shared 36-cell route,
//                        bear off from the last 6 cells with an equal or higher die
//   "tabletop_schaedler" TabletopGames' XII_Schaedler_3D: the same, a triple is played twice
//
// Each piece of a player stands at a progress along its own track: 0 in hand (H, not entered
// yet), 1..36 the track, 37 off (O), 38 captured and waiting to re-enter (B, Murray and Ludii
// only; TabletopGames sends a hit piece back to the hand). Murray's and Ludii's tracks share
// the middle row (1..12) and then run the outer rows in opposite senses, so progress k >= 13 of
// one player is the other's 49 - k; TabletopGames' route is the same 36 cells for both.
//
// The rules are in xii_scripta.cpp, the steps the dice allow in xii_scripta_moves.cpp, the saved
// position in xii_scripta_json.cpp.
//
// Actions: dice * 4096 + from * 64 + to, where `dice` codes the dice a step uses (their values
// sorted, a*49 + b*7 + c with zeros first: one die 0,0,c), `from` 0..36 or 38, `to` 1..37;
// `pass_action` (0) when no step exists. Text: "FROM-TO:DICE" such as "H-5:2+3", "12-17:5",
// "B-4:4", "33-O:6", and "pass".
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../game.hpp"
#include "../options.hpp"
#include "../rng.hpp"
#include "../rules_concept.hpp"

namespace ludus {

enum class XiiRuleset : uint8_t { murray, ludii, tabletop_murray, tabletop_schaedler };

struct XiiOptions {
    XiiRuleset ruleset = XiiRuleset::murray;
    int pieces = 15;
    int first_player = 0;
    ResolvedOptions resolved;  // every option as given or defaulted (saved with the game)

    // What the ruleset decides (set from `ruleset` by parse_options).
    bool mirror_paths = true;      // the outer rows run in opposite senses for the two players
    bool combine_dice = true;      // a step may use the sum of several dice
    bool exact_bear_off = true;    // bearing off needs the exact value (else an equal or higher die)
    int home_start = 25;           // bearing off only when every piece is at progress >= home_start (0: no condition)
    bool enter_all_first = false;  // TabletopGames' entry rule: while pieces are in hand, only entering and
                                   // moving the pieces moved this turn inside the first 12 cells
    bool triples_twice = false;    // a triple is played twice (six steps)
};

struct XiiState : StateEnvelope {
    static constexpr int hand = 0;
    static constexpr int last_cell = 36;
    static constexpr int off = 37;
    static constexpr int bar = 38;
    static constexpr int positions = 39;
    static constexpr int entry_cells = 12;  // TabletopGames' entry board
    static constexpr int max_left = 6;

    std::array<std::array<uint8_t, 40>, 2> count{};  // pieces per player per progress
    std::array<uint8_t, 3> dice{};                   // as rolled; 0 0 0 before the roll
    std::array<uint8_t, max_left> left{};            // the dice values still to play, ascending
    uint8_t n_left = 0;
    std::array<uint8_t, entry_cells + 1> moved{};  // tabletop: pieces moved this turn on cells 1..12

    bool operator==(const XiiState &) const = default;
};

struct Event;  // ../history.hpp
template <class State>
struct LastMove;

struct XiiScriptaRules : RaceRules<XiiOptions, XiiState> {
    static constexpr std::string_view id = "xii_scripta";
    static constexpr std::string_view name = "XII Scripta";
    static constexpr int dice_count = 3;
    static constexpr std::string_view dice_kind = "cubic";

    static const std::vector<OptionSpec> &option_specs();
    static json options_catalogue();
    static Options parse_options(const json &given);

    static State initial(const Options &o);
    static Phase phase(const State &s) {
        if (s.result != Result::ongoing) return Phase::over;
        return s.n_left == 0 ? Phase::roll : Phase::move;
    }

    static void legal_actions(const Options &o, const State &s, std::vector<Action> &out);
    static bool is_legal(const Options &o, const State &s, Action a);
    static Action random_action(const Options &o, const State &s, Rng &rng);
    static void apply(const Options &o, State &s, Action a);

    static void set_dice(const Options &o, State &s, std::span<const int> values);
    // A random playout's roll (rules_concept.hpp's ThrowsDice): each die one draw, as roll_die
    // draws them (the same games), set without set_dice's checks. Inline, below.
    static inline Event throw_dice(const Options &o, Rng &rng);
    static inline void set_thrown_dice(const Options &o, State &s, const Event &roll);
    // Valid dice rolled: the values left to play, ascending (a triple's twice with
    // triples_twice).
    [[gnu::always_inline]] static void set_rolled(const Options &o, State &s, std::array<uint8_t, 3> dice) {
        s.dice = dice;
        uint8_t low = dice[0], middle = dice[1], high = dice[2];
        if (low > middle) std::swap(low, middle);
        if (middle > high) std::swap(middle, high);
        if (low > middle) std::swap(low, middle);
        const bool twice = o.triples_twice && low == high;
        s.n_left = twice ? 6 : 3;
        const uint8_t again = twice ? low : 0;  // a triple's values are all the same
        s.left = {low, middle, high, again, again, again};
    }
    static json chance_outcomes(const Options &o, const State &s);

    static std::string action_text(const Options &o, Action a);
    static Action parse_action(const Options &o, std::string_view text);
    static json action_json(const Options &o, const State &s, Action a);

    static json position_json(const Options &o, const State &s);
    static State position_from_json(const Options &o, const json &j, const std::string &field);

    // Parts of an action.
    static int from_of(Action a) { return (a >> 6) & 63; }
    static int to_of(Action a) { return a & 63; }
    static int dice_code_of(Action a) { return a >> 12; }
    static Action make_action(int dice_code, int from, int to) { return (dice_code << 12) | (from << 6) | to; }
    // The code of the dice a, b, c (sorted, zeros first).
    static constexpr int dice_code(int a, int b, int c) { return a * 49 + b * 7 + c; }
    // The dice values of a code, ascending (zeros dropped) into `out`; returns how many.
    static int dice_of_code(int code, std::array<int, 3> &out);

    // "H", "1".."36", "O", "B".
    static std::string position_name(int progress);
    // The other player's progress of the same cell as `progress` (1..36) of either player.
    static int other_progress(const Options &o, int progress) {
        return !o.mirror_paths || progress <= 12 ? progress : 49 - progress;
    }
    // The ruleset's name as in the option, and the source it follows.
    static const char *ruleset_name(XiiRuleset r);

    // Pictures (xii_scripta_render.cpp): option "size" (SVG), none (text).
    static std::string render_svg(const Options &o, const State &s, const LastMove<State> &last,
                                  const json &render_options);
    static std::string render_text(const Options &o, const State &s, const LastMove<State> &last,
                                   const json &render_options);
    // The render options of both pictures, from the specs they check against (the catalogue's
    // "render_options").
    static json render_options();
    // The board's cell of `player`'s piece at progress 1..36: row 0 top, 1 middle, 2 bottom, and
    // column 0..11 from the left (the pictures draw it there), and its name ("middle 1").
    struct Cell {
        int row, col;
    };
    static Cell cell_of(const Options &o, int player, int progress);
    static std::string cell_name(Cell c);
    // The catalogue's board: 3 rows of 12, and where the two players' routes differ (mirror_paths),
    // each player's route as its cells' names.
    static json board_json(const Options &o);
    // The catalogue's rulesets: each one's id and source.
    static json rulesets_json();
};

}  // namespace ludus

#include "../history.hpp"

namespace ludus {

[[gnu::always_inline]] inline Event XiiScriptaRules::throw_dice(const Options &, Rng &rng) {
    Event roll{Event::Kind::outside_roll, dice_count, {}, 0};
    for (int i = 0; i < dice_count; ++i) roll.dice[static_cast<size_t>(i)] = static_cast<uint8_t>(rng.die());
    return roll;
}

[[gnu::always_inline]] inline void XiiScriptaRules::set_thrown_dice(const Options &o, State &s, const Event &roll) {
    set_rolled(o, s, {roll.dice[0], roll.dice[1], roll.dice[2]});
}

}  // namespace ludus
