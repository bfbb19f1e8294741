// Random games pinned: for every ruleset, the moves and dice of 1,000 seeded random games (the
// playout of ludus_game_random_playout, on the rules' own types) and the end of the same games
// played through the C ABI, folded into one number each. A change to the rules, to
// the random move's draw or to a game's set-up changes a number; a change of speed does not.
// The numbers were computed on the code before the third round of speed work (its history:
// docs/notes/speed-rounds.md).
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "duodecim/duodecim.hpp"
#include "latrunculi/latrunculi.hpp"
#include "latrunculi/schaedler.hpp"
#include "ludus/ludus.h"
#include "petteia/petteia.hpp"
#include "playout.hpp"
#include "ur/ur.hpp"
#include "xii_scripta/xii_scripta.hpp"

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

struct Pinned {
    uint64_t rules, game;
};

template <class R>
void check(std::string_view id, const json &options, Pinned pinned) {
    const Pinned now{rules_checksum<R>(options), game_checksum(id, options)};
    INFO(id, " ", options.dump(), ": rules ", now.rules, ", game ", now.game);
    CHECK(now.rules == pinned.rules);
    CHECK(now.game == pinned.game);
}

TEST_CASE("random games pinned: Petteia 8x8 and Duodecim") {
    check<PetteiaBitRules>("petteia", {{"rows", 8}, {"cols", 8}}, {0x13469a58ea6dcb52ull, 0x08ff35443aa071f1ull});
    check<DuodecimRules>("duodecim", json::object(), {0x52acc7928a794d81ull, 0xbe2078deda87dae5ull});
}

TEST_CASE("random games pinned: every ruleset of XII Scripta") {
    check<XiiScriptaRules>("xii_scripta", {{"ruleset", "murray"}}, {0xee3aeb89e5efc45bull, 0xe686e8010d17b927ull});
    check<XiiScriptaRules>("xii_scripta", {{"ruleset", "ludii"}}, {0x6043b4f65be51d62ull, 0xd368326d31b4c6f9ull});
    check<XiiScriptaRules>("xii_scripta", {{"ruleset", "tabletop_murray"}},
                           {0x20655c3c7beb0079ull, 0xffbb9d6f2734007bull});
    check<XiiScriptaRules>("xii_scripta", {{"ruleset", "tabletop_schaedler"}},
                           {0x5eb042035ddf1fcfull, 0x607d8fe0d56845dcull});
}

TEST_CASE("random games pinned: every ruleset of Latrunculi") {
    check<LatrunculiWideRules>("latrunculi", {{"ruleset", "kowalski"}}, {0xcfb377da5753b253ull, 0x9284579aeb1a6f34ull});
    check<LatrunculiWideRules>("latrunculi", {{"ruleset", "kowalski_10x11"}},
                               {0x3c62fda6d7dbd6a7ull, 0x2645ede7a15263a2ull});
    check<LatrunculiRules>("latrunculi", {{"ruleset", "bell"}}, {0xac048190c19b89e1ull, 0x48f1319ab3191daeull});
    check<LatrunculiRules>("latrunculi", {{"ruleset", "bell_8x7"}}, {0x9e6c482e2ed99dd3ull, 0xa7f9d875448debd5ull});
    check<LatrunculiRules>("latrunculi", {{"ruleset", "quintana"}}, {0x3951e466641bf966ull, 0x2c5ce89320ce0f03ull});
    check<SchaedlerRules>("latrunculi", {{"ruleset", "schaedler"}}, {0xa5ce52629a27b76cull, 0x5c89ece9e52339b4ull});
    check<SchaedlerRules>("latrunculi", {{"ruleset", "schaedler_2001"}},
                          {0xe44e2c7c5f8dd1d3ull, 0xae1b5a08a98eedc5ull});
}

TEST_CASE("random games pinned: every ruleset of the Royal Game of Ur") {
    check<UrRules>("ur", {{"ruleset", "finkel"}}, {0x24741a3c8ab26a9dull, 0x3631587b6cc0296full});
    check<UrRules>("ur", {{"ruleset", "masters"}}, {0x235248b3a0615541ull, 0x0adbf37c2057068aull});
    check<UrRules>("ur", {{"ruleset", "blitz"}}, {0xea2e1f7d1cd38087ull, 0xb86986a88fdf01e7ull});
    check<UrRules>("ur", {{"ruleset", "murray"}}, {0xf0c7a095f35400a0ull, 0xd89322b3bc35117eull});
}

}  // namespace
}  // namespace ludus
