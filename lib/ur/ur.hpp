// The Royal Game of Ur: the race game of the board from the Royal Cemetery at Ur (the British
// Museum's, c. 2500 BC), 20 squares, binary dice, rosettes (docs/rules/ur.md). The option
// "ruleset" chooses the reconstruction:
//   "finkel"  Irving Finkel's rules as the British Museum plays them: 7 pieces, 4 binary dice,
//             a 14-square route (4 own, 8 shared, 2 own), rosettes give another roll and the
//             central one is safe (Ludii's Royal Game of Ur.lud, ruleset Finkel, plays the same)
//   "masters" RoyalUr.net's Masters rules (James Masters): 7 pieces, 3 binary dice with a throw
//             of no marked tips counting 4, the 16-square route through both ends of the board,
//             rosettes give another roll and are not safe
//   "blitz"   RoyalUr.net's Blitz: Masters' route, 5 pieces, 4 binary dice, a capture gives
//             another roll as a rosette does, rosettes not safe
//   "murray"  Murray's reconstruction as Ludii's Royal Game of Ur.lud encodes it: a 27-square
//             route (out along the middle row, round the small block, back along the middle row
//             and the own row), 4 binary dice, no effect of the rosettes
//
// Each piece of a player stands at a progress along its own route: 0 in hand (H, not entered
// yet), 1..route_length the route, `off` (O) borne off. The route's squares are cells of the
// board (ur_route in ur.cpp); a cell holds one piece at most. Murray's route passes some cells
// twice (the own row and the middle row), so a cell is found from a progress, never the reverse.
//
// Actions: from * 32 + to (from 0..27, to 1..27 or off = 28); pass_action (0) when the roll
// allows no move. Text: "FROM-TO" such as "H-3", "4-8", "13-O", and "pass".
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

enum class UrRuleset : uint8_t { finkel, masters, blitz, murray };

struct UrOptions {
    UrRuleset ruleset = UrRuleset::finkel;
    int pieces = 7;
    int dice = 4;  // binary dice thrown; with 3 a throw of no marked tips counts 4 (Masters)
    int first_player = 0;
    Rng rng;
    json resolved;  // every option as given or defaulted (saved with the game)

    // What the ruleset decides (set from `ruleset` by parse_options).
    int route_length = 14;
    bool rosettes_safe = true;         // a piece on a rosette cannot be captured
    bool rosettes_roll_again = true;   // landing on a rosette gives another roll
    bool captures_roll_again = false;  // a capture gives another roll (Blitz)
    // The cell (row * 8 + column; row 0 the top, player 1's side) of each progress 1..route_length
    // of each player; index 0 unused.
    std::array<std::array<uint8_t, 28>, 2> cell{};
};

struct UrState : StateEnvelope {
    static constexpr int hand = 0;
    static constexpr int off = 28;
    static constexpr int max_route = 27;
    static constexpr int cells = 24;  // 3 rows of 8; 4 of them are not on the board

    std::array<std::array<uint8_t, 29>, 2> count{};  // pieces per player per progress
    std::array<uint8_t, 4> dice{};                   // as thrown (0 or 1 each)
    uint8_t n_dice = 0;                              // dice thrown: 0 before the roll
    uint8_t roll = 0;                                // the squares the throw moves (0..4)

    bool operator==(const UrState &) const = default;
};

template <class State>
struct LastMove;  // ../history.hpp

struct UrRules : RaceRules<UrOptions, UrState> {
    static constexpr std::string_view id = "ur";
    static constexpr std::string_view name = "Royal Game of Ur";
    static constexpr int dice_count = 4;  // the most a roll throws (dice_in_roll: the options' number)
    static constexpr int die_lowest = 0, die_highest = 1;
    static constexpr size_t max_moves = 8;  // a piece from hand and each of at most 7 on the route

    static int dice_in_roll(const Options &o) { return o.dice; }

    static const std::vector<OptionSpec> &option_specs();
    static json options_catalogue();
    static Options parse_options(const json &given);

    static State initial(const Options &o);
    static Phase phase(const State &s) {
        if (s.result != Result::ongoing) return Phase::over;
        return s.n_dice == 0 ? Phase::roll : Phase::move;
    }

    static void legal_actions(const Options &o, const State &s, std::vector<Action> &out);
    static size_t max_actions(const Options &) { return max_moves; }
    static size_t write_actions(const Options &o, const State &s, Action *out);
    static void apply(const Options &o, State &s, Action a);

    static void set_dice(const Options &o, State &s, std::span<const int> values);
    static json chance_outcomes(const Options &o, const State &s);
    // The squares a throw of `marked` marked tips moves under the options (3 dice: none is 4).
    static int roll_value(const Options &o, int marked) { return o.dice == 3 && marked == 0 ? 4 : marked; }

    static std::string action_text(const Options &o, Action a);
    static Action parse_action(const Options &o, std::string_view text);
    static json action_json(const Options &o, const State &s, Action a);

    static json position_json(const Options &o, const State &s);
    static State position_from_json(const Options &o, const json &j, const std::string &field);

    // Parts of an action.
    static int from_of(Action a) { return a >> 5; }
    static int to_of(Action a) { return a & 31; }
    static Action make_action(int from, int to) { return (from << 5) | to; }

    // "H", "1".."27", "O".
    static std::string position_name(int progress);
    // The cell of player p's progress (1..route_length).
    static int cell_of(const Options &o, int player, int progress) { return o.cell[player][progress]; }
    static bool is_rosette(int cell);
    // A cell's name in pictures and moves: its row ("top", "middle", "bottom") and column 1..8
    // from the left, such as "bottom 4" (player 0's first square).
    static std::string cell_name(int cell);
    // The piece of `player` on `cell` (its progress), or -1.
    static int piece_on(const Options &o, const State &s, int player, int cell);
    // The ruleset's name as in the option.
    static const char *ruleset_name(UrRuleset r);

    // Pictures (ur_render.cpp): options "size", "words", "positions", "pieces" (SVG), none (text).
    static std::string render_svg(const Options &o, const State &s, const LastMove<State> &last, const json &render_options);
    static std::string render_text(const Options &o, const State &s, const LastMove<State> &last, const json &render_options);
    static json render_options();
};

}  // namespace ludus
