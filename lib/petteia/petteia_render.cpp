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
#include "../render/square_board.hpp"
#include "../render/svg.hpp"
#include "../history.hpp"
#include "petteia.hpp"

namespace ludus {

namespace {

using namespace square_board;

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
    if (s.result != Result::ongoing) return render::result_phrase(s.result, s.end_reason, s.to_move);
    return render::player_name(s.to_move) + " to move";
}

std::string board_name(const PetteiaOptions &o) {
    return "Petteia " + std::to_string(o.rows) + "x" + std::to_string(o.cols);
}

std::string title_of(const PetteiaOptions &o, const PetteiaState &s, const MoveInfo &m) {
    std::string title = board_name(o) + ", " + status_phrase(s) + ", " + std::to_string(s.pieces[0]) + " against " +
                        std::to_string(s.pieces[1]) + " pieces (player 0 against player 1)";
    title += m.present ? ", last move " + m.text : ", no move yet";
    return title;
}

// A piece of `player` centred on (cx, cy) in a cell of side `cell`: a disc with an inner ring
// for player 0, a square with an inner square for player 1.
void draw_piece(Svg &svg, int player, double cx, double cy, double cell, const std::string &cls,
                const std::string &square, bool ghost) {
    const double stroke = std::max(1.0, cell * 0.05);
    const std::string opacity = ghost ? "0.35" : "1";
    const char *dash = ghost ? "3 2" : "none";
    if (player == 0) {
        const double r = cell * 0.38;
        svg.circle(cx, cy, r,
                   {{"class", cls},
                    {"data-square", square},
                    {"fill", style::piece_fill[0]},
                    {"stroke", style::piece_stroke[0]},
                    {"stroke-width", stroke},
                    {"stroke-dasharray", dash},
                    {"opacity", opacity}});
        svg.circle(cx, cy, r * 0.55,
                   {{"class", "mark"},
                    {"fill", "none"},
                    {"stroke", style::piece_mark[0]},
                    {"stroke-width", stroke},
                    {"opacity", opacity}});
    } else {
        const double side = cell * 0.68;
        svg.rect(cx - side / 2, cy - side / 2, side, side,
                 {{"class", cls},
                  {"data-square", square},
                  {"rx", cell * 0.08},
                  {"fill", style::piece_fill[1]},
                  {"stroke", style::piece_stroke[1]},
                  {"stroke-width", stroke},
                  {"stroke-dasharray", dash},
                  {"opacity", opacity}});
        const double inner = side * 0.5;
        svg.rect(cx - inner / 2, cy - inner / 2, inner, inner,
                 {{"class", "mark"},
                  {"fill", "none"},
                  {"stroke", style::piece_mark[1]},
                  {"stroke-width", stroke},
                  {"opacity", opacity}});
    }
}

}  // namespace

std::string PetteiaRules::render_svg(const Options &o, const State &s, const LastMove<State> &last,
                                     const json &render_options) {
    const Layout l = layout(render::resolve(svg_specs(), render_options), o.rows, o.cols);
    if (!l.pieces) return empty_board_svg(l, board_name(o), true);
    const Geometry &g = l.g;
    const MoveInfo m = move_info(o, last);
    Svg svg(l.width, l.height, title_of(o, s, m));
    draw_board(svg, l, true);
    if (m.present) draw_last_move(svg, l, m.from, m.to, PetteiaRules::action_text(o, last.action));

    // The pieces, then the captured ones faintly.
    svg.open("g", {{"class", "pieces"}});
    for (int sq = 0; sq < o.rows * o.cols; ++sq) {
        const int owner = s.cells[sq];
        if (owner == State::empty) continue;
        draw_piece(svg, owner, g.cx(sq), g.cy(sq), g.cell, owner == 0 ? "piece player0" : "piece player1",
                   square_name(o, sq), false);
    }
    for (int sq : m.captured)
        draw_piece(svg, 1 - m.player, g.cx(sq), g.cy(sq), g.cell,
                   1 - m.player == 0 ? "captured player0" : "captured player1", square_name(o, sq), true);
    svg.close();

    draw_status(svg, l, s.result, s.to_move, status_phrase(s), m.present ? m.text : "",
                [&](double cx, double cy, double size, int player) {
                    draw_piece(svg, player, cx, cy, size, player == 0 ? "icon player0" : "icon player1", "", false);
                });
    return svg.finish();
}

std::string PetteiaRules::render_text(const Options &o, const State &s, const LastMove<State> &last,
                                      const json &render_options) {
    const json r = render::resolve(text_specs(), render_options);
    const MoveInfo m = move_info(o, last);

    std::string out =
        "Petteia " + std::to_string(o.rows) + "x" + std::to_string(o.cols) + ": " + status_phrase(s) + "\n";
    out += text_board(o.rows, o.cols, r, [&](int sq) {
        if (s.cells[sq] != State::empty) return static_cast<char>('0' + s.cells[sq]);
        return std::find(m.captured.begin(), m.captured.end(), sq) != m.captured.end() ? 'x' : '.';
    });
    out +=
        "pieces: player 0 (0) " + std::to_string(s.pieces[0]) + ", player 1 (1) " + std::to_string(s.pieces[1]) + "\n";
    if (m.present) {
        out += "last move: " + m.text + " (player " + std::to_string(m.player) + ")";
        if (!m.captured.empty()) out += "; x marks a captured piece";
        out += "\n";
    }
    return out;
}

json PetteiaRules::render_options() { return square_board::render_options(); }

namespace {

// Pictures are drawn from the cell representation: the bitboard game converts.
template <class Render>
std::string render_from_cells(const PetteiaBitRules::State &s, const LastMove<PetteiaBitRules::State> &last,
                              Render render) {
    const PetteiaState now = PetteiaBitRules::to_cells(s);
    if (last.before == nullptr) return render(now, LastMove<PetteiaState>{});
    const PetteiaState before = PetteiaBitRules::to_cells(*last.before);
    return render(now, LastMove<PetteiaState>{&before, last.action});
}

}  // namespace

std::string PetteiaBitRules::render_svg(const Options &o, const State &s, const LastMove<State> &last,
                                        const json &render_options) {
    return render_from_cells(s, last, [&](const PetteiaState &c, const LastMove<PetteiaState> &l) {
        return PetteiaRules::render_svg(o, c, l, render_options);
    });
}

std::string PetteiaBitRules::render_text(const Options &o, const State &s, const LastMove<State> &last,
                                         const json &render_options) {
    return render_from_cells(s, last, [&](const PetteiaState &c, const LastMove<PetteiaState> &l) {
        return PetteiaRules::render_text(o, c, l, render_options);
    });
}

}  // namespace ludus
