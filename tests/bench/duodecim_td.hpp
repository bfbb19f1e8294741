// Training of the Duodecim network (lib/ai/duodecim_net.hpp) by TD(lambda) on games against
// itself, as TD-Gammon: both sides play the turn whose end the network values most; after each
// game every position where the dice were to be rolled is moved towards its lambda-return (the
// network's later values, discounted by lambda, ending in the game's result), by a gradient step
// of the log loss. The dice give the exploration. Everything follows from the seed: the same
// seed and number of games give the same weights (tests/test_ai.cpp checks a few games).
// Shared by the tool (duodecim_td.cpp) and the test.
#pragma once

#include <cmath>
#include <memory>
#include <vector>

#include "ai/duodecim_net.hpp"

namespace ludus::duodecim_ai {

class TdTrainer {
public:
    explicit TdTrainer(uint64_t seed) : w_(std::make_unique<NetWeights>()), rng_{seed * 0x9E3779B97F4A7C15ull + 7} {
        // Small random weights, the rectified units starting alive (bias > 0).
        for (int i = 0; i < net_inputs; ++i)
            for (float &x : w_->w1[static_cast<size_t>(i)]) x = uniform(i < net_sparse ? 0.3f : 0.05f);
        for (float &x : w_->b1) x = 0.1f;
        for (float &x : w_->w2) x = uniform(0.2f);
        w_->b2 = 0.0f;
    }

    const NetWeights &weights() const { return *w_; }

    // One game from `game_seed`, then the learning from it (step size `rate`, `lambda`).
    void train_game(uint64_t game_seed, float rate, float lambda) {
        const DuodecimOptions o = R::parse_options({{"seed", game_seed}});
        S s = R::initial(o);
        inputs_.clear(), values_.clear(), rollers_.clear();
        double value = net_roller_wins(*w_, s);
        for (int turn = 0; turn < 1000 && s.result == Result::ongoing; ++turn) {
            inputs_.push_back(net_input(s));
            values_.push_back(value);
            rollers_.push_back(s.to_move);
            const std::array<int, 2> dice = {rng_.die(), rng_.die()};
            R::set_dice(o, s, dice);
            ends_.clear();
            turn_ends(o, s, s.to_move, -1, ends_, buffers_);
            const int mover = s.to_move;
            const auto [pick, best] = highest(ends_, [&](const S &e) { return net_win_chance(*w_, e, mover); });
            s = ends_[pick].state;
            value = s.to_move == mover ? best : 1.0 - best;  // from the view of the next roller
        }
        const int winner = s.result == Result::player0_won ? 0 : s.result == Result::player1_won ? 1 : -1;
        // Lambda-returns, last position first, each from the view of its own roller.
        const size_t n = inputs_.size();
        targets_.assign(n, 0.0);
        for (size_t t = n; t-- > 0;) {
            if (t + 1 == n) {
                targets_[t] = rollers_[t] == winner ? 1.0 : 0.0;
                continue;
            }
            const bool same = rollers_[t + 1] == rollers_[t];
            const double next = same ? values_[t + 1] : 1.0 - values_[t + 1];
            const double later = same ? targets_[t + 1] : 1.0 - targets_[t + 1];
            targets_[t] = (1.0 - lambda) * next + lambda * later;
        }
        for (size_t t = 0; t < n; ++t) learn(inputs_[t], static_cast<float>(targets_[t]), rate);
    }

private:
    float uniform(float scale) { return scale * (2.0f * static_cast<float>(rng_.next() >> 40) / static_cast<float>(1 << 24) - 1.0f); }

    // A gradient step of the log loss of the logistic output towards `target`.
    void learn(const NetInput &in, float target, float rate) {
        std::array<float, net_hidden> sum;
        const float z = net_logit(*w_, in, sum);
        const float error = rate * (target - static_cast<float>(logistic(static_cast<double>(z))));
        std::array<float, net_hidden> back;
        for (int h = 0; h < net_hidden; ++h) {
            back[h] = sum[h] > 0.0f ? error * w_->w2[h] : 0.0f;
            w_->w2[h] += error * std::max(sum[h], 0.0f);
            w_->b1[h] += back[h];
        }
        w_->b2 += error;
        for (int a = 0; a < in.active_count; ++a) {
            auto &row = w_->w1[in.active[static_cast<size_t>(a)]];
            for (int h = 0; h < net_hidden; ++h) row[h] += back[h];
        }
        for (int d = 0; d < net_dense; ++d) {
            auto &row = w_->w1[static_cast<size_t>(net_sparse + d)];
            const float x = in.dense[static_cast<size_t>(d)];
            for (int h = 0; h < net_hidden; ++h) row[h] += x * back[h];
        }
    }

    std::unique_ptr<NetWeights> w_;
    Rng rng_;
    std::vector<NetInput> inputs_;
    std::vector<double> values_, targets_;
    std::vector<int> rollers_;
    std::vector<TurnEnd> ends_;
    std::array<std::vector<Action>, 4> buffers_;
};

// A checksum of weights (for the test that the trainer repeats).
inline double weights_checksum(const NetWeights &w) {
    double sum = w.b2;
    for (size_t i = 0; i < w.w1.size(); ++i)
        for (size_t h = 0; h < w.w1[i].size(); ++h) sum += static_cast<double>(w.w1[i][h]) * static_cast<double>(1 + (i * 7 + h) % 13);
    for (size_t h = 0; h < w.b1.size(); ++h) sum += static_cast<double>(w.b1[h]) * 3 + static_cast<double>(w.w2[h]) * 5;
    return sum;
}

}  // namespace ludus::duodecim_ai
