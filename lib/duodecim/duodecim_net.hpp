// The Duodecim computer player's learned evaluation: a small neural network (one hidden layer,
// as TD-Gammon) giving the chance that the player who rolls next wins, trained by TD(lambda) on
// games against itself (lib/duodecim/train/duodecim_td.cpp; the weights are generated into
// duodecim_net_weights.hpp). A linear function of a few hand-made features (duodecim_eval.hpp)
// cannot say "this lead is safe unless that column is hit"; the hidden units can.
//
// Inputs, from the view of the player who rolls next (r) and of the other (o): for each side and
// each progress 0..31, a thermometer of the pieces there (at least 1, 2, 3, 4: a column's height
// matters for captures), and, dense, the hand-made features of duodecim_eval.hpp (the race lead,
// pieces in hand, frozen units, the danger to each side's units, units) and the pieces borne off.
// Hidden units are rectified (max(0, x)); the output is logistic.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "../ai/td_net.hpp"
#include "duodecim_eval.hpp"

namespace ludus::duodecim_ai {

inline constexpr int net_hidden = 48;
inline constexpr int net_levels = 4;                                       // the thermometer's steps
inline constexpr int net_sparse = 2 * S::positions * net_levels;           // 0/1 inputs
inline constexpr int net_dense = static_cast<int>(feature_count) - 1 + 2;  // the features but the constant, and off
inline constexpr int net_inputs = net_sparse + net_dense;

// The weights of a network of `Hidden` hidden units (the levels' network has net_hidden; the
// trainer makes larger ones for experiments, lib/duodecim/train/duodecim_td.cpp).
template <int Hidden>
using NetWeightsOf = ai::td::NetWeights<net_inputs, Hidden>;
using NetWeights = NetWeightsOf<net_hidden>;
// Their stored form in the generated headers (duodecim_net_weights.hpp).
template <int Hidden>
using QuantizedNetWeightsOf = ai::td::QuantizedNetWeights<net_inputs, Hidden>;
using QuantizedNetWeights = QuantizedNetWeightsOf<net_hidden>;
// A position's inputs: at most one active sparse index a piece (pieces <= 15 a side).
using NetInput = ai::td::NetInput<2 * 15, net_dense>;

// The inputs of `s`, a position where the dice are to be rolled, from the view of its roller.
inline NetInput net_input(const S &s) {
    NetInput in;
    const int r = s.to_move;
    for (int side = 0; side < 2; ++side) {
        const auto &count = s.count[side == 0 ? r : 1 - r];
        for (int x = 0; x < S::positions; ++x)
            for (int k = 0; k < std::min<int>(count[x], net_levels); ++k)
                in.active[static_cast<size_t>(in.active_count++)] =
                    static_cast<uint16_t>((side * S::positions + x) * net_levels + k);
    }
    const Features f = features(s);
    for (size_t i = 1; i < feature_count; ++i) in.dense[i - 1] = static_cast<float>(f[i]);
    in.dense[feature_count - 1] = static_cast<float>(s.count[r][S::off]) / 6.0f;
    in.dense[feature_count] = static_cast<float>(s.count[1 - r][S::off]) / 6.0f;
    return in;
}

// The hidden layer's sums (before rectifying) and the output's logit.
template <int Hidden>
float net_logit(const NetWeightsOf<Hidden> &w, const NetInput &in,
                std::type_identity_t<std::array<float, Hidden>> &sum) {
    return ai::td::net_logit<net_sparse>(w, in, sum);
}

template <int Hidden>
double net_roller_wins(const NetWeightsOf<Hidden> &w, const S &s) {
    std::array<float, Hidden> sum;
    return logistic(static_cast<double>(net_logit(w, net_input(s), sum)));
}

// The chance that player p wins from `s`, the end of a turn (phase roll) or a finished game.
template <int Hidden>
double net_win_chance(const NetWeightsOf<Hidden> &w, const S &s, int p) {
    if (s.result != Result::ongoing) return (s.result == Result::player0_won) == (p == 0) ? 1.0 : 0.0;
    const double roller = net_roller_wins(w, s);
    return s.to_move == p ? roller : 1.0 - roller;
}

}  // namespace ludus::duodecim_ai
