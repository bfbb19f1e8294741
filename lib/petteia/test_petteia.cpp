// The rules of Petteia (docs/rules/petteia.md), one test case per rule sentence, plus perft
// counts checked against a deliberately naive reference implementation of the same page.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "petteia/petteia.hpp"
#include "core_test_support.hpp"
#include "registry.hpp"

using namespace ludus;
using ludus::testing::message_of;
using ludus::testing::move_texts;
using ludus::testing::status_of;
using PGame = RulesGame<PetteiaRules>;
using POptions = PetteiaOptions;
using PState = PetteiaState;
using Diagram = std::vector<std::string>;  // drawn as seen by player 0: first line = last rank

namespace {

json with_seed(json o) {
    if (!o.contains("seed")) o["seed"] = 1;
    return o;
}

POptions options(const json &o = json::object()) { return PetteiaRules::parse_options(with_seed(o)); }

json position_of(const Diagram &d, int to_move, uint32_t plies = 0) {
    json ranks = json::array();
    int counts[2] = {0, 0};
    for (auto it = d.rbegin(); it != d.rend(); ++it) {
        ranks.push_back(*it);
        for (char c : *it)
            if (c == '0' || c == '1') ++counts[c - '0'];
    }
    return {{"ranks", ranks},      {"pieces", {counts[0], counts[1]}}, {"to_move", to_move},       {"phase", "move"},
            {"result", "ongoing"}, {"plies_without_capture", plies},   {"rng", "0000000000000001"}};
}

std::unique_ptr<PGame> game_at(const Diagram &d, int to_move, const json &opts = json::object()) {
    json o = opts;
    o["rows"] = static_cast<int>(d.size());
    o["cols"] = static_cast<int>(d[0].size());
    POptions po = options(o);
    return bound_game<PetteiaRules>(po, PetteiaRules::position_from_json(po, position_of(d, to_move), "position"));
}

std::unique_ptr<PGame> new_petteia(const json &opts = json::object()) {
    return bound_game<PetteiaRules>(options(opts), PetteiaRules::initial(options(opts)));
}

Diagram diagram(const Game &g) {
    json ranks = g.to_json()["position"]["ranks"];
    Diagram d;
    for (auto it = ranks.rbegin(); it != ranks.rend(); ++it) d.push_back(it->get<std::string>());
    return d;
}

std::vector<std::string> moves_from(const Game &g, const std::string &square) {
    std::vector<std::string> out;
    for (const std::string &t : move_texts(g))
        if (t.substr(0, t.find('-')) == square) out.push_back(t);
    return out;
}

std::vector<std::string> sorted(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
}

void play(Game &g, const std::string &move) { play_move(g, move); }

// A square diagram turned a quarter clockwise: its top rank becomes its last file.
Diagram turned(const Diagram &d) {
    const size_t n = d.size();
    Diagram t(n, std::string(n, '.'));
    for (size_t row = 0; row < n; ++row)
        for (size_t col = 0; col < n; ++col) t[col][n - 1 - row] = d[row][col];
    return t;
}

// The name of a square of a board of n x n turned as above ("a4" -> "d7" on 7 x 7).
std::string turned(const std::string &square, int n) {
    const int col = square[0] - 'a', row = n - std::stoi(square.substr(1));  // as in the diagram
    return std::string(1, static_cast<char>('a' + n - 1 - row)) + std::to_string(n - col);
}

json pos_json(const Game &g) { return g.to_json()["position"]; }

// ---- A naive reference implementation, written from docs/rules/petteia.md alone ------------

namespace ref {

struct Pos {
    std::vector<std::string> b;  // b[rank][file], rank 0 = rank 1; '.', '0', '1'
    char turn = '0';
    char winner = 0;  // 0 while the game goes on, else '0' or '1'
};

struct Move {
    int r0, f0, r1, f1;
};

int rows(const Pos &p) { return static_cast<int>(p.b.size()); }
int cols(const Pos &p) { return static_cast<int>(p.b[0].size()); }
bool inside(const Pos &p, int r, int f) { return r >= 0 && r < rows(p) && f >= 0 && f < cols(p); }

const int dr[4] = {1, -1, 0, 0};
const int df[4] = {0, 0, -1, 1};

// Every piece of the player to move, any number of empty squares along a rank or file.
std::vector<Move> moves(const Pos &p) {
    std::vector<Move> out;
    if (p.winner) return out;
    for (int r = 0; r < rows(p); ++r)
        for (int f = 0; f < cols(p); ++f) {
            if (p.b[r][f] != p.turn) continue;
            for (int d = 0; d < 4; ++d)
                for (int k = 1;; ++k) {
                    int rr = r + k * dr[d], ff = f + k * df[d];
                    if (!inside(p, rr, ff) || p.b[rr][ff] != '.') break;
                    out.push_back({r, f, rr, ff});
                }
        }
    return out;
}

int count(const Pos &p, char who) {
    int n = 0;
    for (const auto &row : p.b) n += static_cast<int>(std::count(row.begin(), row.end(), who));
    return n;
}

std::string square(int r, int f) { return std::string(1, static_cast<char>('a' + f)) + std::to_string(r + 1); }
std::string text(const Move &m) { return square(m.r0, m.f0) + "-" + square(m.r1, m.f1); }

Pos after(Pos p, const Move &m, int *captured = nullptr) {
    const char me = p.turn, foe = me == '0' ? '1' : '0';
    p.b[m.r0][m.f0] = '.';
    p.b[m.r1][m.f1] = me;
    int n = 0;
    for (int d = 0; d < 4; ++d) {
        int ra = m.r1 + dr[d], fa = m.f1 + df[d], rb = m.r1 + 2 * dr[d], fb = m.f1 + 2 * df[d];
        if (inside(p, ra, fa) && inside(p, rb, fb) && p.b[ra][fa] == foe && p.b[rb][fb] == me) {
            p.b[ra][fa] = '.';
            ++n;
        }
    }
    if (captured) *captured = n;
    p.turn = foe;
    if (count(p, foe) <= 1 || moves(p).empty()) p.winner = me;
    return p;
}

Pos start(int R, int C) {
    Pos p;
    for (int r = 0; r < R; ++r) p.b.push_back(std::string(C, r < 2 ? '0' : r >= R - 2 ? '1' : '.'));
    return p;
}

uint64_t perft(const Pos &p, int depth) {
    if (depth == 0) return 1;
    uint64_t n = 0;
    for (const Move &m : moves(p)) n += perft(after(p, m), depth - 1);
    return n;
}

}  // namespace ref

template <class Rules>
uint64_t engine_perft(const POptions &o, const typename Rules::State &s, int depth) {
    if (depth == 0) return 1;
    if (Rules::phase(s) == Phase::over) return 0;
    std::vector<Action> actions;
    Rules::legal_actions(o, s, actions);
    uint64_t n = 0;
    for (Action a : actions) {
        typename Rules::State t = s;
        Rules::apply(o, t, a);
        n += engine_perft<Rules>(o, t, depth - 1);
    }
    return n;
}

// The same count through the Game interface: apply_action and undo.
uint64_t game_perft(PGame &g, int depth) {
    if (depth == 0) return 1;
    std::vector<Action> actions;
    g.legal_actions(actions);
    uint64_t n = 0;
    for (Action a : actions) {
        g.apply_action(a);
        n += game_perft(g, depth - 1);
        g.undo();
    }
    return n;
}

ref::Pos ref_of(const Game &g) {
    ref::Pos p;
    json pos = pos_json(g);
    for (const auto &r : pos["ranks"]) p.b.push_back(r.get<std::string>());
    p.turn = static_cast<char>('0' + pos["to_move"].get<int>());
    const std::string result = pos["result"].get<std::string>();
    p.winner = result == "player 0 won" ? '0' : result == "player 1 won" ? '1' : 0;
    return p;
}

}  // namespace

// =========================================================================================
// Board and start
// =========================================================================================

TEST_CASE("A chequered board of rows x cols squares: options rows and cols, default 8 x 8") {
    auto g = new_petteia();
    Diagram d = diagram(*g);
    CHECK(d.size() == 8);
    for (const auto &r : d) CHECK(r.size() == 8);
    CHECK(g->options().rows == 8);
    CHECK(g->options().cols == 8);

    auto h = new_petteia({{"rows", 11}, {"cols", 4}});
    d = diagram(*h);
    CHECK(d.size() == 11);
    for (const auto &r : d) CHECK(r.size() == 4);
}

TEST_CASE("allowed 5..26 rows and 3..26 columns") {
    for (int rows : {5, 6, 13, 26})
        for (int cols : {3, 4, 17, 26}) {
            CAPTURE(rows);
            CAPTURE(cols);
            auto g = new_petteia({{"rows", rows}, {"cols", cols}});
            CHECK(diagram(*g).size() == static_cast<size_t>(rows));
            CHECK(diagram(*g)[0].size() == static_cast<size_t>(cols));
            // every front-rank piece has rows-4 steps forward, every back-rank piece none
            CHECK(move_texts(*g).size() == static_cast<size_t>(cols * (rows - 4)));
        }
    for (const json &bad : {json{{"rows", 4}}, json{{"rows", 27}}, json{{"rows", 0}}, json{{"rows", -5}},
                            json{{"rows", "8"}}, json{{"rows", 8.0}}, json{{"rows", true}}}) {
        CAPTURE(bad.dump());
        CHECK(status_of([&] { options(bad); }) == Status::invalid_option);
        CHECK(message_of([&] { options(bad); }).find("rows") != std::string::npos);
    }
    for (const json &bad :
         {json{{"cols", 2}}, json{{"cols", 27}}, json{{"cols", nullptr}}, json{{"cols", json::array()}}}) {
        CAPTURE(bad.dump());
        CHECK(status_of([&] { options(bad); }) == Status::invalid_option);
        CHECK(message_of([&] { options(bad); }).find("cols") != std::string::npos);
    }
    // the largest board reaches square z26
    auto big = new_petteia({{"rows", 26}, {"cols", 26}});
    CHECK(big->action_text(big->parse_action("z2-z24")) == "z2-z24");
    CHECK(status_of([&] { big->parse_action("z2-z27"); }) == Status::invalid_move);
}

TEST_CASE("Each player fills the two ranks nearest to them: player 0 ranks 1 and 2, player 1 the last two ranks") {
    CHECK(diagram(*new_petteia()) ==
          Diagram{"11111111", "11111111", "........", "........", "........", "........", "00000000", "00000000"});
    CHECK(diagram(*new_petteia({{"rows", 7}, {"cols", 3}})) ==
          Diagram{"111", "111", "...", "...", "...", "000", "000"});
    CHECK(diagram(*new_petteia({{"rows", 5}, {"cols", 4}})) == Diagram{"1111", "1111", "....", "0000", "0000"});
}

TEST_CASE("So 2 x cols pieces each (16 on 8 x 8)") {
    CHECK(pos_json(*new_petteia())["pieces"] == json{16, 16});
    CHECK(pos_json(*new_petteia({{"cols", 3}}))["pieces"] == json{6, 6});
    CHECK(pos_json(*new_petteia({{"rows", 26}, {"cols", 26}}))["pieces"] == json{52, 52});
}

TEST_CASE("Option first_player: 0, 1 or \"random\" (default 0)") {
    CHECK(new_petteia()->to_move() == 0);
    CHECK(new_petteia({{"first_player", 0}})->to_move() == 0);
    auto one = new_petteia({{"first_player", 1}});
    CHECK(one->to_move() == 1);
    for (const std::string &t : move_texts(*one)) CHECK(t[1] == '7');  // player 1's front rank
    for (const json &bad :
         {json(2), json(-1), json("Random"), json("0"), json(nullptr), json(true), json(1.0), json(0.0)}) {
        CAPTURE(bad.dump());
        CHECK(status_of([&] { options({{"first_player", bad}}); }) == Status::invalid_option);
        CHECK(message_of([&] { options({{"first_player", bad}}); }).find("first_player") != std::string::npos);
    }
}

TEST_CASE("\"random\" uses the game's seeded generator: two seeds that give different first players") {
    std::set<int> seen;
    uint64_t seed_of[2] = {0, 0};
    for (uint64_t seed = 0; seed < 64; ++seed) {
        const int first = new_petteia({{"first_player", "random"}, {"seed", seed}})->to_move();
        REQUIRE((first == 0 || first == 1));
        for (int again = 0; again < 3; ++again)  // the same seed always draws the same lot
            CHECK(new_petteia({{"first_player", "random"}, {"seed", seed}})->to_move() == first);
        if (!seen.count(first)) seed_of[first] = seed;
        seen.insert(first);
    }
    REQUIRE(seen.size() == 2);
    MESSAGE("first player 0 with seed " << seed_of[0] << ", first player 1 with seed " << seed_of[1]);
    // Recorded once found: a change of the generator or of the draw is noticed.
    CHECK(new_petteia({{"first_player", "random"}, {"seed", 0}})->to_move() == 1);
    CHECK(new_petteia({{"first_player", "random"}, {"seed", 3}})->to_move() == 0);
    // the option is saved as given, and a restored game continues alike
    auto g = new_petteia({{"first_player", "random"}, {"seed", 3}});
    CHECK(g->to_json()["options"]["first_player"] == "random");
    auto h = game_from_json(g->to_json());
    CHECK(h->to_move() == g->to_move());
}

// =========================================================================================
// Moves
// =========================================================================================

TEST_CASE("A turn moves exactly one piece of the player to move, any number of empty squares in a straight line along "
          "a rank or a file") {
    auto g = game_at({"1.....1",  //
                      ".......",  //
                      ".......",  //
                      "...0...",  //
                      ".......",  //
                      ".......",  //
                      "0......"},
                     0);
    CHECK(moves_from(*g, "d4") == sorted({"d4-d5", "d4-d6", "d4-d7", "d4-d3", "d4-d2", "d4-d1", "d4-c4", "d4-b4",
                                          "d4-a4", "d4-e4", "d4-f4", "d4-g4"}));
    CHECK(moves_from(*g, "a1") ==
          sorted({"a1-a2", "a1-a3", "a1-a4", "a1-a5", "a1-a6", "a1-b1", "a1-c1", "a1-d1", "a1-e1", "a1-f1", "a1-g1"}));
    CHECK(move_texts(*g).size() == 23);                                    // only the pieces of the player to move
    CHECK(status_of([&] { play(*g, "a7-a6"); }) == Status::illegal_move);  // a piece of the other player
    CHECK(status_of([&] { play(*g, "d4-e5"); }) == Status::illegal_move);  // diagonal
    CHECK(status_of([&] { play(*g, "d4-e6"); }) == Status::illegal_move);  // knight-like
    CHECK(status_of([&] { play(*g, "c3-c4"); }) == Status::illegal_move);  // an empty square
    // exactly one piece moves
    play(*g, "d4-d7");
    CHECK(diagram(*g) == Diagram{"1..0..1", ".......", ".......", ".......", ".......", ".......", "0......"});
    CHECK(g->to_move() == 1);
}

TEST_CASE("It can neither land on nor jump over another piece") {
    auto g = game_at({"1.....1",  //
                      ".......",  //
                      "..0....",  //
                      ".......",  //
                      "..0.1..",  //
                      ".......",  //
                      "......."},
                     0);
    CHECK(moves_from(*g, "c3") == sorted({"c3-c4", "c3-c2", "c3-c1", "c3-b3", "c3-a3", "c3-d3"}));
    for (const char *m : {"c3-c5", "c3-c6", "c3-c7", "c3-e3", "c3-f3", "c3-g3", "c5-c3", "c5-c2"}) {
        CAPTURE(m);
        CHECK(status_of([&] { play(*g, m); }) == Status::illegal_move);
    }
    // the other player is blocked alike
    auto h = game_at({"1.1....",  //
                      ".......",  //
                      ".......",  //
                      ".......",  //
                      ".......",  //
                      "0......",  //
                      "0......"},
                     1);
    CHECK(moves_from(*h, "a7") == sorted({"a7-a6", "a7-a5", "a7-a4", "a7-a3", "a7-b7"}));
}

// =========================================================================================
// Capture
// =========================================================================================

TEST_CASE("Custodian capture: an adjacent enemy with a piece of the mover beyond it is captured, in each of the four "
          "directions") {
    // One capture (a4-d4 takes d5 against d6), turned a quarter at a time to face each direction.
    Diagram before = {"1.....1", "...0...", "...1...", "0......", ".......", ".......", "......."};
    Diagram after = {"1.....1", "...0...", ".......", "...0...", ".......", ".......", "......."};
    std::string from = "a4", to = "d4", captured = "d5";
    for (const char *direction : {"up", "right", "down", "left"}) {
        SUBCASE(direction) {
            auto g = game_at(before, 0);
            const std::string move = from + "-" + to;
            CHECK(g->action_json(g->parse_action(move))["captures"] == json{captured});
            play(*g, move);
            CHECK(diagram(*g) == after);
            CHECK(pos_json(*g)["pieces"] == json{2, 2});
            CHECK(g->result() == Result::ongoing);
        }
        before = turned(before), after = turned(after);
        from = turned(from, 7), to = turned(to, 7), captured = turned(captured, 7);
    }
    // the same for player 1
    auto h = game_at({".......", ".......", ".......", "......1", "...0...", "...1...", "0.....0"}, 1);
    play(*h, "g4-d4");
    CHECK(diagram(*h) == Diagram{".......", ".......", ".......", "...1...", ".......", "...1...", "0.....0"});
    CHECK(pos_json(*h)["pieces"] == json{2, 2});
}

TEST_CASE("The captured enemy is removed at once, before the other player moves") {
    auto g = game_at({"1.....1", "...0...", "...1...", "0......", ".......", ".......", "......."}, 0);
    play(*g, "a4-d4");
    CHECK(g->to_move() == 1);
    CHECK(moves_from(*g, "d5").empty());  // the captured piece is gone, not waiting to be removed
    CHECK(diagram(*g)[2] == ".......");
}

TEST_CASE("All such enemies (up to three) are captured together") {
    auto g = game_at({"1.....1",  //
                      "...0...",  //
                      "...1...",  //
                      ".01.10.",  //
                      ".......",  //
                      ".......",  //
                      "...0..."},
                     0);
    const Action a = g->parse_action("d1-d4");
    json captures = g->action_json(a)["captures"];
    std::set<std::string> got;
    for (const auto &c : captures) got.insert(c.get<std::string>());
    CHECK(captures.size() == 3);
    CHECK(got == std::set<std::string>{"d5", "c4", "e4"});
    play(*g, "d1-d4");
    CHECK(diagram(*g) == Diagram{"1.....1", "...0...", ".......", ".0.0.0.", ".......", ".......", "......."});
    CHECK(pos_json(*g)["pieces"] == json{4, 2});
    CHECK(pos_json(*g)["plies_without_capture"] == 0);
    CHECK(g->result() == Result::ongoing);  // two pieces left: not yet lost
}

TEST_CASE("Only the moving piece captures") {
    // 1's d4 sits between 0's d3 and d5 (it entered safely). A 0 piece arriving beside it on
    // the other line (c4, nothing of 0 on e4) does not capture it.
    auto g = game_at({"1.....1",  //
                      ".......",  //
                      "...0...",  //
                      "...1...",  //
                      "...0...",  //
                      ".......",  //
                      "..0...."},
                     0);
    CHECK(g->action_json(g->parse_action("c1-c4"))["captures"] == json::array());
    play(*g, "c1-c4");
    CHECK(diagram(*g)[3] == "..01...");
    CHECK(pos_json(*g)["pieces"] == json{3, 3});
    // A 1 piece moving does not let 0's pieces capture either.
    play(*g, "a7-a6");
    CHECK(diagram(*g)[3] == "..01...");
    // Nor does a move of a flanker elsewhere
    play(*g, "d5-e5");
    CHECK(diagram(*g)[3] == "..01...");
}

TEST_CASE("A piece may move between two enemies without harm, and it stays safe there afterwards until it is flanked "
          "anew by a move of the enemy") {
    auto g = game_at({"1.....1",  //
                      ".......",  //
                      "...0...",  //
                      "......1",  //
                      "...0...",  //
                      ".......",  //
                      "0......"},
                     1);
    CHECK(g->action_json(g->parse_action("g4-d4"))["captures"] == json::array());
    play(*g, "g4-d4");  // between d5 and d3 of player 0
    CHECK(diagram(*g) == Diagram{"1.....1", ".......", "...0...", "...1...", "...0...", ".......", "0......"});
    CHECK(pos_json(*g)["pieces"] == json{3, 3});
    play(*g, "a1-a2");  // an unrelated move of the enemy
    CHECK(diagram(*g)[3] == "...1...");
    play(*g, "a7-a6");
    play(*g, "d5-e5");  // a flanker leaves...
    CHECK(diagram(*g)[3] == "...1...");
    play(*g, "a6-a7");
    CHECK(g->action_json(g->parse_action("e5-d5"))["captures"] == json{"d4"});
    play(*g, "e5-d5");  // ...and comes back: flanked anew by a move of the enemy
    CHECK(diagram(*g) == Diagram{"1.....1", ".......", "...0...", ".......", "...0...", "0......", "......."});
    CHECK(pos_json(*g)["pieces"] == json{3, 2});
}

TEST_CASE("Only single enemies are taken: two enemies in a row between two of the mover's pieces are not") {
    auto g = game_at({"1.....1",  //
                      ".......",  //
                      ".......",  //
                      ".011...",  //
                      ".......",  //
                      ".......",  //
                      "....0.."},
                     0);
    CHECK(g->action_json(g->parse_action("e1-e4"))["captures"] == json::array());
    play(*g, "e1-e4");
    CHECK(diagram(*g)[3] == ".0110..");
    CHECK(pos_json(*g)["pieces"] == json{2, 4});
    // vertically too
    auto h = game_at({"1.....1", "...0...", "...1...", "...1...", ".......", ".......", "0.....0"}, 0);
    play(*h, "a1-a3");
    play(*h, "a7-a6");
    play(*h, "a3-d3");
    CHECK(diagram(*h) == Diagram{"......1", "1..0...", "...1...", "...1...", "...0...", ".......", "......0"});
    CHECK(pos_json(*h)["pieces"] == json{3, 4});
}

TEST_CASE("Edges and corners are not hostile") {
    const Diagram d = {"1.....1",  //
                       ".......",  //
                       ".......",  //
                       "1......",  //
                       ".......",  //
                       ".......",  //
                       ".0...00"};
    SUBCASE("edge") {
        auto g = game_at(d, 0);
        play(*g, "b1-b4");  // a4 lies between b4 and the edge
        CHECK(diagram(*g)[3] == "10.....");
        CHECK(pos_json(*g)["pieces"][1] == 3);
    }
    SUBCASE("corner, from below") {
        auto g = game_at(d, 0);
        play(*g, "g1-g6");
        CHECK(diagram(*g)[0] == "1.....1");
        CHECK(pos_json(*g)["pieces"][1] == 3);
    }
    SUBCASE("corner, from the side") {
        auto g = game_at(d, 0);
        play(*g, "f1-f7");
        CHECK(diagram(*g)[0] == "1....01");
        CHECK(pos_json(*g)["pieces"][1] == 3);
    }
    SUBCASE("a piece on the edge is still captured along the edge") {
        auto g = game_at({"1.....1", ".......", "..0....", "1......", "0......", ".......", "......."}, 0);
        play(*g, "c5-a5");
        CHECK(diagram(*g) == Diagram{"1.....1", ".......", "0......", ".......", "0......", ".......", "......."});
    }
}

// =========================================================================================
// End
// =========================================================================================

TEST_CASE("The player reduced to one piece (or none) loses at once; the other wins") {
    SUBCASE("one piece left: player 0 wins") {
        auto g = game_at({"......1", "...0...", "...1...", "0......", ".......", ".......", "......."}, 0);
        play(*g, "a4-d4");
        CHECK(pos_json(*g)["pieces"] == json{2, 1});
        CHECK(g->result() == Result::player0_won);
        CHECK(g->phase() == Phase::over);
        CHECK(g->to_move() == -1);
        CHECK(move_texts(*g).empty());
        CHECK(status_of([&] { g->apply_action(g->parse_action("g7-g6")); }) == Status::game_over);
        CHECK(status_of([&] { play(*g, "g7-g6"); }) == Status::game_over);
        CHECK(status_of([&] { g->agree_draw(); }) == Status::game_over);
    }
    SUBCASE("one piece left: player 1 wins") {
        auto g = game_at({"......1", ".......", ".......", "......1", "...0...", "...1...", "0......"}, 1);
        play(*g, "g4-d4");
        CHECK(pos_json(*g)["pieces"] == json{1, 3});
        CHECK(g->result() == Result::player1_won);
        CHECK(g->phase() == Phase::over);
    }
    SUBCASE("no piece left") {
        auto g = game_at({".......", "...0...", "...1...", "0...10.", ".......", ".......", "......."}, 0);
        play(*g, "a4-d4");
        CHECK(pos_json(*g)["pieces"] == json{3, 0});
        CHECK(g->result() == Result::player0_won);
    }
    SUBCASE("two pieces left is no loss") {
        auto g = game_at({"1.....1", "...0...", "...1...", "0......", ".......", ".......", "......."}, 0);
        play(*g, "a4-d4");
        CHECK(pos_json(*g)["pieces"] == json{2, 2});
        CHECK(g->result() == Result::ongoing);
    }
}

TEST_CASE("A player to move who has no legal move loses; the other wins") {
    SUBCASE("player 1 blocked") {
        auto g = game_at({"11.",  //
                          "000",  //
                          "...",  //
                          "...",  //
                          "..."},
                         0);
        play(*g, "c4-c5");
        CHECK(diagram(*g) == Diagram{"110", "00.", "...", "...", "..."});
        CHECK(pos_json(*g)["pieces"] == json{3, 2});
        CHECK(g->result() == Result::player0_won);
        CHECK(g->to_move() == -1);
    }
    SUBCASE("player 0 blocked") {
        auto g = game_at({"...", "...", "...", "111", "00."}, 1);
        play(*g, "c2-c1");
        CHECK(g->result() == Result::player1_won);
    }
    SUBCASE("a player with a move left is not blocked") {
        auto g = game_at({"11.", "000", "...", "...", "..."}, 0);
        play(*g, "c4-c3");  // c5 stays open for b5
        CHECK(g->result() == Result::ongoing);
        CHECK(move_texts(*g) == std::vector<std::string>{"b5-c5"});
    }
}

TEST_CASE("A draw happens only by agreement: the engine records an agreed draw on a game that is not over") {
    auto g = new_petteia();
    play(*g, "b2-b3");
    const json before = g->to_json();
    g->agree_draw();
    CHECK(g->result() == Result::draw);
    CHECK(g->phase() == Phase::over);
    CHECK(g->to_move() == -1);
    CHECK(g->to_json()["history"].back()["text"] == "draw agreed");
    CHECK(status_of([&] { play(*g, "b7-b6"); }) == Status::game_over);
    CHECK(status_of([&] { g->agree_draw(); }) == Status::game_over);
    g->undo();  // the agreement can be taken back
    CHECK(g->to_json() == before);
    CHECK(g->result() == Result::ongoing);
    play(*g, "b7-b6");
    // without the draw options, repeating forever does not draw
    for (int i = 0; i < 30; ++i) {
        play(*g, "b3-b2");
        play(*g, "b6-b7");
        play(*g, "b2-b3");
        play(*g, "b7-b6");
    }
    CHECK(g->result() == Result::ongoing);
    CHECK(pos_json(*g)["plies_without_capture"] == 122);
}

TEST_CASE("draw_plies_without_capture: a counter starts at 0, adds 1 for each ply without a capture and returns to 0 "
          "on a capturing ply; drawn as soon as it reaches the value") {
    SUBCASE("counting") {
        auto g = new_petteia({{"draw_plies_without_capture", 4}});
        CHECK(pos_json(*g)["plies_without_capture"] == 0);
        const char *moves[] = {"b2-b3", "b7-b6", "b3-b2"};
        for (int i = 0; i < 3; ++i) {
            play(*g, moves[i]);
            CHECK(pos_json(*g)["plies_without_capture"] == i + 1);
            CHECK(g->result() == Result::ongoing);
        }
        play(*g, "b6-b7");
        CHECK(pos_json(*g)["plies_without_capture"] == 4);
        CHECK(g->result() == Result::draw);
        CHECK(g->phase() == Phase::over);
    }
    SUBCASE("one more allowed") {
        auto g = new_petteia({{"draw_plies_without_capture", 5}});
        for (const char *m : {"b2-b3", "b7-b6", "b3-b2", "b6-b7"}) play(*g, m);
        CHECK(g->result() == Result::ongoing);
        play(*g, "b2-b3");
        CHECK(g->result() == Result::draw);
    }
    SUBCASE("the value 1: any ply without a capture draws") {
        auto g = new_petteia({{"draw_plies_without_capture", 1}});
        CHECK(g->result() == Result::ongoing);
        play(*g, "a2-a3");
        CHECK(g->result() == Result::draw);
    }
    SUBCASE("reset on a capture") {
        auto g = game_at({"1.....1", "...0...", "...1...", "0......", ".......", ".......", "......."}, 0,
                         {{"draw_plies_without_capture", 2}});
        play(*g, "a4-d4");  // captures d5
        CHECK(pos_json(*g)["plies_without_capture"] == 0);
        CHECK(g->result() == Result::ongoing);
        play(*g, "a7-a6");
        CHECK(pos_json(*g)["plies_without_capture"] == 1);
        CHECK(g->result() == Result::ongoing);
        play(*g, "d4-c4");
        CHECK(pos_json(*g)["plies_without_capture"] == 2);
        CHECK(g->result() == Result::draw);
    }
    SUBCASE("range 0 (off) or 1..100000") {
        CHECK_NOTHROW(options({{"draw_plies_without_capture", 0}}));
        CHECK_NOTHROW(options({{"draw_plies_without_capture", 100000}}));
        for (int bad : {-1, 100001}) {
            CHECK(status_of([&] { options({{"draw_plies_without_capture", bad}}); }) == Status::invalid_option);
            CHECK(message_of([&] {
                      options({{"draw_plies_without_capture", bad}});
                  }).find("draw_plies_without_capture") != std::string::npos);
        }
    }
}

TEST_CASE("draw_repetitions: occurrences of the same position (board and player to move) are counted, the starting "
          "position included") {
    SUBCASE("the start counts: its second occurrence draws with 2") {
        auto g = new_petteia({{"draw_repetitions", 2}});
        for (const char *m : {"b2-b3", "b7-b6", "b3-b2"}) {
            play(*g, m);
            CHECK(g->result() == Result::ongoing);
        }
        play(*g, "b6-b7");
        CHECK(g->result() == Result::draw);
    }
    SUBCASE("with 3 the third occurrence draws") {
        auto g = new_petteia({{"draw_repetitions", 3}});
        const char *cycle[] = {"b2-b3", "b7-b6", "b3-b2", "b6-b7"};
        for (int i = 0; i < 7; ++i) {
            play(*g, cycle[i % 4]);
            CHECK(g->result() == Result::ongoing);
        }
        play(*g, cycle[3]);
        CHECK(g->result() == Result::draw);
    }
    SUBCASE("a position repeated in the middle of the game") {
        auto g = new_petteia({{"draw_repetitions", 2}});
        play(*g, "a2-a3");
        for (const char *m : {"b7-b6", "b2-b3", "b6-b7"}) {
            play(*g, m);
            CHECK(g->result() == Result::ongoing);
        }
        play(*g, "b3-b2");  // the position after a2-a3 again, player 1 to move
        CHECK(g->result() == Result::draw);
    }
    SUBCASE("the same board with the other player to move is another position") {
        auto g = new_petteia({{"draw_repetitions", 2}});
        for (const char *m : {"b2-b4", "g7-g6", "b4-b3", "g6-g7", "b3-b2"}) {
            play(*g, m);
            CHECK(g->result() == Result::ongoing);
        }
        CHECK(diagram(*g) == diagram(*new_petteia()));  // the start board, player 1 to move
        CHECK(g->to_move() == 1);
    }
    SUBCASE("range 0 (off) or 2..100") {
        CHECK_NOTHROW(options({{"draw_repetitions", 0}}));
        CHECK_NOTHROW(options({{"draw_repetitions", 2}}));
        CHECK_NOTHROW(options({{"draw_repetitions", 100}}));
        for (int bad : {-1, 1, 101}) {
            CAPTURE(bad);
            CHECK(status_of([&] { options({{"draw_repetitions", bad}}); }) == Status::invalid_option);
            CHECK(message_of([&] {
                      options({{"draw_repetitions", bad}});
                  }).find("draw_repetitions") != std::string::npos);
        }
    }
}

TEST_CASE("Order of the checks after each move: a win on a ply beats a draw on it") {
    SUBCASE("blocked opponent on the ply that reaches draw_plies_without_capture") {
        auto g = game_at({"11.", "000", "...", "...", "..."}, 0, {{"draw_plies_without_capture", 1}});
        play(*g, "c4-c5");
        CHECK(pos_json(*g)["plies_without_capture"] == 1);
        CHECK(g->result() == Result::player0_won);
    }
    SUBCASE("the same option draws a ply that wins nothing") {
        auto g = game_at({"11.", "000", "...", "...", "..."}, 0, {{"draw_plies_without_capture", 1}});
        play(*g, "c4-c3");
        CHECK(g->result() == Result::draw);
    }
    SUBCASE("a repetition alone draws (a win cannot coincide with a repetition: a position where the player to move is "
            "blocked or reduced to one piece ends the game the first time)") {
        auto g = game_at({"1..", "...", "0..", "...", "0.1"}, 0, {{"draw_repetitions", 2}});
        play(*g, "a3-a2");
        play(*g, "c1-c2");
        play(*g, "a2-a3");
        CHECK(g->result() == Result::ongoing);
        play(*g, "c2-c1");
        CHECK(g->result() == Result::draw);
    }
}

TEST_CASE("A game is never over at its start") {
    for (const json &o : {json{{"draw_plies_without_capture", 1}}, json{{"draw_repetitions", 2}},
                          json{{"draw_plies_without_capture", 1}, {"draw_repetitions", 2}, {"rows", 5}, {"cols", 3}}}) {
        auto g = new_petteia(o);
        CHECK(g->phase() == Phase::move);
        CHECK(g->result() == Result::ongoing);
        CHECK(g->to_move() == 0);
    }
    // a saved start that is over is refused
    auto g = new_petteia();
    json saved = g->to_json();
    saved["start"]["result"] = "draw";
    saved["start"]["phase"] = "over";
    saved["start"]["end_reason"] = "agreed_draw";
    saved["position"] = saved["start"];
    CHECK(status_of([&] { game_from_json(saved); }) == Status::invalid_state);
    CHECK(message_of([&] { game_from_json(saved); }).find("start.result") != std::string::npos);
}

// =========================================================================================
// Text notation
// =========================================================================================

TEST_CASE("Squares: file letter a.. from player 0's left, rank number 1.. from player 0's side: a1 is player 0's left "
          "corner") {
    auto g = game_at({"1.....1", ".......", ".......", ".......", ".......", ".......", "0.....0"}, 0);
    // a1 is the first square of the first rank of the saved position, g1 its last
    CHECK(pos_json(*g)["ranks"][0] == "0.....0");
    CHECK(moves_from(*g, "a1").size() == 10);  // a2..a6, b1..f1
    CHECK(moves_from(*g, "g1").size() == 10);
    play(*g, "a1-a6");
    CHECK(pos_json(*g)["ranks"][5] == "0......");
    play(*g, "g7-b7");
    CHECK(pos_json(*g)["ranks"][6] == "11.....");
    // two-digit ranks
    auto t = new_petteia({{"rows", 12}, {"cols", 5}});
    play(*t, "a2-a10");
    CHECK(pos_json(*t)["ranks"][9] == "0....");
    CHECK(t->to_json()["history"][0]["text"] == "a2-a10");
    play(*t, "e11-e3");
    CHECK(pos_json(*t)["ranks"][2] == "....1");
}

TEST_CASE("A move is FROM-TO: b2-b5") {
    auto g = new_petteia();
    const Action a = g->parse_action("b2-b5");
    CHECK(g->action_text(a) == "b2-b5");
    json j = g->action_json(a);
    CHECK(j["text"] == "b2-b5");
    CHECK(j["from"] == "b2");
    CHECK(j["to"] == "b5");
    CHECK(j["player"] == 0);
    play(*g, "b2-b5");
    CHECK(diagram(*g) ==
          Diagram{"11111111", "11111111", "........", ".0......", "........", "........", "0.000000", "00000000"});
    CHECK(g->to_json()["history"] == json::array({json{{"player", 0}, {"text", "b2-b5"}}}));
}

TEST_CASE("Captures are not written in the text (they are in the move's JSON)") {
    auto g = game_at({"1.....1", "...0...", "...1...", "0......", ".......", ".......", "......."}, 0);
    const Action a = g->parse_action("a4-d4");
    CHECK(g->action_text(a) == "a4-d4");
    CHECK(g->action_json(a)["captures"] == json{"d5"});
    CHECK(g->action_json(g->parse_action("a4-b4"))["captures"] == json::array());
    play(*g, "a4-d4");
    CHECK(g->to_json()["history"][0]["text"] == "a4-d4");
}

TEST_CASE("Text that is not a move is invalid_move; a well-formed move that is not legal is illegal_move") {
    auto g = new_petteia();
    const json before = g->to_json();
    for (const char *bad : {"",      "b2",      "b2b5",   "b2-",   "-b5",   "b2-b5 ",  " b2-b5",
                            "B2-B5", "b2 - b5", "b0-b5",  "b2-b9", "i2-i3", "b02-b05", "b2-b5-b6",
                            "2b-5b", "b2_b5",   "b2-b5x", "bb-b5", "b-2b5", "b999-b5", "b2-b1000000"}) {
        CAPTURE(bad);
        CHECK(status_of([&] { play(*g, bad); }) == Status::invalid_move);
        CHECK(status_of([&] { g->parse_action(bad); }) == Status::invalid_move);
    }
    for (const char *illegal : {"b2-b7", "b1-b3", "b2-c3", "b7-b6", "c4-c5", "b2-b2", "a1-a2", "b2-a2", "h2-h8"}) {
        CAPTURE(illegal);
        CHECK(status_of([&] { play(*g, illegal); }) == Status::illegal_move);
    }
    CHECK(g->to_json() == before);
}

// =========================================================================================
// Numbers a test can rely on
// =========================================================================================

TEST_CASE("8 x 8 start: player 0 has 8 pieces on rank 2 with 4 moves each and none on rank 1: 32 legal moves; player 1 "
          "likewise") {
    auto g = new_petteia();
    auto texts = move_texts(*g);
    CHECK(texts.size() == 32);
    for (char file = 'a'; file <= 'h'; ++file)
        for (int rank = 3; rank <= 6; ++rank)
            CHECK(std::count(texts.begin(), texts.end(),
                             std::string(1, file) + "2-" + std::string(1, file) + std::to_string(rank)) == 1);
    auto h = new_petteia({{"first_player", 1}});
    texts = move_texts(*h);
    CHECK(texts.size() == 32);
    for (const auto &t : texts) CHECK(t.substr(1, 2) == "7-");
}

TEST_CASE("5 x 3 start: each player has 3 pieces on their front rank with exactly 1 step each: 3 moves") {
    auto g = new_petteia({{"rows", 5}, {"cols", 3}});
    CHECK(move_texts(*g) == std::vector<std::string>{"a2-a3", "b2-b3", "c2-c3"});
    auto h = new_petteia({{"rows", 5}, {"cols", 3}, {"first_player", 1}});
    CHECK(move_texts(*h) == std::vector<std::string>{"a4-a3", "b4-b3", "c4-c3"});
}

// =========================================================================================
// Perft, against the reference implementation
// =========================================================================================

namespace {

struct PerftCase {
    int rows, cols, depth;
    uint64_t expected;  // recorded once the engine and the reference agreed
};

void check_perft(const PerftCase &c) {
    CAPTURE(c.rows);
    CAPTURE(c.cols);
    CAPTURE(c.depth);
    const POptions o = options({{"rows", c.rows}, {"cols", c.cols}});
    const uint64_t engine = engine_perft<PetteiaRules>(o, PetteiaRules::initial(o), c.depth);
    const uint64_t reference = ref::perft(ref::start(c.rows, c.cols), c.depth);
    MESSAGE("perft " << c.rows << "x" << c.cols << " depth " << c.depth << ": engine " << engine << ", reference "
                     << reference);
    CHECK(engine == reference);
    CHECK(engine == c.expected);
    // the bitboard representation (boards of up to 64 squares) counts the same
    REQUIRE(o.bits != nullptr);
    CHECK(engine_perft<PetteiaBitRules>(o, PetteiaBitRules::initial(o), c.depth) == c.expected);
}

}  // namespace

TEST_CASE("perft from the 8 x 8 start, depths 1..4" * doctest::test_suite("slow")) {
    // Depth 2 by hand as well: after x2-x3/x4/x5/x6 player 1's x7 has 3/2/1/0 moves, so
    // 8 * (31 + 30 + 29 + 28) = 944.
    for (const PerftCase &c :
         std::vector<PerftCase>{{8, 8, 1, 32}, {8, 8, 2, 944}, {8, 8, 3, 37796}, {8, 8, 4, 1446216}})
        check_perft(c);
}

TEST_CASE("perft on small boards, deeper" * doctest::test_suite("slow")) {
    for (const PerftCase &c : std::vector<PerftCase>{{5, 3, 1, 3},
                                                     {5, 3, 2, 6},
                                                     {5, 3, 3, 30},
                                                     {5, 3, 4, 162},
                                                     {5, 3, 5, 682},
                                                     {5, 3, 6, 2514},
                                                     {5, 4, 5, 3486},
                                                     {5, 4, 6, 19294},
                                                     {6, 5, 4, 17489},
                                                     {6, 5, 5, 262256}})
        check_perft(c);
}

TEST_CASE("perft through the Game interface (apply_action and undo) agrees") {
    auto g = new_petteia({{"rows", 6}, {"cols", 5}});
    const json before = g->to_json();
    const POptions o = options({{"rows", 6}, {"cols", 5}});
    CHECK(game_perft(*g, 4) == engine_perft<PetteiaRules>(o, PetteiaRules::initial(o), 4));
    CHECK(g->to_json() == before);
}

TEST_CASE(
    "random games: legal moves, boards and results agree with the reference at every ply (both board representations)" *
    doctest::test_suite("slow")) {
    std::mt19937 rng(12345);
    int games = 0, plies = 0, decided = 0;
    for (auto [rows, cols] : std::vector<std::pair<int, int>>{{5, 3}, {5, 4}, {6, 5}, {7, 7}, {8, 8}, {6, 3}, {9, 4}})
        for (int n = 0; n < 40; ++n) {
            // half through the catalogue (bitboards up to 64 squares), half on the cell board
            const json opts = with_seed({{"rows", rows}, {"cols", cols}, {"first_player", static_cast<int>(n % 2)}});
            std::unique_ptr<Game> g = n % 4 < 2 ? new_game("petteia", opts) : std::unique_ptr<Game>(new_petteia(opts));
            ref::Pos p = ref_of(*g);
            for (int ply = 0; ply < 400 && g->phase() != Phase::over; ++ply) {
                std::vector<std::string> want;
                for (const auto &m : ref::moves(p)) want.push_back(ref::text(m));
                std::sort(want.begin(), want.end());
                REQUIRE(move_texts(*g) == want);
                const auto ms = ref::moves(p);
                const ref::Move m = ms[rng() % ms.size()];
                int captured = 0;
                p = ref::after(p, m, &captured);
                const Action a = g->parse_action(ref::text(m));
                REQUIRE(g->action_json(a)["captures"].size() == static_cast<size_t>(captured));
                g->apply_action(a);
                ++plies;
                const ref::Pos q = ref_of(*g);
                REQUIRE(q.b == p.b);
                REQUIRE(q.turn == p.turn);
                REQUIRE(q.winner == p.winner);
            }
            ++games;
            decided += g->phase() == Phase::over;
        }
    MESSAGE(games << " games, " << plies << " plies, " << decided << " decided");
    CHECK(decided > games / 2);
}
