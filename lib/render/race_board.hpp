// The board of the Roman race games (Ludus Duodecim Scriptorum, XII Scripta): three rows of
// twelve cells, each row split in the middle as on the stone boards, a tray above and below for
// the pieces off the board (player 1 above, player 0 below), and a status line with the dice.
// Both games draw with these pieces so that their pictures look and read alike.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "../history.hpp"
#include "../options.hpp"
#include "svg.hpp"

namespace ludus::render {

// The render options of the race boards' pictures: "size", "words", "positions" and "pieces"
// for the SVG, none for the text diagram.
const std::vector<OptionSpec> &race_svg_specs();
const std::vector<OptionSpec> &race_text_specs();

// The last step of a race game, for the pictures: who played it, from where to where (progress
// along the mover's track), its text; `captured` is the caller's to fill.
struct RaceStep {
    bool present = false, pass = false;
    int player = 0, from = 0, to = 0, captured = 0;
    std::string text;
};

template <class Rules>
RaceStep race_step(const typename Rules::Options &o, const LastMove<typename Rules::State> &last) {
    RaceStep m;
    if (last.before == nullptr) return m;
    m.present = true;
    m.player = last.before->to_move;
    m.text = Rules::action_text(o, last.action);
    m.pass = last.action == Rules::pass_action;
    if (!m.pass) {
        m.from = Rules::from_of(last.action);
        m.to = Rules::to_of(last.action);
    }
    return m;
}

struct RaceLayout {
    static constexpr int columns = 12;

    // Without words (option "words" false) or on the empty board (option "pieces" false) there
    // is no status line: the picture ends under the lower tray.
    RaceLayout(double width, bool words, bool positions, bool pieces);

    bool words, positions, pieces;
    double cell, gap, margin, stroke;
    double tray_height, tray_top[2], board_top, status_top, status_height, height;
    // The trays' left edges (in hand, borne off) and width: each along a half of the twelve
    // columns, unless a board of other columns lays them along its own (Senet's ten).
    double tray_x[2], tray_width;

    double x(int col) const { return margin + col * cell + (col >= 6 ? gap : 0); }
    double y(int row) const { return board_top + row * cell; }
    // A player's tray: x, y, width, height; "in hand" on the left, "borne off" on the right.
    std::array<double, 4> tray_box(int player, bool off) const;
    double status_y() const { return status_top + status_height / 2; }
};

// The two dark frames behind the halves of the three rows.
void draw_board_halves(Svg &svg, const RaceLayout &L);
// A cell of the board with its fill (the middle row is the entry row); with the option
// "positions", its position name in each player's moves ("" where the player never goes).
void draw_cell(Svg &svg, const RaceLayout &L, int row, int col, const std::string &cls, const std::string &name,
               const std::array<std::string, 2> &positions);
// Opens a tray's group (class e.g. "hand player0"), with its position name under "positions".
void open_tray(Svg &svg, const RaceLayout &L, const std::string &cls, int count, const std::string &position);
// A small name in the cell's top left corner.
void draw_cell_name(Svg &svg, const RaceLayout &L, int row, int col, const std::string &name);
// A tray's dashed frame and its label (none without words), inside the group already opened.
// A tray's label for the text of the picture: "P0 hand 5", "P1 off 3".
std::string tray_label(int player, bool off, int count);
void draw_tray_frame(Svg &svg, const RaceLayout &L, const std::array<double, 4> &box, double font_size,
                     const std::string &label);
// The four trays of the empty board (option "pieces" false): frames and names ("P0 hand"; none
// without words), no pieces and no counts; without `hand` (a game whose pieces are never in
// hand) the two borne-off trays only.
void draw_empty_trays(Svg &svg, const RaceLayout &L, double font_size, bool hand = true);
// A piece in a tray.
void draw_tray_disc(Svg &svg, const RaceLayout &L, int player, double cx, double cy, const std::string &cls,
                    const char *stroke);
// A tray's `count` pieces of `player` in a row from the centre `first`, 0.4 cells apart, closer
// where the row would reach the tray's far end.
void draw_tray_discs(Svg &svg, const RaceLayout &L, const std::array<double, 4> &box, int player, int count,
                     double first);

// A stack of `count` discs of `player` centred near (cx, cy), inside the group already opened;
// the height as a number on top when it holds two or more; a single piece gets an inner ring
// when `ring_single` (Duodecim's columns differ from single pieces in the rules).
void draw_stack(Svg &svg, int player, int count, double cx, double cy, double radius, bool ring_single);

// One stretch of a route along a half-row, from the first column to the last (either way): its
// letter in the first cell's top right corner and an arrow along the cells' lower edge to the
// far side of the last, both under the pieces.
void draw_route_stretch(Svg &svg, const RaceLayout &L, int row, int first_col, int last_col, const std::string &letter);

// The last step's outline of a tray or of a cell (class "last-move from" or "last-move to").
void outline_tray(Svg &svg, const RaceLayout &L, const std::array<double, 4> &box, const std::string &cls,
                  const std::string &position);
void outline_cell(Svg &svg, const RaceLayout &L, int row, int col, const std::string &cls, const std::string &position);

// Where a progress of the mover's stands: a tray (off the board or not) or a cell.
struct RacePlace {
    bool tray = false, off = false;
    int row = 0, col = 0;
};
// The last step's two ends outlined (classes "last-move from" and "last-move to") in a group
// naming the move; `where(progress)` is a RacePlace, `name(progress)` its position name.
template <class Where, class Name>
void outline_last_step(Svg &svg, const RaceLayout &L, const RaceStep &m, Where where, Name name) {
    if (!m.present || m.pass) return;
    svg.open("g", {{"class", "last-move"}, {"data-move", m.text}, {"data-player", m.player}});
    for (int end = 0; end < 2; ++end) {
        const int progress = end == 0 ? m.from : m.to;
        const RacePlace place = where(progress);
        const std::string cls = end == 0 ? "last-move from" : "last-move to";
        if (place.tray) {
            outline_tray(svg, L, L.tray_box(m.player, place.off), cls, name(progress));
        } else {
            outline_cell(svg, L, place.row, place.col, cls, name(progress));
        }
    }
    svg.close();
}

// A unit of `count` pieces on a cell: its group (class "unit playerN", the caller's attributes
// naming where it stands, "data-count") around the stack of draw_stack.
void draw_unit(Svg &svg, const RaceLayout &L, int player, int count, Attrs where, int row, int col, bool ring_single);

// The dice of the status line: `count` values, the used ones dimmed, each `side` wide; the
// words start `advance` sides after the first die.
struct StatusDice {
    std::array<int, 4> values{};
    std::array<bool, 4> used{};
    int count = 0;
    double side = 0, advance = 0;
};
// The status line: whose turn or who won (an icon, none where `icon_player` is -1), the dice,
// the words (first line bold) and the last step, in a group with the position's data
// attributes and the caller's `more`; the group alone, empty, when the picture has no words.
void draw_status_line(Svg &svg, const RaceLayout &L, const StateEnvelope &s, Phase phase, int icon_player,
                      const StatusDice &dice, const std::string &words, const std::string &last_step, Attrs more = {});

// The text diagram's row: the lead word, then the twelve cells right-aligned in 4 columns with
// a bar between the halves.
std::string race_text_row(const std::string &lead, const std::array<std::string, RaceLayout::columns> &cells);

// "player 0 won" -> "Player 0 won".
std::string capitalised(std::string text);

}  // namespace ludus::render
