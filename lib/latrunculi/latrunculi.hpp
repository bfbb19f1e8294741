// Ludus Latrunculorum (latrunculi): the published reconstructions, each as its author gave it,
// selected by the option "ruleset" (docs/rules/latrunculi.md gives every rule with its source).
//
// One set of rules (LatrunculiRulesT) over bitboards: a 64-bit word for boards of up to 64
// squares (Bell's 8x8 and 8x7, the Museum Quintana's 8x8), a 128-bit word above (Kowalski's
// 8x12 and 10x11). Squares are numbered rank * cols + file from a1 = 0. What differs between
// rulesets is data (LatrunculiRuleset): how pieces move, what captures, how the game ends.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "../game.hpp"
#include "../history.hpp"
#include "../options.hpp"
#include "../rng.hpp"
#include "../rules_concept.hpp"
#include "bits.hpp"

namespace ludus {

// One reconstruction, as data.
struct LatrunculiRuleset {
    std::string_view id, name, source;
    int rows, cols;
    int men;                        // men per player
    bool dux;                       // each player has a dux
    bool rook_moves;                // men and dux move any distance orthogonally; else one step
    bool dux_jumps;                 // the dux may jump an adjacent enemy (Bell)
    bool dux_capturable;            // the dux is captured like a man (Bell); else never (Kowalski)
    bool dux_immobilised_loses;     // a player whose dux is immobilised loses (Kowalski)
    bool corner_square_hostile;     // an empty corner square flanks like an enemy piece (Bell)
    bool corner_taken_by_two;       // a man in a corner is taken by enemies on both its neighbours (Kowalski)
    int placed_per_turn;            // 0: fixed setup; else men placed a turn in a placement phase (Bell: 2)
    bool extra_move_after_capture;  // the capturing piece moves again (Bell)
    int quiet_moves_limit;          // moves without a capture that end the game, more pieces winning (Bell: 30); 0 none
    bool stalemate_by_captures;  // a player who cannot move: more captured men wins (Kowalski); else the blocked player
                                 // loses
};

const std::vector<LatrunculiRuleset> &latrunculi_rulesets();

template <class BB>
struct LatrunculiMasks {
    BB board = 0, not_first_file = 0, not_last_file = 0, corners = 0;
    BB next_to_corners = 0;                      // the squares from which two pieces take a corner man
    std::array<BB, 128> neighbours{};            // the orthogonal neighbours of each square
    std::array<BB, 128> neighbours_in_rank{};    // those of its rank (left and right)
    std::array<std::array<BB, 128>, 4> rays{};   // the squares beyond each square: up, down, left, right
    int rank_doublings = 0, file_doublings = 0;  // fill steps that cover rows - 1 and cols - 1 squares
    uint8_t move_shape = 0;                      // the ruleset's compile-time shape of the rules (latrunculi_board.hpp)
    // The setup's pieces and their hash key, for the rulesets that start with pieces on the board:
    // made once with the masks, copied into each new game (a new game costs what a clone does).
    std::array<BB, 2> setup_men{}, setup_dux{};
    uint64_t setup_key = 0;
    // The pieces' hash keys (latrunculi_board.hpp), taken once with the masks: a move then pays
    // no check of the table's first use, and no call.
    const std::array<uint64_t, 4 * 128> *piece_keys = nullptr;
};

struct LatrunculiOptions {
    const LatrunculiRuleset *rules = nullptr;
    int rows = 8, cols = 8;
    int draw_plies_without_capture = 0;  // 0 = off
    int draw_repetitions = 0;            // 0 = off
    std::array<int, 4> corners{};        // a1, last file of rank 1, first and last of the top rank
    std::array<std::array<int, 2>, 4> corner_neighbours{};
    // The masks of the ruleset's board, made once per ruleset and shared by every game of it
    // (filling them took more instructions than a whole game of Bell's): m64 null where the
    // board has more than 64 squares.
    const LatrunculiMasks<uint64_t> *m64 = nullptr;
    const LatrunculiMasks<u128> *m128 = nullptr;
    ResolvedOptions resolved;  // every option as given or defaulted (saved with the game)

    template <class BB>
    const LatrunculiMasks<BB> &masks() const {
        if constexpr (sizeof(BB) == 8)
            return *m64;
        else
            return *m128;
    }
};

template <class BB>
struct LatrunculiStateT : StateEnvelope {
    std::array<BB, 2> men{}, dux{};                       // each player's men and dux (at most one bit)
    std::array<uint8_t, 2> men_in_hand{}, dux_in_hand{};  // placement phase (Bell)
    uint8_t placed_this_turn = 0;                         // men placed so far in this placement turn
    int8_t again = -1;                   // the square of the piece that captured and may move again, or -1
    uint32_t plies_without_capture = 0;  // moves (not placements) since the last capture
    uint64_t key = 0;                    // Zobrist key: pieces, player to move, the piece moving again

    BB pieces(int p) const { return men[p] | dux[p]; }
    BB occupied() const { return men[0] | men[1] | dux[0] | dux[1]; }
    bool placing() const { return (men_in_hand[0] | men_in_hand[1] | dux_in_hand[0] | dux_in_hand[1]) != 0; }
    // -1 empty, else the owner
    int owner(int sq) const { return bits::test(pieces(0), sq) ? 0 : bits::test(pieces(1), sq) ? 1 : -1; }
    bool is_dux(int sq) const { return bits::test(dux[0] | dux[1], sq); }
    bool operator==(const LatrunculiStateT &) const = default;
};

// The framework declares the draws by agreement and by repetition (CaptureRules).
template <class BB>
struct LatrunculiRulesT : CaptureRules<LatrunculiOptions, LatrunculiStateT<BB>> {
    using Options = LatrunculiOptions;
    using State = LatrunculiStateT<BB>;
    static constexpr std::string_view id = "latrunculi";
    static constexpr std::string_view name = "Ludus Latrunculorum";
    // Actions: a move from * 128 + to; placing a piece place_base + square; declining the extra move.
    static constexpr int stride = 128;
    static constexpr Action place_base = stride * stride;
    static constexpr Action pass = place_base + stride;

    static const std::vector<OptionSpec> &option_specs();
    static json options_catalogue() { return ludus::options_catalogue(option_specs()); }
    static Options parse_options(const json &given);
    // The catalogue's rulesets, Schädler's among them: each one's id, name and source.
    static json rulesets_json();

    static State initial(const Options &o);
    // Every game of a ruleset starts from its setup: a saved game's start must be it (a game
    // saved under one ruleset and relabelled another is refused, naming the ruleset).
    static std::string ruleset_label(const Options &o) { return ludus::ruleset_label(o.rules->name, o.rules->id); }

    static void legal_actions(const Options &o, const State &s, std::vector<Action> &out);
    static Action random_action(const Options &o, const State &s, Rng &rng);
    static void apply(const Options &o, State &s, Action a);
    static bool has_legal_move(const Options &o, const State &s, int player);
    // The squares the move `a` (by the player to move) captures.
    static BB captures_of(const Options &o, const State &s, Action a);
    // The squares beside an enemy piece that can be captured: every move that captures lands on
    // one (the piece that moves makes the capture, of a man in a corner too), so a search need
    // test only the moves landing there.
    static BB capture_landings(const Options &o, const State &s);
    // The squares the player's pieces could move to (for the computer player's evaluation).
    static int mobility(const Options &o, const State &s, int player);
    // The squares pieces on `from` could move to, `empty` being the empty squares (the same
    // steps as mobility; the dux's jumps not counted).
    static BB reach(const Options &o, BB from, BB empty);
    // A dux with no empty neighbour and an enemy piece beside it (Kowalski).
    static bool dux_immobilised(const Options &o, const State &s, int player);

    static std::string action_text(const Options &o, Action a);
    static Action parse_action(const Options &o, std::string_view text);
    static json action_json(const Options &o, const State &s, Action a);
    static json position_json(const Options &o, const State &s);
    static State position_from_json(const Options &o, const json &j, const std::string &field);
    static std::string square_name(const Options &o, int square);

    // Pictures (latrunculi_render.cpp): options "size", "orientation", "coordinates".
    static std::string render_svg(const Options &o, const State &s, const LastMove<State> &last,
                                  const json &render_options);
    static std::string render_text(const Options &o, const State &s, const LastMove<State> &last,
                                   const json &render_options);
    // The render options of both pictures, from the specs they check against (the catalogue's
    // "render_options").
    static json render_options();
};

using LatrunculiRules = LatrunculiRulesT<uint64_t>;  // boards of up to 64 squares
using LatrunculiWideRules = LatrunculiRulesT<u128>;  // larger boards (Kowalski)

}  // namespace ludus
