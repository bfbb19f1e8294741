// Pictures of a position of Schädler's Latrunculi: the board, pieces and status of every
// Latrunculi picture (board_picture.hpp), with each blocked piece (alligatus) crossed through in
// red (class "blocked"), the pieces the last move blocked ringed, and a removed piece drawn
// faintly where it stood. Stable hooks as for the other rulesets, plus
//   <... class="piece player0 man blocked" data-square="d4"/>, <... class="removed player1 man" data-square="e5"/>
#include <string>

#include "board_picture.hpp"
#include "schaedler.hpp"

namespace ludus {

namespace {

using namespace board_picture;

struct MoveInfo {
    bool present = false;
    int player = 0, from = -1, to = -1, removed = -1;
    uint64_t blocks = 0;
    std::string text;
};

MoveInfo move_info(const SchaedlerOptions &o, const LastMove<SchaedlerState> &last) {
    using R = SchaedlerRules;
    MoveInfo m;
    if (last.before == nullptr) return m;
    m.present = true;
    m.player = last.before->to_move;
    const Action a = last.action;
    if (a >= R::remove_base) {
        m.removed = a - R::remove_base;
        m.text = "removed the blocked piece on " + R::square_name(o, m.removed);
        return m;
    }
    if (a >= R::place_base) {
        m.to = a - R::place_base;
        m.text = "placed a piece on " + R::square_name(o, m.to);
        return m;
    }
    m.from = a / R::stride;
    m.to = a % R::stride;
    m.text = R::action_text(o, a);
    m.blocks = R::captures_of(o, *last.before, a);
    int i = 0;
    const int n = bits::popcount(m.blocks);
    for (uint64_t b = m.blocks; b != 0; b &= b - 1, ++i)
        m.text += (i == 0 ? " blocked " : i + 1 == n ? " and " : ", ") + R::square_name(o, bits::lowest(b));
    return m;
}

std::string status_phrase(const SchaedlerState &s) {
    if (s.result != Result::ongoing) return render::result_phrase(s.result, s.end_reason, s.to_move);
    return render::player_name(s.to_move) + (s.placing() ? " to place a piece" : " to move");
}

std::string counts(const SchaedlerState &s) {
    std::string out;
    for (int p = 0; p < 2; ++p)
        out += (p == 0 ? "" : " against ") + std::to_string(bits::popcount(s.pieces[p])) + " pieces (" +
               std::to_string(bits::popcount(s.blocked[p])) + " blocked)";
    return out + " (player 0 against player 1)";
}

}  // namespace

std::string SchaedlerRules::render_svg(const Options &o, const State &s, const LastMove<State> &last,
                                       const json &render_options) {
    const Layout l = layout(render::resolve(svg_specs(), render_options), o.rows, o.cols, s.placing());
    if (!l.pieces) return empty_board_svg(l, "Ludus Latrunculorum (" + std::string(o.rules->name) + ")", false);
    const MoveInfo m = move_info(o, last);
    std::string title =
        "Ludus Latrunculorum (" + std::string(o.rules->name) + "), " + status_phrase(s) + ", " + counts(s);
    if (s.placing())
        title += ", in hand: player 0 " + std::to_string(s.in_hand[0]) + ", player 1 " + std::to_string(s.in_hand[1]);
    title += m.present ? ", last move " + m.text : ", no move yet";
    Svg svg(l.width, l.height, title);
    draw_board(svg, l, false);
    if (m.to >= 0) draw_last_move(svg, l, m.from, m.to, action_text(o, last.action));
    svg.open("g", {{"class", "pieces"}});
    for (int sq = 0; sq < o.rows * o.cols; ++sq) {
        const int owner = s.owner(sq);
        if (owner < 0) continue;
        const bool blocked = s.is_blocked(sq);
        draw_piece(svg, {owner, false, blocked, false}, l.g.cx(sq), l.g.cy(sq), l.g.cell,
                   std::string("piece ") + player_class(owner), square_name(o, sq));
        if (bits::test(m.blocks, sq))
            svg.circle(l.g.cx(sq), l.g.cy(sq), l.g.cell * 0.46,
                       {{"class", "just-blocked"},
                        {"data-square", square_name(o, sq)},
                        {"fill", "none"},
                        {"stroke", chain},
                        {"stroke-width", std::max(1.0, l.g.cell * 0.04)},
                        {"stroke-dasharray", "4 3"}});
    }
    if (m.removed >= 0)
        draw_piece(svg, {1 - m.player, false, true, true}, l.g.cx(m.removed), l.g.cy(m.removed), l.g.cell,
                   std::string("removed ") + player_class(1 - m.player), square_name(o, m.removed));
    svg.close();
    if (s.placing()) draw_hands(svg, l, {s.in_hand[0], s.in_hand[1]}, {0, 0});
    draw_status(svg, l, s.result, s.to_move, status_phrase(s), m.present ? m.text : "");
    return svg.finish();
}

std::string SchaedlerRules::render_text(const Options &o, const State &s, const LastMove<State> &last,
                                        const json &render_options) {
    const json r = render::resolve(text_specs(), render_options);
    const MoveInfo m = move_info(o, last);
    std::string out = "Ludus Latrunculorum (" + std::string(o.rules->name) + "): " + status_phrase(s) + "\n";
    static constexpr char free_glyph[2] = {'0', '1'}, blocked_glyph[2] = {'A', 'B'};
    out += text_board(o.rows, o.cols, r, [&](int sq) {
        const int owner = s.owner(sq);
        if (owner >= 0) return s.is_blocked(sq) ? blocked_glyph[owner] : free_glyph[owner];
        return sq == m.removed ? 'x' : '.';
    });
    out += "pieces: " + counts(s) + "; 0/1 free pieces, A/B blocked ones\n";
    if (s.placing())
        out +=
            "in hand: player 0 " + std::to_string(s.in_hand[0]) + ", player 1 " + std::to_string(s.in_hand[1]) + "\n";
    if (m.present) {
        out += "last move: " + m.text + " (player " + std::to_string(m.player) + ")";
        if (m.removed >= 0) out += "; x marks the removed piece";
        out += "\n";
    }
    return out;
}

}  // namespace ludus
