// A picture of a squared board (Petteia, Latrunculi): the board, chequered or plain, with file
// letters and rank numbers; the last move outlined in blue; the status line; the monospace
// diagram. Each game draws its own pieces.
#pragma once

#include <algorithm>
#include <array>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "../game.hpp"
#include "../options.hpp"
#include "../squares.hpp"
#include "render_options.hpp"
#include "svg.hpp"

namespace ludus::square_board {

using render::Svg;
namespace style = render::style;

inline const std::vector<OptionSpec> &svg_specs() {
    static const std::vector<OptionSpec> specs = {
        render::size_spec(),
        render::integer_spec("orientation", 0, 0, 1, "the player drawn at the bottom"),
        render::flag_spec("coordinates", true, "file letters and rank numbers around the board"),
        render::words_spec(),
        render::pieces_spec(),
    };
    return specs;
}

inline const std::vector<OptionSpec> &text_specs() {
    static const std::vector<OptionSpec> specs = {
        render::integer_spec("orientation", 0, 0, 1, "the player drawn at the bottom"),
        render::flag_spec("coordinates", true, "file letters and rank numbers around the board"),
    };
    return specs;
}

// The render options of every squared board (the catalogue's "render_options").
inline nlohmann::json render_options() { return render::options_catalogue(svg_specs(), text_specs()); }

struct Geometry {
    double cell, x0, y0;
    int rows, cols, orientation;
    int column(int sq) const { return orientation == 0 ? sq % cols : cols - 1 - sq % cols; }
    int row(int sq) const { return orientation == 0 ? rows - 1 - sq / cols : sq / cols; }
    double left(int sq) const { return x0 + column(sq) * cell; }
    double top(int sq) const { return y0 + row(sq) * cell; }
    double cx(int sq) const { return left(sq) + cell / 2; }
    double cy(int sq) const { return top(sq) + cell / 2; }
};

// Where everything goes, from the resolved picture options. With `hands` (a placement phase:
// pieces still in hand) two trays, one a player, go between the board and the status line: the
// board stays where it is, the picture is taller. The empty board (option "pieces" false) has
// neither trays nor status line.
struct Layout {
    Geometry g;
    double width, height, margin, status_height, board_bottom;
    double hand_top, hand_height, hand_gap;  // the trays of the pieces in hand (hand_height 0: none)
    bool coordinates, words, pieces;
    // The tray on row 0 (the upper, of the player drawn at the top) or 1: x, y, width, height.
    std::array<double, 4> hand_box(int row) const {
        return {g.x0, hand_top + row * (hand_height + hand_gap), g.cell * g.cols, hand_height};
    }
};

inline Layout layout(const nlohmann::json &r, int rows, int cols, bool hands = false) {
    Layout l{};
    l.width = r["size"].get<int>();
    l.coordinates = r["coordinates"].get<bool>();
    l.words = r["words"].get<bool>();
    l.pieces = r["pieces"].get<bool>();
    hands = hands && l.pieces;
    l.margin = l.width * (l.coordinates ? 0.06 : 0.025);
    l.g =
        Geometry{(l.width - 2 * l.margin) / std::max(rows, cols), 0, l.margin, rows, cols, r["orientation"].get<int>()};
    l.g.x0 = (l.width - l.g.cell * cols) / 2;
    l.status_height = l.words && l.pieces ? l.width * 0.085 : 0;
    l.board_bottom = l.g.y0 + l.g.cell * rows;
    l.hand_top = l.board_bottom + (l.coordinates ? l.margin : l.margin * 0.6);
    l.hand_height = hands ? l.g.cell * 0.8 : 0;
    l.hand_gap = hands ? l.g.cell * 0.15 : 0;
    l.height = l.hand_top + (hands ? 2 * l.hand_height + l.hand_gap + l.g.cell * 0.2 : 0) + l.status_height;
    return l;
}

// The background, the board with its squares (chequered, a1 dark, or plain squares ruled on
// the board's colour), and the coordinates.
inline void draw_board(Svg &svg, const Layout &l, bool chequered) {
    const Geometry &g = l.g;
    svg.rect(0, 0, l.width, l.height, {{"class", "background"}, {"fill", style::background}});
    const double edge = std::max(1.5, g.cell * 0.06);
    svg.rect(g.x0 - edge / 2, g.y0 - edge / 2, g.cell * g.cols + edge, g.cell * g.rows + edge,
             {{"class", "board"},
              {"fill", chequered ? "none" : style::board_light},
              {"stroke", style::board_edge},
              {"stroke-width", edge}});
    if (chequered) {
        svg.open("g", {{"class", "squares"}});
        for (int sq = 0; sq < g.rows * g.cols; ++sq) {
            const bool dark = (sq / g.cols + sq % g.cols) % 2 == 0;
            svg.rect(g.left(sq), g.top(sq), g.cell, g.cell,
                     {{"class", dark ? "square dark" : "square light"},
                      {"data-square", squares::name(g.cols, sq)},
                      {"fill", dark ? style::board_dark : style::board_light}});
        }
    } else {
        svg.open("g", {{"class", "squares"},
                       {"fill", "none"},
                       {"stroke", style::board_dark},
                       {"stroke-width", std::max(1.0, g.cell * 0.03)}});
        for (int sq = 0; sq < g.rows * g.cols; ++sq)
            svg.rect(g.left(sq), g.top(sq), g.cell, g.cell,
                     {{"class", "square"}, {"data-square", squares::name(g.cols, sq)}});
    }
    svg.close();
    if (!l.coordinates) return;
    const double font = std::min(g.cell * 0.45, l.margin * 0.62);
    svg.open("g", {{"class", "coordinates"}, {"fill", style::muted_ink}, {"font-family", style::font}});
    for (int f = 0; f < g.cols; ++f)
        svg.label(g.cx(f), l.board_bottom + l.margin * 0.5, font, std::string(1, static_cast<char>('a' + f)),
                  {{"class", "coord file"}});
    for (int rank = 0; rank < g.rows; ++rank)
        svg.label(g.x0 - l.margin * 0.5, g.cy(rank * g.cols), font, std::to_string(rank + 1),
                  {{"class", "coord rank"}});
    svg.close();
}

// The empty board (option "pieces" false): the board and its coordinates, nothing of the position.
inline std::string empty_board_svg(const Layout &l, const std::string &game, bool chequered) {
    Svg svg(l.width, l.height, render::empty_board_title(game));
    draw_board(svg, l, chequered);
    return svg.finish();
}

// The last move's squares outlined (from may be -1), with a line between them.
inline void draw_last_move(Svg &svg, const Layout &l, int from, int to, const std::string &move_text) {
    const Geometry &g = l.g;
    const double w = std::max(1.5, g.cell * 0.07);
    svg.open("g", {{"class", "last-move"}, {"data-move", move_text}});
    if (from >= 0)
        svg.line(g.cx(from), g.cy(from), g.cx(to), g.cy(to),
                 {{"class", "last-move path"},
                  {"stroke", style::highlight},
                  {"stroke-width", w},
                  {"stroke-linecap", "round"},
                  {"opacity", "0.55"}});
    for (int sq : {from, to}) {
        if (sq < 0) continue;
        svg.rect(g.left(sq) + w / 2, g.top(sq) + w / 2, g.cell - w, g.cell - w,
                 {{"class", sq == from ? "last-move from" : "last-move to"},
                  {"data-square", squares::name(g.cols, sq)},
                  {"fill", "none"},
                  {"stroke", style::highlight},
                  {"stroke-width", w}});
    }
    svg.close();
}

// The status line under the board: the icon of the player to move or the winner, the phrase,
// and the last move.
// `icon(cx, cy, size, player)` draws the player's piece.
inline void draw_status(Svg &svg, const Layout &l, Result result, int to_move, std::string words,
                        const std::string &last_text, const std::function<void(double, double, double, int)> &icon) {
    const double sy = l.height - l.status_height / 2, font = l.status_height * 0.36;
    const int shown = result == Result::player0_won   ? 0
                      : result == Result::player1_won ? 1
                      : result == Result::draw        ? -1
                                                      : to_move;
    svg.open("g", {{"class", "status"},
                   {"data-to-move", result == Result::ongoing ? std::to_string(to_move) : std::string("-1")},
                   {"data-result", result_name(result)},
                   {"font-family", style::font},
                   {"fill", style::ink}});
    if (!l.words) {
        svg.close();
        return;
    }
    const double icon_size = l.status_height * 0.62;
    double text_x = l.margin;
    if (shown >= 0) {
        icon(l.margin + icon_size / 2, sy, icon_size, shown);
        text_x += icon_size * 1.15;
    }
    words[0] = static_cast<char>(words[0] - 'a' + 'A');
    // The phrase in bold and the last move on the right, on one line when both fit (widths
    // estimated: at most 0.64 em a character in bold, 0.58 plain), else the last move under the
    // phrase, the phrase smaller if it is still too long.
    const std::string last = last_text.empty() ? "" : "last: " + last_text;
    const double room = l.width - l.margin - text_x, words_width = 0.64 * font * static_cast<double>(words.size());
    const double last_width = 0.58 * font * 0.85 * static_cast<double>(last.size());
    const bool one_line = words_width + font + last_width <= room;
    const double words_font = std::min(font, room / (0.64 * static_cast<double>(words.size())));
    svg.text("text",
             {{"class", result == Result::ongoing ? "turn" : "result"},
              {"x", text_x},
              {"y", one_line || last.empty() ? sy : sy - font * 0.5},
              {"font-size", words_font},
              {"dominant-baseline", "central"},
              {"font-weight", "bold"}},
             words);
    if (!last.empty())
        svg.text("text",
                 {{"class", "last-move-text"},
                  {"x", one_line ? l.width - l.margin : text_x},
                  {"y", one_line ? sy : sy + font * 0.6},
                  {"font-size", font * (one_line ? 0.85 : 0.75)},
                  {"text-anchor", one_line ? "end" : "start"},
                  {"dominant-baseline", "central"}},
                 last);
    svg.close();
}

// The monospace diagram: one character a square (glyph(sq)), with coordinates around it.
inline std::string text_board(int rows, int cols, const nlohmann::json &r, const std::function<char(int)> &glyph) {
    const int orientation = r["orientation"].get<int>();
    const bool coordinates = r["coordinates"].get<bool>();
    std::string letters = "   ";
    for (int i = 0; i < cols; ++i)
        letters += std::string(" ") + static_cast<char>('a' + (orientation == 0 ? i : cols - 1 - i));
    letters += "\n";
    std::string out = coordinates ? letters : "";
    for (int i = 0; i < rows; ++i) {
        const int rank = orientation == 0 ? rows - 1 - i : i;
        std::string number = std::to_string(rank + 1);
        if (number.size() < 2) number = " " + number;
        if (coordinates) out += number + " ";
        for (int j = 0; j < cols; ++j) {
            out += ' ';
            out += glyph(rank * cols + (orientation == 0 ? j : cols - 1 - j));
        }
        out += coordinates ? "  " + std::to_string(rank + 1) + "\n" : std::string("\n");
    }
    if (coordinates) out += letters;
    return out;
}

}  // namespace ludus::square_board
