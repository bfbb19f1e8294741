// The rulesets of Ludus Latrunculorum (docs/rules/latrunculi.md), one test case per rule
// sentence, plus perft counts checked against a deliberately naive reference implementation
// written from the same document, and save/restore round trips.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core_test_support.hpp"
#include "latrunculi/latrunculi.hpp"
#include "rules_game.hpp"
#include "ai/ai.hpp"

using namespace ludus;
using ludus::testing::status_of;
using Diagram = std::vector<std::string>;  // as seen by player 0: the first line is the last rank
using Narrow = LatrunculiRules;
using Wide = LatrunculiWideRules;

namespace {

LatrunculiOptions options(const std::string &ruleset, json extra = json::object()) {
    extra["ruleset"] = ruleset;
    return ludus::testing::options_with_defaults<Narrow>(std::move(extra), {{"seed", 1}});
}

// A hand-made position of the movement phase (or with `fields` overriding any field).
template <class R>
typename R::State position(const LatrunculiOptions &o, const Diagram &d, int to_move, json fields = json::object()) {
    json ranks = json::array();
    int men[2] = {0, 0}, duxes[2] = {0, 0};
    for (auto it = d.rbegin(); it != d.rend(); ++it) {
        ranks.push_back(*it);
        for (char c : *it) {
            men[0] += c == '0', men[1] += c == '1';
            duxes[0] += c == 'D', duxes[1] += c == 'd';
        }
    }
    json j{{"ranks", ranks},        {"men", {men[0], men[1]}},    {"duxes", {duxes[0], duxes[1]}},
           {"men_in_hand", {0, 0}}, {"dux_in_hand", {0, 0}},      {"placed_this_turn", 0},
           {"again", nullptr},      {"to_move", to_move},         {"phase", "move"},
           {"result", "ongoing"},   {"plies_without_capture", 0}, {"rng", "0000000000000001"}};
    for (auto it = fields.begin(); it != fields.end(); ++it) j[it.key()] = it.value();
    return R::position_from_json(o, j, "position");
}

template <class R>
Diagram diagram(const LatrunculiOptions &o, const typename R::State &s) {
    const json ranks = R::position_json(o, s)["ranks"];
    return Diagram(ranks.rbegin(), ranks.rend());
}

template <class R>
std::vector<Action> legal(const LatrunculiOptions &o, const typename R::State &s) {
    std::vector<Action> out;
    R::legal_actions(o, s, out);
    return out;
}

template <class R>
bool is_legal(const LatrunculiOptions &o, const typename R::State &s, const std::string &move) {
    const auto moves = legal<R>(o, s);
    return std::find(moves.begin(), moves.end(), R::parse_action(o, move)) != moves.end();
}

// Plays a move that must be legal.
template <class R>
void play(const LatrunculiOptions &o, typename R::State &s, const std::string &move) {
    CAPTURE(move);
    REQUIRE(is_legal<R>(o, s, move));
    R::apply(o, s, R::parse_action(o, move));
}

// The state after `move` in the position `d` (to_move to play).
template <class R>
typename R::State state_after(const LatrunculiOptions &o, const Diagram &d, int to_move, const std::string &move) {
    typename R::State s = position<R>(o, d, to_move);
    play<R>(o, s, move);
    return s;
}

// Player 1's men left after `move` in the position `d` (to_move to play).
template <class R>
int men_left_after(const LatrunculiOptions &o, const Diagram &d, int to_move, const std::string &move) {
    return bits::popcount(state_after<R>(o, d, to_move, move).men[1]);
}

template <class R>
std::set<std::string> moves_from(const LatrunculiOptions &o, const typename R::State &s, const std::string &square) {
    std::set<std::string> out;
    for (Action a : legal<R>(o, s)) {
        const std::string text = R::action_text(o, a);
        if (text.rfind(square + "-", 0) == 0) out.insert(text.substr(square.size() + 1));
    }
    return out;
}

// ---- The naive reference: one cell per square, rules read straight from the document. ----

struct Naive {
    const LatrunculiRuleset &r;
    int rows, cols;
    int draw_plies;

    struct State {
        std::array<int8_t, 128> cell{};  // -1 empty, player for a man, 2 + player for a dux
        int to_move = 0, again = -1, placed = 0;
        std::array<int, 2> men_hand{}, dux_hand{};
        int quiet = 0;
        Result result = Result::ongoing;
    };

    static int owner(int c) { return c < 0 ? -1 : c % 2; }
    static bool dux(int c) { return c >= 2; }
    bool on(int rank, int file) const { return rank >= 0 && rank < rows && file >= 0 && file < cols; }
    bool placing(const State &s) const { return s.men_hand[0] + s.men_hand[1] + s.dux_hand[0] + s.dux_hand[1] > 0; }
    bool corner(int sq) const {
        const int rank = sq / cols, file = sq % cols;
        return (rank == 0 || rank == rows - 1) && (file == 0 || file == cols - 1);
    }
    static constexpr int dr[4] = {1, -1, 0, 0}, df[4] = {0, 0, -1, 1};

    std::vector<Action> moves(const State &s) const {
        std::vector<Action> out;
        if (placing(s)) {
            for (int sq = 0; sq < rows * cols; ++sq)
                if (s.cell[sq] < 0) out.push_back(Narrow::place_base + sq);
            return out;
        }
        for (int sq = 0; sq < rows * cols; ++sq) {
            if (owner(s.cell[sq]) != s.to_move || (s.again >= 0 && sq != s.again)) continue;
            for (int d = 0; d < 4; ++d) {
                int rank = sq / cols + dr[d], file = sq % cols + df[d];
                while (on(rank, file) && s.cell[rank * cols + file] < 0) {
                    out.push_back(sq * 128 + rank * cols + file);
                    if (!r.rook_moves) break;
                    rank += dr[d], file += df[d];
                }
                if (r.dux_jumps && dux(s.cell[sq]) && on(rank, file) &&
                    owner(s.cell[rank * cols + file]) == 1 - s.to_move &&
                    rank * cols + file == sq + dr[d] * cols + df[d] && on(rank + dr[d], file + df[d]) &&
                    s.cell[(rank + dr[d]) * cols + file + df[d]] < 0)
                    out.push_back(sq * 128 + (rank + dr[d]) * cols + file + df[d]);
            }
        }
        if (s.again >= 0) out.push_back(Narrow::pass);
        return out;
    }

    bool can_move(State s, int player) const {
        s.to_move = player;
        s.again = -1;
        return !moves(s).empty();
    }

    bool immobilised(const State &s, int player) const {
        for (int sq = 0; sq < rows * cols; ++sq) {
            if (s.cell[sq] != 2 + player) continue;
            bool enemy = false;
            for (int d = 0; d < 4; ++d) {
                const int rank = sq / cols + dr[d], file = sq % cols + df[d];
                if (!on(rank, file)) continue;
                const int c = s.cell[rank * cols + file];
                if (c < 0) return false;
                enemy |= owner(c) == 1 - player;
            }
            return enemy;
        }
        return false;
    }

    int count(const State &s, int player, bool men_only) const {
        int n = 0;
        for (int sq = 0; sq < rows * cols; ++sq) n += owner(s.cell[sq]) == player && !(men_only && dux(s.cell[sq]));
        return n;
    }

    void end_turn(State &s) const {
        const int mover = s.to_move;
        s.to_move = 1 - mover;
        if (!can_move(s, s.to_move) && !placing(s)) {
            if (r.stalemate_by_captures) {
                const int a = r.men - count(s, 1 - mover, true), b = r.men - count(s, mover, true);
                s.result = a > b   ? (mover == 0 ? Result::player0_won : Result::player1_won)
                           : b > a ? (mover == 0 ? Result::player1_won : Result::player0_won)
                                   : Result::draw;
            } else {
                s.result = mover == 0 ? Result::player0_won : Result::player1_won;
            }
            return;
        }
        if (placing(s)) return;
        if (r.quiet_moves_limit > 0 && s.quiet >= r.quiet_moves_limit) {
            const int a = count(s, 0, false), b = count(s, 1, false);
            s.result = a > b ? Result::player0_won : b > a ? Result::player1_won : Result::draw;
        } else if (draw_plies > 0 && s.quiet >= draw_plies) {
            s.result = Result::draw;
        }
    }

    void apply(State &s, Action a) const {
        const int p = s.to_move, e = 1 - p;
        if (a == Narrow::pass) {
            s.again = -1;
            end_turn(s);
            return;
        }
        if (a >= Narrow::place_base) {
            const int sq = a - Narrow::place_base;
            if (s.men_hand[p] > 0) {
                s.cell[sq] = static_cast<int8_t>(p);
                --s.men_hand[p];
                if (++s.placed < r.placed_per_turn && s.men_hand[p] > 0) return;
            } else {
                s.cell[sq] = static_cast<int8_t>(2 + p);
                --s.dux_hand[p];
            }
            s.placed = 0;
            end_turn(s);
            return;
        }
        const int from = a / 128, to = a % 128;
        s.cell[to] = s.cell[from];
        s.cell[from] = -1;
        std::vector<int> taken;
        for (int d = 0; d < 4; ++d) {
            const int r1 = to / cols + dr[d], f1 = to % cols + df[d], r2 = r1 + dr[d], f2 = f1 + df[d];
            if (!on(r1, f1) || !on(r2, f2)) continue;
            const int victim = s.cell[r1 * cols + f1], beyond = s.cell[r2 * cols + f2];
            if (owner(victim) != e || (dux(victim) && !r.dux_capturable)) continue;
            if (owner(beyond) == p || (r.corner_square_hostile && beyond < 0 && corner(r2 * cols + f2)))
                taken.push_back(r1 * cols + f1);
        }
        if (r.corner_taken_by_two) {
            for (int c : {0, cols - 1, (rows - 1) * cols, rows * cols - 1}) {
                if (s.cell[c] != e) continue;
                std::vector<int> beside;
                for (int d = 0; d < 4; ++d)
                    if (on(c / cols + dr[d], c % cols + df[d]))
                        beside.push_back((c / cols + dr[d]) * cols + c % cols + df[d]);
                if ((to == beside[0] || to == beside[1]) && owner(s.cell[beside[0]]) == p &&
                    owner(s.cell[beside[1]]) == p)
                    taken.push_back(c);
            }
        }
        for (int sq : taken) s.cell[sq] = -1;
        s.quiet = taken.empty() ? s.quiet + 1 : 0;
        s.again = -1;
        const Result win = p == 0 ? Result::player0_won : Result::player1_won,
                     loss = p == 0 ? Result::player1_won : Result::player0_won;
        if (count(s, e, false) == 0) {
            s.result = win;
            return;
        }
        if (r.dux_immobilised_loses && immobilised(s, e)) {
            s.result = win;
            return;
        }
        if (r.dux_immobilised_loses && immobilised(s, p)) {
            s.result = loss;
            return;
        }
        if (r.extra_move_after_capture && !taken.empty()) {
            s.again = to;
            return;
        }
        end_turn(s);
    }
};

template <class R>
Naive::State naive_of(const LatrunculiOptions &o, const typename R::State &s) {
    Naive::State n;
    n.cell.fill(-1);
    for (int sq = 0; sq < o.rows * o.cols; ++sq)
        if (s.owner(sq) >= 0) n.cell[sq] = static_cast<int8_t>(s.owner(sq) + (s.is_dux(sq) ? 2 : 0));
    n.to_move = s.to_move;
    n.again = s.again;
    n.placed = s.placed_this_turn;
    n.men_hand = {s.men_in_hand[0], s.men_in_hand[1]};
    n.dux_hand = {s.dux_in_hand[0], s.dux_in_hand[1]};
    n.quiet = static_cast<int>(s.plies_without_capture);
    n.result = s.result;
    return n;
}

bool same(const Naive::State &a, const Naive::State &b) {
    return a.cell == b.cell && a.to_move == b.to_move && a.again == b.again && a.placed == b.placed &&
           a.men_hand == b.men_hand && a.dux_hand == b.dux_hand && a.quiet == b.quiet && a.result == b.result;
}

// Perft of the engine, checking at every node that the naive reference lists the same moves
// and reaches the same positions.
template <class R>
uint64_t checked_perft(const LatrunculiOptions &o, const Naive &naive, const typename R::State &s, int depth) {
    if (depth == 0 || s.result != Result::ongoing) return 1;
    std::vector<Action> mine = legal<R>(o, s), theirs = naive.moves(naive_of<R>(o, s));
    std::sort(mine.begin(), mine.end());
    std::sort(theirs.begin(), theirs.end());
    REQUIRE(mine == theirs);
    uint64_t nodes = 0;
    for (Action a : mine) {
        typename R::State child = s;
        R::apply(o, child, a);
        Naive::State expected = naive_of<R>(o, s);
        naive.apply(expected, a);
        REQUIRE(same(naive_of<R>(o, child), expected));
        nodes += depth == 1 ? 1 : checked_perft<R>(o, naive, child, depth - 1);
    }
    return nodes;
}

template <class R>
uint64_t perft(const LatrunculiOptions &o, const typename R::State &s, int depth) {
    if (depth == 0 || s.result != Result::ongoing) return 1;
    uint64_t nodes = 0;
    for (Action a : legal<R>(o, s)) {
        typename R::State child = s;
        R::apply(o, child, a);
        nodes += perft<R>(o, child, depth - 1);
    }
    return nodes;
}

// Random games checked against the naive reference move by move.
template <class R>
void random_games_agree(const LatrunculiOptions &o, int games) {
    const Naive naive{*o.rules, o.rows, o.cols, o.draw_plies_without_capture};
    for (int g = 0; g < games; ++g) {
        typename R::State s = R::initial(o);
        Rng rng{static_cast<uint64_t>(g) + 1};
        for (int ply = 0; ply < 3000 && s.result == Result::ongoing; ++ply) {
            std::vector<Action> mine = legal<R>(o, s), theirs = naive.moves(naive_of<R>(o, s));
            std::sort(mine.begin(), mine.end());
            std::sort(theirs.begin(), theirs.end());
            REQUIRE(mine == theirs);
            const Action a = R::random_action(o, s, rng);
            REQUIRE(std::binary_search(mine.begin(), mine.end(), a));
            Naive::State expected = naive_of<R>(o, s);
            naive.apply(expected, a);
            R::apply(o, s, a);
            REQUIRE(same(naive_of<R>(o, s), expected));
        }
    }
}

const LatrunculiOptions kowalski = options("kowalski");
const LatrunculiOptions bell = options("bell");
const LatrunculiOptions quintana = options("quintana");

}  // namespace

// ---------------------------------------------------------------------------------------------
// Kowalski (8x12)

TEST_CASE("Kowalski: 8 ranks of 12 files; 12 men fill each player's first rank, the dux stands on the second rank just "
          "right of the centre line from its owner's side") {
    const Wide::State s = Wide::initial(kowalski);
    CHECK(diagram<Wide>(kowalski, s) == Diagram{"111111111111", ".....d......", "............", "............",
                                                "............", "............", "......D.....", "000000000000"});
    CHECK(s.to_move == 0);
}

TEST_CASE("Kowalski: men and the dux move any distance orthogonally, never jumping") {
    const Wide::State s = position<Wide>(kowalski,
                                         {"...d........", "............", "............", "............",
                                          "..1.........", "............", "..0.......D.", "............"},
                                         0);
    CHECK(moves_from<Wide>(kowalski, s, "c2") ==
          std::set<std::string>{"c1", "c3", "a2", "b2", "d2", "e2", "f2", "g2", "h2", "i2", "j2"});
    CHECK(moves_from<Wide>(kowalski, s, "k2").size() ==
          7 + 1 + 6 + 1);  // up 6 (k3..k8), down 1, left 7 (d2..j2), right 1
}

TEST_CASE("Kowalski: a man is captured when the moving piece and another enemy piece flank it on opposite sides") {
    Wide::State s = position<Wide>(kowalski,
                                   {"....d.......", "............", "............", "............", "............",
                                    "..0.........", "..1...D.....", "...0........"},
                                   0);
    play<Wide>(kowalski, s, "d1-c1");  // c2 (player 1's man) is flanked by c1 and c3
    CHECK(diagram<Wide>(kowalski, s)[6] == "......D.....");
    CHECK(bits::popcount(s.men[1]) == 0);
}

// Rule sentences of Kowalski's captures, each a position, player 0's move and player 1's men left.
TEST_CASE("Kowalski: the edge, the corner and the dux in captures") {
    struct Case {
        const char *rule;
        Diagram before;
        const char *move;
        int men_left;
    };
    const std::vector<Case> cases = {
        {"the board's edge does not capture (b1 between b2 and the edge)",
         {"....d.......", "............", "............", ".0..........", "............", "............",
          "......D.....", ".1.........."},
         "b5-b2",
         1},
        {"a man in a corner is captured by enemy pieces on the two squares beside the corner (l1: k1 and l2)",
         {"....d.......", "............", "............", "............", "............", "...........D",
          "............", "0.........01"},
         "l3-l2",
         0},
        {"the dux takes part in captures like a man",
         {"....d.......", "............", "............", "............", "............", "..0.........",
          "..1.........", "......D....."},
         "g1-c1",
         0},
    };
    for (const Case &c : cases) {
        SUBCASE(c.rule) { CHECK(men_left_after<Wide>(kowalski, c.before, 0, c.move) == c.men_left); }
    }
}

TEST_CASE("Kowalski: the dux is never captured") {
    Wide::State s = position<Wide>(kowalski,
                                   {"............", "............", "............", "............", "............",
                                    "..0.........", "..d.........", "...0.....D.."},
                                   0);
    play<Wide>(kowalski, s, "d1-c1");  // c2 (the dux) between c1 and c3: stays
    CHECK(s.dux[1] != 0);
    CHECK(s.result == Result::ongoing);
}

TEST_CASE("Kowalski: a piece may move between two enemy pieces without being captured") {
    Wide::State s = position<Wide>(kowalski,
                                   {"....d.......", "............", "............", "............", "..0.........",
                                    "...........1", "..0.........", "......D....."},
                                   1);
    play<Wide>(kowalski, s, "l3-c3");
    CHECK(diagram<Wide>(kowalski, s)[5] == "..1.........");
    play<Wide>(kowalski, s, "g1-g2");
    CHECK(bits::popcount(s.men[1]) == 1);
}

TEST_CASE("Kowalski: a player who immobilises the enemy dux wins") {
    // The dux on a1 has b1 taken by its own man and a2 empty: an enemy man moving to a2 shuts it in.
    CHECK(state_after<Wide>(kowalski,
                            {"....d.......", "............", "............", "............", "............",
                             "............", ".......1....", "D0.........."},
                            1, "h2-a2")
              .result == Result::player1_won);
}

TEST_CASE("Kowalski: a dux shut in by its own pieces and the edge alone is not immobilised") {
    Wide::State s = position<Wide>(kowalski,
                                   {"....d.......", "............", "............", "............", "............",
                                    "0...........", "..1.........", "D0.........."},
                                   0);
    play<Wide>(kowalski, s, "a3-a2");
    CHECK(s.result == Result::ongoing);
    CHECK(s.to_move == 1);
}

TEST_CASE("Kowalski: a player who leaves its own dux immobilised beside an enemy loses") {
    // the dux on a1: a2 an enemy, b1 its own man
    CHECK(state_after<Wide>(kowalski,
                            {"....d.......", "............", "............", "............", "............",
                             "0...........", "1...........", "D.0........."},
                            0, "c1-b1")
              .result == Result::player1_won);
}

TEST_CASE("Kowalski: a player who cannot move: the player who has captured more men wins") {
    // Player 1's dux on l8 is hemmed in by its own men k8 and l7, which player 0's men on j8,
    // k7 and l6 block: after any move of player 0, player 1 cannot move. Player 0 has captured
    // 10 men, player 1 has captured 8.
    const Diagram d = {".........01d", "..........01", "...........0", "............",
                       "............", "............", "............", "0....D......"};
    Wide::State s = position<Wide>(kowalski, d, 0);
    play<Wide>(kowalski, s, "a1-a2");
    CHECK(s.result == Result::player0_won);
}

// ---------------------------------------------------------------------------------------------
// Perft and random games against the naive reference

TEST_CASE("perft: Kowalski 8x12 from the start, checked against the naive reference" * doctest::test_suite("slow")) {
    const Naive naive{*kowalski.rules, 8, 12, 0};
    const Wide::State s = Wide::initial(kowalski);
    CHECK(checked_perft<Wide>(kowalski, naive, s, 1) == perft<Wide>(kowalski, s, 1));
    CHECK(checked_perft<Wide>(kowalski, naive, s, 2) == perft<Wide>(kowalski, s, 2));
    CHECK(checked_perft<Wide>(kowalski, naive, s, 3) == perft<Wide>(kowalski, s, 3));
}

TEST_CASE("random games of every ruleset agree with the naive reference move by move" * doctest::test_suite("slow")) {
    for (const LatrunculiRuleset &r : latrunculi_rulesets()) {
        CAPTURE(r.id);
        const LatrunculiOptions o = options(std::string(r.id), {{"draw_plies_without_capture", 300}});
        if (o.rows * o.cols <= 64)
            random_games_agree<Narrow>(o, 40);
        else
            random_games_agree<Wide>(o, 40);
    }
}

// The computer player tests a move for captures only where it lands on capture_landings(): every
// capture must land there, and beside a piece it takes.
template <class R, class BB>
void captures_land_on_capture_landings(const LatrunculiOptions &o, int games) {
    const LatrunculiMasks<BB> &m = o.masks<BB>();
    int captures = 0;
    for (int g = 0; g < games; ++g) {
        typename R::State s = R::initial(o);
        Rng rng{static_cast<uint64_t>(g) + 7};
        for (int ply = 0; ply < 3000 && s.result == Result::ongoing; ++ply) {
            const BB landings = R::capture_landings(o, s);
            for (Action a : legal<R>(o, s)) {
                const BB captured = R::captures_of(o, s, a);
                if (captured == 0) continue;
                ++captures;
                REQUIRE(a < R::place_base);
                REQUIRE(bits::test(landings, a % R::stride));
                REQUIRE((m.neighbours[a % R::stride] & captured) != 0);
            }
            R::apply(o, s, R::random_action(o, s, rng));
        }
    }
    CHECK(captures > 100);
}

TEST_CASE(
    "every capture is made by a piece landing beside a piece it captures, on capture_landings(), in every ruleset") {
    for (const LatrunculiRuleset &r : latrunculi_rulesets()) {
        CAPTURE(r.id);
        const LatrunculiOptions o = options(std::string(r.id), {{"draw_plies_without_capture", 300}});
        if (o.rows * o.cols <= 64)
            captures_land_on_capture_landings<Narrow, uint64_t>(o, 10);
        else
            captures_land_on_capture_landings<Wide, u128>(o, 10);
    }
}

TEST_CASE("perft: Museum Quintana 8x8 from the start, checked against the naive reference") {
    const Naive naive{*quintana.rules, 8, 8, 0};
    const Narrow::State s = Narrow::initial(quintana);
    CHECK(checked_perft<Narrow>(quintana, naive, s, 1) == 32);
    CHECK(checked_perft<Narrow>(quintana, naive, s, 2) ==
          944);  // a man on rank k leaves the enemy man of its file 6 - k moves
    CHECK(checked_perft<Narrow>(quintana, naive, s, 3) == perft<Narrow>(quintana, s, 3));
    CHECK(perft<Narrow>(quintana, s, 4) == 1446216);  // the same opening as Petteia 8x8 (README)
}

TEST_CASE("perft: Bell 8x8, the placement and a position of the movement phase, checked against the naive reference") {
    const Naive naive{*bell.rules, 8, 8, 0};
    const Narrow::State start = Narrow::initial(bell);
    CHECK(checked_perft<Narrow>(bell, naive, start, 2) == 64 * 63);  // two men of player 0, in either order
    const Narrow::State s = position<Narrow>(
        bell, {"1.1.1.1.", ".1.d.1.1", "1.1.1.1.", "........", "........", ".0.0.0.0", "0.0.D.0.", ".0.0.0.0"}, 0);
    CHECK(checked_perft<Narrow>(bell, naive, s, 3) == perft<Narrow>(bell, s, 3));
}

// ---------------------------------------------------------------------------------------------
// Bell

TEST_CASE("Bell: each player places men two at a time anywhere, player 0 first, then each places the dux; nothing is "
          "captured while placing") {
    Narrow::State s = Narrow::initial(bell);
    CHECK(s.men_in_hand[0] == 16);
    CHECK(s.dux_in_hand[1] == 1);
    CHECK(legal<Narrow>(bell, s).size() == 64);
    play<Narrow>(bell, s, "a1");
    CHECK(s.to_move == 0);  // the second man of the turn
    play<Narrow>(bell, s, "c1");
    CHECK(s.to_move == 1);
    play<Narrow>(bell, s, "b1");  // between two enemies: not captured while placing
    play<Narrow>(bell, s, "b2");
    play<Narrow>(bell, s, "b3");  // b2 now between b1... of its own: nothing happens either way
    CHECK(bits::popcount(s.men[1]) == 2);
    // Fill the rest: 14 more men each, two a turn.
    int square = 8;
    while (s.men_in_hand[0] + s.men_in_hand[1] > 0) {
        while (s.owner(square) >= 0) ++square;
        Narrow::apply(bell, s, Narrow::place_base + square);
    }
    CHECK(s.to_move == 0);
    CHECK(Narrow::action_json(bell, s, legal<Narrow>(bell, s).front())["piece"] == "dux");
    while (s.owner(square) >= 0) ++square;
    Narrow::apply(bell, s, Narrow::place_base + square);
    CHECK(s.to_move == 1);
    while (s.owner(square) >= 0) ++square;
    Narrow::apply(bell, s, Narrow::place_base + square);
    CHECK(!s.placing());
    CHECK(s.to_move == 0);
    CHECK(bits::popcount(s.pieces(0)) == 17);
    CHECK(bits::popcount(s.pieces(1)) == 17);
}

TEST_CASE("Bell: men move one square orthogonally") {
    const Narrow::State s = position<Narrow>(
        bell, {"...d....", "........", "........", "...0....", "........", "........", "D.......", "1......."}, 0);
    CHECK(moves_from<Narrow>(bell, s, "d5") == std::set<std::string>{"d6", "d4", "c5", "e5"});
}

TEST_CASE("Bell: the dux also jumps an adjacent enemy piece to the empty square beyond, without capturing it") {
    Narrow::State s = position<Narrow>(
        bell, {"........", "........", "...1....", "...D1...", "........", "...0....", "........", "d......."}, 0);
    CHECK(moves_from<Narrow>(bell, s, "d5") == std::set<std::string>{"d4", "c5", "d7", "f5"});  // over d6 and over e5
    s = position<Narrow>(
        bell, {"........", "........", "...1....", "..0D1...", "........", "...0....", "........", "d......."}, 0);
    CHECK(moves_from<Narrow>(bell, s, "d5") == std::set<std::string>{"d4", "d7", "f5"});  // never over its own man (c5)
    play<Narrow>(bell, s, "d5-d7");
    CHECK(bits::popcount(s.men[1]) == 2);  // the jumped man stays
}

TEST_CASE("Bell: a piece is captured between two enemy pieces, or between an enemy piece and an empty corner square, "
          "not a side square") {
    // b1 between c1 and the empty corner a1
    CHECK(men_left_after<Narrow>(
              bell, {"d.......", "........", "........", "........", "........", "........", "........", ".1.0D..."}, 0,
              "d1-c1") == 0);
    // c1 between d1 and b1, a side square: not taken
    CHECK(men_left_after<Narrow>(
              bell, {"d.......", "........", "........", "........", "........", "........", "........", "..1.0.D."}, 0,
              "e1-d1") == 1);
    // the corner holds the victim's own man: not hostile (a DECISION)
    CHECK(men_left_after<Narrow>(
              bell, {"d.......", "........", "........", "........", "........", "........", "........", "11.0D..."}, 0,
              "d1-c1") == 2);
    CHECK(men_left_after<Narrow>(
              bell, {"d.......", "........", "........", "........", "........", "..0.....", "..1.....", "...0D..."}, 0,
              "d1-c1") == 0);
}

TEST_CASE("Bell: the dux is captured like any other piece, and flanks like one") {
    Narrow::State s = position<Narrow>(
        bell, {"1.......", "........", "........", "........", "........", "..0.....", "..d.....", "...D...."}, 0);
    play<Narrow>(bell, s, "d1-c1");
    CHECK(s.dux[1] == 0);
    CHECK(s.result == Result::ongoing);
}

TEST_CASE("Bell: a piece that captures moves again at once (or its player declines), and a capture on the extra move "
          "earns another") {
    Narrow::State s = position<Narrow>(
        bell, {"1.......", "..1.....", "........", "........", "........", "..0.....", "..1.....", "...0D..."}, 0);
    play<Narrow>(bell, s, "d1-c1");
    CHECK(s.to_move == 0);
    CHECK(s.again == 2);
    std::set<std::string> texts;
    for (Action a : legal<Narrow>(bell, s)) texts.insert(Narrow::action_text(bell, a));
    CHECK(texts == std::set<std::string>{"c1-b1", "c1-c2", "c1-d1", "pass"});  // only the capturing piece
    play<Narrow>(bell, s, "pass");
    CHECK(s.to_move == 1);
    CHECK(s.again == -1);
}

TEST_CASE("Bell: a player who loses all pieces loses") {
    CHECK(state_after<Narrow>(
              bell, {"........", "........", "........", "........", "........", "..0.....", "..1.....", "...0D..."}, 0,
              "d1-c1")
              .result == Result::player0_won);
}

TEST_CASE("Bell: after 30 moves without a capture the game ends and the player with more pieces on the board wins") {
    const Diagram d = {"1.......", "........", "........", "....d...", "........", "........", "........", "0..0D..."};
    Narrow::State s = position<Narrow>(bell, d, 0, {{"plies_without_capture", 29}});
    play<Narrow>(bell, s, "a1-a2");
    CHECK(s.plies_without_capture == 30);
    CHECK(s.result == Result::player0_won);  // 3 pieces against 2
    s = position<Narrow>(
        bell, {"1.......", "........", "........", "....d...", "........", "........", "........", "0...D..."}, 0,
        {{"plies_without_capture", 29}});
    play<Narrow>(bell, s, "a1-a2");
    CHECK(s.result == Result::draw);  // as many pieces: a draw (a DECISION)
    s = position<Narrow>(bell, d, 0, {{"plies_without_capture", 28}});
    play<Narrow>(bell, s, "a1-a2");
    CHECK(s.result == Result::ongoing);
}

TEST_CASE("Bell: a player who cannot move loses (a DECISION)") {
    Narrow::State s = position<Narrow>(
        bell, {"1D......", "0.......", "........", "........", "........", "........", "........", "...0...d"}, 0);
    CHECK(moves_from<Narrow>(bell, s, "a8").empty());
    play<Narrow>(bell, s, "d1-d2");  // player 1's man on a8 is shut in... but its dux on h1 still moves
    CHECK(s.result == Result::ongoing);
    s = position<Narrow>(
        bell, {"1D......", "0.......", "........", "........", "........", "........", "........", "...0...."}, 0);
    play<Narrow>(bell, s, "d1-d2");
    CHECK(s.result == Result::player0_won);
}

// ---------------------------------------------------------------------------------------------
// Museum Quintana

TEST_CASE("Quintana: 16 men each on the two nearest ranks, moving any distance orthogonally") {
    const Narrow::State s = Narrow::initial(quintana);
    CHECK(diagram<Narrow>(quintana, s) ==
          Diagram{"11111111", "11111111", "........", "........", "........", "........", "00000000", "00000000"});
    CHECK(moves_from<Narrow>(quintana, s, "c2") == std::set<std::string>{"c3", "c4", "c5", "c6"});
}

TEST_CASE("Quintana: a piece is captured between the moving piece and another enemy; corners and edges never capture") {
    Narrow::State s = position<Narrow>(
        quintana, {"........", "........", "........", "........", "........", "..0.....", "..1.....", "...0...."}, 0);
    play<Narrow>(quintana, s, "d1-c1");
    CHECK(s.result == Result::player0_won);  // its last piece
    // a2 between a3 and the empty corner a1: not taken
    CHECK(men_left_after<Narrow>(
              quintana,
              {"........", "........", "........", "....1...", "........", ".0......", "1.......", "...0...."}, 0,
              "b3-a3") == 2);
    // the man in the corner a1 stays (no corner rule)
    CHECK(men_left_after<Narrow>(
              quintana,
              {"........", "........", "........", "....1...", "........", "0.......", "........", "10......"}, 0,
              "a3-a2") == 2);
}

TEST_CASE("Quintana: the player who captures every enemy piece wins; one piece left plays on") {
    Narrow::State s = position<Narrow>(
        quintana, {"1.......", "........", "........", "........", "........", "..0.....", "..1.....", "...0...."}, 0);
    play<Narrow>(quintana, s, "d1-c1");
    CHECK(bits::popcount(s.men[1]) == 1);
    CHECK(s.result == Result::ongoing);
}

TEST_CASE("Quintana: a player who cannot move loses (a DECISION)") {
    CHECK(state_after<Narrow>(
              quintana,
              {"10......", "0.......", "........", "........", "........", "........", "........", "...0...."}, 0,
              "d1-d2")
              .result == Result::player0_won);
}

// ---------------------------------------------------------------------------------------------
// Every ruleset

// The squares pieces on `from` reach, walked square by square: up, down, left and right until a
// piece or the edge.
template <class BB>
BB walked_reach(int rows, int cols, BB from, BB empty) {
    BB reached = 0;
    const int steps[4][2] = {{1, 0}, {-1, 0}, {0, -1}, {0, 1}};  // rank, file
    for (int sq = 0; sq < rows * cols; ++sq) {
        if (!bits::test(from, sq)) continue;
        for (const auto &step : steps)
            for (int rank = sq / cols + step[0], file = sq % cols + step[1];
                 rank >= 0 && rank < rows && file >= 0 && file < cols && bits::test(empty, rank * cols + file);
                 rank += step[0], file += step[1])
                reached |= bits::one<BB>(rank * cols + file);
    }
    return reached;
}

// Random boards, crowded and sparse: the pieces' reach (the slides, one subtraction to the right)
// as walked, for all the pieces at once and for each alone.
template <class R, class BB>
void reach_is_walked(const LatrunculiOptions &o) {
    Rng rng{11};
    const BB board = o.masks<BB>().board;
    for (int i = 0; i < 300; ++i) {
        BB pieces = 0;
        const int density = 1 + i % 7;  // a square in eight holds a piece up to seven in eight
        for (int sq = 0; sq < o.rows * o.cols; ++sq)
            if (static_cast<int>(rng.below(8)) < density) pieces |= bits::one<BB>(sq);
        const BB empty = board & ~pieces;
        REQUIRE(R::reach(o, pieces, empty) == walked_reach(o.rows, o.cols, pieces, empty));
        for (BB b = pieces; b != 0; b &= b - 1) {
            const BB one = bits::one<BB>(bits::lowest(b));
            REQUIRE(R::reach(o, one, empty) == walked_reach(o.rows, o.cols, one, empty));
        }
    }
}

TEST_CASE("pieces slide in every direction up to the next piece or the edge, on every board of sliding pieces") {
    reach_is_walked<Narrow, uint64_t>(quintana);
    reach_is_walked<Wide, u128>(kowalski);
    reach_is_walked<Wide, u128>(options("kowalski_10x11"));
}

TEST_CASE("the moves of every position listed by the engine equal a uniformly drawn random move's range, and saved "
          "games load again identically (1,000 random games)" *
          doctest::test_suite("slow")) {
    int games = 0;
    for (const LatrunculiRuleset &r : latrunculi_rulesets()) {
        CAPTURE(r.id);
        ludus::testing::check_random_games_load_again("latrunculi",
                                                      {{"ruleset", r.id}, {"draw_plies_without_capture", 60}}, 200,
                                                      [](int g) { return 1 + static_cast<uint32_t>(g % 7) * 60; });
        games += 200;
    }
    CHECK(games == 1000);
}

TEST_CASE("hand-made positions that break the rules are refused, naming the field") {
    const json good = Narrow::position_json(bell, Narrow::initial(bell));
    auto refused = [&](json j, const std::string &field) {
        CAPTURE(j.dump());
        CHECK(status_of([&] { Narrow::position_from_json(bell, j, "start"); }) == Status::invalid_state);
        try {
            Narrow::position_from_json(bell, j, "start");
        } catch (const Error &e) { CHECK(std::string(e.what()).rfind("start." + field, 0) == 0); }
    };
    json j = good;
    j["ranks"][0] = "0.......";
    refused(j, "men");  // a man on the board and 16 in hand
    j = good;
    j["again"] = "a1";
    refused(j, "again");
    j = good;
    j["placed_this_turn"] = 2;
    refused(j, "placed_this_turn");
    j = good;
    j["ranks"][0] = "DD......";
    j["duxes"] = {2, 0};
    refused(j, "ranks[0]");
    const json k = Wide::position_json(kowalski, Wide::initial(kowalski));
    j = k;
    j["ranks"][1] = "............";
    j["duxes"] = {0, 1};
    CHECK(status_of([&] { Wide::position_from_json(kowalski, j, "start"); }) ==
          Status::invalid_state);  // Kowalski's dux is never captured
}

TEST_CASE("moves are read as FROM-TO, a square to place on, or pass") {
    CHECK(Narrow::parse_action(bell, "b2-b3") == (8 + 1) * 128 + 17);
    CHECK(Narrow::parse_action(bell, "h8") == Narrow::place_base + 63);
    CHECK(Narrow::parse_action(bell, "pass") == Narrow::pass);
    for (const char *bad : {"", "i1", "a9", "a1-", "a1-b", "a01", "pas", "a1 b1"}) {
        CAPTURE(bad);
        CHECK(status_of([&] { Narrow::parse_action(bell, bad); }) == Status::invalid_move);
    }
    CHECK(Wide::parse_action(kowalski, "l8-l1") == 95 * 128 + 11);
}

TEST_CASE("the computer player takes a move that wins at once, at every searching level (immobilising the dux, "
          "capturing the last piece)") {
    const Wide::State k = position<Wide>(kowalski,
                                         {"....d.......", "............", "............", "............",
                                          "............", "............", ".......1....", "D0.........."},
                                         1);
    const Narrow::State q = position<Narrow>(
        quintana, {"........", "........", "........", "........", "........", "..0.....", "..1.....", "...0...."}, 0);
    for (const char *level : {"greedy", "easy", "medium", "best"}) {
        CAPTURE(level);
        const json options{{"level", level}, {"max_nodes", 3000}};
        CHECK(ai_choose<Wide>(kowalski, k, {}, options)["text"] == "h2-a2");
        CHECK(ai_choose<Narrow>(quintana, q, {}, options)["text"] == "d1-c1");
    }
}
