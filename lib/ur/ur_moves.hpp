// The hot path of the Royal Game of Ur's rules (ur.hpp): the moves a throw allows, the random
// move and a move applied, read from the ruleset's route masks. Inline, as every ply of a
// playout and of the solver passes here.
#pragma once

#include <bit>
#include <cstring>

#include "../bitboard.hpp"
#include "../history.hpp"
#include "ur.hpp"

namespace ludus {

namespace ur_moves {

// The pieces `bits` sent through `map`, eight progresses a lookup.
template <int Groups>
inline uint32_t through(const UrRouteMasks::ProgressMap &map, uint32_t bits) {
    uint32_t out = 0;
    for (int g = 0; g < Groups; ++g) out |= map[static_cast<size_t>(g)][bits >> (8 * g) & 255];
    return out;
}

template <int Groups>
inline uint32_t movable(const UrOptions &o, const UrState &s) {
    const UrRouteMasks &m = *o.masks;
    const int me = s.to_move;
    const uint32_t on_route = s.on_route[me];
    const uint32_t mine = on_route | uint32_t{s.in_hand[me] != 0};
    uint32_t blocked = m.past_off | (m.repeats_cells ? through<Groups>(m.same_cells[me], on_route)
                                                     : on_route);  // never onto an own piece
    if (o.rosettes_safe) blocked |= through<Groups>(m.facing[me], s.on_route[1 - me]) & m.rosettes[me];
    return mine & ~(blocked >> s.roll) & (0u - (s.roll != 0));  // progress route_length + 1 is off: the exact throw
}

// The running counts of x's set bits by bytes: byte i counts the bits of bytes 0..i, so the top
// byte is the whole count (std::popcount is a library call on x86-64 without -mpopcnt; at most
// 8 bits are set here). select_bit reads the same counts.
inline uint32_t running_counts(uint32_t x) {
    x = x - (x >> 1 & 0x55555555u);
    x = (x & 0x33333333u) + (x >> 2 & 0x33333333u);
    return ((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u;
}

// The position of the r-th (from 0) set bit of x (r below its count), from its running counts:
// the bytes whose running count is at most r lie wholly before the bit (a broadword select on a
// 32-bit word whose counts are made already).
inline int select_bit(uint32_t x, uint32_t running, uint32_t r) {
    const uint32_t before = ((r * 0x01010101u | 0x80808080u) - running) & 0x80808080u;
    const int byte = static_cast<int>((before >> 7) * 0x01010101u >> 24);
    const uint32_t skipped = (running << 8) >> (8 * byte) & 0xFF;  // the bits of the bytes before
    return 8 * byte + bitboard::select_in_byte[x >> (8 * byte) & 0xFF][r - skipped];
}

inline Action move_of(const UrOptions &o, int from, int roll) {
    const int to = from + roll;
    return UrRules::make_action(from, to > o.route_length ? UrState::off : to);
}

// The opponent's piece that the player to move captures by moving to progress `to`
// (1..route_length), as its progress bit, or 0.
inline uint32_t captured(const UrOptions &o, const UrState &s, int to) {
    return s.on_route[1 - s.to_move] & o.masks->opponent_at[s.to_move][static_cast<size_t>(to)];
}

// The turn passes, unless the move earned another roll; the dice are thrown again.
inline void end_turn(UrState &s, bool again) {
    s.to_move = static_cast<uint8_t>(s.to_move ^ !again);
    s.dice = {};
    s.n_dice = 0;
    s.roll = 0;
}

}  // namespace ur_moves

[[gnu::always_inline]] inline uint32_t UrRules::movable(const Options &o, const State &s) {
    switch (o.masks->groups) {
    case 2: return ur_moves::movable<2>(o, s);
    case 3: return ur_moves::movable<3>(o, s);
    default: return ur_moves::movable<UrRouteMasks::max_groups>(o, s);
    }
}

// The same draw as a pick from write_actions' list: one number below the moves' count (1 for
// the pass), the moves in the list's order.
[[gnu::always_inline]] inline Action UrRules::random_action(const Options &o, const State &s, Rng &rng) {
    const uint32_t from = movable(o, s);
    const uint32_t running = ur_moves::running_counts(from);
    const uint32_t n = running >> 24;
    const uint32_t pick = rng.below(n + (n == 0));
    if (n == 0) return pass_action;
    return ur_moves::move_of(o, ur_moves::select_bit(from, running, pick), s.roll);
}

// A throw of the dice in a random playout: each die one draw of `rng`, as roll_die draws them
// (the same games), the dice a byte each as the history keeps them.
[[gnu::always_inline]] inline Event UrRules::throw_dice(const Options &o, Rng &rng) {
    Event roll{Event::Kind::outside_roll, static_cast<uint8_t>(o.dice), {}, 0};
    roll.dice[0] = static_cast<uint8_t>(rng.coin());
    roll.dice[1] = static_cast<uint8_t>(rng.coin());
    roll.dice[2] = static_cast<uint8_t>(rng.coin());
    if (o.dice == 4) roll.dice[3] = static_cast<uint8_t>(rng.coin());  // the options allow 3 or 4
    return roll;
}

// The dice of throw_dice set: valid by their making, so without set_dice's checks.
[[gnu::always_inline]] inline void UrRules::set_thrown_dice(const Options &o, State &s, const Event &roll) {
    uint32_t dice;
    std::memcpy(&dice, roll.dice.data(), sizeof dice);
    s.dice = roll.dice;
    s.n_dice = roll.dice_count;
    s.roll = static_cast<uint8_t>(roll_value(o, static_cast<int>(dice * 0x01010101u >> 24)));  // marked tips
}

inline int UrRules::captures(const Options &o, const State &s, int to) {
    return to == State::off ? 0 : ur_moves::captured(o, s, to) != 0;
}

[[gnu::always_inline]] inline void UrRules::apply(const Options &o, State &s, Action a) {
    if (a == pass_action) {
        ur_moves::end_turn(s, false);
        return;
    }
    const UrRouteMasks &m = *o.masks;
    const int from = from_of(a), to = to_of(a), me = s.to_move, them = 1 - me;
    // Without a branch, which a random move from hand or the route would mispredict: bit 0 (the
    // hand) is never set on the route.
    s.in_hand[me] = static_cast<uint8_t>(s.in_hand[me] - (from == State::hand));
    s.on_route[me] &= ~(uint32_t{1} << from);
    bool again = false;
    if (to == State::off) {
        if (++s.borne_off[me] == o.pieces) [[unlikely]] {
            end_game(s, me == 0 ? Result::player0_won : Result::player1_won, EndReason::borne_off);
            s.dice = {};
            s.n_dice = 0;
            s.roll = 0;
            return;
        }
    } else {
        s.on_route[me] |= uint32_t{1} << to;
        const uint32_t hit = ur_moves::captured(o, s, to);  // back to hand
        s.on_route[them] ^= hit;
        s.in_hand[them] = static_cast<uint8_t>(s.in_hand[them] + (hit != 0));
        again = ((hit != 0) & o.captures_roll_again) |  // bitwise: no branch to mispredict
                (o.rosettes_roll_again & (m.rosettes[me] >> to & 1));
    }
    ur_moves::end_turn(s, again);
}

}  // namespace ludus
