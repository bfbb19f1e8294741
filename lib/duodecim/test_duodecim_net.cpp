// The Duodecim network (lib/duodecim/duodecim_net.hpp): a chance of winning from the view of the
// player who rolls, the same for either colour, near 1 in a won race and near 0 in a lost one;
// and its trainer (lib/duodecim/train/duodecim_td.hpp) repeats, and made the committed weights.
#include <doctest/doctest.h>

#include "core_test_support.hpp"
#include "duodecim/duodecim_net_weights.hpp"
#include "train/duodecim_td.hpp"

using namespace ludus;
using namespace ludus::duodecim_ai;

namespace {

S middle_game() {
    S s;
    s.count[0][0] = 1, s.count[0][9] = 2, s.count[0][15] = 1, s.count[0][24] = 2;
    s.count[1][3] = 1, s.count[1][12] = 1, s.count[1][18] = 3, s.count[1][31] = 1;
    s.to_move = 1;
    return s;
}

}  // namespace

TEST_CASE("duodecim network: a chance of winning, the same for either colour") {
    const S s = middle_game();
    const double p0 = net_win_chance(net_weights(), s, 0), p1 = net_win_chance(net_weights(), s, 1);
    CHECK(p0 > 0.0);
    CHECK(p0 < 1.0);
    CHECK(p0 + p1 == doctest::Approx(1.0));
    // The inputs are the roller's and the other's: exchanging the colours changes nothing.
    CHECK(net_win_chance(net_weights(), testing::with_players_exchanged(s), 1) == p0);
    CHECK(net_roller_wins(net_weights(), testing::with_players_exchanged(s)) == net_roller_wins(net_weights(), s));
    // A finished game is its result.
    S won = s;
    won.result = Result::player1_won;
    CHECK(net_win_chance(net_weights(), won, 1) == 1.0);
    CHECK(net_win_chance(net_weights(), won, 0) == 0.0);
}

TEST_CASE("duodecim network: a won race near 1, a lost one near 0") {
    // The roller has 5 pieces off and one on track 19 (progress 25, a 6 or a sum of 6 bears it
    // off); the other has everything in hand. And the other way round.
    S s;
    s.count[0][31] = 5, s.count[0][25] = 1, s.count[1][0] = 6;
    s.to_move = 0;
    CHECK(net_win_chance(net_weights(), s, 0) > 0.95);
    s.to_move = 1;
    CHECK(net_win_chance(net_weights(), s, 0) > 0.9);
    CHECK(net_win_chance(net_weights(), s, 1) < 0.1);
}

TEST_CASE("duodecim network: the trainer repeats, and the committed weights are its output") {
    // A few games of training from the same seed give the same weights, as the trainer of the
    // committed weights computed them.
    ludus::testing::check_training_repeats<TdTrainer>(
        20, [](const auto &w) { return weights_checksum(w); }, -131.059305605);
    // The header says the checksum of the weights the trainer wrote; the weights still have it.
    CHECK(weights_checksum(net_weights()) == doctest::Approx(net_weights_checksum).epsilon(1e-9));
}

TEST_CASE("networks' weights stored as int8: a scale a row, the largest weight 127") {
    using Row = ai::td::QuantizedRow<4>;
    const Row row = Row::of({0.5f, -1.27f, 0.0f, 0.004f});
    CHECK(row.scale == doctest::Approx(0.01));
    CHECK(row.q == std::array<int8_t, 4>{50, -127, 0, 0});
    std::array<float, 4> back{};
    row.dequantize(back);
    CHECK(back[0] == doctest::Approx(0.5));
    CHECK(back[1] == doctest::Approx(-1.27));
    CHECK(back[3] == 0.0f);  // within half a step of the row's scale
    // A row of zeros (a unit no input reaches) stays zeros.
    const Row zeros = Row::of({0.0f, 0.0f, 0.0f, 0.0f});
    CHECK(zeros.scale == 0.0f);
    zeros.dequantize(back);
    CHECK(back == std::array<float, 4>{});
}

TEST_CASE("duodecim network: the header holds what the writer makes of its own weights") {
    // The stored rows are those the trainer's writer makes of the floats the levels use: the
    // header, written again from itself (duodecim_td quantize), does not change.
    CHECK(QuantizedNetWeights::of(net_weights()) == net_stored);
}

TEST_CASE(
    "duodecim network: the trainer's other settings repeat (a larger network, targets from a search, a warm start)") {
    // A larger network from the same seed gives the same weights.
    TdTrainerOf<96> a(2), b(2);
    for (uint64_t g = 0; g < 5; ++g) {
        a.train_game(2000006 + g, 0.02f, 0.7f);
        b.train_game(2000006 + g, 0.02f, 0.7f);
    }
    CHECK(weights_checksum(a.weights()) == weights_checksum(b.weights()));
    // Going on from the committed weights starts from them; with targets from the search a roll
    // deeper the training repeats too, and it changes the weights.
    TdTrainer c(1, net_weights()), d(1, net_weights());
    CHECK(weights_checksum(c.weights()) == weights_checksum(net_weights()));
    for (uint64_t g = 0; g < 3; ++g) {
        c.train_game(1000003 + g, 0.004f, 0.7f, true);
        d.train_game(1000003 + g, 0.004f, 0.7f, true);
    }
    CHECK(weights_checksum(c.weights()) == weights_checksum(d.weights()));
    CHECK(weights_checksum(c.weights()) != weights_checksum(net_weights()));
}
