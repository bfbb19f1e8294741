// The hot path of Senet's rules (senet.hpp): the moves a throw allows in each ruleset, found for
// all pieces at once from the masks of the squares (bit k for square k, 1..30; bit 31 a piece
// borne off), the random move picked from them without listing the moves, and the throw. Inline,
// as every ply of a playout and of the computer players' searches passes here. The opening and
// Kendall's piece in the water are listed (senet.cpp), as they are rare.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

#include "../bitboard.hpp"
#include "../history.hpp"
#include "senet.hpp"

namespace ludus {

namespace senet_moves {

using S = SenetState;
using R = SenetRules;

constexpr int rebirth = 15, beauty = 26, water = 27;

// Bits first..last (at most 63).
constexpr uint64_t span(int first, int last) { return (uint64_t{2} << last) - (uint64_t{1} << first); }
constexpr uint32_t bit(int square) { return uint32_t{1} << square; }

constexpr uint32_t board = static_cast<uint32_t>(span(1, 30));
constexpr uint32_t first_row = static_cast<uint32_t>(span(1, 10));
constexpr uint32_t first_two_rows = static_cast<uint32_t>(span(1, 20));
// The squares at the right and left ends of the board's rows along the path (the path runs back
// along the middle row, so 11 is at its right end and 20 at its left).
constexpr uint32_t row_ends = bit(10) | bit(20) | bit(30), row_starts = bit(1) | bit(11) | bit(21);

// The pieces of `bits` beside another of them along a row of the board; with `turns_count`
// also up or down the column at the squares where the path turns (10, 11, 20, 21): Ludii's
// (is Line 2 ...) through the square, which looks both ways along each direction it names.
// Square 11's column holds 10 and 30, square 20's holds 1 and 21; 10 and 21 have one neighbour
// in their column, 11 and 20 (their partners along the path).
[[gnu::always_inline]] constexpr uint32_t guarded(uint32_t bits, bool turns_count) {
    if (!turns_count) return bits & (((bits >> 1) & ~row_ends) | ((bits << 1) & ~row_starts));
    const uint32_t along_path = bits & ((bits >> 1) | (bits << 1));
    const uint32_t down_from_11 = (bits >> 30 & 1) << 11, up_from_20 = (bits >> 1 & 1) << 20;
    return along_path | (bits & (down_from_11 | up_from_20));
}

// The occupied squares in a run of three or more along a row of the board (Jéquier's blocks).
constexpr uint32_t in_rows_of_three(uint32_t occupied) {
    const uint32_t pairs = occupied & (occupied >> 1) & ~row_ends;  // k and k + 1 on one row
    const uint32_t threes = pairs & (pairs >> 1);                   // k, k + 1 and k + 2
    return threes | threes << 1 | threes << 2;
}

// The set bits of each byte value.
inline constexpr auto bits_in_byte = [] {
    std::array<uint8_t, 256> t{};
    for (int v = 1; v < 256; ++v) t[v] = static_cast<uint8_t>((v & 1) + t[v >> 1]);
    return t;
}();

inline int count_of(uint32_t bits) {
    int n = 0;
    for (; bits != 0; bits &= bits - 1) ++n;
    return n;
}

// The square of the pick-th (from 0) bit of `bits`.
inline int nth_square(uint32_t bits, int pick) {
    for (; pick > 0; --pick) bits &= bits - 1;
    return std::countr_zero(bits);
}

// The pieces a throw moves, each by the same rule: their squares, listed in this order, and
// whether they move backward (Kendall's when no piece can move forward).
struct Movable {
    uint32_t from = 0;
    bool backward = false;
};

inline uint32_t mine(const S &s) { return s.pieces[s.to_move]; }
inline uint32_t theirs(const S &s) { return s.pieces[1 - s.to_move]; }

// Kendall: the turns listed in senet.cpp (a piece of the mover in the water, the opening) are
// not these.
inline bool kendall_lists(const S &s) { return s.opening || (mine(s) >> water & 1); }

// Kendall's piece on 15 that came back from the water must move before any other.
inline bool kendall_returned_must_move(const S &s) { return (mine(s) & s.returned) >> rebirth & 1; }

// Kendall: a piece moves forward onto an empty square or a lone enemy (which changes places with
// it); a piece before 26 must land on 26 exactly (or, with the trap, falls into the water when
// it is empty); 26 goes on to an empty 27-30 or off with 5 (Ludii's capture from 26 never
// applies: docs/rules/senet.md); 28 and 29 bear off with exactly 3 and 2, 30 with any throw;
// with the home row, none bears off while one of the side is on the first row. When no piece
// can move forward, the same throw backward (from 26 or before, onto 1 or after). The piece
// back from the water moves alone.
[[gnu::always_inline]] inline Movable kendall_movable(const SenetOptions &o, const S &s) {
    const uint32_t all = mine(s), enemy = theirs(s), occupied = all | enemy;
    const int t = s.roll;
    uint32_t p = all;
    if (kendall_returned_must_move(s))
        p = bit(rebirth);
    else if (o.starting_throw && !s.started[s.to_move])
        return {};
    const uint32_t landing = (~occupied | (enemy & ~guarded(enemy, true))) & board;
    const bool may_bear_off = !o.home_row || (all & first_row) == 0;
    uint32_t forward = p & static_cast<uint32_t>(span(1, 25)) & ((landing & static_cast<uint32_t>(span(1, 26))) >> t);
    if (o.trap && (occupied >> water & 1) == 0) forward |= p & static_cast<uint32_t>(span(27 - t, 25));
    if (t == 5)
        forward |= may_bear_off ? p & bit(beauty) : 0;
    else
        forward |= p & bit(beauty) & (~occupied >> t);
    if (may_bear_off) forward |= p & (bit(30) | (t == 3 ? bit(28) : 0) | (t == 2 ? bit(29) : 0));
    if (forward != 0) return {forward, false};
    return {p & static_cast<uint32_t>(span(1, 26)) & ((landing & static_cast<uint32_t>(span(1, 25))) << t), true};
}

// Bell: a piece moves the throw forward, off the board with the exact throw, onto an empty
// square or an enemy's (which leaves the game), never onto a marked square that is occupied
// (15, 26-29; 30 may be taken). Any piece may move (Ludii's priority for the marked squares
// never applies: docs/rules/senet.md).
[[gnu::always_inline]] inline Movable bell_movable(const S &s) {
    const uint32_t p = mine(s), occupied = p | theirs(s);
    constexpr uint32_t marked = bit(rebirth) | static_cast<uint32_t>(span(26, 29));
    const uint32_t landing = (((~p & ~marked) | (~occupied & marked)) & board) | bit(S::off);
    return {p & (landing >> s.roll), false};
}

// Jéquier: a piece on the first row moves only when the square in front of it is free; a throw
// of 4 or 6 cannot pass a row of three pieces (at half the throw); a piece lands on an empty
// square or on an enemy (not on 15, 26, 28, 29, nor one beside another enemy on its row), which
// goes back to the start; it bears off (a throw past 30) when every piece of its side is on the
// last row. Forward only (Ludii's backward moves never apply: docs/rules/senet.md).
[[gnu::always_inline]] inline Movable jequier_movable(const S &s) {
    const uint32_t p = mine(s), enemy = theirs(s), occupied = p | enemy;
    const int t = s.roll;
    constexpr uint32_t never_taken = bit(rebirth) | bit(beauty) | bit(28) | bit(29);
    uint64_t landing = (~occupied | (enemy & ~never_taken & ~guarded(enemy, false))) & board;
    if ((p & first_two_rows) == 0) landing |= span(S::off, 36);
    uint32_t from = p & static_cast<uint32_t>(landing >> t) & ~((occupied >> 1) & first_row);
    if (t >= 4) from &= ~(in_rows_of_three(occupied) >> (t / 2));
    return {from, false};
}

// Where a piece of Movable goes: the throw's squares forward, or backward; Kendall's past 26
// from before it into the water (the trap); past 30 off (Kendall's 30 with any throw, Jéquier's).
[[gnu::always_inline]] inline int destination(const SenetOptions &o, const S &s, int from, bool backward) {
    const int t = s.roll, to = from + t;
    if (backward) return from - t;
    if (o.ruleset == SenetRuleset::kendall && from < beauty && to > beauty) return water;
    return to > 30 ? S::off : to;
}

// Piccione: the moves of the throw's steps left. A piece moves forward any number of steps up
// to those left, off the board exactly, never onto another piece (Ludii's backward moves never
// apply: docs/rules/senet.md). With a throw of 1 at the start of a turn (or of its extra
// throw), a piece enters from hand onto a free 1, listed first; the throw after an entry must
// move the entered piece (on 1), back to hand when it cannot; Ludii lists a pass beside the
// entry when no piece can move with the throw.
struct PiccioneMoves {
    bool enter = false;
    bool back_to_hand = false;  // the entered piece cannot move: its one move
    uint32_t pieces = 0;        // the pieces that move (the entered one alone after an entry)
    uint32_t free = 0;          // the squares a piece may stop on, and off (bit 31)
    uint32_t steps = 0;         // bits 0..steps left - 1

    // The squares the piece on `from` may stop on, as bits from from + 1 on (steps left or
    // fewer, none past off).
    uint32_t window(int from) const { return free >> (from + 1) & steps; }
    // Where the piece on `from` may go, as bits.
    uint32_t destinations(int from) const { return window(from) << (from + 1); }
    // The listed moves of the pieces, and the entry and the pass.
    int count() const {
        if (back_to_hand) return 1;
        int n = enter;
        for (uint32_t rest = pieces; rest != 0; rest &= rest - 1) n += bits_in_byte[window(std::countr_zero(rest))];
        return n + (enter && n == 1);
    }
    // The pick-th move of the list (pick < count()).
    Action nth(int pick) const {
        if (back_to_hand) return R::make_action(1, S::hand);
        if (enter && pick-- == 0) return R::make_action(S::hand, 1);
        for (uint32_t rest = pieces; rest != 0; rest &= rest - 1) {
            const int from = std::countr_zero(rest);
            const uint32_t to = window(from);
            const int n = bits_in_byte[to];
            if (pick < n) return R::make_action(from, from + 1 + bitboard::select_in_byte[to][pick]);
            pick -= n;
        }
        return R::pass_action;  // beside the entry
    }
};

[[gnu::always_inline]] inline PiccioneMoves piccione_moves(const S &s) {
    const uint32_t occupied = s.pieces[0] | s.pieces[1];
    PiccioneMoves m;
    m.free = (~occupied & board) | bit(S::off);
    m.steps = (uint32_t{1} << s.steps_left) - 1;
    m.enter = (s.new_turn || s.extra_throw == 2) && s.roll == 1 && s.in_hand[s.to_move] > 0 && (occupied & bit(1)) == 0;
    if (s.entered) {
        // Possible when a square it reaches with the throw or fewer steps is free.
        m.pieces = bit(1);
        m.back_to_hand = (~occupied & static_cast<uint32_t>(span(2, std::min(s.roll + 1, 6)))) == 0;
        return m;
    }
    m.pieces = mine(s);
    return m;
}

// A random pick of `n` moves (a pass when there are none): one draw below the count, as a pick
// from write_actions' list makes.
inline int pick_of(Rng &rng, int n) { return static_cast<int>(rng.below(static_cast<uint32_t>(n + (n == 0)))); }

}  // namespace senet_moves

// The same draw as a pick from write_actions' list, and the same move.
[[gnu::always_inline]] inline Action SenetRules::random_action(const Options &o, const State &s, Rng &rng) {
    using namespace senet_moves;
    if (s.opening) return random_listed_action(o, s, rng);
    Movable m;
    switch (o.ruleset) {
    case SenetRuleset::kendall:
        if (kendall_lists(s)) return random_listed_action(o, s, rng);
        m = kendall_movable(o, s);
        break;
    case SenetRuleset::bell: m = bell_movable(s); break;
    case SenetRuleset::jequier: m = jequier_movable(s); break;
    case SenetRuleset::piccione: {
        const PiccioneMoves moves = piccione_moves(s);
        return moves.nth(pick_of(rng, moves.count()));
    }
    }
    const int n = count_of(m.from);
    const int pick = pick_of(rng, n);
    if (n == 0) return pass_action;
    const int from = nth_square(m.from, pick);
    return make_action(from, destination(o, s, from, m.backward));
}

[[gnu::always_inline]] inline Event SenetRules::throw_dice(const Options &, Rng &rng) {
    Event roll{Event::Kind::outside_roll, dice_count, {}, 0};
    for (uint8_t &stick : roll.dice) stick = static_cast<uint8_t>(rng.below(2));
    return roll;
}

[[gnu::always_inline]] inline void SenetRules::set_thrown_dice(const Options &o, State &s, const Event &roll) {
    uint32_t sticks;
    std::memcpy(&sticks, roll.dice.data(), sizeof sticks);
    set_throw(o, s, roll.dice, dice_count, throw_count(o, static_cast<int>(sticks * 0x01010101u >> 24)));  // blanks
}

[[gnu::always_inline]] inline Event SenetBellRules::throw_dice(const Options &, Rng &rng) {
    Event roll{Event::Kind::outside_roll, dice_count, {}, 0};
    roll.dice[0] = static_cast<uint8_t>(die_lowest + static_cast<int>(rng.below(die_highest - die_lowest + 1)));
    return roll;
}

[[gnu::always_inline]] inline void SenetBellRules::set_thrown_dice(const Options &o, State &s, const Event &roll) {
    set_throw(o, s, roll.dice, dice_count, roll.dice[0]);
}

}  // namespace ludus
