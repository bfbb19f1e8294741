// XII Scripta: one test case per rule sentence of docs/rules/xii-scripta.md, named after it,
// then whole-game checks of every ruleset (pieces conserved, every listed move accepted,
// unlisted ones refused, the uniform picker within the list, save/restore round trips).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core_test_support.hpp"
#include "registry.hpp"
#include "xii_scripta/xii_scripta.hpp"

using namespace ludus;
using ludus::testing::message_of;
using ludus::testing::status_of;
using Xii = XiiScriptaRules;
using St = XiiState;
using XiiGame = RulesGame<Xii>;
using ludus::testing::Units;  // {progress, pieces}

namespace {

const std::vector<std::string> all_rulesets = {"murray", "ludii", "tabletop_murray", "tabletop_schaedler"};

Xii::Options options(const std::string &ruleset, json given = json::object()) {
    given["ruleset"] = ruleset;
    return ludus::testing::options_with_defaults<Xii>(std::move(given), {{"seed", 7}});
}

St position(const Xii::Options &o, Units player0, Units player1, int to_move = 0) {
    return ludus::testing::race_position<Xii>(o, player0, player1, to_move);
}

using Table = ludus::testing::RaceTable<Xii>;
using ludus::testing::sorted;

// Player 1 plays a 3 from its own cell `from` onto player 0's cell 20, where player 0 has a single
// piece: the piece is hit, and goes to `hit_to` (the bar or the hand).
void check_hit_on_cell_20(const Xii::Options &o, int from, int hit_to) {
    Table t(o, position(o, {{20, 1}, {1, 14}}, {{from, 1}, {1, 14}}, 1));
    t.dice(3, 4, 6);
    t.play(std::to_string(from) + "-" + std::to_string(from + 3) + ":3");
    CHECK(t.at(0, 20) == 0);
    CHECK(t.at(0, hit_to) == 1);
}

}  // namespace

TEST_SUITE("xii_scripta rules") {

    TEST_CASE("The board has 3 rows of 12 cells (36), each row split in the middle") {
        for (const std::string &r : all_rulesets) {
            Table t(options(r));
            const std::string svg = t.game.render_svg(json::object());
            size_t cells = 0;
            for (size_t at = svg.find("class=\"cell\""); at != std::string::npos;
                 at = svg.find("class=\"cell\"", at + 1))
                ++cells;
            CHECK(cells == 36);
            CHECK(svg.find("data-cell=\"top 12\"") != std::string::npos);
            CHECK(svg.find("data-cell=\"bottom 1\"") != std::string::npos);
            const std::string text = t.game.render_text(json::object());
            CHECK(text.find("  |") != std::string::npos);  // the split
        }
    }

    TEST_CASE("Each piece stands at a progress along its own track: H, 1..36, O, and in murray/ludii B") {
        for (const std::string &r : all_rulesets) {
            const auto o = options(r);
            CHECK(Xii::position_name(St::hand) == "H");
            CHECK(Xii::position_name(1) == "1");
            CHECK(Xii::position_name(36) == "36");
            CHECK(Xii::position_name(St::off) == "O");
            CHECK(Xii::position_name(St::bar) == "B");
            const json pos = Xii::position_json(o, Xii::initial(o));
            CHECK(pos["track"][0].size() == 36);
            CHECK(pos["bar"] == json{0, 0});
            CHECK(pos.contains("moved") == (r.rfind("tabletop", 0) == 0));
        }
    }

    TEST_CASE("murray, ludii: the outer rows run in opposite senses, so cell k >= 13 of one player is cell 49 - k of "
              "the other") {
        for (const char *r : {"murray", "ludii"}) {
            const auto o = options(r);
            CHECK(Xii::other_progress(o, 5) == 5);  // the middle row is shared
            CHECK(Xii::other_progress(o, 12) == 12);
            CHECK(Xii::other_progress(o, 13) == 36);
            CHECK(Xii::other_progress(o, 24) == 25);
            CHECK(Xii::other_progress(o, 30) == 19);
            // Player 1 lands on its 29, which is player 0's 20: the single piece there is hit.
            check_hit_on_cell_20(o, 26, St::bar);
        }
    }

    TEST_CASE("tabletop: both players run the same 36 cells in the same order") {
        for (const char *r : {"tabletop_murray", "tabletop_schaedler"}) {
            const auto o = options(r);
            CHECK(Xii::other_progress(o, 20) == 20);
            check_hit_on_cell_20(o, 17, St::hand);  // its 20 is player 0's 20
        }
    }

    TEST_CASE("Each player has 15 pieces, all off the board (in hand) at the start") {
        for (const std::string &r : all_rulesets) {
            const St s = Xii::initial(options(r));
            CHECK(s.count[0][St::hand] == 15);
            CHECK(s.count[1][St::hand] == 15);
            CHECK(Xii::phase(s) == Phase::roll);
        }
        CHECK(Xii::initial(options("murray", {{"pieces", 4}})).count[1][St::hand] == 4);
        CHECK(status_of([] { options("murray", {{"pieces", 16}}); }) == Status::invalid_option);
        CHECK(status_of([] { options("bell"); }) == Status::invalid_option);
    }

    TEST_CASE("Player 0 moves first unless the option first_player says 1") {
        CHECK(Xii::initial(options("murray")).to_move == 0);
        CHECK(Xii::initial(options("ludii", {{"first_player", 1}})).to_move == 1);
    }

    TEST_CASE("Three six-sided dice are thrown each turn; a roll has 56 distinct outcomes") {
        for (const std::string &r : all_rulesets) {
            Table t(options(r));
            const json outcomes = t.game.chance_outcomes();
            CHECK(outcomes.size() == 56);
            double total = 0;
            for (const json &x : outcomes) total += x["probability"].get<double>();
            CHECK(total == doctest::Approx(1.0));
            CHECK(outcomes[0]["dice"] == json{1, 1, 1});
            CHECK(outcomes[0]["probability"].get<double>() == doctest::Approx(1.0 / 216));
            CHECK(outcomes[1]["dice"] == json{1, 1, 2});
            CHECK(outcomes[1]["probability"].get<double>() == doctest::Approx(3.0 / 216));
            CHECK(t.game.roll().size() == 3);
            CHECK(status_of([&] { t.game.set_dice(std::vector<int>{1, 2}); }) == Status::wrong_phase);
        }
        Table t(options("murray"));
        CHECK(status_of([&] { t.game.set_dice(std::vector<int>{1, 2}); }) == Status::invalid_argument);
        CHECK(status_of([&] { t.game.set_dice(std::vector<int>{1, 2, 7}); }) == Status::invalid_argument);
    }

    TEST_CASE(
        "murray, ludii: a step moves one piece by one die or by the sum of two or three dice; a die is never divided") {
        for (const char *r : {"murray", "ludii"}) {
            Table t(options(r));
            t.dice(5, 2, 3);
            CHECK(t.moves() == sorted({"H-2:2", "H-3:3", "H-5:5", "H-5:2+3", "H-7:2+5", "H-8:3+5", "H-10:2+3+5"}));
            t.play("H-5:2+3");  // the 2 and the 3 are used: only the 5 is left
            CHECK(t.s().n_left == 1);
            CHECK(t.moves() == sorted({"H-5:5", "5-10:5"}));
            // A combined step lands only at its end: the cells it passes may be closed.
            const auto o = options(r);
            Table u(o, position(o, {{1, 1}}, {{3, 2}}));
            u.dice(2, 4, 6);
            CHECK_FALSE(u.can("1-3:2"));
            CHECK(u.can("1-7:2+4"));
        }
    }

    TEST_CASE("tabletop: a step moves one piece by one die") {
        for (const char *r : {"tabletop_murray", "tabletop_schaedler"}) {
            Table t(options(r));
            t.dice(5, 2, 3);
            CHECK(t.moves() == sorted({"H-2:2", "H-3:3", "H-5:5"}));
        }
    }

    TEST_CASE("A step moves one piece; several pieces of a player may share a cell") {
        for (const std::string &r : all_rulesets) {
            const auto o = options(r);
            Table t(o, position(o, {{5, 3}}, {}));
            t.dice(1, 2, 4);
            t.play("H-4:4");
            t.play("4-5:1");
            CHECK(t.at(0, 5) == 4);
            t.play("5-7:2");
            CHECK(t.at(0, 5) == 3);
            CHECK(t.at(0, 7) == 1);
        }
    }

    TEST_CASE("While a step is possible the player must play one; when none is possible the only move is pass, which "
              "ends the turn") {
        for (const std::string &r : all_rulesets) {
            const auto o = options(r);
            // Player 0's single piece on 1, everything else borne off... except that the opponent
            // closes every cell the dice reach.
            St s = position(o, {{1, 1}}, {{3, 2}, {4, 2}, {5, 2}, {6, 2}, {7, 2}, {8, 2}, {9, 2}});
            s.count[0][St::off] = static_cast<uint8_t>(s.count[0][St::hand]);
            s.count[0][St::hand] = 0;
            Table t(o, s);
            t.dice(2, 2, 2);
            CHECK(t.moves() == std::vector<std::string>{"pass"});
            t.play("pass");
            CHECK(t.s().to_move == 1);
            CHECK(Xii::phase(t.s()) == Phase::roll);
            // With a step possible, pass is refused.
            Table u(o);
            u.dice(1, 2, 3);
            CHECK(status_of([&] { u.play("pass"); }) == Status::illegal_move);
        }
    }

    TEST_CASE("The turn ends when every die is used") {
        for (const std::string &r : all_rulesets) {
            Table t(options(r));
            t.dice(1, 2, 4);
            t.play("H-1:1");
            t.play("H-2:2");
            CHECK(t.s().to_move == 0);
            t.play("H-4:4");
            CHECK(t.s().to_move == 1);
            CHECK(Xii::phase(t.s()) == Phase::roll);
        }
    }

    TEST_CASE("murray, ludii, tabletop_murray: a double or a triple gives nothing extra") {
        for (const char *r : {"murray", "ludii", "tabletop_murray"}) {
            Table t(options(r));
            t.dice(3, 3, 3);
            for (int i = 0; i < 3; ++i) t.play("H-3:3");
            CHECK(t.s().to_move == 1);
            CHECK(Xii::phase(t.s()) == Phase::roll);
        }
    }

    TEST_CASE("tabletop_schaedler: a triple (three equal dice) is played twice: six steps of that value") {
        Table t(options("tabletop_schaedler"));
        t.dice(3, 3, 3);
        CHECK(t.s().n_left == 6);
        for (int i = 0; i < 5; ++i) {
            t.play("H-3:3");
            CHECK(t.s().to_move == 0);
        }
        t.play("H-3:3");
        CHECK(t.s().to_move == 1);
        CHECK(t.at(0, 3) == 6);
        // A double gives nothing extra.
        Table u(options("tabletop_schaedler"));
        u.dice(4, 4, 1);
        CHECK(u.s().n_left == 3);
    }

    TEST_CASE("A piece enters from the hand onto the cell of its own track numbered by the step's value") {
        for (const std::string &r : all_rulesets) {
            Table t(options(r));
            t.dice(6, 1, 4);
            t.play("H-6:6");
            CHECK(t.at(0, 6) == 1);
            CHECK(t.at(0, St::hand) == 14);
        }
    }

    TEST_CASE("murray, ludii: pieces not yet entered may enter at any time") {
        for (const char *r : {"murray", "ludii"}) {
            const auto o = options(r);
            Table t(o, position(o, {{10, 1}}, {}));
            t.dice(1, 2, 4);
            CHECK(t.can("H-1:1"));
            CHECK(t.can("10-11:1"));  // the entered piece moves though others are in hand
        }
    }

    TEST_CASE("murray, ludii: a captured piece re-enters like an unentered one, and while one waits no other piece may "
              "move") {
        for (const char *r : {"murray", "ludii"}) {
            const auto o = options(r);
            St s = position(o, {{10, 1}}, {});
            s.count[0][St::hand] = static_cast<uint8_t>(s.count[0][St::hand] - 1);
            s.count[0][St::bar] = 1;
            Table t(o, s);
            t.dice(1, 2, 4);
            CHECK(t.moves() == sorted({"B-1:1", "B-2:2", "B-4:4", "B-3:1+2", "B-5:1+4", "B-6:2+4", "B-7:1+2+4"}));
            t.play("B-2:2");
            CHECK(t.can("10-11:1"));  // re-entered: the others move again
            CHECK(t.can("H-1:1"));
        }
    }

    TEST_CASE("tabletop: while any piece is in hand, the only steps are entering and moving on a piece moved this "
              "turn, staying inside cells 1..12") {
        for (const char *r : {"tabletop_murray", "tabletop_schaedler"}) {
            const auto o = options(r);
            Table t(o, position(o, {{10, 1}, {4, 1}}, {}));
            t.dice(1, 2, 5);
            CHECK(t.moves() == sorted({"H-1:1", "H-2:2", "H-5:5"}));  // the pieces on 4 and 10 wait
            t.play("H-5:5");
            CHECK(t.moves() == sorted({"H-1:1", "H-2:2", "5-6:1", "5-7:2"}));  // only the piece entered this turn
            t.play("5-7:2");
            CHECK(t.moves() == sorted({"H-1:1", "7-8:1"}));
            // Inside the entry board only: a moved piece on 11 cannot go to 13.
            Table u(o, position(o, {{1, 1}}, {}));
            u.dice(6, 4, 2);
            u.play("H-6:6");
            u.play("6-10:4");
            CHECK(u.moves() == sorted({"H-2:2", "10-12:2"}));
            // Once every piece has entered, every piece moves.
            Table w(o, position(o, {{10, 1}, {4, 1}}, {}));
            St all = w.s();
            all.count[0][St::off] = static_cast<uint8_t>(all.count[0][St::hand] - 1);
            all.count[0][St::hand] = 1;
            Table x(o, all);
            x.dice(1, 3, 6);
            x.play("H-6:6");
            CHECK(x.can("10-11:1"));
            CHECK(x.can("4-7:3"));
        }
    }

    TEST_CASE("A step may land on an empty cell or on the player's own pieces") {
        for (const std::string &r : all_rulesets) {
            const auto o = options(r);
            Table t(o, position(o, {{3, 1}, {6, 2}}, {}));
            t.dice(3, 3, 5);
            CHECK(t.can("H-3:3"));
            if (!o.enter_all_first) CHECK(t.can("3-6:3"));
        }
    }

    TEST_CASE("Two or more opposing pieces close a cell: no step may land there") {
        for (const std::string &r : all_rulesets) {
            const auto o = options(r);
            Table t(o, position(o, {}, {{3, 2}, {5, 1}}));
            t.dice(3, 5, 6);
            CHECK_FALSE(t.can("H-3:3"));
            CHECK(t.can("H-5:5"));
        }
    }

    TEST_CASE("A step landing on a single opposing piece hits it: it leaves the board, to be entered again (murray, "
              "ludii: to B; tabletop: to the hand)") {
        for (const std::string &r : all_rulesets) {
            const auto o = options(r);
            Table t(o, position(o, {}, {{5, 1}}));
            t.dice(5, 1, 2);
            const json j = t.game.action_json(t.game.parse_action("H-5:5"));
            CHECK(j["captures"] == 1);
            t.play("H-5:5");
            CHECK(t.at(1, 5) == 0);
            CHECK(t.at(0, 5) == 1);
            if (o.enter_all_first) {
                CHECK(t.at(1, St::hand) == 15);
                CHECK(t.at(1, St::bar) == 0);
            } else {
                CHECK(t.at(1, St::bar) == 1);
                CHECK(t.at(1, St::hand) == 14);
            }
        }
    }

    TEST_CASE("murray, ludii: pieces of both players meet on the shared middle row and, running in opposite senses, on "
              "the outer rows") {
        for (const char *r : {"murray", "ludii"}) {
            const auto o = options(r);
            // Player 0 on its 30 (bottom row) is player 1's 19: player 1 hits it from 17 with a 2.
            Table t(o, position(o, {{30, 1}}, {{17, 1}}, 1));
            t.dice(2, 5, 6);
            t.play("17-19:2");
            CHECK(t.at(0, 30) == 0);
            CHECK(t.at(0, St::bar) == 1);
            // On the middle row the same number is the same cell for both.
            Table u(o, position(o, {{8, 1}}, {{6, 1}}, 1));
            u.dice(2, 5, 6);
            u.play("6-8:2");
            CHECK(u.at(0, St::bar) == 1);
        }
    }

    TEST_CASE("murray: a piece may be borne off only when every piece of the player is in the near row") {
        const auto o = options("murray", {{"pieces", 3}});
        Table t(o, position(o, {{33, 2}, {20, 1}}, {}));
        t.dice(4, 1, 6);
        CHECK_FALSE(t.can("33-O:4"));
        t.play("20-26:6");
        CHECK(t.can("33-O:4"));
        // A piece in hand or captured also holds it back.
        Table u(o, position(o, {{33, 2}}, {}));
        u.dice(4, 1, 6);
        CHECK_FALSE(u.can("33-O:4"));
    }

    TEST_CASE("ludii: a piece may be borne off at any time") {
        const auto o = options("ludii", {{"pieces", 3}});
        Table t(o, position(o, {{33, 1}, {2, 1}}, {}));
        t.dice(4, 1, 6);
        CHECK(t.can("33-O:4"));
    }

    TEST_CASE("murray, ludii: bearing off needs the exact value; a step past O is not allowed") {
        for (const char *r : {"murray", "ludii"}) {
            const auto o = options(r, {{"pieces", 2}});
            Table t(o, position(o, {{33, 1}, {35, 1}}, {}));
            t.dice(5, 6, 2);
            CHECK(t.moves() == sorted({"35-O:2", "33-35:2"}));  // 33 needs 4: none of 5, 6, 2+... fits
            Table u(o, position(o, {{30, 2}}, {}));
            u.dice(1, 6, 2);
            CHECK(u.can("30-O:1+6"));
            CHECK_FALSE(u.can("30-O:1+2+6"));
        }
    }

    TEST_CASE("tabletop: a piece may be borne off only when every piece is on the last 6 cells, with a die at least "
              "its distance; the step uses the smallest such die") {
        for (const char *r : {"tabletop_murray", "tabletop_schaedler"}) {
            const auto o = options(r, {{"pieces", 3}});
            Table t(o, position(o, {{33, 1}, {35, 1}, {31, 1}}, {}));
            t.dice(5, 2, 6);
            CHECK(t.can("33-O:5"));  // distance 4: the 5 is the smallest die that reaches
            CHECK(t.can("35-O:2"));  // distance 2: exactly
            CHECK(t.can("31-O:6"));  // distance 6
            CHECK_FALSE(t.can("33-O:6"));
            t.play("33-O:5");
            CHECK(t.at(0, St::off) == 1);
            CHECK(t.s().n_left == 2);
            // A piece before cell 31 holds every bear-off back.
            Table u(o, position(o, {{33, 2}, {30, 1}}, {}));
            u.dice(5, 2, 6);
            CHECK_FALSE(u.can("33-O:5"));
            CHECK(u.can("30-35:5"));
        }
    }

    TEST_CASE("The first player to bear off every piece wins; there are no draws") {
        for (const std::string &r : all_rulesets) {
            const auto o = options(r, {{"pieces", 1}});
            Table t(o, position(o, {{35, 1}}, {}));
            t.dice(2, 3, 4);
            t.play("35-O:2");
            CHECK(t.game.result() == Result::player0_won);
            CHECK(t.game.phase() == Phase::over);
            CHECK(status_of([&] { t.game.agree_draw(); }) == Status::wrong_phase);
        }
    }

    TEST_CASE("Text notation: FROM-TO:DICE, the dice part of the move") {
        const auto o = options("murray");
        CHECK(Xii::action_text(o, Xii::parse_action(o, "H-5:3+2")) == "H-5:2+3");
        CHECK(Xii::action_text(o, Xii::parse_action(o, "B-4:4")) == "B-4:4");
        CHECK(Xii::action_text(o, Xii::parse_action(o, "33-O:6")) == "33-O:6");
        CHECK(Xii::parse_action(o, "pass") == Xii::pass_action);
        CHECK(Xii::parse_action(o, "H-5:5") != Xii::parse_action(o, "H-5:2+3"));
        for (const char *bad : {"H-5", "H-5:", "H-5:7", "H-5:2+", "H-5:1+2+3+4", "5-3:2", "O-3:1", "H-37:1", "H-B:1",
                                "X-5:5", "05-6:1", "H-5:2-3"})
            CHECK_MESSAGE(status_of([&] { Xii::parse_action(o, bad); }) == Status::invalid_move, bad);
        Table t(o);
        t.dice(2, 3, 5);
        CHECK(status_of([&] { t.play("H-5:1+4"); }) == Status::illegal_move);  // dice not rolled
        CHECK(message_of([&] { Xii::parse_action(o, "H-5"); }).find("FROM-TO:DICE") != std::string::npos);
    }

}  // TEST_SUITE

TEST_SUITE("xii_scripta games") {

    // Plays random games through the game object, checking at every move what the rules promise.
    TEST_CASE("Whole games: pieces conserved, every listed move accepted, unlisted ones refused, the random pick "
              "within the list" *
              doctest::test_suite("slow")) {
        for (const std::string &r : all_rulesets) {
            CAPTURE(r);
            for (uint64_t seed = 1; seed <= 4; ++seed) {
                const auto o = options(r, {{"seed", seed}});
                XiiGame g(services_of<Xii>(), o, Xii::initial(o));
                Rng rng{seed * 977};
                std::vector<Action> moves;
                int plies = 0;
                while (g.phase() != Phase::over && plies < 5000) {
                    if (g.phase() == Phase::roll) {
                        g.roll();
                        continue;
                    }
                    g.legal_actions(moves);
                    REQUIRE(!moves.empty());
                    std::set<Action> listed(moves.begin(), moves.end());
                    REQUIRE(listed.size() == moves.size());  // no duplicates
                    const St &s = g.state();
                    for (Action a : moves) CHECK(Xii::is_legal(o, s, a));
                    // Unlisted: every step the dice could name from every position, and pass when steps exist.
                    for (int code : {0 * 49 + 0 * 7 + s.left[0], 7 * s.left[0] + s.left[s.n_left - 1], 3, 100, 342})
                        for (int from : {0, 1, 5, 12, 13, 24, 30, 36, 38})
                            for (int to = 1; to <= 37; ++to) {
                                const Action a = Xii::make_action(code, from, to);
                                CHECK(Xii::is_legal(o, s, a) == (listed.count(a) == 1));
                            }
                    CHECK(Xii::is_legal(o, s, Xii::pass_action) == (listed.count(Xii::pass_action) == 1));
                    for (int k = 0; k < 4; ++k) CHECK(listed.count(Xii::random_action(o, s, rng)) == 1);
                    g.apply_action(moves[rng.below(static_cast<uint32_t>(moves.size()))]);
                    ++plies;
                    for (int p = 0; p < 2; ++p) {
                        int total = 0;
                        for (uint8_t c : g.state().count[p]) total += c;
                        CHECK(total == 15);
                    }
                    for (int k = 1; k <= 36; ++k)
                        CHECK_FALSE((g.state().count[0][k] > 0 && g.state().count[1][Xii::other_progress(o, k)] > 0));
                }
                CHECK(g.phase() == Phase::over);
            }
        }
    }

    TEST_CASE("The uniform picker draws every listed move equally often") {
        const auto o = options("murray");
        const St s = [&] {
            St x = position(o, {{3, 2}, {9, 1}, {20, 1}}, {{5, 1}, {14, 2}});
            const int d[] = {2, 3, 5};
            Xii::set_dice(o, x, d);
            return x;
        }();
        std::vector<Action> moves;
        Xii::legal_actions(o, s, moves);
        std::map<Action, int> seen;
        Rng rng{5};
        const int draws = 2000 * static_cast<int>(moves.size());
        for (int i = 0; i < draws; ++i) ++seen[Xii::random_action(o, s, rng)];
        CHECK(seen.size() == moves.size());
        for (auto [a, n] : seen) CHECK(std::abs(n - 2000) < 250);
    }

    TEST_CASE("Save and restore round trips over 1,000 random games, every ruleset" * doctest::test_suite("slow")) {
        int games = 0;
        for (const std::string &r : all_rulesets)
            for (uint64_t seed = 1; seed <= 250; ++seed, ++games) {
                CAPTURE(seed);
                // Stop somewhere in the game: at its end, or part way in either phase.
                ludus::testing::check_saved_game_round_trip(
                    "xii_scripta", {{"ruleset", r}, {"pieces", 1 + seed % 15}}, seed,
                    seed % 3 == 0 ? 100000 : static_cast<uint32_t>(seed * 7 % 400), seed % 2 == 0);
            }
        CHECK(games == 1000);
    }

    TEST_CASE("Restoring refuses positions the rules cannot reach, naming the field") {
        const auto o = options("murray");
        json pos = Xii::position_json(o, position(o, {{5, 1}}, {{5, 1}}));
        // Pieces of both players on one cell.
        CHECK(message_of([&] { Xii::position_from_json(o, pos, "start"); }).find("start.track") == 0);
        json fine = Xii::position_json(o, position(o, {{5, 1}}, {{6, 1}}));
        CHECK(status_of([&] { Xii::position_from_json(o, fine, "start"); }) == Status::ok);
        json more = fine;
        more["hand"][0] = 15;
        CHECK(message_of([&] { Xii::position_from_json(o, more, "start"); }).find("start.hand") == 0);
        json dice = fine;
        dice["phase"] = "move";
        dice["dice"] = {2, 3, 5};
        dice["dice_left"] = {2, 5};
        CHECK(status_of([&] { Xii::position_from_json(o, dice, "start"); }) == Status::ok);
        dice["dice_left"] = {2, 2};
        CHECK(message_of([&] { Xii::position_from_json(o, dice, "start"); }).find("start.dice_left") == 0);
        dice["dice_left"] = json::array();
        CHECK(message_of([&] { Xii::position_from_json(o, dice, "start"); }).find("start.dice_left") == 0);
        json moved = fine;
        moved["moved"] = std::vector<int>(12, 0);
        CHECK(message_of([&] { Xii::position_from_json(o, moved, "start"); }).find("start.moved") == 0);
        const auto tt = options("tabletop_murray");
        json bar = Xii::position_json(tt, Xii::initial(tt));
        bar["bar"] = {1, 0};
        bar["hand"] = {14, 15};
        CHECK(message_of([&] { Xii::position_from_json(tt, bar, "start"); }).find("start.bar") == 0);
    }

    TEST_CASE("The catalogue lists the rulesets with their sources") {
        const json cat = games_catalogue();
        auto it = std::find_if(cat.begin(), cat.end(), [](const json &g) { return g["id"] == "xii_scripta"; });
        REQUIRE(it != cat.end());
        const json &ruleset = (*it)["options"]["ruleset"];
        CHECK(ruleset["values"] == json{"murray", "ludii", "tabletop_murray", "tabletop_schaedler"});
        CHECK(ruleset["default"] == "murray");
        const std::string d = ruleset["description"].get<std::string>();
        for (const char *source : {"Murray", "XII Scripta.lud", "XII_Murray_3D", "XII_Schaedler_3D"})
            CHECK(d.find(source) != std::string::npos);
    }

    TEST_CASE("The computer players choose legal moves at every level and every ruleset") {
        for (const std::string &r : all_rulesets)
            for (const char *level : {"random", "greedy", "easy", "medium", "best", "uct"}) {
                CAPTURE(r);
                CAPTURE(level);
                std::unique_ptr<Game> g = new_game("xii_scripta", {{"ruleset", r}, {"seed", 3}});
                g->random_playout(3, 30);
                if (g->phase() == Phase::roll) g->roll();
                const json move =
                    g->ai_choose(std::string(level) == "uct" ? json{{"level", level}, {"max_playouts", 200}}
                                                             : json{{"level", level}, {"max_nodes", 20000}});
                CHECK_NOTHROW(play_move(*g, move["text"].get<std::string>()));
                CHECK(move["search"]["level"] == level);
            }
    }

}  // TEST_SUITE
