// Pictures of a Petteia position: an SVG board and a monospace diagram.
//
// SVG: the chequered board (a1 dark), player 0's pieces as ivory discs, player 1's as ebony
// squares; the last move's squares outlined in blue with a line between them, and the pieces it
// captured drawn faintly (dashed) where they stood; file letters and rank numbers around the
// board; a status line below (whose turn, or the result, and the last move). Stable hooks:
//   <rect class="square dark|light" data-square="a1"/>
//   <circle class="piece player0" data-square="b2"/>, <rect class="piece player1" data-square="c7"/>
//   <... class="captured player1" data-square="c5"/>, <rect class="last-move from|to" data-square/>
//   <text class="coord file|rank">, <g class="status" data-to-move data-result>
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "../render/render_options.hpp"
#include "../render/svg.hpp"
#include "../rules_game.hpp"
#include "petteia.hpp"

namespace ludus {

namespace {

using render::Attrs;
using render::Svg;
namespace style = render::style;

const std::vector<OptionSpec> &svg_specs() {
    static const std::vector<OptionSpec> specs = {
        render::size_spec(),
        render::integer_spec("orientation", 0, 0, 1, "the player drawn at the bottom"),
        render::flag_spec("coordinates", true, "file letters and rank numbers around the board"),
    };
    return specs;
}

const std::vector<OptionSpec> &text_specs() {
    static const std::vector<OptionSpec> specs = {
        render::integer_spec("orientation", 0, 0, 1, "the player drawn at the bottom"),
        render::flag_spec("coordinates", true, "file letters and rank numbers around the board"),
    };
    return specs;
}

// The last move in words and squares.
struct MoveInfo {
    bool present = false;
    int player = 0;
    int from = -1, to = -1;
    std::vector<int> captured;
    std::string text;  // "b2-b5", or "b2-b5 captured c5 and e5"
};

MoveInfo move_info(const PetteiaOptions &o, const LastMove<PetteiaState> &last) {
    MoveInfo m;
    if (last.before == nullptr) return m;
    m.present = true;
    m.player = last.before->to_move;
    m.from = last.action / PetteiaRules::action_stride;
    m.to = last.action % PetteiaRules::action_stride;
    std::array<int, 3> captured{};
    const int n = PetteiaRules::captures_of(o, *last.before, last.action, captured);
    m.captured.assign(captured.begin(), captured.begin() + n);
    m.text = PetteiaRules::action_text(o, last.action);
    for (int i = 0; i < n; ++i)
        m.text += (i == 0 ? " captured " : i + 1 == n ? " and " : ", ") + PetteiaRules::square_name(o, m.captured[i]);
    return m;
}

std::string status_phrase(const PetteiaState &s) {
    switch (s.result) {
    case Result::ongoing: return render::player_name(s.to_move) + " to move";
    case Result::player0_won: return "player 0 won";
    case Result::player1_won: return "player 1 won";
    case Result::draw: return "drawn";
    }
    return "";
}

std::string title_of(const PetteiaOptions &o, const PetteiaState &s, const MoveInfo &m) {
    std::string title = "Petteia " + std::to_string(o.rows) + "x" + std::to_string(o.cols) + ", " + status_phrase(s) + ", " +
                        std::to_string(s.pieces[0]) + " against " + std::to_string(s.pieces[1]) +
                        " pieces (player 0 against player 1)";
    title += m.present ? ", last move " + m.text : ", no move yet";
    return title;
}

struct Geometry {
    double cell, x0, y0;
    int rows, cols, orientation;
    // Screen column and row of a square.
    int column(int square) const { return orientation == 0 ? square % cols : cols - 1 - square % cols; }
    int row(int square) const { return orientation == 0 ? rows - 1 - square / cols : square / cols; }
    double left(int square) const { return x0 + column(square) * cell; }
    double top(int square) const { return y0 + row(square) * cell; }
    double cx(int square) const { return left(square) + cell / 2; }
    double cy(int square) const { return top(square) + cell / 2; }
};

// A piece of `player` centred on (cx, cy) in a cell of side `cell`: a disc with an inner ring
// for player 0, a square with an inner square for player 1.
void draw_piece(Svg &svg, int player, double cx, double cy, double cell, const std::string &cls, const std::string &square,
                bool ghost) {
    const double stroke = std::max(1.0, cell * 0.05);
    const std::string opacity = ghost ? "0.35" : "1";
    const char *dash = ghost ? "3 2" : "none";
    if (player == 0) {
        const double r = cell * 0.38;
        svg.circle(cx, cy, r,
                   {{"class", cls}, {"data-square", square}, {"fill", style::piece_fill[0]}, {"stroke", style::piece_stroke[0]},
                    {"stroke-width", stroke}, {"stroke-dasharray", dash}, {"opacity", opacity}});
        svg.circle(cx, cy, r * 0.55,
                   {{"class", "mark"}, {"fill", "none"}, {"stroke", style::piece_mark[0]}, {"stroke-width", stroke}, {"opacity", opacity}});
    } else {
        const double side = cell * 0.68;
        svg.rect(cx - side / 2, cy - side / 2, side, side,
                 {{"class", cls}, {"data-square", square}, {"rx", cell * 0.08}, {"fill", style::piece_fill[1]},
                  {"stroke", style::piece_stroke[1]}, {"stroke-width", stroke}, {"stroke-dasharray", dash}, {"opacity", opacity}});
        const double inner = side * 0.5;
        svg.rect(cx - inner / 2, cy - inner / 2, inner, inner,
                 {{"class", "mark"}, {"fill", "none"}, {"stroke", style::piece_mark[1]}, {"stroke-width", stroke}, {"opacity", opacity}});
    }
}

}  // namespace

std::string PetteiaRules::render_svg(const Options &o, const State &s, const LastMove<State> &last, const json &render_options) {
    const json r = render::resolve(svg_specs(), render_options);
    const double width = r["size"].get<int>();
    const int orientation = r["orientation"].get<int>();
    const bool coordinates = r["coordinates"].get<bool>();
    const MoveInfo m = move_info(o, last);

    const int longest = std::max(o.rows, o.cols);
    const double margin = width * (coordinates ? 0.06 : 0.025);
    Geometry g{(width - 2 * margin) / longest, 0, margin, o.rows, o.cols, orientation};
    g.x0 = (width - g.cell * o.cols) / 2;
    const double status_height = width * 0.085;
    const double board_bottom = g.y0 + g.cell * o.rows;
    const double height = board_bottom + (coordinates ? margin : margin * 0.6) + status_height;

    Svg svg(width, height, title_of(o, s, m));
    svg.rect(0, 0, width, height, {{"class", "background"}, {"fill", style::background}});

    // The board.
    const double edge = std::max(1.5, g.cell * 0.06);
    svg.rect(g.x0 - edge / 2, g.y0 - edge / 2, g.cell * o.cols + edge, g.cell * o.rows + edge,
             {{"class", "board"}, {"fill", "none"}, {"stroke", style::board_edge}, {"stroke-width", edge}});
    svg.open("g", {{"class", "squares"}});
    for (int sq = 0; sq < o.rows * o.cols; ++sq) {
        const bool dark = (sq / o.cols + sq % o.cols) % 2 == 0;  // a1 is dark
        svg.rect(g.left(sq), g.top(sq), g.cell, g.cell,
                 {{"class", dark ? "square dark" : "square light"}, {"data-square", square_name(o, sq)},
                  {"fill", dark ? style::board_dark : style::board_light}});
    }
    svg.close();

    // Coordinates: file letters below, rank numbers on the left, in the orientation's order.
    if (coordinates) {
        const double font = std::min(g.cell * 0.45, margin * 0.62);
        svg.open("g", {{"class", "coordinates"}, {"fill", style::muted_ink}, {"font-family", style::font}});
        for (int f = 0; f < o.cols; ++f) {
            const int sq = f;  // rank 1
            svg.label(g.cx(sq), board_bottom + margin * 0.5, font, std::string(1, static_cast<char>('a' + f)),
                      {{"class", "coord file"}});
        }
        for (int rank = 0; rank < o.rows; ++rank) {
            const int sq = rank * o.cols;
            svg.label(g.x0 - margin * 0.5, g.cy(sq), font, std::to_string(rank + 1), {{"class", "coord rank"}});
        }
        svg.close();
    }

    // The last move: its squares outlined, a line from one to the other.
    if (m.present) {
        const double w = std::max(1.5, g.cell * 0.07);
        svg.open("g", {{"class", "last-move"}, {"data-move", PetteiaRules::action_text(o, last.action)}});
        svg.line(g.cx(m.from), g.cy(m.from), g.cx(m.to), g.cy(m.to),
                 {{"class", "last-move path"}, {"stroke", style::highlight}, {"stroke-width", w}, {"stroke-linecap", "round"}, {"opacity", "0.55"}});
        for (int sq : {m.from, m.to}) {
            svg.rect(g.left(sq) + w / 2, g.top(sq) + w / 2, g.cell - w, g.cell - w,
                     {{"class", sq == m.from ? "last-move from" : "last-move to"}, {"data-square", square_name(o, sq)}, {"fill", "none"},
                      {"stroke", style::highlight}, {"stroke-width", w}});
        }
        svg.close();
    }

    // The pieces, then the captured ones faintly.
    svg.open("g", {{"class", "pieces"}});
    for (int sq = 0; sq < o.rows * o.cols; ++sq) {
        const int owner = s.cells[sq];
        if (owner == State::empty) continue;
        draw_piece(svg, owner, g.cx(sq), g.cy(sq), g.cell, owner == 0 ? "piece player0" : "piece player1", square_name(o, sq), false);
    }
    for (int sq : m.captured)
        draw_piece(svg, 1 - m.player, g.cx(sq), g.cy(sq), g.cell, 1 - m.player == 0 ? "captured player0" : "captured player1",
                   square_name(o, sq), true);
    svg.close();

    // The status line: a piece of the player to move (or of the winner) and the words.
    const double sy = height - status_height / 2;
    const double font = status_height * 0.36;
    const int shown = s.result == Result::player0_won ? 0 : s.result == Result::player1_won ? 1 : s.result == Result::draw ? -1 : s.to_move;
    svg.open("g", {{"class", "status"},
                   {"data-to-move", s.result == Result::ongoing ? std::to_string(s.to_move) : std::string("-1")},
                   {"data-result", result_name(s.result)},
                   {"font-family", style::font},
                   {"fill", style::ink}});
    const double icon = status_height * 0.62;
    double text_x = margin;
    if (shown >= 0) {
        draw_piece(svg, shown, margin + icon / 2, sy, icon, shown == 0 ? "icon player0" : "icon player1", "", false);
        text_x += icon * 1.15;
    }
    std::string words = status_phrase(s);
    words[0] = static_cast<char>(words[0] - 'a' + 'A');
    svg.text("text", {{"class", s.result == Result::ongoing ? "turn" : "result"}, {"x", text_x}, {"y", sy}, {"font-size", font},
                      {"dominant-baseline", "central"}, {"font-weight", "bold"}},
             words);
    if (m.present)
        svg.text("text", {{"class", "last-move-text"}, {"x", width - margin}, {"y", sy}, {"font-size", font * 0.85}, {"text-anchor", "end"},
                          {"dominant-baseline", "central"}},
                 "last: " + m.text);
    svg.close();
    return svg.finish();
}

std::string PetteiaRules::render_text(const Options &o, const State &s, const LastMove<State> &last, const json &render_options) {
    const json r = render::resolve(text_specs(), render_options);
    const int orientation = r["orientation"].get<int>();
    const bool coordinates = r["coordinates"].get<bool>();
    const MoveInfo m = move_info(o, last);

    // Screen order of files and ranks.
    std::vector<int> files, ranks;
    for (int i = 0; i < o.cols; ++i) files.push_back(orientation == 0 ? i : o.cols - 1 - i);
    for (int i = 0; i < o.rows; ++i) ranks.push_back(orientation == 0 ? o.rows - 1 - i : i);

    std::string out = "Petteia " + std::to_string(o.rows) + "x" + std::to_string(o.cols) + ": " + status_phrase(s) + "\n";
    std::string letters = "   ";
    for (int f : files) letters += std::string(" ") + static_cast<char>('a' + f);
    letters += "\n";
    if (coordinates) out += letters;
    for (int rank : ranks) {
        std::string number = std::to_string(rank + 1);
        if (number.size() < 2) number = " " + number;
        if (coordinates) out += number + " ";
        for (int f : files) {
            const int sq = rank * o.cols + f;
            char c = '.';
            if (s.cells[sq] != State::empty) c = static_cast<char>('0' + s.cells[sq]);
            else if (std::find(m.captured.begin(), m.captured.end(), sq) != m.captured.end()) c = 'x';
            out += ' ';
            out += c;
        }
        out += coordinates ? "  " + std::to_string(rank + 1) + "\n" : std::string("\n");
    }
    if (coordinates) out += letters;
    out += "pieces: player 0 (0) " + std::to_string(s.pieces[0]) + ", player 1 (1) " + std::to_string(s.pieces[1]) + "\n";
    if (m.present) {
        out += "last move: " + m.text + " (player " + std::to_string(m.player) + ")";
        if (!m.captured.empty()) out += "; x marks a captured piece";
        out += "\n";
    }
    return out;
}

}  // namespace ludus
