// The C ABI at its edges, with the JSON read back by nlohmann: short error messages for
// huge input, duplicate JSON keys refused, saved starts their ruleset can reach, why a game
// ended, the position alone, the move fields every game shares, and the catalogue's
// "agreed_draws".
#include <doctest/doctest.h>

#include <cstdio>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "capi_test_support.hpp"
#include "ludus/ludus.h"

using ludus_test::Game;
using ludus_test::json_of;
using ludus_test::ok;
using ludus_test::roll_or_play_first;
using ludus_test::state_of;
using ludus_test::taken;
using nlohmann::json;

namespace {

json position_of(const Game &game) { return json_of(ludus_game_position_json, game); }
json legal_moves_of(const Game &game) { return json_of(ludus_game_legal_moves, game); }

// The status of restoring `state`; the game is freed.
ludus_status restore_status(const json &state) {
    ludus_game *g = nullptr;
    const ludus_status status = ludus_game_from_json(state.dump().c_str(), &g);
    ludus_game_free(g);
    return status;
}

std::string last_error() { return ludus_last_error(); }

// The end reasons each game can give (ludus.h).
const std::set<std::string> board_reasons = {"all_captured", "one_piece_left",        "dux_immobilised", "no_moves",
                                             "quiet_moves",  "plies_without_capture", "repetition",      "agreed_draw"};

}  // namespace

// ludus_game_new called with `options_json` three times: the three games' saved states.
std::vector<json> states_of_three_new(const char *id, const char *options_json) {
    std::vector<json> states;
    for (int i = 0; i < 3; ++i) {
        ludus_game *g = nullptr;
        ok(ludus_game_new(id, options_json, &g));
        states.push_back(state_of(Game(g)));
    }
    return states;
}

TEST_CASE("games made again from the same options are new games: seeds drawn again, errors repeated") {
    SUBCASE("a given seed: the same game each time, never one played before") {
        const char *options = R"({"ruleset": "bell", "seed": 7})";
        const std::vector<json> states = states_of_three_new("latrunculi", options);
        CHECK(states[1] == states[0]);
        CHECK(states[2] == states[0]);
        ludus_game *played = nullptr;
        ok(ludus_game_new("latrunculi", options, &played));
        ok(ludus_game_random_playout(played, 1, 1000000, nullptr, nullptr));
        ludus_game_free(played);
        CHECK(states_of_three_new("latrunculi", options)[0] == states[0]);
        CHECK(states_of_three_new("latrunculi", R"({"ruleset": "bell", "seed": 8})")[0]["options"]["seed"] == 8);
        CHECK(states_of_three_new("petteia", R"({"seed": 7})")[0]["game"] == "petteia");
    }
    SUBCASE("no seed, or a null one: each game draws its own") {
        for (const char *options : {R"({"ruleset": "bell"})", R"({"ruleset": "bell", "seed": null})", "{}"}) {
            CAPTURE(options);
            const std::vector<json> states = states_of_three_new("latrunculi", options);
            CHECK(states[1]["options"]["seed"] != states[0]["options"]["seed"]);
            CHECK(states[2]["options"]["seed"] != states[1]["options"]["seed"]);
        }
    }
    SUBCASE("options refused: refused each time, with the same message") {
        for (int i = 0; i < 3; ++i) {
            ludus_game *g = nullptr;
            CHECK(ludus_game_new("latrunculi", R"({"ruleset": "bell", "seed": 1, "pieces": 20})", &g) ==
                  LUDUS_E_INVALID_OPTION);
            CHECK(g == nullptr);
            CHECK(last_error() == "option \"pieces\": the Bell 8x8 ruleset has a fixed number of pieces (0 only)");
            CHECK(ludus_game_new("chess", R"({"seed": 1})", &g) == LUDUS_E_UNKNOWN_GAME);
        }
    }
}

TEST_CASE("error messages quote a short prefix of a huge input") {
    const std::string huge(512 * 1024, 'a');  // under every limit: refused for what it is, not its size
    const size_t short_message = 400;
    Game game("petteia", {{"seed", 1}});
    CHECK(ludus_game_play(game.g, huge.c_str()) == LUDUS_E_INVALID_MOVE);
    CHECK(last_error().size() < short_message);
    CHECK(last_error().find("aaaa") != std::string::npos);
    CHECK(last_error().find("524288 bytes") != std::string::npos);  // the length is told

    const std::string move_object = json{{"text", huge}}.dump();
    CHECK(ludus_game_play(game.g, move_object.c_str()) != LUDUS_OK);
    CHECK(last_error().size() < short_message);
    const std::string move_part = json{{"from", huge}}.dump();
    CHECK(ludus_game_play(game.g, move_part.c_str()) == LUDUS_E_ILLEGAL_MOVE);
    CHECK(last_error().size() < short_message);

    ludus_game *g = nullptr;
    CHECK(ludus_game_new(huge.c_str(), nullptr, &g) == LUDUS_E_UNKNOWN_GAME);
    CHECK(last_error().size() < short_message);
    const std::string small(60 * 1024, 'k');  // under the options' limit of 64 KiB
    CHECK(ludus_game_new("petteia", json{{small, 1}}.dump().c_str(), &g) == LUDUS_E_UNKNOWN_OPTION);
    CHECK(last_error().size() < short_message);
    CHECK(ludus_game_new("petteia", json{{"rows", small}}.dump().c_str(), &g) == LUDUS_E_INVALID_OPTION);
    CHECK(last_error().size() < short_message);
    CHECK(ludus_game_new("latrunculi", json{{"ruleset", small}}.dump().c_str(), &g) == LUDUS_E_INVALID_OPTION);
    CHECK(last_error().size() < short_message);
    // The parser's message ends with what it last read: here the whole unterminated string.
    CHECK(ludus_game_new("petteia", ("{\"rows\": \"" + small).c_str(), &g) == LUDUS_E_BAD_JSON);
    CHECK(last_error().size() < short_message);
    CHECK(last_error().find("last read") != std::string::npos);

    char *out = nullptr;
    CHECK(ludus_ai_choose(game.g, json{{"level", small}}.dump().c_str(), &out) == LUDUS_E_INVALID_OPTION);
    CHECK(last_error().size() < short_message);
    CHECK(ludus_ai_choose(game.g, json{{small, 1}}.dump().c_str(), &out) == LUDUS_E_UNKNOWN_OPTION);
    CHECK(last_error().size() < short_message);
    CHECK(ludus_game_render_svg(game.g, json{{small, 1}}.dump().c_str(), &out) == LUDUS_E_UNKNOWN_OPTION);
    CHECK(last_error().size() < short_message);

    json state = state_of(game);
    state["position"][huge] = 1;  // an unknown field with a huge name
    CHECK(restore_status(state) == LUDUS_E_INVALID_STATE);
    CHECK(last_error().size() < short_message);
    state = state_of(game);
    state["history"].push_back({{"text", huge}});
    CHECK(restore_status(state) == LUDUS_E_INVALID_STATE);
    CHECK(last_error().size() < short_message);
    state = state_of(game);
    state["position"]["result"] = huge;
    CHECK(restore_status(state) == LUDUS_E_INVALID_STATE);
    CHECK(last_error().size() < short_message);
}

TEST_CASE("a short input is quoted whole, and a cut never splits a UTF-8 character") {
    Game game("petteia", {{"seed", 1}});
    CHECK(ludus_game_play(game.g, "zz-top") == LUDUS_E_INVALID_MOVE);
    CHECK(last_error().rfind("\"zz-top\" is not a move", 0) == 0);
    std::string greek;
    for (int i = 0; i < 200; ++i) greek += "\xce\xb1";  // alpha, two bytes
    CHECK(ludus_game_play(game.g, greek.c_str()) == LUDUS_E_INVALID_MOVE);
    const std::string message = last_error();
    const size_t end = message.find("...");
    REQUIRE(end != std::string::npos);
    CHECK(end % 2 == 1);  // the opening quote and whole two-byte characters
}

TEST_CASE("duplicate keys are refused in every JSON the library reads, naming the key") {
    ludus_game *g = nullptr;
    CHECK(ludus_game_new("petteia", R"({"seed": 1, "seed": 2})", &g) == LUDUS_E_BAD_JSON);
    CHECK(g == nullptr);
    CHECK(last_error().find("\"seed\"") != std::string::npos);
    CHECK(last_error().find("twice") != std::string::npos);
    CHECK(ludus_game_new("petteia", R"({"rows": 6, "cols": 6, "rows": 8})", &g) == LUDUS_E_BAD_JSON);
    // equal keys in different objects are fine
    CHECK(ludus_game_new("petteia", R"({"seed": 1})", &g) == LUDUS_OK);
    Game game(g);

    const std::string state = state_of(game).dump();
    CHECK(restore_status(json::parse(state)) == LUDUS_OK);
    const std::string key = "\"to_move\":";
    const size_t at = state.find(key, state.find("\"position\""));
    REQUIRE(at != std::string::npos);
    std::string doubled = state;
    doubled.insert(at, "\"to_move\":1,");  // a second to_move in the position
    ludus_game *restored = nullptr;
    CHECK(ludus_game_from_json(doubled.c_str(), &restored) == LUDUS_E_BAD_JSON);
    CHECK(last_error().find("\"to_move\"") != std::string::npos);

    const std::string before = state_of(game).dump();
    CHECK(ludus_game_play(game.g, R"({"from": "a2", "to": "a3", "to": "a4"})") == LUDUS_E_BAD_JSON);
    CHECK(last_error().find("\"to\"") != std::string::npos);
    char *out = nullptr;
    CHECK(ludus_ai_choose(game.g, R"({"level": "random", "level": "best"})", &out) == LUDUS_E_BAD_JSON);
    CHECK(ludus_game_render_text(game.g, R"({"coordinates": true, "coordinates": false})", &out) == LUDUS_E_BAD_JSON);
    CHECK(state_of(game).dump() == before);

    // An object of 80,000 keys, nearly 1 MB, whose last key repeats the first: found at the end.
    // (Kept in a list, the keys were compared with every earlier one: 11 s natively, minutes
    // under valgrind, which runs this test.)
    std::string many = "{";
    for (int i = 0; i < 80000; ++i) many += "\"k" + std::to_string(100000 + i) + "\":0,";
    many += "\"k100000\":1}";
    REQUIRE(many.size() < LUDUS_MAX_STATE_BYTES);
    CHECK(ludus_game_from_json(many.c_str(), &restored) == LUDUS_E_BAD_JSON);
    CHECK(last_error().find("\"k100000\" twice") != std::string::npos);
}

TEST_CASE("a saved game relabelled with another ruleset is refused with the reason") {
    Game quintana("latrunculi", {{"ruleset", "quintana"}, {"seed", 3}});
    ok(ludus_game_play(quintana.g, "a2-a3"));
    ok(ludus_game_play(quintana.g, "a7-a6"));
    json state = state_of(quintana);
    CHECK(restore_status(state) == LUDUS_OK);
    for (const char *other : {"bell", "kowalski", "schaedler"}) {
        CAPTURE(other);
        json relabelled = state;
        relabelled["options"]["ruleset"] = other;
        CHECK(restore_status(relabelled) == LUDUS_E_INVALID_STATE);
        CHECK(last_error().rfind("start", 0) == 0);
        CHECK(last_error().find(std::string("\"") + other + "\"") != std::string::npos);
    }
    // and the other way: a Bell game (pieces in hand) relabelled Quintana
    Game bell("latrunculi", {{"ruleset", "bell"}, {"seed", 3}});
    ok(ludus_game_play(bell.g, "a1"));
    json bell_state = state_of(bell);
    bell_state["options"]["ruleset"] = "quintana";
    CHECK(restore_status(bell_state) == LUDUS_E_INVALID_STATE);
    // a hand-made position (an empty history) may start elsewhere; a game with a history not
    json moved = state;
    moved["start"] = state_of(Game("latrunculi", {{"ruleset", "quintana"}, {"seed", 3}}))["start"];
    std::string rank = moved["start"]["ranks"][1];
    rank[0] = '.';
    moved["start"]["ranks"][1] = rank;
    moved["start"]["men"][0] = 15;
    moved["history"] = json::array();
    moved["position"] = moved["start"];
    CHECK(restore_status(moved) == LUDUS_OK);
    moved["history"] = state["history"];
    moved["position"] = state["position"];
    CHECK(restore_status(moved) == LUDUS_E_INVALID_STATE);
    CHECK(last_error().rfind("start.men[0]: ", 0) == 0);  // the first field that differs from the setup
}

TEST_CASE("a game played on from a hand-made position is saved as such and loads again") {
    json setup = state_of(Game("latrunculi", {{"ruleset", "quintana"}, {"seed", 3}}));
    json hand_made = setup;
    std::string rank = hand_made["start"]["ranks"][1];
    rank[0] = '.';
    hand_made["start"]["ranks"][1] = rank;
    hand_made["start"]["men"][0] = 15;
    hand_made["position"] = hand_made["start"];
    ludus_game *handle = nullptr;
    ok(ludus_game_from_json(hand_made.dump().c_str(), &handle));
    Game game(handle);
    CHECK(state_of(game)["hand_made_start"] == true);
    ok(ludus_game_play(game.g, "b2-b3"));
    const json played = state_of(game);
    CHECK(played["hand_made_start"] == true);
    CHECK(restore_status(played) == LUDUS_OK);
    json unmarked = played;
    unmarked.erase("hand_made_start");
    CHECK(restore_status(unmarked) == LUDUS_E_INVALID_STATE);
    CHECK(last_error().rfind("start.men[0]: ", 0) == 0);
    json wrong = played;
    wrong["hand_made_start"] = "yes";
    CHECK(restore_status(wrong) == LUDUS_E_INVALID_STATE);
    CHECK(last_error().rfind("hand_made_start: ", 0) == 0);
    json setup_marked = setup;
    setup_marked["hand_made_start"] = true;  // the setup is not hand-made
    CHECK(restore_status(setup_marked) == LUDUS_E_INVALID_STATE);
    CHECK(last_error().rfind("hand_made_start: ", 0) == 0);
    json duodecim = state_of(Game("duodecim", {{"seed", 1}}));
    duodecim["hand_made_start"] = true;  // a game without rulesets' setups may start anywhere anyway
    CHECK(restore_status(duodecim) == LUDUS_E_INVALID_STATE);
    CHECK(last_error().rfind("hand_made_start: ", 0) == 0);
}

TEST_CASE("why the game ended: the C call, the position's JSON, saving and restoring") {
    CHECK(ludus_game_end_reason(nullptr) == nullptr);
    std::map<std::string, json> entries;
    for (const json &entry : ludus_test::catalogue()) entries[entry["id"]] = entry;
    for (const ludus_test::Variant &variant : ludus_test::every_ruleset()) {
        const json &entry = entries[variant.id];
        // The board games (those with agreed draws) end by their rules' reasons, the race games
        // by bearing off.
        const std::set<std::string> reasons =
            entry["agreed_draws"] ? board_reasons : std::set<std::string>{"borne_off"};
        json given = variant.options;
        for (const char *draw : {"draw_plies_without_capture", "draw_repetitions"})  // so that random games end soon
            if (entry["options"].contains(draw)) given[draw] = std::string(draw) == "draw_repetitions" ? 3 : 50;
        for (uint64_t seed = 0; seed < ludus_test::sweep_seeds(4); ++seed) {
            CAPTURE(variant.id);
            CAPTURE(given.dump());
            CAPTURE(seed);
            json options = given;
            options["seed"] = seed;
            Game game(variant.id.c_str(), options);
            CHECK(std::string(ludus_game_end_reason(game.g)) == "");
            CHECK(position_of(game)["end_reason"].is_null());
            ludus_result result;
            ok(ludus_game_random_playout(game.g, seed, 1000000, &result, nullptr));
            REQUIRE(result != LUDUS_RESULT_ONGOING);
            const std::string reason = ludus_game_end_reason(game.g);
            CHECK(reasons.count(reason) == 1);
            CHECK(position_of(game)["end_reason"] == reason);
            json state = state_of(game);
            CHECK(state["position"]["end_reason"] == reason);
            CHECK(state["start"]["end_reason"].is_null());
            ludus_game *restored = nullptr;
            ok(ludus_game_from_json(state.dump().c_str(), &restored));
            CHECK(std::string(ludus_game_end_reason(restored)) == reason);
            ludus_game_free(restored);
            // saved before 1.1: no end_reason; the replayed history says it
            state["position"].erase("end_reason");
            state["start"].erase("end_reason");
            ok(ludus_game_from_json(state.dump().c_str(), &restored));
            CHECK(std::string(ludus_game_end_reason(restored)) == reason);
            ludus_game_free(restored);
            // a reason that is not the one of the history, or not a reason at all
            state["position"]["end_reason"] = reason == "agreed_draw" ? "repetition" : "agreed_draw";
            CHECK(restore_status(state) == LUDUS_E_INVALID_STATE);
            CHECK(last_error().rfind("position.end_reason", 0) == 0);
            state["position"]["end_reason"] = "tired";
            CHECK(restore_status(state) == LUDUS_E_INVALID_STATE);
            CHECK(last_error().rfind("position.end_reason", 0) == 0);
            state["position"]["end_reason"] = nullptr;
            CHECK(restore_status(state) == LUDUS_E_INVALID_STATE);
            // undo takes the end back
            ok(ludus_game_undo(game.g));
            while (ludus_game_phase(game.g) == LUDUS_PHASE_OVER) ok(ludus_game_undo(game.g));
            CHECK(std::string(ludus_game_end_reason(game.g)) == "");
        }
    }
}

TEST_CASE("the rules' own end reasons") {
    // agreed
    Game agreed("petteia", {{"seed", 1}});
    ok(ludus_game_agree_draw(agreed.g));
    CHECK(std::string(ludus_game_end_reason(agreed.g)) == "agreed_draw");
    // a draw after moves without a capture
    Game quiet("petteia", {{"seed", 1}, {"draw_plies_without_capture", 2}});
    ok(ludus_game_play(quiet.g, "a2-a3"));
    ok(ludus_game_play(quiet.g, "a7-a6"));
    CHECK(ludus_game_result(quiet.g) == LUDUS_RESULT_DRAW);
    CHECK(std::string(ludus_game_end_reason(quiet.g)) == "plies_without_capture");
    // repetition
    Game repeated("petteia", {{"seed", 1}, {"draw_repetitions", 2}});
    for (const char *move : {"a2-a3", "a7-a6", "a3-a2", "a6-a7"}) ok(ludus_game_play(repeated.g, move));
    CHECK(ludus_game_result(repeated.g) == LUDUS_RESULT_DRAW);
    CHECK(std::string(ludus_game_end_reason(repeated.g)) == "repetition");
    // a ongoing game's reason in a saved state is refused
    Game ongoing("petteia", {{"seed", 1}});
    json state = state_of(ongoing);
    state["position"]["end_reason"] = "agreed_draw";
    CHECK(restore_status(state) == LUDUS_E_INVALID_STATE);
    CHECK(last_error().rfind("position.end_reason", 0) == 0);
}

TEST_CASE("the position alone is the saved state's position, in every phase") {
    for (const ludus_test::Variant &variant : ludus_test::every_ruleset()) {
        CAPTURE(variant.id);
        CAPTURE(variant.options.dump());
        json options = variant.options;
        options["seed"] = 5;
        Game game(variant.id.c_str(), options);
        for (int step = 0; step < 40 && ludus_game_phase(game.g) != LUDUS_PHASE_OVER; ++step) {
            CHECK(position_of(game) == state_of(game)["position"]);
            roll_or_play_first(game.g);
        }
    }
    char *out = reinterpret_cast<char *>(1);
    CHECK(ludus_game_position_json(nullptr, &out) == LUDUS_E_INVALID_ARGUMENT);
    CHECK(out == nullptr);
    Game game("petteia", {{"seed", 5}});
    CHECK(ludus_game_position_json(game.g, nullptr) == LUDUS_E_INVALID_ARGUMENT);
}

TEST_CASE("every game's moves share fields of one type and meaning") {
    std::set<std::string> kinds_seen;
    for (const ludus_test::Variant &variant : ludus_test::every_ruleset()) {
        CAPTURE(variant.id);
        CAPTURE(variant.options.dump());
        for (uint64_t seed = 0; seed < ludus_test::sweep_seeds(2); ++seed) {
            json given = variant.options;
            given["seed"] = seed;
            Game game(variant.id.c_str(), given);
            for (int step = 0; step < 200 && ludus_game_phase(game.g) != LUDUS_PHASE_OVER; ++step) {
                if (ludus_game_phase(game.g) == LUDUS_PHASE_ROLL) {
                    int dice[4];
                    size_t n = 0;
                    ok(ludus_game_roll(game.g, dice, 4, &n));
                    continue;
                }
                const json moves = legal_moves_of(game);
                for (const json &move : moves) {
                    CAPTURE(move.dump());
                    REQUIRE(move["kind"].is_string());
                    // Every move of every fifth position, and each kind the first time it comes:
                    // the fields are the same code's output at every ply.
                    if (!kinds_seen.insert(move["kind"].get<std::string>()).second && step % 5 != 0) continue;
                    CHECK((move["from_name"].is_string() || move["from_name"].is_null()));
                    CHECK((move["to_name"].is_string() || move["to_name"].is_null()));
                    CHECK(move["captured"].is_array());
                    for (const json &place : move["captured"]) CHECK(place.is_string());
                    CHECK(move["captured_count"].is_number_integer());
                    CHECK(move["captured_count"].get<int>() >= static_cast<int>(move["captured"].size()));
                    CHECK((move["captured"].empty() == (move["captured_count"] == 0)));
                    if (move["kind"] == "move") CHECK((move["from_name"].is_string() && move["to_name"].is_string()));
                    // the older fields are still there
                    CHECK(move.contains("captures"));
                    CHECK(move["text"].is_string());
                }
                // a move named by the shared fields alone is played
                const json &first = moves[seed % moves.size()];
                json part{{"kind", first["kind"]}, {"from_name", first["from_name"]}, {"to_name", first["to_name"]}};
                if (first.contains("dice")) part["dice"] = first["dice"];
                if (first.contains("piece")) part["piece"] = first["piece"];
                ludus_status status = ludus_game_play(game.g, part.dump().c_str());
                if (status == LUDUS_E_INVALID_MOVE)
                    status = ludus_game_play(game.g, first.dump().c_str());  // several moves match
                ok(status);
            }
        }
    }
    CHECK(kinds_seen == std::set<std::string>{"move", "place", "pass", "remove"});
}

TEST_CASE("the computer's answer is played as it is, its \"search\" object ignored") {
    for (const ludus_test::Variant &variant : ludus_test::every_ruleset()) {
        CAPTURE(variant.id);
        CAPTURE(variant.options.dump());
        for (const char *level : {"random", "greedy", "best", "uct"}) {
            CAPTURE(level);
            // a new game for each level: one move can end a game (Kowalski 10x11's first-move win)
            Game game(variant.id.c_str(), variant.options);
            if (ludus_game_phase(game.g) == LUDUS_PHASE_ROLL) {
                int dice[4];
                size_t n = 0;
                ok(ludus_game_roll(game.g, dice, 4, &n));
            }
            char *out = nullptr;
            json ai_options{{"level", level}, {"seed", 1}};
            if (level == std::string("best")) ai_options["max_nodes"] = 200;
            if (level == std::string("uct")) ai_options["max_playouts"] = 100;
            ok(ludus_ai_choose(game.g, ai_options.dump().c_str(), &out));
            const json answer = taken(out);
            REQUIRE(answer.contains("search"));
            const json before = position_of(game);
            ok(ludus_game_play(game.g, answer.dump().c_str()));
            CHECK(position_of(game) != before);
        }
    }
    // "search" alone names no move, and a wrong field beside it is still a mismatch
    Game game("petteia", json::object());
    const json before = state_of(game);
    CHECK(ludus_game_play(game.g, R"({"search": {"nodes": 1}})") == LUDUS_E_INVALID_MOVE);
    CHECK(last_error().find("names no move") != std::string::npos);
    CHECK(ludus_game_play(game.g, R"({"text": "a1-a9", "search": {}})") != LUDUS_OK);
    CHECK(state_of(game) == before);
}

TEST_CASE("the catalogue's agreed_draws says whether ludus_game_agree_draw ends a game, in every ruleset") {
    std::map<std::string, json> entries;
    for (const json &entry : ludus_test::catalogue()) entries[entry["id"]] = entry;
    for (const ludus_test::Variant &variant : ludus_test::every_ruleset()) {
        CAPTURE(variant.id);
        CAPTURE(variant.options.dump());
        const json &entry = entries[variant.id];
        REQUIRE(entry["agreed_draws"].is_boolean());
        const bool draws = entry["agreed_draws"];
        json chosen = variant.options;
        chosen["seed"] = 1;
        // The race games (those that throw dice) have no draws; the others may agree one.
        Game thrower(variant.id.c_str(), chosen);
        bool throws = false;
        for (int step = 0; step < 8 && !throws && ludus_game_phase(thrower.g) != LUDUS_PHASE_OVER; ++step) {
            throws = ludus_game_phase(thrower.g) == LUDUS_PHASE_ROLL;
            roll_or_play_first(thrower.g);
        }
        CHECK(draws == !throws);
        Game game(variant.id.c_str(), chosen);
        if (draws) {
            ok(ludus_game_agree_draw(game.g));
            CHECK(ludus_game_phase(game.g) == LUDUS_PHASE_OVER);
            CHECK(std::string(ludus_game_end_reason(game.g)) == "agreed_draw");
        } else {
            CHECK(ludus_game_agree_draw(game.g) == LUDUS_E_WRONG_PHASE);
            CHECK(ludus_game_phase(game.g) != LUDUS_PHASE_OVER);
        }
    }
}

namespace {

std::string svg_of(const Game &game, const json &options) {
    char *out = nullptr;
    ok(ludus_game_render_svg(game.g, options.dump().c_str(), &out));
    std::string svg = out;
    ludus_string_free(out);
    return svg;
}

bool has(const std::string &svg, const std::string &part) { return svg.find(part) != std::string::npos; }

// The picture's height, from its viewBox "0 0 w h".
double picture_height(const std::string &svg) {
    const size_t at = svg.find("viewBox=\"");
    REQUIRE(at != std::string::npos);
    double x = 0, y = 0, w = 0, h = 0;
    REQUIRE(std::sscanf(svg.c_str() + at + 9, "%lf %lf %lf %lf", &x, &y, &w, &h) == 4);
    return h;
}

}  // namespace

TEST_CASE("Render option \"pieces\": false draws the empty board of every game and ruleset") {
    const json catalogue = ludus_test::catalogue();
    for (const json &entry : catalogue) {
        const std::string id = entry["id"];
        const json &options = entry["options"];
        const json rulesets = options.contains("ruleset") ? options["ruleset"]["values"] : json::array({nullptr});
        for (const json &ruleset : rulesets) {
            CAPTURE(id);
            CAPTURE(ruleset.dump());
            json chosen{{"seed", 3}};
            if (!ruleset.is_null()) chosen["ruleset"] = ruleset;
            Game game(id.c_str(), chosen);
            // A few plies, so that the position has pieces on the board and a last move.
            for (int step = 0; step < 12 && ludus_game_phase(game.g) != LUDUS_PHASE_OVER; ++step) {
                roll_or_play_first(game.g);
            }
            const std::string full = svg_of(game, json::object()), empty = svg_of(game, {{"pieces", false}});
            CHECK(full == svg_of(game, {{"pieces", true}}));
            CHECK(has(full, "last-move"));
            CHECK((has(full, "class=\"piece") || has(full, "class=\"unit") || has(full, "class=\"in-hand")));
            CHECK(has(full, "class=\"status\""));
            CHECK(has(empty, "<title>"));
            CHECK(has(empty, ", empty board</title>"));
            CHECK(has(empty, "data-square") != has(empty, "data-cell"));  // the board's squares or cells are there
            for (const char *gone :
                 {"class=\"piece", "class=\"unit", "class=\"disc", "class=\"in-hand", "class=\"captured", "last-move",
                  "class=\"status\"", "data-count", "class=\"die"}) {
                CAPTURE(gone);
                CHECK_FALSE(has(empty, gone));
            }
            CHECK(picture_height(empty) < picture_height(full));  // no status line
        }
        Game game(id.c_str(), {{"seed", 1}});
        char *out = nullptr;
        CHECK(ludus_game_render_svg(game.g, json{{"pieces", 0}}.dump().c_str(), &out) == LUDUS_E_INVALID_OPTION);
        CHECK(ludus_game_render_text(game.g, json{{"pieces", false}}.dump().c_str(), &out) == LUDUS_E_UNKNOWN_OPTION);
    }
}
