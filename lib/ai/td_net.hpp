// The small neural networks of the dice games' evaluations (each such game's
// lib/GAME/GAME_net.hpp)
// and the pieces of their TD(lambda) trainers (lib/<game>/train/*_td.hpp): one hidden layer of
// rectified units (max(0, x)) over sparse 0/1 inputs and a few dense ones, a logistic output
// giving the chance that the player who rolls next wins, as TD-Gammon.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../rng.hpp"

namespace ludus::ai::td {

template <int Inputs, int Hidden>
struct NetWeights {
    std::array<std::array<float, Hidden>, Inputs> w1;  // input-major: an input adds its row
    std::array<float, Hidden> b1;
    std::array<float, Hidden> w2;
    float b2;
};

// A position's inputs: the indices of the sparse inputs that are 1, and the dense values.
template <int MaxActive, int Dense>
struct NetInput {
    std::array<uint16_t, MaxActive> active{};
    int active_count = 0;
    std::array<float, Dense> dense{};
};

inline double logistic(double z) { return 1.0 / (1.0 + std::exp(-z)); }

// The hidden layer's sums (before rectifying) and the output's logit; the dense inputs follow
// the Sparse sparse ones.
template <int Sparse, int Inputs, int Hidden, int MaxActive, int Dense>
float net_logit(const NetWeights<Inputs, Hidden> &w, const NetInput<MaxActive, Dense> &in,
                std::type_identity_t<std::array<float, Hidden>> &sum) {
    static_assert(Sparse + Dense == Inputs);
    sum = w.b1;
    for (int a = 0; a < in.active_count; ++a) {
        const auto &row = w.w1[in.active[static_cast<size_t>(a)]];
        for (int h = 0; h < Hidden; ++h) sum[h] += row[h];
    }
    for (int d = 0; d < Dense; ++d) {
        const auto &row = w.w1[static_cast<size_t>(Sparse + d)];
        const float x = in.dense[static_cast<size_t>(d)];
        for (int h = 0; h < Hidden; ++h) sum[h] += x * row[h];
    }
    float z = w.b2;
    for (int h = 0; h < Hidden; ++h) z += w.w2[h] * std::max(sum[h], 0.0f);
    return z;
}

// Small random weights from `rng`, the rectified units starting alive (bias > 0).
template <int Sparse, int Inputs, int Hidden>
void initialise(NetWeights<Inputs, Hidden> &w, Rng &rng) {
    auto uniform = [&](float scale) {
        return scale * (2.0f * static_cast<float>(rng.next() >> 40) / static_cast<float>(1 << 24) - 1.0f);
    };
    for (int i = 0; i < Inputs; ++i)
        for (float &x : w.w1[static_cast<size_t>(i)]) x = uniform(i < Sparse ? 0.3f : 0.05f);
    for (float &x : w.b1) x = 0.1f;
    for (float &x : w.w2) x = uniform(0.2f);
    w.b2 = 0.0f;
}

// A gradient step of the log loss of the logistic output towards `target`.
template <int Sparse, int Inputs, int Hidden, int MaxActive, int Dense>
void learn(NetWeights<Inputs, Hidden> &w, const NetInput<MaxActive, Dense> &in, float target, float rate) {
    std::array<float, Hidden> sum;
    const float z = net_logit<Sparse>(w, in, sum);
    const float error = rate * (target - static_cast<float>(logistic(static_cast<double>(z))));
    std::array<float, Hidden> back;
    for (int h = 0; h < Hidden; ++h) {
        back[h] = sum[h] > 0.0f ? error * w.w2[h] : 0.0f;
        w.w2[h] += error * std::max(sum[h], 0.0f);
        w.b1[h] += back[h];
    }
    w.b2 += error;
    for (int a = 0; a < in.active_count; ++a) {
        auto &row = w.w1[in.active[static_cast<size_t>(a)]];
        for (int h = 0; h < Hidden; ++h) row[h] += back[h];
    }
    for (int d = 0; d < Dense; ++d) {
        auto &row = w.w1[static_cast<size_t>(Sparse + d)];
        const float x = in.dense[static_cast<size_t>(d)];
        for (int h = 0; h < Hidden; ++h) row[h] += x * back[h];
    }
}

// The lambda-returns of a game's positions, last first, each from the view of its own roller:
// `values[t]` the network's value of position t for its roller `rollers[t]`, `winner` the
// player who won (-1: none, a game stopped unfinished; the last position's target is then
// `unfinished`).
inline void lambda_returns(const std::vector<double> &values, const std::vector<int> &rollers, int winner,
                           double lambda, std::vector<double> &targets, double unfinished) {
    const size_t n = values.size();
    targets.assign(n, 0.0);
    for (size_t t = n; t-- > 0;) {
        if (t + 1 == n) {
            targets[t] = winner < 0 ? unfinished : rollers[t] == winner ? 1.0 : 0.0;
            continue;
        }
        const bool same = rollers[t + 1] == rollers[t];
        const double next = same ? values[t + 1] : 1.0 - values[t + 1];
        const double later = same ? targets[t + 1] : 1.0 - targets[t + 1];
        targets[t] = (1.0 - lambda) * next + lambda * later;
    }
}

// One TD(lambda) step of a whole game: every position's input moved towards its lambda-return
// (see lambda_returns; `targets` is a buffer).
template <int Sparse, int Inputs, int Hidden, int MaxActive, int Dense>
void learn_game(NetWeights<Inputs, Hidden> &w, const std::vector<NetInput<MaxActive, Dense>> &inputs,
                const std::vector<double> &values, const std::vector<int> &rollers, int winner, double lambda,
                double unfinished, float rate, std::vector<double> &targets) {
    lambda_returns(values, rollers, winner, lambda, targets, unfinished);
    for (size_t t = 0; t < inputs.size(); ++t) learn<Sparse>(w, inputs[t], static_cast<float>(targets[t]), rate);
}

// The first of `ends` (whose elements have a `state`) with the highest value(state), and that
// value (the one-turn players).
template <class Ends, class Value>
std::pair<size_t, double> highest(const Ends &ends, Value value) {
    size_t at = 0;
    double best = -1e300;
    for (size_t i = 0; i < ends.size(); ++i)
        if (const double v = value(ends[i].state); v > best) best = v, at = i;
    return {at, best};
}

// The trainers' first command-line arguments: [games] [seed] [every] [first step] [last step]
// [lambda], the step shrinking linearly from the first to the last over the games.
struct TrainingArguments {
    long games;
    uint64_t seed = 1;
    long every = 0;
    float first_rate = 0.02f, last_rate = 0.004f, lambda = 0.7f;

    TrainingArguments(int argc, char **argv, long default_games)
        : games(argc > 1 ? std::atol(argv[1]) : default_games) {
        if (argc > 2) seed = std::strtoull(argv[2], nullptr, 10);
        if (argc > 3) every = std::atol(argv[3]);
        if (argc > 4) first_rate = std::strtof(argv[4], nullptr);
        if (argc > 5) last_rate = std::strtof(argv[5], nullptr);
        if (argc > 6) lambda = std::strtof(argv[6], nullptr);
    }

    // The step of game g.
    float rate(long g) const {
        return first_rate + (last_rate - first_rate) * static_cast<float>(g) / static_cast<float>(games);
    }
};

// A checksum of weights (for the tests that the trainers repeat).
template <int Inputs, int Hidden>
double weights_checksum(const NetWeights<Inputs, Hidden> &w) {
    double sum = w.b2;
    for (size_t i = 0; i < w.w1.size(); ++i)
        for (size_t h = 0; h < w.w1[i].size(); ++h)
            sum += static_cast<double>(w.w1[i][h]) * static_cast<double>(1 + (i * 7 + h) % 13);
    for (size_t h = 0; h < w.b1.size(); ++h) sum += static_cast<double>(w.b1[h]) * 3 + static_cast<double>(w.w2[h]) * 5;
    return sum;
}

// The initialiser of the weights, as the generated headers hold it (after "= ").
template <int Inputs, int Hidden>
void print_weights(const NetWeights<Inputs, Hidden> &w) {
    auto row = [](const char *name, const float *x, size_t n) {
        std::printf("    /* %s */ {", name);
        for (size_t i = 0; i < n; ++i) std::printf("%s%.9g", i ? ", " : "", static_cast<double>(x[i]));
        std::printf("},\n");
    };
    std::printf("{\n  {{\n");
    for (int i = 0; i < Inputs; ++i) row(std::to_string(i).c_str(), w.w1[static_cast<size_t>(i)].data(), Hidden);
    std::printf("  }},\n");
    row("b1", w.b1.data(), Hidden);
    row("w2", w.w2.data(), Hidden);
    std::printf("    %.9g};\n", static_cast<double>(w.b2));
}

}  // namespace ludus::ai::td
