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
#include "../race_actions.hpp"
#include "../rng.hpp"
#include "../rules_concept.hpp"

namespace ludus {

enum class UrRuleset : uint8_t { finkel, masters, blitz, murray };

// A ruleset's routes as masks, made once per ruleset (route_masks in ur.cpp), so that the moves
// a throw allows and a capture are found with a few lookups instead of a walk along the route.
// A player's pieces are progress bits: bit k for a piece at progress k (1..route_length), bit 0
// for pieces in hand (UrState).
struct UrRouteMasks {
    static constexpr int max_groups = 4;
    // Progress bits to progress bits, eight at a time (the OR of the lookups of each group).
    using ProgressMap = std::array<std::array<uint32_t, 256>, max_groups>;

    int groups = 0;              // groups of eight progresses that hold 0..route_length
    uint32_t route = 0;          // bits 1..route_length
    uint32_t past_off = 0;       // bits route_length + 2 and beyond: past the exact throw off
    bool repeats_cells = false;  // a route passes a cell twice (Murray's)
    std::array<ProgressMap, 2>
        same_cells;  // [p]: p's pieces -> p's progresses on their cells (Murray's route passes cells twice)
    std::array<ProgressMap, 2> facing;   // [p]: the opponent's pieces -> p's progresses on their cells
    std::array<uint32_t, 2> rosettes{};  // [p]: p's progresses on rosettes
    // [p][k]: the opponent's progresses on the cell of p's progress k, as progress bits (at most
    // two: Murray's route passes cells twice).
    std::array<std::array<uint32_t, 32>, 2> opponent_at{};
};

struct UrOptions {
    UrRuleset ruleset = UrRuleset::finkel;
    int pieces = 7;
    int dice = 4;  // binary dice thrown; with 3 a throw of no marked tips counts 4 (Masters)
    int first_player = 0;
    ResolvedOptions resolved;  // every option as given or defaulted (saved with the game)

    // What the ruleset decides (set from `ruleset` by parse_options).
    int route_length = 14;
    bool rosettes_safe = true;         // a piece on a rosette cannot be captured
    bool rosettes_roll_again = true;   // landing on a rosette gives another roll
    bool captures_roll_again = false;  // a capture gives another roll (Blitz)
    // The cell (row * 8 + column; row 0 the top, player 1's side) of each progress 1..route_length
    // of each player; index 0 unused.
    std::array<std::array<uint8_t, 28>, 2> cell{};
    const UrRouteMasks *masks = nullptr;  // the ruleset's, made once
};

struct UrState : StateEnvelope {
    static constexpr int hand = 0;
    static constexpr int off = 28;
    static constexpr int max_route = 27;
    static constexpr int cells = 24;  // 3 rows of 8; 4 of them are not on the board

    // Each player's pieces on its route as progress bits (bit k: a piece at progress k, 1..27; a
    // square holds one piece at most), and the counts in hand and borne off: a small state, as
    // a game's history keeps one a roll and one a move, read by the moves as whole words.
    std::array<uint32_t, 2> on_route{};
    std::array<uint8_t, 2> in_hand{};
    std::array<uint8_t, 2> borne_off{};
    std::array<uint8_t, 4> dice{};  // as thrown (0 or 1 each)
    uint8_t n_dice = 0;             // dice thrown: 0 before the roll
    uint8_t roll = 0;               // the squares the throw moves (0..4)

    // Player p's pieces at `progress`: in hand (0), on the route (0 or 1) or borne off (off).
    int count(int p, int progress) const {
        if (progress == hand) return in_hand[static_cast<size_t>(p)];
        if (progress == off) return borne_off[static_cast<size_t>(p)];
        return static_cast<int>(on_route[static_cast<size_t>(p)] >> progress & 1);
    }
    // Player p's count at `progress` set to n (on the route 0 or 1).
    void set_count(int p, int progress, int n) {
        const auto player = static_cast<size_t>(p);
        if (progress == hand)
            in_hand[player] = static_cast<uint8_t>(n);
        else if (progress == off)
            borne_off[player] = static_cast<uint8_t>(n);
        else
            on_route[player] = (on_route[player] & ~(uint32_t{1} << progress)) | uint32_t{n != 0} << progress;
    }

    bool operator==(const UrState &) const = default;
};

template <class State>
struct LastMove;  // ../history.hpp
struct Event;

// Actions and their text: race_actions.hpp.
struct UrRules : RaceRules<UrOptions, UrState>, FromToActions<UrOptions, UrState::off> {
    static constexpr std::string_view id = "ur";
    static constexpr std::string_view name = "Royal Game of Ur";
    static constexpr int dice_count = 4;  // the most a roll throws (dice_in_roll: the options' number)
    static constexpr int die_lowest = 0, die_highest = 1;
    static constexpr std::string_view dice_kind = "tetrahedral";  // two of four tips marked: 0 or 1
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
    static inline Action random_action(const Options &o, const State &s, Rng &rng);  // ur_moves.hpp
    // The pieces of the player to move that the throw moves, as progress bits (bit 0: one from
    // hand); listing and the random move both read them.
    static inline uint32_t movable(const Options &o, const State &s);  // ur_moves.hpp
    static inline void apply(const Options &o, State &s, Action a);    // ur_moves.hpp

    // Inline: every roll of a playout passes here; a refusal's message is made out of line.
    [[gnu::always_inline]] static void set_dice(const Options &o, State &s, std::span<const int> values) {
        unsigned any = 0;
        int marked = 0;
        std::array<uint8_t, 4> dice{};
#pragma GCC unroll 4
        for (size_t i = 0; i < dice.size(); ++i) {
            const int value = i < values.size() ? values[i] : 0;
            any |= static_cast<unsigned>(value);
            marked += value;
            dice[i] = static_cast<uint8_t>(value);
        }
        if (values.size() != static_cast<size_t>(o.dice) || any > 1) [[unlikely]]
            refuse_dice(o, values);
        s.dice = dice;
        s.n_dice = static_cast<uint8_t>(values.size());
        s.roll = static_cast<uint8_t>(roll_value(o, marked));
    }
    // A random playout's throw, and the throw set (ur_moves.hpp; playout.hpp's play_randomly).
    static inline Event throw_dice(const Options &o, Rng &rng);
    static inline void set_thrown_dice(const Options &o, State &s, const Event &roll);
    [[noreturn, gnu::cold, gnu::noinline]] static void refuse_dice(const Options &o, std::span<const int> values);
    static json chance_outcomes(const Options &o, const State &s);
    // The squares a throw of `marked` marked tips moves under the options (3 dice: none is 4).
    static int roll_value(const Options &o, int marked) { return o.dice == 3 && marked == 0 ? 4 : marked; }

    static Action parse_action(const Options &o, std::string_view text);
    static json action_json(const Options &o, const State &s, Action a);

    static json position_json(const Options &o, const State &s);
    static State position_from_json(const Options &o, const json &j, const std::string &field);

    // The cell of player p's progress (1..route_length).
    static int cell_of(const Options &o, int player, int progress) { return o.cell[player][progress]; }
    static bool is_rosette(int cell);
    // A cell's name in pictures and moves: its row ("top", "middle", "bottom") and column 1..8
    // from the left, such as "bottom 4" (player 0's first square).
    static std::string cell_name(int cell);
    // The opponent's pieces (0 or 1) the player to move captures by moving to progress `to`.
    static inline int captures(const Options &o, const State &s, int to);  // ur_moves.hpp
    // The ruleset's name as in the option.
    static const char *ruleset_name(UrRuleset r);

    // Pictures (ur_render.cpp): options "size", "words", "positions", "pieces" (SVG), none (text).
    static std::string render_svg(const Options &o, const State &s, const LastMove<State> &last,
                                  const json &render_options);
    static std::string render_text(const Options &o, const State &s, const LastMove<State> &last,
                                   const json &render_options);
    static json render_options();
    // The 20 squares of a board of three rows of eight, and each player's route: the squares'
    // names (as the moves' "to_cell") in the order of progress 1..route_length.
    static json board_json(const Options &o);
    // The catalogue's rulesets: each one's id and source.
    static json rulesets_json();
};

}  // namespace ludus

#include "ur_moves.hpp"  // the inline hot path
