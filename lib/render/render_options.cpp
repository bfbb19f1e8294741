#include "render_options.hpp"

#include "../error.hpp"

namespace ludus::render {

using json = nlohmann::json;

OptionSpec size_spec() {
    return integer_spec("size", default_size, min_size, max_size, "width of the picture in pixels");
}

OptionSpec words_spec() {
    return flag_spec(
        "words", true,
        "the status line and the labels in words (false: none, for a caller that writes them in its own language)");
}

OptionSpec positions_spec() {
    return flag_spec("positions", false,
                     "each cell and tray marked with its position names in the players' moves (data-position0/1, "
                     "data-tray-position)");
}

OptionSpec pieces_spec() {
    return flag_spec("pieces", true,
                     "the position's pieces, last move and status line (false: the empty board, to print)");
}

std::string empty_board_title(const std::string &game) { return game + ", empty board"; }

OptionSpec flag_spec(std::string name, bool default_value, std::string description) {
    return OptionSpec{std::move(name),           OptionSpec::Kind::choice, json(default_value), 0, 0,
                      {json(true), json(false)}, std::move(description)};
}

OptionSpec integer_spec(std::string name, int default_value, int min, int max, std::string description) {
    return OptionSpec{std::move(name),       OptionSpec::Kind::integer, json(default_value), min, max, {},
                      std::move(description)};
}

OptionSpec choice_spec(std::string name, std::string default_value, std::vector<std::string> values,
                       std::string description) {
    std::vector<json> allowed(values.begin(), values.end());
    return OptionSpec{std::move(name),    OptionSpec::Kind::choice, json(std::move(default_value)), 0, 0,
                      std::move(allowed), std::move(description)};
}

json options_catalogue(const std::vector<OptionSpec> &svg, const std::vector<OptionSpec> &text) {
    return {{"svg", ludus::options_catalogue(svg)}, {"text", ludus::options_catalogue(text)}};
}

json resolve(const std::vector<OptionSpec> &specs, const json &given) {
    if (!given.is_object())
        fail(Status::bad_json, std::string("render options must be a JSON object, not ") + given.type_name());
    return resolve_options(specs, given);
}

std::string player_name(int player) { return "player " + std::to_string(player); }

std::string result_phrase(Result result, EndReason why, int to_move) {
    // Short enough for the status line of a picture 480 pixels wide.
    if (result == Result::ongoing) return "";
    if (result == Result::draw) {
        switch (why) {
        case EndReason::no_moves: return "drawn on captures: " + player_name(to_move) + " cannot move";  // Kowalski
        case EndReason::quiet_moves: return "drawn: equal pieces at the move limit";
        case EndReason::plies_without_capture: return "drawn by the move limit";
        case EndReason::repetition: return "drawn by repetition";
        case EndReason::agreed_draw: return "drawn by agreement";
        default: return "drawn";
        }
    }
    const int winner = result == Result::player0_won ? 0 : 1, loser = 1 - winner;
    const std::string won = player_name(winner) + " won";
    switch (why) {
    case EndReason::all_captured: return won + ": all enemy pieces captured";
    case EndReason::one_piece_left: return won + ": " + player_name(loser) + " has one piece left";
    case EndReason::dux_immobilised: return won + ": " + player_name(loser) + "'s dux immobilised";
    case EndReason::no_moves:  // in Kowalski's rulesets the one who captured more wins
        return won + (to_move == winner ? " on captures: " : ": ") + player_name(to_move) + " cannot move";
    case EndReason::quiet_moves: return won + " on pieces at the move limit";
    case EndReason::borne_off: return won + ": every piece borne off";
    default: return won;
    }
}

}  // namespace ludus::render
