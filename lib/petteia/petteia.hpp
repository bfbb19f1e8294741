// Petteia: custodian capture on a chequered board of any size (docs/rules/petteia.md).
//
// The rules are written once (PetteiaRulesT) over two board representations: a bitboard for
// boards of up to 64 squares (the default 8x8 among them: fast move generation and capture)
// and an array of cells for larger boards. Both play identical games, move lists in the same
// order included (tested). Squares are numbered rank * cols + file from a1 = 0.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "../game.hpp"
#include "../history.hpp"
#include "../options.hpp"
#include "../rng.hpp"
#include "../rules_concept.hpp"

namespace ludus {

// Rays and edge masks of one board size of at most 64 squares.
struct PetteiaBitTables {
    std::array<std::array<uint64_t, 64>, 4> ray{};  // squares beyond each square, per direction
    uint64_t board = 0;                             // every square of the board
    uint64_t not_first_file = 0, not_last_file = 0;
    int rank_doublings = 0, file_doublings = 0;  // fill steps that cover rows - 1 and cols - 1 squares
    // The moves along each ray, nearest first, for move listing: square sq, direction d at
    // (sq * 4 + d) * ray_width, ray_width (a multiple of 8) actions, past the ray's end padding.
    int ray_width = 8;
    std::vector<int32_t> ray_moves;
};

// For each square and direction (up, down, left, right): the adjacent square and the one
// beyond it, or -1 where the board ends (edges are not hostile).
struct PetteiaFlank {
    std::array<int16_t, 4> adjacent, beyond;
};

struct PetteiaOptions {
    int rows = 8;
    int cols = 8;
    std::shared_ptr<const std::vector<PetteiaFlank>> flanks;  // per square
    int draw_plies_without_capture = 0;  // 0 = off
    int draw_repetitions = 0;            // 0 = off
    std::shared_ptr<const PetteiaBitTables> bits;  // for boards of up to 64 squares
    json resolved;                       // every option as given or defaulted (saved with the game)
};

// The general board: one cell per square.
struct CellBoard {
    static constexpr int max_side = 26;
    static constexpr int max_squares = max_side * max_side;
    static constexpr int8_t empty = -1;

    std::array<int8_t, max_squares> cells;  // -1 empty, else the owner

    void reset() { cells.fill(empty); }
    int owner(int sq) const { return cells[sq]; }
    void put(int sq, int player) { cells[sq] = static_cast<int8_t>(player); }
    void clear(int sq) { cells[sq] = empty; }
    // The moves of `player`, written to out (room for 4 moves a square); returns how many.
    size_t write_moves(const PetteiaOptions &o, int player, Action *out) const;
    bool can_move(const PetteiaOptions &o, int player) const;
    bool slides(const PetteiaOptions &o, int from, int to) const;  // along a free rank or file
    Action random_action(const PetteiaOptions &o, int player, Rng &rng) const;
    int captures(const PetteiaOptions &o, int from, int to, int mover, std::array<int, 3> &out) const;
    bool operator==(const CellBoard &) const = default;
};

// Boards of up to 64 squares: one bit per square and player.
struct BitBoard {
    static constexpr int max_squares = 64;
    static constexpr int8_t empty = -1;

    std::array<uint64_t, 2> bits{};

    void reset() { bits = {0, 0}; }
    int owner(int sq) const { return ((bits[0] >> sq) & 1) ? 0 : ((bits[1] >> sq) & 1) ? 1 : -1; }
    void put(int sq, int player) { bits[player] |= uint64_t{1} << sq; }
    void clear(int sq) { bits[0] &= ~(uint64_t{1} << sq), bits[1] &= ~(uint64_t{1} << sq); }
    size_t write_moves(const PetteiaOptions &o, int player, Action *out) const;
    // Inline: checked after every move.
    bool can_move(const PetteiaOptions &o, int player) const {
        const PetteiaBitTables &t = *o.bits;
        const uint64_t empty_squares = t.board & ~(bits[0] | bits[1]);
        const uint64_t p = bits[player];
        const uint64_t steps = (p << o.cols) | (p >> o.cols) | ((p & t.not_first_file) >> 1) | ((p & t.not_last_file) << 1);
        return (steps & empty_squares) != 0;
    }
    bool slides(const PetteiaOptions &o, int from, int to) const;
    Action random_action(const PetteiaOptions &o, int player, Rng &rng) const;
    int captures(const PetteiaOptions &o, int from, int to, int mover, std::array<int, 3> &out) const;
    bool operator==(const BitBoard &) const = default;
};

template <class Board>
struct PetteiaStateT : Board {
    std::array<uint16_t, 2> pieces{};  // pieces on the board per player
    uint8_t to_move = 0;
    EndReason end_reason = EndReason::none;  // set with the result
    Result result = Result::ongoing;
    uint32_t plies_without_capture = 0;
    uint64_t key = 0;                  // Zobrist key of the board and the player to move
    Rng rng;

    bool operator==(const PetteiaStateT &) const = default;
};

using PetteiaState = PetteiaStateT<CellBoard>;
using PetteiaBitState = PetteiaStateT<BitBoard>;

// The framework declares the draws by agreement and by repetition (RepeatsSinceCapture).
template <class Board>
struct PetteiaRulesT : RepeatsSinceCapture<PetteiaStateT<Board>, PetteiaOptions> {
    using Options = PetteiaOptions;
    using State = PetteiaStateT<Board>;
    static constexpr std::string_view id = "petteia";
    static constexpr std::string_view name = "Petteia";
    static constexpr bool has_dice = false;
    static constexpr bool allows_agreed_draw = true;
    // Actions are from * stride + to, the same for both boards.
    static constexpr int action_stride = CellBoard::max_squares;

    static const std::vector<OptionSpec> &option_specs();
    static json options_catalogue() { return ludus::options_catalogue(option_specs()); }
    static Options parse_options(const json &given);
    static json options_json(const Options &o) { return o.resolved; }

    static State initial(const Options &o);
    static Phase phase(const State &s) { return s.result == Result::ongoing ? Phase::move : Phase::over; }
    static int to_move(const State &s) { return s.to_move; }
    static Result result(const State &s) { return s.result; }

    // Each empty square is reached by at most one piece from each direction. The bitboard
    // listing writes up to a ray's width past its moves: this bound leaves room for that too
    // (checked for every board size in petteia.cpp).
    static size_t max_actions(const Options &o) { return 4 * static_cast<size_t>(o.rows * o.cols); }
    static size_t write_actions(const Options &o, const State &s, Action *out) { return s.write_moves(o, s.to_move, out); }
    static void legal_actions(const Options &o, const State &s, std::vector<Action> &out) {
        append_actions<4 * Board::max_squares>(out, [&](Action *buffer) { return write_actions(o, s, buffer); });
    }
    static bool has_legal_move(const Options &o, const State &s, int player) { return s.can_move(o, player); }
    // A uniformly random legal move for playouts, without listing them all: the r-th move
    // (r uniform) in the order direction (up, down, left, right), then landing square.
    static Action random_action(const Options &o, const State &s, Rng &rng) { return s.random_action(o, s.to_move, rng); }
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
    static uint64_t square_key(int square, int player);
    static uint64_t side_key();
};

// The general rules (any board size); the pictures are drawn from this representation.
struct PetteiaRules : PetteiaRulesT<CellBoard> {
    // Pictures (petteia_render.cpp): options "size", "orientation", "coordinates" (SVG) and
    // "orientation", "coordinates" (text); see ludus_game_render_svg in ludus.h.
    static std::string render_svg(const Options &o, const State &s, const LastMove<State> &last, const json &render_options);
    static std::string render_text(const Options &o, const State &s, const LastMove<State> &last, const json &render_options);
    // The render options of both pictures, from the specs they check against (the catalogue's
    // "render_options").
    static json render_options();
};

// The same rules on bitboards, for boards of up to 64 squares.
struct PetteiaBitRules : PetteiaRulesT<BitBoard> {
    static PetteiaState to_cells(const State &s);
    static std::string render_svg(const Options &o, const State &s, const LastMove<State> &last, const json &render_options);
    static std::string render_text(const Options &o, const State &s, const LastMove<State> &last, const json &render_options);
};

}  // namespace ludus
