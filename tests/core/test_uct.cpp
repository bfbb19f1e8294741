// The Monte Carlo tree search player (level "uct", lib/ai/uct.hpp): the dice outcomes of its
// chance nodes, determinism for a seed under a playout budget, what its answer reports, that it
// finds a decisive capture, and the refusals of its options.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>

#include "ai/uct.hpp"
#include "core_test_support.hpp"
#include "petteia/petteia.hpp"
#include "registry.hpp"

using namespace ludus;
using ludus::testing::message_of;
using ludus::testing::status_of;

namespace {

json uct(uint64_t seed, uint64_t playouts) { return {{"level", "uct"}, {"seed", seed}, {"max_playouts", playouts}}; }

json without_time(json move) {
    move["search"].erase("time_ms");
    return move;
}

}  // namespace

TEST_CASE("uct: the chance nodes know every roll with its probability") {
    const auto two = ai::dice_outcomes(2);
    REQUIRE(two.size() == 21);
    uint32_t total = 0;
    for (const auto &d : two) {
        total += d.weight;
        CHECK(d.dice[0] <= d.dice[1]);
        CHECK(d.weight == (d.dice[0] == d.dice[1] ? 1u : 2u));  // out of 36
    }
    CHECK(total == 36);
    const auto three = ai::dice_outcomes(3);  // for games with three dice
    CHECK(three.size() == 56);
    total = 0;
    for (const auto &d : three) total += d.weight;
    CHECK(total == 216);
    CHECK(three.front().weight == 1);  // 1 1 1
    CHECK(ai::dice_outcomes(1).size() == 6);
}

TEST_CASE("uct: a playout budget and a seed give the same move every time; other seeds may differ") {
    const auto games = ludus::testing::games_in_play(9, 4, 10);
    for (Game *g : games.both()) {
        const json first = without_time(g->ai_choose(uct(7, 500)));
        CHECK(first == without_time(g->ai_choose(uct(7, 500))));
        CHECK(first["search"]["playouts"] == 500);
        CHECK(first["search"]["level"] == "uct");
        CHECK(first["search"]["value"].get<double>() >= 0.0);
        CHECK(first["search"]["value"].get<double>() <= 1.0);
    }
    // At the Petteia start (many equal moves) and a small budget, the seed decides which is played.
    auto start = new_game("petteia", {{"seed", 1}});
    std::set<std::string> moves;
    for (uint64_t seed = 0; seed < 8; ++seed) moves.insert(start->ai_choose(uct(seed, 100))["text"].get<std::string>());
    CHECK(moves.size() > 1);
}

TEST_CASE("uct: a move that wins at once is found, and a single legal move is played without search") {
    // Player 0 wins with a4-d4, which takes d5 (between d4 and d6) and leaves player 1 one piece.
    PetteiaOptions o = PetteiaRules::parse_options({{"seed", 1}});
    const json position{
        {"ranks", {"0.......", "........", "........", "0.......", "...1....", "...0....", "........", ".......1"}},
        {"pieces", {3, 2}},
        {"to_move", 0},
        {"phase", "move"},
        {"result", "ongoing"},
        {"plies_without_capture", 0},
        {"rng", "0000000000000001"}};
    RulesGame<PetteiaBitRules> g(services_of<PetteiaBitRules>(), o,
                                 PetteiaBitRules::position_from_json(o, position, "position"));
    const json move = g.ai_choose(uct(1, 2000));
    CHECK(move["text"] == "a4-d4");
    CHECK(move["search"]["value"].get<double>() > 0.9);

    // A Duodecim position with one legal action (often a pass): answered at once.
    bool found = false;
    for (uint64_t seed = 0; seed < 300 && !found; ++seed) {
        auto d = new_game("duodecim", {{"seed", seed}});
        d->random_playout(seed, static_cast<uint32_t>(seed % 40));
        if (d->phase() == Phase::roll) d->roll();
        if (d->phase() != Phase::move) continue;
        std::vector<Action> actions;
        d->legal_actions(actions);
        if (actions.size() != 1) continue;
        found = true;
        const json only = d->ai_choose(uct(1, 1000));
        CHECK(only["action"] == actions.front());
        CHECK(only["search"]["playouts"] == 0);
    }
    CHECK(found);
}

TEST_CASE("uct: a time budget alone stops the search; no budget means 1000 ms") {
    auto d = new_game("duodecim", {{"seed", 4}});
    d->roll();
    const json move = d->ai_choose({{"level", "uct"}, {"max_time_ms", 20}});
    CHECK(move["search"]["playouts"].get<uint64_t>() > 0);
    CHECK(move["search"]["time_ms"].get<int64_t>() < 1000);
    constexpr std::array<ai::Level, 2> levels = {{{"random", 0, false}, {"best", 4, true}}};
    CHECK(ai::parse_options({{"level", "uct"}}, levels, 4).max_time_ms == 1000);
    const ai::AiOptions counted =
        ai::parse_options({{"level", "uct"}, {"max_playouts", 50}, {"exploration", 2}}, levels, 4);
    CHECK(counted.max_time_ms == 0);
    CHECK(counted.max_playouts == 50);
    CHECK(counted.exploration == 2.0);
}

TEST_CASE("uct: bad options are refused with a message naming the option") {
    auto q = new_game("petteia", {{"seed", 1}});
    auto refused = [&](const json &options, const std::string &words) {
        CHECK_MESSAGE(status_of([&] { q->ai_choose(options); }) == Status::invalid_option, options.dump());
        const std::string message = message_of([&] { q->ai_choose(options); });
        CHECK_MESSAGE(message.find(words) != std::string::npos, message);
    };
    refused({{"level", "uct"}, {"max_playouts", 0}}, "\"max_playouts\"");
    refused({{"level", "uct"}, {"max_playouts", -5}}, "\"max_playouts\"");
    refused({{"level", "uct"}, {"max_playouts", "many"}}, "\"max_playouts\"");
    refused({{"level", "uct"}, {"exploration", 0}}, "\"exploration\"");
    refused({{"level", "uct"}, {"exploration", -1.5}}, "\"exploration\"");
    refused({{"level", "uct"}, {"exploration", "wide"}}, "\"exploration\"");
    refused({{"level", "uct"}, {"max_time_ms", 0}}, "\"max_time_ms\"");
    refused({{"level", "uct"}, {"depth", 3}}, "not for level \"uct\"");
    refused({{"level", "uct"}, {"max_nodes", 1000}}, "not for level \"uct\"");
    refused({{"level", "best"}, {"max_playouts", 1000}}, "for level \"uct\" only");
    refused({{"max_playouts", 1000}}, "for level \"uct\" only");  // the default level is "best"
    refused({{"level", "greedy"}, {"exploration", 1.0}}, "for level \"uct\" only");
    refused({{"level", "mcts"}}, "\"uct\"");  // the message lists the levels
    CHECK(status_of([&] { q->ai_choose({{"level", "uct"}, {"playouts", 10}}); }) == Status::unknown_option);
    CHECK(status_of([&] {
              q->ai_choose({{"level", "uct"}, {"exploration", 1.4}, {"max_playouts", 10}});
          }) == Status::ok);
}

TEST_CASE("uct on several threads: one tree a thread, the budget shared, still one move for a seed") {
    const auto games = ludus::testing::games_in_play(3, 5, 12);
    for (Game *g : games.both()) {
        json o = uct(11, 601);
        o["threads"] = 3;
        const json first = without_time(g->ai_choose(o));
        CHECK(first == without_time(g->ai_choose(o)));
        std::vector<Action> actions;
        g->legal_actions(actions);
        CHECK(std::find(actions.begin(), actions.end(), first["action"].get<Action>()) != actions.end());
        if (actions.size() > 1) CHECK(first["search"]["playouts"] == 601);  // 201 + 200 + 200
    }
}
