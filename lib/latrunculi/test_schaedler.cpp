// Schädler's Latrunculi (rulesets "schaedler" and "schaedler_2001"; docs/rules/latrunculi.md,
// "Schädler"), one test case per rule sentence, plus perft counts and random games checked
// against a deliberately naive reference written from the same document, save/restore round
// trips, refusals and the computer player.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core_test_support.hpp"
#include "latrunculi/schaedler.hpp"
#include "rules_game.hpp"
#include "ai/ai.hpp"

using namespace ludus;
using ludus::testing::status_of;
using R = SchaedlerRules;
using Diagram = std::vector<std::string>;  // as seen by player 0: the first line is rank 8

namespace {

SchaedlerOptions options(const std::string &ruleset, json extra = json::object()) {
    extra["ruleset"] = ruleset;
    return ludus::testing::options_with_defaults<R>(std::move(extra), {{"seed", 1}});
}

const SchaedlerOptions s1994 = options("schaedler");
const SchaedlerOptions s2001 = options("schaedler_2001");

// A hand-made position of the movement phase: '0'/'1' free pieces, 'A'/'B' blocked ones.
R::State position(const SchaedlerOptions &o, const Diagram &d, int to_move) {
    json ranks = json::array();
    int pieces[2] = {0, 0}, blocked[2] = {0, 0};
    for (auto it = d.rbegin(); it != d.rend(); ++it) {
        ranks.push_back(*it);
        for (char c : *it) {
            pieces[0] += c == '0' || c == 'A', pieces[1] += c == '1' || c == 'B';
            blocked[0] += c == 'A', blocked[1] += c == 'B';
        }
    }
    const json j{{"ranks", ranks},
                 {"pieces", {pieces[0], pieces[1]}},
                 {"blocked", {blocked[0], blocked[1]}},
                 {"in_hand", {0, 0}},
                 {"to_move", to_move},
                 {"phase", "move"},
                 {"result", "ongoing"},
                 {"plies_without_capture", 0},
                 {"rng", "0000000000000001"}};
    return R::position_from_json(o, j, "position");
}

Diagram diagram(const SchaedlerOptions &o, const R::State &s) {
    const json ranks = R::position_json(o, s)["ranks"];
    return Diagram(ranks.rbegin(), ranks.rend());
}

std::vector<Action> legal(const SchaedlerOptions &o, const R::State &s) {
    std::vector<Action> out;
    R::legal_actions(o, s, out);
    return out;
}

bool is_legal(const SchaedlerOptions &o, const R::State &s, const std::string &move) {
    const auto moves = legal(o, s);
    const bool listed = std::find(moves.begin(), moves.end(), R::parse_action(o, move)) != moves.end();
    CHECK(listed == R::is_legal(o, s, R::parse_action(o, move)));
    return listed;
}

void play(const SchaedlerOptions &o, R::State &s, const std::string &move) {
    CAPTURE(move);
    REQUIRE(is_legal(o, s, move));
    R::apply(o, s, R::parse_action(o, move));
}

// Player 0 plays `move` in the 1994 position `d`: no piece of player 1 is blocked after it.
void check_blocks_nothing(const Diagram &d, const std::string &move) {
    R::State s = position(s1994, d, 0);
    play(s1994, s, move);
    CHECK(s.blocked[1] == 0);
}

std::set<std::string> moves_from(const SchaedlerOptions &o, const R::State &s, const std::string &square) {
    std::set<std::string> out;
    for (Action a : legal(o, s)) {
        const std::string text = R::action_text(o, a);
        if (text.rfind(square + "-", 0) == 0) out.insert(text.substr(square.size() + 1));
    }
    return out;
}

// ---- The naive reference: one cell per square, the rules read straight from the document. ----

struct Naive {
    bool only_to_block;  // 2001
    int draw_plies;

    struct State {
        std::array<int, 64> cell{};  // -1 empty, the player for a free piece, 2 + the player for a blocked one
        std::array<int, 2> hand{};
        int to_move = 0, quiet = 0;
        Result result = Result::ongoing;
    };
    static int owner(int c) { return c < 0 ? -1 : c % 2; }
    static bool on(int rank, int file) { return rank >= 0 && rank < 8 && file >= 0 && file < 8; }
    static constexpr int dr[4] = {1, -1, 0, 0}, df[4] = {0, 0, -1, 1};

    // The square d steps of direction `dir` from sq, or -1 off the board.
    static int step(int sq, int dir, int n) {
        const int rank = sq / 8 + dr[dir] * n, file = sq % 8 + df[dir] * n;
        return on(rank, file) ? rank * 8 + file : -1;
    }

    // The enemy pieces that would be blocked by player p's piece arriving on `to`.
    std::vector<int> blocked_by(const State &s, int to, int p) const {
        std::vector<int> out;
        for (int d = 0; d < 4; ++d) {
            const int a = step(to, d, 1), b = step(to, d, 2);
            if (a >= 0 && b >= 0 && s.cell[a] == 1 - p && s.cell[b] == p) out.push_back(a);
        }
        return out;
    }

    bool between_enemies(const State &s, int sq, int p) const {
        for (int d = 0; d < 4; d += 2) {
            const int a = step(sq, d, 1), b = step(sq, d + 1, 1);
            if (a >= 0 && b >= 0 && owner(s.cell[a]) == 1 - p && owner(s.cell[b]) == 1 - p) return true;
        }
        return false;
    }

    void hops(const State &lifted, int at, std::set<int> &visited, std::set<int> &out) const {
        for (int d = 0; d < 4; ++d) {
            const int over = step(at, d, 1), land = step(at, d, 2);
            if (over < 0 || land < 0 || lifted.cell[over] < 0 || lifted.cell[land] >= 0 || visited.count(land) != 0)
                continue;
            visited.insert(land);
            out.insert(land);
            hops(lifted, land, visited, out);
        }
    }

    std::vector<Action> moves(const State &s) const {
        std::vector<Action> out;
        const int p = s.to_move;
        if (s.hand[0] + s.hand[1] > 0) {
            for (int sq = 0; sq < 64; ++sq)
                if (s.cell[sq] < 0) out.push_back(R::place_base + sq);
            return out;
        }
        for (int from = 0; from < 64; ++from) {
            if (s.cell[from] != p) continue;
            State lifted = s;
            lifted.cell[from] = -1;
            std::set<int> targets, visited{from};
            for (int d = 0; d < 4; ++d) {
                const int to = step(from, d, 1);
                if (to >= 0 && s.cell[to] < 0) targets.insert(to);
            }
            hops(lifted, from, visited, targets);
            for (int to : targets) {
                State after = lifted;
                after.cell[to] = p;
                if (only_to_block && between_enemies(after, to, p) && blocked_by(after, to, p).empty()) continue;
                out.push_back(from * 64 + to);
            }
        }
        for (int sq = 0; sq < 64; ++sq)
            if (s.cell[sq] == 2 + (1 - p)) out.push_back(R::remove_base + sq);
        return out;
    }

    int count(const State &s, int p) const {
        int n = 0;
        for (int c : s.cell) n += owner(c) == p;
        return n;
    }

    void end_turn(State &s) const {
        const int mover = s.to_move;
        s.to_move = 1 - mover;
        if (moves(s).empty())
            s.result = mover == 0 ? Result::player0_won : Result::player1_won;
        else if (s.hand[0] + s.hand[1] == 0 && draw_plies > 0 && s.quiet >= draw_plies)
            s.result = Result::draw;
    }

    void apply(State &s, Action a) const {
        const int p = s.to_move, e = 1 - p;
        if (a >= R::remove_base) {
            s.cell[a - R::remove_base] = -1;
            s.quiet = 0;
            if (count(s, e) <= 1)
                s.result = p == 0 ? Result::player0_won : Result::player1_won;
            else
                end_turn(s);
            return;
        }
        if (a >= R::place_base) {
            s.cell[a - R::place_base] = p;
            --s.hand[p];
            end_turn(s);
            return;
        }
        const int from = a / 64, to = a % 64;
        s.cell[from] = -1;
        s.cell[to] = p;
        for (int sq : blocked_by(s, to, p)) s.cell[sq] = 2 + e;
        // Free every blocked piece that two free enemies do not enclose, deciding for all at once.
        std::vector<int> freed;
        for (int sq = 0; sq < 64; ++sq) {
            if (s.cell[sq] < 2) continue;
            const int q = s.cell[sq] - 2;
            bool enclosed = false;
            for (int d = 0; d < 4; d += 2) {
                const int x = step(sq, d, 1), y = step(sq, d + 1, 1);
                enclosed |= x >= 0 && y >= 0 && s.cell[x] == 1 - q && s.cell[y] == 1 - q;
            }
            if (!enclosed) freed.push_back(sq);
        }
        for (int sq : freed) s.cell[sq] -= 2;
        ++s.quiet;
        end_turn(s);
    }
};

Naive naive_for(const SchaedlerOptions &o) {
    return {o.rules->enter_between_only_to_block, o.draw_plies_without_capture};
}

Naive::State naive_of(const R::State &s) {
    Naive::State n;
    for (int sq = 0; sq < 64; ++sq) n.cell[sq] = s.owner(sq) < 0 ? -1 : s.owner(sq) + (s.is_blocked(sq) ? 2 : 0);
    n.hand = {s.in_hand[0], s.in_hand[1]};
    n.to_move = s.to_move;
    n.quiet = static_cast<int>(s.plies_without_capture);
    n.result = s.result;
    return n;
}

bool same(const Naive::State &a, const Naive::State &b) {
    return a.cell == b.cell && a.hand == b.hand && a.to_move == b.to_move && a.quiet == b.quiet && a.result == b.result;
}

std::vector<Action> sorted(std::vector<Action> v) {
    std::sort(v.begin(), v.end());
    return v;
}

// Perft of the engine, checking at every node that the naive reference lists the same moves
// and reaches the same positions.
uint64_t checked_perft(const SchaedlerOptions &o, const R::State &s, int depth) {
    if (depth == 0 || s.result != Result::ongoing) return 1;
    const Naive naive = naive_for(o);
    const std::vector<Action> mine = sorted(legal(o, s));
    REQUIRE(mine == sorted(naive.moves(naive_of(s))));
    uint64_t nodes = 0;
    for (Action a : mine) {
        R::State child = s;
        R::apply(o, child, a);
        Naive::State expected = naive_of(s);
        naive.apply(expected, a);
        REQUIRE(same(naive_of(child), expected));
        nodes += checked_perft(o, child, depth - 1);
    }
    return nodes;
}

uint64_t perft(const SchaedlerOptions &o, const R::State &s, int depth) {
    if (depth == 0 || s.result != Result::ongoing) return 1;
    uint64_t nodes = 0;
    for (Action a : legal(o, s)) {
        R::State child = s;
        R::apply(o, child, a);
        nodes += perft(o, child, depth - 1);
    }
    return nodes;
}

// A middle-game position with blocked pieces of both players, hops and removals.
const Diagram middle = {"..1.1...", ".1.0.1..", "..10B0..", ".0.111..", "...0A0..", "..1.1...", ".0....1.", "........"};

}  // namespace

// ---------------------------------------------------------------------------------------------
// The rules, sentence by sentence

TEST_CASE("Schaedler: an 8 x 8 board; each player places 16 pieces, one a turn, on any empty square, player 0 first; "
          "nothing is blocked while placing") {
    R::State s = R::initial(s1994);
    CHECK(legal(s1994, s).size() == 64);
    play(s1994, s, "d4");
    CHECK(s.to_move == 1);
    CHECK(!is_legal(s1994, s, "d4"));  // only empty squares
    play(s1994, s, "e4");
    play(s1994, s, "f4");  // player 1's e4 is now between two of player 0's pieces: not blocked while placing
    CHECK(s.blocked[1] == 0);
    Rng rng{7};
    for (int i = 3; i < 32; ++i) {
        const std::vector<Action> moves = legal(s1994, s);
        R::apply(s1994, s, moves[rng.below(static_cast<uint32_t>(moves.size()))]);
    }
    CHECK(!s.placing());
    CHECK(bits::popcount(s.pieces[0]) == 16);
    CHECK(bits::popcount(s.pieces[1]) == 16);
    CHECK((s.blocked[0] | s.blocked[1]) == 0);
    CHECK(s.to_move == 0);  // player 1 placed the last piece: player 0 moves first
}

TEST_CASE("Schaedler 2001: the players agree on 16 to 24 pieces each") {
    CHECK(R::initial(options("schaedler_2001", {{"pieces", 24}})).in_hand == std::array<uint8_t, 2>{24, 24});
    CHECK(R::initial(s2001).in_hand == std::array<uint8_t, 2>{16, 16});
    CHECK(status_of([] { options("schaedler_2001", {{"pieces", 15}}); }) == Status::invalid_option);
    CHECK(status_of([] { options("schaedler_2001", {{"pieces", 25}}); }) == Status::invalid_option);
    CHECK(status_of([] { options("schaedler", {{"pieces", 20}}); }) == Status::invalid_option);  // 1994: 16
    CHECK(status_of([] { new_game("latrunculi", {{"ruleset", "bell"}, {"pieces", 20}}); }) == Status::invalid_option);
}

TEST_CASE("Schaedler: a piece steps one square orthogonally to an empty square") {
    const R::State s = position(
        s1994, {"........", "........", "........", "...1....", "........", "........", ".0......", "0......1"}, 0);
    CHECK(moves_from(s1994, s, "b2") == std::set<std::string>{"b1", "b3", "a2", "c2"});
    CHECK(moves_from(s1994, s, "a1") == std::set<std::string>{"a2", "b1"});
}

TEST_CASE("Schaedler: a piece hops over a single piece of either colour to the empty square beyond, and may hop on in "
          "the same move, never landing twice on a square") {
    // d4 hops over d5 (enemy) to d6 and on over e6 (own) to f6, or over c4 to b4; d3 and e4 are steps.
    const R::State t = position(
        s1994, {"........", "........", "....0...", "...1....", "..10....", "........", "........", "1......0"}, 0);
    CHECK(moves_from(s1994, t, "d4") == std::set<std::string>{"d3", "e4", "d6", "f6", "b4"});
    // Two pieces in a row are not hopped.
    const R::State u = position(
        s1994, {"........", "........", "........", "........", "...011..", "........", "........", "1......0"}, 0);
    CHECK(moves_from(s1994, u, "d4") == std::set<std::string>{"d3", "d5", "c4"});
    // A ring of hops (b2 over c2, d3, c4, b3) never lands back on b2.
    const R::State v = position(
        s1994, {"........", "........", "........", "........", "..1.....", ".0.0....", ".01.....", "1......."}, 0);
    CHECK(moves_from(s1994, v, "b2") == std::set<std::string>{"b1", "a2", "d2", "d4", "b4"});
}

TEST_CASE("Schaedler: an enemy piece enclosed in a line between the moved piece and another free piece of the mover is "
          "blocked and cannot move") {
    R::State s = position(
        s1994, {"........", "........", "........", "1.......", ".0.10...", "........", "...1....", "1......0"}, 0);
    play(s1994, s, "b4-c4");
    CHECK(diagram(s1994, s)[4] == "..0B0...");
    CHECK(s.to_move == 1);
    CHECK(moves_from(s1994, s, "d4").empty());
    CHECK(moves_from(s1994, s, "d2") == std::set<std::string>{"d1", "d3", "c2", "e2"});
}

TEST_CASE("Schaedler: the edge does not block (a DECISION)") {
    // a4 stands between a5 and a3 (it moved there: not blocked); b4 and the edge do not block it either.
    check_blocks_nothing(
        {".......1", "........", "........", "0.......", "1.0.....", "0.......", "........", ".......0"}, "c4-b4");
}

TEST_CASE("Schaedler: a blocked piece does not help to block (a DECISION)") {
    // e4 is blocked (e5, e3); b4-c4 encloses d4 between c4 and e4, which is blocked.
    check_blocks_nothing(
        {"........", "........", "........", "....1...", ".0.1A...", "....1...", "........", "1......."}, "b4-c4");
    // Nor does it make a move between two enemies one that blocks (2001): c4 lies between c5 and c3.
    const R::State t = position(
        s2001, {"........", "........", "........", "..1.1...", ".0.1A...", "..1.1...", "........", "1......."}, 0);
    CHECK(!is_legal(s2001, t, "b4-c4"));
}

TEST_CASE("Schaedler 1994: a piece that moves between two enemy pieces is not blocked") {
    R::State s = position(
        s1994, {"........", "........", "........", "........", "..1.1...", "...0....", "........", "1......0"}, 0);
    play(s1994, s, "d3-d4");
    CHECK(s.blocked[0] == 0);
    play(s1994, s, "a1-a2");
    CHECK(s.blocked[0] == 0);  // it stays free while nothing moves next to it
}

TEST_CASE("Schaedler 2001: a piece may end its move between two enemy pieces only if the move blocks an enemy piece") {
    const Diagram d = {"........", "........", "...0....", "...1....", "..1.1...", "...0....", "........", "1......0"};
    const R::State s = position(s2001, d, 0);
    // d3-d4 stops between c4 and e4, and blocks d5 against d6: allowed.
    CHECK(is_legal(s2001, s, "d3-d4"));
    const R::State t = position(
        s2001, {"........", "........", "........", "...1....", "..1.1...", "...0....", "........", "1......0"}, 0);
    CHECK(!is_legal(s2001, t, "d3-d4"));  // between c4 and e4, blocking nothing
    CHECK(is_legal(
        s1994,
        position(s1994,
                 {"........", "........", "........", "...1....", "..1.1...", "...0....", "........", "1......0"}, 0),
        "d3-d4"));
}

TEST_CASE("Schaedler: instead of moving, a player may remove a blocked enemy piece on a later turn") {
    R::State s = position(
        s1994, {"........", "........", "........", "1.......", ".0.10...", "........", "........", "1......0"}, 0);
    play(s1994, s, "b4-c4");
    CHECK(s.blocked[1] != 0);
    CHECK(!is_legal(s1994, s, "xd4"));  // player 1 removes only player 0's blocked pieces
    play(s1994, s, "a5-a6");
    CHECK(is_legal(s1994, s, "xd4"));
    play(s1994, s, "xd4");
    CHECK(diagram(s1994, s)[4] == "..0.0...");
    CHECK(s.plies_without_capture == 0);
}

TEST_CASE("Schaedler: a blocked piece is freed at once when one of its blockers is itself blocked, and can then no "
          "longer be removed") {
    // d4 is blocked by c4 and e4; player 1 blocks e4 against e5 by e2-e3.
    R::State s = position(
        s1994, {"........", "........", "........", "....1...", "..0B0...", "........", "....1...", "1......0"}, 1);
    play(s1994, s, "e2-e3");
    CHECK(diagram(s1994, s)[4] == "..01A...");
    CHECK(!is_legal(s1994, s, "xd4"));
}

TEST_CASE("Schaedler: a blocked piece is freed when a blocker moves away (a DECISION)") {
    check_blocks_nothing(
        {"........", "........", "........", "........", "..0B0...", "........", "........", "1......0"}, "c4-c5");
}

TEST_CASE(
    "Schaedler: a piece enclosed in two lines stays blocked while one pair of free enemies encloses it (a DECISION)") {
    R::State s = position(
        s1994, {"........", "........", "........", "...0....", "..0B0...", "...0....", "........", "1......0"}, 0);
    play(s1994, s, "c4-c5");
    CHECK(s.blocked[1] != 0);  // d5 and d3 still enclose it
    play(s1994, s, "a1-a2");
    play(s1994, s, "d5-e5");
    CHECK(s.blocked[1] == 0);
}

TEST_CASE("Schaedler: only the last square of a chain of hops blocks (a DECISION)") {
    // b2 hops over b3 to b4 (beside c4, with d4 beyond: it would block there) and on over b5 to
    // b6. c4 also stands between c5 and c3 (it moved there: not blocked).
    const Diagram d = {"........", "........", "........", ".10.....", "..10....", ".10.....", ".0......", "1......0"};
    check_blocks_nothing(d, "b2-b6");
    R::State s = position(s1994, d, 0);
    play(s1994, s, "b2-b4");
    CHECK(diagram(s1994, s)[4] == ".0B0....");
}

TEST_CASE("Schaedler: a player reduced to one piece loses") {
    R::State s = position(
        s1994, {"........", "........", "........", "........", "..0B0...", "........", "........", "1......0"}, 0);
    play(s1994, s, "xd4");
    CHECK(s.result == Result::player0_won);
}

TEST_CASE("Schaedler: a player who cannot move loses (a DECISION)") {
    R::State s = position(
        s1994, {".....001", ".......0", ".......0", "........", ".0.10...", "........", "........", "........"}, 0);
    play(s1994, s, "b4-c4");  // d4 blocked; h8 shut in; player 0 has no blocked piece to remove
    CHECK(s.result == Result::player0_won);
}

// ---------------------------------------------------------------------------------------------
// Whole games

TEST_CASE("perft: Schaedler, the placement and a middle-game position, checked against the naive reference" *
          doctest::test_suite("slow")) {
    CHECK(checked_perft(s1994, R::initial(s1994), 2) == 64 * 63);
    for (const SchaedlerOptions *o : {&s1994, &s2001}) {
        CAPTURE(o->rules->id);
        const R::State s = position(*o, middle, 0);
        CHECK(checked_perft(*o, s, 3) == perft(*o, s, 3));
    }
    // 26 steps and chains of hops (d6 and f6 each reach five squares by hops) and the removal of e6.
    CHECK(perft(s1994, position(s1994, middle, 0), 1) == 27);
    CHECK(perft(s1994, position(s1994, middle, 0), 3) == 36411);
    CHECK(perft(s2001, position(s2001, middle, 0), 3) == 23443);
}

TEST_CASE("random games of both rulesets agree with the naive reference move by move" * doctest::test_suite("slow")) {
    for (const char *id : {"schaedler", "schaedler_2001"}) {
        CAPTURE(id);
        for (int pieces : {16, 24}) {
            if (pieces == 24 && std::string(id) == "schaedler") continue;
            const SchaedlerOptions o = options(id, {{"draw_plies_without_capture", 200}, {"pieces", pieces}});
            const Naive naive = naive_for(o);
            for (int g = 0; g < 40; ++g) {
                R::State s = R::initial(o);
                Rng rng{static_cast<uint64_t>(g) + 1};
                for (int ply = 0; ply < 2000 && s.result == Result::ongoing; ++ply) {
                    const std::vector<Action> mine = sorted(legal(o, s));
                    REQUIRE(mine == sorted(naive.moves(naive_of(s))));
                    const Action a = mine[rng.below(static_cast<uint32_t>(mine.size()))];
                    Naive::State expected = naive_of(s);
                    naive.apply(expected, a);
                    R::apply(o, s, a);
                    REQUIRE(same(naive_of(s), expected));
                }
            }
        }
    }
}

TEST_CASE("Schaedler: saved games load again identically (1,000 random games)") {
    int games = 0;
    for (const char *id : {"schaedler", "schaedler_2001"}) {
        CAPTURE(id);
        ludus::testing::check_random_games_load_again("latrunculi",
                                                      {{"ruleset", id}, {"draw_plies_without_capture", 60}}, 500,
                                                      [](int g) { return 1 + static_cast<uint32_t>(g % 7) * 40; });
        games += 500;
    }
    CHECK(games == 1000);
}

TEST_CASE("Schaedler: hand-made positions that break the rules are refused, naming the field") {
    const json good = R::position_json(s1994, position(s1994, middle, 0));
    auto refused = [&](json j, const std::string &field) {
        CAPTURE(j.dump());
        const std::string message = ludus::testing::message_of([&] { R::position_from_json(s1994, j, "start"); });
        CHECK(message.rfind("start." + field, 0) == 0);
    };
    json j = good;
    j["ranks"][7] = "..1.1..B";  // rank 8: a blocked piece in the corner, enclosed by nothing
    j["blocked"] = {1, 2};
    j["pieces"] = {j["pieces"][0], j["pieces"][1].get<int>() + 1};
    refused(j, "ranks");
    j = good;
    j["in_hand"] = {1, 1};
    refused(j, "in_hand");  // pieces in hand, so placing, with pieces blocked and a wrong total
    j = good;
    j["blocked"] = {0, 0};
    refused(j, "pieces");
    j = good;
    j["ranks"][0] = "....D...";
    refused(j, "ranks[0]");
    const json start = R::position_json(s1994, R::initial(s1994));
    j = start;
    j["to_move"] = 1;
    refused(j, "to_move");
}

TEST_CASE("Schaedler: moves are read as FROM-TO, a square to place on, or x and a square to remove") {
    CHECK(R::parse_action(s1994, "b2-b3") == 9 * 64 + 17);
    CHECK(R::parse_action(s1994, "h8") == R::place_base + 63);
    CHECK(R::parse_action(s1994, "xd5") == R::remove_base + 35);
    for (const char *bad : {"", "i1", "a9", "a1-", "x", "xa1-b1", "a1xb1", "a1 b1", "pass"}) {
        CAPTURE(bad);
        CHECK(status_of([&] { R::parse_action(s1994, bad); }) == Status::invalid_move);
    }
}

TEST_CASE("Schaedler: the catalogue lists both rulesets with their sources") {
    const json catalogue = games_catalogue();
    for (const json &game : catalogue) {
        if (game["id"] != "latrunculi") continue;
        const json &ruleset = game["options"]["ruleset"];
        const std::string values = ruleset["values"].dump();
        CHECK(values.find("\"schaedler\"") != std::string::npos);
        CHECK(values.find("\"schaedler_2001\"") != std::string::npos);
        CHECK(ruleset["description"].get<std::string>().find("Homo Ludens IV (1994)") != std::string::npos);
        CHECK(ruleset["description"].get<std::string>().find("Abstract Games 7 (2001)") != std::string::npos);
    }
}

TEST_CASE(
    "Schaedler: the computer player takes a move that wins at once, at every level (removing the last piece but one)") {
    const R::State s = position(
        s1994, {"........", "........", "........", "........", "..0B0...", "........", "1.......", ".......0"}, 0);
    for (const char *level : {"greedy", "easy", "medium", "best", "uct"}) {
        CAPTURE(level);
        const json options = std::string(level) == "uct" ? json{{"level", level}, {"max_playouts", 300}, {"seed", 1}}
                                                         : json{{"level", level}, {"max_nodes", 3000}, {"seed", 1}};
        CHECK(ai_choose<R>(s1994, s, {}, options)["text"] == "xd4");
    }
}
