// Training of the XII Scripta network (lib/xii_scripta/xii_scripta_net.hpp) by TD(lambda) on games against
// itself, as Duodecim's (duodecim_td.hpp) and TD-Gammon: both sides play the turn whose end the
// network values most; after each game every position where the dice were to be rolled is moved
// towards its lambda-return (the network's later values, discounted by lambda, ending in the
// game's result), by a gradient step of the log loss. The dice give the exploration. Game g is
// played in ruleset g % 4 (one network for the four rulesets), the first player alternating
// every four games. Everything follows from the seed: the same seed and number of games give the
// same weights (lib/xii_scripta/test_xii_scripta_net.cpp checks a few games). Shared by the tool
// (xii_scripta_td.cpp) and the test.
#pragma once

#include <cmath>
#include <memory>
#include <vector>

#include "xii_scripta/xii_scripta_net.hpp"

namespace ludus::xii_ai {

// The options of ruleset `ruleset` (0..3 in the order of XiiRuleset), `first_player` moving first.
inline XiiOptions training_options(int ruleset, int first_player) {
    static const char *names[] = {"murray", "ludii", "tabletop_murray", "tabletop_schaedler"};
    return R::parse_options({{"ruleset", names[ruleset]}, {"first_player", first_player}, {"seed", 1}});
}

class TdTrainer {
public:
    explicit TdTrainer(uint64_t seed) : w_(std::make_unique<NetWeights>()), rng_{seed * 0x9E3779B97F4A7C15ull + 7} {
        ai::td::initialise<net_sparse>(*w_, rng_);
        for (int r = 0; r < 4; ++r)
            for (int f = 0; f < 2; ++f) options_[static_cast<size_t>(r * 2 + f)] = training_options(r, f);
    }

    const NetWeights &weights() const { return *w_; }

    // Game number `g` (its ruleset and first player follow from g), then the learning from it
    // (step size `rate`, `lambda`). Returns the number of turns played.
    int train_game(uint64_t g, float rate, float lambda) {
        const XiiOptions &o = options_[static_cast<size_t>((g % 4) * 2 + (g / 4) % 2)];
        S s = R::initial(o);
        inputs_.clear(), values_.clear(), rollers_.clear();
        double value = net_roller_wins(*w_, o, s);
        int turn = 0;
        for (; turn < 2000 && s.result == Result::ongoing; ++turn) {
            inputs_.push_back(net_input(o, s));
            values_.push_back(value);
            rollers_.push_back(s.to_move);
            const std::array<int, 3> dice = {rng_.die(), rng_.die(), rng_.die()};
            const int mover = s.to_move;
            walker_.ends_after(o, s, dice, ends_);
            const auto [pick, best] = highest(ends_, [&](const S &e) { return net_win_chance(*w_, o, e, mover); });
            s = ends_[pick].state;
            value = s.to_move == mover ? best : 1.0 - best;  // from the view of the next roller
        }
        const int winner = s.result == Result::player0_won ? 0 : s.result == Result::player1_won ? 1 : -1;
        ai::td::learn_game<net_sparse>(*w_, inputs_, values_, rollers_, winner, lambda, 0.5, rate, targets_);
        return turn;
    }

private:
    std::unique_ptr<NetWeights> w_;
    Rng rng_;
    std::array<XiiOptions, 8> options_;
    std::vector<NetInput> inputs_;
    std::vector<double> values_, targets_;
    std::vector<int> rollers_;
    std::vector<TurnEnd> ends_;
    TurnWalker walker_;
};

using ai::td::weights_checksum;

}  // namespace ludus::xii_ai
