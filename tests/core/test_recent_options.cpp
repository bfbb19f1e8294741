// A new game as cheap as a clone: Game::with_seed makes the game new_game makes of the same
// options with another seed, and ludus_game_new's cache knows options again by a light reading
// of their text (lib/recent_options.hpp), which takes only what it can read exactly.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core_test_support.hpp"
#include "game.hpp"
#include "json_util.hpp"
#include "recent_options.hpp"

using namespace ludus;

namespace {

// Every ruleset of the catalogue, and beside each the same with every other option the
// catalogue lists at a value not its default (where it has one), as options.
std::vector<std::pair<std::string, json>> every_ruleset_and_option() {
    std::vector<std::pair<std::string, json>> out;
    for (const json &game : games_catalogue()) {
        const std::string id = game["id"];
        std::vector<json> rulesets{json::object()};
        if (game["options"].contains("ruleset")) {
            rulesets.clear();
            for (const json &r : game["options"]["ruleset"]["values"]) rulesets.push_back({{"ruleset", r}});
        }
        for (const json &base : rulesets) {
            out.push_back({id, base});
            for (const auto &[name, spec] : game["options"].items()) {
                if (name == "seed" || name == "ruleset") continue;
                json other = base;
                if (spec["type"] == "choice")
                    for (const json &v : spec["values"])
                        if (v != spec["default"]) other[name] = v;
                if (spec["type"] == "integer") other[name] = spec["default"] == spec["min"] ? spec["max"] : spec["min"];
                out.push_back({id, other});
            }
        }
    }
    return out;
}

// The game new_game makes, or its refusal's message.
std::string made(const std::string &id, const json &options) {
    try {
        return new_game(id, options)->to_json().dump();
    } catch (const Error &e) { return std::string("refused: ") + e.what(); }
}

}  // namespace

TEST_CASE("a game made again with another seed is the game new_game makes of its options with that seed") {
    for (const auto &ruleset : every_ruleset_and_option()) {
        const std::string &id = ruleset.first;  // named, not bound: clang 14's lambdas cannot capture a binding
        const json &options = ruleset.second;
        CAPTURE(id);
        CAPTURE(options.dump());
        json seeded = options;
        seeded["seed"] = 3;
        std::unique_ptr<Game> start;
        try {
            start = new_game(id, seeded);
        } catch (const Error &) {
            continue;  // a combination the rules refuse (e.g. pieces in a ruleset of fixed pieces)
        }
        for (const uint64_t seed : {uint64_t{3}, uint64_t{4}, uint64_t{1} << 60, UINT64_MAX}) {
            CAPTURE(seed);
            seeded["seed"] = json_util::exact_json(seed);
            auto again = start->with_seed(seed);
            auto fresh = new_game(id, seeded);
            CHECK(again->to_json() == fresh->to_json());  // options, setup, start and position
            // and they play alike: the generator and what the seed decided are the same
            again->random_playout(seed, 300);
            fresh->random_playout(seed, 300);
            CHECK(again->to_json() == fresh->to_json());
        }
        // the game it was made from is unchanged, and so are its options
        CHECK(start->to_json()["options"]["seed"] == 3);
    }
}

TEST_CASE("options are read lightly only where the light reading is exact") {
    LightOptions light;
    SUBCASE("members in any order, spaces or none: one key; the seed apart") {
        REQUIRE(read_options_lightly(R"({"ruleset":"bell","seed":5})", light));
        CHECK(light.members() == R"({"ruleset":"bell"})");
        CHECK(light.seed == 5u);
        REQUIRE(read_options_lightly(" {\n\t\"seed\" : 9 ,\r\"ruleset\" : \"bell\" } ", light));
        CHECK(light.members() == R"({"ruleset":"bell"})");
        CHECK(light.seed == 9u);
        REQUIRE(read_options_lightly(R"({"ruleset": "bell"})", light));
        CHECK(light.members() == R"({"ruleset":"bell"})");
        CHECK_FALSE(light.seed.has_value());
        REQUIRE(read_options_lightly(R"({"seed": null, "b": true, "a": -12, "c": false, "d": 0})", light));
        CHECK(light.members() == R"({"a":-12,"b":true,"c":false,"d":0})");
        CHECK_FALSE(light.seed.has_value());
        REQUIRE(read_options_lightly("{}", light));
        CHECK(light.members() == "{}");
        REQUIRE(read_options_lightly(R"({"seed": "18446744073709551615"})", light));
        CHECK(light.seed == UINT64_MAX);
        REQUIRE(read_options_lightly(R"({"seed": 18446744073709551615})", light));
        CHECK(light.seed == UINT64_MAX);
        REQUIRE(read_options_lightly(R"({"seed": "0"})", light));
        CHECK(light.seed == 0u);
        // the key is itself the options without their seed, as JSON
        CHECK(json::parse(R"({"a":-12,"b":true})") == json{{"a", -12}, {"b", true}});
    }
    SUBCASE("anything else is read the ordinary way") {
        for (
            const char *text : {
                "",
                "[]",
                "{",
                R"({"a": 1,})",
                R"({"a": 1} x)",
                R"({"a" 1})",
                R"({"a": 1 "b": 2})",
                R"({"a": 1.0})",
                R"({"a": 1e3})",
                R"({"a": 01})",
                R"({"a": -})",
                R"({"a": tru})",
                R"({"a": nul})",
                R"({"a": [1]})",
                R"({"a": {}})",
                R"({"a": "\u0041"})",
                R"({"a\"": 1})",
                "{\"a\": \"\xc3\xa9\"}",
                "{\"a\": \"\t\"}",
                R"({"a": 1, "a": 2})",
                R"({"seed": 1, "seed": 1})",
                R"({"seed": -1})",
                R"({"seed": 1.5})",
                R"({"seed": true})",
                R"({"seed": "05"})",
                R"({"seed": "-5"})",
                R"({"seed": ""})",
                R"({"seed": " 5"})",
                R"({"seed": 18446744073709551616})",
                R"({"seed": "18446744073709551616"})",
                R"({"a":1,"b":1,"c":1,"d":1,"e":1,"f":1,"g":1,"h":1,"i":1,"j":1,"k":1,"l":1,"m":1,"n":1,"o":1,"p":1,"q":1})",
            }) {
            CAPTURE(text);
            CHECK_FALSE(read_options_lightly(text, light));
        }
        CHECK_FALSE(read_options_lightly(("{\"a\": \"" + std::string(1100, 'x') + "\"}").c_str(), light));
    }
    SUBCASE("every text it reads is JSON, and it reads what the parser reads") {
        for (const char *text : {R"({"ruleset":"bell","seed":5})", R"( { "b" : -0 , "a" : "x y" } )",
                                 R"({"seed": "123", "pieces": 16})"}) {
            CAPTURE(text);
            REQUIRE(read_options_lightly(text, light));
            json parsed = json::parse(text);
            parsed.erase("seed");
            CHECK(json::parse(light.members()) == parsed);
        }
    }
}

TEST_CASE("games made through the cache are the games new_game makes, and refusals keep their messages") {
    const auto through_cache = [](const std::string &id, const std::string &text) {
        try {
            return new_game_from_text(id.c_str(), text.c_str(), [](const char *t) { return json::parse(t); })
                ->to_json()
                .dump();
        } catch (const Error &e) { return std::string("refused: ") + e.what(); }
    };
    for (const auto &ruleset : every_ruleset_and_option()) {
        const std::string &id = ruleset.first;  // named, not bound: clang 14's lambdas cannot capture a binding
        const json &options = ruleset.second;
        CAPTURE(id);
        const std::string rest = options.dump();
        const std::string members = rest == "{}" ? "" : rest.substr(1, rest.size() - 2) + ",";
        // seed last, first, as digits, again (a clone), and other options after them
        for (const std::string seed : {"1", "2", "\"3\"", "2", "18446744073709551615"}) {
            for (const std::string &text :
                 {"{" + members + "\"seed\":" + seed + "}",
                  "{\"seed\":" + seed + (members.empty() ? "" : "," + members.substr(0, members.size() - 1)) + "}"}) {
                CAPTURE(text);
                json expected_options = json::parse(text);
                CHECK(through_cache(id, text) == made(id, expected_options));
            }
        }
        // without a seed: a fresh one each game, the rest as new_game makes it
        const std::string first = through_cache(id, rest), second = through_cache(id, rest);
        if (first.starts_with("refused")) {
            CHECK(first == made(id, options));
            continue;
        }
        const json a = json::parse(first), b = json::parse(second);
        CHECK(a["options"]["seed"] != b["options"]["seed"]);
        json with_its_seed = options;
        with_its_seed["seed"] = b["options"]["seed"];
        CHECK(b == new_game(id, with_its_seed)->to_json());
    }
    // refused options, after good ones of the same game: refused the same way each time
    for (int round = 0; round < 2; ++round) {
        CHECK(through_cache("latrunculi", R"({"ruleset":"bell","seed":1})").starts_with("{"));
        for (const char *text : {R"({"ruleset":"bell","seed":-1})", R"({"ruleset":"bell","seed":"05"})",
                                 R"({"seed":1.5,"ruleset":"bell"})", R"({"ruleset":"bell","pieces":20})",
                                 R"({"ruleset":"bel","seed":1})", R"({"ruleset":"bell","sed":1})"}) {
            CAPTURE(text);
            const std::string said = through_cache("latrunculi", text);
            CHECK(said.starts_with("refused: "));
            CHECK(said == made("latrunculi", json::parse(text)));
        }
        CHECK(through_cache("chess", R"({"ruleset":"bell","seed":1})") == made("chess", json{{"ruleset", "bell"}}));
    }
}
