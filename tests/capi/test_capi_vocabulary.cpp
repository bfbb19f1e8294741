// The C ABI's vocabulary, read back by nlohmann: the catalogue's levels are exactly those
// ludus_ai_choose takes and its render options exactly those the pictures take; a saved
// history's events applied one at a time by ludus_game_apply_event, and bad events refused
// with the game unchanged.
#include <cstdlib>
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "capi_test_support.hpp"
#include "ludus/ludus.h"

using ludus_test::Game;
using ludus_test::ok;
using ludus_test::roll_or_play_first;
using ludus_test::state_of;
using ludus_test::taken;
using nlohmann::json;

namespace {

std::string last_error() { return ludus_last_error(); }

// A game in phase move: the race games rolled first.
void to_move_phase(const Game &game) {
    if (ludus_game_phase(game.g) == LUDUS_PHASE_ROLL) roll_or_play_first(game.g);
}

// The level names a refusal of "level" lists: `... is not one of "a", "b", "c"`.
std::vector<std::string> listed_levels(const std::string &message) {
    std::vector<std::string> names;
    const size_t list = message.find("is not one of ");
    REQUIRE(list != std::string::npos);
    for (size_t open = message.find('"', list); open != std::string::npos;
         open = message.find('"', message.find('"', open + 1) + 1))
        names.push_back(message.substr(open + 1, message.find('"', open + 1) - open - 1));
    return names;
}

// A small budget for a level: playouts for "uct", positions for the others.
json budget_for(const std::string &level) {
    if (level == "uct") return {{"level", level}, {"seed", 1}, {"max_playouts", 20}};
    return {{"level", level}, {"seed", 1}, {"max_nodes", 200}};
}

}  // namespace

TEST_CASE("the catalogue's levels are exactly those ludus_ai_choose takes, weakest first, best last") {
    for (const json &entry : ludus_test::catalogue()) {
        const std::string id = entry["id"];
        CAPTURE(id);
        const std::vector<std::string> levels = entry["levels"], others = entry["other_levels"];
        REQUIRE(levels.size() >= 2);
        CHECK(levels.front() == "random");
        CHECK(levels.back() == "best");
        CHECK(entry["default_level"] == "best");
        // Ur's "perfect" plays from the solved game's table (docs/computer-players.md): without one
        // it is refused, saying where the table is looked up.
        CHECK(others == (id == "ur" ? std::vector<std::string>{"uct", "perfect"} : std::vector<std::string>{"uct"}));
        Game game(id.c_str(), {{"seed", 2}});
        to_move_phase(game);
        const json before = state_of(game);
        for (const std::string &level : levels) {
            CAPTURE(level);
            char *out = nullptr;
            ok(ludus_ai_choose(game.g, budget_for(level).dump().c_str(), &out));
            CHECK(taken(out)["search"]["level"] == level);
        }
        for (const std::string &level : others) {
            char *out = nullptr;
            if (level == "perfect" && std::getenv("LUDUS_UR_TABLES") == nullptr) {
                CHECK(ludus_ai_choose(game.g, budget_for(level).dump().c_str(), &out) == LUDUS_E_INVALID_OPTION);
                CHECK(std::string(last_error()).find("LUDUS_UR_TABLES") != std::string::npos);
                continue;
            }
            ok(ludus_ai_choose(game.g, budget_for(level).dump().c_str(), &out));
            CHECK(taken(out)["search"]["level"] == level);
        }
        char *out = nullptr;
        ok(ludus_ai_choose(game.g, R"({"max_nodes": 200})", &out));
        CHECK(taken(out)["search"]["level"] == entry["default_level"]);

        // An unknown level is refused, and the refusal lists the catalogue's levels and no other.
        CHECK(ludus_ai_choose(game.g, R"({"level": "grandmaster"})", &out) == LUDUS_E_INVALID_OPTION);
        CHECK(out == nullptr);
        std::vector<std::string> every = levels;
        every.insert(every.end(), others.begin(), others.end());
        CHECK(listed_levels(last_error()) == every);
        CHECK(state_of(game) == before);
    }
}

namespace {

using Render = ludus_status (*)(const ludus_game *, const char *, char **);

ludus_status render_with(Render render, const Game &game, const json &options) {
    char *out = nullptr;
    const ludus_status status = render(game.g, options.dump().c_str(), &out);
    if (status == LUDUS_OK) CHECK(out != nullptr);
    ludus_string_free(out);
    return status;
}

std::string rendered(Render render, const Game &game, const json &options) {
    char *out = nullptr;
    ok(render(game.g, options.dump().c_str(), &out));
    std::string picture = out;
    ludus_string_free(out);
    return picture;
}

// Each option of `catalogue` taken at its default (the same picture as none), at each of its
// values or the ends of its range, and refused just past them; an option not listed refused.
void check_render_options(Render render, const Game &game, const json &catalogue,
                          const std::set<std::string> &elsewhere) {
    const std::string plain = rendered(render, game, json::object());
    for (const auto &item : catalogue.items()) {
        const std::string &name = item.key();
        const json &spec = item.value();
        CAPTURE(name);
        CHECK(rendered(render, game, {{name, spec["default"]}}) == plain);
        if (spec["type"] == "choice") {
            for (const json &value : spec["values"]) CHECK(render_with(render, game, {{name, value}}) == LUDUS_OK);
            CHECK(render_with(render, game, {{name, "no such value"}}) == LUDUS_E_INVALID_OPTION);
        } else {
            REQUIRE(spec["type"] == "integer");
            CHECK(render_with(render, game, {{name, spec["min"]}}) == LUDUS_OK);
            CHECK(render_with(render, game, {{name, spec["max"]}}) == LUDUS_OK);
            CHECK(render_with(render, game, {{name, spec["min"].get<int64_t>() - 1}}) == LUDUS_E_INVALID_OPTION);
            CHECK(render_with(render, game, {{name, spec["max"].get<int64_t>() + 1}}) == LUDUS_E_INVALID_OPTION);
        }
    }
    for (const std::string &name : elsewhere) {
        if (catalogue.contains(name)) continue;
        CAPTURE(name);
        CHECK(render_with(render, game, {{name, true}}) == LUDUS_E_UNKNOWN_OPTION);
    }
}

}  // namespace

TEST_CASE("the catalogue's render options are exactly those the pictures take") {
    const json catalogue = ludus_test::catalogue();
    std::set<std::string> every_name;  // each game's names, to try on the others
    for (const json &entry : catalogue)
        for (const char *kind : {"svg", "text"})
            for (const auto &item : entry["render_options"][kind].items()) every_name.insert(item.key());
    CHECK(every_name.count("size") == 1);
    for (const json &entry : catalogue) {
        const std::string id = entry["id"];
        CAPTURE(id);
        Game game(id.c_str(), {{"seed", 4}});
        roll_or_play_first(game.g);
        CHECK(entry["render_options"]["svg"].contains("size"));
        check_render_options(ludus_game_render_svg, game, entry["render_options"]["svg"], every_name);
        check_render_options(ludus_game_render_text, game, entry["render_options"]["text"], every_name);
    }
}

namespace {

ludus_status applied(const Game &game, const json &event) {
    return ludus_game_apply_event(game.g, event.dump().c_str());
}

// The game at the start of a saved state, with none of its history.
ludus_game *start_of(const json &saved) {
    json start = saved;
    start["history"] = json::array();
    start["position"] = saved["start"];
    ludus_game *g = nullptr;
    ok(ludus_game_from_json(start.dump().c_str(), &g));
    return g;
}

// A saved game whose history has an event of each kind the game has: moves, and rolls of the
// engine and from outside (race games) or an agreed draw at the end (the others).
json played(const char *id) {
    Game game(id, {{"seed", 6}});
    const bool dice = ludus_game_phase(game.g) == LUDUS_PHASE_ROLL;
    int rolls = 0;
    for (int step = 0; step < 8 && ludus_game_phase(game.g) != LUDUS_PHASE_OVER; ++step) {
        if (ludus_game_phase(game.g) == LUDUS_PHASE_ROLL && rolls++ == 1) {
            char *outcomes = nullptr;  // dice from outside: the first roll the game can have
            ok(ludus_game_chance_outcomes(game.g, &outcomes));
            const std::vector<int> values = taken(outcomes)[0]["dice"];
            ok(ludus_game_set_dice(game.g, values.data(), values.size()));
        } else {
            roll_or_play_first(game.g);
        }
    }
    if (!dice) ok(ludus_game_agree_draw(game.g));
    return state_of(game);
}

// Each refusal: the status, a message naming the event, the game unchanged.
void check_refused(const Game &game, const std::string &event, ludus_status status) {
    CAPTURE(event);
    const json before = state_of(game);
    CHECK(ludus_game_apply_event(game.g, event.c_str()) == status);
    CHECK(last_error().find("event") != std::string::npos);
    CHECK(state_of(game) == before);
}

}  // namespace

TEST_CASE("ludus_game_apply_event replays a saved history event by event, every kind of event") {
    for (const json &entry : ludus_test::catalogue()) {
        const std::string id = entry["id"];
        CAPTURE(id);
        const json saved = played(id.c_str());
        std::set<std::string> kinds;
        Game game(start_of(saved));
        for (const json &event : saved["history"]) {
            CAPTURE(event.dump());
            const std::string text = event["text"];
            kinds.insert(text == "draw agreed"        ? text
                         : text.rfind("roll", 0) == 0 ? "roll " + event["dice_from"].get<std::string>()
                                                      : "move");
            ok(applied(game, event));
            CHECK(state_of(game)["history"].back() == event);
        }
        CHECK(state_of(game) == saved);
        const bool dice = saved["history"][0]["text"].get<std::string>().rfind("roll", 0) == 0;
        CHECK(kinds == (dice ? std::set<std::string>{"move", "roll engine", "roll outside"}
                             : std::set<std::string>{"move", "draw agreed"}));
        // Without "player" an event is applied all the same.
        Game again(start_of(saved));
        for (json event : saved["history"]) {
            event.erase("player");
            ok(applied(again, event));
        }
        CHECK(state_of(again) == saved);
    }
}

TEST_CASE("ludus_game_apply_event refuses bad events with a message, the game unchanged") {
    CHECK(ludus_game_apply_event(nullptr, R"({"text": "draw agreed"})") == LUDUS_E_INVALID_ARGUMENT);
    CHECK(last_error().find("g must not be NULL") != std::string::npos);
    Game petteia("petteia", {{"seed", 1}});
    CHECK(ludus_game_apply_event(petteia.g, nullptr) == LUDUS_E_INVALID_ARGUMENT);
    CHECK(last_error().find("event_json") != std::string::npos);

    check_refused(petteia, R"({"text": )", LUDUS_E_BAD_JSON);
    check_refused(petteia, R"(["draw agreed"])", LUDUS_E_BAD_JSON);
    check_refused(petteia, R"({"text": "resign"})", LUDUS_E_INVALID_MOVE);  // no kind of event
    check_refused(petteia, R"({"move": "a1-a2"})", LUDUS_E_INVALID_STATE);  // no text, another key
    check_refused(petteia, R"({"text": 3})", LUDUS_E_INVALID_STATE);
    check_refused(petteia, R"({"text": "draw agreed", "player": 1})", LUDUS_E_INVALID_STATE);        // player 0 moves
    check_refused(petteia, R"({"text": "roll 3 4", "dice_from": "outside"})", LUDUS_E_WRONG_PHASE);  // no dice

    // A legal move of player 0, not legal for player 1 once player 0 has moved.
    char *text = nullptr;
    ok(ludus_game_legal_moves(petteia.g, &text));
    const json moves = taken(text);
    const std::string first = moves[0]["text"], second = moves[1]["text"];
    ok(applied(petteia, {{"text", first}}));
    check_refused(petteia, json{{"text", second}}.dump().c_str(), LUDUS_E_ILLEGAL_MOVE);
    ok(ludus_game_agree_draw(petteia.g));
    check_refused(petteia, json{{"text", "draw agreed"}}.dump().c_str(), LUDUS_E_GAME_OVER);

    Game duodecim("duodecim", {{"seed", 1}});
    Game rolled("duodecim", {{"seed", 1}});
    int dice[4];
    size_t count = 0;
    ok(ludus_game_roll(rolled.g, dice, 4, &count));
    REQUIRE(count == 2);
    ok(ludus_game_legal_moves(rolled.g, &text));
    const std::string move = taken(text)[0]["text"];
    check_refused(duodecim, json{{"text", move}}.dump().c_str(), LUDUS_E_WRONG_PHASE);  // before the roll
    check_refused(duodecim, R"({"text": "draw agreed"})", LUDUS_E_WRONG_PHASE);         // no draws
    check_refused(duodecim, R"({"text": "roll 3 4"})", LUDUS_E_INVALID_STATE);          // from where?
    check_refused(duodecim, R"({"text": "roll 3 4", "dice_from": "dice cup"})", LUDUS_E_INVALID_STATE);
    check_refused(duodecim, R"({"text": "roll three", "dice_from": "outside"})", LUDUS_E_INVALID_STATE);
    check_refused(duodecim, R"({"text": "roll 3 9", "dice_from": "outside"})", LUDUS_E_INVALID_ARGUMENT);
    // The engine's dice must be those its generator rolls: other dice are refused, the roll taken back.
    const std::string wrong = "roll " + std::to_string(dice[0] % 6 + 1) + " " + std::to_string(dice[1]);
    check_refused(duodecim, json{{"text", wrong}, {"dice_from", "engine"}}.dump().c_str(), LUDUS_E_INVALID_STATE);
    CHECK(last_error().find("generator rolls") != std::string::npos);
    const std::string right = "roll " + std::to_string(dice[0]) + " " + std::to_string(dice[1]);
    ok(applied(duodecim, {{"text", right}, {"dice_from", "engine"}}));
    CHECK(state_of(duodecim) == state_of(rolled));
}
