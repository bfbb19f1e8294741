// The common game core (RulesGame<R>, play.cpp, the registry and the options) exercised with
// Petteia (and Duodecim for short listings): history and undo, clones, saving and restoring with validation, moves as
// JSON objects, and the options catalogue.
#include <doctest/doctest.h>

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "duodecim/duodecim.hpp"
#include "game.hpp"
#include "petteia/petteia.hpp"
#include "core_test_support.hpp"
#include "registry.hpp"

using namespace ludus;
using ludus::testing::message_of;
using ludus::testing::status_of;

namespace {

std::unique_ptr<Game> petteia(json options = json::object()) {
    if (!options.contains("seed")) options["seed"] = 7;
    return new_game("petteia", options);
}

std::vector<Action> actions_of(const Game &g) {
    std::vector<Action> out;
    g.legal_actions(out);
    return out;
}

// Plays up to n random legal moves (fewer if the game ends).
std::vector<Action> play_random(Game &g, int n, std::mt19937 &rng) {
    std::vector<Action> played;
    for (int i = 0; i < n && g.phase() != Phase::over; ++i) {
        auto actions = actions_of(g);
        const Action a = actions[rng() % actions.size()];
        g.apply_action(a);
        played.push_back(a);
    }
    return played;
}

// A Petteia game on a small board played at random to its end (always ends: see the options).
std::unique_ptr<Game> finished_game(uint32_t seed) {
    auto g = petteia({{"rows", 6}, {"cols", 4}, {"draw_plies_without_capture", 60}});
    std::mt19937 rng(seed);
    play_random(*g, 100000, rng);
    return g;
}

// Checks that restoring `saved` fails with `status` and a message naming `field`.
void check_refused(const json &saved, Status status, const std::string &field) {
    CAPTURE(field);
    const std::string message = message_of([&] { game_from_json(saved); });
    CAPTURE(message);
    CHECK(status_of([&] { game_from_json(saved); }) == status);
    CHECK(message.find(field) != std::string::npos);
}

}  // namespace

// =========================================================================================
// History and undo
// =========================================================================================

TEST_CASE("undo restores exactly the state before the move (to_json equal), back to the start") {
    for (uint32_t seed : {1u, 2u, 3u, 4u}) {
        CAPTURE(seed);
        auto g = petteia({{"rows", 6}, {"cols", 5}, {"draw_repetitions", 3}, {"draw_plies_without_capture", 30}});
        std::mt19937 rng(seed);
        std::vector<json> before;
        while (g->phase() != Phase::over && before.size() < 300) {
            before.push_back(g->to_json());
            auto actions = actions_of(*g);
            g->apply_action(actions[rng() % actions.size()]);
        }
        CHECK(g->to_json()["history"].size() == before.size());
        for (size_t i = before.size(); i > 0; --i) {
            g->undo();
            REQUIRE(g->to_json() == before[i - 1]);
        }
        CHECK(g->to_json()["history"].empty());
        CHECK(status_of([&] { g->undo(); }) == Status::nothing_to_undo);
    }
}

TEST_CASE("undo of a capture, of a win and of an agreed draw") {
    auto g = bound_game<PetteiaRules>(
        PetteiaRules::parse_options({{"rows", 7}, {"cols", 7}, {"seed", 1}}),
        PetteiaRules::position_from_json(
            PetteiaRules::parse_options({{"rows", 7}, {"cols", 7}, {"seed", 1}}),
            {{"ranks", {".......", ".......", ".......", "0......", "...1...", "...0...", "......1"}},
             {"pieces", {2, 2}},
             {"to_move", 0},
             {"phase", "move"},
             {"result", "ongoing"},
             {"plies_without_capture", 4},
             {"rng", "00000000000000ff"}},
            "start"));
    const json start = g->to_json();
    play_move(*g, "a4-d4");  // captures d5: player 1 has one piece left
    CHECK(g->result() == Result::player0_won);
    CHECK(g->to_json()["position"]["pieces"] == json{2, 1});
    g->undo();
    CHECK(g->to_json() == start);
    CHECK(g->result() == Result::ongoing);
    CHECK(g->to_move() == 0);
    g->agree_draw();
    CHECK(g->result() == Result::draw);
    g->undo();
    CHECK(g->to_json() == start);
}

TEST_CASE("undo at the start: nothing_to_undo, with a message, and nothing changes") {
    auto g = petteia();
    const json before = g->to_json();
    CHECK(status_of([&] { g->undo(); }) == Status::nothing_to_undo);
    CHECK_FALSE(message_of([&] { g->undo(); }).empty());
    CHECK(g->to_json() == before);
    // also after playing and taking everything back
    play_move(*g, "a2-a3");
    g->undo();
    CHECK(status_of([&] { g->undo(); }) == Status::nothing_to_undo);
    CHECK(g->to_json() == before);
}

TEST_CASE("a failed call changes nothing") {
    auto g = petteia();
    play_move(*g, "c2-c4");
    const json before = g->to_json();
    CHECK(status_of([&] { g->apply_action(-1); }) == Status::illegal_move);
    CHECK(status_of([&] { g->apply_action(0); }) == Status::illegal_move);
    CHECK(status_of([&] { g->apply_action(1 << 30); }) == Status::illegal_move);
    CHECK(status_of([&] { g->action_text(12345); }) == Status::illegal_move);
    CHECK(status_of([&] { g->action_json(-7); }) == Status::illegal_move);
    CHECK(status_of([&] { play_move(*g, "c4-c5"); }) == Status::illegal_move);  // not player 0's turn
    CHECK(status_of([&] { play_move(*g, "nonsense"); }) == Status::invalid_move);
    CHECK(status_of([&] { g->roll(); }) == Status::wrong_phase);
    const int dice[2] = {1, 2};
    CHECK(status_of([&] { g->set_dice(dice); }) == Status::wrong_phase);
    CHECK(status_of([&] { g->chance_outcomes(); }) == Status::wrong_phase);
    CHECK(g->to_json() == before);
}

// =========================================================================================
// Clones
// =========================================================================================

TEST_CASE("a clone is independent of its original, both ways, including undo") {
    std::mt19937 rng(99);
    auto g = petteia({{"rows", 7}, {"cols", 6}});
    play_random(*g, 10, rng);
    const json at10 = g->to_json();
    auto c = g->clone();
    CHECK(c->to_json() == at10);

    // the clone moves on: the original is untouched
    play_random(*c, 6, rng);
    CHECK(g->to_json() == at10);
    // the clone takes back moves that both share: the original keeps them
    for (int i = 0; i < 12; ++i) c->undo();
    CHECK(c->to_json()["history"].size() == 4);
    CHECK(g->to_json() == at10);
    // the original takes back and plays differently: the clone is untouched
    const json clone_now = c->to_json();
    for (int i = 0; i < 5; ++i) g->undo();
    play_random(*g, 8, rng);
    CHECK(c->to_json() == clone_now);
    // a clone of a clone, and each undone to the start, agree with a fresh game
    auto cc = c->clone();
    play_random(*cc, 3, rng);
    CHECK(c->to_json() == clone_now);
    const json fresh = petteia({{"rows", 7}, {"cols", 6}})->to_json();
    for (Game *x : {g.get(), c.get(), cc.get()}) {
        while (status_of([&] { x->undo(); }) == Status::ok) {}
        CHECK(x->to_json() == fresh);
    }
}

// =========================================================================================
// Saving and restoring
// =========================================================================================

TEST_CASE("to_json / game_from_json round trip: same JSON, same legal moves, same future") {
    for (uint32_t seed : {11u, 12u, 13u}) {
        CAPTURE(seed);
        std::mt19937 rng(seed);
        auto g = petteia({{"rows", 8}, {"cols", 6}, {"draw_repetitions", 3}, {"first_player", "random"}});
        play_random(*g, 25, rng);
        // through text, as a front end would store it
        auto r = game_from_json(json::parse(g->to_json().dump()));
        CHECK(r->to_json() == g->to_json());
        CHECK(actions_of(*r) == actions_of(*g));
        CHECK(legal_moves_json(*r) == legal_moves_json(*g));
        CHECK(r->phase() == g->phase());
        CHECK(r->to_move() == g->to_move());
        // the same moves keep them equal
        std::mt19937 rng2 = rng;
        auto a = play_random(*g, 40, rng);
        auto b = play_random(*r, 40, rng2);
        CHECK(a == b);
        CHECK(r->to_json() == g->to_json());
        // the restored game can be taken back to its start like the original
        while (status_of([&] { r->undo(); }) == Status::ok) g->undo();
        CHECK(status_of([&] { g->undo(); }) == Status::nothing_to_undo);
        CHECK(r->to_json() == g->to_json());
    }
}

TEST_CASE("round trip of finished games (won and drawn) and of an agreed draw") {
    for (uint32_t seed = 0; seed < 6; ++seed) {
        auto g = finished_game(seed);
        REQUIRE(g->phase() == Phase::over);
        auto r = game_from_json(g->to_json());
        CHECK(r->to_json() == g->to_json());
        CHECK(r->result() == g->result());
        CHECK(actions_of(*r).empty());
        r->undo();
        g->undo();
        CHECK(r->to_json() == g->to_json());
        CHECK(r->phase() == Phase::move);
    }
    auto d = petteia();
    play_move(*d, "a2-a4");
    d->agree_draw();
    auto r = game_from_json(d->to_json());
    CHECK(r->result() == Result::draw);
    CHECK(r->to_json() == d->to_json());
}

TEST_CASE("a restored game counts repetitions like the original (the positions before the save included)") {
    auto g = petteia({{"draw_repetitions", 2}});
    for (const char *m : {"b2-b3", "b7-b6", "b3-b2"}) play_move(*g, m);
    auto r = game_from_json(g->to_json());
    play_move(*r, "b6-b7");  // the start position again
    play_move(*g, "b6-b7");
    CHECK(g->result() == Result::draw);
    CHECK(r->result() == Result::draw);
}

TEST_CASE("a saved game's options are all resolved: the seed drawn is saved") {
    auto g = new_game("petteia", json::object());
    json options = g->to_json()["options"];
    CHECK(options["rows"] == 8);
    CHECK(options["cols"] == 8);
    CHECK(options["first_player"] == 0);
    CHECK(options["draw_plies_without_capture"] == 0);
    CHECK(options["draw_repetitions"] == 0);
    CHECK(options["seed"].is_number_unsigned());
    CHECK(game_from_json(g->to_json())->to_json() == g->to_json());
    // the same seed gives the same game
    CHECK(petteia({{"seed", 5}, {"first_player", "random"}})->to_json() ==
          petteia({{"seed", 5}, {"first_player", "random"}})->to_json());
}

TEST_CASE("game_from_json refuses bad states, each naming the field") {
    auto g = petteia();
    for (const char *m : {"a2-a4", "a7-a5", "b2-b4", "b7-b5", "c2-c3", "h7-h6"}) play_move(*g, m);
    const json good = g->to_json();
    REQUIRE_NOTHROW(game_from_json(good));

    auto changed = [&](auto edit) {
        json s = good;
        edit(s);
        return s;
    };

    SUBCASE("not an object") {
        // not the JSON type asked for: bad_json (the header's rule, as for options)
        CHECK(status_of([&] { game_from_json(json::array()); }) == Status::bad_json);
        CHECK(status_of([&] { game_from_json(json("x")); }) == Status::bad_json);
    }
    SUBCASE("format") {
        check_refused(changed([](json &s) { s["format"] = "ludus-save"; }), Status::invalid_state, "format");
        check_refused(changed([](json &s) { s["format"] = 1; }), Status::invalid_state, "format");
        check_refused(changed([](json &s) { s.erase("format"); }), Status::invalid_state, "format");
    }
    SUBCASE("version") {
        check_refused(changed([](json &s) { s["version"] = 2; }), Status::invalid_state, "version");
        check_refused(changed([](json &s) { s["version"] = 0; }), Status::invalid_state, "version");
        check_refused(changed([](json &s) { s["version"] = "1"; }), Status::invalid_state, "version");
    }
    SUBCASE("unknown game") {
        check_refused(changed([](json &s) { s["game"] = "chess"; }), Status::invalid_state, "chess");
        check_refused(changed([](json &s) { s["game"] = 3; }), Status::invalid_state, "game");
    }
    SUBCASE("unknown top-level key") {
        check_refused(changed([](json &s) { s["comment"] = "hello"; }), Status::invalid_state, "comment");
    }
    SUBCASE("missing parts") {
        for (const char *key : {"options", "start", "history", "position"})
            check_refused(changed([&](json &s) { s.erase(key); }), Status::invalid_state, key);
    }
    SUBCASE("options") {
        json s = changed([](json &x) { x["options"]["colour"] = 1; });
        CHECK(status_of([&] { game_from_json(s); }) == Status::unknown_option);
        CHECK(message_of([&] { game_from_json(s); }).find("colour") != std::string::npos);
        s = changed([](json &x) { x["options"]["rows"] = 30; });
        CHECK(status_of([&] { game_from_json(s); }) == Status::invalid_option);
        CHECK(message_of([&] { game_from_json(s); }).find("rows") != std::string::npos);
    }
    SUBCASE("wrong piece counts") {
        check_refused(changed([](json &s) {
                          s["position"]["pieces"] = {16, 15};
                      }),
                      Status::invalid_state, "position.pieces");
        check_refused(changed([](json &s) { s["start"]["pieces"] = {17, 16}; }), Status::invalid_state, "start.pieces");
        check_refused(changed([](json &s) { s["start"]["pieces"] = {16}; }), Status::invalid_state, "start.pieces");
        check_refused(changed([](json &s) { s["start"]["pieces"] = "16 16"; }), Status::invalid_state, "start.pieces");
    }
    SUBCASE("a square character that is not . 0 1") {
        check_refused(changed([](json &s) { s["start"]["ranks"][3] = "...x...."; }), Status::invalid_state,
                      "start.ranks[3]");
        check_refused(changed([](json &s) { s["start"]["ranks"][4] = "...2...."; }), Status::invalid_state,
                      "start.ranks[4]");
        check_refused(changed([](json &s) { s["position"]["ranks"][5] = "  ......"; }), Status::invalid_state,
                      "position.ranks[5]");
    }
    SUBCASE("a rank of the wrong length, a wrong number of ranks") {
        check_refused(changed([](json &s) { s["start"]["ranks"][2] = "......."; }), Status::invalid_state,
                      "start.ranks[2]");
        check_refused(changed([](json &s) { s["position"]["ranks"][2] = "........."; }), Status::invalid_state,
                      "position.ranks[2]");
        check_refused(changed([](json &s) { s["start"]["ranks"].erase(4); }), Status::invalid_state, "start.ranks");
        check_refused(changed([](json &s) { s["start"]["ranks"][2] = 8; }), Status::invalid_state, "start.ranks[2]");
    }
    SUBCASE("phase inconsistent with result") {
        check_refused(changed([](json &s) { s["position"]["phase"] = "over"; }), Status::invalid_state,
                      "position.phase");
        check_refused(changed([](json &s) { s["position"]["phase"] = "roll"; }), Status::invalid_state,
                      "position.phase");
        check_refused(changed([](json &s) { s["position"]["phase"] = "moving"; }), Status::invalid_state,
                      "position.phase");
        check_refused(changed([](json &s) { s["position"]["result"] = "player 0 won"; }), Status::invalid_state,
                      "position.phase");
        check_refused(changed([](json &s) { s["position"]["result"] = "won"; }), Status::invalid_state,
                      "position.result");
    }
    SUBCASE("an ongoing position where a side has one piece") {
        json s = petteia({{"rows", 5}, {"cols", 3}})->to_json();
        s["start"]["ranks"] = {"0..", "0..", "...", "...", "..1"};
        s["start"]["pieces"] = {2, 1};
        s["position"] = s["start"];
        check_refused(s, Status::invalid_state, "start.result");
        s["start"]["ranks"] = {"0..", "...", "...", "1..", "1.."};
        s["start"]["pieces"] = {1, 2};
        s["position"] = s["start"];
        check_refused(s, Status::invalid_state, "start.result");
    }
    SUBCASE("an ongoing position where the player to move is blocked") {
        json s = petteia({{"rows", 5}, {"cols", 3}})->to_json();
        s["start"]["ranks"] = {"...", "...", "...", "000", "110"};
        s["start"]["pieces"] = {4, 2};
        s["start"]["to_move"] = 1;
        s["position"] = s["start"];
        check_refused(s, Status::invalid_state, "start.result");
    }
    SUBCASE("to_move, plies_without_capture, unknown position field") {
        check_refused(changed([](json &s) { s["start"]["to_move"] = 2; }), Status::invalid_state, "start.to_move");
        check_refused(changed([](json &s) { s["start"]["plies_without_capture"] = -1; }), Status::invalid_state,
                      "start.plies_without_capture");
        check_refused(changed([](json &s) { s["start"]["dux"] = "d4"; }), Status::invalid_state, "start.dux");
    }
    SUBCASE("an illegal history entry names history[i]") {
        check_refused(changed([](json &s) { s["history"][2]["text"] = "a1-a5"; }), Status::invalid_state, "history[2]");
        check_refused(changed([](json &s) { s["history"][3]["text"] = "zz"; }), Status::invalid_state, "history[3]");
        check_refused(changed([](json &s) { s["history"][1]["player"] = 0; }), Status::invalid_state,
                      "history[1].player");
        check_refused(changed([](json &s) { s["history"][0].erase("text"); }), Status::invalid_state,
                      "history[0].text");
        check_refused(changed([](json &s) { s["history"][4] = "a2-a3"; }), Status::invalid_state, "history[4]");
        check_refused(changed([](json &s) { s["history"][5]["note"] = "!"; }), Status::invalid_state,
                      "history[5].note");
        check_refused(changed([](json &s) { s["history"][0]["text"] = "roll 3 4"; }), Status::invalid_state,
                      "history[0]");
        check_refused(changed([](json &s) { s["history"] = json::object(); }), Status::invalid_state, "history");
        // a move after the end of the game
        auto f = finished_game(1);
        json s = f->to_json();
        s["history"].push_back({{"text", "a1-a2"}});
        check_refused(s, Status::invalid_state, "history[" + std::to_string(s["history"].size() - 1) + "]");
    }
    SUBCASE("a saved position that differs from the replayed history names position.ranks...") {
        json s = good;
        // move one piece of the position elsewhere: counts stay right, the board differs
        std::string r2 = s["position"]["ranks"][0];
        std::string r3 = s["position"]["ranks"][2];
        REQUIRE(r2[7] == '0');
        REQUIRE(r3[7] == '.');
        r2[7] = '.';
        r3[7] = '0';
        s["position"]["ranks"][0] = r2;
        s["position"]["ranks"][2] = r3;
        check_refused(s, Status::invalid_state, "position.ranks[0]");
        check_refused(changed([](json &x) {
                          x["position"]["plies_without_capture"] =
                              x["position"]["plies_without_capture"].get<int>() + 1;
                      }),
                      Status::invalid_state, "position.plies_without_capture");
        check_refused(changed([](json &x) { x["position"]["rng"] = "0123456789abcdef"; }), Status::invalid_state,
                      "position.rng");
        // a history cut short no longer leads to the position
        check_refused(changed([](json &x) { x["history"].erase(x["history"].size() - 1); }), Status::invalid_state,
                      "position");
    }
    SUBCASE("rng not 16 hex digits") {
        for (const json &bad : {json("123"), json("0123456789ABCDEF"), json("000000000000000g"),
                                json("00000000000000000"), json(5), json("")}) {
            CAPTURE(bad.dump());
            check_refused(changed([&](json &s) { s["position"]["rng"] = bad; }), Status::invalid_state, "position.rng");
            check_refused(changed([&](json &s) { s["start"]["rng"] = bad; }), Status::invalid_state, "start.rng");
        }
    }
    SUBCASE("setup: petteia has none") {
        check_refused(changed([](json &s) { s["setup"] = json::object(); }), Status::invalid_state, "setup");
    }
}

// =========================================================================================
// Moves as JSON objects
// =========================================================================================

TEST_CASE("legal_moves_json: each move with text, player, from, to and captures") {
    auto g = petteia();
    json moves = legal_moves_json(*g);
    REQUIRE(moves.size() == 32);
    for (const json &m : moves) {
        CHECK(m["text"].is_string());
        CHECK(m["from"].is_string());
        CHECK(m["to"].is_string());
        CHECK(m["captures"] == json::array());
        CHECK(m["player"] == 0);
        CHECK(m["text"] == m["from"].get<std::string>() + "-" + m["to"].get<std::string>());
    }
    // every listed object is accepted as the move
    for (const json &m : moves) {
        auto c = g->clone();
        play_move(*c, m.dump());
        CHECK(c->to_json()["history"][0]["text"] == m["text"]);
    }
    auto over = finished_game(4);
    CHECK(legal_moves_json(*over) == json::array());
}

TEST_CASE("play by JSON object: the full object, a part naming one move, ambiguous and unknown parts") {
    auto g = petteia();
    const json before = g->to_json();
    auto played = [&](const std::string &move) {
        auto c = g->clone();
        play_move(*c, move);
        return c->to_json()["history"][0]["text"].get<std::string>();
    };
    const json full = legal_moves_json(*g)[5];
    CHECK(played(full.dump()) == full["text"]);
    CHECK(played(R"({"from": "b2", "to": "b5"})") == "b2-b5");
    CHECK(played(R"({"text": "c2-c4"})") == "c2-c4");
    CHECK(played(R"(  {"to": "h6"})") == "h2-h6");  // the only move reaching h6
    CHECK(played(R"({"to": "d3", "captures": []})") == "d2-d3");

    CHECK(status_of([&] { play_move(*g, R"({"from": "b2"})"); }) == Status::invalid_move);  // four moves
    CHECK(message_of([&] { play_move(*g, R"({"from": "b2"})"); }).find("4") != std::string::npos);
    CHECK(status_of([&] { play_move(*g, R"({"player": 0})"); }) == Status::invalid_move);
    CHECK(status_of([&] { play_move(*g, "{}"); }) == Status::invalid_move);
    CHECK(status_of([&] { play_move(*g, R"({"text": 5})"); }) == Status::invalid_move);
    CHECK(status_of([&] { play_move(*g, R"({"text": "b2b5"})"); }) == Status::invalid_move);
    CHECK(status_of([&] { play_move(*g, R"({"from": "b2", "to": "c3"})"); }) == Status::illegal_move);
    CHECK(status_of([&] { play_move(*g, R"({"text": "b2-b7"})"); }) == Status::illegal_move);
    CHECK(status_of([&] { play_move(*g, R"({"from": "b2", "to": "b5", "captures": ["b7"]})"); }) ==
          Status::illegal_move);
    CHECK(status_of([&] { play_move(*g, R"({"player": 1, "to": "b5"})"); }) == Status::illegal_move);
    CHECK(status_of([&] { play_move(*g, R"({"shout": "check"})"); }) == Status::illegal_move);
    CHECK(status_of([&] { play_move(*g, R"({"from": "b2", "to": )"); }) == Status::bad_json);
    CHECK(status_of([&] { play_move(*g, "[\"b2-b5\"]"); }) == Status::invalid_move);
    CHECK(g->to_json() == before);

    // after the end: game_over, whatever the form
    auto over = finished_game(2);
    CHECK(status_of([&] { play_move(*over, R"({"from": "a1"})"); }) == Status::game_over);
    CHECK(status_of([&] { play_move(*over, "a1-a2"); }) == Status::game_over);
}

// =========================================================================================
// Catalogue and options
// =========================================================================================

TEST_CASE("the options catalogue: every option of every game has a type, a default and a range") {
    json catalogue = games_catalogue();
    REQUIRE(catalogue.is_array());
    bool found_petteia = false;
    for (const json &game : catalogue) {
        CAPTURE(game["id"].dump());
        CHECK(game["id"].is_string());
        CHECK(game["name"].is_string());
        REQUIRE(game["options"].is_object());
        CHECK(game["options"].contains("seed"));
        for (auto it = game["options"].begin(); it != game["options"].end(); ++it) {
            CAPTURE(it.key());
            const json &o = it.value();
            REQUIRE(o.contains("type"));
            REQUIRE(o.contains("default"));
            const std::string type = o["type"];
            if (type == "integer" || type == "seed") {
                REQUIRE(o["min"].is_number_integer());
                REQUIRE((o["max"].is_number_integer() || (type == "seed" && o["max"].is_string())));
                if (type == "integer") {
                    CHECK(o["min"].get<int64_t>() <= o["default"].get<int64_t>());
                    CHECK(o["default"].get<int64_t>() <= o["max"].get<int64_t>());
                }
            } else if (type == "choice") {
                REQUIRE(o["values"].is_array());
                CHECK(std::find(o["values"].begin(), o["values"].end(), o["default"]) != o["values"].end());
            } else if (type == "boolean") {
                CHECK(o["default"].is_boolean());
            } else {
                FAIL("unknown option type " << type);
            }
        }
        if (game["id"] == "petteia") {
            found_petteia = true;
            const json &o = game["options"];
            CHECK(o["rows"]["default"] == 8);
            CHECK(o["rows"]["min"] == 5);
            CHECK(o["rows"]["max"] == 26);
            CHECK(o["cols"]["default"] == 8);
            CHECK(o["cols"]["min"] == 3);
            CHECK(o["cols"]["max"] == 26);
            CHECK(o["first_player"]["values"] == json{0, 1, "random"});
            CHECK(o["first_player"]["default"] == 0);
            CHECK(o["draw_plies_without_capture"]["default"] == 0);
            CHECK(o["draw_plies_without_capture"]["max"] == 100000);
            CHECK(o["draw_repetitions"]["default"] == 0);
            CHECK(o["draw_repetitions"]["max"] == 100);
            CHECK(o["seed"]["type"] == "seed");
            CHECK(o.size() == 6);
        }
    }
    CHECK(found_petteia);
}

TEST_CASE("Petteia options: each integer option's bounds accepted, one past them refused naming the option") {
    json catalogue = games_catalogue();
    for (const json &game : catalogue) {
        if (game["id"] != "petteia") continue;
        for (auto it = game["options"].begin(); it != game["options"].end(); ++it) {
            if (it.value()["type"] != "integer") continue;
            const std::string name = it.key();
            const int64_t lo = it.value()["min"], hi = it.value()["max"];
            CAPTURE(name);
            CHECK_NOTHROW(petteia({{name, lo}}));
            CHECK_NOTHROW(petteia({{name, hi}}));
            CHECK_NOTHROW(petteia({{name, it.value()["default"]}}));
            for (const json &bad :
                 {json(lo - 1), json(hi + 1), json(std::to_string(lo)), json(1.5), json(nullptr), json::array()}) {
                CAPTURE(bad.dump());
                CHECK(status_of([&] { petteia({{name, bad}}); }) == Status::invalid_option);
                CHECK(message_of([&] { petteia({{name, bad}}); }).find(name) != std::string::npos);
            }
        }
    }
}

TEST_CASE("unknown games and options, bad option values") {
    CHECK(status_of([] { new_game("chess", json::object()); }) == Status::unknown_game);
    CHECK(message_of([] { new_game("chess", json::object()); }).find("chess") != std::string::npos);
    CHECK(status_of([] { new_game("", json::object()); }) == Status::unknown_game);
    CHECK(status_of([] { new_game("Petteia", json::object()); }) == Status::unknown_game);
    CHECK(status_of([] { petteia({{"colour", "white"}}); }) == Status::unknown_option);
    CHECK(message_of([] { petteia({{"colour", "white"}}); }).find("colour") != std::string::npos);
    CHECK(status_of([] { petteia({{"Rows", 8}}); }) == Status::unknown_option);
    CHECK(status_of([] { new_game("petteia", json::array()); }) == Status::bad_json);
    CHECK(status_of([] { new_game("petteia", json(8)); }) == Status::bad_json);
    for (const json &bad : {json(-1), json(1.5), json("-7"), json("07"), json::array()}) {
        CAPTURE(bad.dump());
        CHECK(status_of([&] { new_game("petteia", {{"seed", bad}}); }) == Status::invalid_option);
        CHECK(message_of([&] { new_game("petteia", {{"seed", bad}}); }).find("seed") != std::string::npos);
    }
    CHECK_NOTHROW(new_game("petteia", {{"seed", UINT64_MAX}}));
    CHECK_NOTHROW(new_game("petteia", {{"seed", 0}}));
    CHECK(new_game("petteia", {{"seed", UINT64_MAX}})->to_json()["options"]["seed"] ==
          "18446744073709551615");  // test_seeds.cpp
}

// RulesGame remembers a short listing until the state changes, and then decides legality from
// it: whatever came in between (moves, rolls, undo, a clone), an action is accepted exactly
// when the rules say it is legal. Duodecim, whose listings are short.
TEST_CASE("a remembered listing decides legality exactly as the rules, after moves, rolls, undo and clones") {
    auto g = new_game("duodecim", json{{"seed", 3}});
    std::mt19937 rng(5);
    std::vector<Action> buffer(256), previous;
    int checked = 0, refused = 0;
    for (int i = 0; i < 4000; ++i) {
        if (g->phase() == Phase::over) g = new_game("duodecim", json{{"seed", 3 + i}});
        const auto &current = dynamic_cast<const RulesGame<DuodecimRules> &>(*g);
        if (g->phase() == Phase::roll) {
            g->roll();
            continue;
        }
        const size_t n = g->legal_actions(std::span<Action>(buffer));
        std::vector<Action> candidates(buffer.begin(), buffer.begin() + static_cast<std::ptrdiff_t>(n));
        candidates.insert(candidates.end(), previous.begin(), previous.end());  // a listing of another state
        candidates.push_back(DuodecimRules::pass_action);
        candidates.push_back(
            static_cast<Action>(rng() % (DuodecimRules::action_stride * DuodecimRules::action_stride)));
        for (Action a : candidates) {
            const bool legal = DuodecimRules::is_legal(current.options(), current.state(), a);
            auto probe = g->clone();  // carries the remembered listing
            const bool accepted = status_of([&] { probe->apply_action(a); }) == Status::ok;
            CHECK(accepted == legal);
            ++checked;
            refused += !accepted;
        }
        previous.assign(buffer.begin(), buffer.begin() + static_cast<std::ptrdiff_t>(n));
        if (rng() % 4 == 0 && i % 3 != 0) {
            g->undo();  // back over a move or a roll: the listing remembered is of a later state
        } else {
            g->apply_action(previous[rng() % n]);
        }
    }
    CHECK(checked > 10000);
    CHECK(refused > 1000);
}

// The short listing itself: every listed action and nothing else, whatever lies in the caller's
// buffer past the listing, and only for the change count it was noted at.
TEST_CASE("a short listing holds its actions only, for its state only") {
    ShortListing listing;
    CHECK_FALSE(listing.remembers(0));
    CHECK_FALSE(listing.holds(0, 0));  // nothing noted: not even the zero of empty lanes
    std::vector<Action> buffer{11, 22, 33, 44, 55, 66, 77, 88, 99};
    for (size_t n = 0; n <= ShortListing::capacity; ++n) {
        for (size_t readable : {n, ShortListing::capacity, buffer.size()}) {
            if (readable < n) continue;
            CAPTURE(n);
            CAPTURE(readable);
            listing.note(buffer.data(), n, readable, 7 + n);
            CHECK(listing.remembers(7 + n));
            CHECK_FALSE(listing.remembers(8 + n));
            for (size_t i = 0; i < buffer.size(); ++i) {
                CHECK(listing.holds(buffer[i], 7 + n) == (i < n));  // past n: in the buffer, not listed
                CHECK_FALSE(listing.holds(buffer[i], 8 + n));       // the state has changed since
            }
            CHECK_FALSE(listing.holds(0, 7 + n));
        }
    }
    listing.note(buffer.data(), ShortListing::capacity + 1, buffer.size(), 100);  // too long: not remembered
    CHECK_FALSE(listing.remembers(100));
    CHECK_FALSE(listing.holds(buffer[0], 100));
}
