// Ludus Duodecim Scriptorum: one test case per rule sentence and DECISION of
// docs/rules/duodecim.md, named after it.
#include <doctest/doctest.h>

#include <algorithm>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "duodecim/duodecim.hpp"
#include "core_test_support.hpp"
#include "registry.hpp"

using namespace ludus;
using ludus::testing::message_of;
using ludus::testing::status_of;
using Duo = DuodecimRules;
using St = DuodecimState;
using ludus::testing::Units;  // {progress, pieces}

namespace {

Duo::Options options(json given = json::object()) {
    return ludus::testing::options_with_defaults<Duo>(std::move(given), {{"seed", 7}, {"first_player", 0}});
}

St position(const Duo::Options &o, Units player0, Units player1, int to_move = 0) {
    return ludus::testing::race_position<Duo>(o, player0, player1, to_move);
}

using Table = ludus::testing::RaceTable<Duo>;
using ludus::testing::sorted;

// A table at a position of the default options.
Table table_at(Units player0, Units player1, int to_move = 0) {
    const auto o = options();
    return Table(o, position(o, player0, player1, to_move));
}

}  // namespace

// ---- Board and positions ------------------------------------------------------------------

TEST_CASE("Each piece is at one progress: H, I..VI, 1..24, O") {
    CHECK(Duo::position_name(0) == "H");
    CHECK(Duo::position_name(1) == "I");
    CHECK(Duo::position_name(4) == "IV");
    CHECK(Duo::position_name(6) == "VI");
    CHECK(Duo::position_name(7) == "1");
    CHECK(Duo::position_name(30) == "24");
    CHECK(Duo::position_name(31) == "O");
}

TEST_CASE("Both players run the same track: cell k of the track is the same cell for both") {
    Table t = table_at({{10, 1}}, {{7, 1}, {1, 5}}, 1);  // player 0 on track 4, player 1 on track 1
    t.dice(3, 5);
    t.play("1-4");
    CHECK(t.at(0, 10) == 0);
    CHECK(t.at(0, St::hand) == 6);
    CHECK(t.at(1, 10) == 1);
}

TEST_CASE("Entry cells are private: an opponent can never stand on or capture there") {
    Table t = table_at({{3, 2}, {7, 4}}, {{1, 6}}, 1);  // both players on their own cell III
    t.dice(2, 6);
    t.play("I-III");
    CHECK(t.at(1, 3) == 6);
    CHECK(t.at(0, 3) == 2);
    CHECK(t.at(0, St::hand) == 0);
}

TEST_CASE("All of a player's pieces on one cell form one unit; a unit always moves whole") {
    Table t = table_at({{8, 3}, {9, 3}}, {{1, 6}});
    t.dice(4, 6);
    t.play("2-6");
    CHECK(t.at(0, 8) == 0);
    CHECK(t.at(0, 12) == 3);
}

TEST_CASE("A cell of the track holds pieces of at most one player") {
    const auto o = options();
    json saved = Table(o, position(o, {{10, 6}}, {{11, 6}})).position();
    saved["track"][1][3] = 6;
    saved["track"][1][4] = 0;
    const std::string message = message_of([&] { Duo::position_from_json(o, saved, "position"); });
    CHECK(message.find("position.track") != std::string::npos);
    CHECK(message.find("both players") != std::string::npos);
}

// ---- Material and start -------------------------------------------------------------------

TEST_CASE("Option pieces: default 6, allowed 1..15") {
    const json catalogue = Duo::options_catalogue();
    CHECK(catalogue["pieces"]["default"] == 6);
    CHECK(Duo::parse_options({{"seed", 1}}).pieces == 6);
    CHECK(Duo::parse_options({{"pieces", 1}, {"seed", 1}}).pieces == 1);
    CHECK(Duo::parse_options({{"pieces", 15}, {"seed", 1}}).pieces == 15);
    CHECK(status_of([] { Duo::parse_options({{"pieces", 0}}); }) == Status::invalid_option);
    CHECK(status_of([] { Duo::parse_options({{"pieces", 16}}); }) == Status::invalid_option);
    CHECK(status_of([] { Duo::parse_options({{"dice", 3}}); }) == Status::unknown_option);
}

TEST_CASE("All pieces start in hand. Nothing is on the board") {
    const auto o = options({{"pieces", 9}});
    const St s = Duo::initial(o);
    for (int p = 0; p < 2; ++p) {
        CHECK(s.count[p][St::hand] == 9);
        for (int q = 1; q < St::positions; ++q) CHECK(s.count[p][q] == 0);
    }
    CHECK(Duo::phase(s) == Phase::roll);
}

TEST_CASE("Option first_player: 0, 1 or \"roll\" (default \"roll\")") {
    CHECK(Duo::options_catalogue()["first_player"]["default"] == "roll");
    CHECK(Duo::initial(options({{"first_player", 1}})).to_move == 1);
    CHECK(Duo::initial(options({{"first_player", 0}})).to_move == 0);
    CHECK(Duo::setup_json(options({{"first_player", 1}}))["opening_rolls"].empty());
    CHECK(!Duo::setup_json(Duo::parse_options({{"seed", 3}}))["opening_rolls"].empty());
    CHECK(status_of([] { Duo::parse_options({{"first_player", 2}}); }) == Status::invalid_option);
    CHECK(status_of([] { Duo::parse_options({{"first_player", "random"}}); }) == Status::invalid_option);
}

TEST_CASE("With roll, each player rolls both dice with the game's generator; the higher total starts; equal totals "
          "roll again") {
    bool saw_tie = false;
    for (uint64_t seed = 0; seed < 200; ++seed) {
        const auto o = Duo::parse_options({{"seed", seed}, {"first_player", "roll"}});
        Rng rng{seed};
        const json setup = Duo::setup_json(o);
        const json &rounds = setup["opening_rolls"];
        REQUIRE(!rounds.empty());
        for (size_t i = 0; i < rounds.size(); ++i) {
            for (int k = 0; k < 4; ++k) CHECK(rounds[i][k] == rng.die());  // the generator's first dice, in order
            const int total0 = rounds[i][0].get<int>() + rounds[i][1].get<int>(),
                      total1 = rounds[i][2].get<int>() + rounds[i][3].get<int>();
            if (i + 1 < rounds.size())
                CHECK(total0 == total1);
            else
                CHECK(setup["first_player"] == (total0 > total1 ? 0 : 1));
        }
        saw_tie = saw_tie || rounds.size() > 1;
        CHECK(Duo::initial(o).to_move == setup["first_player"]);
        CHECK(Duo::initial(o).rng == rng);  // the opening rolls are not used for moving
    }
    CHECK(saw_tie);
}

TEST_CASE("The opening rolls are recorded (a front end shows them) and are not used for moving") {
    auto game = new_game("duodecim", {{"seed", 11}});
    const json saved = game->to_json();
    REQUIRE(saved.contains("setup"));
    const auto o = Duo::parse_options(saved["options"]);
    CHECK(saved["setup"] == Duo::setup_json(o));
    Rng rng = o.rng_after_opening;
    const int a = rng.die(), b = rng.die();
    CHECK(game->roll() == std::vector<int>{a, b});
    CHECK(game->to_json()["history"].size() == 1);  // the opening is setup, not history
}

// ---- Dice and turns -----------------------------------------------------------------------

TEST_CASE("A turn: the player to move rolls (phase roll), then plays steps (phase move)") {
    auto game = new_game("duodecim", {{"seed", 5}, {"first_player", 1}});
    CHECK(game->phase() == Phase::roll);
    std::vector<Action> actions;
    CHECK(status_of([&] { game->legal_actions(actions); }) == Status::wrong_phase);
    game->roll();
    CHECK(game->phase() == Phase::move);
    CHECK(game->to_move() == 1);
    CHECK(status_of([&] { game->roll(); }) == Status::wrong_phase);
}

TEST_CASE("Dice come from the engine's seeded generator or from outside: both for every roll") {
    auto engine = new_game("duodecim", {{"seed", 42}, {"first_player", 0}});
    auto same = new_game("duodecim", {{"seed", 42}, {"first_player", 0}});
    const auto dice = engine->roll();
    REQUIRE(dice.size() == 2);
    CHECK(same->roll() == dice);  // seeded: reproducible
    auto outside = new_game("duodecim", {{"seed", 42}, {"first_player", 0}});
    const int values[] = {6, 1};
    outside->set_dice(values);
    CHECK(outside->to_json()["position"]["dice"] == json{6, 1});
    const json history = outside->to_json()["history"];
    CHECK(history[0] == json{{"player", 0}, {"text", "roll 6 1"}, {"dice_from", "outside"}});
    CHECK(engine->to_json()["history"][0]["dice_from"] == "engine");
}

TEST_CASE("Dice from outside are validated: exactly 2 values, each 1..6") {
    auto game = new_game("duodecim", {{"seed", 1}, {"first_player", 0}});
    const json before = game->to_json();
    const int one[] = {3}, three[] = {1, 2, 3}, zero[] = {0, 4}, seven[] = {4, 7};
    CHECK(status_of([&] { game->set_dice(one); }) == Status::invalid_argument);
    CHECK(status_of([&] { game->set_dice(three); }) == Status::invalid_argument);
    CHECK(message_of([&] { game->set_dice(zero); }).find("dice[0]") != std::string::npos);
    CHECK(message_of([&] { game->set_dice(seven); }).find("dice[1]") != std::string::npos);
    CHECK(game->to_json() == before);
}

TEST_CASE("Dice outcomes: 21 distinct unordered rolls; a double has probability 1/36, others 2/36") {
    Table t(options());
    const json outcomes = t.game.chance_outcomes();
    REQUIRE(outcomes.size() == 21);
    double total = 0;
    std::vector<std::pair<int, int>> seen;
    for (const json &o : outcomes) {
        const int a = o["dice"][0], b = o["dice"][1];
        CHECK(a <= b);
        CHECK(a >= 1);
        CHECK(b <= 6);
        CHECK(o["probability"].get<double>() == doctest::Approx(a == b ? 1.0 / 36 : 2.0 / 36));
        total += o["probability"].get<double>();
        seen.emplace_back(a, b);
    }
    std::sort(seen.begin(), seen.end());
    CHECK(std::unique(seen.begin(), seen.end()) == seen.end());
    CHECK(total == doctest::Approx(1.0));
    t.dice(1, 2);
    CHECK(status_of([&] { t.game.chance_outcomes(); }) == Status::wrong_phase);
}

TEST_CASE("From the start with pieces = 6 and dice (3,5): legal steps are H-III, H-V (the sum 8 cannot enter)") {
    Table t(options({{"pieces", 6}}));
    t.dice(3, 5);
    CHECK(t.moves() == sorted({"H-III", "H-V"}));
}

TEST_CASE("Player 0, nothing in hand, a unit on track 20, dice (2,5): 20-O and 20-22 are legal, the sum 7 overshoots") {
    Table t = table_at({{26, 1}, {1, 5}}, {});
    t.dice(2, 5);
    CHECK(t.can("20-O"));
    CHECK(t.can("20-22"));
    std::vector<std::string> from_20;
    for (const std::string &m : t.moves())
        if (m.rfind("20-", 0) == 0) from_20.push_back(m);
    CHECK(from_20 == sorted({"20-22", "20-O"}));  // the sum 7 would reach 27: nothing
    CHECK(status_of([&] { t.play(R"({"from":26,"to":33})"); }) == Status::illegal_move);
}

TEST_CASE("sum: one unit moves a+b and uses both dice") {
    Table t = table_at({{7, 1}, {20, 1}, {1, 4}}, {{1, 6}});
    t.dice(2, 3);
    t.play("1-6");
    CHECK(t.at(0, 12) == 1);
    CHECK(t.game.phase() == Phase::roll);
    CHECK(t.game.to_move() == 1);
    CHECK(t.game.to_json()["history"][1]["text"] == "1-6");
}

TEST_CASE("sum: no intermediate landing, it captures nothing on the way") {
    Table t = table_at({{7, 1}, {1, 5}}, {{9, 1}});
    t.dice(2, 3);
    t.play("1-6");
    CHECK(t.at(1, 9) == 1);
    CHECK(t.at(1, St::hand) == 5);
}

TEST_CASE("one die: one unit moves a (or b); the other die stays for a second step") {
    Table t = table_at({{7, 1}, {20, 1}, {1, 4}}, {{1, 6}});
    t.dice(2, 3);
    t.play("14-16");
    CHECK(t.game.phase() == Phase::move);
    CHECK(t.game.to_move() == 0);
    CHECK(t.moves() == sorted({"1-4", "I-IV"}));  // only the remaining 3; the unit on 16 is barred
    t.play("1-4");
    CHECK(t.game.phase() == Phase::roll);
    CHECK(t.game.to_move() == 1);
}

TEST_CASE("Second step: the remaining die moves a different unit from the one just moved") {
    Table t = table_at({{7, 1}, {16, 1}, {1, 4}}, {{1, 6}});
    t.dice(2, 3);
    t.play("1-3");
    CHECK(!t.can("3-6"));
    CHECK(t.moves() == sorted({"10-13", "I-IV"}));
    CHECK(t.position()["barred"] == 9);
}

TEST_CASE("Second step exception: a first step that formed a column lets the remaining die move that column") {
    Table t = table_at({{7, 1}, {9, 1}, {16, 1}, {1, 3}}, {{1, 6}});
    t.dice(2, 3);
    t.play("1-3");
    CHECK(t.at(0, 9) == 2);
    CHECK(t.can("3-6"));
    CHECK(t.position()["barred"].is_null());
    t.play("3-6");
    CHECK(t.at(0, 12) == 2);
}

TEST_CASE("Second step exception: enlarging a column, on an entry cell too, lets the remaining die move it") {
    Table t = table_at({{3, 2}}, {{1, 6}});
    t.dice(3, 2);
    t.play("H-III");
    CHECK(t.at(0, 3) == 3);
    CHECK(t.can("III-V"));
}

TEST_CASE("[decision] a capture does not form a column: the moved unit stays barred") {
    Table t = table_at({{7, 1}, {16, 1}, {1, 4}}, {{9, 1}});
    t.dice(2, 3);
    t.play("1-3");
    CHECK(t.at(1, St::hand) == 6);
    CHECK(!t.can("3-6"));
    CHECK(t.moves() == sorted({"10-13", "I-IV"}));
}

TEST_CASE("[decision] after a bear-off nothing is barred") {
    Table t = table_at({{26, 1}, {27, 1}, {1, 4}}, {{1, 6}});
    t.dice(5, 4);
    t.play("20-O");
    CHECK(t.position()["barred"].is_null());
    CHECK(t.moves() == sorted({"21-O", "I-V"}));
}

TEST_CASE("[decision] entering a piece from hand is always a different piece, also onto the barred unit's cell") {
    Table t(options());
    t.dice(3, 3);
    t.play("H-III");
    CHECK(t.position()["barred"] == 3);
    CHECK(t.moves() == sorted({"H-III"}));  // III-VI would move the barred unit
    t.play("H-III");
    CHECK(t.at(0, 3) == 2);
}

TEST_CASE("[decision] the in-hand restriction is checked step by step: after the last entry the second die may reach "
          "the track") {
    Table t = table_at({{6, 5}}, {{1, 6}});
    t.dice(1, 4);
    CHECK(t.moves() == sorted({"H-I", "H-IV", "H-V"}));
    t.play("H-I");
    CHECK(t.can("VI-4"));
    t.play("VI-4");
    CHECK(t.at(0, 10) == 5);
}

TEST_CASE("[decision] with a double, a step of one die's distance is one move, listed once") {
    Table t(options());
    t.dice(2, 2);
    std::vector<Action> actions;
    t.game.legal_actions(actions);
    CHECK(actions.size() == 2);
    CHECK(t.moves() == sorted({"H-II", "H-IV"}));
}

TEST_CASE("[decision] a step that exists must be played: no pass while a step exists") {
    Table t(options());
    t.dice(6, 6);
    CHECK(t.moves() == sorted({"H-VI"}));
    CHECK(status_of([&] { t.play("pass"); }) == Status::illegal_move);
}

TEST_CASE(
    "Where the player has no legal step at the start of a turn, the only legal move is pass, which ends the turn") {
    Table t = table_at({{29, 6}}, {{1, 6}});
    t.dice(4, 5);
    CHECK(t.moves() == std::vector<std::string>{"pass"});
    t.play("pass");
    CHECK(t.game.phase() == Phase::roll);
    CHECK(t.game.to_move() == 1);
}

TEST_CASE("pass is the only move when the second die has no step") {
    Table t = table_at({{20, 1}, {29, 5}}, {{1, 6}});
    t.dice(3, 6);
    t.play("14-17");
    CHECK(t.moves() == std::vector<std::string>{"pass"});
    t.play("pass");
    CHECK(t.game.to_move() == 1);
    CHECK(t.game.phase() == Phase::roll);
}

TEST_CASE("The turn ends when both dice are used or after pass") {
    Table t(options());
    t.dice(1, 2);
    t.play("H-I");
    CHECK(t.game.phase() == Phase::move);
    t.play("H-II");
    CHECK(t.game.phase() == Phase::roll);
    CHECK(t.game.to_move() == 1);
}

TEST_CASE("After a double the same player rolls again, without limit; a double does not give four steps") {
    Table t(options());
    for (int round = 0; round < 3; ++round) {
        t.dice(1, 1);
        t.play("H-I");
        CHECK(t.game.phase() == Phase::move);
        t.play("H-I");
        CHECK(t.game.phase() == Phase::roll);  // two steps, not four
        CHECK(t.game.to_move() == 0);
    }
    CHECK(t.at(0, 1) == 6);
    t.dice(2, 1);
    t.play("I-III");
    t.play("pass");  // the column of six is barred for the 1
    CHECK(t.game.to_move() == 1);
}

TEST_CASE("A double gives another roll even if the turn was passed") {
    Table t = table_at({{29, 6}}, {{1, 6}});
    t.dice(6, 6);
    t.play("pass");
    CHECK(t.game.to_move() == 0);
    CHECK(t.game.phase() == Phase::roll);
    t.dice(5, 6);
    t.play("pass");
    CHECK(t.game.to_move() == 1);
}

TEST_CASE("With a single unit left in play: one die or the sum, once per turn, unless a column was formed") {
    const auto o = options({{"pieces", 1}});
    Table t(o, position(o, {{7, 1}}, {{1, 1}}));
    t.dice(2, 3);
    CHECK(t.moves() == sorted({"1-3", "1-4", "1-6"}));
    t.play("1-3");
    CHECK(t.moves() == std::vector<std::string>{"pass"});
}

// ---- Legal steps ----------------------------------------------------------------------------

TEST_CASE("Entering: from hand, one piece moves to entry cell q = v; q must be <= 6") {
    Table t(options());
    t.dice(4, 6);
    CHECK(t.moves() == sorted({"H-IV", "H-VI"}));  // 10 cannot enter
    t.play("H-IV");
    CHECK(t.at(0, 4) == 1);
    CHECK(t.at(0, St::hand) == 5);
}

TEST_CASE("While any piece is in hand no unit may move onto or along the track: only entering and moves inside the "
          "entry zone") {
    Table t = table_at({{5, 4}, {10, 1}}, {{1, 6}});  // one piece in hand (captured), one on the track
    t.dice(1, 2);
    CHECK(t.moves() == sorted({"H-I", "H-II", "H-III", "V-VI"}));
}

TEST_CASE("Captured pieces block track moves until they are re-entered") {
    Table t = table_at({{9, 1}, {1, 5}}, {{12, 1}, {20, 5}});
    t.dice(3, 6);
    t.play("3-6");  // captures player 1's piece on 6
    CHECK(t.at(1, St::hand) == 1);
    t.play("I-1");
    REQUIRE(t.game.to_move() == 1);
    t.dice(2, 4);
    CHECK(t.moves() == sorted({"H-II", "H-IV", "H-VI"}));  // 14-16, 14-18, 14-20 wait for the re-entry
    t.play("H-II");
    CHECK(t.moves() == sorted({"14-18"}));  // re-entered: the track is open again (II is barred)
}

TEST_CASE("Otherwise a unit moves to q = 31 only by the exact value (borne off); q > 31 is illegal: no bounce") {
    Table t = table_at({{28, 6}}, {{1, 6}});
    t.dice(4, 5);
    CHECK(t.moves() == std::vector<std::string>{"pass"});  // 32, 33 and 37 overshoot
}

TEST_CASE("Overshoot is refused, the exact bear-off is legal") {
    Table t = table_at({{28, 6}}, {{1, 6}});
    t.dice(3, 4);
    CHECK(t.moves() == sorted({"22-O"}));
    CHECK(status_of([&] { t.play(R"({"from":28,"to":32})"); }) == Status::illegal_move);
    t.play("22-O");
    CHECK(t.at(0, St::off) == 6);
}

TEST_CASE("[decision] bearing off needs no other condition") {
    Table t = table_at({{1, 5}, {26, 1}}, {{1, 6}});
    t.dice(5, 6);
    CHECK(t.can("20-O"));
}

TEST_CASE("Units jump over any pieces on the way, own or opposing") {
    Table t = table_at({{7, 1}, {9, 1}, {1, 4}}, {{8, 5}});
    t.dice(3, 4);
    CHECK(t.can("1-4"));
    CHECK(t.can("1-5"));
}

TEST_CASE("Landing on an empty cell or an own unit is legal; landing on own pieces merges into one column") {
    Table t = table_at({{7, 2}, {10, 3}, {1, 1}}, {{1, 6}});
    t.dice(3, 5);
    t.play("1-4");
    CHECK(t.at(0, 10) == 5);
    CHECK(t.at(0, 7) == 0);
    t.play("4-9");  // the column of 5 moves whole
    CHECK(t.at(0, 15) == 5);
}

TEST_CASE("Landing on an opposing unit of n pieces with m >= n must capture: all n return to their owner's hand") {
    const auto o = options();
    Table t(o, position(o, {{7, 2}, {1, 4}}, {{10, 2}, {1, 4}}));
    t.dice(3, 5);
    REQUIRE(t.can("1-4"));
    const json move = t.game.action_json(Duo::parse_action(o, "1-4"));
    CHECK(move["captures"] == 2);
    t.play("1-4");
    CHECK(t.at(1, 10) == 0);
    CHECK(t.at(1, St::hand) == 2);  // the captured column comes apart: two pieces in hand
    CHECK(t.at(0, 10) == 2);
}

TEST_CASE("A column of 2 cannot capture a column of 3: the step is illegal") {
    Table t = table_at({{7, 2}, {1, 4}}, {{10, 3}, {1, 3}});
    t.dice(3, 5);
    CHECK(!t.can("1-4"));
    CHECK(t.can("1-6"));
    CHECK(status_of([&] { t.play("1-4"); }) == Status::illegal_move);
}

TEST_CASE("A single piece captures a single piece") {
    Table t = table_at({{7, 1}, {1, 5}}, {{10, 1}, {1, 5}});
    t.dice(3, 5);
    t.play("1-4");
    CHECK(t.at(1, St::hand) == 1);
}

// ---- End ----------------------------------------------------------------------------------------

TEST_CASE("A player wins when all pieces are borne off; the game is then over: no more moves") {
    Table t = table_at({{28, 4}, {29, 2}}, {{1, 6}});
    t.dice(3, 2);
    t.play("22-O");
    CHECK(t.game.phase() == Phase::move);
    t.play("23-O");
    CHECK(t.game.phase() == Phase::over);
    CHECK(t.game.result() == Result::player0_won);
    CHECK(t.game.to_move() == -1);
    CHECK(t.moves().empty());
    CHECK(status_of([&] { t.game.roll(); }) == Status::game_over);
    CHECK(status_of([&] { t.play("pass"); }) == Status::game_over);
}

TEST_CASE("The game ends with the last piece borne off even with a die left") {
    Table t = table_at({{28, 6}}, {{1, 6}});
    t.dice(3, 1);
    t.play("22-O");
    CHECK(t.game.result() == Result::player0_won);
    CHECK(t.position()["dice"].empty());
}

TEST_CASE("There are no draws") {
    Table t(options());
    CHECK(status_of([&] { t.game.agree_draw(); }) == Status::wrong_phase);
    json saved = t.position();
    saved["result"] = "draw";
    saved["phase"] = "over";
    CHECK(message_of([&] { Duo::position_from_json(options(), saved, "position"); }).find("position.result") !=
          std::string::npos);
}

// ---- Text notation and move JSON ------------------------------------------------------------

TEST_CASE("A step is written FROM-TO: H-III, II-V, VI-3, 18-O; and pass") {
    const auto o = options();
    for (const char *text : {"H-III", "II-V", "VI-3", "18-O", "pass", "1-24", "H-I"})
        CHECK(Duo::action_text(o, Duo::parse_action(o, text)) == text);
    CHECK(Duo::parse_action(o, "H-III") == 0 * 32 + 3);
    CHECK(Duo::parse_action(o, "VI-3") == 6 * 32 + 9);
    CHECK(Duo::parse_action(o, "18-O") == 24 * 32 + 31);
    CHECK(Duo::parse_action(o, "pass") == Duo::pass_action);
    for (const char *bad :
         {"", "H", "H-H", "III-II", "O-1", "25-O", "0-3", "VII-1", "h-iii", "H-III ", "03-5", "H--III", "1-2-3"})
        CHECK_MESSAGE(status_of([&] { Duo::parse_action(o, bad); }) == Status::invalid_move, bad);
}

TEST_CASE("The value used equals one die or the sum, never both; a captured unit is not written in the text") {
    const auto o = options();
    Table t(o, position(o, {{7, 1}, {1, 5}}, {{10, 1}, {12, 1}}));
    t.dice(3, 2);
    const json one = t.game.action_json(Duo::parse_action(o, "1-4"));
    CHECK(one["text"] == "1-4");
    CHECK(one["dice"] == json{3});
    CHECK(one["captures"] == 1);
    const json sum = t.game.action_json(Duo::parse_action(o, "1-6"));
    CHECK(sum["dice"] == json{3, 2});
    CHECK(sum["captures"] == 1);
}

TEST_CASE("Move JSON: text, action, player, from and to progress with names, the dice used, the pieces captured") {
    Table t(options());
    t.dice(3, 5);
    const json moves = legal_moves_json(t.game);
    REQUIRE(moves.size() == 2);
    CHECK(moves[0] == json{{"text", "H-III"},
                           {"action", 3},
                           {"player", 0},
                           {"from", 0},
                           {"to", 3},
                           {"from_name", "H"},
                           {"to_name", "III"},
                           {"dice", {3}},
                           {"captures", 0},
                           {"kind", "move"},
                           {"captured", json::array()},
                           {"captured_count", 0}});
    play_move(t.game, R"({"from":0,"to":5})");
    CHECK(t.at(0, 5) == 1);
    const auto o = options();
    Table passing(o, position(o, {{29, 6}}, {{1, 6}}));
    passing.dice(5, 4);
    CHECK(legal_moves_json(passing.game)[0] == json{{"text", "pass"},
                                                    {"action", 0},
                                                    {"player", 0},
                                                    {"dice", json::array()},
                                                    {"captures", 0},
                                                    {"kind", "pass"},
                                                    {"from_name", nullptr},
                                                    {"to_name", nullptr},
                                                    {"captured", json::array()},
                                                    {"captured_count", 0}});
}

TEST_CASE("Integer actions are from * 32 + to, pass is 0, all below 1024") {
    const auto o = options();
    Table t(o, position(o, {{1, 1}, {6, 1}, {7, 1}, {26, 1}, {30, 2}}, {{1, 6}}));
    t.dice(1, 5);
    std::vector<Action> actions;
    t.game.legal_actions(actions);
    REQUIRE(!actions.empty());
    for (Action a : actions) {
        CHECK(a > 0);
        CHECK(a < 1024);
        CHECK(Duo::parse_action(o, t.game.action_text(a)) == a);
    }
    CHECK(std::is_sorted(actions.begin(), actions.end()));
}

TEST_CASE("A roll is written roll 3 5; a front end rebuilds the turn from the history") {
    auto game = new_game("duodecim", {{"seed", 3}, {"first_player", 0}});
    const int dice[] = {3, 5};
    game->set_dice(dice);
    play_move(*game, "H-III");
    play_move(*game, "H-V");
    const auto rolled = game->roll();
    const json history = game->to_json()["history"];
    REQUIRE(history.size() == 4);
    CHECK(history[0] == json{{"player", 0}, {"text", "roll 3 5"}, {"dice_from", "outside"}});
    CHECK(history[1] == json{{"player", 0}, {"text", "H-III"}});
    CHECK(history[2] == json{{"player", 0}, {"text", "H-V"}});
    CHECK(history[3]["text"] == "roll " + std::to_string(rolled[0]) + " " + std::to_string(rolled[1]));
    CHECK(history[3]["player"] == 1);
    CHECK(history[3]["dice_from"] == "engine");
}

// ---- Undo, saving and restoring -------------------------------------------------------------

TEST_CASE("Undo takes back a step and a roll") {
    auto game = new_game("duodecim", {{"seed", 9}, {"first_player", 0}});
    const json at_start = game->to_json();
    const auto first = game->roll();
    const json rolled = game->to_json();
    std::vector<Action> actions;
    game->legal_actions(actions);
    game->apply_action(actions.front());
    game->undo();
    CHECK(game->to_json() == rolled);
    game->undo();
    CHECK(game->to_json() == at_start);
    CHECK(game->phase() == Phase::roll);
    CHECK(game->roll() == first);  // the generator went back too
    game->undo();
    CHECK(status_of([&] { game->undo(); }) == Status::nothing_to_undo);
}

// Plays a seeded random game, saving and restoring at every point, and checks the restored game
// continues with the same dice and moves.
TEST_CASE("Saving and restoring in any phase continues with the same dice sequence") {
    auto game = new_game("duodecim", {{"seed", 2024}});
    Rng chooser{77};
    std::vector<Action> actions;
    bool saw[3] = {false, false, false};
    for (int step = 0; step < 3000 && game->phase() != Phase::over; ++step) {
        auto restored = game_from_json(json::parse(game->to_json().dump()));
        CHECK(restored->to_json() == game->to_json());
        saw[static_cast<int>(game->phase())] = true;
        if (game->phase() == Phase::roll) {
            CHECK(restored->roll() == game->roll());
            continue;
        }
        game->legal_actions(actions);
        const Action a = actions[chooser.below(static_cast<uint32_t>(actions.size()))];
        game->apply_action(a);
        restored->apply_action(a);
        if (game->phase() == Phase::roll)
            CHECK(restored->roll() == game->roll());
        else
            CHECK(restored->to_json() == game->to_json());
    }
    REQUIRE(game->phase() == Phase::over);
    saw[2] = true;
    auto restored = game_from_json(game->to_json());
    CHECK(restored->result() == game->result());
    CHECK(saw[0]);
    CHECK(saw[1]);
}

TEST_CASE("Restoring refuses a history that does not lead to the saved position, or a different setup") {
    auto game = new_game("duodecim", {{"seed", 4}});
    game->roll();
    json saved = game->to_json();
    json bad = saved;
    bad["position"]["dice"] = {saved["position"]["dice"][0].get<int>() % 6 + 1, 1};
    CHECK(message_of([&] { game_from_json(bad); }).find("position.dice") != std::string::npos);
    bad = saved;
    bad["setup"]["first_player"] = 1 - saved["setup"]["first_player"].get<int>();
    CHECK(message_of([&] { game_from_json(bad); }).find("setup") != std::string::npos);
    bad = saved;
    const int other = saved["position"]["dice"][0].get<int>() % 6 + 1;
    bad["history"][0]["text"] = "roll " + std::to_string(other) + " 1";
    CHECK(message_of([&] { game_from_json(bad); }).find("history[0]") != std::string::npos);
}

TEST_CASE("position_from_json refuses inconsistent positions and names the field") {
    const auto o = options();
    Table t(o, position(o, {{7, 1}, {16, 1}, {1, 4}}, {{1, 6}}));
    t.dice(2, 3);
    t.play("1-3");
    const json good = t.position();
    CHECK(Duo::position_from_json(o, good, "position") == t.s());
    auto refused = [&](auto change, const std::string &field) {
        json j = good;
        change(j);
        const std::string message = message_of([&] { Duo::position_from_json(o, j, "position"); });
        CHECK_MESSAGE(message.find(field) != std::string::npos, (field + " -> " + message));
        CHECK(status_of([&] { Duo::position_from_json(o, j, "position"); }) == Status::invalid_state);
    };
    refused([](json &j) { j["hand"][0] = 5; }, "position.hand");
    refused([](json &j) { j["entry"][1][0] = 7; }, "position.entry[1][0]");
    refused([](json &j) { j["track"] = json::array(); }, "position.track");
    refused([](json &j) { j["off"] = {0}; }, "position.off");
    refused([](json &j) { j["dice"] = {2, 7}; }, "position.dice[1]");
    refused([](json &j) { j["dice"] = {2}; }, "position.dice");
    refused([](json &j) { j["dice"] = json::array(); }, "position.phase");
    refused([](json &j) { j["phase"] = "roll"; }, "position.phase");
    refused([](json &j) { j["dice_used"] = {true, true}; }, "position.dice_used");
    refused([](json &j) { j["dice_used"] = {false, false}; }, "position.barred");
    refused([](json &j) { j["barred"] = 8; }, "position.barred");
    refused([](json &j) { j.erase("barred"); }, "position.barred");
    refused([](json &j) { j["result"] = "player 1 won"; }, "position.result");
    refused([](json &j) { j["to_move"] = 2; }, "position.to_move");
    refused([](json &j) { j["rng"] = "xyz"; }, "position.rng");
    refused([](json &j) { j["extra"] = 1; }, "position.extra");
    json over = good;
    over["hand"][0] = 0;
    over["entry"][0] = json(std::vector<int>(6, 0));
    over["track"][0] = json(std::vector<int>(24, 0));
    over["off"][0] = 6;
    over["dice"] = json::array();
    over["dice_used"] = {false, false};
    over["barred"] = nullptr;
    over["phase"] = "over";
    over["result"] = "ongoing";
    CHECK(message_of([&] { Duo::position_from_json(o, over, "position"); }).find("position.result") !=
          std::string::npos);
    over["result"] = "player 0 won";
    CHECK(message_of([&] { Duo::position_from_json(o, over, "position"); }).find("position.end_reason") !=
          std::string::npos);  // null
    over["end_reason"] = "borne_off";
    CHECK(Duo::phase(Duo::position_from_json(o, over, "position")) == Phase::over);
    over["to_move"] = 1;
    CHECK(message_of([&] { Duo::position_from_json(o, over, "position"); }).find("position.to_move") !=
          std::string::npos);
}

TEST_CASE("The State is compact and fixed-size") {
    static_assert(std::is_trivially_copyable_v<St>);
    CHECK(sizeof(St) <= 96);
}

// ---- Drawing --------------------------------------------------------------------------------

namespace {

size_t occurrences(const std::string &text, const std::string &what) {
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

// The part of a picture from `start` to the next `end`.
std::string between(const std::string &text, const std::string &start, const std::string &end) {
    const size_t from = text.find(start);
    if (from == std::string::npos) return "";
    const size_t to = text.find(end, from + start.size());
    return text.substr(from, to == std::string::npos ? std::string::npos : to - from);
}

double number_after(const std::string &text, const std::string &key) {
    const size_t at = text.find(key);
    return at == std::string::npos ? -1 : std::stod(text.substr(at + key.size()));
}

}  // namespace

TEST_CASE("Drawing: render option route draws the Ostia letters A..E, each stretch's arrow the way a piece goes") {
    Table t(options());
    CHECK(t.game.render_svg(json::object()).find("class=\"route\"") == std::string::npos);  // off by default
    const std::string svg = t.game.render_svg({{"route", true}});
    REQUIRE(svg.find("<g class=\"route\">") != std::string::npos);
    CHECK(occurrences(svg, "class=\"stretch\"") == 5);
    size_t last = 0;
    for (const char *letter : {"A", "B", "C", "D", "E"}) {  // in the route's order
        const size_t at = svg.find(std::string("data-stretch=\"") + letter + "\"");
        REQUIRE(at != std::string::npos);
        CHECK(at > last);
        last = at;
    }
    // A is each player's own entry half (both drawn); B..E are shared.
    const std::string a = between(svg, "data-stretch=\"A\"", "data-stretch=\"B\"");
    CHECK(occurrences(a, "class=\"route-letter\"") == 2);
    CHECK(occurrences(between(svg, "data-stretch=\"B\"", "data-stretch=\"C\""), "class=\"route-letter\"") == 1);
    // B and C run from right to left (the top row, track 1..12), D and E from left to right.
    for (const auto &stretch_way :
         std::initializer_list<std::pair<const char *, bool>>{{"B", true}, {"C", true}, {"D", false}, {"E", false}}) {
        const char *letter = stretch_way.first;  // not a structured binding: clang 14 cannot capture one (CAPTURE)
        const bool leftwards = stretch_way.second;
        const std::string stretch = between(svg, std::string("data-stretch=\"") + letter + "\"", "</g>");
        const std::string arrow = between(stretch, "<line", "/>");  // the arrow, its x1..y2 first
        CAPTURE(letter);
        CHECK((number_after(arrow, "x2=\"") < number_after(arrow, "x1=\"")) == leftwards);
    }
    CHECK(status_of([&] { t.game.render_svg({{"route", "yes"}}); }) == Status::invalid_option);
}

TEST_CASE("Drawing: render option numbering names one player's route only") {
    Table t(options());
    const std::string both = t.game.render_svg(json::object());
    CHECK(occurrences(both, "class=\"inscription\"") == 36);
    CHECK(occurrences(both, ">VI</text>") == 2);
    for (const char *player : {"player0", "player1"}) {
        const std::string one = t.game.render_svg({{"numbering", player}, {"route", true}});
        CAPTURE(player);
        CHECK(occurrences(one, "class=\"inscription\"") == 30);  // the other's entry half unnamed
        CHECK(occurrences(one, ">VI</text>") == 1);
        CHECK(occurrences(one, ">24</text>") == 1);
        CHECK(occurrences(between(one, "data-stretch=\"A\"", "data-stretch=\"B\""), "class=\"route-letter\"") == 1);
    }
    CHECK(status_of([&] { t.game.render_svg({{"numbering", "player2"}}); }) == Status::invalid_option);
}
