// Render options, described with the games' own OptionSpec table (../options.hpp) so that the
// checks and the messages are the same: unknown_option, invalid_option naming the option, and
// bad_json for options that are not an object.
#pragma once

#include <string>
#include <vector>

#include "../game.hpp"
#include "../options.hpp"

namespace ludus::render {

inline constexpr int min_size = 120;
inline constexpr int max_size = 4096;
inline constexpr int default_size = 480;

// "size": the picture's width in pixels.
OptionSpec size_spec();
// "words": false leaves out every word of the picture (the status line under the board and the
// trays' labels) for a caller that writes them itself, in its own language; the picture is
// shorter by the status line. Its "status" group stays, empty, with its data attributes.
OptionSpec words_spec();
// "positions": true writes on each cell of a race board the names its position has in each
// player's moves (data-position0, data-position1) and on each tray its position name
// (data-tray-position), so that an app can map a tap to the moves' "from_name"/"to_name".
OptionSpec positions_spec();
// "pieces": false draws the empty board, to print and play on with counters: no pieces, no last
// move, no status line, trays without counts; the <title> says it is an empty board.
OptionSpec pieces_spec();
// The <title> of an empty board: "Petteia 8x8, empty board".
std::string empty_board_title(const std::string &game);
// A boolean option (a choice of true or false).
OptionSpec flag_spec(std::string name, bool default_value, std::string description);
// An integer option in [min, max].
OptionSpec integer_spec(std::string name, int default_value, int min, int max, std::string description);
// A choice among strings.
OptionSpec choice_spec(std::string name, std::string default_value, std::vector<std::string> values,
                       std::string description);

// The catalogue's "render_options" of a game, from the specs its pictures check against:
// {"svg": {name: {"type", "default", "min"/"max" or "values", "description"}}, "text": {...}}.
nlohmann::json options_catalogue(const std::vector<OptionSpec> &svg, const std::vector<OptionSpec> &text);

// The options checked against `specs`, every one resolved (defaults filled in).
nlohmann::json resolve(const std::vector<OptionSpec> &specs, const nlohmann::json &given);

// Words shared by the games' pictures and diagrams.
std::string player_name(int player);  // "player 0"
// A finished game's result and why, from its end reason (ludus_game_end_reason): "player 0 won:
// player 1's dux immobilised", "drawn by repetition"; "player 0 won" or "drawn" alone when the
// reason is not known. `to_move` is the player to move when the game ended (the one who could not
// move, for no_moves).
std::string result_phrase(Result result, EndReason why, int to_move);

}  // namespace ludus::render

namespace ludus::render::style {
// One palette for every game: player 0 light (ivory) pieces, player 1 dark (ebony) ones, so the
// armies differ in lightness, not only in hue, and in shape where the game allows.
inline constexpr const char *background = "#f6f1e4";
inline constexpr const char *ink = "#2b2118";        // text and outlines
inline constexpr const char *muted_ink = "#6b5a44";  // coordinates, inscriptions
inline constexpr const char *board_light = "#ead7ae";
inline constexpr const char *board_dark = "#b8874e";
inline constexpr const char *board_edge = "#5a3d1e";
inline constexpr const char *highlight = "#3d8bfd";  // the last move (blue: visible on both woods)
inline constexpr const char *piece_fill[2] = {"#fbf8ef", "#23262e"};
inline constexpr const char *piece_stroke[2] = {"#2b2118", "#0b0c0f"};
inline constexpr const char *piece_mark[2] = {"#8d7a5a", "#c9ced8"};  // inner ring / inner square
inline constexpr const char *font = "DejaVu Sans, Verdana, sans-serif";
inline constexpr const char *serif = "DejaVu Serif, Georgia, serif";
}  // namespace ludus::render::style
