// Random games pinned: for every ruleset of every game of the catalogue, the moves and dice of
// 1,000 seeded random games (the playout of ludus_game_random_playout, on the rules' own types)
// and the end of the same games played through the C ABI, folded into one number each. A change
// to the rules, to the random move's draw or to a game's set-up changes a number; a change of
// speed does not. Each game's numbers are data of its folder, lib/<game>/pinned_games.json (the
// folder LUDUS_GAMES_DIR, set by tests/core/meson.build); a game without them fails, printing the
// file to write. The numbers of the first five games were computed on the code before the third
// round of speed work (its history: docs/notes/speed-rounds.md).
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "core_test_support.hpp"
#include "ludus/ludus.h"
#include "playout.hpp"
#include "registry_games.hpp"

namespace ludus {
namespace {

constexpr uint64_t games = 1000;
constexpr uint32_t ply_cap = 10000;

uint64_t fold(uint64_t sum, uint64_t value) { return mix64(sum ^ value) + 0x9E3779B97F4A7C15ull; }

// A playout's recorder that folds every event into a sum, and keeps the keys the draw by
// repetition needs (KeyLog).
template <class R>
struct FoldingLog : KeyLog<R> {
    uint64_t sum = 0;
    void record(const typename R::State &before, const Event &e) {
        KeyLog<R>::record(before, e);
        uint64_t dice = 0;
        for (uint8_t d : e.dice) dice = dice << 8 | d;
        sum = fold(sum, static_cast<uint64_t>(e.kind) << 40 ^ static_cast<uint64_t>(e.dice_count) << 32 ^
                            static_cast<uint32_t>(e.action));
        sum = fold(sum, dice);
    }
};

json with_seed(const json &options, uint64_t seed) {
    json o = options;
    o["seed"] = seed;
    return o;
}

// The moves, dice, results and lengths of the games seeded 1..1000 (game seed = playout seed),
// played as RulesGame::random_playout plays them.
template <class R>
uint64_t rules_checksum(const json &options) {
    FoldingLog<R> log;
    std::vector<Action> buffer;
    for (uint64_t seed = 1; seed <= games; ++seed) {
        const typename R::Options o = R::parse_options(with_seed(options, seed));
        typename R::State s = R::initial(o);
        Rng rng{seed};
        log.keys.clear();
        const PlayoutResult r = play_randomly<R>(o, s, rng, ply_cap, buffer, log);
        log.sum = fold(log.sum, static_cast<uint64_t>(r.result) << 32 | r.plies);
    }
    return log.sum;
}

// The same games through the C ABI (ludus_game_new + ludus_game_random_playout): their
// results, lengths and final positions.
uint64_t game_checksum(std::string_view id, const json &options) {
    uint64_t sum = 0;
    const std::string game_id(id);
    for (uint64_t seed = 1; seed <= games; ++seed) {
        ludus_game *g = nullptr;
        REQUIRE(ludus_game_new(game_id.c_str(), with_seed(options, seed).dump().c_str(), &g) == LUDUS_OK);
        ludus_result result = LUDUS_RESULT_ONGOING;
        uint32_t plies = 0;
        REQUIRE(ludus_game_random_playout(g, seed, ply_cap, &result, &plies) == LUDUS_OK);
        sum = fold(sum, static_cast<uint64_t>(result) << 32 | plies);
        char *position = nullptr;
        REQUIRE(ludus_game_position_json(g, &position) == LUDUS_OK);
        for (const char *c = position; *c != 0; ++c) sum = fold(sum, static_cast<uint8_t>(*c));
        ludus_string_free(position);
        ludus_game_free(g);
    }
    return sum;
}

// The two numbers of game `id` with `options` ({"rules", "game"}, as pinned_games.json writes them).
json checksums(std::string_view id, const json &options) {
    uint64_t rules = 0;
    with_game_rules(id, with_seed(options, 1),
                    [&]<class R>(const typename R::Options &) { rules = rules_checksum<R>(options); });
    return {{"rules", testing::hex64(rules)}, {"game", testing::hex64(game_checksum(id, options))}};
}

// What to write as a game's pinned_games.json: each ruleset's numbers, as the code gives them now.
std::string pinned_file(std::string_view id, const json &entry) {
    std::string rows;
    for (const json &options : testing::rulesets_of(entry)) {
        json row{{"options", options}};
        row.update(checksums(id, options));
        rows += std::string(rows.empty() ? "" : ",\n") + "    " + row.dump();
    }
    return "{\n  \"random_games\": [\n" + rows + "\n  ]\n}\n";
}

TEST_CASE("random games pinned: every ruleset of every game") {
    for (const json &entry : games_catalogue()) {
        const std::string id = entry["id"];
        std::string path;
        const json pinned = testing::pinned_of(id, path);
        if (pinned.is_null() || !testing::pins_every_ruleset(entry, pinned["random_games"])) {
            FAIL_CHECK(path, " does not pin every ruleset's random games: pin them by writing its random_games as\n",
                       pinned_file(id, entry));
            continue;
        }
        for (const json &row : pinned["random_games"]) {
            const json now = checksums(id, row["options"]);
            INFO(id, " ", row["options"].dump(), ": rules ", now["rules"], ", game ", now["game"]);
            CHECK(now["rules"] == row["rules"]);
            CHECK(now["game"] == row["game"]);
        }
    }
}

}  // namespace
}  // namespace ludus
