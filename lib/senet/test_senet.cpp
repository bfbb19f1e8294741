// Senet: one test case per rule of docs/rules/senet.md, ruleset by ruleset, named after it; then
// the options refused, the sticks and the die, and saved positions read back.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "core_test_support.hpp"
#include "history.hpp"
#include "registry.hpp"
#include "senet/senet.hpp"

using namespace ludus;
using ludus::testing::status_of;
using R = SenetRules;
using St = SenetState;

namespace {

R::Options options(const std::string &ruleset, json given = json::object()) {
    given["ruleset"] = ruleset;
    if (!given.contains("seed")) given["seed"] = 7;
    return R::parse_options(given);
}

// A position after the opening: `pieces` maps squares to their player; every other piece of a
// player borne off (Bell: lost), none in hand unless `hand` says so.
St position(const R::Options &o, std::map<int, int> pieces, int to_move = 0, std::array<int, 2> hand = {0, 0}) {
    St s = R::initial(o);
    s.pieces = {};
    s.opening = 0;
    s.to_move = static_cast<uint8_t>(to_move);
    std::array<int, 2> on{};
    for (auto [k, p] : pieces) s.pieces[static_cast<size_t>(p)] |= uint32_t{1} << k, ++on[static_cast<size_t>(p)];
    for (int p = 0; p < 2; ++p) {
        s.in_hand[static_cast<size_t>(p)] = static_cast<uint8_t>(hand[static_cast<size_t>(p)]);
        s.borne_off[static_cast<size_t>(p)] =
            static_cast<uint8_t>(o.pieces - on[static_cast<size_t>(p)] - hand[static_cast<size_t>(p)]);
    }
    return s;
}

// A throw that counts `t` (the sticks with t blank sides up, none for 5 or Jequier's 6; Bell's
// die showing t).
void throw_sticks(const R::Options &o, St &s, int t) {
    if (o.ruleset == SenetRuleset::bell) {
        const int face[1] = {t};
        R::set_dice(o, s, face);
        return;
    }
    const int blank = t >= 5 ? 0 : t;
    const int d[4] = {blank > 0, blank > 1, blank > 2, blank > 3};
    R::set_dice(o, s, d);
}

// The texts of the legal moves after a throw of `t`, sorted, in one line.
std::string moves(const R::Options &o, St s, int t) {
    if (s.n_dice == 0) throw_sticks(o, s, t);
    std::vector<Action> actions;
    R::legal_actions(o, s, actions);
    std::vector<std::string> texts;
    for (Action a : actions) texts.push_back(R::action_text(o, a));
    std::sort(texts.begin(), texts.end());
    std::string line;
    for (const std::string &t : texts) line += (line.empty() ? "" : " ") + t;
    return line;
}

// Plays `text` (after a throw of `t` if the sticks are not thrown) and returns the position.
St play(const R::Options &o, St s, int t, const std::string &text) {
    if (s.n_dice == 0) throw_sticks(o, s, t);
    std::vector<Action> actions;
    R::legal_actions(o, s, actions);
    const Action a = R::parse_action(o, text);
    REQUIRE(std::find(actions.begin(), actions.end(), a) != actions.end());
    R::apply(o, s, a);
    return s;
}

int at(const St &s, int k) { return R::owner(s, k); }

}  // namespace

// ----------------------------------------------------------------------------------------------
// The board, the sticks, the options.

TEST_CASE("senet: the sticks count their blank sides, none counting 5 (Jequier 6); Bell's die its face") {
    const auto k = options("kendall"), j = options("jequier"), b = options("bell");
    for (int blank = 0; blank <= 4; ++blank) {
        CAPTURE(blank);
        St s = R::initial(k), t = R::initial(j);
        const int d[4] = {blank > 0, blank > 1, blank > 2, blank > 3};
        R::set_dice(k, s, d);
        R::set_dice(j, t, d);
        CHECK(s.roll == (blank == 0 ? 5 : blank));
        CHECK(t.roll == (blank == 0 ? 6 : blank));
    }
    St s = R::initial(b);
    throw_sticks(b, s, 3);
    CHECK(s.roll == 3);
    double total = 0;
    for (const json &outcome : R::chance_outcomes(k, s)) total += outcome["probability"].get<double>();
    CHECK(total == doctest::Approx(1.0));
    CHECK(R::chance_outcomes(k, s)[0]["probability"].get<double>() == doctest::Approx(1 / 16.0));
    CHECK(R::chance_outcomes(b, s).size() == 4);
}

TEST_CASE("senet: dice that are not a throw are refused and change nothing") {
    const auto k = options("kendall"), b = options("bell");
    St s = R::initial(k);
    const St before = s;
    const int three[3] = {1, 0, 1}, two_sided[4] = {1, 2, 0, 0}, face[1] = {5}, sticks_for_bell[4] = {1, 0, 0, 0};
    CHECK(status_of([&] { R::set_dice(k, s, three); }) == Status::invalid_argument);
    CHECK(status_of([&] { R::set_dice(k, s, two_sided); }) == Status::invalid_argument);
    CHECK(status_of([&] { R::set_dice(b, s, face); }) == Status::invalid_argument);
    CHECK(status_of([&] { R::set_dice(b, s, sticks_for_bell); }) == Status::invalid_argument);
    CHECK(s == before);
}

TEST_CASE("senet: Kendall's optional rules are refused in the other rulesets") {
    for (const char *option : {"five_pieces", "trap", "home_row", "starting_throw"}) {
        CAPTURE(option);
        CHECK(status_of([&] { options("bell", {{option, true}}); }) == Status::invalid_option);
        CHECK(status_of([&] { options("kendall", {{option, true}}); }) == Status::ok);
        CHECK(status_of([&] { options("kendall", {{option, 1}}); }) == Status::invalid_option);
    }
    CHECK(status_of([&] { options("senet"); }) == Status::invalid_option);
}

TEST_CASE("senet: the squares are numbered along the reversed S of three rows of ten") {
    CHECK(R::row_of(1) == 0);
    CHECK(R::column_of(1) == 0);
    CHECK(R::column_of(10) == 9);
    CHECK(R::row_of(11) == 1);
    CHECK(R::column_of(11) == 9);
    CHECK(R::column_of(20) == 0);
    CHECK(R::row_of(21) == 2);
    CHECK(R::column_of(21) == 0);
    CHECK(R::column_of(30) == 9);
    CHECK(R::board_json(options("kendall"))["cells"] == 30);
}

// ----------------------------------------------------------------------------------------------
// Kendall.

TEST_CASE("senet kendall: seven pieces a side alternate on 1-14, the first player's in front; five with five_pieces") {
    for (bool five : {false, true}) {
        const auto o = options("kendall", {{"five_pieces", five}});
        const St s = R::initial(o);
        const int n = five ? 5 : 7;
        for (int k = 1; k <= 30; ++k) CHECK(at(s, k) == (k > 2 * n ? -1 : k % 2 == 0 ? 0 : 1));
        CHECK(s.opening == 1);
    }
}

TEST_CASE("senet kendall: the opening throws until a 1, whose thrower takes the front side and moves on") {
    const auto o = options("kendall");
    St s = R::initial(o);
    CHECK(moves(o, s, 3) == "pass");
    s = play(o, s, 3, "pass");
    CHECK(s.to_move == 1);
    CHECK(s.opening == 1);
    CHECK(moves(o, s, 1) == "14-15");
    s = play(o, s, 1, "14-15");
    // Player 1 threw the 1: the sides are exchanged, its piece in front moved to 15.
    CHECK(s.opening == 0);
    CHECK(s.to_move == 1);
    CHECK(at(s, 15) == 1);
    CHECK(at(s, 14) == -1);
    CHECK(at(s, 12) == 1);
    CHECK(at(s, 13) == 0);
    CHECK(at(s, 1) == 0);
    // Player 0 throwing the first 1 keeps its side.
    St t = play(o, R::initial(o), 1, "14-15");
    CHECK(at(t, 15) == 0);
    CHECK(at(t, 13) == 1);
    CHECK(t.to_move == 0);
    // Five pieces: the piece on 10 steps to 11.
    const auto five = options("kendall", {{"five_pieces", true}});
    CHECK(moves(five, R::initial(five), 1) == "10-11");
}

TEST_CASE("senet kendall: a piece moves the throw forward onto an empty square or changes places with a lone enemy") {
    const auto o = options("kendall");
    const St s = position(o, {{3, 0}, {6, 1}, {9, 1}, {10, 1}});
    CHECK(moves(o, s, 2) == "3-5");
    CHECK(moves(o, s, 3) == "3-6");
    const St after = play(o, s, 3, "3-6");
    CHECK(at(after, 6) == 0);
    CHECK(at(after, 3) == 1);
    CHECK(moves(o, s, 4) == "3-7");
    // Two enemies side by side guard each other: no move forward, so backward (none with 5).
    CHECK(moves(o, position(o, {{5, 0}, {9, 1}, {10, 1}}), 4) == "5-1");
    CHECK(moves(o, position(o, {{5, 0}, {9, 1}, {10, 1}}), 5) == "pass");
    CHECK(moves(o, position(o, {{5, 0}, {9, 1}, {11, 1}}), 4) == "5-9");
}

TEST_CASE("senet kendall: the corners of the path guard up and down the column, as Ludii's lines do") {
    const auto o = options("kendall");
    // 11 and 10 are consecutive on the path, one above the other.
    CHECK(moves(o, position(o, {{7, 0}, {10, 1}, {11, 1}}), 4) == "7-3");
    // Ludii's line through 11 also reaches 30 below it: an enemy there guards 11.
    CHECK(moves(o, position(o, {{7, 0}, {11, 1}, {30, 1}}), 4) == "7-3");
    CHECK(moves(o, position(o, {{7, 0}, {11, 1}, {29, 1}}), 4) == "7-11");
    // And the line through 20 reaches 1 above it.
    CHECK(moves(o, position(o, {{17, 0}, {20, 1}, {1, 1}}), 3) == "17-14");
    CHECK(moves(o, position(o, {{17, 0}, {20, 1}, {2, 1}}), 3) == "17-20");
}

TEST_CASE("senet kendall: only when no piece can move forward does one move backward") {
    const auto o = options("kendall");
    const St s = position(o, {{5, 0}, {7, 0}, {8, 1}});
    CHECK(moves(o, s, 2) == "7-9");
    // Blocked ahead (a guarded pair): backward, changing places with a lone enemy behind.
    const St blocked = position(o, {{3, 1}, {5, 0}, {7, 1}, {8, 1}});
    CHECK(moves(o, blocked, 2) == "5-3");
    const St after = play(o, blocked, 2, "5-3");
    CHECK(at(after, 3) == 0);
    CHECK(at(after, 5) == 1);
    // Pieces on 27-30 never move backward.
    CHECK(moves(o, position(o, {{28, 0}, {2, 1}}), 1) == "pass");
}

TEST_CASE("senet kendall: 26 is reached exactly; the trap drops a longer throw into the water") {
    const auto o = options("kendall");
    const St s = position(o, {{24, 0}, {1, 1}});
    CHECK(moves(o, s, 2) == "24-26");
    CHECK(moves(o, s, 3) == "24-21");  // forward impossible: backward
    const auto trap = options("kendall", {{"trap", true}});
    const St t = position(trap, {{24, 0}, {1, 1}});
    CHECK(moves(trap, t, 3) == "24-27");
    CHECK(moves(trap, t, 5) == "24-27");
    CHECK(moves(trap, t, 2) == "24-26");
    // The water taken: no trap.
    CHECK(moves(trap, position(trap, {{24, 0}, {27, 1}}), 3) == "24-21");
}

TEST_CASE("senet kendall: from 26 a piece goes on to 27-30 or off with 5; 28 and 29 bear off exactly, 30 with any") {
    const auto o = options("kendall");
    const St s = position(o, {{26, 0}, {1, 1}});
    CHECK(moves(o, s, 1) == "26-27");
    CHECK(moves(o, s, 2) == "26-28");
    CHECK(moves(o, s, 4) == "26-30");
    CHECK(moves(o, s, 5) == "26-O");
    for (int t = 1; t <= 5; ++t) {
        CAPTURE(t);
        CHECK(moves(o, position(o, {{28, 0}, {1, 1}}), t) == (t == 3 ? std::string("28-O") : "pass"));
        CHECK(moves(o, position(o, {{29, 0}, {1, 1}}), t) == (t == 2 ? std::string("29-O") : "pass"));
        CHECK(moves(o, position(o, {{30, 0}, {1, 1}}), t) == "30-O");
    }
}

TEST_CASE("senet kendall: from 26 a piece lands only on an empty square, as Ludii's code plays it") {
    const auto o = options("kendall");
    CHECK(moves(o, position(o, {{26, 0}, {28, 1}}), 2) == "26-24");
    CHECK(moves(o, position(o, {{26, 0}, {27, 1}}), 1) == "26-25");
    CHECK(moves(o, position(o, {{26, 0}, {29, 1}}), 2) == "26-28");
}

TEST_CASE("senet kendall: throws of 1, 4 and 5 throw again, 2 and 3 do not, a pass alike") {
    const auto o = options("kendall");
    const St s = position(o, {{3, 0}, {20, 1}});
    for (int t = 1; t <= 5; ++t) {
        CAPTURE(t);
        const St after = play(o, s, t, "3-" + std::to_string(3 + t));
        CHECK(after.to_move == (t == 1 || t == 4 || t == 5 ? 0 : 1));
        CHECK(after.n_dice == 0);
    }
    const St stuck = position(o, {{29, 0}, {1, 1}});
    CHECK(play(o, stuck, 4, "pass").to_move == 0);
    CHECK(play(o, stuck, 3, "pass").to_move == 1);
}

TEST_CASE("senet kendall: a piece in the water waits for a 4 to leave, or goes back to 15 and must then move") {
    const auto o = options("kendall");
    const St s = position(o, {{27, 0}, {3, 0}, {1, 1}});
    CHECK(moves(o, s, 4) == "27-O");
    CHECK(moves(o, s, 2) == "27-15 pass");
    CHECK(moves(o, position(o, {{27, 0}, {15, 1}, {3, 0}}), 2) == "pass");
    // Neither gives another throw, even with 1 or 5.
    CHECK(play(o, s, 1, "pass").to_move == 1);
    CHECK(play(o, s, 4, "27-O").to_move == 1);
    St back = play(o, s, 5, "27-15");
    CHECK(back.to_move == 1);
    CHECK(back.returned == (uint32_t{1} << 15));
    // Its next turn: only that piece moves (forward, else backward), and gives no other throw.
    back.to_move = 0;
    CHECK(moves(o, back, 2) == "15-17");
    const St moved = play(o, back, 4, "15-19");
    CHECK(moved.returned == 0);
    CHECK(moved.to_move == 1);
}

TEST_CASE("senet kendall home_row: no bearing off while a piece of the side is on the first row") {
    const auto o = options("kendall", {{"home_row", true}});
    CHECK(moves(o, position(o, {{30, 0}, {10, 0}, {1, 1}}), 2) == "10-12");
    CHECK(moves(o, position(o, {{30, 0}, {11, 0}, {1, 1}}), 2) == "11-13 30-O");
    CHECK(moves(o, position(o, {{27, 0}, {9, 0}, {1, 1}}), 4) == "pass");
    const auto plain = options("kendall");
    CHECK(moves(plain, position(plain, {{30, 0}, {10, 0}, {1, 1}}), 2) == "10-12 30-O");
}

TEST_CASE("senet kendall starting_throw: the side that did not open moves only after its own 1") {
    const auto o = options("kendall", {{"starting_throw", true}});
    St s = play(o, R::initial(o), 1, "14-15");  // player 0 opens
    CHECK(s.started[0] == 1);
    CHECK(s.started[1] == 0);
    s.to_move = 1;
    CHECK(moves(o, s, 2) == "pass");
    CHECK(moves(o, s, 1) != "pass");
    const St started = play(o, s, 1, "13-14");
    CHECK(started.started[1] == 1);
}

TEST_CASE("senet kendall: the side that bears off every piece wins") {
    const auto o = options("kendall");
    const St s = play(o, position(o, {{30, 0}, {1, 1}}), 2, "30-O");
    CHECK(s.result == Result::player0_won);
    CHECK(s.end_reason == EndReason::borne_off);
    CHECK(R::phase(s) == Phase::over);
}

// ----------------------------------------------------------------------------------------------
// Bell.

TEST_CASE("senet bell: ten pieces a side alternate on 1-20; both throw and the higher throw starts") {
    const auto o = options("bell");
    St s = R::initial(o);
    for (int k = 1; k <= 30; ++k) CHECK(at(s, k) == (k > 20 ? -1 : k % 2 == 1 ? 0 : 1));
    s = play(o, s, 2, "pass");
    CHECK(s.to_move == 1);
    St higher = play(o, s, 3, "pass");
    CHECK(higher.opening == 0);
    CHECK(higher.to_move == 1);
    St tie = play(o, s, 2, "pass");
    CHECK(tie.to_move == 0);
    CHECK(play(o, s, 1, "pass").to_move == 0);
}

TEST_CASE("senet bell: a piece landing on an enemy removes it from the game; occupied marked squares are closed") {
    const auto o = options("bell");
    const St s = position(o, {{3, 0}, {5, 1}, {15, 1}, {12, 1}});
    CHECK(moves(o, s, 2) == "3-5");
    const St after = play(o, s, 2, "3-5");
    CHECK(at(after, 5) == 0);
    CHECK(after.in_hand[1] == 0);
    CHECK(after.borne_off[1] == 10 - 3);  // the test's other pieces were off: the lost one is nowhere
    CHECK(moves(o, position(o, {{12, 0}, {15, 1}}), 3) == "pass");
    CHECK(moves(o, position(o, {{27, 0}, {30, 1}}), 3) == "27-30");  // 30 is not closed
    CHECK(moves(o, position(o, {{12, 0}, {13, 0}, {1, 1}}), 1) == "13-14");
}

TEST_CASE("senet bell: a piece leaves the board with the exact throw") {
    const auto o = options("bell");
    CHECK(moves(o, position(o, {{28, 0}, {1, 1}}), 3) == "28-O");
    CHECK(moves(o, position(o, {{28, 0}, {1, 1}}), 4) == "pass");
    // Ludii's priority for the marked squares never applies: any piece moves.
    CHECK(moves(o, position(o, {{26, 0}, {3, 0}, {1, 1}}), 2) == "26-28 3-5");
    CHECK(moves(o, position(o, {{25, 0}, {3, 0}, {1, 1}}), 2) == "25-27 3-5");
}

TEST_CASE("senet bell: the game ends when no piece is left; more borne off wins, equal is a draw") {
    const auto o = options("bell");
    St s = position(o, {{30, 0}});
    s.borne_off = {4, 4};
    CHECK(play(o, s, 1, "30-O").result == Result::player0_won);
    s.borne_off = {3, 4};
    CHECK(play(o, s, 1, "30-O").result == Result::draw);
    s.borne_off = {2, 4};
    CHECK(play(o, s, 1, "30-O").result == Result::player1_won);
    // One side out of pieces: the other plays on, the first passes.
    const St one_left = play(o, position(o, {{30, 0}, {2, 1}}), 1, "30-O");
    CHECK(one_left.result == Result::ongoing);
}

// ----------------------------------------------------------------------------------------------
// Piccione.

TEST_CASE("senet piccione: the pieces start in hand and enter on 1 with a throw of 1, then the next throw moves it") {
    const auto o = options("piccione");
    St s = R::initial(o);
    CHECK(s.in_hand[0] == 5);
    CHECK(moves(o, s, 2) == "pass");
    CHECK(moves(o, s, 1) == "H-1 pass");  // Ludii: no piece can move by 1
    s = play(o, s, 1, "H-1");
    CHECK(s.to_move == 0);
    CHECK(R::phase(s) == Phase::roll);
    CHECK(moves(o, s, 3) == "1-2 1-3 1-4");
    // Nowhere to go: back to hand, and the turn ends.
    St blocked = position(o, {{1, 0}, {2, 1}, {3, 1}}, 0, {4, 3});
    blocked.entered = 1;
    blocked.new_turn = 0;
    CHECK(moves(o, blocked, 2) == "1-H");
    const St back = play(o, blocked, 2, "1-H");
    CHECK(back.in_hand[0] == 5);
    CHECK(back.to_move == 1);
}

TEST_CASE("senet piccione: a throw is split among the pieces, each part a move of one piece") {
    const auto o = options("piccione");
    St s = position(o, {{5, 0}, {10, 0}, {20, 1}}, 0, {3, 4});
    s.new_turn = 1;
    CHECK(moves(o, s, 3) == "10-11 10-12 10-13 5-6 5-7 5-8");
    s = play(o, s, 3, "5-6");
    CHECK(s.to_move == 0);
    CHECK(R::phase(s) == Phase::move);  // no new throw: two steps left
    CHECK(s.steps_left == 2);
    CHECK(moves(o, s, 0) == "10-11 10-12 6-7 6-8");
    s = play(o, s, 0, "10-12");
    CHECK(s.to_move == 1);
}

TEST_CASE("senet piccione: a piece that cannot move forward stays, as Ludii's code plays it; a pass beside the entry") {
    const auto o = options("piccione");
    CHECK(moves(o, position(o, {{8, 0}, {9, 1}, {10, 1}, {11, 1}}, 0, {0, 2}), 3) == "pass");
    CHECK(moves(o, position(o, {{28, 0}, {29, 1}, {30, 1}}, 0, {0, 3}), 1) == "pass");
    // A throw of 1 with a piece in hand and no piece to move by 1: enter, or pass.
    CHECK(moves(o, position(o, {{8, 0}, {9, 1}}, 0, {4, 4}), 1) == "H-1 pass");
    CHECK(moves(o, position(o, {{8, 0}, {10, 1}}, 0, {4, 4}), 1) == "8-9 H-1");
}

TEST_CASE("senet piccione: a piece landing in the water goes back to hand; 15 and 26 give another throw") {
    const auto o = options("piccione");
    const St water = play(o, position(o, {{25, 0}, {1, 1}}, 0, {4, 4}), 2, "25-27");
    CHECK(at(water, 27) == -1);
    CHECK(water.in_hand[0] == 5);
    const St house = play(o, position(o, {{13, 0}, {1, 1}}, 0, {4, 4}), 2, "13-15");
    CHECK(house.to_move == 0);
    CHECK(house.extra_throw == 2);
    CHECK(R::phase(house) == Phase::roll);
    const St plain = play(o, position(o, {{13, 0}, {1, 1}}, 0, {4, 4}), 3, "13-16");
    CHECK(plain.to_move == 1);
}

TEST_CASE("senet piccione: a piece bears off with the exact throw; the side with no piece left wins") {
    const auto o = options("piccione");
    CHECK(moves(o, position(o, {{29, 0}, {1, 1}}), 3) == "29-30 29-O");
    CHECK(moves(o, position(o, {{30, 0}, {1, 1}}), 1) == "30-O");
    const St won = play(o, position(o, {{30, 0}, {1, 1}}), 1, "30-O");
    CHECK(won.result == Result::player0_won);
    CHECK(play(o, position(o, {{30, 0}, {1, 1}}, 0, {1, 0}), 1, "30-O").result == Result::ongoing);
}

// ----------------------------------------------------------------------------------------------
// Jequier.

TEST_CASE("senet jequier: five pieces a side on the first row; the first 1 takes the back side and moves 10 to 11") {
    const auto o = options("jequier");
    const St s = R::initial(o);
    for (int k = 1; k <= 30; ++k) CHECK(at(s, k) == (k > 10 ? -1 : k % 2 == 1 ? 0 : 1));
    const St opened = play(o, s, 1, "10-11");
    CHECK(at(opened, 11) == 0);  // player 0 threw it: it now plays the pieces on even squares
    CHECK(at(opened, 2) == 0);
    CHECK(at(opened, 1) == 1);
    CHECK(opened.to_move == 0);
}

TEST_CASE("senet jequier: a piece on the first row waits for the square in front of it") {
    const auto o = options("jequier");
    const St s = position(o, {{3, 0}, {4, 1}, {7, 0}, {20, 1}});
    CHECK(moves(o, s, 2) == "7-9");
    CHECK(moves(o, position(o, {{3, 0}, {20, 1}}), 2) == "3-5");
}

TEST_CASE("senet jequier: a lone enemy is sent back to the first free square; pairs and 15, 26, 28, 29 are safe") {
    const auto o = options("jequier");
    const St s = position(o, {{1, 1}, {12, 0}, {14, 1}});
    const St after = play(o, s, 2, "12-14");
    CHECK(at(after, 14) == 0);
    CHECK(at(after, 2) == 1);
    CHECK(moves(o, position(o, {{12, 0}, {14, 1}, {15, 1}}), 2) == "pass");
    CHECK(moves(o, position(o, {{12, 0}, {14, 1}, {16, 1}}), 2) == "12-14");
    CHECK(moves(o, position(o, {{23, 0}, {26, 1}}), 3) == "pass");
    CHECK(moves(o, position(o, {{27, 0}, {30, 1}}), 3) == "27-30");
}

TEST_CASE("senet jequier: a throw of 4 or 6 cannot pass a row of three pieces at half its length") {
    const auto o = options("jequier");
    const St s = position(o, {{12, 0}, {13, 1}, {14, 1}, {15, 0}});
    // 12's half-way square 14 is in a row of four: it cannot move (nor backward, as Ludii plays).
    CHECK(moves(o, s, 4) == "15-19");
    CHECK(moves(o, s, 3) == "15-18");
    CHECK(moves(o, position(o, {{12, 0}, {14, 1}, {16, 1}}), 4) == "12-16");
}

TEST_CASE("senet jequier: a piece landing in the water goes back to the first free square") {
    const auto o = options("jequier");
    const St after = play(o, position(o, {{24, 0}, {1, 1}}), 3, "24-27");
    CHECK(at(after, 27) == -1);
    CHECK(at(after, 2) == 0);
}

TEST_CASE("senet jequier: pieces bear off, any throw past the end, once every one of the side is on the last row") {
    const auto o = options("jequier");
    CHECK(moves(o, position(o, {{28, 0}, {22, 0}, {1, 1}}), 4) == "22-26 28-O");
    CHECK(moves(o, position(o, {{28, 0}, {19, 0}, {1, 1}}), 4) == "19-23");
    const St won = play(o, position(o, {{28, 0}, {1, 1}}), 6, "28-O");
    CHECK(won.result == Result::player0_won);  // with a throw that throws again too (Ludii: a draw)
    CHECK(play(o, position(o, {{28, 0}, {1, 1}}), 3, "28-O").result == Result::player0_won);
}

TEST_CASE("senet jequier: throws of 1, 4 and 6 throw again") {
    const auto o = options("jequier");
    for (int t : {1, 2, 3, 4, 6}) {
        CAPTURE(t);
        const St after = play(o, position(o, {{12, 0}, {1, 1}}), t, "12-" + std::to_string(12 + t));
        CHECK(after.to_move == (t == 1 || t == 4 || t == 6 ? 0 : 1));
    }
}

// ----------------------------------------------------------------------------------------------
// Saved positions.

TEST_CASE("senet: the picture has trays of pieces in hand only where the ruleset ever has one (Piccione)") {
    auto trays = [](const std::string &svg, const std::string &kind) {
        int n = 0;
        for (size_t at = svg.find("class=\"" + kind + " player"); at != std::string::npos;
             at = svg.find("class=\"" + kind + " player", at + 1))
            ++n;
        return n;
    };
    for (const char *ruleset : {"kendall", "bell", "piccione", "jequier"}) {
        CAPTURE(ruleset);
        const auto o = options(ruleset);
        const bool hand = std::string(ruleset) == "piccione";
        CHECK(R::has_hand(o) == hand);
        CHECK((R::initial(o).in_hand[0] > 0) == hand);
        for (const bool pieces : {true, false}) {
            CAPTURE(pieces);
            const std::string svg = R::render_svg(o, R::initial(o), LastMove<St>{}, {{"pieces", pieces}});
            CHECK(trays(svg, "hand") == (hand ? 2 : 0));
            CHECK(trays(svg, "off") == 2);
        }
    }
}

TEST_CASE("senet: the trays lie along the board's ten squares, their pieces inside them") {
    // (laid along the race layout's twelve columns they overhung both ends of the board)
    for (const char *ruleset : {"kendall", "bell", "piccione", "jequier"}) {
        CAPTURE(ruleset);
        const auto o = options(ruleset);
        St s = R::initial(o);
        if (!R::has_hand(o)) s.borne_off = {static_cast<uint8_t>(o.pieces), static_cast<uint8_t>(o.pieces)};
        for (const bool pieces : {true, false}) {
            CAPTURE(pieces);
            const std::string svg = R::render_svg(o, s, LastMove<St>{}, {{"pieces", pieces}});
            CHECK(ludus::testing::check_trays_along_the_board(svg) == (R::has_hand(o) ? 4 : 2));
        }
    }
}

TEST_CASE("senet: random games of every ruleset are saved and read back") {
    for (const char *ruleset : {"kendall", "bell", "piccione", "jequier"}) {
        CAPTURE(ruleset);
        ludus::testing::check_random_games_load_again("senet", {{"ruleset", ruleset}}, 10,
                                                      [](int g) { return static_cast<uint32_t>(20 + 37 * g); });
    }
    ludus::testing::check_random_games_load_again(
        "senet", {{"five_pieces", true}, {"trap", true}, {"home_row", true}, {"starting_throw", true}}, 10,
        [](int g) { return static_cast<uint32_t>(20 + 37 * g); });
}

TEST_CASE("senet: a saved position that breaks a rule is refused") {
    const auto o = options("kendall");
    const json good = R::position_json(o, R::initial(o));
    CHECK(status_of([&] { R::position_from_json(o, good, "position"); }) == Status::ok);
    json extra_piece = good;
    extra_piece["squares"][20] = 0;
    CHECK(status_of([&] { R::position_from_json(o, extra_piece, "position"); }) == Status::invalid_state);
    json in_hand = good;
    in_hand["squares"][1] = nullptr;
    in_hand["hand"] = {1, 0};
    CHECK(status_of([&] { R::position_from_json(o, in_hand, "position"); }) == Status::invalid_state);
    json returned = good;
    returned["returned"] = {16};
    CHECK(status_of([&] { R::position_from_json(o, returned, "position"); }) == Status::invalid_state);
    json roll = good;
    roll["dice"] = {0, 0, 0, 0};
    roll["phase"] = "move";
    roll["roll"] = 4;
    CHECK(status_of([&] { R::position_from_json(o, roll, "position"); }) == Status::invalid_state);
    roll["roll"] = 5;
    CHECK(status_of([&] { R::position_from_json(o, roll, "position"); }) == Status::ok);
}
