#include "race_board.hpp"

#include <algorithm>
#include <vector>

#include "render_options.hpp"

namespace ludus::render {

const std::vector<OptionSpec> &race_svg_specs() {
    static const std::vector<OptionSpec> specs = {size_spec(), words_spec(), positions_spec(), pieces_spec()};
    return specs;
}

const std::vector<OptionSpec> &race_text_specs() {
    static const std::vector<OptionSpec> specs = {};
    return specs;
}

RaceLayout::RaceLayout(double width, bool with_words, bool with_positions, bool with_pieces)
    : words(with_words), positions(with_positions), pieces(with_pieces) {
    cell = width / 13.6;
    gap = 0.4 * cell;  // the halves apart, yet the turned board (12 cells and the gap tall) keeps 44 px cells on a
                       // 360x740 phone
    margin = 0.5 * cell;
    stroke = std::max(1.0, cell * 0.04);
    tray_height = 1.1 * cell;
    tray_top[1] = 0.25 * cell;
    board_top = tray_top[1] + tray_height + 0.3 * cell;
    tray_top[0] = board_top + 3 * cell + 0.3 * cell;
    status_top = tray_top[0] + tray_height + 0.2 * cell;
    status_height = words && pieces ? 1.3 * cell : 0;
    height = status_height > 0 ? status_top + status_height + 0.2 * cell : status_top;
    tray_x[0] = x(0);
    tray_x[1] = x(6);
    tray_width = 6 * cell;
}

std::array<double, 4> RaceLayout::tray_box(int player, bool off) const {
    return {tray_x[off ? 1 : 0], tray_top[player], tray_width, tray_height};
}

void draw_board_halves(Svg &svg, const RaceLayout &L) {
    const double s = L.stroke;
    for (int half = 0; half < 2; ++half)
        svg.rect(L.x(half * 6) - s * 2, L.y(0) - s * 2, 6 * L.cell + s * 4, 3 * L.cell + s * 4,
                 {{"class", "half"}, {"fill", style::board_edge}, {"rx", s * 2}});
}

void draw_cell(Svg &svg, const RaceLayout &L, int row, int col, const std::string &cls, const std::string &name,
               const std::array<std::string, 2> &positions) {
    const char *fill = row == 1 ? "#dcc493" : style::board_light;
    if (L.positions)
        svg.rect(L.x(col), L.y(row), L.cell, L.cell,
                 {{"class", cls},
                  {"data-cell", name},
                  {"data-position0", positions[0]},
                  {"data-position1", positions[1]},
                  {"fill", fill},
                  {"stroke", style::board_edge},
                  {"stroke-width", L.stroke}});
    else
        svg.rect(L.x(col), L.y(row), L.cell, L.cell,
                 {{"class", cls},
                  {"data-cell", name},
                  {"fill", fill},
                  {"stroke", style::board_edge},
                  {"stroke-width", L.stroke}});
}

void open_tray(Svg &svg, const RaceLayout &L, const std::string &cls, int count, const std::string &position) {
    if (L.positions)
        svg.open("g", {{"class", cls}, {"data-count", count}, {"data-tray-position", position}});
    else
        svg.open("g", {{"class", cls}, {"data-count", count}});
}

void draw_cell_name(Svg &svg, const RaceLayout &L, int row, int col, const std::string &name) {
    svg.text("text",
             {{"class", "inscription"},
              {"x", L.x(col) + L.cell * 0.08},
              {"y", L.y(row) + L.cell * 0.2},
              {"font-size", L.cell * 0.24},
              {"font-family", style::serif},
              {"fill", style::muted_ink}},
             name);
}

std::string tray_label(int player, bool off, int count) {
    std::string label = "P";  // appended, not "P" + ...: GCC 12 warns (-Wrestrict) on a literal + a temporary string
    label += std::to_string(player);
    label += off ? " off " : " hand ";
    label += std::to_string(count);
    return label;
}

void draw_tray_frame(Svg &svg, const RaceLayout &L, const std::array<double, 4> &box, double font_size,
                     const std::string &label) {
    svg.rect(box[0], box[1], box[2], box[3],
             {{"class", "tray"},
              {"fill", "none"},
              {"stroke", style::muted_ink},
              {"stroke-width", L.stroke},
              {"stroke-dasharray", "4 3"},
              {"rx", L.cell * 0.12}});
    if (!L.words) return;
    svg.text("text",
             {{"class", "tray-label"},
              {"x", box[0] + L.cell * 0.15},
              {"y", box[1] + box[3] / 2},
              {"font-size", font_size},
              {"font-family", style::font},
              {"dominant-baseline", "central"},
              {"fill", style::ink}},
             label);
}

void draw_empty_trays(Svg &svg, const RaceLayout &L, double font_size, bool hand) {
    for (int player = 0; player < 2; ++player)
        for (bool off : {false, true}) {
            if (!off && !hand) continue;
            const char *name = off ? "off" : "hand";
            svg.open("g", {{"class", std::string(name) + (player == 0 ? " player0" : " player1")}});
            // Appended piece by piece: g++ 12 at -O3 warns falsely (-Wrestrict) on "P" + std::to_string(...).
            std::string label = player == 0 ? "P0 " : "P1 ";
            label += name;
            draw_tray_frame(svg, L, L.tray_box(player, off), font_size, label);
            svg.close();
        }
}

void draw_tray_disc(Svg &svg, const RaceLayout &L, int player, double cx, double cy, const std::string &cls,
                    const char *stroke) {
    svg.circle(cx, cy, L.cell * 0.2,
               {{"class", cls}, {"fill", style::piece_fill[player]}, {"stroke", stroke}, {"stroke-width", L.stroke}});
}

void draw_tray_discs(Svg &svg, const RaceLayout &L, const std::array<double, 4> &box, int player, int count,
                     double first) {
    const double spacing = std::min(L.cell * 0.4, (box[0] + box[2] - L.cell * 0.3 - first) / std::max(1, count - 1));
    for (int i = 0; i < count; ++i)
        draw_tray_disc(svg, L, player, first + i * spacing, box[1] + box[3] / 2, "disc", style::piece_stroke[player]);
}

void draw_stack(Svg &svg, int player, int count, double cx, double cy, double radius, bool ring_single) {
    const int shown = std::min(count, 5);
    const double step = radius * 0.22, stroke = std::max(1.0, radius * 0.12);
    for (int i = 0; i < shown; ++i)
        svg.circle(cx, cy + (shown - 1) * step / 2 - i * step, radius,
                   {{"class", "disc"},
                    {"fill", style::piece_fill[player]},
                    {"stroke", style::piece_stroke[player]},
                    {"stroke-width", stroke}});
    const double top = cy - (shown - 1) * step / 2;
    if (count >= 2)
        svg.label(cx, top, radius * 1.05, std::to_string(count),
                  {{"class", "count"},
                   {"font-weight", "bold"},
                   {"font-family", style::font},
                   {"fill", style::piece_fill[1 - player]}});
    else if (ring_single)
        svg.circle(
            cx, top, radius * 0.55,
            {{"class", "mark"}, {"fill", "none"}, {"stroke", style::piece_mark[player]}, {"stroke-width", stroke}});
}

namespace {
constexpr const char *route_ink = "#9a3b22";  // red ochre, as the painted letters of the stone boards
}  // namespace

void draw_route_stretch(Svg &svg, const RaceLayout &L, int row, int first_col, int last_col,
                        const std::string &letter) {
    const double dir = last_col >= first_col ? 1 : -1;
    const double start = dir > 0 ? L.x(first_col) : L.x(first_col) + L.cell;
    const double end = dir > 0 ? L.x(last_col) + L.cell : L.x(last_col);
    // The letter in the first cell's top right corner, the arrow along the bottom: the corners
    // a disc leaves free, away from the cell's name (top left, or top right when an app turns
    // the board a quarter).
    svg.text("text",
             {{"class", "route-letter"},
              {"x", L.x(first_col) + L.cell * 0.8},
              {"y", L.y(row) + L.cell * 0.22},
              {"font-size", L.cell * 0.3},
              {"font-weight", "bold"},
              {"font-family", style::serif},
              {"text-anchor", "middle"},
              {"dominant-baseline", "central"},
              {"fill", route_ink}},
             letter);
    const double line_y = L.y(row) + L.cell * 0.9, head = L.cell * 0.1, width = std::max(1.0, L.cell * 0.045);
    const double from = start + dir * L.cell * 0.1, to = end - dir * L.cell * 0.06, back = to - dir * head * 1.6;
    svg.line(from, line_y, back, line_y, {{"class", "route-arrow"}, {"stroke", route_ink}, {"stroke-width", width}});
    const std::string points = num(to) + "," + num(line_y) + " " + num(back) + "," + num(line_y - head) + " " +
                               num(back) + "," + num(line_y + head);
    svg.element("polygon", {{"class", "route-head"}, {"points", points}, {"fill", route_ink}});
}

namespace {
double outline_width(const RaceLayout &L) { return std::max(1.5, L.cell * 0.08); }
}  // namespace

void outline_tray(Svg &svg, const RaceLayout &L, const std::array<double, 4> &box, const std::string &cls,
                  const std::string &position) {
    svg.rect(box[0], box[1], box[2], box[3],
             {{"class", cls},
              {"data-position", position},
              {"fill", "none"},
              {"stroke", style::highlight},
              {"stroke-width", outline_width(L)},
              {"rx", L.cell * 0.12}});
}

void outline_cell(Svg &svg, const RaceLayout &L, int row, int col, const std::string &cls,
                  const std::string &position) {
    const double w = outline_width(L);
    svg.rect(L.x(col) + w / 2, L.y(row) + w / 2, L.cell - w, L.cell - w,
             {{"class", cls},
              {"data-position", position},
              {"fill", "none"},
              {"stroke", style::highlight},
              {"stroke-width", w}});
}

namespace {

void draw_player_icon(Svg &svg, const RaceLayout &L, double x, int player) {
    svg.circle(x + L.cell * 0.35, L.status_y(), L.cell * 0.3,
               {{"class", player == 0 ? "icon player0" : "icon player1"},
                {"fill", style::piece_fill[player]},
                {"stroke", style::piece_stroke[player]},
                {"stroke-width", L.stroke}});
}

void draw_die(Svg &svg, const RaceLayout &L, double x, double side, int value, bool used) {
    static const std::array<std::vector<std::array<int, 2>>, 7> pips = {{
        {},
        {{1, 1}},
        {{0, 0}, {2, 2}},
        {{0, 0}, {1, 1}, {2, 2}},
        {{0, 0}, {2, 0}, {0, 2}, {2, 2}},
        {{0, 0}, {2, 0}, {1, 1}, {0, 2}, {2, 2}},
        {{0, 0}, {2, 0}, {0, 1}, {2, 1}, {0, 2}, {2, 2}},
    }};
    const double y = L.status_y() - side / 2;
    svg.open("g", {{"opacity", used ? "0.3" : "1"}});
    svg.rect(x, y, side, side,
             {{"class", used ? "die used" : "die"},
              {"data-value", value},
              {"rx", side * 0.16},
              {"fill", "#ffffff"},
              {"stroke", style::ink},
              {"stroke-width", L.stroke}});
    if (value >= 1 && value <= 6)
        for (const auto &[px, py] : pips[value])
            svg.circle(x + side * (0.22 + 0.28 * px), y + side * (0.22 + 0.28 * py), side * 0.09,
                       {{"class", "pip"}, {"fill", style::ink}});
    svg.close();
}

void draw_status_words(Svg &svg, const RaceLayout &L, double x, bool ongoing, const std::string &words,
                       const std::string &last_step) {
    const double sy = L.status_y();
    svg.text("text",
             {{"class", ongoing ? "turn" : "result"},
              {"x", x},
              {"y", sy - L.cell * 0.2},
              {"font-size", L.cell * 0.36},
              {"font-weight", "bold"},
              {"dominant-baseline", "central"}},
             capitalised(words));
    svg.text("text",
             {{"class", "last-move-text"},
              {"x", x},
              {"y", sy + L.cell * 0.25},
              {"font-size", L.cell * 0.28},
              {"dominant-baseline", "central"}},
             "last: " + last_step);
}

}  // namespace

void draw_unit(Svg &svg, const RaceLayout &L, int player, int count, Attrs where, int row, int col, bool ring_single) {
    svg.open("g", {{"class", player == 0 ? "unit player0" : "unit player1"}, {"data-count", count}}, where);
    draw_stack(svg, player, count, L.x(col) + L.cell / 2, L.y(row) + L.cell * 0.54, L.cell * 0.34, ring_single);
    svg.close();
}

void draw_status_line(Svg &svg, const RaceLayout &L, const StateEnvelope &s, Phase phase, int icon_player,
                      const StatusDice &dice, const std::string &words, const std::string &last_step, Attrs more) {
    const bool ongoing = s.result == Result::ongoing;
    svg.open("g",
             {{"class", "status"},
              {"data-to-move", ongoing ? s.to_move : -1},
              {"data-phase", phase_name(phase)},
              {"data-result", result_name(s.result)},
              {"font-family", style::font},
              {"fill", style::ink}},
             more);
    if (!L.words) {  // the group stays, empty, with the position's data attributes
        svg.close();
        return;
    }
    double text_x = L.margin;
    if (icon_player >= 0) {
        draw_player_icon(svg, L, text_x, icon_player);
        text_x += L.cell * 0.85;
    }
    for (int i = 0; i < dice.count; ++i)
        draw_die(svg, L, text_x + i * dice.side * 1.2, dice.side, dice.values[i], dice.used[i]);
    if (dice.count > 0) text_x += dice.side * dice.advance;
    draw_status_words(svg, L, text_x, ongoing, words, last_step);
    svg.close();
}

std::string race_text_row(const std::string &lead, const std::array<std::string, RaceLayout::columns> &cells) {
    std::string out = lead;
    out.resize(8, ' ');
    for (int col = 0; col < RaceLayout::columns; ++col) {
        if (col == 6) out += "  |";
        out += std::string(cells[col].size() < 4 ? 4 - cells[col].size() : 0, ' ') + cells[col];
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out + "\n";
}

std::string capitalised(std::string text) {
    if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 'a' + 'A');
    return text;
}

}  // namespace ludus::render
