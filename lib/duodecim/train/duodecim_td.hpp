// Training of the Duodecim network (lib/duodecim/duodecim_net.hpp) by TD(lambda) on games against
// itself, as TD-Gammon: both sides play the turn whose end the network values most; after each
// game every position where the dice were to be rolled is moved towards its lambda-return (the
// network's later values, discounted by lambda, ending in the game's result), by a gradient step
// of the log loss. The dice give the exploration. Everything follows from the seed: the same
// seed and number of games give the same weights (tests/core/test_ai.cpp checks a few games).
// Shared by the tool (duodecim_td.cpp) and the test.
#pragma once

#include <cmath>
#include <memory>
#include <vector>

#include "duodecim/duodecim_net.hpp"

namespace ludus::duodecim_ai {

// A network of `Hidden` hidden units (net_hidden: the levels' network; larger ones for experiments).
template <int Hidden>
class TdTrainerOf {
public:
    using Weights = NetWeightsOf<Hidden>;

    explicit TdTrainerOf(uint64_t seed) : w_(std::make_unique<Weights>()), rng_{seed * 0x9E3779B97F4A7C15ull + 7} {
        ai::td::initialise<net_sparse>(*w_, rng_);
    }
    // Training that goes on from `start` (the random initial weights are drawn and replaced, so
    // that the dice are those of a trainer started from scratch with the same seed).
    TdTrainerOf(uint64_t seed, const Weights &start) : TdTrainerOf(seed) { *w_ = start; }

    const Weights &weights() const { return *w_; }

    // One game from `game_seed`, then the learning from it (step size `rate`, `lambda`). With
    // `searched`, a position's value in the lambda-returns is the network's one-roll lookahead
    // (the expectation over the 21 rolls of the roller's best turn end) instead of its value
    // itself: a target from a search a roll deeper, about 13 times the work.
    void train_game(uint64_t game_seed, float rate, float lambda, bool searched = false) {
        const DuodecimOptions o = R::parse_options({{"seed", game_seed}});
        S s = R::initial(o);
        inputs_.clear(), values_.clear(), rollers_.clear();
        double value = net_roller_wins(*w_, s);
        for (int turn = 0; turn < 1000 && s.result == Result::ongoing; ++turn) {
            inputs_.push_back(net_input(s));
            values_.push_back(searched ? lookahead(o, s) : value);
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
        ai::td::learn_game<net_sparse>(*w_, inputs_, values_, rollers_, winner, lambda, 0.0, rate, targets_);
    }

private:
    // The expectation over the roll of the best turn end's value for the roller of `s`.
    double lookahead(const DuodecimOptions &o, const S &s) {
        const int roller = s.to_move;
        double v = 0;
        for (const Roll &r : rolls) {
            S c = s;
            const std::array<int, 2> dice = {r.a, r.b};
            R::set_dice(o, c, dice);
            ends_.clear();
            turn_ends(o, c, roller, -1, ends_, buffers_);
            v += r.weight / 36.0 * highest(ends_, [&](const S &e) { return net_win_chance(*w_, e, roller); }).second;
        }
        return v;
    }

    std::unique_ptr<Weights> w_;
    Rng rng_;
    std::vector<NetInput> inputs_;
    std::vector<double> values_, targets_;
    std::vector<int> rollers_;
    std::vector<TurnEnd> ends_;
    std::array<std::vector<Action>, 4> buffers_;
};

using TdTrainer = TdTrainerOf<net_hidden>;

using ai::td::weights_checksum;

}  // namespace ludus::duodecim_ai
