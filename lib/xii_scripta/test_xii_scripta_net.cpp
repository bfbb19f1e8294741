// The XII Scripta network (lib/xii_scripta/xii_scripta_net.hpp): a chance of winning from the view of the
// player who rolls, the same for either colour, near 1 in a won race and near 0 in a lost one;
// and its trainer (lib/xii_scripta/train/xii_scripta_td.hpp) repeats, and made the committed weights.
#include <doctest/doctest.h>

#include "core_test_support.hpp"
#include "xii_scripta/xii_scripta_net_weights.hpp"
#include "train/xii_scripta_td.hpp"

using namespace ludus;
using namespace ludus::xii_ai;

namespace {

S middle_game() {
    S s;
    s.count[0][S::hand] = 3, s.count[0][4] = 2, s.count[0][15] = 1, s.count[0][20] = 5, s.count[0][30] = 1,
    s.count[0][S::off] = 3;
    s.count[1][S::hand] = 1, s.count[1][S::bar] = 1, s.count[1][9] = 3, s.count[1][18] = 1, s.count[1][26] = 4,
    s.count[1][34] = 2, s.count[1][S::off] = 3;
    s.to_move = 1;
    return s;
}

}  // namespace

TEST_CASE("xii scripta network: a chance of winning, the same for either colour, in every ruleset") {
    for (int ruleset = 0; ruleset < 4; ++ruleset) {
        CAPTURE(ruleset);
        const XiiOptions o = training_options(ruleset, 0);
        const S s = middle_game();
        const double p0 = net_win_chance(net_weights(), o, s, 0), p1 = net_win_chance(net_weights(), o, s, 1);
        CHECK(p0 > 0.0);
        CHECK(p0 < 1.0);
        CHECK(p0 + p1 == doctest::Approx(1.0));
        // The inputs are the roller's and the other's: exchanging the colours changes nothing.
        CHECK(net_win_chance(net_weights(), o, testing::with_players_exchanged(s), 1) == p0);
        // A finished game is its result.
        S won = s;
        won.result = Result::player1_won;
        CHECK(net_win_chance(net_weights(), o, won, 1) == 1.0);
        CHECK(net_win_chance(net_weights(), o, won, 0) == 0.0);
    }
}

TEST_CASE("xii scripta network: a won race near 1, a lost one near 0") {
    for (int ruleset = 0; ruleset < 4; ++ruleset) {
        CAPTURE(ruleset);
        const XiiOptions o = training_options(ruleset, 0);
        // Player 0 has 13 pieces off and two on the last cells; player 1 has everything in hand.
        S s;
        s.count[0][S::off] = 13, s.count[0][35] = 1, s.count[0][36] = 1, s.count[1][S::hand] = 15;
        s.to_move = 0;
        CHECK(net_win_chance(net_weights(), o, s, 0) > 0.95);
        s.to_move = 1;
        CHECK(net_win_chance(net_weights(), o, s, 0) > 0.9);
        CHECK(net_win_chance(net_weights(), o, s, 1) < 0.1);
    }
}

TEST_CASE("xii scripta network: the header holds what the writer makes of its own weights") {
    // The stored rows are those the trainer's writer makes of the floats the level uses: the
    // header, written again from itself (xii_scripta_td quantize), does not change.
    CHECK(QuantizedNetWeights::of(net_weights()) == net_stored);
}

TEST_CASE("xii scripta network: the trainer repeats, and the committed weights are its output") {
    // A few games of training from the same seed give the same weights (one game a ruleset), as
    // the trainer of the committed weights computed them.
    ludus::testing::check_training_repeats<TdTrainer>(
        4, [](const auto &w) { return weights_checksum(w); }, -46.404252652);
    // The header says the checksum of the weights the trainer wrote; the weights still have it.
    CHECK(weights_checksum(net_weights()) == doctest::Approx(net_weights_checksum).epsilon(1e-9));
}
