// ur_published_values: libludus's chances of winning under perfect play beside the figures
// jheled/royalur publishes for positions of the Royal Game of Ur under Finkel's rules (its
// "ROGOUR"), position by position and move by move (docs/computer-players.md, "Published
// figures, ours beside them"). Run by hand:
//
//   ur_published_values [--verbose] TABLE [ANALYSIS ...]
//
// TABLE: a table of `ludus-ur-solve --ruleset finkel` (seven pieces; one solved with --min-off K
// serves the positions where both sides have borne off at least K, the others are skipped).
// ANALYSIS: a game annotated by jheled/royalur's printGame (its games/game19.analysis.txt, not
// part of this repository): every position of the game is compared, and the board of each is
// checked to be the one the moves before it lead to; the figures that differ from ours by more
// than their rounding are printed (--verbose: every position).
//
// jheled's notation (royalur/urcore.py, royalur/cli/printGame.py). A position is printed as
//
//   X: ==@@ b          the side to move (X, or O), its throw (= a blank tip, @ a marked one;
//                      older pages print the number, "2"), the luck marks ! !! ~ ~~, the move
//   [6] ...o  .. (0)   O's row: [pieces in hand], squares D C B A, then Z Y, (pieces borne off)
//       ........       the shared middle row, squares 1..8 from the left
//   [6] ..X.  .. (0)   X's row, the same: d c b a, z y
//
//      e 51.49         each move: the square it starts from (e: entering; O's in capitals) and
//   ** a 49.59 (-1.90) the mover's chance of winning after it, in percent, 0.01 (** the move played)
//
// X moves a b c d 1..8 y z (y the square next to 8), O the same in capitals: libludus's player
// 0 (own row the bottom) and player 1, progress a = 1 .. d = 4, 1..8 = 5..12, y = 13, z = 14.
// The piece to move is printed in capitals (one entering as a capital after the row's four
// squares); the other pieces in lower case (the pages print the board in either case). The
// chance after a move is the mover's before the next throw: the table's value of the position
// reached when the mover throws again (d, 4, z), else one less the opponent's; printGame
// prints that (its database's value of the board reached, or one less it when the board is
// turned for the opponent), which is ur_solve::value_after. A throw with no move is printed
// with the chance after its pass: "X: 0~~ 47.90".
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "error.hpp"
#include "ur/ur.hpp"
#include "ur/ur_solve.hpp"

using namespace ludus;
using R = UrRules;
using S = UrState;

namespace {

struct Figure {
    std::string move;       // jheled's name: e E a..d A..D 1..8 y z Y Z, or "pass"
    std::string published;  // as printed, percent
};

struct Position {
    std::string source;
    int mover = 0;  // 0 X, 1 O
    int roll = 0;
    std::string played;  // the move of the header ("pass" for a throw without one)
    S state;
    std::vector<Figure> figures;
    std::string text;      // the position as printed (for the report)
    bool partial = false;  // the page gives some of the moves only
};

int progress_of(char c) {
    const char l = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (l >= 'a' && l <= 'd') return l - 'a' + 1;
    if (c >= '1' && c <= '8') return c - '1' + 5;
    if (l == 'y') return 13;
    if (l == 'z') return 14;
    if (l == 'e') return S::hand;
    throw std::runtime_error(std::string("not a square of jheled's notation: ") + c);
}

bool piece(char c) { return c == 'x' || c == 'X' || c == 'o' || c == 'O'; }

// One side's row: "[7] ....O .. (0)" (hand, D C B A or d c b a, a piece entering, Z Y or z y,
// borne off): the pieces by progress into player's side of s.
void read_row(const std::string &line, int player, S &s) {
    static const std::regex row(R"(^\s*\[(\d)\]\s*([.xXoO]{4})\s*[xXoO]?\s*([.xXoO]{2})\s*\((\d)\))");
    std::smatch m;
    if (!std::regex_search(line, m, row)) throw std::runtime_error("not a row of jheled's board: " + line);
    s.set_count(player, S::hand, std::stoi(m[1]));
    s.set_count(player, S::off, std::stoi(m[4]));
    const std::string four = m[2], two = m[3];
    for (int i = 0; i < 4; ++i)
        if (piece(four[static_cast<size_t>(i)])) s.set_count(player, 4 - i, 1);  // d c b a: 4 3 2 1
    if (piece(two[0])) s.set_count(player, 14, 1);                               // z
    if (piece(two[1])) s.set_count(player, 13, 1);                               // y
}

S read_board(const R::Options &o, const std::string &top, const std::string &middle, const std::string &bottom) {
    S s = R::initial(o);
    s.on_route = {}, s.in_hand = {}, s.borne_off = {};
    read_row(top, 1, s);
    read_row(bottom, 0, s);
    std::istringstream in(middle);
    std::string squares;
    in >> squares;
    if (squares.size() != 8) throw std::runtime_error("not the middle row of jheled's board: " + middle);
    for (int i = 0; i < 8; ++i) {
        const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(squares[static_cast<size_t>(i)])));
        if (c == 'x')
            s.set_count(0, 5 + i, 1);
        else if (c == 'o')
            s.set_count(1, 5 + i, 1);
        else if (c != '.')
            throw std::runtime_error("not the middle row of jheled's board: " + middle);
    }
    for (int p = 0; p < 2; ++p) {
        int n = 0;
        for (int k = 0; k <= S::off; ++k) n += s.count(p, k);
        if (n != o.pieces)
            throw std::runtime_error("a side of the board has " + std::to_string(n) + " pieces, not 7:\n" + top + "\n" +
                                     middle + "\n" + bottom);
    }
    return s;
}

// A position as printGame prints it: the header, the three rows of the board, the moves.
Position read_position(const R::Options &o, const std::string &source, const std::vector<std::string> &lines) {
    static const std::regex header(R"(^\s*([XO]):\s+([=@]{4}|[0-4])[!~]*\s*(\S*))");
    static const std::regex figure(R"(^\s*(\*\*)?\s*([eEa-dA-D1-8yzYZ])\s+(\d+\.\d+))");
    Position p;
    p.source = source;
    std::smatch m;
    if (lines.size() < 4 || !std::regex_search(lines[0], m, header))
        throw std::runtime_error("not a position of jheled's: " + lines.front());
    p.mover = m[1] == "X" ? 0 : 1;
    const std::string dice = m[2];
    p.roll = dice.size() == 4 ? static_cast<int>(std::count(dice.begin(), dice.end(), '@')) : std::stoi(dice);
    const std::string rest = m[3];
    if (!rest.empty() && std::isdigit(static_cast<unsigned char>(rest[0])) && rest.find('.') != std::string::npos) {
        p.played = "pass";  // "X: 0~~ 47.90": no move, the chance after the pass
        p.figures.push_back({"pass", rest});
    } else {
        p.played = rest;
    }
    p.state = read_board(o, lines[1], lines[2], lines[3]);
    p.state.to_move = static_cast<uint8_t>(p.mover);
    std::array<int, 4> d{};
    for (int i = 0; i < p.roll; ++i) d[static_cast<size_t>(i)] = 1;
    R::set_dice(o, p.state, d);
    for (size_t i = 4; i < lines.size(); ++i)
        if (std::regex_search(lines[i], m, figure)) p.figures.push_back({m[2], m[3]});
    for (const std::string &l : lines) p.text += l + "\n";
    return p;
}

// The action of jheled's move name in the position (pass: the only move of a throw without one).
Action action_of(const R::Options &o, const Position &p, const std::string &name) {
    if (name == "pass") return 0;
    const int from = progress_of(name[0]);
    const int to = from + p.roll;
    return R::make_action(from, to == o.route_length + 1 ? S::off : to);
}

// The figures printed as blocks in jheled's pages (the board as printed, the moves with their
// chances); the text of the pages is quoted as data, the figures being what is compared.
struct Page {
    const char *source;
    const char *block;
    bool partial = false;  // the page gives some of the moves only
};
const Page pages[] = {
    {"jheled/royalur docs/_sources/luck.rst.txt (\"Skill and Luck\")", R"(X: 2! 4
[0] ....  .. (5)
    ..oX.o..
[0] ..x.  .. (5)
    b 51.31
 ** 4 50.13  (-1.18))"},
    {"jheled/royalur docs/_sources/earlystages.rst.txt (\"Early\")", R"(X: ===@  a
[5] .o..  .. (0)
    .o......
[5] x..X  .. (0)
   d 44.50
** a 44.01  (-0.49))"},
    {"jheled/royalur docs/_sources/earlystages.rst.txt (\"Early\"; the middle row is printed one column to the right "
     "there)",
     R"(O: ==@@  c
[5] .O..  .. (0)
    xo......
[5] ...x  .. (0)
   2 59.38
** C 57.71  (-1.67)
   E 52.80)"},
    {"jheled/royalur doc/play.rst (\"Opening Urrors\")", R"(X: ==@@
[6] ...o  .. (0)
    ........
[6] ...x  .. (0)
    e 51.49
 ** a 49.59  (-1.90))"},
    {"jheled/royalur doc/play.rst (\"Ur Openings\", left)", R"(X: =@@@  b
[6] ....  .. (0)
    ..o.....
[6] ..X.  .. (0)
 ** b 47.74
    e 46.96)"},
    {"jheled/royalur doc/play.rst (\"Ur Openings\", right)", R"(X: =@@@  b
[6] ....  .. (0)
    .o......
[6] ..X.  .. (0)
    e 48.10
 ** b 46.62  (-1.48))"},
    {"jheled/royalur doc/index.rst (the board of its code 42lOb, pos01.png: Red throws 3; hitting is given as 54.2%)",
     R"(O: =@@@
[2] o...  .. (2)
    .x.oo.x.
[2] ..x.  .. (2)
    E 57.18
    4 54.2)",
     true},
    {"jheled/royalur doc/playit (1)", R"(O: 1! 1
[0] ....  o. (3)
    Ox.o...o
[0] ....  x. (5)
    Z 35.71
 ** 1 33.02  (-2.70)
    8 28.66
    4 21.81)"},
    {"jheled/royalur doc/playit (2)", R"(X: 1! 6
[0] ....  .o (5)
    .o...X..
[0] ....  x. (5)
    z 58.89
 ** 6 46.45  (-12.44))"},
    {"jheled/royalur doc/playit (3)", R"(O: 3 5
[0] ..o.  oo (1)
    o..oO.x.
[2] x...  x. (2)
    4 66.25
 ** 5 59.73  (-6.52))"},
    {"jheled/royalur doc/playit (4)", R"(O: 2 4
[3] ....  .. (3)
    .x.O.x..
[2] ...x  x. (1)
    E 62.81
 ** 4 56.78  (-6.04))"},
};

std::vector<std::string> split_lines(const std::string &text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) out.push_back(l);
    return out;
}

// The positions of a game annotated by printGame: blocks after lines of "=".
std::vector<Position> read_analysis(const R::Options &o, const std::string &path) {
    std::ifstream f(path);
    if (!f) throw std::runtime_error("cannot read " + path);
    std::vector<Position> out;
    std::vector<std::string> block;
    auto flush = [&] {
        if (!block.empty() && block.size() >= 4)
            out.push_back(read_position(o, path + " (position " + std::to_string(out.size() + 1) + ")", block));
        block.clear();
    };
    static const std::regex header(R"(^[XO]: )");
    for (std::string l; std::getline(f, l);) {
        if (l.rfind("===", 0) == 0)
            flush();
        else if (std::regex_search(l, header) || !block.empty()) {
            if (l.find("Wins") != std::string::npos || l.rfind("X is ", 0) == 0)
                flush();
            else
                block.push_back(l);
        }
    }
    flush();
    return out;
}

struct Tally {
    int positions = 0, compared = 0, within = 0, as_stored = 0, skipped = 0, move_sets_differ = 0;
    double largest = 0;
    std::string largest_where;
};

// The figure printGame would print from our value stored as jheled's database of 16 bits
// stores a chance (royalur/probsdb.py: an integer k, the chance k / 65535), k the nearest: the
// value of the board reached (the mover's when it throws again, else the opponent's, printed as
// one less it), to the printed figure's decimals.
std::string as_stored(const R::Options &o, const ur_solve::Index &index, const ur_solve::TableFile &t, const S &s,
                      Action a, int decimals) {
    S c = s;
    R::apply(o, c, a);
    double v = 1;
    if (c.result == Result::ongoing) {
        const double stored = std::round(static_cast<double>(t[index.encode(c)]) * 65535) / 65535;
        v = c.to_move == s.to_move ? stored : 1 - stored;
    }
    char text[32];
    std::snprintf(text, sizeof text, "%.*f", decimals, 100 * v);
    return text;
}

int decimals_of(const std::string &published) {
    const size_t dot = published.find('.');
    return dot == std::string::npos ? 0 : static_cast<int>(published.size() - dot - 1);
}

void compare(const R::Options &o, const ur_solve::Index &index, const ur_solve::TableFile &t, const Position &p,
             Tally &tally, bool verbose) {
    // Every state a listed move reaches must be in the table's groups.
    std::vector<Action> legal;
    R::legal_actions(o, p.state, legal);
    for (Action a : legal) {
        S c = p.state;
        R::apply(o, c, a);
        if (c.result == Result::ongoing && std::min(c.borne_off[0], c.borne_off[1]) < t.min_off) {
            ++tally.skipped;
            if (verbose)
                std::printf("%s: needs a table solved further than min_off %d\n\n", p.source.c_str(), t.min_off);
            return;
        }
    }
    // jheled lists every move of the throw: the names must be libludus's legal moves.
    std::vector<Action> listed;
    for (const Figure &f : p.figures) listed.push_back(action_of(o, p, f.move));
    std::vector<Action> a = legal, b = listed;
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    const bool complete = a == b;
    const bool subset = std::includes(a.begin(), a.end(), b.begin(), b.end());
    ++tally.positions;
    if (!subset || (!complete && !p.partial)) ++tally.move_sets_differ;
    if (verbose) {
        std::printf("%s\n%s", p.source.c_str(), p.text.c_str());
        if (!complete) {
            std::printf("  libludus's moves:");
            for (Action x : legal) std::printf(" %s", R::action_text(o, x).c_str());
            std::printf("%s\n", subset ? " (the page lists some)" : " (DIFFERENT from the page's)");
        }
        std::printf("  %-6s %-6s %12s %10s %9s %9s\n", "move", "ours", "ours %", "published", "diff", "16 bits");
    }
    for (size_t i = 0; i < p.figures.size(); ++i) {
        const Figure &f = p.figures[i];
        if (std::find(legal.begin(), legal.end(), listed[i]) == legal.end()) {
            if (verbose) std::printf("  %-6s not a legal move here\n", f.move.c_str());
            continue;
        }
        const double ours = 100 * ur_solve::value_after(index, t, o, p.state, listed[i]);
        const double published = std::stod(f.published);
        const double diff = ours - published;
        // Within half a unit of the printed figure's last digit (and a hair for the table's float32).
        const bool ok = std::abs(diff) <= 0.5 * std::pow(10.0, -decimals_of(f.published)) + 1e-6;
        const std::string stored = as_stored(o, index, t, p.state, listed[i], decimals_of(f.published));
        ++tally.compared;
        tally.within += ok;
        tally.as_stored += stored == f.published;
        if (std::abs(diff) > std::abs(tally.largest))
            tally.largest = diff, tally.largest_where = p.source + " " + f.move;
        if (verbose || !ok || stored != f.published)
            std::printf("  %s%-6s %-6s %12.6f %10s %+9.4f %9s%s\n", verbose ? "" : (p.source + ": ").c_str(),
                        f.move.c_str(), R::action_text(o, listed[i]).c_str(), ours, f.published.c_str(), diff,
                        stored.c_str(), ok ? "" : "  outside the rounding");
    }
    if (verbose) std::printf("\n");
}

void report(const char *what, const Tally &t) {
    std::printf("%s: %d positions compared (%d skipped: the table's min_off), in %d the moves listed are libludus's "
                "legal moves; %d figures compared, "
                "%d within the rounding of the printed figure, %d printed as ours stored in 16 bits; the largest "
                "difference %+.4f (%s)\n",
                what, t.positions, t.skipped, t.positions - t.move_sets_differ, t.compared, t.within, t.as_stored,
                t.largest, t.largest_where.c_str());
}

}  // namespace

int main(int argc, char **argv) {
    std::vector<std::string> args;
    bool verbose = false;
    for (int i = 1; i < argc; ++i) {
        if (std::string(argv[i]) == "--verbose")
            verbose = true;
        else
            args.push_back(argv[i]);
    }
    if (args.empty()) {
        std::fprintf(stderr, "usage: ur_published_values [--verbose] TABLE [ANALYSIS ...]\n");
        return 2;
    }
    try {
        const R::Options o = R::parse_options({{"ruleset", "finkel"}});
        const auto opened = ur_solve::open_table(args[0]);
        const ur_solve::TableFile &t = *opened;
        if (t.ruleset != "finkel" || t.pieces != 7 || t.dice != 4)
            throw std::runtime_error("the table is not Finkel's seven-piece game");
        const ur_solve::Index index(o);
        std::printf("table %s: min_off %d, tolerance %g\n\n", args[0].c_str(), t.min_off, t.tolerance);

        Tally pages_tally;
        for (const Page &pg : pages) {
            Position p = read_position(o, pg.source, split_lines(pg.block));
            p.partial = pg.partial;
            compare(o, index, t, p, pages_tally, true);
        }

        // Two figures of the side to throw, before the throw.
        if (t.min_off == 0) {
            const S start = R::initial(o);
            std::printf("the start, the first player to throw (jheled/royalur doc/play.rst: \"from 50%% to 51.5%%\"): "
                        "ours %.4f%%\n",
                        100 * t[index.encode(start)]);
        }
        {
            const Position luck = read_position(o, "", split_lines(pages[0].block));
            S before = luck.state;
            before.n_dice = 0, before.roll = 0, before.dice = {};
            std::printf("jheled/royalur docs/_sources/luck.rst.txt, the same position before X's throw (\"47.1%%\"): "
                        "ours %.4f%%\n\n",
                        100 * t[index.encode(before)]);
        }
        report("the pages", pages_tally);

        for (size_t i = 1; i < args.size(); ++i) {
            const std::vector<Position> game = read_analysis(o, args[i]);
            Tally tally;
            int follows = 0;
            for (size_t k = 0; k < game.size(); ++k) {
                compare(o, index, t, game[k], tally, verbose);
                // The board of the next position is the one this position's move leads to.
                std::vector<Action> legal;
                R::legal_actions(o, game[k].state, legal);
                const Action played = action_of(o, game[k], game[k].played);
                if (k + 1 < game.size() && std::find(legal.begin(), legal.end(), played) != legal.end()) {
                    S c = game[k].state;
                    R::apply(o, c, played);
                    const S &next = game[k + 1].state;
                    follows += c.on_route == next.on_route && c.in_hand == next.in_hand &&
                               c.borne_off == next.borne_off && c.to_move == next.to_move;
                }
            }
            std::printf("%s: %zu positions, %d of %zu boards are those the moves before them lead to\n",
                        args[i].c_str(), game.size(), follows, game.empty() ? size_t{0} : game.size() - 1);
            report(args[i].c_str(), tally);
        }
    } catch (const std::exception &e) {
        std::fprintf(stderr, "ur_published_values: %s\n", e.what());
        return 1;
    }
    return 0;
}
