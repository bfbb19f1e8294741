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

#include "board_picture.hpp"
#include "latrunculi.hpp"

namespace ludus {

namespace {

using namespace board_picture;

// What stood on each square, for drawing: -1 empty, else player * 2 + (dux ? 1 : 0).
template <class State>
int piece_at(const State &s, int sq) {
    const int owner = s.owner(sq);
    return owner < 0 ? -1 : owner * 2 + (s.is_dux(sq) ? 1 : 0);
}

PieceLook look_of(int piece, bool ghost = false) { return {piece / 2, piece % 2 == 1, false, ghost}; }

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
    if (s.result != Result::ongoing) return render::result_phrase(s.result, s.end_reason, s.to_move);
    if (s.placing())
        return render::player_name(s.to_move) + " to place a " + (s.men_in_hand[s.to_move] > 0 ? "man" : "dux");
    return render::player_name(s.to_move) + (s.again >= 0 ? " moves again" : " to move");
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

// The pieces still to place, for the title: "" once they are all on the board.
template <class State>
std::string in_hand(const State &s) {
    if (!s.placing()) return "";
    std::string out = ", in hand";
    for (int p = 0; p < 2; ++p) {
        out += (p == 0 ? ": " : ", ") + render::player_name(p) + " " + std::to_string(s.men_in_hand[p]) +
               (s.men_in_hand[p] == 1 ? " man" : " men");
        if (s.dux_in_hand[p] != 0) out += " and the dux";
    }
    return out;
}

}  // namespace

template <class BB>
std::string LatrunculiRulesT<BB>::render_svg(const Options &o, const State &s, const LastMove<State> &last,
                                             const json &render_options) {
    const Layout l = layout(render::resolve(svg_specs(), render_options), o.rows, o.cols, s.placing());
    if (!l.pieces) return empty_board_svg(l, "Ludus Latrunculorum (" + std::string(o.rules->name) + ")", false);
    const MoveInfo m = move_info<LatrunculiRulesT>(o, last);
    std::string title =
        "Ludus Latrunculorum (" + std::string(o.rules->name) + "), " + status_phrase(s) + ", " + counts(s) + in_hand(s);
    title += m.present ? ", last move " + m.text : ", no move yet";
    Svg svg(l.width, l.height, title);
    draw_board(svg, l, false);
    if (m.present && m.to >= 0) draw_last_move(svg, l, m.from, m.to, action_text(o, last.action));
    svg.open("g", {{"class", "pieces"}});
    for (int sq = 0; sq < o.rows * o.cols; ++sq) {
        const int piece = piece_at(s, sq);
        if (piece >= 0)
            draw_piece(svg, look_of(piece), l.g.cx(sq), l.g.cy(sq), l.g.cell,
                       std::string("piece ") + player_class(piece / 2), square_name(o, sq));
    }
    for (const auto &[sq, piece] : m.captured)
        draw_piece(svg, look_of(piece, true), l.g.cx(sq), l.g.cy(sq), l.g.cell,
                   std::string("captured ") + player_class(piece / 2), square_name(o, sq));
    svg.close();
    if (s.placing()) draw_hands(svg, l, {s.men_in_hand[0], s.men_in_hand[1]}, {s.dux_in_hand[0], s.dux_in_hand[1]});
    draw_status(svg, l, s.result, s.to_move, status_phrase(s), m.present ? m.text : "");
    return svg.finish();
}

template <class BB>
std::string LatrunculiRulesT<BB>::render_text(const Options &o, const State &s, const LastMove<State> &last,
                                              const json &render_options) {
    const json r = render::resolve(text_specs(), render_options);
    const MoveInfo m = move_info<LatrunculiRulesT>(o, last);
    std::string out = "Ludus Latrunculorum (" + std::string(o.rules->name) + "): " + status_phrase(s) + "\n";
    static constexpr char glyph[4] = {'0', 'D', '1', 'd'};
    out += text_board(o.rows, o.cols, r, [&](int sq) {
        const int piece = piece_at(s, sq);
        if (piece >= 0) return glyph[piece];
        return std::any_of(m.captured.begin(), m.captured.end(), [&](const auto &x) { return x.first == sq; }) ? 'x'
                                                                                                               : '.';
    });
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

template <class BB>
json LatrunculiRulesT<BB>::render_options() {
    return square_board::render_options();
}

#define LUDUS_LATRUNCULI_RENDER(BB)                                                                                    \
  template std::string LatrunculiRulesT<BB>::render_svg(const Options &, const State &, const LastMove<State> &,       \
                                                        const json &);                                                 \
  template std::string LatrunculiRulesT<BB>::render_text(const Options &, const State &, const LastMove<State> &,      \
                                                         const json &);                                                \
  template json LatrunculiRulesT<BB>::render_options();
LUDUS_LATRUNCULI_RENDER(uint64_t)
LUDUS_LATRUNCULI_RENDER(u128)

}  // namespace ludus
