// The rulesets' data and the bitboard steps, slides and move sets of Latrunculi's rules
// (latrunculi.hpp), inline for the move generation and the rules of latrunculi.cpp, with the
// positions' hash keys (also read back by latrunculi_json.cpp). Directions are 0 up, 1 down,
// 2 left, 3 right.
#pragma once

#include <array>
#include <cstdint>
#include <type_traits>

#include "../bitboard.hpp"
#include "../rng.hpp"
#include "latrunculi.hpp"

namespace ludus::latrunculi {

// The rulesets, with the source of each (docs/rules/latrunculi.md gives rule by rule): named
// constants, so that a MoveShape may know one ruleset's rules at compile time.
namespace rulesets {
// id, name, source, rows, cols, men, dux, rook, dux_jumps, dux_capturable, dux_immobilised_loses,
// corner_square_hostile, corner_taken_by_two, placed_per_turn, extra_move, quiet_limit, stalemate_by_captures
inline constexpr LatrunculiRuleset kowalski{
    "kowalski",
    "Kowalski 8x12",
    "W. J. Kowalski, Roman board games: Latrunculi (web pages, archived 2008); Ludii 'Kowalski 8x12'",
    8,
    12,
    12,
    true,
    true,
    false,
    false,
    true,
    false,
    true,
    0,
    false,
    0,
    true};
inline constexpr LatrunculiRuleset kowalski_10x11{
    "kowalski_10x11",
    "Kowalski 10x11",
    "Ludii's 'Kowalski 10x11' (Ludus Latrunculorum.lud 1.3.10), after W. J. Kowalski",
    10,
    11,
    10,
    true,
    true,
    false,
    false,
    true,
    false,
    true,
    0,
    false,
    0,
    true};
inline constexpr LatrunculiRuleset bell{
    "bell",
    "Bell 8x8",
    "R. C. Bell, Board and Table Games from Many Civilizations (rev. 1979), p. 86; Ludii 'Bell 8x8'",
    8,
    8,
    16,
    true,
    false,
    true,
    true,
    false,
    true,
    false,
    2,
    true,
    30,
    false};
inline constexpr LatrunculiRuleset bell_8x7{
    "bell_8x7",
    "Bell 8x7",
    "R. C. Bell, Board and Table Games from Many Civilizations (rev. 1979), p. 86; Ludii 'Bell 8x7'",
    8,
    7,
    16,
    true,
    false,
    true,
    true,
    false,
    true,
    false,
    2,
    true,
    30,
    false};
inline constexpr LatrunculiRuleset quintana{"quintana",
                                            "Museum Quintana",
                                            "placard of the Museum Quintana, Kuenzing; Ludii 'Museum Quintana'",
                                            8,
                                            8,
                                            16,
                                            false,
                                            true,
                                            false,
                                            false,
                                            false,
                                            false,
                                            false,
                                            0,
                                            false,
                                            0,
                                            false};
}  // namespace rulesets

// Keys of a man (kind 0) or dux (kind 1) of a player on a square. The table is filled on first
// use (mixed_keys), which a check pays at each look-up: the moves take it from the masks
// (LatrunculiMasks::piece_keys), which look it up once.
using PieceKeys = std::array<uint64_t, 4 * 128>;
inline const PieceKeys &piece_keys() { return mixed_keys<4 * 128, 0x1A7500ull>(); }
[[gnu::always_inline]] inline uint64_t piece_key(const PieceKeys &keys, int sq, int player, bool dux) {
    return keys[4 * sq + 2 * player + (dux ? 1 : 0)];
}
inline uint64_t piece_key(int sq, int player, bool dux) { return piece_key(piece_keys(), sq, player, dux); }
inline constexpr uint64_t side_key = mix64(0x51DE1A7);
inline uint64_t again_key(int sq) { return mix64(0xA6A1000ull + static_cast<uint64_t>(sq)); }

// The masks of a board size (for both words: the options keep both).
template <class BB>
void fill_masks(LatrunculiMasks<BB> &m, int rows, int cols);

// One orthogonal step of every square of `b` in direction d (0 up, 1 down, 2 left, 3 right);
// steps off the board vanish.
template <class BB>
[[gnu::always_inline]] inline BB shift(const LatrunculiMasks<BB> &m, int cols, BB b, int d) {
    switch (d) {
    case 0: return (b << cols) & m.board;
    case 1: return b >> cols;
    case 2: return (b >> 1) & m.not_last_file;
    default: return (b << 1) & m.not_first_file;
    }
}
constexpr int opposite(int d) { return d ^ 1; }

// A sliding fill of `doublings` steps (at most 7 on a board of 128 squares), unrolled.
template <class BB, class Shift>
[[gnu::always_inline]] inline BB fill(int doublings, BB from, BB open, int step, Shift shift) {
    switch (doublings) {
    case 1: return bitboard::slide<1>(from, open, step, shift);
    case 2: return bitboard::slide<2>(from, open, step, shift);
    case 3: return bitboard::slide<3>(from, open, step, shift);
    case 4: return bitboard::slide<4>(from, open, step, shift);
    case 5: return bitboard::slide<5>(from, open, step, shift);
    case 6: return bitboard::slide<6>(from, open, step, shift);
    default: return bitboard::slide<7>(from, open, step, shift);
    }
}

// What the rules may know of a ruleset at compile time: the board's size (0: read from the
// options), whether Bell's extras may apply (the dux's jumps, the placement phase, the extra move
// after a capture, the limit of quiet moves, hostile empty corners), whether there are duxes, and
// the ruleset itself (RulesetFromOptions: read from the options). Known, the shifts are by constants, the fills
// unroll with no switch in each direction, a ruleset pays no test or union for what it does not
// have, and a known ruleset's rules are constants (Bell's one-step moves and extras: no test of
// the ruleset in a ply).
// A ruleset known at compile time is a type (a pointer parameter compared with null is not a
// constant expression under GCC's sanitizers).
struct RulesetFromOptions {};
template <const LatrunculiRuleset &Ruleset>
struct KnownRuleset {
    static constexpr const LatrunculiRuleset &rules = Ruleset;
};
template <int Rows, int Cols, bool Extras, bool Dux, class Known = RulesetFromOptions>
struct MoveShape {
    static constexpr bool extras = Extras, dux = Dux;
    static const LatrunculiRuleset &rules(const LatrunculiOptions &o) {
        if constexpr (std::is_same_v<Known, RulesetFromOptions>)
            return *o.rules;
        else
            return Known::rules;
    }
    static int cols(const LatrunculiOptions &o) { return Cols != 0 ? Cols : o.cols; }
    template <class BB>
    static int rank_doublings(const LatrunculiMasks<BB> &m) {
        return Rows != 0 ? std::bit_width(static_cast<unsigned>(Rows - 1)) : m.rank_doublings;
    }
    template <class BB>
    static int file_doublings(const LatrunculiMasks<BB> &m) {
        return Cols != 0 ? std::bit_width(static_cast<unsigned>(Cols - 1)) : m.file_doublings;
    }
    // A player's pieces and every piece: the men alone where there is no dux.
    template <class BB>
    static BB pieces(const LatrunculiStateT<BB> &s, int p) {
        return Dux ? s.pieces(p) : s.men[p];
    }
    template <class BB>
    static BB occupied(const LatrunculiStateT<BB> &s) {
        return Dux ? s.occupied() : s.men[0] | s.men[1];
    }
    template <class BB>
    static bool placing(const LatrunculiStateT<BB> &s) {
        return Extras && s.placing();
    }
    template <class BB>
    static int again(const LatrunculiStateT<BB> &s) {
        return Extras ? s.again : -1;
    }
};
using AnyMoveShape = MoveShape<0, 0, true, true>;  // everything read from the options
using QuintanaShape = MoveShape<8, 8, false, false, KnownRuleset<rulesets::quintana>>;
using KowalskiShape = MoveShape<8, 12, false, true, KnownRuleset<rulesets::kowalski>>;
using Kowalski10x11Shape = MoveShape<10, 11, false, true, KnownRuleset<rulesets::kowalski_10x11>>;
using BellShape = MoveShape<8, 8, true, true, KnownRuleset<rulesets::bell>>;
using Bell8x7Shape = MoveShape<8, 7, true, true, KnownRuleset<rulesets::bell_8x7>>;

// The MoveShape that serves a ruleset (LatrunculiMasks::move_shape): 1 Quintana's, 2 and 3
// Kowalski's, 4 and 5 Bell's, each knowing its ruleset's rules (no test of an option in a ply);
// 0, the general one, for any other. Quintana's and Kowalski's have none of Bell's extras, and
// Quintana's no dux, so their games never have that state (no dux, nothing in hand, no piece
// moving again: a position read back is checked for it).
inline uint8_t move_shape_id(const LatrunculiRuleset &r) {
    if (r.id == rulesets::quintana.id) return 1;
    if (r.id == rulesets::kowalski.id) return 2;
    if (r.id == rulesets::kowalski_10x11.id) return 3;
    if (r.id == rulesets::bell.id) return 4;
    if (r.id == rulesets::bell_8x7.id) return 5;
    return 0;
}

// Calls f.template operator()<Shape>() with the MoveShape of the ruleset. The 64-bit rules are
// built for the shapes of boards of up to 64 squares, the 128-bit ones for Kowalski's larger
// boards: a smaller board played on 128 bits (as a test may) takes the general shape, which
// plays every ruleset alike.
template <class BB, class F>
[[gnu::always_inline]] inline decltype(auto) with_move_shape(const LatrunculiOptions &o, F &&f) {
    constexpr bool wide = sizeof(BB) > 8;
    switch (o.masks<BB>().move_shape) {
    case 1:
        if constexpr (!wide) return f.template operator()<QuintanaShape>();
        break;
    case 2:
        if constexpr (wide) return f.template operator()<KowalskiShape>();
        break;
    case 3:
        if constexpr (wide) return f.template operator()<Kowalski10x11Shape>();
        break;
    case 4:
        if constexpr (!wide) return f.template operator()<BellShape>();
        break;
    case 5:
        if constexpr (!wide) return f.template operator()<Bell8x7Shape>();
        break;
    default: break;
    }
    return f.template operator()<AnyMoveShape>();
}

// The empty squares that pieces on `from` reach sliding right: for each piece, the squares up
// to the next piece of its rank, which a subtraction borrows through (the bits from the piece's
// right up to the first stop flip). The last file stops each borrow as a piece would, so none
// leaves its rank; a piece on the last file has no move. `from` must hold pieces, never an empty
// square (the borrows of two pieces would overlap). One subtraction, where a fill took as many
// doublings as a rank has squares' bits.
template <class BB>
[[gnu::always_inline]] inline BB slide_right(const LatrunculiMasks<BB> &m, BB from, BB empty) {
    const BB stops = ~(empty & m.not_last_file), movers = from & m.not_last_file;
    return (stops ^ (stops - (movers << 1))) & empty;
}

// The empty squares reached from `from` (pieces) sliding in direction d (Kogge-Stone fills;
// sideways, the squares a shift would wrap onto are not open).
template <class Shape = AnyMoveShape, class BB>
[[gnu::always_inline]] inline BB slide(const LatrunculiMasks<BB> &m, int cols, BB from, BB empty, int d) {
    const auto left = [](BB x, int n) { return x << n; };
    const auto right = [](BB x, int n) { return x >> n; };
    const int rank_doublings = Shape::rank_doublings(m), file_doublings = Shape::file_doublings(m);
    switch (d) {
    case 0: return fill(rank_doublings, from, empty, cols, left);
    case 1: return fill(rank_doublings, from, empty, cols, right);
    case 2: return fill(file_doublings, from, empty & m.not_last_file, 1, right);
    default: return slide_right(m, from, empty);
    }
}

// The empty squares the pieces on `from` move to in direction d: a slide for rook moves, else
// one step.
template <class BB>
[[gnu::always_inline]] inline BB moves_towards(const LatrunculiOptions &o, const LatrunculiMasks<BB> &m, BB from,
                                               BB empty, int d) {
    return o.rules->rook_moves ? slide(m, o.cols, from, empty, d) : shift(m, o.cols, from, d) & empty;
}

// Every move of the player to move, as sets: the landing squares per direction (each landing
// square of a direction comes from exactly one piece: the nearest behind it), the dux's jumps,
// the pass that declines an extra move, or the squares to place a piece on.
template <class BB>
struct MoveSets {
    std::array<BB, 4> landing{};
    std::array<BB, 4> jump{};  // the dux's landing square per direction
    int dux_square = -1;
    bool pass = false;
    BB place = 0;
};

template <class Shape = AnyMoveShape, class BB>
[[gnu::always_inline]] inline MoveSets<BB> move_sets(const LatrunculiOptions &o, const LatrunculiStateT<BB> &s) {
    const LatrunculiMasks<BB> &m = o.masks<BB>();
    const LatrunculiRuleset &r = Shape::rules(o);
    MoveSets<BB> ms;
    const BB empty = m.board & ~Shape::occupied(s);
    if (Shape::placing(s)) {
        ms.place = empty;
        return ms;
    }
    const int p = s.to_move, cols = Shape::cols(o);
    const BB movable = Shape::again(s) >= 0 ? bits::one<BB>(s.again) : Shape::pieces(s, p);
    // The ruleset's kind of move decided once, and each direction's shift a constant once the
    // loops are unrolled (Bell's one-step moves had paid a branch per direction for both).
    if (!Shape::extras || r.rook_moves) {
#pragma GCC unroll 4
        for (int d = 0; d < 4; ++d) ms.landing[d] = slide<Shape>(m, cols, movable, empty, d);
    } else {
#pragma GCC unroll 4
        for (int d = 0; d < 4; ++d) ms.landing[d] = shift(m, cols, movable, d) & empty;
    }
    if (Shape::extras && r.dux_jumps) {
        const BB dux = s.dux[p] & movable;
        if (dux != 0) {
            ms.dux_square = bits::lowest(dux);
            const BB enemy = s.pieces(1 - p);
#pragma GCC unroll 4
            for (int d = 0; d < 4; ++d) ms.jump[d] = shift(m, cols, shift(m, cols, dux, d) & enemy, d) & empty;
        }
    }
    ms.pass = Shape::again(s) >= 0;
    return ms;
}

// The square of the piece that lands on `to` moving in direction d: the nearest behind it, the
// next square where pieces move one step. Both ends found and one chosen without a branch: the
// direction of a random move is random.
template <class Shape = AnyMoveShape, class BB>
[[gnu::always_inline]] inline int origin(const LatrunculiOptions &o, const LatrunculiStateT<BB> &s, int to, int d) {
    if (Shape::extras && !Shape::rules(o).rook_moves) {
        const int cols = Shape::cols(o);
        const std::array<int, 4> back{-cols, cols, 1, -1};  // up, down, left, right
        return to + back[d];
    }
    const BB behind = o.masks<BB>().rays[opposite(d)][to] & Shape::occupied(s);
    const int highest = bits::highest(behind), lowest = bits::lowest(behind);
    const bool from_below = ((0b1001 >> d) & 1) != 0;  // up (0) and right (3)
    return from_below ? highest : lowest;
}

template <class Shape = AnyMoveShape, class BB>
[[gnu::always_inline]] inline bool any_step(const LatrunculiOptions &o, const LatrunculiStateT<BB> &s, int player) {
    const LatrunculiMasks<BB> &m = o.masks<BB>();
    const BB empty = m.board & ~Shape::occupied(s), own = Shape::pieces(s, player);
    const int cols = Shape::cols(o);
    // Every direction's steps joined before one test: no branch per direction.
    BB steps = 0;
#pragma GCC unroll 4
    for (int d = 0; d < 4; ++d) steps |= shift(m, cols, own, d) & empty;
    if (steps != 0) return true;
    if (Shape::extras && Shape::rules(o).dux_jumps && s.dux[player] != 0) {
        const BB enemy = s.pieces(1 - player);
#pragma GCC unroll 4
        for (int d = 0; d < 4; ++d) steps |= shift(m, cols, shift(m, cols, s.dux[player], d) & enemy, d) & empty;
    }
    return steps != 0;
}

// Whether `player`'s dux is immobilised: no empty square beside it and an enemy piece beside it
// (`occupied`: every piece on the board). Inline: the end of every move of Kowalski's asks it
// for both duxes.
template <class BB>
[[gnu::always_inline]] inline bool dux_hemmed_in(const LatrunculiMasks<BB> &m, const LatrunculiStateT<BB> &s,
                                                 int player, BB occupied) {
    if (s.dux[player] == 0) return false;
    const BB around = m.neighbours[bits::lowest(s.dux[player])];
    return (around & ~occupied) == 0 && (around & s.pieces(1 - player)) != 0;
}

// The r-th move in the order of LatrunculiRulesT::legal_actions, r uniform, without listing them.
Action random_move(const LatrunculiOptions &o, const LatrunculiStateT<uint64_t> &s, Rng &rng);
Action random_move(const LatrunculiOptions &o, const LatrunculiStateT<u128> &s, Rng &rng);

}  // namespace ludus::latrunculi
