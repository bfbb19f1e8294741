// Games made while the program starts, by a static object's initialiser as a C++ user's program
// may make them, before the library's own static objects start: the library must not care (its
// tables made on first use, lib/rng.hpp's mixed_keys).
#include "core_test_support.hpp"

using namespace ludus;
using ludus::testing::game_file_of;
using ludus::testing::rulesets_of;
using ludus::testing::status_of;

namespace {

constexpr uint64_t seed = 7;
constexpr uint32_t plies = 60;

// Every ruleset of the catalogue, as options with the seed.
std::vector<json> every_ruleset() {
    std::vector<json> out;
    for (const json &entry : games_catalogue())
        for (json options : rulesets_of(entry)) {
            options["seed"] = seed;
            out.push_back({{"id", entry["id"]}, {"options", options}});
        }
    return out;
}

// A game of each ruleset, `plies` random plies in, saved.
std::vector<json> played_and_saved() {
    std::vector<json> saved;
    for (const json &game : every_ruleset()) {
        const std::unique_ptr<Game> g = new_game(game["id"].get<std::string>(), game["options"]);
        g->random_playout(seed, plies);
        saved.push_back(g->to_json());
    }
    return saved;
}

// Made before any static object of default priority starts, the library's among them (so that
// a table the library filled in a static initialiser would still be empty here).
__attribute__((init_priority(101))) const std::vector<json> saved_while_starting = played_and_saved();

}  // namespace

TEST_CASE("games made while the program starts are the games made after it started") {
    const std::vector<json> saved_now = played_and_saved();
    REQUIRE(saved_while_starting.size() == saved_now.size());
    REQUIRE(saved_now.size() >= 20);
    for (size_t i = 0; i < saved_now.size(); ++i) {
        CAPTURE(saved_now[i]["game"].get<std::string>());
        CHECK(saved_while_starting[i] == saved_now[i]);
        // Restored, and played on to the end: the same game (the positions' keys, which decide
        // a draw by repetition, the same).
        const std::unique_ptr<Game> early = game_from_json(saved_while_starting[i]);
        const std::unique_ptr<Game> late = game_from_json(saved_now[i]);
        CHECK(early->to_json() == saved_now[i]);
        if (early->phase() == Phase::over) continue;
        const PlayoutResult a = early->random_playout(seed + 1, 100000), b = late->random_playout(seed + 1, 100000);
        CHECK(a.result == b.result);
        CHECK(a.plies == b.plies);
        CHECK(early->to_json() == late->to_json());
    }
}

TEST_CASE("after games were made while the program started, the saved games of lib/GAME/ restore") {
    REQUIRE(!saved_while_starting.empty());
    size_t restored = 0;
    for (const json &entry : games_catalogue()) {
        std::string path;
        const json doc = game_file_of(entry["id"], "won_positions.json", path);
        if (doc.is_null()) continue;
        CAPTURE(path);
        for (const json &position : doc["positions"]) {
            CAPTURE(position["name"].get<std::string>());
            CHECK(status_of([&] { game_from_json(position["saved"]); }) == Status::ok);
            ++restored;
        }
    }
    CHECK(restored >= 14);
}
