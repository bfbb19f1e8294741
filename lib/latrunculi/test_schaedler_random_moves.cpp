// Schädler's Latrunculi picks a random move without listing the moves (SchaedlerRules::
// random_action): the move it picks is the one the listing's uniform pick would be, with the same
// draw of the generator, in every position of random games of both versions and of the larger
// armies of 2001; and whether a player can move agrees with the listing.
#include <doctest/doctest.h>

#include <vector>

#include "core_test_support.hpp"
#include "latrunculi/schaedler.hpp"

using namespace ludus;
using R = SchaedlerRules;

namespace {

SchaedlerOptions options(const char *ruleset, int pieces) {
    return ludus::testing::options_with_defaults<R>({{"ruleset", ruleset}, {"pieces", pieces}}, {{"seed", 1}});
}

// Plays random games from the start; in each position, the pick without a listing is the
// listing's pick for several states of the generator.
void picks_agree_with_the_listing(const SchaedlerOptions &o, int games) {
    std::vector<Action> listed;
    for (int g = 0; g < games; ++g) {
        R::State s = R::initial(o);
        Rng play{static_cast<uint64_t>(g) + 11};
        for (int ply = 0; ply < 2000 && s.result == Result::ongoing; ++ply) {
            listed.clear();
            R::legal_actions(o, s, listed);
            REQUIRE(!listed.empty());
            for (uint64_t k = 0; k < 4; ++k) {
                Rng picking{play.state + k * 0x9E3779B97F4A7C15ull}, listing = picking;
                const Action picked = R::random_action(o, s, picking);
                REQUIRE(picked == listed[listing.below(static_cast<uint32_t>(listed.size()))]);
                REQUIRE(picking == listing);  // one draw, as the listing's pick
            }
            R::apply(o, s, R::random_action(o, s, play));
        }
    }
}

}  // namespace

TEST_CASE("Schaedler: a random move without a listing is the listing's pick, in both versions") {
    picks_agree_with_the_listing(options("schaedler", 16), 12);
    picks_agree_with_the_listing(options("schaedler_2001", 16), 12);
    picks_agree_with_the_listing(options("schaedler_2001", 24), 8);  // a crowded board: more hops
}

TEST_CASE("Schaedler: a player can move exactly when the listing has a move") {
    for (const SchaedlerOptions &o : {options("schaedler", 16), options("schaedler_2001", 24)}) {
        std::vector<Action> listed;
        for (int g = 0; g < 20; ++g) {
            R::State s = R::initial(o);
            Rng rng{static_cast<uint64_t>(g) + 101};
            for (int ply = 0; ply < 3000 && s.result == Result::ongoing; ++ply) {
                listed.clear();
                R::legal_actions(o, s, listed);
                REQUIRE(R::has_legal_move(o, s));
                R::apply(o, s, listed[rng.below(static_cast<uint32_t>(listed.size()))]);
                if (s.result != Result::ongoing) {
                    R::State other = s;  // the game over: would the player to move have had a move?
                    other.result = Result::ongoing;
                    listed.clear();
                    R::legal_actions(o, other, listed);
                    CHECK(R::has_legal_move(o, other) == !listed.empty());
                }
            }
        }
    }
}
