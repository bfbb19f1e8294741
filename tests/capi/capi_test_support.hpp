// What the doctest suites of the C ABI share: a status that must be LUDUS_OK, the library's JSON
// taken and freed, a game handle owned, its JSON, the catalogue and every ruleset of it, and one step of a game (a
// roll, or its first legal move).
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "ludus/ludus.h"

namespace ludus_test {

// Fails the test on a status other than LUDUS_OK, with the library's message.
inline void ok(ludus_status status) {
    INFO(ludus_last_error());
    REQUIRE(status == LUDUS_OK);
}

// The JSON of a string the library wrote, which is freed.
inline nlohmann::json taken(char *text) {
    REQUIRE(text != nullptr);
    nlohmann::json j = nlohmann::json::parse(text);
    ludus_string_free(text);
    return j;
}

// Owns a game handle.
struct Game {
    ludus_game *g = nullptr;
    Game(const char *id, const nlohmann::json &options) { ok(ludus_game_new(id, options.dump().c_str(), &g)); }
    explicit Game(ludus_game *handle) : g(handle) {}
    Game(const Game &) = delete;
    ~Game() { ludus_game_free(g); }
};

// The JSON a call of the form f(g, &out) writes; the game's saved state.
inline nlohmann::json json_of(ludus_status (*call)(const ludus_game *, char **), const Game &game) {
    char *out = nullptr;
    ok(call(game.g, &out));
    return taken(out);
}
inline nlohmann::json state_of(const Game &game) { return json_of(ludus_game_to_json, game); }

inline nlohmann::json catalogue() {
    char *text = nullptr;
    ok(ludus_games(&text));
    return taken(text);
}

// A game of the catalogue in one of its rulesets: options {"ruleset": name}, or {} for a game
// without rulesets.
struct Variant {
    std::string id;
    nlohmann::json options;
};

// Every game of the catalogue in each of its rulesets, in the catalogue's order.
inline std::vector<Variant> every_ruleset() {
    std::vector<Variant> out;
    for (const nlohmann::json &entry : catalogue()) {
        const nlohmann::json &options = entry["options"];
        if (!options.contains("ruleset")) {
            out.push_back({entry["id"], nlohmann::json::object()});
            continue;
        }
        for (const nlohmann::json &ruleset : options["ruleset"]["values"])
            out.push_back({entry["id"], {{"ruleset", ruleset}}});
    }
    return out;
}

// How many seeds a sweep over every ruleset plays: `normal`, or fewer where
// LUDUS_TEST_SEEDS says (at least one). `meson test --setup valgrind` sets it to 1: under
// valgrind each game is tens of times slower, and the first seed makes the same calls.
inline uint64_t sweep_seeds(uint64_t normal) {
    const char *given = std::getenv("LUDUS_TEST_SEEDS");
    if (given == nullptr) return normal;
    return std::clamp<uint64_t>(std::strtoull(given, nullptr, 10), 1, normal);
}

// Rolls in phase roll, else plays the first legal move.
inline void roll_or_play_first(ludus_game *g) {
    if (ludus_game_phase(g) == LUDUS_PHASE_ROLL) {
        int dice[4];
        size_t count = 0;
        ok(ludus_game_roll(g, dice, 4, &count));
        return;
    }
    char *text = nullptr;
    ok(ludus_game_legal_moves(g, &text));
    const nlohmann::json moves = taken(text);
    REQUIRE(!moves.empty());
    ok(ludus_game_play(g, moves[0].dump().c_str()));
}

}  // namespace ludus_test
