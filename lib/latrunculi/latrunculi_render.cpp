// Pictures of a Latrunculi position: an SVG board and a monospace diagram.
//
// SVG: the board of the ruleset (plain squares, as on the Roman boards), player 0's men as ivory
// discs, player 1's as ebony squares; a dux is its owner's shape, larger, with a gold crown ring
// and a "D" (class "dux"), so it differs from the men in shape and colour, not in hue alone. The
// last move is outlined in blue with a line from its square of departure, and what it captured
// is drawn faintly (dashed). Stable hooks:
//   <rect class="square" data-square="a1"/>, <... class="piece player0 man|dux" data-square="b2"/>
//   <... class="captured player1 man|dux" data-square="c5"/>, <rect class="last-move from|to" data-square/>
//   <text class="coord file|rank">, <g class="status" data-to-move data-result>
#include <algorithm>
#include <string>
#include <vector>

#include "../render/render_options.hpp"
#include "../render/svg.hpp"
#include "latrunculi.hpp"

namespace ludus {

namespace {

using render::Svg;
namespace style = render::style;
constexpr const char *crown = "#c8a23c";

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

// What stood on each square, for drawing: -1 empty, else player * 2 + (dux ? 1 : 0).
template <class State>
int piece_at(const State &s, int sq) {
    const int owner = s.owner(sq);
    return owner < 0 ? -1 : owner * 2 + (s.is_dux(sq) ? 1 : 0);
}

struct MoveInfo {
    bool present = false;
    int player = 0, from = -1, to = -1;
    std::vector<std::pair<int, int>> captured;  // square, piece_at before the move
    std::string text;
};

template <class R>
MoveInfo move_info(const LatrunculiOptions &o, const LastMove<typename R::State> &last) {
    MoveInfo m;
    if (last.before == nullptr) return m;
    m.present = true;
    m.player = last.before->to_move;
    m.text = R::action_text(o, last.action);
    if (last.action == R::pass) {
        m.text = "passed (declined the extra move)";
        return m;
    }
    if (last.action >= R::place_base) {
        m.to = last.action - R::place_base;
        m.text = "placed a " + std::string(last.before->men_in_hand[m.player] > 0 ? "man" : "dux") + " on " + m.text;
        return m;
    }
    m.from = last.action / R::stride;
    m.to = last.action % R::stride;
    auto captured = R::captures_of(o, *last.before, last.action);
    std::vector<int> squares;
    for (; captured != 0; captured &= captured - 1) squares.push_back(bits::lowest(captured));
    for (size_t i = 0; i < squares.size(); ++i) {
        m.captured.emplace_back(squares[i], piece_at(*last.before, squares[i]));
        m.text += (i == 0 ? " captured " : i + 1 == squares.size() ? " and " : ", ") + R::square_name(o, squares[i]);
    }
    return m;
}

template <class State>
std::string status_phrase(const State &s) {
    switch (s.result) {
    case Result::ongoing:
        if (s.placing())
            return render::player_name(s.to_move) + " to place a " + (s.men_in_hand[s.to_move] > 0 ? "man" : "dux");
        return render::player_name(s.to_move) + (s.again >= 0 ? " moves again" : " to move");
    case Result::player0_won: return "player 0 won";
    case Result::player1_won: return "player 1 won";
    case Result::draw: return "drawn";
    }
    return "";
}

template <class State>
std::string counts(const State &s) {
    std::string out;
    for (int p = 0; p < 2; ++p) {
        out += (p == 0 ? "" : " against ") + std::to_string(bits::popcount(s.men[p])) + " men";
        if (s.dux[p] != 0) out += " and the dux";
    }
    return out + " (player 0 against player 1)";
}

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

// A man: a disc (player 0) or a rounded square (player 1) with an inner mark. A dux: the same
// shape, larger, with a gold ring and a "D".
void draw_piece(Svg &svg, int piece, double cx, double cy, double cell, const std::string &cls, const std::string &square, bool ghost) {
    const int player = piece / 2;
    const bool dux = piece % 2 == 1;
    const double stroke = std::max(1.0, cell * 0.05);
    const std::string opacity = ghost ? "0.35" : "1";
    const char *dash = ghost ? "3 2" : "none";
    const std::string klass = cls + (dux ? " dux" : " man");
    const double size = dux ? 0.86 : 0.72;
    if (player == 0) {
        svg.circle(cx, cy, cell * size / 2,
                   {{"class", klass}, {"data-square", square}, {"fill", style::piece_fill[0]}, {"stroke", style::piece_stroke[0]},
                    {"stroke-width", stroke}, {"stroke-dasharray", dash}, {"opacity", opacity}});
    } else {
        const double side = cell * size * 0.94;
        svg.rect(cx - side / 2, cy - side / 2, side, side,
                 {{"class", klass}, {"data-square", square}, {"rx", cell * 0.08}, {"fill", style::piece_fill[1]},
                  {"stroke", style::piece_stroke[1]}, {"stroke-width", stroke}, {"stroke-dasharray", dash}, {"opacity", opacity}});
    }
    if (dux) {
        svg.circle(cx, cy, cell * 0.3, {{"class", "crown"}, {"fill", "none"}, {"stroke", crown}, {"stroke-width", stroke * 1.6}, {"opacity", opacity}});
        svg.label(cx, cy, cell * 0.32, "D", {{"class", "dux-letter"}, {"fill", crown}, {"font-weight", "bold"}, {"opacity", opacity}});
    } else {
        svg.circle(cx, cy, cell * 0.2, {{"class", "mark"}, {"fill", "none"}, {"stroke", style::piece_mark[player]}, {"stroke-width", stroke}, {"opacity", opacity}});
    }
}

const char *player_class(int piece) { return piece / 2 == 0 ? "player0" : "player1"; }

}  // namespace

template <class BB>
std::string LatrunculiRulesT<BB>::render_svg(const Options &o, const State &s, const LastMove<State> &last, const json &render_options) {
    const json r = render::resolve(svg_specs(), render_options);
    const double width = r["size"].get<int>();
    const bool coordinates = r["coordinates"].get<bool>();
    const MoveInfo m = move_info<LatrunculiRulesT>(o, last);

    const double margin = width * (coordinates ? 0.06 : 0.025);
    Geometry g{(width - 2 * margin) / std::max(o.rows, o.cols), 0, margin, o.rows, o.cols, r["orientation"].get<int>()};
    g.x0 = (width - g.cell * o.cols) / 2;
    const double status_height = width * 0.085;
    const double board_bottom = g.y0 + g.cell * o.rows;
    const double height = board_bottom + (coordinates ? margin : margin * 0.6) + status_height;

    std::string title = "Ludus Latrunculorum (" + std::string(o.rules->name) + "), " + status_phrase(s) + ", " + counts(s);
    title += m.present ? ", last move " + m.text : ", no move yet";
    Svg svg(width, height, title);
    svg.rect(0, 0, width, height, {{"class", "background"}, {"fill", style::background}});
    const double edge = std::max(1.5, g.cell * 0.06);
    svg.rect(g.x0 - edge / 2, g.y0 - edge / 2, g.cell * o.cols + edge, g.cell * o.rows + edge,
             {{"class", "board"}, {"fill", style::board_light}, {"stroke", style::board_edge}, {"stroke-width", edge}});
    svg.open("g", {{"class", "squares"}, {"fill", "none"}, {"stroke", style::board_dark}, {"stroke-width", std::max(1.0, g.cell * 0.03)}});
    for (int sq = 0; sq < o.rows * o.cols; ++sq)
        svg.rect(g.left(sq), g.top(sq), g.cell, g.cell, {{"class", "square"}, {"data-square", square_name(o, sq)}});
    svg.close();

    if (coordinates) {
        const double font = std::min(g.cell * 0.45, margin * 0.62);
        svg.open("g", {{"class", "coordinates"}, {"fill", style::muted_ink}, {"font-family", style::font}});
        for (int f = 0; f < o.cols; ++f)
            svg.label(g.cx(f), board_bottom + margin * 0.5, font, std::string(1, static_cast<char>('a' + f)), {{"class", "coord file"}});
        for (int rank = 0; rank < o.rows; ++rank)
            svg.label(g.x0 - margin * 0.5, g.cy(rank * o.cols), font, std::to_string(rank + 1), {{"class", "coord rank"}});
        svg.close();
    }

    if (m.present && m.to >= 0) {
        const double w = std::max(1.5, g.cell * 0.07);
        svg.open("g", {{"class", "last-move"}, {"data-move", action_text(o, last.action)}});
        if (m.from >= 0)
            svg.line(g.cx(m.from), g.cy(m.from), g.cx(m.to), g.cy(m.to),
                     {{"class", "last-move path"}, {"stroke", style::highlight}, {"stroke-width", w}, {"stroke-linecap", "round"}, {"opacity", "0.55"}});
        for (int sq : {m.from, m.to}) {
            if (sq < 0) continue;
            svg.rect(g.left(sq) + w / 2, g.top(sq) + w / 2, g.cell - w, g.cell - w,
                     {{"class", sq == m.from ? "last-move from" : "last-move to"}, {"data-square", square_name(o, sq)}, {"fill", "none"},
                      {"stroke", style::highlight}, {"stroke-width", w}});
        }
        svg.close();
    }

    svg.open("g", {{"class", "pieces"}});
    for (int sq = 0; sq < o.rows * o.cols; ++sq) {
        const int piece = piece_at(s, sq);
        if (piece >= 0) draw_piece(svg, piece, g.cx(sq), g.cy(sq), g.cell, std::string("piece ") + player_class(piece), square_name(o, sq), false);
    }
    for (const auto &[sq, piece] : m.captured)
        draw_piece(svg, piece, g.cx(sq), g.cy(sq), g.cell, std::string("captured ") + player_class(piece), square_name(o, sq), true);
    svg.close();

    const double sy = height - status_height / 2, font = status_height * 0.36;
    const int shown = s.result == Result::player0_won ? 0 : s.result == Result::player1_won ? 1 : s.result == Result::draw ? -1 : s.to_move;
    svg.open("g", {{"class", "status"},
                   {"data-to-move", s.result == Result::ongoing ? std::to_string(s.to_move) : std::string("-1")},
                   {"data-result", result_name(s.result)},
                   {"font-family", style::font},
                   {"fill", style::ink}});
    const double icon = status_height * 0.62;
    double text_x = margin;
    if (shown >= 0) {
        draw_piece(svg, 2 * shown, margin + icon / 2, sy, icon, std::string("icon ") + player_class(2 * shown), "", false);
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

template <class BB>
std::string LatrunculiRulesT<BB>::render_text(const Options &o, const State &s, const LastMove<State> &last, const json &render_options) {
    const json r = render::resolve(text_specs(), render_options);
    const int orientation = r["orientation"].get<int>();
    const bool coordinates = r["coordinates"].get<bool>();
    const MoveInfo m = move_info<LatrunculiRulesT>(o, last);
    std::vector<int> files, ranks;
    for (int i = 0; i < o.cols; ++i) files.push_back(orientation == 0 ? i : o.cols - 1 - i);
    for (int i = 0; i < o.rows; ++i) ranks.push_back(orientation == 0 ? o.rows - 1 - i : i);

    std::string out = "Ludus Latrunculorum (" + std::string(o.rules->name) + "): " + status_phrase(s) + "\n";
    std::string letters = "   ";
    for (int f : files) letters += std::string(" ") + static_cast<char>('a' + f);
    letters += "\n";
    if (coordinates) out += letters;
    static constexpr char glyph[4] = {'0', 'D', '1', 'd'};
    for (int rank : ranks) {
        std::string number = std::to_string(rank + 1);
        if (number.size() < 2) number = " " + number;
        if (coordinates) out += number + " ";
        for (int f : files) {
            const int sq = rank * o.cols + f, piece = piece_at(s, sq);
            char c = piece >= 0 ? glyph[piece] : '.';
            if (piece < 0 && std::any_of(m.captured.begin(), m.captured.end(), [&](const auto &x) { return x.first == sq; })) c = 'x';
            out += ' ';
            out += c;
        }
        out += coordinates ? "  " + std::to_string(rank + 1) + "\n" : std::string("\n");
    }
    if (coordinates) out += letters;
    out += "pieces: " + counts(s) + "; 0/1 men, D/d the duxes\n";
    if (s.placing())
        out += "in hand: player 0 " + std::to_string(s.men_in_hand[0] + s.dux_in_hand[0]) + ", player 1 " +
               std::to_string(s.men_in_hand[1] + s.dux_in_hand[1]) + "\n";
    if (m.present) {
        out += "last move: " + m.text + " (player " + std::to_string(m.player) + ")";
        if (!m.captured.empty()) out += "; x marks a captured piece";
        out += "\n";
    }
    return out;
}

#define LUDUS_LATRUNCULI_RENDER(BB)                                                                                                    \
    template std::string LatrunculiRulesT<BB>::render_svg(const Options &, const State &, const LastMove<State> &, const json &); \
    template std::string LatrunculiRulesT<BB>::render_text(const Options &, const State &, const LastMove<State> &, const json &);
LUDUS_LATRUNCULI_RENDER(uint64_t)
LUDUS_LATRUNCULI_RENDER(u128)

}  // namespace ludus
