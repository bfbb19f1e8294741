// Schädler's Latrunculi (game "latrunculi", rulesets "schaedler" and "schaedler_2001"): one kind
// of piece, no dux; pieces are not taken at once but blocked (alligatus) when enclosed, and
// removed on a later turn instead of a move (docs/rules/latrunculi.md, "Schädler").
//
// Its own rules type, apart from LatrunculiRulesT, because the state differs in kind: each
// piece is free or blocked, a move may be a chain of hops, and a turn may remove a piece instead
// of moving. The option table is the one of the game (LatrunculiRules::option_specs), so the
// catalogue shows one game with every ruleset. The board is 8x8: one 64-bit word per set.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "../game.hpp"
#include "../history.hpp"
#include "../options.hpp"
#include "../rng.hpp"
#include "../rules_concept.hpp"
#include "bits.hpp"
#include "latrunculi.hpp"

namespace ludus {

// One of Schädler's two versions, as data.
struct SchaedlerRuleset {
    std::string_view id, name, source;
    int min_pieces, max_pieces;        // pieces each (the players agree on a number in 2001)
    bool enter_between_only_to_block;  // 2001: a piece may stop between two enemies only if the move blocks one
};

const std::vector<SchaedlerRuleset> &schaedler_rulesets();
const SchaedlerRuleset *find_schaedler_ruleset(std::string_view id);  // nullptr if not one of them

struct SchaedlerOptions {
    const SchaedlerRuleset *rules = nullptr;
    static constexpr int rows = 8, cols = 8;
    int pieces = 16;                     // each player's
    int draw_plies_without_capture = 0;  // 0 = off
    int draw_repetitions = 0;            // 0 = off
    ResolvedOptions resolved;
};

struct SchaedlerState : StateEnvelope {
    std::array<uint64_t, 2> pieces{};    // each player's pieces, free or blocked
    std::array<uint64_t, 2> blocked{};   // the blocked (alligati) among them
    std::array<uint8_t, 2> in_hand{};    // placement phase
    uint32_t plies_without_capture = 0;  // moves (not placements) since the last removal
    uint64_t key = 0;                    // Zobrist key: pieces with their state, player to move

    uint64_t free(int p) const { return pieces[p] & ~blocked[p]; }
    uint64_t occupied() const { return pieces[0] | pieces[1]; }
    bool placing() const { return (in_hand[0] | in_hand[1]) != 0; }
    int owner(int sq) const { return bits::test(pieces[0], sq) ? 0 : bits::test(pieces[1], sq) ? 1 : -1; }
    bool is_blocked(int sq) const { return bits::test(blocked[0] | blocked[1], sq); }
    bool operator==(const SchaedlerState &) const = default;
};

// The framework declares the draws by agreement and by repetition (CaptureRules).
struct SchaedlerRules : CaptureRules<SchaedlerOptions, SchaedlerState> {
    static constexpr std::string_view id = "latrunculi";
    static constexpr std::string_view name = "Ludus Latrunculorum";
    // Actions: a move from * 64 + to (a step or a chain of hops, by its last square), placing a
    // piece place_base + square, removing a blocked enemy piece remove_base + square.
    static constexpr int stride = 64;
    static constexpr Action place_base = stride * stride;
    static constexpr Action remove_base = place_base + stride;

    static json options_catalogue() { return LatrunculiRules::options_catalogue(); }
    static Options parse_options(const json &given);

    static State initial(const Options &o);
    // Every game of a ruleset starts from its setup: a saved game's start must be it (a game
    // saved under one ruleset and relabelled another is refused, naming the ruleset).
    static std::string ruleset_label(const Options &o) { return ludus::ruleset_label(o.rules->name, o.rules->id); }

    static void legal_actions(const Options &o, const State &s, std::vector<Action> &out);
    // The r-th action of legal_actions, r uniform (one draw of rng), without listing them.
    static Action random_action(const Options &o, const State &s, Rng &rng);
    static bool is_legal(const Options &o, const State &s, Action a);
    static void apply(const Options &o, State &s, Action a);

    // The squares a piece standing on `from` can end its move on (steps and chains of hops).
    static uint64_t destinations(const Options &o, const State &s, int from);
    // The player to move has a move (a square to place on, a piece to remove or a step).
    static bool has_legal_move(const Options &o, const State &s);
    // The enemy pieces the move `a` blocks, or the piece it removes (for the computer player
    // and the pictures).
    static uint64_t captures_of(const Options &o, const State &s, Action a);
    // The computer player's view of a position, from the side to move, in hundredths of a piece.
    static int evaluation(const Options &o, const State &s);

    static std::string action_text(const Options &o, Action a);
    static Action parse_action(const Options &o, std::string_view text);
    static json action_json(const Options &o, const State &s, Action a);
    static json position_json(const Options &o, const State &s);
    static State position_from_json(const Options &o, const json &j, const std::string &field);
    static std::string square_name(const Options &o, int square);

    // Pictures (schaedler_render.cpp): blocked pieces are drawn crossed through.
    static std::string render_svg(const Options &o, const State &s, const LastMove<State> &last,
                                  const json &render_options);
    static std::string render_text(const Options &o, const State &s, const LastMove<State> &last,
                                   const json &render_options);
};

}  // namespace ludus
