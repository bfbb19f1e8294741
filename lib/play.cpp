// Moves given by a caller as text or as a JSON object, for every game: the text is read by the
// game, an object is matched against the legal moves' JSON.
#include "game.hpp"
#include "json_util.hpp"

namespace ludus {

void add_move_fields(json &move, const MoveFields &fields) {
    const auto name_or_null = [](const std::string &name) { return name.empty() ? json(nullptr) : json(name); };
    move["kind"] = fields.kind;
    move["from_name"] = name_or_null(fields.from_name);
    move["to_name"] = name_or_null(fields.to_name);
    move["captured"] = fields.captured;
    move["captured_count"] = fields.captured_count;
}

json legal_moves_json(const Game &game) {
    std::vector<Action> actions;
    game.legal_actions(actions);
    json moves = json::array();
    for (Action a : actions) moves.push_back(game.action_json(a));
    return moves;
}

namespace {

void require_move_phase(const Game &game) {
    if (game.phase() == Phase::over) fail(Status::game_over, "the game is over: no more moves");
    if (game.phase() == Phase::roll) fail(Status::wrong_phase, "the dice must be rolled first");
}

// The keys of a move object that describe how it was found, not the move: ludus_ai_choose's
// answer carries "search", and that answer can be played as it is.
bool describes_the_move(const std::string &key) { return key != "search"; }

bool is_part_of(const json &given, const json &move) {
    for (auto it = given.begin(); it != given.end(); ++it) {
        if (!describes_the_move(it.key())) continue;
        auto found = move.find(it.key());
        if (found == move.end() || *found != it.value()) return false;
    }
    return true;
}

Action resolve_object(const Game &game, const json &given) {
    if (std::none_of(given.items().begin(), given.items().end(),
                     [](const auto &item) { return describes_the_move(item.key()); }))
        fail(Status::invalid_move, "the move object names no move (only how it was found, or nothing)");
    std::vector<Action> actions;
    game.legal_actions(actions);
    if (given.contains("text")) {
        if (!given["text"].is_string()) fail(Status::invalid_move, "the move's \"text\" must be a string");
        game.parse_action(given["text"].get<std::string>());  // unreadable text is invalid, not illegal
    }
    std::vector<Action> matches;
    for (Action a : actions)
        if (is_part_of(given, game.action_json(a))) matches.push_back(a);
    if (matches.empty()) fail(Status::illegal_move, "no legal move matches " + json_util::quote_json(given));
    if (matches.size() > 1)
        fail(Status::invalid_move, json_util::quote_json(given) + " matches " + std::to_string(matches.size()) +
                                       " legal moves; give more of the move");
    return matches.front();
}

}  // namespace

Action resolve_move(const Game &game, std::string_view move) {
    require_move_phase(game);
    size_t first = move.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && move[first] == '{') {
        json given = json_util::parse(std::string(move).c_str(), "the move");
        return resolve_object(game, given);
    }
    Action action = game.parse_action(move);
    std::vector<Action> actions;
    game.legal_actions(actions);
    if (std::find(actions.begin(), actions.end(), action) == actions.end())
        fail(Status::illegal_move, json_util::quote(move) + " is not a legal move in this position");
    return action;
}

void play_move(Game &game, std::string_view move) { game.apply_action(resolve_move(game, move)); }

}  // namespace ludus
