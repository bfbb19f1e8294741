// Senet: the Egyptian race game of thirty squares in three rows of ten (boards from c. 3000 BC;
// docs/rules/senet.md). No rule text survives; the option "ruleset" chooses the reconstruction,
// each played as the general game system Ludii's Senet.lud encodes it:
//   "kendall"  T. Kendall's (1979): 7 pieces a side on the first squares, four throwing sticks
//              (none blank up counts 5), 1, 4 and 5 throw again, a piece landing on a lone enemy
//              changes places with it, forced backward moves, the houses 26-30 and the water
//              (27); his optional rules as the options five_pieces, trap, home_row and
//              starting_throw
//   "bell"     R. C. Bell's (1979): 10 pieces a side on the first two rows, one four-sided die,
//              a piece landing on an enemy removes it from the game, the marked squares safe,
//              the most pieces borne off wins
//   "piccione" P. Piccione's (1977, "King Tut's Game"): 5 pieces a side entered with a throw of
//              1, throws split among the pieces, 15 and 26 give another throw, the water (27)
//              sends a piece back to hand
//   "jequier"  G. Jéquier's (1930): 5 pieces a side on the first row, four sticks (none plain up
//              counts 6), 1, 4 and 6 throw again, a captured piece goes back to the start
//
// The squares are numbered 1..30 along the path, which runs along the top row from the left,
// back along the middle row and along the bottom row to the right (a reversed S); both players
// run it. A square holds one piece at most.
//
// Actions: from * 32 + to, from 0 (hand) or a square 1..30, to a square or 31 (borne off; 0 for
// a piece sent back to hand, Piccione's); pass_action (0) when the throw allows no move. Text:
// "FROM-TO" such as "14-15", "26-O", "H-1", "1-H", and "pass".
#pragma once

#include <array>
#include <bit>
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

enum class SenetRuleset : uint8_t { kendall, bell, piccione, jequier };

struct SenetOptions {
    SenetRuleset ruleset = SenetRuleset::kendall;
    int pieces = 7;
    // Kendall's optional rules (false in the other rulesets).
    bool trap = false;            // a throw past 26 from before it falls into the water (27)
    bool home_row = false;        // no bearing off while a piece is on the first row (1-10)
    bool starting_throw = false;  // the second player's pieces wait for its first throw of 1
    int first_player = 0;         // who throws first (the opening) or moves first (Piccione)
    ResolvedOptions resolved;     // every option as given or defaulted (saved with the game)
};

struct SenetState : StateEnvelope {
    static constexpr int hand = 0;
    static constexpr int off = 31;
    static constexpr int squares = 30;

    std::array<uint32_t, 2> pieces{};  // [p]: bit k set where player p has a piece on square k (1..30)
    std::array<uint8_t, 2> in_hand{};  // pieces not yet entered or sent back to hand (Piccione)
    std::array<uint8_t, 2> borne_off{};
    std::array<uint8_t, 4> dice{};  // as thrown: four sticks 0/1 (blank side up: 1), or Bell's die 1..4
    uint8_t n_dice = 0;             // dice thrown: 0 before the throw
    uint8_t roll = 0;               // what the throw counts (1..6)
    uint8_t opening = 0;            // 1 while the opening throws decide who starts (not Piccione)
    uint8_t first_throw = 0;        // Bell's opening: the first thrower's throw (0 before it)
    // Kendall: squares (bits 1..30) whose piece came back from the water to 15 and must move on
    // (Ludii's piece state, which moves with the piece).
    uint32_t returned = 0;
    std::array<uint8_t, 2> started{};  // Kendall's starting throw: the player has thrown its 1
    // Piccione: the steps of the throw not yet used, the extra throw (0 none, 1 earned during a
    // split throw, 2 to be thrown: Ludii's var), whether the mover's last move entered a piece,
    // and whether the turn has just passed to the mover.
    uint8_t steps_left = 0;
    uint8_t extra_throw = 0;
    uint8_t entered = 0;
    uint8_t new_turn = 1;

    bool operator==(const SenetState &) const = default;
};

struct Event;  // ../history.hpp
template <class State>
struct LastMove;

// The rules with the throwing sticks (Kendall, Piccione, Jéquier); SenetBellRules below plays
// Bell's with his four-sided die.
// Actions and their text: race_actions.hpp.
struct SenetRules : RaceRules<SenetOptions, SenetState>, FromToActions<SenetOptions, SenetState::off> {
    static constexpr std::string_view id = "senet";
    static constexpr std::string_view name = "Senet";
    static constexpr int dice_count = 4;
    static constexpr int die_lowest = 0, die_highest = 1;
    static constexpr std::string_view dice_kind = "sticks";  // two-sided: 1 blank (or plain, flat) side up
    static constexpr size_t max_moves = 32;  // Piccione: five steps or fewer for each of five pieces, and an entry

    static const std::vector<OptionSpec> &option_specs();
    static json options_catalogue();
    static Options parse_options(const json &given);
    static std::string ruleset_label(const Options &o);

    static State initial(const Options &o);
    static Phase phase(const State &s) {
        if (s.result != Result::ongoing) return Phase::over;
        return s.n_dice == 0 ? Phase::roll : Phase::move;
    }

    static void legal_actions(const Options &o, const State &s, std::vector<Action> &out);
    static size_t max_actions(const Options &) { return max_moves; }
    static size_t write_actions(const Options &o, const State &s, Action *out);
    [[gnu::always_inline]] static inline Action random_action(const Options &o, const State &s,
                                                              Rng &rng);  // senet_moves.hpp
    // The same draw from write_actions' list: the turns random_action does not pick from masks.
    static Action random_listed_action(const Options &o, const State &s, Rng &rng);
    static void apply(const Options &o, State &s, Action a);

    // Inline: every throw of a playout passes here.
    [[gnu::always_inline]] static void set_dice(const Options &o, State &s, std::span<const int> values) {
        std::array<uint8_t, 4> dice{};
        int sum = 0;
        if (o.ruleset == SenetRuleset::bell) {
            if (values.size() != 1 || static_cast<unsigned>(values[0] - 1) > 3) [[unlikely]]
                refuse_dice(o, values);
            sum = values[0];
            dice[0] = static_cast<uint8_t>(sum);
        } else {
            if (values.size() != dice.size()) [[unlikely]]
                refuse_dice(o, values);
            unsigned any = 0;
#pragma GCC unroll 4
            for (size_t i = 0; i < dice.size(); ++i) {
                any |= static_cast<unsigned>(values[i]);
                sum += values[i];
                dice[i] = static_cast<uint8_t>(values[i]);
            }
            if (any > 1) [[unlikely]]
                refuse_dice(o, values);
        }
        set_throw(o, s, dice, values.size(), throw_count(o, sum));
    }
    // A random playout's throw (rules_concept.hpp's ThrowsDice): the four sticks, each one draw
    // as roll_die draws them (the same games), set without set_dice's checks (senet_moves.hpp).
    static inline Event throw_dice(const Options &o, Rng &rng);
    static inline void set_thrown_dice(const Options &o, State &s, const Event &roll);
    // The throw set: its dice (`n` of them) and what it counts, `count`.
    [[gnu::always_inline]] static void set_throw(const Options &o, State &s, std::array<uint8_t, 4> dice, size_t n,
                                                 int count) {
        s.dice = dice;
        s.n_dice = static_cast<uint8_t>(n);
        s.roll = static_cast<uint8_t>(count);
        if (!s.opening && count == 1) s.started[s.to_move] = 1;  // Kendall's starting throw
        if (o.ruleset == SenetRuleset::piccione) s.steps_left = s.roll;
    }
    // Fails with throw_of's message.
    [[noreturn, gnu::cold, gnu::noinline]] static void refuse_dice(const Options &o, std::span<const int> values);
    static json chance_outcomes(const Options &o, const State &s);
    // What a throw counts: the sticks' blank sides up, none counting 5 (Jéquier's: 6); Bell's
    // die its face. Refuses values that are not a throw of the ruleset's sticks or die.
    static int throw_of(const Options &o, std::span<const int> values);
    // What a valid throw whose values add up to `sum` counts.
    static int throw_count(const Options &o, int sum) {
        if (sum != 0 || o.ruleset == SenetRuleset::bell) return sum;
        return o.ruleset == SenetRuleset::jequier ? 6 : 5;
    }

    static Action parse_action(const Options &o, std::string_view text);
    static json action_json(const Options &o, const State &s, Action a);

    static json position_json(const Options &o, const State &s);
    static State position_from_json(const Options &o, const json &j, const std::string &field);

    // The ruleset's name as in the option.
    static const char *ruleset_name(SenetRuleset r);
    // Whether the ruleset ever has pieces in hand (Piccione's start there); the others' never are.
    static bool has_hand(const Options &o);
    // The board's row (0 the top) and column (0 the left) of square 1..30.
    static int row_of(int square) { return (square - 1) / 10; }
    static int column_of(int square) { return row_of(square) == 1 ? 20 - square : (square - 1) % 10; }
    // Squares with a sign on the boards: 15 (the house of rebirth) and 26-30.
    static bool is_marked(int square) { return square == 15 || square >= 26; }
    // The player whose piece stands on square 1..30, -1 for none.
    static int owner(const State &s, int square) {
        return s.pieces[0] >> square & 1 ? 0 : s.pieces[1] >> square & 1 ? 1 : -1;
    }
    // Player p's pieces on the board.
    static int on_board(const State &s, int p) { return std::popcount(s.pieces[static_cast<size_t>(p)]); }

    // Pictures (senet_render.cpp): options "size", "words", "pieces" (SVG), none (text).
    static std::string render_svg(const Options &o, const State &s, const LastMove<State> &last,
                                  const json &render_options);
    static std::string render_text(const Options &o, const State &s, const LastMove<State> &last,
                                   const json &render_options);
    static json render_options();
    // Thirty squares in three rows of ten.
    static json board_json(const Options &o);
    static json rulesets_json();
};

// Bell's ruleset: one four-sided die (1..4) instead of the sticks.
struct SenetBellRules : SenetRules {
    static constexpr int dice_count = 1;
    static constexpr int die_lowest = 1, die_highest = 4;
    static constexpr std::string_view dice_kind = "tetrahedral";

    static void apply(const Options &o, State &s, Action a);  // Bell's moves alone
    // The die, one draw as roll_die draws it (senet_moves.hpp).
    static inline Event throw_dice(const Options &o, Rng &rng);
    static inline void set_thrown_dice(const Options &o, State &s, const Event &roll);
};

// The rules type that plays the options: Bell's with its die, the others with the sticks.
struct SenetChoice {
    using Rules = SenetRules;
    template <class Play>
    static auto with_rules(const json &options, Play &&play) {
        SenetOptions o = SenetRules::parse_options(options);
        return o.ruleset == SenetRuleset::bell ? play.template operator()<SenetBellRules>(std::move(o))
                                               : play.template operator()<SenetRules>(std::move(o));
    }
};

}  // namespace ludus

#include "senet_moves.hpp"  // the inline hot path
