// Pictures of a position of the Royal Game of Ur: the board of the Royal Cemetery (the British
// Museum's): a block of 3 x 4 squares, a bridge of 2 on the middle row and a block of 3 x 2,
// the five rosettes, the pieces, the trays (in hand, borne off) and the binary dice. It is
// drawn with the race games' pieces (render/race_board): the 8 columns stand in columns 2..9 of
// their 12, so that the gap between the halves falls where the bridge leaves the large block.
//
// Layout: player 0 sits below the board (its own row the bottom one), player 1 above it.
//
// SVG hooks: <rect class="cell|cell rosette" data-cell="bottom 4">, <g class="unit player0"
// data-cell data-position data-count>, <g class="hand|off player1" data-count>, <rect
// class="die" data-value> (a marked die shows one pip), the last move's cells <rect
// class="last-move from|to" data-position>, <g class="status" data-to-move data-phase
// data-result data-ruleset data-roll>.
#include <array>
#include <bit>
#include <cmath>
#include <string>

#include "../history.hpp"
#include "../render/race_board.hpp"
#include "../render/render_options.hpp"
#include "../render/svg.hpp"
#include "ur.hpp"

namespace ludus {

namespace {

using render::Svg;
using S = UrState;
using R = UrRules;
namespace style = render::style;

constexpr int offset = 2;  // Ur's column 0 is the race layout's column 2
constexpr const char *row_names[3] = {"top", "middle", "bottom"};

constexpr auto *svg_specs = &render::race_svg_specs;
constexpr auto *text_specs = &render::race_text_specs;

// Cells of the outer rows at columns 4 and 5 are not on the board.
bool on_board(int row, int col) { return row == 1 || col < 4 || col > 5; }

render::RaceStep step_info(const UrOptions &o, const LastMove<S> &last) {
    render::RaceStep m = render::race_step<R>(o, last);
    if (m.present && !m.pass && m.to != S::off) m.captured = R::captures(o, *last.before, m.to);
    return m;
}

std::string step_phrase(const render::RaceStep &m) {
    if (!m.present) return "no move yet";
    return m.text + " by " + render::player_name(m.player) + (m.captured ? ", capturing a piece" : "");
}

std::string dice_phrase(const S &s) {
    std::string text;
    for (int i = 0; i < s.n_dice; ++i) text.append(i ? " " : "").append(std::to_string(s.dice[i]));
    return text + " (moves " + std::to_string(s.roll) + ")";
}

std::string status_phrase(const S &s) {
    if (s.result != Result::ongoing) return render::result_phrase(s.result, s.end_reason, s.to_move);
    if (s.n_dice == 0) return render::player_name(s.to_move) + " to roll";
    return render::player_name(s.to_move).append(" to move with ").append(dice_phrase(s));
}

int on_route(const S &s, int player) { return std::popcount(s.on_route[static_cast<size_t>(player)]); }

std::string tray_phrase(const S &s, int p) {
    return std::to_string(s.in_hand[p]) + " in hand, " + std::to_string(on_route(s, p)) + " on the board, " +
           std::to_string(s.borne_off[p]) + " borne off";
}

std::string game_title(const UrOptions &o) {
    return std::string("Royal Game of Ur (") + R::ruleset_name(o.ruleset) + ")";
}

// The rosette of the board: eight petals round a centre.
void draw_rosette(Svg &svg, const render::RaceLayout &L, int row, int col) {
    const double cx = L.x(col + offset) + L.cell / 2, cy = L.y(row) + L.cell / 2, r = L.cell * 0.36;
    svg.open("g", {{"class", "rosette"}});
    for (int i = 0; i < 8; ++i) {
        const double a = i * 3.14159265358979 / 4;
        svg.circle(cx + std::cos(a) * r * 0.55, cy + std::sin(a) * r * 0.55, r * 0.32,
                   {{"fill", "#b23a2a"}, {"opacity", "0.8"}});
    }
    svg.circle(cx, cy, r * 0.3, {{"fill", "#2f5d8a"}});
    svg.close();
}

// Each cell's position names in each player's moves ("" where the player never goes; Murray's
// route passes some cells twice: both names).
std::array<std::array<std::string, 2>, S::cells> positions_of(const UrOptions &o) {
    std::array<std::array<std::string, 2>, S::cells> names;
    for (int p = 0; p < 2; ++p)
        for (int k = 1; k <= o.route_length; ++k) {
            std::string &n = names[o.cell[p][k]][p];
            if (!n.empty()) n += ' ';
            n += std::to_string(k);
        }
    return names;
}

}  // namespace

std::string UrRules::render_svg(const Options &o, const State &s, const LastMove<State> &last,
                                const json &render_options) {
    const json r = render::resolve(svg_specs(), render_options);
    const double width = r["size"].get<int>();
    const render::RaceStep m = step_info(o, last);
    render::RaceLayout L(width, r["words"].get<bool>(), r["positions"].get<bool>(), r["pieces"].get<bool>());
    // The trays along the board's halves, in hand by the first four columns, borne off by the last
    // four (along the race layout's twelve they overhung both ends of the board by two cells).
    L.tray_x[0] = L.x(offset);
    L.tray_x[1] = L.x(offset + 4);
    L.tray_width = 4 * L.cell;
    std::string title = game_title(o);
    if (L.pieces) {
        title += ", " + status_phrase(s);
        for (int p = 0; p < 2; ++p) title += ", " + render::player_name(p) + " " + tray_phrase(s, p);
        title += ", last move " + step_phrase(m);
    }
    Svg svg(width, L.height, L.pieces ? title : render::empty_board_title(game_title(o)));
    svg.rect(0, 0, width, L.height, {{"class", "background"}, {"fill", style::background}});

    svg.open("g", {{"class", "board"}});
    const auto positions = positions_of(o);
    for (int row = 0; row < 3; ++row)
        for (int col = 0; col < 8; ++col) {
            if (!on_board(row, col)) continue;
            const int cell = row * 8 + col;
            render::draw_cell(svg, L, row, col + offset, is_rosette(cell) ? "cell rosette" : "cell", R::cell_name(cell),
                              positions[cell]);
            if (is_rosette(cell)) draw_rosette(svg, L, row, col);
            const std::string &first = positions[cell][0];  // the first of two names on Murray's route
            if (!first.empty()) render::draw_cell_name(svg, L, row, col + offset, first.substr(0, first.find(' ')));
        }
    svg.close();
    if (!L.pieces) {
        render::draw_empty_trays(svg, L, L.cell * 0.28);
        return svg.finish();
    }

    for (int player = 0; player < 2; ++player)
        for (bool off : {false, true}) {
            const int count = s.count(player, off ? S::off : S::hand);
            const auto box = L.tray_box(player, off);
            render::open_tray(svg, L, std::string(off ? "off" : "hand") + (player == 0 ? " player0" : " player1"),
                              count, position_name(off ? S::off : S::hand));
            render::draw_tray_frame(svg, L, box, L.cell * 0.28, render::tray_label(player, off, count));
            render::draw_tray_discs(svg, L, box, player, count, box[0] + L.cell * 1.9);
            svg.close();
        }

    const auto place_of = [&](int progress) -> render::RacePlace {
        if (progress == S::hand || progress == S::off) return {.tray = true, .off = progress == S::off};
        const int cell = o.cell[m.player][progress];
        return {.row = cell / 8, .col = cell % 8 + offset};
    };
    render::outline_last_step(svg, L, m, place_of, [](int progress) { return position_name(progress); });

    svg.open("g", {{"class", "units"}});
    for (int player = 0; player < 2; ++player)
        for (int k = 1; k <= o.route_length; ++k) {
            if (s.count(player, k) == 0) continue;
            const int cell = o.cell[player][k];
            render::draw_unit(svg, L, player, 1,
                              {{"data-cell", R::cell_name(cell)}, {"data-position", position_name(k)}}, cell / 8,
                              cell % 8 + offset, false);
        }
    svg.close();

    render::StatusDice dice{.side = L.cell * 0.6, .advance = 1.2 * o.dice + 0.3};
    if (s.result == Result::ongoing && s.n_dice != 0) {
        dice.count = s.n_dice;
        for (int i = 0; i < s.n_dice; ++i) dice.values[i] = s.dice[i];
    }
    const int shown = s.result == Result::player0_won ? 0 : s.result == Result::player1_won ? 1 : s.to_move;
    const std::string words = s.result != Result::ongoing ? status_phrase(s)
                              : s.n_dice == 0             ? render::player_name(s.to_move) + " to roll"
                                              : render::player_name(s.to_move) + " to move " + std::to_string(s.roll);
    render::draw_status_line(
        svg, L, s, phase(s), shown, dice, words, step_phrase(m),
        {{"data-ruleset", ruleset_name(o.ruleset)}, {"data-roll", s.n_dice ? std::to_string(s.roll) : std::string()}});
    return svg.finish();
}

std::string UrRules::render_text(const Options &o, const State &s, const LastMove<State> &last,
                                 const json &render_options) {
    render::resolve(text_specs(), render_options);
    const render::RaceStep m = step_info(o, last);
    std::array<std::array<std::string, render::RaceLayout::columns>, 3> grid, names;
    for (int row = 0; row < 3; ++row)
        for (int col = 0; col < 8; ++col) {
            if (!on_board(row, col)) continue;
            const int cell = row * 8 + col;
            grid[row][col + offset].assign(1, is_rosette(cell) ? '*' : '.');
        }
    const auto positions = positions_of(o);
    for (int cell = 0; cell < S::cells; ++cell) {
        const std::string &n = positions[cell][0];
        names[cell / 8][cell % 8 + offset] = n.substr(0, n.find(' '));
    }
    for (int player = 0; player < 2; ++player)
        for (int k = 1; k <= o.route_length; ++k)
            if (s.count(player, k) > 0) {
                const int cell = o.cell[player][k];
                grid[cell / 8][cell % 8 + offset] = std::string(1, static_cast<char>('a' + player));
            }
    std::string out = game_title(o) + ": " + status_phrase(s) + "\n";
    for (int row = 0; row < 3; ++row)
        out += render::race_text_row("", names[row]) + render::race_text_row(row_names[row], grid[row]);
    out += "squares numbered by player 0's route; * a rosette; a = player 0 (the bottom row), b = player 1 (the top "
           "row)\n";
    for (int p = 0; p < 2; ++p)
        out += render::player_name(p) + " (" + static_cast<char>('a' + p) + "): " + tray_phrase(s, p) + "\n";
    out += "last move: " + step_phrase(m) + "\n";
    return out;
}

json UrRules::render_options() { return render::options_catalogue(svg_specs(), text_specs()); }

}  // namespace ludus
