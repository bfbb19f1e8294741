// Pictures of an XII Scripta position: the 36-cell board (3 rows of 12, each row split in the
// middle), the pieces as stacks with their count, the trays (in hand, captured, borne off) and
// the three dice.
//
// Layout: player 0 sits below the board, player 1 above it. Every track starts in the middle
// row, left to right. Murray's and Ludii's tracks then run the far row from right to left and
// end on the near row from left to right, each from its own side (Ludii's XII Scripta.lud), so
// player 0 ends along the bottom row and player 1 along the top row; TabletopGames' route is the
// same for both: top row from right to left, then bottom row from left to right (the Ostia order).
//
// SVG hooks: <g class="unit player0" data-cell="top 3" data-position="22" data-count="2">,
// <g class="hand|bar|off player1" data-count>, <rect class="die|die used" data-value>, the last
// step's cells <rect class="last-move from|to" data-position>, <g class="status" data-to-move
// data-phase data-result data-ruleset>.
#include <algorithm>
#include <array>
#include <string>

#include "../render/race_board.hpp"
#include "../render/render_options.hpp"
#include "../render/svg.hpp"
#include "../history.hpp"
#include "xii_scripta.hpp"

namespace ludus {

namespace {

using render::Svg;
using S = XiiState;
using R = XiiScriptaRules;
namespace style = render::style;

constexpr int columns = render::RaceLayout::columns;
constexpr const char *row_names[3] = {"top", "middle", "bottom"};

constexpr auto *svg_specs = &render::race_svg_specs;
constexpr auto *text_specs = &render::race_text_specs;

using Cell = R::Cell;

// The last step, and whether it hit a piece.
using StepInfo = render::RaceStep;
StepInfo step_info(const XiiOptions &o, const LastMove<S> &last) {
    StepInfo m = render::race_step<R>(o, last);
    if (m.present && !m.pass && m.to <= S::last_cell)
        m.captured = last.before->count[1 - m.player][R::other_progress(o, m.to)] == 1 ? 1 : 0;
    return m;
}

std::string step_phrase(const StepInfo &m) {
    if (!m.present) return "no step yet";
    return m.text + " by " + render::player_name(m.player) + (m.captured ? ", hitting a piece" : "");
}

std::string dice_phrase(const S &s) {
    std::string text =
        std::to_string(s.dice[0]) + ", " + std::to_string(s.dice[1]) + " and " + std::to_string(s.dice[2]) + " (left:";
    for (int i = 0; i < s.n_left; ++i) text.append(" ").append(std::to_string(s.left[i]));
    return text + ")";
}

std::string status_phrase(const S &s) {
    if (s.result != Result::ongoing) return render::result_phrase(s.result, s.end_reason, s.to_move);
    if (s.n_left == 0) return render::player_name(s.to_move) + " to roll";
    return render::player_name(s.to_move).append(" to move with ").append(dice_phrase(s));
}

int on_board(const S &s, int player) {
    int n = 0;
    for (int p = 1; p <= S::last_cell; ++p) n += s.count[player][p];
    return n;
}

std::string tray_phrase(const XiiOptions &o, const S &s, int p) {
    std::string text = std::to_string(s.count[p][S::hand]) + " in hand, ";
    if (!o.enter_all_first) text += std::to_string(s.count[p][S::bar]) + " captured, ";
    return text + std::to_string(on_board(s, p)) + " on the board, " + std::to_string(s.count[p][S::off]) +
           " borne off";
}

std::string title_of(const XiiOptions &o, const S &s, const StepInfo &m) {
    std::string title = std::string("XII Scripta (") + R::ruleset_name(o.ruleset) + "), " + status_phrase(s);
    for (int p = 0; p < 2; ++p) title += ", " + render::player_name(p) + " " + tray_phrase(o, s, p);
    return title + ", last step " + step_phrase(m);
}

// Which of the three rolled dice are used: the values still to play, matched die by die (a
// triple played twice shows the dice of the set being played).
std::array<bool, 3> dice_used(const XiiOptions &o, const S &s) {
    std::array<bool, 3> used{true, true, true};
    if (o.triples_twice && s.dice[0] == s.dice[1] && s.dice[1] == s.dice[2]) {
        const int played = (6 - s.n_left) % 3;
        for (int d = 0; d < 3; ++d) used[d] = d < played;
        return used;
    }
    std::array<int, S::max_left> left{};
    for (int i = 0; i < s.n_left; ++i) left[i] = s.left[i];
    for (int d = 0; d < 3; ++d)
        for (int i = 0; i < s.n_left; ++i)
            if (left[i] == s.dice[d]) {
                used[d] = false;
                left[i] = 0;
                break;
            }
    return used;
}

}  // namespace

std::string XiiScriptaRules::render_svg(const Options &o, const State &s, const LastMove<State> &last,
                                        const json &render_options) {
    const json r = render::resolve(svg_specs(), render_options);
    const double width = r["size"].get<int>();
    const StepInfo m = step_info(o, last);
    const render::RaceLayout L(width, r["words"].get<bool>(), r["positions"].get<bool>(), r["pieces"].get<bool>());

    Svg svg(width, L.height,
            L.pieces ? title_of(o, s, m)
                     : render::empty_board_title(std::string("XII Scripta (") + R::ruleset_name(o.ruleset) + ")"));
    svg.rect(0, 0, width, L.height, {{"class", "background"}, {"fill", style::background}});

    // The board: 36 cells, each marked with player 0's progress there.
    svg.open("g", {{"class", "board"}});
    render::draw_board_halves(svg, L);
    std::array<std::array<std::array<std::string, 2>, columns>, 3> positions;  // each player's progress on each cell
    for (int player = 0; player < 2; ++player)
        for (int k = 1; k <= S::last_cell; ++k) {
            const Cell c = R::cell_of(o, player, k);
            positions[c.row][c.col][player] = position_name(k);
        }
    for (int row = 0; row < 3; ++row)
        for (int col = 0; col < columns; ++col) {
            render::draw_cell(svg, L, row, col, "cell", R::cell_name({row, col}), positions[row][col]);
            render::draw_cell_name(svg, L, row, col, positions[row][col][0]);
        }
    svg.close();
    if (!L.pieces) {
        render::draw_empty_trays(svg, L, L.cell * 0.28);
        return svg.finish();
    }

    // The trays: in hand (and captured) on the left, borne off on the right; player 1 above.
    for (int player = 0; player < 2; ++player)
        for (bool off : {false, true}) {
            const int count = s.count[player][off ? S::off : S::hand];
            const int captured = off ? 0 : s.count[player][S::bar];
            const auto box = L.tray_box(player, off);
            const std::string who = player == 0 ? " player0" : " player1";
            // A hit piece waits with those in hand: the hand's tray is where both leave from.
            const std::string position = off                 ? position_name(S::off)
                                         : o.enter_all_first ? position_name(S::hand)
                                                             : position_name(S::hand) + " " + position_name(S::bar);
            render::open_tray(svg, L, std::string(off ? "off" : "hand") + who, count, position);
            std::string label = render::tray_label(player, off, count);
            if (!off && !o.enter_all_first) label.append(" bar ").append(std::to_string(captured));
            render::draw_tray_frame(svg, L, box, L.cell * 0.28, label);
            const double first = box[0] + L.cell * (off ? 1.9 : 2.9);
            const int shown = count + captured;
            const double spacing =
                std::min(L.cell * 0.26, (box[0] + box[2] - L.cell * 0.3 - first) / std::max(1, shown - 1));
            for (int i = 0; i < shown; ++i)
                render::draw_tray_disc(svg, L, player, first + i * spacing, box[1] + box[3] / 2,
                                       i < count ? "disc" : "disc captured",
                                       i < count ? style::piece_stroke[player] : style::highlight);
            svg.close();
            if (!off && !o.enter_all_first) {
                svg.open("g", {{"class", "bar" + who}, {"data-count", captured}});
                svg.close();
            }
        }

    // The last step: its cells (or trays) outlined.
    const auto place_of = [&](int progress) -> render::RacePlace {
        if (progress == S::hand || progress == S::off || progress == S::bar)
            return {.tray = true, .off = progress == S::off};
        const Cell c = R::cell_of(o, m.player, progress);
        return {.row = c.row, .col = c.col};
    };
    render::outline_last_step(svg, L, m, place_of, [](int progress) { return position_name(progress); });

    // The pieces on the board.
    svg.open("g", {{"class", "units"}});
    for (int player = 0; player < 2; ++player)
        for (int p = 1; p <= S::last_cell; ++p) {
            const int count = s.count[player][p];
            if (count == 0) continue;
            const Cell c = R::cell_of(o, player, p);
            render::draw_unit(svg, L, player, count,
                              {{"data-cell", R::cell_name(c)}, {"data-position", position_name(p)}}, c.row, c.col,
                              false);
        }
    svg.close();

    // The status line: the three dice (used ones dimmed), whose turn or the result, the last step.
    render::StatusDice dice{.side = L.cell * 0.8, .advance = 3.7};
    if (s.result == Result::ongoing && s.n_left != 0) {
        const std::array<bool, 3> used = dice_used(o, s);
        dice = {.values = {s.dice[0], s.dice[1], s.dice[2]},
                .used = {used[0], used[1], used[2]},
                .count = 3,
                .side = dice.side,
                .advance = dice.advance};
    }
    const int shown = s.result == Result::player0_won ? 0 : s.result == Result::player1_won ? 1 : s.to_move;
    const std::string words = s.result != Result::ongoing
                                  ? status_phrase(s)
                                  : render::player_name(s.to_move) + (s.n_left == 0 ? " to roll" : " to move");
    render::draw_status_line(svg, L, s, phase(s), shown, dice, words, step_phrase(m),
                             {{"data-ruleset", ruleset_name(o.ruleset)}});
    return svg.finish();
}

std::string XiiScriptaRules::render_text(const Options &o, const State &s, const LastMove<State> &last,
                                         const json &render_options) {
    render::resolve(text_specs(), render_options);
    const StepInfo m = step_info(o, last);
    std::array<std::array<std::string, columns>, 3> grid, names;
    for (auto &row : grid) row.fill(".");
    for (int k = 1; k <= S::last_cell; ++k) {
        const Cell c = R::cell_of(o, 0, k);
        names[c.row][c.col] = std::to_string(k);
    }
    for (int player = 0; player < 2; ++player)
        for (int p = 1; p <= S::last_cell; ++p)
            if (s.count[player][p] > 0) {
                const Cell c = R::cell_of(o, player, p);
                grid[c.row][c.col] =
                    std::string(1, static_cast<char>('a' + player)).append(std::to_string(s.count[player][p]));
            }
    const auto line = render::race_text_row;
    std::string out = std::string("XII Scripta (") + ruleset_name(o.ruleset) + "): " + status_phrase(s) + "\n";
    for (int row = 0; row < 3; ++row) out += line("", names[row]) + line(row_names[row], grid[row]);
    out += "cells numbered by player 0's track (1..12 the middle row, left to right);\n";
    out += o.mirror_paths
               ? "player 1's track: the middle row, then the bottom row right to left, then the top row left to right\n"
               : "both players run the same track\n";
    out += "a = player 0, b = player 1 (a3: 3 pieces of player 0)\n";
    for (int p = 0; p < 2; ++p)
        out += render::player_name(p) + " (" + static_cast<char>('a' + p) + "): " + tray_phrase(o, s, p) + "\n";
    out += "last step: " + step_phrase(m) + "\n";
    return out;
}

json XiiScriptaRules::render_options() { return render::options_catalogue(svg_specs(), text_specs()); }

}  // namespace ludus
