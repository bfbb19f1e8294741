// Petteia's two boards and their move generation (docs/rules/petteia.md): a bitboard for boards
// of up to 64 squares and an array of cells for larger ones, listing the same moves in the same
// order and finding the same captures. The rules (petteia.hpp) are written once over both.
// Squares are numbered rank * cols + file from a1 = 0.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

#include "../game.hpp"
#include "../options.hpp"
#include "../rng.hpp"

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

struct PetteiaStart;

struct PetteiaOptions {
    int rows = 8;
    int cols = 8;
    std::shared_ptr<const std::vector<PetteiaFlank>> flanks;  // per square
    int draw_plies_without_capture = 0;                       // 0 = off
    int draw_repetitions = 0;                                 // 0 = off
    int first_player = 0;                                     // -1: drawn by lot with the game's generator
    std::shared_ptr<const PetteiaBitTables> bits;             // for boards of up to 64 squares
    std::shared_ptr<const PetteiaStart> start;                // the pieces at the start (petteia.cpp)
    ResolvedOptions resolved;  // every option as given or defaulted (saved with the game)
};

// The tables of a board size, made once when the options are read.
std::shared_ptr<const PetteiaBitTables> make_petteia_bit_tables(int rows, int cols);  // up to 64 squares
std::shared_ptr<const std::vector<PetteiaFlank>> make_petteia_flanks(int rows, int cols);

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

// A move as an action, the same on both boards: from * petteia_stride + to.
inline constexpr int petteia_stride = CellBoard::max_squares;

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
        const uint64_t steps =
            (p << o.cols) | (p >> o.cols) | ((p & t.not_first_file) >> 1) | ((p & t.not_last_file) << 1);
        return (steps & empty_squares) != 0;
    }
    bool slides(const PetteiaOptions &o, int from, int to) const;
    Action random_action(const PetteiaOptions &o, int player, Rng &rng) const;
    int captures(const PetteiaOptions &o, int from, int to, int mover, std::array<int, 3> &out) const;
    bool operator==(const BitBoard &) const = default;

    // The enemy pieces a piece landing on `landing` captures, one mask a direction (up, down,
    // left, right): the adjacent enemy square whose far side has a flanker; sideways, both
    // squares must stay on the rank of the landing square (the file masks), up and down shift
    // off the board. Inline: the rules' move applies it in masks.
    static std::array<uint64_t, 4> captured_masks(const PetteiaBitTables &t, int cols, uint64_t landing, uint64_t enemy,
                                                  uint64_t flankers) {
        const uint64_t inner = t.not_first_file & t.not_last_file;
        return {(landing << cols) & enemy & (flankers >> cols), (landing >> cols) & enemy & (flankers << cols),
                (landing >> 1) & inner & enemy & (flankers << 1), (landing << 1) & inner & enemy & (flankers >> 1)};
    }
};

// The pieces at the start of a board size on both boards, and their key: made once when the
// options are read and copied into each new game, so that a new game costs what a clone does.
struct PetteiaStart {
    CellBoard cells;
    BitBoard bits;  // empty on boards of more than 64 squares
    uint64_t key = 0;

    template <class Board>
    const Board &board() const {
        if constexpr (std::is_same_v<Board, BitBoard>)
            return bits;
        else
            return cells;
    }
};

}  // namespace ludus
