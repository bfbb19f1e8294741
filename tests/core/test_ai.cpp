// The computer players (lib/ai/): legal moves at every level in random positions of both games,
// free captures taken and one-move captures avoided in hand-made positions, determinism by seed,
// and the refusals (phase, game over, options).
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "ai/ai_options.hpp"
#include "duodecim/duodecim_eval.hpp"
#include "duodecim/duodecim.hpp"
#include "latrunculi/latrunculi.hpp"
#include "petteia/petteia.hpp"
#include "core_test_support.hpp"
#include "registry.hpp"

using namespace ludus;
using ludus::testing::status_of;

namespace {

bool is_legal_action(const Game &g, Action a) {
    std::vector<Action> actions;
    g.legal_actions(actions);
    return std::find(actions.begin(), actions.end(), a) != actions.end();
}

const std::vector<std::string> petteia_levels = {"random", "greedy", "easy", "medium", "best", "uct"};
const std::vector<std::string> duodecim_levels = {"random", "greedy", "easy", "medium", "best", "uct"};

json quick(const std::string &level, uint64_t seed = 1) {
    json o{{"level", level}, {"seed", seed}};
    if (level == "best") o["max_nodes"] = 3000;
    if (level == "uct") o["max_playouts"] = 300;
    return o;
}

// A Petteia game (bitboards on 8x8) at a position drawn as seen by player 0 (first line = rank 8).
std::unique_ptr<Game> petteia_at(std::vector<std::string> diagram, int to_move) {
    PetteiaOptions o = PetteiaRules::parse_options({{"seed", 1}});
    std::reverse(diagram.begin(), diagram.end());
    int pieces[2] = {0, 0};
    for (const std::string &rank : diagram)
        for (char c : rank)
            if (c != '.') ++pieces[c - '0'];
    const json position{
        {"ranks", diagram},    {"pieces", {pieces[0], pieces[1]}}, {"to_move", to_move},       {"phase", "move"},
        {"result", "ongoing"}, {"plies_without_capture", 0},       {"rng", "0000000000000001"}};
    return bound_game<PetteiaBitRules>(o, PetteiaBitRules::position_from_json(o, position, "position"));
}

// A Duodecim game in phase move: player 0's and player 1's counts per progress (others in hand).
std::unique_ptr<Game> duodecim_at(const std::vector<std::pair<int, int>> &mine,
                                  const std::vector<std::pair<int, int>> &theirs, std::array<int, 2> dice) {
    DuodecimOptions o = DuodecimRules::parse_options({{"seed", 3}, {"first_player", 0}});
    json hand = {6, 6}, entry = {std::vector<int>(6, 0), std::vector<int>(6, 0)},
         track = {std::vector<int>(24, 0), std::vector<int>(24, 0)}, off = {0, 0};
    int p = 0;
    for (const auto *units : {&mine, &theirs}) {
        for (auto [progress, n] : *units) {
            hand[p] = hand[p].get<int>() - n;
            if (progress == DuodecimState::off)
                off[p] = off[p].get<int>() + n;
            else if (progress <= DuodecimState::last_entry)
                entry[p][progress - 1] = n;
            else
                track[p][progress - DuodecimState::first_track] = n;
        }
        ++p;
    }
    const json position{{"hand", hand},
                        {"entry", entry},
                        {"track", track},
                        {"off", off},
                        {"to_move", 0},
                        {"phase", "move"},
                        {"result", "ongoing"},
                        {"dice", dice},
                        {"dice_used", {false, false}},
                        {"barred", nullptr},
                        {"rng", "0000000000000003"}};
    return bound_game<DuodecimRules>(o, DuodecimRules::position_from_json(o, position, "position"));
}

json without_time(json move) {
    move["search"].erase("time_ms");
    return move;
}

}  // namespace

TEST_CASE("the computer players choose legal moves in random positions of both games, at every level" *
          doctest::test_suite("slow")) {
    for (const json &game_options : {json{{"seed", 5}}, json{{"seed", 6}, {"rows", 10}, {"cols", 9}},
                                     json{{"seed", 7}, {"rows", 5}, {"cols", 3}}}) {
        for (uint64_t seed = 0; seed < 6; ++seed) {
            auto g = new_game("petteia", game_options);
            g->random_playout(seed, static_cast<uint32_t>(seed * 7));
            if (g->phase() == Phase::over) continue;
            const std::string before = g->to_json().dump();
            for (const std::string &level : petteia_levels) {
                const json move = g->ai_choose(quick(level, seed));
                CHECK(is_legal_action(*g, move["action"].get<Action>()));
                CHECK(move["search"]["level"] == level);
            }
            CHECK(g->to_json().dump() == before);  // the game is not changed
        }
    }
    for (uint64_t seed = 0; seed < 12; ++seed) {
        auto g = new_game("duodecim", {{"seed", seed}});
        g->random_playout(seed, static_cast<uint32_t>(seed * 9));
        if (g->phase() == Phase::over) continue;
        if (g->phase() == Phase::roll) g->roll();
        const std::string before = g->to_json().dump();
        for (const std::string &level : duodecim_levels) {
            const json move = g->ai_choose(quick(level, seed));
            CHECK(is_legal_action(*g, move["action"].get<Action>()));
        }
        CHECK(g->to_json().dump() == before);
    }
}

TEST_CASE("the computer players search on several threads: legal moves, the same move in duodecim" *
          doctest::test_suite("slow")) {
    for (uint64_t seed = 0; seed < 4; ++seed) {
        auto p = new_game("petteia", {{"seed", seed}});
        p->random_playout(seed, static_cast<uint32_t>(10 + seed * 5));
        if (p->phase() != Phase::over)
            for (int threads : {2, 3}) {
                const json move =
                    p->ai_choose({{"level", "best"}, {"threads", threads}, {"max_nodes", 40000}, {"seed", seed}});
                CHECK(is_legal_action(*p, move["action"].get<Action>()));
                CHECK(move["search"]["depth"].get<int>() >= 1);
                // A budget far below one iteration: the main thread still completes depth 1.
                const json tiny =
                    p->ai_choose({{"level", "best"}, {"threads", threads}, {"max_nodes", 1}, {"seed", seed}});
                CHECK(is_legal_action(*p, tiny["action"].get<Action>()));
                CHECK(tiny["search"]["depth"].get<int>() == 1);
            }
        auto d = new_game("duodecim", {{"seed", seed}});
        d->random_playout(seed, static_cast<uint32_t>(seed * 9));
        if (d->phase() == Phase::over) continue;
        if (d->phase() == Phase::roll) d->roll();
        for (const char *level : {"medium", "best"}) {
            // No time budget: the threads share out whole candidates, so the choice is the same.
            const json one = d->ai_choose({{"level", level}, {"max_nodes", 100000000}, {"seed", seed}});
            const json two = d->ai_choose({{"level", level}, {"max_nodes", 100000000}, {"seed", seed}, {"threads", 2}});
            CHECK(two["action"] == one["action"]);
            CHECK(two["search"]["value"] == one["search"]["value"]);
        }
    }
}

TEST_CASE("petteia: every searching level takes a free piece") {
    auto g = petteia_at({"......11",  // rank 8
                         "........",  //
                         "...0....",  // rank 6: the flanker
                         "...1....",  // rank 5: the prey
                         "0.......",  // rank 4: a4-d4 takes d5
                         "........",  //
                         "........",  //
                         "0......."},
                        0);
    for (const char *level : {"greedy", "easy", "medium", "best"}) {
        const json move = g->ai_choose(quick(level));
        CHECK_MESSAGE(move["text"] == "a4-d4", level);
        CHECK(move["captures"] == json{"d5"});
    }
}

TEST_CASE("petteia: the searching levels do not walk into a one-move capture") {
    // Player 0's pieces a1 and h1 have many moves; c4 and b5 (and others) can be taken at once.
    auto g =
        petteia_at({"........", "........", "...1....", "........", ".1......", "........", "........", "0......0"}, 0);
    for (const char *level : {"greedy", "easy", "medium", "best"})
        for (uint64_t seed = 0; seed < 4; ++seed) {
            auto after = g->clone();
            const json move = g->ai_choose(quick(level, seed));
            after->apply_action(move["action"].get<Action>());
            std::vector<Action> replies;
            after->legal_actions(replies);
            for (Action reply : replies)
                CHECK_MESSAGE(after->action_json(reply)["captures"].empty(), level, " ", move["text"]);
        }
}

TEST_CASE("petteia: a piece threatened with capture is moved to safety") {
    // Player 1 threatens c4 (b4 flanks, d6-d4 takes). Player 0 has to move c4 away or guard d4.
    auto g =
        petteia_at({".......1", "........", "...1....", "........", ".10.....", "........", "........", "0......."}, 0);
    for (const char *level : {"easy", "medium", "best"}) {
        auto after = g->clone();
        after->apply_action(g->ai_choose(quick(level))["action"].get<Action>());
        std::vector<Action> replies;
        after->legal_actions(replies);
        for (Action reply : replies) CHECK_MESSAGE(after->action_json(reply)["captures"].empty(), level);
    }
}

// True when every reply of the opponent to `g`'s position (the opponent to move) leaves the
// player who moved a capture: a capture in two.
bool capture_forced(const Game &g) {
    std::vector<Action> replies, answers;
    g.legal_actions(replies);
    for (Action reply : replies) {
        if (!g.action_json(reply)["captures"].empty()) return false;
        auto after = g.clone();
        after->apply_action(reply);
        if (after->phase() == Phase::over) return false;
        after->legal_actions(answers);
        if (std::none_of(answers.begin(), answers.end(),
                         [&](Action a) { return !after->action_json(a)["captures"].empty(); }))
            return false;
    }
    return true;
}

TEST_CASE("petteia: best finds a capture in two that greedy misses") {
    // Found among random positions (seed 274, 30 random plies): no capture at once, and f2-f3 is
    // the only move after which every reply leaves player 0 a capture (e3 or another piece);
    // greedy, one ply deep, plays elsewhere.
    auto g =
        petteia_at({"1111.111", "1.1.1.11", "......00", "...1..0.", "1...1.0.", "000.1...", ".0.000..", "000.0..0"}, 0);
    for (uint64_t seed = 0; seed < 3; ++seed) {
        const json best = g->ai_choose({{"level", "best"}, {"max_nodes", 50000}, {"seed", seed}});
        CHECK(best["text"] == "f2-f3");
        auto after = g->clone();
        after->apply_action(best["action"].get<Action>());
        CHECK(capture_forced(*after));
        const json greedy = g->ai_choose({{"level", "greedy"}, {"seed", seed}});
        auto after_greedy = g->clone();
        after_greedy->apply_action(greedy["action"].get<Action>());
        CHECK_FALSE(capture_forced(*after_greedy));
    }
}

TEST_CASE("duodecim: best plays the only step that wins") {
    // Player 0's last unit on track 20 (progress 26), dice 2 and 3: only the sum bears it off (a
    // single unit cannot use the second die after the first); 20-22 or 20-23 would leave player
    // 1, one step from home with everything, its roll.
    auto g = duodecim_at({{26, 1}, {31, 5}}, {{30, 6}}, {2, 3});
    for (const char *level : {"medium", "best"})
        for (uint64_t seed = 0; seed < 3; ++seed) {
            const json move = g->ai_choose(quick(level, seed));
            CHECK_MESSAGE(move["text"] == "20-O", level);
        }
}

TEST_CASE("duodecim: the evaluation is a chance of winning that grows with the lead; best rolls out under its budget" *
          doctest::test_suite("slow")) {
    // Player 0's rear column of 3 on progress 14 + k, its other on 20; player 1's on 25 and 26;
    // player 1 to roll. A larger k is a larger lead for player 0 (and a closer threat to 25, 26).
    auto position = [](int k) {
        DuodecimState s;
        s.count[0][14 + k] = 3, s.count[0][20] = 3, s.count[1][25] = 3, s.count[1][26] = 3;
        s.to_move = 1;
        return s;
    };
    double last = 0;
    for (int k : {0, 2, 4}) {
        const DuodecimState s = position(k);
        const double p0 = duodecim_ai::win_chance(s, 0), p1 = duodecim_ai::win_chance(s, 1);
        CHECK(p0 > 0.0);
        CHECK(p0 < 1.0);
        CHECK(p0 + p1 == doctest::Approx(1.0));
        CHECK(p0 > last);
        last = p0;
    }
    // Columns of 2 of both players on the track, dice 3 and 5: many turns to choose from, so best
    // rolls the best of them out; under a node budget alone the move and its value repeat.
    auto g = duodecim_at({{8, 2}, {12, 2}, {20, 2}}, {{9, 2}, {15, 2}, {22, 2}}, {3, 5});
    const json o{{"level", "best"}, {"max_nodes", 200000}, {"seed", 4}};
    const json move = g->ai_choose(o);
    CHECK(move["search"]["depth"] == 4);
    CHECK(move["search"]["rollouts"].get<uint64_t>() > 0);
    CHECK(without_time(g->ai_choose(o)) == without_time(move));
}

TEST_CASE("duodecim: the player captures, bears off, and keeps its pieces out of reach") {
    SUBCASE("a capture with one die") {
        // Player 0 on track 4 (p 10); player 1's single piece on track 7 (p 13); dice 3 and 5.
        // The one-step player takes the piece. The searching levels need not: whether the capture
        // beats forming a column of 5 (16-21, then 3 more) is close here (uct with 400000
        // playouts chose the column with two seeds of three), and their evaluation, fitted to
        // the results of games, prefers the column.
        auto g = duodecim_at({{10, 1}, {22, 2}, {24, 3}}, {{13, 1}, {31, 5}}, {3, 5});
        for (const char *level : {"greedy"}) {
            const json move = g->ai_choose(quick(level));
            CHECK_MESSAGE(move["captures"] == 1, level, " ", move["text"]);
        }
    }
    SUBCASE("bearing off") {
        // Player 0 on track 20 (p 26) and 24 (p 30), dice 5 and 1: both can leave.
        auto g = duodecim_at({{26, 3}, {30, 3}}, {{8, 3}, {9, 3}}, {5, 1});
        for (const char *level : {"greedy", "easy", "best"}) {
            const json move = g->ai_choose(quick(level));
            CHECK_MESSAGE(move["to"] == DuodecimState::off, level, " ", move["text"]);
        }
    }
    SUBCASE("no lone piece in front of the opponent") {
        // Player 0: a column of 2 on track 10 (p 16), the rest on track 20 (p 26). Player 1 has
        // singles on track 6 and 8 (p 12, 14). Dice 2 and 3: moving the column one step at a time
        // is impossible (it moves whole); moving it 5 keeps it a column. Splitting is not
        // possible, so the test is that no single lands 1..6 in front of player 1's units when
        // a safe turn exists: "best" moves the far unit, or the column whole.
        auto g = duodecim_at({{16, 2}, {26, 4}}, {{12, 1}, {14, 1}, {31, 4}}, {2, 3});
        const json move = g->ai_choose(quick("best"));
        CHECK(move["action"].get<Action>() != DuodecimRules::pass_action);
    }
}

TEST_CASE("the same seed gives the same move; other seeds may choose among equals") {
    const auto games = ludus::testing::games_in_play(9, 4, 10);
    for (Game *g : games.both())
        for (const char *level : {"random", "greedy", "best"}) {
            json o = quick(level, 42);
            CHECK(without_time(g->ai_choose(o)) == without_time(g->ai_choose(o)));
        }
    // A node budget alone makes "best" independent of time.
    const json o{{"level", "best"}, {"max_nodes", 20000}, {"seed", 3}};
    CHECK(without_time(games.petteia->ai_choose(o)) == without_time(games.petteia->ai_choose(o)));
}

TEST_CASE("the computer player refuses the wrong phase, a finished game and bad options") {
    auto d = new_game("duodecim", {{"seed", 1}});
    CHECK(status_of([&] { d->ai_choose(json::object()); }) == Status::wrong_phase);
    auto p = new_game("petteia", {{"seed", 1}});
    p->agree_draw();
    CHECK(status_of([&] { p->ai_choose(json::object()); }) == Status::game_over);
    auto q = new_game("petteia", {{"seed", 1}});
    CHECK(status_of([&] { q->ai_choose({{"colour", 1}}); }) == Status::unknown_option);
    CHECK(status_of([&] { q->ai_choose({{"level", "grandmaster"}}); }) == Status::invalid_option);
    CHECK(status_of([&] { q->ai_choose({{"level", 3}}); }) == Status::invalid_option);
    CHECK(status_of([&] { q->ai_choose({{"depth", 0}}); }) == Status::invalid_option);
    CHECK(status_of([&] { q->ai_choose({{"depth", 65}}); }) == Status::invalid_option);
    CHECK(status_of([&] { q->ai_choose({{"seed", -1}}); }) == Status::invalid_option);
    CHECK(status_of([&] { q->ai_choose({{"max_nodes", 0}}); }) == Status::invalid_option);
    CHECK(status_of([&] { q->ai_choose({{"max_time_ms", "fast"}}); }) == Status::invalid_option);
    CHECK(status_of([&] { q->ai_choose({{"threads", 0}}); }) == Status::invalid_option);
    CHECK(status_of([&] { q->ai_choose({{"threads", 65}}); }) == Status::invalid_option);
    CHECK(status_of([&] { q->ai_choose({{"threads", 2.5}}); }) == Status::invalid_option);
    CHECK(status_of([&] { q->ai_choose({{"threads", "2"}}); }) == Status::invalid_option);
    CHECK(status_of([&] { q->ai_choose(json::array()); }) == Status::bad_json);
    d->roll();
    CHECK(status_of([&] { d->ai_choose({{"level", "hard"}}); }) == Status::invalid_option);
    CHECK(status_of([&] { d->ai_choose({{"depth", 5}}); }) == Status::invalid_option);
    CHECK(status_of([&] { d->ai_choose({{"level", "easy"}}); }) == Status::ok);
}

TEST_CASE("a held budget shared by threads is spent on release by this search's own nodes, whatever the others did") {
    ai::AiOptions ao;
    ao.max_nodes = 100;
    ai::SharedBudget shared;  // no other thread has counted anything yet
    ai::Budget budget(ao, &shared);
    budget.hold();
    for (int i = 0; i < 150; ++i) CHECK_FALSE(budget.spend());  // held: nothing stops it
    budget.release();
    CHECK(budget.stopped());  // 150 of 100 nodes spent, though fewer than a batch reached the shared count
    ai::SharedBudget shared2;
    ai::Budget within(ao, &shared2);
    within.hold();
    for (int i = 0; i < 50; ++i) within.spend();
    within.release();
    CHECK_FALSE(within.stopped());
}

namespace {

// A Kowalski (8x12) Latrunculi game at a position drawn with the top rank first ('0'/'1' men,
// 'D'/'d' the duxes), `to_move` to play, checked by the rules' reader of positions.
std::unique_ptr<Game> kowalski_at(std::vector<std::string> ranks, int to_move) {
    const LatrunculiOptions o = LatrunculiWideRules::parse_options({{"ruleset", "kowalski"}, {"seed", 1}});
    std::reverse(ranks.begin(), ranks.end());
    std::string all;
    for (const std::string &r : ranks) all += r;
    auto count = [&](char c) { return static_cast<int>(std::count(all.begin(), all.end(), c)); };
    json position = new_game("latrunculi", {{"ruleset", "kowalski"}, {"seed", 1}})->to_json()["start"];
    position["ranks"] = ranks;
    position["to_move"] = to_move;
    position["men"] = {count('0'), count('1')};
    position["duxes"] = {count('D'), count('d')};
    position.erase("end_reason");  // the saved form's, not the rules' reader's
    return bound_game<LatrunculiWideRules>(o, LatrunculiWideRules::position_from_json(o, position, "position"));
}

// Plays `winner` by `best` options and the other side by "medium" for at most `plies` plies.
Result play_out(Game &g, int winner, const json &best, int plies) {
    for (int ply = 0; ply < plies && g.phase() != Phase::over; ++ply) {
        json options = g.to_move() == winner ? best : json{{"level", "medium"}};
        options["seed"] = ply;
        g.apply_action(g.ai_choose(options)["action"].get<Action>());
    }
    return g.phase() == Phase::over ? g.result() : Result::ongoing;
}

}  // namespace

TEST_CASE(
    "latrunculi kowalski: best shuts in a lone dux that medium defends (it drew such endings by the move limit)") {
    // Twelve men and the dux against the dux alone, which must move every turn.
    auto g = kowalski_at({"...0.....d..", "........0...", ".......0....", "......D.....", "....0.....0.",
                          ".....0.....0", ".........0..", "000........0"},
                         0);
    CHECK(play_out(*g, 0, {{"level", "best"}, {"max_nodes", 5000}}, 120) == Result::player0_won);
}

TEST_CASE("latrunculi kowalski: best catches the last free man of a side far behind (it drew such endings by the move "
          "limit)") {
    // The demonstration's game after 60 moves (examples/python/demo.py, seed 2024): ten men and
    // the dux against two men and the dux. Player 1's dux (k8) and its man on l7 cannot move
    // without the dux being shut in; its man on c6 is free. Caught, player 1 must shut its own
    // dux in. Without the hunt, best at 200,000 nodes shuffles round that man (not won in 100 plies).
    auto g = kowalski_at({"....0...0.d.", ".........001", "..1......0.0", ".....0......", ".........0..",
                          ".......0....", "..D.........", ".0.........."},
                         0);
    CHECK(play_out(*g, 0, {{"level", "best"}, {"max_nodes", 200000}}, 40) == Result::player0_won);
}

TEST_CASE("latrunculi kowalski: best's search of a threatened dux stays bounded (two threatened duxes do not extend "
          "each other)") {
    auto g = new_game("latrunculi", {{"ruleset", "kowalski"}, {"seed", 1}});
    const json move = g->ai_choose({{"level", "best"}, {"depth", 4}, {"max_nodes", 20000000}});
    CHECK(move["search"]["depth"] == 4);
    CHECK(move["search"]["nodes"].get<uint64_t>() < 1000000);  // 45,000 here; 100 M when the extension recurred
}

TEST_CASE("the won positions (lib/GAME/won_positions.json) are reachable, unfinished, the winner to move and ahead") {
    std::vector<json> positions;  // every game's that has them
    for (const json &game : games_catalogue()) {
        std::string path;
        const json doc = testing::game_file_of(game["id"], "won_positions.json", path);
        if (doc.is_null()) continue;
        CAPTURE(path);
        CHECK(doc["positions"].size() > 0);
        for (const json &entry : doc["positions"]) {
            CHECK(entry["saved"]["game"] == game["id"]);  // in its own game's folder
            positions.push_back(entry);
        }
    }
    REQUIRE(positions.size() >= 14);
    std::set<std::string> groups;
    for (const json &entry : positions) {
        CAPTURE(entry["name"].get<std::string>());
        CHECK(entry["why"].get<std::string>().size() > 20);
        const json &saved = entry["saved"];
        std::unique_ptr<Game> g;
        // Reachable and legal: the library replays the history from the ruleset's start.
        CHECK(status_of([&] { g = game_from_json(saved); }) == Status::ok);
        if (!g) continue;
        CHECK(!saved["history"].empty());
        CHECK(g->phase() != Phase::over);
        const int winner = entry["winner"].get<int>();
        CHECK(g->to_move() == winner);
        const json position = g->to_json()["position"];
        if (position.contains("track")) {
            // The race games: the steps each side's pieces still have to go (a piece in hand, on
            // the bar or in Duodecim's entry cells the whole way); the winner's at most 2/3 of the other's.
            auto race = [&](int player) {
                const json &track = position["track"][player];
                const int cells = static_cast<int>(track.size());
                const int entry_cells =
                    position.contains("entry") ? static_cast<int>(position["entry"][player].size()) : 0;
                int steps = 0;
                for (int i = 0; i < cells; ++i) steps += track[i].get<int>() * (cells - i);
                for (int j = 0; j < entry_cells; ++j)
                    steps += position["entry"][player][j].get<int>() * (cells + entry_cells - j);
                const int waiting = position["hand"][player].get<int>() +
                                    (position.contains("bar") ? position["bar"][player].get<int>() : 0);
                return steps + waiting * (cells + entry_cells + 1);
            };
            CHECK(3 * race(winner) <= 2 * race(1 - winner));
        } else {
            auto pieces = [&](int player) {
                return position.contains("pieces")
                           ? position["pieces"][player].get<int>()
                           : position["men"][player].get<int>() + position["duxes"][player].get<int>();
            };
            CHECK(pieces(winner) >= pieces(1 - winner) + 4);
        }
        groups.insert(saved["game"].get<std::string>() + "/" + saved["options"].value("ruleset", ""));
    }
    CHECK(groups.size() >= 12);  // Latrunculi's rulesets but schaedler_2001, Petteia, Duodecim, XII Scripta's four
}

TEST_CASE(
    "petteia: best, ahead, does not go back to a position seen since the last capture (without a repetition rule)") {
    auto g = petteia_at({"1.......",  // rank 8
                         "........",  //
                         "........",  //
                         "........",  //
                         "........",  //
                         "..0.0...",  //
                         "........",  //
                         "0.0.0..1"},
                        0);
    const json options{{"level", "best"}, {"max_nodes", 20000}, {"seed", 1}};
    const json first = g->ai_choose(options);
    REQUIRE(first["captures"].empty());
    const Action m1 = first["action"].get<Action>();
    // `a` played backwards in `game`, if that is legal there (else -1).
    auto take_back = [](Game &game, const std::string &text) {
        const size_t dash = text.find('-');
        Action back = -1;
        if (status_of([&] { back = game.parse_action(text.substr(dash + 1) + "-" + text.substr(0, dash)); }) !=
            Status::ok)
            return false;
        if (!is_legal_action(game, back)) return false;
        game.apply_action(back);
        return true;
    };
    const std::string m1_text = g->action_text(m1);
    g->apply_action(m1);
    std::vector<Action> replies;
    g->legal_actions(replies);
    bool cycled = false;
    for (Action r : replies) {  // a quiet reply of player 1 after which both moves can be taken back
        auto h = g->clone();
        const std::string r_text = h->action_text(r);
        h->apply_action(r);
        if (h->to_json()["position"]["plies_without_capture"] != 2 || !take_back(*h, m1_text) || !take_back(*h, r_text))
            continue;
        g = std::move(h);
        cycled = true;
        break;
    }
    REQUIRE(cycled);  // back at the start, player 0 to move, four plies without a capture
    const json again = g->ai_choose(options);
    CHECK(again["action"].get<Action>() != m1);  // m1 would repeat the position after it
}

namespace {

// A fingerprint (FNV-1a over the answers without their times) of levels easy, medium and best at
// a node budget along a seeded game of `id`, each ply's move taken from one of the three in
// turn: a change of any search's moves, depths, node counts or values changes it.
uint64_t search_fingerprint(const std::string &id, const json &options, int plies) {
    auto g = new_game(id, options);
    uint64_t h = 0xcbf29ce484222325ull;
    for (int ply = 0; ply < plies && g->phase() != Phase::over; ++ply) {
        if (g->phase() == Phase::roll) {  // the seeded game's own throw, folded in with the moves
            std::array<int, Game::max_dice> dice{};
            const size_t n = g->roll_into(dice);
            for (size_t d = 0; d < n; ++d) h = (h ^ static_cast<uint8_t>(dice[d])) * 0x100000001b3ull;
            continue;
        }
        Action chosen = -1;
        int i = 0;
        for (const char *level : {"easy", "medium", "best"}) {
            const json m = without_time(g->ai_choose({{"level", level}, {"seed", 1000 + ply}, {"max_nodes", 3000}}));
            for (const char c : m.dump()) h = (h ^ static_cast<uint8_t>(c)) * 0x100000001b3ull;
            if (i++ == ply % 3) chosen = m["action"].get<Action>();
        }
        g->apply_action(chosen);
    }
    return h;
}

}  // namespace

// Pinned so that a change meant to leave the searches alone (their code is shared by the games,
// lib/ai/alphabeta.hpp, lib/ai/throws_search.hpp) is seen to: a change of a search's behaviour
// updates these on purpose (the failure prints each game's new fingerprint). Every game of the
// catalogue pins its own, a game of each ruleset, in its folder's pinned_games.json ("searches");
// those of Petteia and Latrunculi are the values of the two searches written apart, before they
// became one.
TEST_CASE("the searches of every game play as pinned, on every board and ruleset") {
    for (const json &entry : games_catalogue()) {
        const std::string id = entry["id"];
        std::string path;
        const json pinned = testing::pinned_of(id, path);
        const json rows = pinned.is_object() ? pinned.value("searches", json::array()) : json::array();
        if (!testing::pins_every_ruleset(entry, rows)) {
            std::string text;
            for (json options : testing::rulesets_of(entry)) {
                options["seed"] = 1;
                text += json{{"options", options}, {"fingerprint", testing::hex64(search_fingerprint(id, options, 30))}}
                            .dump() +
                        "\n";
            }
            FAIL_CHECK(path, " does not pin every ruleset's searches: pin them by writing its searches as\n", text);
            continue;
        }
        for (const json &row : rows) {
            CAPTURE(row["options"].dump());
            CHECK(testing::hex64(search_fingerprint(id, row["options"], 30)) == row["fingerprint"]);
        }
    }
}
