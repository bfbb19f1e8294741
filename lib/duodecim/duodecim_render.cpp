// Pictures of a Ludus Duodecim Scriptorum position: an SVG board and a monospace diagram.
//
// The board is laid out as docs/rules/duodecim.md, "Drawing", says (the board of Ostia): the middle
// row holds the entry cells, player 0's I..VI on the left half and player 1's on the right
// half, both numbered from left to right; the track runs 1..12 along the top row from right to
// left, then 13..24 along the bottom row from left to right. Each half-row of six cells is
// drawn apart from the other, as on the stone boards.
//
// Inscriptions (option "inscription"): "ostia" writes in each cell its name in the order a
// piece follows (I..VI, 1..24); a motto writes one letter per cell, ROW BY ROW from the top
// left, twelve letters (two words) a row, the way the surviving stone boards read, so that the
// words can be read on the picture:
//   levate: LEVATE DALOCU / LUDERE NESCIS / IDIOTA RECEDE
//   virtus: VIRTUS IMPERI / HOSTES VINCTI / LUDANT ROMANI
//   vincer: VINCER EFATUS / SENSUS DOCUIT / TABULA LUDERE
//
// SVG hooks: <g class="unit player0" data-position="III" data-count="2"> (a column, its
// discs class "disc", its height as a number), <g class="hand player1" data-count>,
// <g class="off player0" data-count>, <rect class="die|die used" data-value>, the last step's
// cells <rect class="last-move from|to" data-position>, <text class="inscription">,
// <g class="status" data-to-move data-phase data-result>; with the option "route", <g class="route">
// holding one <g class="stretch" data-stretch="A"> for each of A..E (its letter, class
// "route-letter", and its arrow, "route-arrow" and "route-head").
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "../render/race_board.hpp"
#include "../render/render_options.hpp"
#include "../render/svg.hpp"
#include "../history.hpp"
#include "duodecim.hpp"

namespace ludus {

namespace {

using render::Svg;
using S = DuodecimState;
namespace style = render::style;

constexpr int columns = 12;

struct Motto {
    const char *name;
    const char *letters;  // 36 letters, row by row from the top left
};
constexpr std::array<Motto, 3> mottos = {{
    {"levate", "LEVATEDALOCULUDERENESCISIDIOTARECEDE"},
    {"virtus", "VIRTUSIMPERIHOSTESVINCTILUDANTROMANI"},
    {"vincer", "VINCEREFATUSSENSUSDOCUITTABULALUDERE"},
}};

// The route (option "route") and whose cell names the board shows (option "numbering").
OptionSpec route_spec() {
    return render::flag_spec("route", false,
                             "the route as the board of Ostia's letters: A the entry, B, C, D, then E to the exit, "
                             "each stretch with an arrow");
}
OptionSpec numbering_spec() {
    return render::choice_spec(
        "numbering", "both", {"both", "player0", "player1"},
        "whose route the cell names follow: both players' (each entry half I..VI), or one player's only");
}

const std::vector<OptionSpec> &svg_specs() {
    static const std::vector<OptionSpec> specs = {
        render::size_spec(),
        render::choice_spec(
            "inscription", "ostia", {"ostia", "levate", "virtus", "vincer"},
            "what the cells show: their names in the order a piece follows, or a motto one letter a cell"),
        render::words_spec(),
        render::positions_spec(),
        render::pieces_spec(),
        route_spec(),
        numbering_spec(),
    };
    return specs;
}

const std::vector<OptionSpec> &text_specs() {
    static const std::vector<OptionSpec> specs = {};
    return specs;
}

// Where a player's progress 1..30 stands on the board: row 0 top, 1 middle, 2 bottom; column
// 0..11 from the left.
struct Cell {
    int row, col;
};

Cell cell_of(int player, int progress) {
    if (progress <= S::last_entry) return {1, (player == 0 ? 0 : 6) + progress - 1};
    const int k = progress - S::last_entry;  // track 1..24
    return k <= 12 ? Cell{0, 12 - k} : Cell{2, k - 13};
}

// The cell's name in the order a piece follows ("I".."VI" in the middle row, "1".."24").
std::string ostia_name(int row, int col) {
    if (row == 1) return DuodecimRules::position_name(col % 6 + 1);
    return std::to_string(row == 0 ? 12 - col : 13 + col);
}

// Whether the cell's name is shown: under "numbering" "player0" or "player1" the other
// player's entry cells have none, so that the board reads as one route (I..VI, then 1..24).
bool named(const std::string &numbering, int row, int col) {
    if (row != 1 || numbering == "both") return true;
    return (col < 6) == (numbering == "player0");
}

// The route in the letters of the board of Ostia, one for each six cells a piece passes: A its
// entry half of the middle row, B and C the top row from the right, D and E the bottom row from
// the left, and off the board after E. A is drawn for each player whose names are shown.
void draw_route(Svg &svg, const render::RaceLayout &L, const std::string &numbering) {
    svg.open("g", {{"class", "route"}});
    for (int stretch = 0; stretch < 5; ++stretch) {
        const std::string letter(1, static_cast<char>('A' + stretch));
        svg.open("g", {{"class", "stretch"}, {"data-stretch", letter}});
        for (int player = 0; player < 2; ++player) {
            if (stretch > 0 && player > 0) break;  // B..E are the same cells for both
            if (stretch == 0 && !named(numbering, 1, player * 6)) continue;
            const Cell first = cell_of(player, stretch * 6 + 1), last = cell_of(player, stretch * 6 + 6);
            render::draw_route_stretch(svg, L, first.row, first.col, last.col, letter);
        }
        svg.close();
    }
    svg.close();
}

// The last step, and the pieces it captured.
using StepInfo = render::RaceStep;
StepInfo step_info(const DuodecimOptions &o, const LastMove<S> &last) {
    StepInfo m = render::race_step<DuodecimRules>(o, last);
    if (m.present && !m.pass && m.to >= S::first_track && m.to <= S::last_track)
        m.captured = last.before->count[1 - m.player][m.to];
    return m;
}

std::string step_phrase(const StepInfo &m) {
    if (!m.present) return "no step yet";
    std::string text = m.text + " by " + render::player_name(m.player);
    if (m.captured > 0) text += ", capturing " + std::to_string(m.captured) + (m.captured == 1 ? " piece" : " pieces");
    return text;
}

std::string dice_phrase(const S &s) {
    std::string text = std::to_string(s.dice[0]) + " and " + std::to_string(s.dice[1]);
    if (s.dice_used[0] && s.dice_used[1]) return text + " (both used)";
    if (s.dice_used[0]) return text + " (" + std::to_string(s.dice[0]) + " used)";
    if (s.dice_used[1]) return text + " (" + std::to_string(s.dice[1]) + " used)";
    return text;
}

std::string status_phrase(const S &s) {
    if (s.result != Result::ongoing) return render::result_phrase(s.result, s.end_reason, s.to_move);
    if (s.dice[0] == 0) return render::player_name(s.to_move) + " to roll";
    return render::player_name(s.to_move) + " to move with " + dice_phrase(s);
}

int on_board(const S &s, int player) {
    int n = 0;
    for (int p = 1; p <= S::last_track; ++p) n += s.count[player][p];
    return n;
}

std::string title_of(const S &s, const StepInfo &m) {
    std::string title = "Ludus Duodecim Scriptorum, " + status_phrase(s);
    for (int p = 0; p < 2; ++p)
        title += ", " + render::player_name(p) + " " + std::to_string(s.count[p][S::hand]) + " in hand, " +
                 std::to_string(on_board(s, p)) + " on the board, " + std::to_string(s.count[p][S::off]) + " borne off";
    return title + ", last step " + step_phrase(m);
}

}  // namespace

std::string DuodecimRules::render_svg(const Options &o, const State &s, const LastMove<State> &last,
                                      const json &render_options) {
    const json r = render::resolve(svg_specs(), render_options);
    const double width = r["size"].get<int>();
    const std::string inscription = r["inscription"].get<std::string>();
    const std::string numbering = r["numbering"].get<std::string>();
    const char *letters = nullptr;
    for (const Motto &m : mottos)
        if (inscription == m.name) letters = m.letters;
    const StepInfo m = step_info(o, last);
    const render::RaceLayout L(width, r["words"].get<bool>(), r["positions"].get<bool>(), r["pieces"].get<bool>());

    Svg svg(width, L.height, L.pieces ? title_of(s, m) : render::empty_board_title("Ludus Duodecim Scriptorum"));
    svg.rect(0, 0, width, L.height, {{"class", "background"}, {"fill", style::background}});

    // The board: two halves of each row, 36 cells, each with its inscription.
    svg.open("g", {{"class", "board"}, {"data-inscription", inscription}});
    render::draw_board_halves(svg, L);
    for (int row = 0; row < 3; ++row) {
        for (int col = 0; col < columns; ++col) {
            const std::string name =
                row == 1 ? (col < 6 ? "player0 " : "player1 ") + ostia_name(row, col) : "track " + ostia_name(row, col);
            const std::string position = ostia_name(row, col);  // a track cell is the same position for both players
            const std::array<std::string, 2> positions = row != 1  ? std::array<std::string, 2>{position, position}
                                                         : col < 6 ? std::array<std::string, 2>{position, ""}
                                                                   : std::array<std::string, 2>{"", position};
            render::draw_cell(svg, L, row, col, row == 1 ? "cell entry" : "cell track", name, positions);
            if (letters != nullptr) {
                svg.text("text",
                         {{"class", "inscription"},
                          {"x", L.x(col) + L.cell / 2},
                          {"y", L.y(row) + L.cell / 2},
                          {"font-size", L.cell * 0.62},
                          {"font-family", style::serif},
                          {"text-anchor", "middle"},
                          {"dominant-baseline", "central"},
                          {"fill", style::muted_ink}},
                         std::string(1, letters[row * columns + col]));
            } else if (named(numbering, row, col)) {
                render::draw_cell_name(svg, L, row, col, ostia_name(row, col));
            }
        }
    }
    svg.close();
    if (r["route"].get<bool>()) draw_route(svg, L, numbering);
    if (!L.pieces) {
        render::draw_empty_trays(svg, L, L.cell * 0.3);
        return svg.finish();
    }

    // The trays: in hand on the left, borne off on the right; player 1 above the board.
    for (int player = 0; player < 2; ++player) {
        for (bool off : {false, true}) {
            const int count = s.count[player][off ? S::off : S::hand];
            const auto box = L.tray_box(player, off);
            render::open_tray(svg, L, std::string(off ? "off" : "hand") + (player == 0 ? " player0" : " player1"),
                              count, position_name(off ? S::off : S::hand));
            render::draw_tray_frame(svg, L, box, L.cell * 0.3, render::tray_label(player, off, count));
            const double first = box[0] + L.cell * 2.45;
            const double spacing =
                std::min(L.cell * 0.32, (box[0] + box[2] - L.cell * 0.3 - first) / std::max(1, count - 1));
            for (int i = 0; i < count; ++i)
                render::draw_tray_disc(svg, L, player, first + i * spacing, box[1] + box[3] / 2, "disc",
                                       style::piece_stroke[player]);
            svg.close();
        }
    }

    // The last step: its cells (or trays) outlined.
    const auto place_of = [&](int progress) -> render::RacePlace {
        if (progress == S::hand || progress == S::off) return {.tray = true, .off = progress == S::off};
        const Cell c = cell_of(m.player, progress);
        return {.row = c.row, .col = c.col};
    };
    render::outline_last_step(svg, L, m, place_of, [](int progress) { return position_name(progress); });

    // The units on the board.
    svg.open("g", {{"class", "units"}});
    for (int player = 0; player < 2; ++player) {
        for (int p = 1; p <= S::last_track; ++p) {
            const int count = s.count[player][p];
            if (count == 0) continue;
            const Cell c = cell_of(player, p);
            render::draw_unit(svg, L, player, count, {{"data-position", position_name(p)}}, c.row, c.col, true);
        }
    }
    svg.close();

    // The status line: the dice (used ones dimmed), whose turn or the result, the last step.
    const int shown = s.result == Result::player0_won   ? 0
                      : s.result == Result::player1_won ? 1
                      : s.result == Result::ongoing     ? s.to_move
                                                        : -1;
    render::StatusDice dice{.values = {s.dice[0], s.dice[1]},
                            .used = {s.dice_used[0], s.dice_used[1]},
                            .side = L.cell * 0.85,
                            .advance = 2.5};
    if (s.result == Result::ongoing && s.dice[0] != 0) dice.count = 2;
    const std::string words = s.result != Result::ongoing ? status_phrase(s)
                              : s.dice[0] == 0            ? render::player_name(s.to_move) + " to roll"
                                                          : render::player_name(s.to_move) + " to move";
    render::draw_status_line(svg, L, s, phase(s), shown, dice, words, step_phrase(m));
    return svg.finish();
}

std::string DuodecimRules::render_text(const Options &o, const State &s, const LastMove<State> &last,
                                       const json &render_options) {
    render::resolve(text_specs(), render_options);
    const StepInfo m = step_info(o, last);

    // What stands on each of the 36 cells: "a3" is a unit of 3 pieces of player 0.
    std::array<std::array<std::string, columns>, 3> grid;
    for (auto &row : grid) row.fill(".");
    for (int player = 0; player < 2; ++player)
        for (int p = 1; p <= S::last_track; ++p)
            if (s.count[player][p] > 0) {
                const Cell c = cell_of(player, p);
                grid[c.row][c.col] =
                    std::string(1, static_cast<char>('a' + player)).append(std::to_string(s.count[player][p]));
            }

    const auto line = render::race_text_row;
    std::array<std::array<std::string, columns>, 3> names;
    for (int row = 0; row < 3; ++row)
        for (int col = 0; col < columns; ++col) names[row][col] = ostia_name(row, col);

    std::string out = "Ludus Duodecim Scriptorum: " + status_phrase(s) + "\n";
    out += line("", names[0]) + line("top", grid[0]);
    out += line("", names[1]) + line("middle", grid[1]);
    out += line("", names[2]) + line("bottom", grid[2]);
    out += "track 1..12 runs right to left on top, 13..24 left to right at the bottom;\n";
    out += "middle: entry cells I..VI of player 0 (left) and of player 1 (right)\n";
    out += "a = player 0, b = player 1 (a3: a column of 3 pieces of player 0)\n";
    for (int p = 0; p < 2; ++p)
        out += render::player_name(p) + " (" + static_cast<char>('a' + p) +
               "): " + std::to_string(s.count[p][S::hand]) + " in hand, " + std::to_string(s.count[p][S::off]) +
               " borne off\n";
    if (s.result == Result::ongoing)
        out += "phase: " + std::string(phase_name(phase(s))) +
               (s.dice[0] != 0 ? ", dice " + dice_phrase(s) : std::string(", dice not rolled")) + "\n";
    out += "last step: " + step_phrase(m) + "\n";
    return out;
}

json DuodecimRules::render_options() { return render::options_catalogue(svg_specs(), text_specs()); }

}  // namespace ludus
