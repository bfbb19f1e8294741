// The common interface every game implements. The C layer (capi/) talks only to this, so a
// new game is one new folder under lib/ (its rules, pictures and computer player) plus one
// entry in registry_games.hpp, the list registry.cpp binds the three of, and one line in
// lib/meson.build (docs/adding-a-game.md).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "error.hpp"
#include "rng.hpp"

namespace ludus {

using json = nlohmann::json;
using Action = int32_t;

// Values mirror ludus_phase and ludus_result of the public header.
enum class Phase : int { roll = 0, move = 1, over = 2 };
enum class Result : int { ongoing = 0, player0_won = 1, player1_won = 2, draw = 3 };

const char *result_name(Result r);  // "ongoing", "player 0 won", ...
Result result_from_name(const std::string &name, const std::string &field);
const char *phase_name(Phase p);  // "roll", "move", "over"
Phase phase_from_name(const std::string &name, const std::string &field);

// Why a game ended: the rules' own cases (ludus_game_end_reason in ludus.h lists them). Every
// State has a member `end_reason`, none while the game goes on, set with the result.
enum class EndReason : uint8_t {
    none = 0,
    all_captured,           // every enemy piece captured (Latrunculi)
    one_piece_left,         // the enemy reduced to one piece (Petteia, Schädler)
    dux_immobilised,        // a dux hemmed in beside an enemy (Kowalski)
    no_moves,               // the player to move cannot move (blocked)
    quiet_moves,            // Bell's limit of moves without a capture: more pieces wins
    plies_without_capture,  // the option draw_plies_without_capture
    repetition,             // the option draw_repetitions
    agreed_draw,            // ludus_game_agree_draw
    borne_off,              // every piece borne off (the race games)
};
const char *end_reason_name(EndReason why);  // "all_captured", ...; "" for none
// The "end_reason" of a position's JSON: the reason's name, null while the game goes on.
json end_reason_json(EndReason why);
// The "end_reason" of a saved position whose result is `result`: null or absent (positions saved
// before 1.1) while the game goes on; a reason's name once it is over, or absent (none: the
// game's replayed history supplies it). Error(invalid_state) naming `field`.end_reason otherwise.
EndReason end_reason_from_json(const json &position, const std::string &field, Result result);

// What every game's state carries besides its board and counters: whose move, the result and
// why the game ended, and the generator of its dice and lots (the saved position's envelope,
// position_envelope.hpp).
struct StateEnvelope {
    uint8_t to_move = 0;
    EndReason end_reason = EndReason::none;  // set with the result
    Result result = Result::ongoing;
    Rng rng;

    bool operator==(const StateEnvelope &) const = default;
};

// Ends the game: the result and why, together.
template <class State>
void end_game(State &s, Result result, EndReason why) {
    s.result = result;
    s.end_reason = why;
}

struct PlayoutResult {
    Result result;
    uint32_t plies;  // moves played (rolls are not counted)
};

// For rules that write their legal actions into a buffer of at most Max (an upper bound for
// every position): the vector form of legal_actions, appending, with no push per move.
template <size_t Max, class Write>
void append_actions(std::vector<Action> &out, Write write) {
    std::array<Action, Max> buffer;  // not initialised: written before it is read
    const size_t n = write(buffer.data());
    out.insert(out.end(), buffer.begin(), buffer.begin() + static_cast<std::ptrdiff_t>(n));
}

class Game {
public:
    virtual ~Game() = default;

    virtual std::string_view id() const = 0;
    virtual std::unique_ptr<Game> clone() const = 0;
    // A new game of this game's options with another seed, at their start: the game new_game
    // makes of the same options with that seed, made without reading them again (the options
    // are shared, only the seed and what it decides are the new game's own).
    virtual std::unique_ptr<Game> with_seed(uint64_t seed) const = 0;

    virtual Phase phase() const = 0;
    virtual int to_move() const = 0;  // -1 when over
    virtual Result result() const = 0;
    virtual EndReason end_reason() const = 0;

    // Phase move: the legal actions (empty when over); wrong_phase in phase roll.
    virtual void legal_actions(std::vector<Action> &out) const = 0;
    // The same, written into the caller's buffer: returns how many there are; when that is more
    // than out.size(), out is left as it was (the C ABI's buffer-too-small answer).
    virtual size_t legal_actions(std::span<Action> out) const = 0;
    // Plays a legal action; illegal_move / game_over / wrong_phase otherwise. Nothing changes on failure.
    virtual void apply_action(Action action) = 0;
    // Text and JSON of a legal action in the current position.
    virtual std::string action_text(Action action) const = 0;
    virtual json action_json(Action action) const = 0;
    // Reads a move's text into its action (invalid_move if it cannot be read); legality is not checked.
    virtual Action parse_action(std::string_view text) const = 0;

    virtual void undo() = 0;
    virtual void agree_draw() = 0;
    // Does what one entry of a saved history says (to_json's "history": {"player", "text",
    // "dice_from"}), checked as restoring a saved game checks it; nothing changes on failure.
    // invalid_state (naming `field`) for an entry not of that form or a roll of the engine the
    // game's generator does not repeat; otherwise the status of the call the entry stands for
    // (play, set_dice, agree_draw): invalid_move, illegal_move, wrong_phase, game_over.
    virtual void apply_event(const json &event, const std::string &field) = 0;

    // Dice: games without them answer wrong_phase.
    // Rolls with the game's generator into `out` (at least max_dice values); returns the count.
    static constexpr size_t max_dice = 4;
    virtual size_t roll_into(std::span<int, max_dice> out) = 0;
    std::vector<int> roll() {
        std::array<int, max_dice> dice{};
        const size_t n = roll_into(dice);
        return {dice.begin(), dice.begin() + static_cast<std::ptrdiff_t>(n)};
    }
    virtual void set_dice(std::span<const int> values) = 0;
    virtual json chance_outcomes() const = 0;

    // Plays uniformly random legal moves, with dice from the same seeded generator, to the end
    // or until max_plies moves are played. Every move and roll enters the history.
    virtual PlayoutResult random_playout(uint64_t seed, uint32_t max_plies) = 0;
    // Plays out.size() such playouts from the current position, each on a copy (the game does
    // not change), seeded from `seed` (playout i as random_playout with playout_seed(seed, i)).
    virtual void random_playouts(uint64_t seed, uint32_t max_plies, std::span<PlayoutResult> out) const = 0;

    virtual json to_json() const = 0;
    // The current position alone (the "position" member of to_json): no history is written.
    virtual json position_json() const = 0;

    // Pictures of the position (lib/render/): a self-contained SVG document and a monospace
    // diagram, drawn by the rules from the render options (an object; see ludus.h), the current
    // position and the last move. unknown_option / invalid_option / bad_json for bad options.
    virtual std::string render_svg(const json &options) const = 0;
    virtual std::string render_text(const json &options) const = 0;

    // A computer player's move (lib/<game>/*_ai.cpp): the move's JSON as in legal_moves_json plus a
    // "search" object; options as for ludus_ai_choose in ludus.h. The game does not change.
    virtual json ai_choose(const json &options) const = 0;
};

// The fields every game's move JSON has, each with one type and meaning in every game
// (schemas/common.schema.json, "move"): "kind" ("move", "place", "remove" or "pass"),
// "from_name" and "to_name" (the name of a square or cell, or null when the move has none),
// "captured" (the names of the squares or cells whose pieces it captures) and "captured_count"
// (how many pieces it captures). They stand beside each game's older "from", "to" and
// "captures", whose types differ between games (deprecated, kept for this major version).
struct MoveFields {
    const char *kind;
    std::string from_name, to_name;  // "" for none (written as null)
    std::vector<std::string> captured;
    int captured_count;
};
void add_move_fields(json &move, const MoveFields &fields);

// How messages name a ruleset: the Bell ruleset ("bell").
inline std::string ruleset_label(std::string_view name, std::string_view id) {
    return "the " + std::string(name) + " ruleset (\"" + std::string(id) + "\")";
}

// Catalogue and construction (registry.cpp).
json games_catalogue();
std::unique_ptr<Game> new_game(std::string_view id, const json &options);
std::unique_ptr<Game> game_from_json(const json &state);

// Moves given as text or as a JSON object (play.cpp): one piece of code for every game.
json legal_moves_json(const Game &game);
Action resolve_move(const Game &game, std::string_view move);
void play_move(Game &game, std::string_view move);

}  // namespace ludus
