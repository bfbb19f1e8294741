// The Duodecim computer player's evaluation: the chance that a player wins from a position
// where the dice are to be rolled (the end of a turn), a logistic function of a few features
// fitted by self-play to the results of games (lib/duodecim/train/duodecim_fit.cpp, README "Computer
// players"). Shared by the player (duodecim_ai.cpp) and the fitting tool, which must compute the
// same features.
//
// Why a chance of winning and not race points: the search takes expectations over the rolls,
// and an expectation of race points values a risk the same whether the player is far ahead (who
// should avoid it) or far behind (who needs it); a chance of winning does not.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>
#include <vector>

#include "../ai/td_net.hpp"
#include "duodecim.hpp"

namespace ludus::duodecim_ai {

using S = DuodecimState;
using R = DuodecimRules;

struct Roll {
    int a, b;
    double weight;  // out of 36
};

inline constexpr std::array<Roll, 21> rolls = [] {
    std::array<Roll, 21> r{};
    int n = 0;
    for (int a = 1; a <= 6; ++a)
        for (int b = a; b <= 6; ++b) r[n++] = {a, b, a == b ? 1.0 : 2.0};
    return r;
}();

// The chance (0..1) that player `hitter`, rolling next, can land on track progress `x` with a
// unit of at least `size` pieces, from progress below x.
inline double hit_chance(const S &s, int hitter, int x, int size) {
    const int in_hand = s.count[hitter][S::hand];
    if (in_hand > 1) return 0.0;      // the track is closed until every piece has entered
    std::array<bool, 13> distance{};  // distances 1..12 that some unit could cover
    bool any = false;
    for (int y = std::max(1, x - 12); y < x; ++y)
        if (s.count[hitter][y] >= size) distance[x - y] = true, any = true;
    if (!any) return 0.0;
    double chance = 0;
    for (const Roll &r : rolls) {
        // With one piece in hand, one die must enter it first: only the other die can hit.
        const bool hit = distance[r.a] || distance[r.b] || (in_hand == 0 && distance[r.a + r.b]);
        if (hit) chance += r.weight;
    }
    return chance / 36.0;
}

// What one player has on the board, from which the features are made.
struct Side {
    double race = 0;    // the way still to go: once per unit (a column moves whole), the whole way per piece in hand
    double hand = 0;    // pieces in hand
    double frozen = 0;  // units on the track held there by pieces in hand
    double danger = 0;  // the way the player expects to lose to the other's next roll (hits)
    double units = 0;   // units on the entry cells and the track
};

inline Side side_of(const S &s, int p) {
    Side d;
    int on_track = 0;
    for (int x = 1; x < S::off; ++x) {
        const int m = s.count[p][x];
        if (m == 0) continue;
        d.race += S::off - x;
        d.units += 1;
        if (x >= S::first_track) {
            ++on_track;
            // Hit, the unit's m pieces go back to hand: the way grows by m whole ways less its own.
            d.danger += hit_chance(s, 1 - p, x, m) * (m * S::off - (S::off - x));
        }
    }
    d.hand = s.count[p][S::hand];
    d.race += d.hand * S::off;
    if (d.hand > 0) d.frozen = on_track;
    return d;
}

inline constexpr size_t feature_count = 11;
using Features = std::array<double, feature_count>;

// The features of a position in phase roll, from the view of the player who rolls next (r)
// against the other (o). The race lead is scaled by the square root of the total way too, as in
// race games the dice's spread grows with the way left.
inline Features features(const S &s) {
    const int r = s.to_move;
    const Side me = side_of(s, r), other = side_of(s, 1 - r);
    const double scale = std::sqrt(me.race + other.race + 10.0);
    const double lead = other.race - me.race;
    return {1.0,          lead / scale,      lead / 100.0,         me.hand,  other.hand, me.frozen,
            other.frozen, me.danger / scale, other.danger / scale, me.units, other.units};
}

// Fitted weights: `duodecim_fit 30000 3 1` (lib/duodecim/train/duodecim_fit.cpp), the third round's.
inline constexpr Features fitted_weights = {0.3310, 0.5057,  -4.0383, -0.5343, 0.4996, -0.1045,
                                            0.0902, -0.0497, 0.0969,  -0.4133, 0.3706};

using ai::td::logistic;

// The chance that the player who rolls next wins, by `weights`.
inline double roller_wins(const S &s, const Features &weights) {
    const Features f = features(s);
    double z = 0;
    for (size_t i = 0; i < feature_count; ++i) z += weights[i] * f[i];
    return logistic(z);
}

// The chance that player p wins from `s`, the end of a turn (phase roll) or a finished game.
inline double win_chance(const S &s, int p, const Features &weights = fitted_weights) {
    if (s.result != Result::ongoing) return (s.result == Result::player0_won) == (p == 0) ? 1.0 : 0.0;
    const double roller = roller_wins(s, weights);
    return s.to_move == p ? roller : 1.0 - roller;
}

// Every distinct position at the end of `player`'s turn from `s` (the turn ends when the phase
// is no longer move for that player), with the first step that leads there. `buffers` hold the
// legal steps of each step of the turn (a turn has at most two steps and a pass).
struct TurnEnd {
    S state;
    Action first;
};

inline void turn_ends(const DuodecimOptions &o, const S &s, int player, Action first, std::vector<TurnEnd> &out,
                      std::array<std::vector<Action>, 4> &buffers, size_t level = 0) {
    if (R::phase(s) != Phase::move || s.to_move != player) {
        for (const TurnEnd &e : out)
            if (e.state.count == s.count && e.state.to_move == s.to_move && e.state.result == s.result) return;
        out.push_back({s, first});
        return;
    }
    std::vector<Action> &moves = buffers[level];
    moves.clear();
    R::legal_actions(o, s, moves);
    for (size_t i = 0; i < moves.size(); ++i) {
        S c = s;
        R::apply(o, c, moves[i]);
        turn_ends(o, c, player, level == 0 ? moves[i] : first, out, buffers, level + 1);
    }
}

// The first of `ends` with the highest value(state), and that value (the one-turn players of
// the trainers in train/).
using ai::td::highest;

}  // namespace ludus::duodecim_ai
