// The board of the Roman race games (Ludus Duodecim Scriptorum, XII Scripta): three rows of
// twelve cells, each row split in the middle as on the stone boards, a tray above and below for
// the pieces off the board (player 1 above, player 0 below), and a status line with the dice.
// Both games draw with these pieces so that their pictures look and read alike.
#pragma once

#include <array>
#include <string>

#include "../history.hpp"
#include "svg.hpp"

namespace ludus::render {

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
void draw_tray_frame(Svg &svg, const RaceLayout &L, const std::array<double, 4> &box, double font_size, const std::string &label);
// The four trays of the empty board (option "pieces" false): frames and names ("P0 hand"; none
// without words), no pieces and no counts.
void draw_empty_trays(Svg &svg, const RaceLayout &L, double font_size);
// A piece in a tray.
void draw_tray_disc(Svg &svg, const RaceLayout &L, int player, double cx, double cy, const std::string &cls, const char *stroke);

// A stack of `count` discs of `player` centred near (cx, cy), inside the group already opened;
// the height as a number on top when it holds two or more; a single piece gets an inner ring
// when `ring_single` (Duodecim's columns differ from single pieces in the rules).
void draw_stack(Svg &svg, int player, int count, double cx, double cy, double radius, bool ring_single);

// One stretch of a route along a half-row, from the first column to the last (either way): its
// letter in the first cell's top right corner and an arrow along the cells' lower edge to the
// far side of the last, both under the pieces.
void draw_route_stretch(Svg &svg, const RaceLayout &L, int row, int first_col, int last_col, const std::string &letter);

// The last step's outline of a tray or of a cell (class "last-move from" or "last-move to").
void outline_tray(Svg &svg, const RaceLayout &L, const std::array<double, 4> &box, const std::string &cls, const std::string &position);
void outline_cell(Svg &svg, const RaceLayout &L, int row, int col, const std::string &cls, const std::string &position);

// The status line's parts: whose turn or who won (an icon), one die (dimmed when used), the
// words (first line bold) and the last step.
void draw_player_icon(Svg &svg, const RaceLayout &L, double x, int player);
void draw_die(Svg &svg, const RaceLayout &L, double x, double side, int value, bool used);
void draw_status_words(Svg &svg, const RaceLayout &L, double x, bool ongoing, const std::string &words, const std::string &last_step);
// Opens the status line's group with its data attributes; false (the group closed again, empty)
// when the picture has no words, so that the caller draws nothing of the line.
bool open_status(Svg &svg, const RaceLayout &L, Attrs data);

// The text diagram's row: the lead word, then the twelve cells right-aligned in 4 columns with
// a bar between the halves.
std::string race_text_row(const std::string &lead, const std::array<std::string, RaceLayout::columns> &cells);

// "player 0 won" -> "Player 0 won".
std::string capitalised(std::string text);

}  // namespace ludus::render
