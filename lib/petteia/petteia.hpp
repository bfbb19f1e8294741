// Petteia: custodian capture on a chequered board of any size (docs/rules/petteia.md).
//
// The rules are written once (PetteiaRulesT) over two board representations (petteia_board.hpp):
// a bitboard for boards of up to 64 squares (the default 8x8 among them: fast move generation
// and capture) and an array of cells for larger boards. Both play identical games, move lists in
// the same order included (tested). Squares are numbered rank * cols + file from a1 = 0. The
// rules are in petteia.cpp, the saved position in petteia_json.cpp.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../game.hpp"
#include "../history.hpp"
#include "../options.hpp"
#include "../rng.hpp"
#include "../rules_concept.hpp"
#include "petteia_board.hpp"

namespace ludus {

template <class Board>
struct PetteiaStateT : Board, StateEnvelope {
    std::array<uint16_t, 2> pieces{};  // pieces on the board per player
    uint32_t plies_without_capture = 0;
    uint64_t key = 0;  // Zobrist key of the board and the player to move

    bool operator==(const PetteiaStateT &) const = default;
};

using PetteiaState = PetteiaStateT<CellBoard>;
using PetteiaBitState = PetteiaStateT<BitBoard>;

// The framework declares the draws by agreement and by repetition (CaptureRules).
template <class Board>
struct PetteiaRulesT : CaptureRules<PetteiaOptions, PetteiaStateT<Board>> {
    using Options = PetteiaOptions;
    using State = PetteiaStateT<Board>;
    static constexpr std::string_view id = "petteia";
    static constexpr std::string_view name = "Petteia";
    // Actions are from * stride + to, the same for both boards.
    static constexpr int action_stride = petteia_stride;
    // The level "uct"'s exploration constant: most playouts end drawn, so the means differ
    // little and a small C lets them count (0.15 scored 90% against 0.7 at 300 playouts).
    static constexpr double uct_exploration = 0.15;

    static const std::vector<OptionSpec> &option_specs();
    static json options_catalogue() { return ludus::options_catalogue(option_specs()); }
    static Options parse_options(const json &given);

    static State initial(const Options &o);

    // Each empty square is reached by at most one piece from each direction. The bitboard
    // listing writes up to a ray's width past its moves: this bound leaves room for that too
    // (checked for every board size in petteia_board.cpp).
    static size_t max_actions(const Options &o) { return 4 * static_cast<size_t>(o.rows * o.cols); }
    static size_t write_actions(const Options &o, const State &s, Action *out) {
        return s.write_moves(o, s.to_move, out);
    }
    static void legal_actions(const Options &o, const State &s, std::vector<Action> &out) {
        append_actions<4 * Board::max_squares>(out, [&](Action *buffer) { return write_actions(o, s, buffer); });
    }
    static bool has_legal_move(const Options &o, const State &s, int player) { return s.can_move(o, player); }
    // A uniformly random legal move for playouts, without listing them all: the r-th move
    // (r uniform) in the order direction (up, down, left, right), then landing square.
    static Action random_action(const Options &o, const State &s, Rng &rng) {
        return s.random_action(o, s.to_move, rng);
    }
    static bool is_legal(const Options &o, const State &s, Action a);
    static void apply(const Options &o, State &s, Action a);
    // After a move: the end checks, in the order of docs/rules/petteia.md, "The end".
    static void finish_move(const Options &o, State &s, int mover);

    static std::string action_text(const Options &o, Action a);
    static Action parse_action(const Options &o, std::string_view text);
    static json action_json(const Options &o, const State &s, Action a);
    // Squares the move captures, in the order up, down, left, right from the landing square.
    static int captures_of(const Options &o, const State &s, Action a, std::array<int, 3> &out);

    static json position_json(const Options &o, const State &s);
    static State position_from_json(const Options &o, const json &j, const std::string &field);

    static std::string square_name(const Options &o, int square);
    // The keys of a player's piece on a square, filled on first use (mixed_keys): a move takes
    // the table once for all its squares, the first-use check not being free.
    using SquareKeys = std::array<uint64_t, 2 * CellBoard::max_squares>;
    static const SquareKeys &square_keys();
    static uint64_t square_key(const SquareKeys &keys, int square, int player) { return keys[2 * square + player]; }
    static uint64_t square_key(int square, int player) { return square_key(square_keys(), square, player); }
    static uint64_t side_key();
};

// The general rules (any board size); the pictures are drawn from this representation.
struct PetteiaRules : PetteiaRulesT<CellBoard> {
    // Pictures (petteia_render.cpp): options "size", "orientation", "coordinates" (SVG) and
    // "orientation", "coordinates" (text); see ludus_game_render_svg in ludus.h.
    static std::string render_svg(const Options &o, const State &s, const LastMove<State> &last,
                                  const json &render_options);
    static std::string render_text(const Options &o, const State &s, const LastMove<State> &last,
                                   const json &render_options);
    // The render options of both pictures, from the specs they check against (the catalogue's
    // "render_options").
    static json render_options();
};

// The same rules on bitboards, for boards of up to 64 squares.
struct PetteiaBitRules : PetteiaRulesT<BitBoard> {
    static PetteiaState to_cells(const State &s);
    static std::string render_svg(const Options &o, const State &s, const LastMove<State> &last,
                                  const json &render_options);
    static std::string render_text(const Options &o, const State &s, const LastMove<State> &last,
                                   const json &render_options);
};

// The rules that play a game of Petteia (rules_choice.hpp): the bitboard where the board fits in
// 64 squares, the cells above.
struct PetteiaChoice {
    using Rules = PetteiaRules;
    template <class Play>
    static auto with_rules(const json &options, Play &&play) {
        PetteiaOptions o = PetteiaRules::parse_options(options);
        return o.bits ? play.template operator()<PetteiaBitRules>(std::move(o))
                      : play.template operator()<PetteiaRules>(std::move(o));
    }
};

}  // namespace ludus
