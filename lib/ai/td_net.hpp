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
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../rng.hpp"

namespace ludus::ai::td {

// The weights the trainers learn and the networks compute with.
template <int Inputs, int Hidden>
struct NetWeights {
    std::array<std::array<float, Hidden>, Inputs> w1;  // input-major: an input adds its row
    std::array<float, Hidden> b1;
    std::array<float, Hidden> w2;
    float b2;
};

// A row of weights as int8 with a float scale: a weight is scale * q (symmetric: q in -127..127,
// scale the row's largest magnitude / 127).
template <int Size>
struct QuantizedRow {
    float scale;
    std::array<int8_t, Size> q;

    static QuantizedRow of(const std::array<float, Size> &x) {
        float largest = 0.0f;
        for (float v : x) largest = std::max(largest, std::fabs(v));
        QuantizedRow row{largest / 127.0f, {}};
        if (row.scale > 0.0f)
            for (size_t i = 0; i < x.size(); ++i) row.q[i] = static_cast<int8_t>(std::lround(x[i] / row.scale));
        return row;
    }
    void dequantize(std::array<float, Size> &x) const {
        for (size_t i = 0; i < x.size(); ++i) x[i] = scale * static_cast<float>(q[i]);
    }
    bool operator==(const QuantizedRow &) const = default;
};

// The form of NetWeights the generated headers hold: every input's row of w1 as int8
// (QuantizedRow), b1, w2 and b2 as floats (a few hundred bytes; as int8 they would double the
// network's error: docs/computer-players.md). Random-looking float32 barely compresses; this is
// a quarter of the bytes and packs tighter still (the WebAssembly module's size, docs/web.md),
// and the levels play as well with it (docs/computer-players.md).
template <int Inputs, int Hidden>
struct QuantizedNetWeights {
    using Float = NetWeights<Inputs, Hidden>;

    std::array<QuantizedRow<Hidden>, Inputs> w1;
    std::array<float, Hidden> b1;
    std::array<float, Hidden> w2;
    float b2;

    static QuantizedNetWeights of(const Float &w) {
        QuantizedNetWeights stored{};
        for (size_t i = 0; i < w.w1.size(); ++i) stored.w1[i] = QuantizedRow<Hidden>::of(w.w1[i]);
        stored.b1 = w.b1, stored.w2 = w.w2, stored.b2 = w.b2;
        return stored;
    }
    void dequantize(Float &w) const {
        for (size_t i = 0; i < w.w1.size(); ++i) w1[i].dequantize(w.w1[i]);
        w.b1 = b1, w.w2 = w2, w.b2 = b2;
    }
    bool operator==(const QuantizedNetWeights &) const = default;
};

// The float weights of a generated header's `Stored`, made the first time they are asked for
// (once a process; the evaluations then read floats as before). Made in place: the weights are
// larger than a WebAssembly stack might hold.
template <const auto &Stored>
const auto &dequantized() {
    static const struct Made {
        typename std::remove_cvref_t<decltype(Stored)>::Float w;
        Made() { Stored.dequantize(w); }
    } made;
    return made.w;
}

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

// The initialiser of the stored weights, as the generated headers hold it (after "= ").
template <int Inputs, int Hidden>
void print_weights(const QuantizedNetWeights<Inputs, Hidden> &w) {
    auto floats = [](const char *name, const std::array<float, Hidden> &x) {
        std::printf("    /* %s */ {", name);
        for (size_t i = 0; i < x.size(); ++i) std::printf("%s%.9g", i ? ", " : "", static_cast<double>(x[i]));
        std::printf("},\n");
    };
    std::printf("{\n  {{\n");
    for (size_t i = 0; i < w.w1.size(); ++i) {
        std::printf("    /* %zu */ {%.9g, {", i, static_cast<double>(w.w1[i].scale));
        for (size_t h = 0; h < w.w1[i].q.size(); ++h) std::printf("%s%d", h ? ", " : "", w.w1[i].q[h]);
        std::printf("}},\n");
    }
    std::printf("  }},\n");
    floats("b1", w.b1);
    floats("w2", w.w2);
    std::printf("    %.9g};\n", static_cast<double>(w.b2));
}

// The body of a generated header in `space` (after its first line, which says how it was made):
// `w` stored as QuantizedNetWeights (`type` its name there) under the name `name`_stored, the
// float weights the levels use as `name`_weights(), and their checksum (of the floats made from
// the stored form, which the game's tests check) as `name`_weights_checksum; `net_header` the
// game's network header the generated one includes.
template <int Inputs, int Hidden>
void print_header(const NetWeights<Inputs, Hidden> &w, const char *net_header, const char *space,
                  const std::string &type, const std::string &name) {
    const auto stored = QuantizedNetWeights<Inputs, Hidden>::of(w);
    std::printf("#pragma once\n\n#include \"%s\"\n\nnamespace %s {\n\n", net_header, space);
    std::printf("// weights_checksum (lib/ai/td_net.hpp) of %s_weights(), the floats of the int8 weights below.\n",
                name.c_str());
    auto as_floats = std::make_unique<NetWeights<Inputs, Hidden>>();
    stored.dequantize(*as_floats);
    std::printf("inline constexpr double %s_weights_checksum = %.9f;\n\n", name.c_str(), weights_checksum(*as_floats));
    std::printf("// Each input's row as int8 with a float scale (ai::td::QuantizedNetWeights).\n");
    std::printf("inline constexpr %s %s_stored = ", type.c_str(), name.c_str());
    print_weights(stored);
    std::printf("\n// The float weights the network computes with.\n");
    std::printf("inline const auto &%s_weights() { return ai::td::dequantized<%s_stored>(); }\n", name.c_str(),
                name.c_str());
    std::printf("\n}  // namespace %s\n", space);
}

}  // namespace ludus::ai::td
