// Seeds and the other 64-bit numbers of the library's JSON: exact in every JSON parser. A seed is
// written as an integer below 2^53 and as the string of its digits from there up; a caller's seed
// is any 0..2^64-1, an integer or such a string; the seeds the library draws are below 2^53, and
// cost one read of the operating system per thread (and per fork), not one per game.
#include <doctest/doctest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <set>
#include <string>
#include <thread>

#include "ai/ai_options.hpp"
#include "core_test_support.hpp"
#include "game.hpp"
#include "json_util.hpp"
#include "rng.hpp"

using namespace ludus;
using ludus::testing::message_of;
using ludus::testing::status_of;

namespace {

constexpr uint64_t two_53 = uint64_t{1} << 53;

// Every game of the catalogue and every value of its "ruleset", as options.
std::vector<std::pair<std::string, json>> every_ruleset() {
    std::vector<std::pair<std::string, json>> out;
    for (const json &game : games_catalogue()) {
        const std::string id = game["id"];
        if (game["options"].contains("ruleset"))
            for (const json &ruleset : game["options"]["ruleset"]["values"])
                out.push_back({id, {{"ruleset", ruleset}}});
        else
            out.push_back({id, json::object()});
    }
    return out;
}

json with_seed(json options, const json &seed) {
    options["seed"] = seed;
    return options;
}

}  // namespace

TEST_CASE("a 64-bit number is written as an integer below 2^53 and as its digits from there up") {
    CHECK(json_util::exact_json(0) == json(0));
    CHECK(json_util::exact_json(two_53 - 1) == json(two_53 - 1));
    CHECK(json_util::exact_json(two_53 - 1).is_number_unsigned());
    CHECK(json_util::exact_json(two_53) == json("9007199254740992"));
    CHECK(json_util::exact_json(two_53 + 1) == json("9007199254740993"));
    CHECK(json_util::exact_json(UINT64_MAX) == json("18446744073709551615"));
}

TEST_CASE("a seed is read from an integer 0..2^64-1 or the string of its decimal digits") {
    CHECK(json_util::seed_from_json(json(0), "seed") == 0);
    CHECK(json_util::seed_from_json(json(UINT64_MAX), "seed") == UINT64_MAX);
    CHECK(json_util::seed_from_json(json("0"), "seed") == 0);
    CHECK(json_util::seed_from_json(json("7"), "seed") == 7);
    CHECK(json_util::seed_from_json(json("9007199254740993"), "seed") == two_53 + 1);
    CHECK(json_util::seed_from_json(json("18446744073709551615"), "seed") == UINT64_MAX);
    CHECK(json_util::seed_from_json(json::parse("18446744073709551615"), "seed") == UINT64_MAX);
    // each refusal says what is wrong
    const std::vector<std::pair<json, std::string>> refused = {
        {json(-1), "must be an integer 0..18446744073709551615 or a string of its decimal digits, not -1"},
        {json(1.5), "not 1.5"},
        {json::parse("18446744073709551616"), "not 1.8446744073709552e+19"},  // beyond uint64: a double to the parser
        {json(true), "not true"},
        {json::array(), "not []"},
        {json(nullptr), "not null"},
        {json("18446744073709551616"), "\"18446744073709551616\" is above 18446744073709551615"},
        {json("99999999999999999999999"), "is above 18446744073709551615"},
        {json("-1"), "\"-1\" is not a string of decimal digits (no sign, no space)"},
        {json("+7"), "\"+7\" is not a string of decimal digits"},
        {json(" 7"), "is not a string of decimal digits"},
        {json("7 "), "is not a string of decimal digits"},
        {json(""), "\"\" is not a string of decimal digits"},
        {json("0x10"), "is not a string of decimal digits"},
        {json("1e3"), "is not a string of decimal digits"},
        {json("07"), "\"07\": write it without leading zeros"},
        {json("00"), "without leading zeros"},
    };
    for (const auto &refusal : refused) {
        const json &value = refusal.first;  // named, not bound: clang 14's lambdas cannot capture a binding
        const auto &message = refusal.second;
        CAPTURE(value.dump());
        CHECK(status_of([&] { json_util::seed_from_json(value, "seed"); }) == Status::invalid_option);
        const std::string said = message_of([&] { json_util::seed_from_json(value, "seed"); });
        CAPTURE(said);
        CHECK(said.starts_with("option \"seed\": "));
        CHECK(said.find(message) != std::string::npos);
    }
}

TEST_CASE("every game takes a seed as an integer or as its digits, and saves it exactly") {
    for (const auto &ruleset : every_ruleset()) {
        const auto &id = ruleset.first;  // named, not bound: clang 14's lambdas cannot capture a binding
        const auto &options = ruleset.second;
        CAPTURE(id);
        CAPTURE(options.dump());
        for (const uint64_t seed :
             {uint64_t{0}, uint64_t{12345}, two_53 - 1, two_53, two_53 + 1, uint64_t{0xDEADBEEFCAFEF00D}, UINT64_MAX}) {
            CAPTURE(seed);
            const json integer = new_game(id, with_seed(options, seed))->to_json();
            const json digits = new_game(id, with_seed(options, std::to_string(seed)))->to_json();
            CHECK(integer == digits);  // the same game
            CHECK(integer["options"]["seed"] == json_util::exact_json(seed));
            // a file of an earlier version, with the seed a big integer, loads, and is the same game
            json earlier = integer;
            earlier["options"]["seed"] = seed;
            CHECK(game_from_json(earlier)->to_json() == integer);
            CHECK(game_from_json(json::parse(integer.dump()))->to_json() == integer);
        }
        // a string that is not a seed is refused when a saved game is loaded too
        json saved = new_game(id, with_seed(options, 5))->to_json();
        saved["options"]["seed"] = "05";
        CHECK(status_of([&] { game_from_json(saved); }) == Status::invalid_option);
        saved["options"]["seed"] = "18446744073709551616";
        CHECK(message_of([&] { game_from_json(saved); }).find("is above 18446744073709551615") != std::string::npos);
    }
}

TEST_CASE("the catalogue writes the seed's range exactly") {
    for (const json &game : games_catalogue()) {
        CAPTURE(game["id"]);
        const json &seed = game["options"]["seed"];
        CHECK(seed["type"] == "seed");
        CHECK(seed["min"] == 0);
        CHECK(seed["max"].is_number_unsigned());  // the type it had in 1.1: kept
        CHECK(seed["max"].get<uint64_t>() == UINT64_MAX);
        CHECK(seed["max_text"] == "18446744073709551615");
        CHECK(json_util::seed_from_json(seed["max_text"], "max_text") == UINT64_MAX);
    }
}

TEST_CASE("the seeds drawn for games without one are below 2^53, distinct, and read the system once a thread") {
    const uint64_t reads_before = os_seeds_read(), drawn_before = fresh_seeds_drawn();
    std::set<uint64_t> seeds;
    for (int i = 0; i < 20000; ++i) {
        const uint64_t seed = fresh_seed();
        CHECK(seed < two_53);
        seeds.insert(seed);
    }
    CHECK(seeds.size() == 20000);
    CHECK(fresh_seeds_drawn() == drawn_before + 20000);
    CHECK(os_seeds_read() - reads_before <= 1);  // the first draw of this thread reads it, if none before
    CHECK(os_seeds_read() >= 1);
    // a game made without a seed takes a fresh one and writes it as an integer
    const json first = new_game("duodecim", json::object())->to_json();
    const json second = new_game("duodecim", json::object())->to_json();
    CHECK(first["options"]["seed"].is_number_unsigned());
    CHECK(first["options"]["seed"].get<uint64_t>() < two_53);
    CHECK(first["options"]["seed"] != second["options"]["seed"]);
    CHECK(new_game("duodecim", {{"seed", nullptr}})->to_json()["options"]["seed"].is_number_unsigned());
    // the largest seeds drawn use the 53 bits: the top bit is set in about half of them
    size_t top = 0;
    for (uint64_t s : seeds) top += (s >> 52) & 1;
    CHECK(top > 9000);
    CHECK(top < 11000);

    // another thread has its own generator, seeded from the system
    uint64_t other_first = 0, other_reads = 0;
    std::thread([&] {
        other_first = fresh_seed();
        for (int i = 0; i < 100; ++i) fresh_seed();
        other_reads = os_seeds_read();
    }).join();
    CHECK(other_reads == 1);
    CHECK(seeds.count(other_first) == 0);
}

TEST_CASE("a child process after fork() draws other seeds than its parent") {
    fresh_seed();  // this thread's generator is seeded
    int pipe_ends[2];
    REQUIRE(pipe(pipe_ends) == 0);
    const pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        const uint64_t seed = fresh_seed();
        const bool written = write(pipe_ends[1], &seed, sizeof seed) == sizeof seed;
        _exit(written ? 0 : 1);
    }
    const uint64_t parent_seed = fresh_seed();
    uint64_t child_seed = 0;
    CHECK(read(pipe_ends[0], &child_seed, sizeof child_seed) == sizeof child_seed);
    int status = 0;
    waitpid(child, &status, 0);
    close(pipe_ends[0]);
    close(pipe_ends[1]);
    CHECK(WIFEXITED(status));
    CHECK(child_seed != parent_seed);
    CHECK(child_seed < two_53);
}

TEST_CASE("the computer player takes its seed as an integer or as its digits") {
    auto game = new_game("petteia", {{"seed", 3}});
    for (const uint64_t seed : {uint64_t{5}, two_53 + 7, UINT64_MAX}) {
        CAPTURE(seed);
        const json integer = game->ai_choose({{"level", "easy"}, {"seed", seed}});
        const json digits = game->ai_choose({{"level", "easy"}, {"seed", std::to_string(seed)}});
        CHECK(integer["text"] == digits["text"]);
    }
    CHECK(status_of([&] { game->ai_choose({{"level", "easy"}, {"seed", "-5"}}); }) == Status::invalid_option);
    CHECK(message_of([&] {
              game->ai_choose({{"level", "easy"}, {"seed", "x"}});
          }).find("option \"seed\": \"x\" is not a string of decimal digits") != std::string::npos);
}

TEST_CASE("a search's counts are written exactly") {
    ai::AiOptions o;
    o.level = ai::uct_level;
    CHECK(ai::search_json(o, 3, 1000, 0.5, 7)["nodes"] == 1000);
    CHECK(ai::search_json(o, 3, two_53 - 1, 0.5, 7)["nodes"] == json(two_53 - 1));
    CHECK(ai::search_json(o, 3, two_53 + 1, 0.5, 7)["nodes"] == "9007199254740993");
    auto game = new_game("petteia", {{"seed", 3}});
    const json uct = game->ai_choose({{"level", "uct"}, {"max_playouts", 50}, {"seed", 1}});
    CHECK(uct["search"]["playouts"] == 50);
    CHECK(uct["search"]["nodes"].is_number_unsigned());
}

TEST_CASE("a coin is the same draw as below(2), and moves the generator as far") {
    for (uint64_t seed : {uint64_t{0}, uint64_t{1}, uint64_t{42}, ~uint64_t{0}}) {
        Rng coins{seed}, draws{seed};
        int ones = 0;
        for (int i = 0; i < 1000; ++i) {
            const uint32_t coin = coins.coin();
            CHECK(coin == draws.below(2));
            ones += static_cast<int>(coin);
        }
        CHECK(coins == draws);
        CHECK(ones > 400);  // both faces come up
        CHECK(ones < 600);
    }
}
