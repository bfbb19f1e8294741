// The Royal Game of Ur: one test case per rule of docs/rules/ur.md, named after it, then a
// naive reference implementation of every ruleset checked move by move over random games, and
// save/restore round trips.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core_test_support.hpp"
#include "registry.hpp"
#include "ur/ur.hpp"

using namespace ludus;
using ludus::testing::status_of;
using Ur = UrRules;
using St = UrState;
using ludus::testing::Units;  // {progress, pieces}

namespace {

const std::vector<std::string> all_rulesets = {"finkel", "masters", "blitz", "murray"};

Ur::Options options(const std::string &ruleset, json given = json::object()) {
    given["ruleset"] = ruleset;
    if (!given.contains("seed")) given["seed"] = 7;
    return Ur::parse_options(given);
}

St position(const Ur::Options &o, Units player0, Units player1, int to_move = 0) {
    return ludus::testing::race_position<Ur>(o, player0, player1, to_move);
}

using Table = ludus::testing::RaceTable<Ur>;

// Four dice with `marked` marked tips up.
void throw4(Table &t, int marked) {
    const int d[4] = {marked > 0, marked > 1, marked > 2, marked > 3};
    t.dice(d[0], d[1], d[2], d[3]);
}

bool has(const std::vector<std::string> &moves, const std::string &m) {
    return std::find(moves.begin(), moves.end(), m) != moves.end();
}

// The routes as docs/rules/ur.md draws them for player 0 (its own row the bottom one), written
// out square by square; player 1's are the same with the top and bottom rows exchanged.
const std::map<std::string, std::vector<std::string>> routes0 = {
    {"finkel",
     {"bottom 4", "bottom 3", "bottom 2", "bottom 1", "middle 1", "middle 2", "middle 3", "middle 4", "middle 5",
      "middle 6", "middle 7", "middle 8", "bottom 8", "bottom 7"}},
    {"masters",
     {"bottom 4", "bottom 3", "bottom 2", "bottom 1", "middle 1", "middle 2", "middle 3", "middle 4", "middle 5",
      "middle 6", "middle 7", "top 7", "top 8", "middle 8", "bottom 8", "bottom 7"}},
    {"murray",
     {"bottom 4", "bottom 3", "bottom 2", "bottom 1", "middle 1", "middle 2", "middle 3", "middle 4", "middle 5",
      "middle 6", "middle 7", "bottom 7", "bottom 8", "middle 8", "top 8",    "top 7",    "middle 7", "middle 6",
      "middle 5", "middle 4", "middle 3", "middle 2", "middle 1", "bottom 1", "bottom 2", "bottom 3", "bottom 4"}},
};

std::string route_cell(const std::string &ruleset, int player, int progress) {
    std::string c = routes0.at(ruleset == "blitz" ? "masters" : ruleset).at(static_cast<size_t>(progress - 1));
    if (player == 1) {
        if (c.rfind("bottom", 0) == 0)
            c = "top" + c.substr(6);
        else if (c.rfind("top", 0) == 0)
            c = "bottom" + c.substr(3);
    }
    return c;
}

// A naive reference of the rules: each player's pieces as a list of progresses, every rule
// written out as docs/rules/ur.md says it, nothing shared with lib/ur.
struct Reference {
    std::string ruleset;
    int pieces, length;
    bool safe, rosette_again, capture_again;
    std::array<std::vector<int>, 2> at;  // progress of each piece: 0 in hand, length + 1 off
    int to_move = 0;
    bool over = false;

    explicit Reference(const std::string &r, int n)
        : ruleset(r), pieces(n), length(static_cast<int>(routes0.at(r == "blitz" ? "masters" : r).size())),
          safe(r == "finkel"), rosette_again(r != "murray"), capture_again(r == "blitz") {
        at[0].assign(static_cast<size_t>(n), 0);
        at[1].assign(static_cast<size_t>(n), 0);
    }
    static bool rosette(const std::string &cell) {
        return cell == "top 1" || cell == "bottom 1" || cell == "middle 4" || cell == "top 7" || cell == "bottom 7";
    }
    int owner_of(const std::string &cell, int *which) const {
        for (int p = 0; p < 2; ++p)
            for (size_t i = 0; i < at[p].size(); ++i)
                if (at[p][i] >= 1 && at[p][i] <= length && route_cell(ruleset, p, at[p][i]) == cell) {
                    *which = static_cast<int>(i);
                    return p;
                }
        return -1;
    }
    static std::string name(int progress, int length) {
        return progress == 0 ? "H" : progress == length + 1 ? "O" : std::to_string(progress);
    }
    std::vector<std::string> moves(int roll) const {
        std::set<std::string> out;
        if (roll > 0)
            for (int from : at[to_move]) {
                if (from == length + 1) continue;
                const int to = from + roll;
                if (to > length + 1) continue;
                if (to <= length) {
                    int i = 0;
                    const int who = owner_of(route_cell(ruleset, to_move, to), &i);
                    if (who == to_move) continue;
                    if (who == 1 - to_move && safe && rosette(route_cell(ruleset, to_move, to))) continue;
                }
                out.insert(name(from, length) + "-" + name(to, length));
            }
        std::vector<std::string> v(out.begin(), out.end());
        if (v.empty()) v.push_back("pass");
        return v;
    }
    void play(const std::string &m, int roll) {
        if (m == "pass") {
            to_move = 1 - to_move;
            return;
        }
        const int from = m[0] == 'H' ? 0 : std::stoi(m.substr(0, m.find('-')));
        const int to = from + roll;
        bool again = false;
        if (to <= length) {
            const std::string cell = route_cell(ruleset, to_move, to);
            int i = 0;
            if (owner_of(cell, &i) == 1 - to_move) {
                at[1 - to_move][static_cast<size_t>(i)] = 0;
                again = capture_again;
            }
            again = again || (rosette_again && rosette(cell));
        }
        *std::find(at[to_move].begin(), at[to_move].end(), from) = to;
        if (std::count(at[to_move].begin(), at[to_move].end(), length + 1) == pieces) {
            over = true;
            return;
        }
        if (!again) to_move = 1 - to_move;
    }
};

}  // namespace

TEST_SUITE("ur rules") {

    TEST_CASE("The board: a block of 3 x 4 squares, a bridge of 2 and a block of 3 x 2, 20 squares, 5 rosettes") {
        int rosettes = 0;
        for (int cell = 0; cell < St::cells; ++cell) rosettes += Ur::is_rosette(cell);
        CHECK(rosettes == 5);
        CHECK(Ur::cell_name(0) == "top 1");
        CHECK(Ur::is_rosette(11));  // middle 4, the central rosette
        std::set<int> used;
        for (const std::string &r : all_rulesets) {
            const auto o = options(r);
            for (int p = 0; p < 2; ++p)
                for (int k = 1; k <= o.route_length; ++k) used.insert(o.cell[p][k]);
        }
        CHECK(used.size() == 20);
        for (int cell : used) CHECK((cell / 8 == 1 || cell % 8 < 4 || cell % 8 > 5));
    }

    TEST_CASE("Each ruleset's route, square by square, for both players") {
        for (const std::string &r : all_rulesets) {
            CAPTURE(r);
            const auto o = options(r);
            CHECK(o.route_length == static_cast<int>(routes0.at(r == "blitz" ? "masters" : r).size()));
            for (int p = 0; p < 2; ++p)
                for (int k = 1; k <= o.route_length; ++k)
                    CHECK(Ur::cell_name(Ur::cell_of(o, p, k)) == route_cell(r, p, k));
        }
        CHECK(options("finkel").route_length == 14);
        CHECK(options("masters").route_length == 16);
        CHECK(options("murray").route_length == 27);
    }

    TEST_CASE("Each player has 7 pieces in hand at the start (Blitz 5); the option pieces changes it") {
        CHECK(Ur::initial(options("finkel")).count(0, St::hand) == 7);
        CHECK(Ur::initial(options("blitz")).count(1, St::hand) == 5);
        CHECK(Ur::initial(options("finkel", {{"pieces", 3}})).count(0, St::hand) == 3);
        CHECK(status_of([] { options("finkel", {{"pieces", 8}}); }) == Status::invalid_option);
        CHECK(Ur::initial(options("finkel", {{"first_player", 1}})).to_move == 1);
    }

    TEST_CASE("Four binary dice: the throw moves as many squares as marked tips are up, 0..4, binomially") {
        Table t(options("finkel"));
        CHECK(t.game.chance_outcomes().size() == 5);
        CHECK(t.game.chance_outcomes()[2]["probability"].get<double>() == doctest::Approx(6.0 / 16));
        t.dice(1, 0, 1, 1);
        CHECK(t.s().roll == 3);
        CHECK(t.moves() == std::vector<std::string>{"H-3"});
        Table u(options("finkel"));
        CHECK(status_of([&] { u.dice(1, 0, 1); }) == Status::invalid_argument);
        CHECK(status_of([&] { u.dice(1, 0, 2, 0); }) == Status::invalid_argument);
        std::map<int, int> seen;
        for (int i = 0; i < 1600; ++i) {
            std::unique_ptr<Game> g = new_game("ur", {{"seed", i}});
            const auto d = g->roll();
            REQUIRE(d.size() == 4);
            ++seen[d[0] + d[1] + d[2] + d[3]];
        }
        CHECK(seen[2] > seen[1]);
        CHECK(seen[1] > seen[0]);
    }

    TEST_CASE("masters: three binary dice, a throw of none marked moves 4") {
        Table t(options("masters"));
        CHECK(t.game.chance_outcomes().size() == 4);
        t.dice(0, 0, 0);
        CHECK(t.s().roll == 4);
        CHECK(t.moves() == std::vector<std::string>{"H-4"});
        Table f(options("finkel", {{"dice", 3}}));
        f.dice(0, 1, 0);
        CHECK(f.s().roll == 1);
    }

    TEST_CASE("A throw of 0, or a throw no piece can move by, passes the turn") {
        Table t(options("finkel"));
        throw4(t, 0);
        CHECK(t.moves() == std::vector<std::string>{"pass"});
        t.play("pass");
        CHECK(t.s().to_move == 1);
        // Player 0's only piece one square from the end: a throw of 3 moves nothing.
        Table u(options("finkel", {{"pieces", 1}}), position(options("finkel", {{"pieces", 1}}), {{14, 1}}, {}));
        throw4(u, 3);
        CHECK(u.moves() == std::vector<std::string>{"pass"});
    }

    TEST_CASE("A piece enters from the hand onto the square of its route numbered by the throw") {
        Table t(options("finkel"));
        throw4(t, 4);
        t.play("H-4");
        CHECK(t.at(0, 4) == 1);
        CHECK(t.at(0, St::hand) == 6);
    }

    TEST_CASE("A piece never lands on a square its own piece holds") {
        const auto o = options("finkel");
        Table t(o, position(o, {{2, 1}, {5, 1}}, {}));
        throw4(t, 3);
        CHECK_FALSE(has(t.moves(), "2-5"));
        CHECK(has(t.moves(), "5-8"));
        CHECK(has(t.moves(), "H-3"));
        Table entry(o, position(o, {{2, 1}}, {}));
        throw4(entry, 2);
        CHECK_FALSE(has(entry.moves(), "H-2"));
    }

    TEST_CASE("murray: the route passes squares twice, and a piece is blocked by its own piece on the same square at "
              "another progress") {
        const auto o = options("murray");
        CHECK(Ur::cell_of(o, 0, 1) == Ur::cell_of(o, 0, 27));
        Table t(o, position(o, {{25, 1}}, {}));  // bottom 2 is progress 3 too
        throw4(t, 3);
        CHECK_FALSE(has(t.moves(), "H-3"));
    }

    TEST_CASE("Landing on an opposing piece in the shared squares captures it: back to its owner's hand") {
        const auto o = options("finkel");
        Table t(o, position(o, {{3, 1}}, {{6, 1}}));
        throw4(t, 3);
        t.play("3-6");
        CHECK(t.at(1, 6) == 0);
        CHECK(t.at(1, St::hand) == 7);
        CHECK(t.s().to_move == 1);  // a capture gives no extra roll in Finkel's rules
    }

    TEST_CASE("The own squares are never shared: the players' first four squares are different cells") {
        const auto o = options("finkel");
        Table t(o, position(o, {}, {{2, 1}}));
        throw4(t, 2);
        t.play("H-2");
        CHECK(t.at(1, 2) == 1);
    }

    TEST_CASE("finkel: a piece on the central rosette cannot be captured") {
        const auto o = options("finkel");
        Table t(o, position(o, {{5, 1}}, {{8, 1}}));
        throw4(t, 3);
        CHECK_FALSE(has(t.moves(), "5-8"));
        CHECK(t.moves() == std::vector<std::string>{"H-3"});
    }

    TEST_CASE("masters, blitz, murray: a piece on a rosette can be captured") {
        for (const std::string r : {"masters", "blitz", "murray"}) {
            CAPTURE(r);
            const auto o = options(r);
            Table t(o, position(o, {{5, 1}}, {{8, 1}}));
            if (o.dice == 3)
                t.dice(1, 1, 1);
            else
                throw4(t, 3);
            t.play("5-8");
            CHECK(t.at(1, 8) == 0);
            CHECK(t.at(1, St::hand) == o.pieces);
        }
    }

    TEST_CASE("Landing on a rosette gives another roll (every ruleset but murray)") {
        for (const std::string &r : all_rulesets) {
            CAPTURE(r);
            const auto o = options(r);
            Table t(o);
            if (o.dice == 3)
                t.dice(0, 0, 0);
            else
                throw4(t, 4);
            t.play("H-4");  // square 4, a rosette
            CHECK(t.s().to_move == (r == "murray" ? 1 : 0));
            CHECK(t.game.phase() == Phase::roll);
            Table u(o);
            if (o.dice == 3)
                u.dice(1, 1, 1);
            else
                throw4(u, 3);
            u.play("H-3");
            CHECK(u.s().to_move == 1);
        }
        const auto f = options("finkel");
        Table end(f, position(f, {{12, 1}}, {}));
        throw4(end, 2);
        end.play("12-14");  // the last square, a rosette
        CHECK(end.s().to_move == 0);
        const auto m = options("masters");
        Table twelve(m, position(m, {{9, 1}}, {}));
        twelve.dice(1, 1, 1);
        twelve.play("9-12");  // Masters' route crosses the opponent's rosette at square 12
        CHECK(twelve.s().to_move == 0);
    }

    TEST_CASE("blitz: a capture gives another roll") {
        const auto o = options("blitz");
        Table t(o, position(o, {{3, 1}}, {{6, 1}}));
        throw4(t, 3);
        t.play("3-6");
        CHECK(t.s().to_move == 0);
        CHECK(t.game.phase() == Phase::roll);
    }

    TEST_CASE("A piece is borne off with the exact throw only") {
        const auto o = options("finkel");
        Table t(o, position(o, {{13, 1}, {12, 1}}, {}));
        throw4(t, 2);
        CHECK(has(t.moves(), "13-O"));
        CHECK_FALSE(has(t.moves(), "12-O"));
        Table u(o, position(o, {{13, 1}}, {}));
        throw4(u, 3);
        CHECK_FALSE(has(u.moves(), "13-O"));
        CHECK(u.moves() == std::vector<std::string>{"H-3"});
    }

    TEST_CASE("The first player to bear off every piece wins") {
        const auto o = options("finkel", {{"pieces", 2}});
        St s = position(o, {{14, 1}}, {{3, 1}});
        s.set_count(0, St::hand, 0);
        s.set_count(0, St::off, 1);
        Table t(o, s);
        throw4(t, 1);
        t.play("14-O");
        CHECK(t.game.result() == Result::player0_won);
        CHECK(t.game.end_reason() == EndReason::borne_off);
        CHECK(t.position()["end_reason"] == "borne_off");
    }

    TEST_CASE("Text notation: FROM-TO with H, the route's squares and O; the move's JSON names the cells") {
        const auto o = options("finkel");
        CHECK(Ur::action_text(o, Ur::make_action(0, 3)) == "H-3");
        CHECK(Ur::action_text(o, Ur::make_action(13, St::off)) == "13-O");
        CHECK(Ur::parse_action(o, "13-O") == Ur::make_action(13, St::off));
        CHECK(status_of([&] { Ur::parse_action(o, "15-O"); }) == Status::invalid_move);
        CHECK(status_of([&] { Ur::parse_action(o, "5-3"); }) == Status::invalid_move);
        CHECK(Ur::parse_action(options("murray"), "26-27") == Ur::make_action(26, 27));
        Table t(o, position(o, {{3, 1}}, {{6, 1}}));
        throw4(t, 3);
        const json m = Ur::action_json(o, t.s(), Ur::make_action(3, 6));
        CHECK(m["kind"] == "move");
        CHECK(m["from_name"] == "3");
        CHECK(m["to_name"] == "6");
        CHECK(m["captured_count"] == 1);
        CHECK(m["from_cell"] == "bottom 2");
        CHECK(m["to_cell"] == "middle 2");
    }

    TEST_CASE("Undo restores the position before the move and before the roll") {
        std::unique_ptr<Game> g = new_game("ur", {{"seed", 3}});
        const json start = g->to_json()["position"];
        g->roll();
        const json rolled = g->to_json()["position"];
        std::vector<Action> moves;
        g->legal_actions(moves);
        g->apply_action(moves.front());
        g->undo();
        CHECK(g->to_json()["position"] == rolled);
        g->undo();
        CHECK(g->to_json()["position"] == start);
    }

    TEST_CASE("Save and restore: a game in every phase loads again") {
        for (const std::string &r : all_rulesets) {
            CAPTURE(r);
            ludus::testing::check_random_games_load_again("ur", {{"ruleset", r}}, 20,
                                                          [](int g) { return static_cast<uint32_t>(g * 13); });
        }
    }

    TEST_CASE("Save and restore round trips over 1,000 random games, every ruleset" * doctest::test_suite("slow")) {
        int games = 0;
        for (const std::string &r : all_rulesets)
            for (uint64_t seed = 1; seed <= 250; ++seed, ++games) {
                std::unique_ptr<Game> g = new_game("ur", {{"ruleset", r}, {"seed", seed}, {"pieces", 1 + seed % 7}});
                g->random_playout(seed, seed % 3 == 0 ? 100000 : static_cast<uint32_t>(seed * 7 % 300));
                if (seed % 2 == 0 && g->phase() == Phase::roll) g->roll();
                const json saved = g->to_json();
                std::unique_ptr<Game> back = game_from_json(saved);
                REQUIRE(back->to_json() == saved);
                if (back->phase() != Phase::over)
                    CHECK(back->random_playout(seed + 1, 100000).result ==
                          g->clone()->random_playout(seed + 1, 100000).result);
            }
        CHECK(games == 1000);
    }

    TEST_CASE("Restoring refuses positions the rules cannot reach, naming the field") {
        const auto o = options("finkel");
        json pos = Ur::position_json(o, position(o, {{6, 1}}, {}));
        pos["track"][1][5] = 1;  // both players on middle 2
        pos["hand"][1] = 6;
        CHECK(status_of([&] { Ur::position_from_json(o, pos, "position"); }) == Status::invalid_state);
        json two = Ur::position_json(o, position(o, {{6, 2}}, {}));
        CHECK(status_of([&] { Ur::position_from_json(o, two, "position"); }) == Status::invalid_state);
        json dice = Ur::position_json(o, position(o, {}, {}));
        dice["dice"] = {1, 1, 0, 0};
        dice["phase"] = "move";
        dice["roll"] = 3;
        CHECK(status_of([&] { Ur::position_from_json(o, dice, "position"); }) == Status::invalid_state);
        dice["roll"] = 2;
        CHECK(status_of([&] { Ur::position_from_json(o, dice, "position"); }) == Status::ok);
    }

    TEST_CASE("Whole games against a naive reference, move by move, every ruleset" * doctest::test_suite("slow")) {
        int positions = 0;
        for (const std::string &r : all_rulesets)
            for (uint64_t seed = 1; seed <= 100; ++seed) {
                CAPTURE(r);
                CAPTURE(seed);
                const int pieces = seed % 4 == 0 ? 3 : r == "blitz" ? 5 : 7;
                const auto o = options(r, {{"seed", seed}, {"pieces", pieces}});
                RulesGame<Ur> g(services_of<Ur>(), o, Ur::initial(o));
                Reference ref(r, pieces);
                Rng rng{seed * 31};
                int plies = 0;
                while (g.phase() != Phase::over && plies < 3000) {
                    REQUIRE(g.to_move() == ref.to_move);
                    g.roll();
                    const int roll = g.state().roll;
                    const auto moves = ludus::testing::move_texts(g);
                    REQUIRE(moves == ref.moves(roll));
                    const std::string m = moves[rng.below(static_cast<uint32_t>(moves.size()))];
                    g.apply_event({{"text", m}}, "move");
                    ref.play(m, roll);
                    ++plies, ++positions;
                    for (int p = 0; p < 2; ++p) {
                        std::vector<int> mine;
                        for (int k = 0; k <= St::off; ++k)
                            for (int c = 0; c < g.state().count(p, k); ++c)
                                mine.push_back(k == St::off ? o.route_length + 1 : k);
                        std::vector<int> theirs = ref.at[p];
                        std::sort(theirs.begin(), theirs.end());
                        CHECK(mine == theirs);
                    }
                }
                CHECK(g.phase() == Phase::over);
                CHECK(ref.over);
            }
        CHECK(positions > 10000);
    }

    TEST_CASE("The catalogue lists the rulesets with their sources, the options with their ranges") {
        const json cat = Ur::options_catalogue();
        CHECK(cat["ruleset"]["values"] == json{"finkel", "masters", "blitz", "murray"});
        CHECK(cat["ruleset"]["default"] == "finkel");
        CHECK(cat["pieces"]["max"] == 7);
        CHECK(cat["dice"]["values"] == json{0, 3, 4});
    }

    TEST_CASE("The picture's trays lie along the board's ends, their pieces inside them") {
        // (laid along the race layout's twelve columns they overhung both ends of the board by two
        // cells: the web app's board came out smaller, its trays past the board)
        for (const std::string &r : all_rulesets)
            for (const bool pieces : {true, false}) {
                CAPTURE(r);
                CAPTURE(pieces);
                const auto o = options(r);
                St s = Ur::initial(o);  // every piece in hand
                const json drawn = {{"pieces", pieces}};
                CHECK(ludus::testing::check_trays_along_the_board(Ur::render_svg(o, s, LastMove<St>{}, drawn)) == 4);
                std::swap(s.in_hand, s.borne_off);  // every piece borne off
                CHECK(ludus::testing::check_trays_along_the_board(Ur::render_svg(o, s, LastMove<St>{}, drawn)) == 4);
            }
    }

    TEST_CASE("The computer players choose legal moves at every level and every ruleset") {
        for (const std::string &r : all_rulesets)
            for (const std::string level : {"random", "greedy", "easy", "medium", "best", "uct"}) {
                CAPTURE(r);
                CAPTURE(level);
                std::unique_ptr<Game> g = new_game("ur", {{"ruleset", r}, {"seed", 5}});
                g->random_playout(9, 20);
                if (g->phase() == Phase::over) continue;
                if (g->phase() == Phase::roll) g->roll();
                json ao = {{"level", level}, {"seed", 1}};
                if (level == "best" || level == "uct") ao["max_time_ms"] = 30;
                const json choice = g->ai_choose(ao);
                CHECK_NOTHROW(play_move(*g, choice.dump()));
            }
    }

    TEST_CASE("medium beats random in at least 30 of 40 games of Finkel's rules" * doctest::test_suite("slow")) {
        int wins = 0;
        for (int game = 0; game < 40; ++game) {
            std::unique_ptr<Game> g = new_game("ur", {{"seed", game}});
            const int medium = game % 2;
            while (g->phase() != Phase::over) {
                if (g->phase() == Phase::roll) {
                    g->roll();
                    continue;
                }
                const std::string level = g->to_move() == medium ? "medium" : "random";
                play_move(*g, g->ai_choose({{"level", level}, {"seed", game}}).dump());
            }
            wins += (g->result() == Result::player0_won) == (medium == 0);
        }
        CHECK(wins >= 30);
    }

}  // TEST_SUITE

TEST_CASE("A state's count at a position: the counts in hand and borne off, a bit on the route") {
    St s;
    s.set_count(1, St::hand, 5);
    s.set_count(1, St::off, 2);
    s.set_count(1, 27, 1);
    s.set_count(1, 1, 1);
    CHECK(s.count(1, St::hand) == 5);
    CHECK(s.count(1, St::off) == 2);
    CHECK(s.count(1, 27) == 1);
    CHECK(s.count(1, 1) == 1);
    CHECK(s.count(1, 2) == 0);
    CHECK(s.on_route[1] == ((uint32_t{1} << 27) | 2u));
    s.set_count(1, 27, 0);  // the square alone emptied
    CHECK(s.on_route[1] == 2u);
    CHECK(s.count(1, 1) == 1);
    for (int k = St::hand; k <= St::off; ++k) CHECK(s.count(0, k) == 0);  // the other player's untouched
}
