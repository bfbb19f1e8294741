// Pictures of a position of Senet, after the surviving boards (Tutankhamun's, the Metropolitan
// Museum's of Amenhotep III): three rows of ten squares, the path running along the top row from
// the left, back along the middle row and along the bottom row to the right; the marked squares
// drawn simply: 15 the ankh (the house of rebirth), 26 the nefer sign (beauty), 27 the water
// (wavy lines), 28 three strokes, 29 two strokes, 30 the sun disc. The pieces, the trays (in
// hand, only in Piccione's rules, whose pieces enter from it; borne off) and the status line are
// the race games' (render/race_board).
//
// SVG hooks: <rect class="cell|cell marked" data-cell="15">, <g class="sign" data-sign="ankh">,
// <g class="unit player0" data-cell data-position>, <g class="hand|off player1" data-count>,
// the last move's squares <rect class="last-move from|to" data-position>, <g class="status"
// data-to-move data-phase data-result data-ruleset data-roll>.
#include <algorithm>
#include <array>
#include <string>

#include "../history.hpp"
#include "../render/race_board.hpp"
#include "../render/render_options.hpp"
#include "../render/svg.hpp"
#include "senet.hpp"

namespace ludus {

namespace {

using render::Svg;
using S = SenetState;
using R = SenetRules;
namespace style = render::style;

constexpr auto *svg_specs = &render::race_svg_specs;
constexpr auto *text_specs = &render::race_text_specs;

// The left edge of column 0..9: the ten squares centred where the race layout has its twelve.
double column_x(const render::RaceLayout &L, int column) { return L.margin + L.gap / 2 + (column + 1) * L.cell; }

const char *sign_name(int square) {
    switch (square) {
    case 15: return "ankh";
    case 26: return "nefer";
    case 27: return "water";
    case 28: return "three";
    case 29: return "two";
    case 30: return "sun";
    default: return "";
    }
}

char sign_letter(int square) {
    switch (square) {
    case 15: return '+';
    case 27: return '~';
    default: return '*';
    }
}

// The square's sign in ink, under the pieces.
void draw_sign(Svg &svg, double x, double y, double c, int square) {
    const double mx = x + c / 2, my = y + c / 2, w = std::max(1.0, c * 0.05);
    const render::Attr ink{"stroke", style::muted_ink};
    svg.open("g", {{"class", "sign"}, {"data-sign", sign_name(square)}, {"fill", "none"}, {"stroke-width", w}});
    switch (square) {
    case 15:  // the ankh: a loop over a cross
        svg.element("ellipse", {{"cx", mx}, {"cy", my - c * 0.2}, {"rx", c * 0.1}, {"ry", c * 0.13}, ink});
        svg.line(mx - c * 0.2, my - c * 0.04, mx + c * 0.2, my - c * 0.04, {ink});
        svg.line(mx, my - c * 0.07, mx, my + c * 0.32, {ink});
        break;
    case 26:  // nefer: a heart with the windpipe rising from it
        svg.circle(mx, my + c * 0.14, c * 0.14, {ink});
        svg.line(mx, my, mx, my - c * 0.32, {ink});
        svg.line(mx - c * 0.1, my - c * 0.16, mx + c * 0.1, my - c * 0.16, {ink});
        break;
    case 27:  // water: three wavy lines
        for (int i = -1; i <= 1; ++i) {
            std::string d = "M " + render::num(x + c * 0.18) + " " + render::num(my + i * c * 0.18);
            for (int k = 0; k < 4; ++k)
                d += " l " + render::num(c * 0.08) + " " + render::num(k % 2 ? c * 0.08 : -c * 0.08);
            svg.element("path", {{"d", d}, ink});
        }
        break;
    case 28:
    case 29:  // three or two strokes
        for (int i = 0; i < 31 - square; ++i) {
            const double sx = mx + (i - (30 - square) / 2.0) * c * 0.18;
            svg.line(sx, my - c * 0.25, sx, my + c * 0.25, {ink});
        }
        break;
    case 30:  // the sun disc
        svg.circle(mx, my, c * 0.22, {ink});
        svg.circle(mx, my, c * 0.05, {{"fill", style::muted_ink}});
        break;
    default: break;
    }
    svg.close();
}

render::RaceStep step_info(const SenetOptions &o, const LastMove<S> &last) {
    render::RaceStep m = render::race_step<R>(o, last);
    if (m.present && !m.pass) m.captured = R::action_json(o, *last.before, last.action)["captures"].get<int>();
    return m;
}

std::string step_phrase(const render::RaceStep &m) {
    if (!m.present) return "no move yet";
    return m.text + " by " + render::player_name(m.player) + (m.captured ? ", capturing a piece" : "");
}

std::string throw_phrase(const S &s) {
    std::string text;
    for (int i = 0; i < s.n_dice; ++i) text.append(i ? " " : "").append(std::to_string(s.dice[i]));
    return text + " (counts " + std::to_string(s.roll) + ")";
}

std::string status_phrase(const S &s) {
    // Bell's game may end drawn, which the shared phrases do not word.
    if (s.result == Result::draw)
        return "drawn: every piece borne off or taken, " + std::to_string(s.borne_off[0]) + " borne off each";
    if (s.result != Result::ongoing) return render::result_phrase(s.result, s.end_reason, s.to_move);
    std::string who = render::player_name(s.to_move);
    if (s.n_dice == 0) return who + (s.opening ? " to throw (the opening)" : " to throw");
    return who + " to move with " + throw_phrase(s) +
           (s.steps_left != 0 && s.steps_left != s.roll ? ", " + std::to_string(s.steps_left) + " steps left" : "");
}

std::string tray_phrase(const S &s, int p) {
    return std::to_string(s.in_hand[static_cast<size_t>(p)]) + " in hand, " + std::to_string(R::on_board(s, p)) +
           " on the board, " + std::to_string(s.borne_off[static_cast<size_t>(p)]) + " borne off";
}

std::string game_title(const SenetOptions &o) { return std::string("Senet (") + R::ruleset_name(o.ruleset) + ")"; }

}  // namespace

std::string SenetRules::render_svg(const Options &o, const State &s, const LastMove<State> &last,
                                   const json &render_options) {
    const json r = render::resolve(svg_specs(), render_options);
    const double width = r["size"].get<int>();
    const render::RaceStep m = step_info(o, last);
    render::RaceLayout L(width, r["words"].get<bool>(), r["positions"].get<bool>(), r["pieces"].get<bool>());
    const double c = L.cell;
    // The trays along the ten squares, in hand by the first five, borne off by the last five (along
    // the race layout's twelve columns they overhung the board's ends, turned on a tablet below it).
    L.tray_x[0] = column_x(L, 0);
    L.tray_x[1] = column_x(L, 5) + L.gap / 2;
    L.tray_width = 5 * c - L.gap / 2;
    std::string title = game_title(o);
    if (L.pieces) {
        title += ", " + status_phrase(s);
        for (int p = 0; p < 2; ++p) title += ", " + render::player_name(p) + " " + tray_phrase(s, p);
        title += ", last move " + step_phrase(m);
    }
    Svg svg(width, L.height, L.pieces ? title : render::empty_board_title(game_title(o)));
    svg.rect(0, 0, width, L.height, {{"class", "background"}, {"fill", style::background}});

    svg.open("g", {{"class", "board"}});
    svg.rect(column_x(L, 0) - c * 0.12, L.y(0) - c * 0.12, c * 10.24, c * 3.24,
             {{"class", "frame"}, {"fill", style::board_dark}, {"stroke", style::board_edge}, {"rx", c * 0.08}});
    for (int k = 1; k <= 30; ++k) {
        const double x = column_x(L, column_of(k)), y = L.y(row_of(k));
        const char *cls = is_marked(k) ? "cell marked" : "cell";
        if (L.positions)  // both players name the square by its number
            svg.rect(x, y, c, c,
                     {{"class", cls},
                      {"data-cell", std::to_string(k)},
                      {"data-position0", k},
                      {"data-position1", k},
                      {"fill", style::board_light},
                      {"stroke", style::board_edge},
                      {"stroke-width", L.stroke}});
        else
            svg.rect(x, y, c, c,
                     {{"class", cls},
                      {"data-cell", std::to_string(k)},
                      {"fill", style::board_light},
                      {"stroke", style::board_edge},
                      {"stroke-width", L.stroke}});
        svg.text("text",
                 {{"class", "cell-name"},
                  {"x", x + c * 0.06},
                  {"y", y + c * 0.2},
                  {"font-size", c * 0.18},
                  {"font-family", style::font},
                  {"fill", style::muted_ink}},
                 std::to_string(k));
        if (is_marked(k)) draw_sign(svg, x, y, c, k);
    }
    svg.close();
    if (!L.pieces) {
        render::draw_empty_trays(svg, L, c * 0.28, R::has_hand(o));
        return svg.finish();
    }

    // A tray only for what the ruleset can hold: no "in hand" where no piece ever is.
    for (int player = 0; player < 2; ++player)
        for (bool off : {false, true}) {
            if (!off && !R::has_hand(o)) continue;
            const int count = off ? s.borne_off[static_cast<size_t>(player)] : s.in_hand[static_cast<size_t>(player)];
            const auto box = L.tray_box(player, off);
            render::open_tray(svg, L, std::string(off ? "off" : "hand") + (player == 0 ? " player0" : " player1"),
                              count, position_name(off ? S::off : S::hand));
            render::draw_tray_frame(svg, L, box, c * 0.28, render::tray_label(player, off, count));
            render::draw_tray_discs(svg, L, box, player, count, box[0] + c * (off ? 1.9 : 2.9));
            svg.close();
        }

    if (m.present && !m.pass) {
        svg.open("g", {{"class", "last-move"}, {"data-move", m.text}, {"data-player", m.player}});
        for (int end = 0; end < 2; ++end) {
            const int k = end == 0 ? m.from : m.to;
            const std::string cls = end == 0 ? "last-move from" : "last-move to";
            if (k == S::hand || k == S::off) {
                render::outline_tray(svg, L, L.tray_box(m.player, k == S::off), cls, position_name(k));
                continue;
            }
            svg.rect(column_x(L, column_of(k)) + L.stroke, L.y(row_of(k)) + L.stroke, c - 2 * L.stroke,
                     c - 2 * L.stroke,
                     {{"class", cls},
                      {"data-position", position_name(k)},
                      {"fill", "none"},
                      {"stroke", style::highlight},
                      {"stroke-width", L.stroke * 2.5}});
        }
        svg.close();
    }

    svg.open("g", {{"class", "units"}});
    for (int k = 1; k <= 30; ++k) {
        const int player = owner(s, k);
        if (player < 0) continue;
        svg.open("g", {{"class", player == 0 ? "unit player0" : "unit player1"},
                       {"data-cell", std::to_string(k)},
                       {"data-position", position_name(k)},
                       {"data-count", 1}});
        render::draw_stack(svg, player, 1, column_x(L, column_of(k)) + c / 2, L.y(row_of(k)) + c / 2, c * 0.34,
                           (s.returned >> k & 1) != 0);
        svg.close();
    }
    svg.close();

    render::StatusDice dice{.side = c * 0.6, .advance = 1.2 * (o.ruleset == SenetRuleset::bell ? 1 : 4) + 0.3};
    if (s.result == Result::ongoing && s.n_dice != 0) {
        dice.count = s.n_dice;
        for (int i = 0; i < s.n_dice; ++i) dice.values[static_cast<size_t>(i)] = s.dice[static_cast<size_t>(i)];
    }
    const int shown = s.result == Result::player0_won ? 0 : s.result == Result::player1_won ? 1 : s.to_move;
    const std::string words = s.result != Result::ongoing ? status_phrase(s)
                              : s.n_dice == 0             ? render::player_name(s.to_move) + " to throw"
                                              : render::player_name(s.to_move) + " to move " + std::to_string(s.roll);
    render::draw_status_line(
        svg, L, s, phase(s), s.result == Result::draw ? -1 : shown, dice, words, step_phrase(m),
        {{"data-ruleset", ruleset_name(o.ruleset)}, {"data-roll", s.n_dice ? std::to_string(s.roll) : std::string()}});
    return svg.finish();
}

std::string SenetRules::render_text(const Options &o, const State &s, const LastMove<State> &last,
                                    const json &render_options) {
    render::resolve(text_specs(), render_options);
    const render::RaceStep m = step_info(o, last);
    std::string out = game_title(o) + ": " + status_phrase(s) + "\n";
    for (int row = 0; row < 3; ++row) {
        std::string names, cells;
        for (int column = 0; column < 10; ++column) {
            const int k = row == 1 ? 20 - column : row * 10 + column + 1;
            const std::string n = std::to_string(k);
            names += std::string(4 - n.size(), ' ') + n;
            char ch = is_marked(k) ? sign_letter(k) : '.';
            if (owner(s, k) >= 0) ch = static_cast<char>('a' + owner(s, k));
            cells += std::string(3, ' ') + ch;
        }
        out += names + "\n" + cells + (row == 1 ? "   <- path" : "   -> path") + "\n";
    }
    out += "+ the ankh (15), * a marked square (26, 28-30), ~ the water (27); a = player 0, b = player 1\n";
    for (int p = 0; p < 2; ++p)
        out += render::player_name(p) + " (" + static_cast<char>('a' + p) + "): " + tray_phrase(s, p) + "\n";
    out += "last move: " + step_phrase(m) + "\n";
    return out;
}

json SenetRules::render_options() { return render::options_catalogue(svg_specs(), text_specs()); }

}  // namespace ludus
