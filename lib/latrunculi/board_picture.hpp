// The parts of a Latrunculi picture that every ruleset shares (latrunculi_render.cpp,
// schaedler_render.cpp): the plain squared board of square_board.hpp, and the pieces (player 0's
// ivory discs, player 1's ebony squares).
#pragma once

#include <algorithm>
#include <array>
#include <string>

#include "../render/square_board.hpp"

namespace ludus::board_picture {

using namespace square_board;
inline constexpr const char *crown = "#c8a23c";
inline constexpr const char *chain = "#b3261e";  // the cross over a blocked piece

inline const char *player_class(int player) { return player == 0 ? "player0" : "player1"; }

// A piece: a disc (player 0) or a rounded square (player 1). A man has an inner ring; a dux is
// larger, with a gold ring and a "D"; a blocked piece is crossed through in red (class
// "blocked"). A ghost (what the last move took) is faint and dashed.
struct PieceLook {
    int player = 0;
    bool dux = false, blocked = false, ghost = false;
};

inline void draw_piece(Svg &svg, PieceLook look, double cx, double cy, double cell, const std::string &cls,
                       const std::string &square) {
    const double stroke = std::max(1.0, cell * 0.05);
    const std::string opacity = look.ghost ? "0.35" : "1";
    const char *dash = look.ghost ? "3 2" : "none";
    const std::string klass = cls + (look.dux ? " dux" : " man") + (look.blocked ? " blocked" : "");
    const double size = look.dux ? 0.86 : 0.72;
    if (look.player == 0) {
        svg.circle(cx, cy, cell * size / 2,
                   {{"class", klass},
                    {"data-square", square},
                    {"fill", style::piece_fill[0]},
                    {"stroke", style::piece_stroke[0]},
                    {"stroke-width", stroke},
                    {"stroke-dasharray", dash},
                    {"opacity", opacity}});
    } else {
        const double side = cell * size * 0.94;
        svg.rect(cx - side / 2, cy - side / 2, side, side,
                 {{"class", klass},
                  {"data-square", square},
                  {"rx", cell * 0.08},
                  {"fill", style::piece_fill[1]},
                  {"stroke", style::piece_stroke[1]},
                  {"stroke-width", stroke},
                  {"stroke-dasharray", dash},
                  {"opacity", opacity}});
    }
    if (look.dux) {
        svg.circle(cx, cy, cell * 0.3,
                   {{"class", "crown"},
                    {"fill", "none"},
                    {"stroke", crown},
                    {"stroke-width", stroke * 1.6},
                    {"opacity", opacity}});
        svg.label(cx, cy, cell * 0.32, "D",
                  {{"class", "dux-letter"}, {"fill", crown}, {"font-weight", "bold"}, {"opacity", opacity}});
    } else {
        svg.circle(cx, cy, cell * 0.2,
                   {{"class", "mark"},
                    {"fill", "none"},
                    {"stroke", style::piece_mark[look.player]},
                    {"stroke-width", stroke},
                    {"opacity", opacity}});
    }
    if (look.blocked) {
        const double h = cell * 0.3;
        svg.open("g", {{"class", "chain"},
                       {"stroke", chain},
                       {"stroke-width", stroke * 1.8},
                       {"stroke-linecap", "round"},
                       {"opacity", opacity}});
        svg.line(cx - h, cy - h, cx + h, cy + h, {});
        svg.line(cx - h, cy + h, cx + h, cy - h, {});
        svg.close();
    }
}

// The pieces still in hand in a placement phase (Bell's and Schaedler's rulesets), in the two
// trays below the board (Layout::hand_box), the upper one of the player drawn at the top: each a
// dashed frame, the number of pieces in it (with the words "in hand" unless the picture has no
// words) and the pieces drawn as on the board, men first and then the dux (placed last), in two
// rows of smaller pieces when many. Hooks: <g class="hand player0" data-count="17">, its pieces
// <... class="in-hand player0 man|dux"/>, its number <text class="count">.
inline void draw_hands(Svg &svg, const Layout &l, const std::array<int, 2> &men, const std::array<int, 2> &duxes) {
    for (int row = 0; row < 2; ++row) {
        const int player = row == 0 ? 1 - l.g.orientation : l.g.orientation;
        const int count = men[player] + duxes[player];
        const auto [x, y, w, h] = l.hand_box(row);
        const double stroke = std::max(1.0, l.g.cell * 0.04), piece = h, cy = y + h / 2;
        svg.open("g", {{"class", std::string("hand ") + player_class(player)}, {"data-count", count}});
        svg.rect(x, y, w, h,
                 {{"class", "tray"},
                  {"fill", "none"},
                  {"stroke", style::muted_ink},
                  {"stroke-width", stroke},
                  {"stroke-dasharray", "4 3"},
                  {"rx", h * 0.15}});
        const std::string label = std::to_string(count) + (l.words ? " in hand" : "");
        const double font = h * 0.4,
                     label_width =
                         font * 0.68 * static_cast<double>(label.size());  // bold sans: at most 0.68 em a character
        svg.text("text",
                 {{"class", "count"},
                  {"x", x + h * 0.2},
                  {"y", cy},
                  {"font-size", font},
                  {"font-family", style::font},
                  {"font-weight", "bold"},
                  {"dominant-baseline", "central"},
                  {"fill", style::ink}},
                 label);
        // One row of pieces as large as the board's, overlapping a little; two rows of smaller
        // ones when one row would pile them up.
        const double left = x + h * 0.35 + label_width, right = x + w - h * 0.1;
        const bool two_rows = count > 1 && (right - left - piece) / (count - 1) < piece * 0.62;
        const double size = two_rows ? piece * 0.56 : piece;
        const int per_row = two_rows ? (count + 1) / 2 : count;
        const double step = per_row > 1 ? std::min(size * 0.9, (right - left - size) / (per_row - 1)) : 0;
        for (int i = 0; i < count; ++i) {
            const int line = i / std::max(1, per_row), at = i % std::max(1, per_row);
            const double py = two_rows ? cy + (line == 0 ? -0.24 : 0.24) * h : cy;
            draw_piece(svg, {player, i >= men[player]}, left + size / 2 + at * step, py, size,
                       std::string("in-hand ") + player_class(player), "");
        }
        svg.close();
    }
}

// The status line, with a piece of the player to move or of the winner.
inline void draw_status(Svg &svg, const Layout &l, Result result, int to_move, const std::string &words,
                        const std::string &last_text) {
    square_board::draw_status(
        svg, l, result, to_move, words, last_text, [&](double cx, double cy, double size, int player) {
            draw_piece(svg, {player}, cx, cy, size, std::string("icon ") + player_class(player), "");
        });
}

}  // namespace ludus::board_picture
