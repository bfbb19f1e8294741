// The solved Royal Game of Ur (lib/ur/ur_solve.hpp): the index is a bijection of the positions
// and counts what the published solutions count; the values of tiny games equal an independent
// computation (the positions enumerated on their own, the linear system of a game of one piece a
// side solved by Gaussian elimination; the Bellman equations of a game of two pieces checked
// state by state); the published chances of chosen positions; the table file and its checksum;
// the "perfect" level.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <vector>

#include "ai/ai.hpp"
#include "core_test_support.hpp"
#include "ur/ur.hpp"
#include "ur/ur_solve.hpp"

using namespace ludus;
using ludus::testing::status_of;
using Ur = UrRules;
using St = UrState;

namespace {

Ur::Options options(const std::string &ruleset, int pieces) {
    return Ur::parse_options({{"ruleset", ruleset}, {"pieces", pieces}, {"seed", 1}});
}

std::array<double, 5> chances(const Ur::Options &o) {
    std::array<double, 5> p{};
    for (int mask = 0; mask < (1 << o.dice); ++mask)
        p[static_cast<size_t>(Ur::roll_value(o, __builtin_popcount(static_cast<unsigned>(mask))))] +=
            1.0 / (1 << o.dice);
    return p;
}

// A position with player 0 to throw: each player's pieces by progress (0 hand, 28 off).
St board(const Ur::Options &o, const std::vector<int> &mine, const std::vector<int> &theirs) {
    St s;
    s.set_count(0, St::off, o.pieces - static_cast<int>(mine.size()));
    s.set_count(1, St::off, o.pieces - static_cast<int>(theirs.size()));
    for (int k : mine) s.set_count(0, k, s.count(0, k) + 1);
    for (int k : theirs) s.set_count(1, k, s.count(1, k) + 1);
    return s;
}

// The positions of a game, enumerated on their own (no Index): every position with player 0 to
// throw reachable from the rules' moves, from the start and from every position of each pair of
// pieces borne off; the value after a move read through `key`.
struct Enumerated {
    std::map<std::vector<uint8_t>, size_t> id;
    std::vector<St> states;
};

std::vector<uint8_t> key(const St &s) {
    std::vector<uint8_t> k;
    const int me = s.to_move;
    for (int p : {me, 1 - me})
        for (int i = 0; i <= St::off; ++i) k.push_back(static_cast<uint8_t>(s.count(p, i)));
    return k;
}

St from_key(const std::vector<uint8_t> &k) {
    St s;
    for (int p = 0; p < 2; ++p)
        for (int i = 0; i <= St::off; ++i) s.set_count(p, i, k[static_cast<size_t>(p * (St::off + 1) + i)]);
    return s;
}

Enumerated enumerate(const Ur::Options &o) {
    Enumerated e;
    std::vector<St> todo;
    auto add = [&](const St &s) {
        auto [it, fresh] = e.id.emplace(key(s), e.states.size());
        if (fresh) e.states.push_back(from_key(it->first)), todo.push_back(e.states.back());
    };
    // Every combination of pieces borne off, the rest in hand: from these every position is reached.
    for (int a = 0; a < o.pieces; ++a)
        for (int b = 0; b < o.pieces; ++b) {
            St s;
            s.set_count(0, St::off, a), s.set_count(0, St::hand, o.pieces - a);
            s.set_count(1, St::off, b), s.set_count(1, St::hand, o.pieces - b);
            add(s);
        }
    std::vector<Action> moves;
    while (!todo.empty()) {
        St s = todo.back();
        todo.pop_back();
        for (int roll = 0; roll <= 4; ++roll) {
            s.n_dice = static_cast<uint8_t>(o.dice), s.roll = static_cast<uint8_t>(roll);
            moves.clear();
            Ur::legal_actions(o, s, moves);
            for (Action a : moves) {
                St c = s;
                Ur::apply(o, c, a);
                if (c.result == Result::ongoing) add(c);
            }
        }
    }
    return e;
}

// The mover's chance after move a from the values x of the enumeration; `same` and `flip` count
// the coefficients for the linear system.
double after(const Ur::Options &o, const Enumerated &e, const std::vector<double> &x, const St &s, Action a) {
    St c = s;
    Ur::apply(o, c, a);
    if (c.result != Result::ongoing) return 1.0;
    const double w = x[e.id.at(key(c))];
    return c.to_move == s.to_move ? w : 1.0 - w;
}

// Solves A x = b by Gaussian elimination with partial pivoting.
std::vector<double> gauss(std::vector<std::vector<double>> a, std::vector<double> b) {
    const size_t n = b.size();
    for (size_t col = 0; col < n; ++col) {
        size_t pivot = col;
        for (size_t r = col + 1; r < n; ++r)
            if (std::abs(a[r][col]) > std::abs(a[pivot][col])) pivot = r;
        std::swap(a[col], a[pivot]);
        std::swap(b[col], b[pivot]);
        for (size_t r = col + 1; r < n; ++r) {
            const double f = a[r][col] / a[col][col];
            if (f == 0) continue;
            for (size_t k = col; k < n; ++k) a[r][k] -= f * a[col][k];
            b[r] -= f * b[col];
        }
    }
    std::vector<double> x(n);
    for (size_t i = n; i-- > 0;) {
        double v = b[i];
        for (size_t k = i + 1; k < n; ++k) v -= a[i][k] * x[k];
        x[i] = v / a[i][i];
    }
    return x;
}

// The exact values of a game of one piece a side (each throw moves the one piece or passes: no
// choice, so the values solve one linear system).
std::vector<double> exact_one_piece(const Ur::Options &o, const Enumerated &e) {
    const size_t n = e.states.size();
    const auto p = chances(o);
    std::vector<std::vector<double>> a(n, std::vector<double>(n, 0.0));
    std::vector<double> b(n, 0.0);
    std::vector<Action> moves;
    for (size_t i = 0; i < n; ++i) {
        a[i][i] += 1;
        St s = e.states[i];
        for (int roll = 0; roll <= 4; ++roll) {
            if (p[static_cast<size_t>(roll)] == 0) continue;
            s.n_dice = static_cast<uint8_t>(o.dice), s.roll = static_cast<uint8_t>(roll);
            moves.clear();
            Ur::legal_actions(o, s, moves);
            REQUIRE(moves.size() == 1);
            St c = s;
            Ur::apply(o, c, moves[0]);
            const double q = p[static_cast<size_t>(roll)];
            if (c.result != Result::ongoing) {
                b[i] += q;
            } else if (c.to_move == s.to_move) {
                a[i][e.id.at(key(c))] -= q;
            } else {
                a[i][e.id.at(key(c))] += q;  // x_i = ... + q (1 - x_j)
                b[i] += q;
            }
        }
    }
    return gauss(a, b);
}

// Plays a game with the level "perfect" from the table at `path` (`l`, opened), the dice
// thrown in a fixed pattern: every move it picks has the highest chance after it.
void check_perfect_plays(const Ur::Options &go, const std::string &path, const ur_solve::TableFile &l) {
    const ur_solve::Index index(go);
    St s = Ur::initial(go);
    int plies = 0;
    while (s.result == Result::ongoing && plies < 400) {
        std::array<int, 4> dice = {plies % 2, plies % 3 == 0, 1, plies % 5 == 0};
        if (go.dice == 3 && plies % 7 == 0) dice = {0, 0, 0, 0};  // Masters' 4 (none marked)
        Ur::set_dice(go, s, std::span<const int>(dice.data(), static_cast<size_t>(go.dice)));
        const json move = ai_choose<Ur>(go, s, {}, {{"level", "perfect"}, {"table", path}});
        std::vector<Action> moves;
        Ur::legal_actions(go, s, moves);
        double best = 0;
        for (Action a : moves) best = std::max(best, ur_solve::value_after(index, l, go, s, a));
        CHECK(ur_solve::value_after(index, l, go, s, move["action"].get<Action>()) == best);
        Ur::apply(go, s, move["action"].get<Action>());
        ++plies;
    }
    CHECK(s.result != Result::ongoing);
}

// The largest difference between a side of the Bellman equations of the enumerated positions
// and the other, with the values `value_of` gives each (by its index).
template <class Value>
double bellman_residual(const Ur::Options &o, const Enumerated &e, const ur_solve::Index &index, Value value_of) {
    std::vector<double> x(e.states.size());
    for (size_t i = 0; i < x.size(); ++i) x[i] = value_of(index.encode(e.states[i]));
    const auto p = chances(o);
    double worst = 0;
    std::vector<Action> moves;
    for (size_t i = 0; i < x.size(); ++i) {
        St s = e.states[i];
        double v = 0;
        for (int roll = 0; roll <= 4; ++roll) {
            s.n_dice = static_cast<uint8_t>(o.dice), s.roll = static_cast<uint8_t>(roll);
            moves.clear();
            Ur::legal_actions(o, s, moves);
            double best = 0;
            for (Action a : moves) best = std::max(best, after(o, e, x, s, a));
            v += p[static_cast<size_t>(roll)] * best;
        }
        worst = std::max(worst, std::abs(v - x[i]));
    }
    return worst;
}

}  // namespace

TEST_CASE("ur solve: the index is a bijection and counts the published positions") {
    for (const char *ruleset : {"finkel", "masters", "blitz"})
        for (int pieces : {1, 2, 3}) {
            CAPTURE(ruleset);
            CAPTURE(pieces);
            const auto o = options(ruleset, pieces);
            const ur_solve::Index index(o);
            for (uint64_t i = 0; i < index.size(); ++i) REQUIRE(index.encode(index.decode(i)) == i);
            // Every position the rules reach is one of them, and every one is reached.
            if (pieces <= 2) CHECK(enumerate(o).states.size() == index.size());
        }
    // jheled/royalur (doc "gamesize") and RoyalUr.net ("How we solved the Royal Game of Ur"):
    // 137,913,936 positions with one side to throw (275,827,872 with either), counting those where
    // a side has borne off every piece (the game over), which the index leaves out. Boards with g
    // and r pieces on them, C(g, r), each with the splits of the rest between hand and off: all
    // n + 1 - g of them (published), or without "all off" (ours, n for g = 0). Masters' route:
    // RoyalUr.net's "over a billion" with either side to throw, 2 x 501,032,952.
    for (const auto &ruleset_published :
         {std::pair{"finkel", uint64_t{137'913'936}}, std::pair{"masters", uint64_t{501'032'952}}}) {
        // Named, not a structured binding: CAPTURE's lambda cannot capture a binding in C++20.
        const char *ruleset = ruleset_published.first;
        const uint64_t published = ruleset_published.second;
        const auto o = options(ruleset, 7);
        const bool finkel = std::string(ruleset) == "finkel";
        const int np = finkel ? 6 : 4, ns = finkel ? 8 : 12;  // private squares a side, shared squares
        auto binom = [](int n, int k) -> uint64_t {
            if (k < 0 || k > n) return 0;
            uint64_t c = 1;
            for (int i = 1; i <= k; ++i) c = c * static_cast<uint64_t>(n - k + i) / static_cast<uint64_t>(i);
            return c;
        };
        uint64_t all = 0, ours = 0;
        for (int g = 0; g <= 7; ++g)
            for (int r = 0; r <= 7; ++r) {
                uint64_t boards = 0;
                for (int xm = 0; xm <= std::min(g, np); ++xm)
                    for (int xo = 0; xo <= std::min(r, np); ++xo)
                        boards += binom(np, xm) * binom(np, xo) * binom(ns, g - xm) * binom(ns - (g - xm), r - xo);
                all += static_cast<uint64_t>(8 - g) * static_cast<uint64_t>(8 - r) * boards;
                ours += static_cast<uint64_t>(g == 0 ? 7 : 8 - g) * static_cast<uint64_t>(r == 0 ? 7 : 8 - r) * boards;
            }
        CAPTURE(ruleset);
        CHECK(all == published);
        CHECK(ur_solve::Index(o).size() == ours);
    }
    CHECK(ur_solve::Index(options("finkel", 7)).size() == 137'870'097);
    CHECK(status_of([] { ur_solve::Index(options("murray", 2)); }) == Status::invalid_option);
}

TEST_CASE("ur solve: a game of one piece a side equals the exact linear system to 1e-9") {
    for (const char *ruleset : {"finkel", "masters", "blitz"}) {
        CAPTURE(ruleset);
        const auto o = options(ruleset, 1);
        const Enumerated e = enumerate(o);
        const std::vector<double> exact = exact_one_piece(o, e);
        const ur_solve::Index index(o);
        ur_solve::SolveOptions so;
        so.tolerance = 1e-13;
        const ur_solve::Table t = ur_solve::solve(o, so);
        double worst = 0;
        for (size_t i = 0; i < e.states.size(); ++i)
            worst = std::max(worst, std::abs(t.value[index.encode(e.states[i])] - exact[i]));
        CHECK(worst < 1e-9);
    }
}

TEST_CASE("ur solve: a game of two pieces a side satisfies the Bellman equations of the enumerated positions") {
    for (const char *ruleset : {"finkel", "masters"}) {
        CAPTURE(ruleset);
        const auto o = options(ruleset, 2);
        const Enumerated e = enumerate(o);
        const ur_solve::Index index(o);
        ur_solve::SolveOptions so;
        so.tolerance = 1e-13;
        const ur_solve::Table t = ur_solve::solve(o, so);
        CHECK(bellman_residual(o, e, index, [&](uint64_t i) { return t.value[i]; }) < 1e-9);
    }
}

TEST_CASE("ur solve: the published chances of jheled/royalur's end positions (Finkel, seven pieces)") {
    const auto o = options("finkel", 7);
    ur_solve::SolveOptions so;
    so.tolerance = 1e-13;
    so.min_off = 5;  // five off each and more: the positions below
    const ur_solve::Table t = ur_solve::solve(o, so);
    const ur_solve::Index index(o);

    // jheled/royalur, doc "King of Ur" (solve.rst): (a) each side one piece on its last square,
    // six borne off: 4/7 for the side to throw; (b) the mover's piece one square further back:
    // 116/161, and the same board with the other to throw 74/161.
    CHECK(std::abs(t.value[index.encode(board(o, {14}, {14}))] - 4.0 / 7) < 1e-9);
    CHECK(std::abs(t.value[index.encode(board(o, {13}, {14}))] - 116.0 / 161) < 1e-9);
    CHECK(std::abs(t.value[index.encode(board(o, {14}, {13}))] - 74.0 / 161) < 1e-9);

    // Positions jheled/royalur prints with each move's chance. Its notation: "[hand] D C B A  Z Y
    // (off)" (O's row), the middle row 1..8, "[hand] d c b a  z y (off)" (X's row); X moves a b c
    // d 1..8 y z (progress 1..14 here: y the square next to 8), and each move is named by the
    // square it leaves (e: entering), with the mover's chance of winning after it in percent,
    // rounded to 0.01 (tests/differential/ur_published_values.cpp reads the notation and
    // compares the early positions too, from the whole game's table).
    // The mover's chance after moving the piece at `from` by `roll`, in percent; the moves of
    // the throw must be the `listed` ones (the pages list every move).
    auto after = [&](St s, int roll, int from, size_t listed) {
        std::array<int, 4> dice{};
        for (int i = 0; i < roll; ++i) dice[static_cast<size_t>(i)] = 1;
        Ur::set_dice(o, s, dice);
        std::vector<Action> moves;
        Ur::legal_actions(o, s, moves);
        CHECK(moves.size() == listed);
        const int to = from + roll;
        return 100 * ur_solve::value_after(index, t.value, o, s,
                                           Ur::make_action(from, to == o.route_length + 1 ? St::off : to));
    };
    auto printed = [](double ours, double published) { return std::abs(ours - published) <= 0.005 + 1e-6; };

    // jheled/royalur, docs/_sources/luck.rst.txt ("Skill and Luck"), "X: 2! 4": X on b and 4, O
    // on 3 and 6, five off each; X throws 2. "Before the throw X winning probability was 47.1%";
    // "b 51.31" (b to d, the rosette: X throws again), "4 50.13" (4 to 6, hitting O).
    const St luck = board(o, {2, 8}, {7, 10});
    CHECK(std::abs(100 * t.value[index.encode(luck)] - 47.1) <= 0.05 + 1e-6);
    CHECK(printed(after(luck, 2, 2, 2), 51.31));
    CHECK(printed(after(luck, 2, 8, 2), 50.13));

    // jheled/royalur, doc/playit, its second position, "X: 1! 6": X on 6 and z, O on 2 and y,
    // five off each; X throws 1. "z 58.89" (bearing off from z), "6 46.45" (6 to 7).
    const St playit = board(o, {10, 14}, {6, 13});
    CHECK(printed(after(playit, 1, 14, 2), 58.89));
    CHECK(printed(after(playit, 1, 10, 2), 46.45));
}

TEST_CASE("ur solve: the table file round trips and its checksum refuses a damaged file") {
    const auto o = options("finkel", 2);
    const ur_solve::Table t = ur_solve::solve(o, {});
    const std::string path = (std::filesystem::temp_directory_path() / "ludus-test-ur-finkel-2.table").string();
    ur_solve::write_table(path, t);
    const auto opened = ur_solve::open_table(path);
    const ur_solve::TableFile &l = *opened;
    REQUIRE(l.states == t.value.size());
    CHECK(l.ruleset == "finkel");
    CHECK(l.pieces == 2);
    for (size_t i = 0; i < t.value.size(); ++i) REQUIRE(std::abs(l[i] - t.value[i]) < 1e-7);

    // The perfect level plays from it: every move it picks has the highest chance after it.
    const json game_options = {{"ruleset", "finkel"}, {"pieces", 2}, {"seed", 3}};
    const auto go = Ur::parse_options(game_options);
    check_perfect_plays(go, path, l);
    CHECK(status_of([&] {
              St r = Ur::initial(go);
              Ur::set_dice(go, r, std::array<int, 4>{1, 0, 0, 0});
              ai_choose<Ur>(go, r, {}, {{"level", "perfect"}, {"table", "/nonexistent/ur.table"}});
          }) == Status::invalid_argument);
    CHECK(status_of([&] {
              St r = Ur::initial(Ur::parse_options({{"pieces", 3}}));
              const auto o3 = Ur::parse_options({{"pieces", 3}});
              Ur::set_dice(o3, r, std::array<int, 4>{1, 0, 0, 0});
              ai_choose<Ur>(o3, r, {}, {{"level", "perfect"}, {"table", path}});
          }) == Status::invalid_option);
    CHECK(ai_levels<Ur>()["other_levels"].dump().find("perfect") != std::string::npos);

    // A forged file: values that are not chances, with the checksum made right again. It is
    // refused as it opens, naming the value, not played and reported as a chance.
    {
        std::ifstream in(path, std::ios::binary);
        const std::vector<unsigned char> original((std::istreambuf_iterator<char>(in)),
                                                  std::istreambuf_iterator<char>());
        const uint64_t last = t.value.size() - 1;
        const std::string forged_path = path + ".forged";
        // Writes the table with its last value replaced and a valid checksum.
        auto forge = [&](float last_value) {
            std::vector<unsigned char> bytes = original;
            std::memcpy(bytes.data() + bytes.size() - 8 - 4, &last_value, 4);
            const uint64_t sum = ur_solve::checksum(bytes.data(), bytes.size() - 8);
            for (int b = 0; b < 8; ++b)
                bytes[bytes.size() - 8 + static_cast<size_t>(b)] = static_cast<unsigned char>(sum >> (8 * b));
            std::ofstream(forged_path, std::ios::binary)
                .write(reinterpret_cast<const char *>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
        };
        for (const float v : {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(),
                              -std::numeric_limits<float>::infinity(), -1.0f, 1e30f, std::nextafter(1.0f, 2.0f)}) {
            forge(v);
            std::string message;
            try {
                ur_solve::open_table(forged_path);
            } catch (const Error &e) {
                message = e.what();
                CHECK(e.status() == Status::invalid_argument);
            }
            CHECK(message.find("value " + std::to_string(last) + " is ") != std::string::npos);
            CHECK(message.find("not a chance") != std::string::npos);
        }
        for (const float v : {0.0f, 1.0f, -0.0f}) {  // the edges are chances
            forge(v);
            CHECK((*ur_solve::open_table(forged_path))[last] == v);
        }
        std::filesystem::remove(forged_path);
    }

    // One byte changed in the values: the checksum refuses the file.
    {
        std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(-20, std::ios::end);
        char c = 0;
        f.read(&c, 1);
        f.seekp(-20, std::ios::end);
        c = static_cast<char>(c ^ 0x10);
        f.write(&c, 1);
    }
    CHECK(status_of([&] { ur_solve::open_table(path); }) == Status::invalid_argument);
    try {
        ur_solve::open_table(path);
    } catch (const Error &e) { CHECK(std::string(e.what()).find("checksum") != std::string::npos); }
    std::filesystem::remove(path);
}

TEST_CASE("ur solve: Masters with float32 values and its moves spilled to a file, against the Bellman equations") {
    // The way Masters' seven pieces are solved (SolveOptions::float32_values, moves_in_memory),
    // on games small enough to enumerate on their own.
    const std::string dir = std::filesystem::temp_directory_path().string();
    for (int pieces : {2, 3}) {
        CAPTURE(pieces);
        const auto o = options("masters", pieces);
        const ur_solve::Index index(o);
        ur_solve::SolveOptions so;
        so.tolerance = 1e-12;
        const ur_solve::Table exact = ur_solve::solve(o, so);
        so.float32_values = true;
        so.moves_in_memory = pieces == 2 ? 0 : 200'000;  // none kept, or the small pairs only
        so.spill_dir = dir;
        const ur_solve::Table t = ur_solve::solve(o, so);
        CHECK(t.value.empty());
        REQUIRE(t.value32.size() == index.size());
        CHECK(t.spilled_bytes > 0);
        // Each value the float32 nearest the doubles' (to the rounding of the values it read).
        double worst = 0;
        for (uint64_t i = 0; i < index.size(); ++i) worst = std::max(worst, std::abs(t.at(i) - exact.value[i]));
        CHECK(worst < 1e-7);
        CHECK(worst > 0);  // float32 indeed
        if (pieces == 2) {
            const Enumerated e = enumerate(o);
            CHECK(bellman_residual(o, e, index, [&](uint64_t i) { return t.at(i); }) < 1e-7);
        }

        // Its table file: the values bit for bit, checked as it opens; the perfect level plays from it.
        const std::string path = dir + "/ludus-test-ur-masters-" + std::to_string(pieces) + ".table";
        ur_solve::write_table(path, t);
        const auto opened = ur_solve::open_table(path);
        REQUIRE(opened->states == index.size());
        CHECK(opened->ruleset == "masters");
        CHECK(opened->dice == 3);
        for (uint64_t i = 0; i < index.size(); ++i) REQUIRE((*opened)[i] == t.value32[i]);
        check_perfect_plays(o, path, *opened);
        std::filesystem::remove(path);
    }
    // A folder that cannot take the spilled moves: an error naming it.
    ur_solve::SolveOptions so;
    so.moves_in_memory = 0;
    so.spill_dir = "/nonexistent/folder";
    std::string message;
    try {
        ur_solve::solve(options("masters", 2), so);
    } catch (const Error &e) {
        message = e.what();
        CHECK(e.status() == Status::invalid_argument);
    }
    CHECK(message.find("/nonexistent/folder") != std::string::npos);
}
