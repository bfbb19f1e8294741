// Readers of the saved state that the race games (Ludus Duodecim Scriptorum, XII Scripta) share:
// their states count pieces per player and position (`count[player][position]`) and their games
// end when one player has borne off every piece.
#pragma once

#include <string>
#include <vector>

#include "game.hpp"
#include "json_util.hpp"
#include "options.hpp"
#include "position_envelope.hpp"

namespace ludus::race_state {

using json = nlohmann::json;

// "hand" / "off" / "bar": one count per player in 0..max, stored at `position`.
template <class State>
void read_pair(const json &j, const std::string &key, const std::string &field, int max, int position, State &s) {
    const std::vector<int> counts = json_util::read_counts(json_util::member(j, key, field, json::value_t::array), 2,
                                                           max, json_util::path(field, key));
    for (int p = 0; p < 2; ++p) s.count[p][position] = static_cast<uint8_t>(counts[p]);
}

// Each player has `pieces` pieces in all; `where` names the members that hold them.
template <class State>
void check_total(const State &s, int pieces, const std::string &field, const std::string &where) {
    for (int p = 0; p < 2; ++p) {
        int total = 0;
        for (uint8_t c : s.count[p]) total += c;
        if (total != pieces)
            fail(Status::invalid_state, json_util::path(field, "hand") + ", " + where + ": player " +
                                            std::to_string(p) + " has " + std::to_string(total) +
                                            " pieces in all, the option pieces says " + std::to_string(pieces));
    }
}

// The start of a race game: every piece of both players in hand, `first_player` to move, the
// game's generator `rng`.
template <class State>
State start(int pieces, int first_player, Rng rng) {
    State s;
    s.count[0][State::hand] = s.count[1][State::hand] = static_cast<uint8_t>(pieces);
    s.to_move = static_cast<uint8_t>(first_player);
    s.rng = rng;
    return s;
}

// Player p's pieces borne off: the count at State::off, or the state's own count where it keeps
// no count per position (Ur's pieces on the route are bits).
template <class State>
int borne_off_count(const State &s, int p) {
    if constexpr (requires { s.borne_off; })
        return s.borne_off[static_cast<size_t>(p)];
    else
        return s.count[p][State::off];
}

// "result": the player who has borne off every piece has won (the winner made the last step,
// so is still the one to move); a race game has no draws.
template <class State>
void read_result(const json &j, const std::string &field, const std::string &game_name, int pieces, State &s) {
    const std::string at = json_util::path(field, "result");
    s.result = result_from_json(j, field);
    if (s.result == Result::draw) fail(Status::invalid_state, at + ": " + game_name + " has no draws");
    for (int p = 0; p < 2; ++p) {
        const Result won = p == 0 ? Result::player0_won : Result::player1_won;
        const bool all_off = borne_off_count(s, p) == pieces;
        if (all_off && s.result != won)
            fail(Status::invalid_state,
                 at + ": player " + std::to_string(p) + " has borne off every piece, so \"" + result_name(won) + "\"");
        if (!all_off && s.result == won)
            fail(Status::invalid_state, at + ": player " + std::to_string(p) + " has not borne off every piece");
    }
    if (s.result != Result::ongoing && s.to_move != (s.result == Result::player0_won ? 0 : 1))
        fail(Status::invalid_state,
             json_util::path(field, "to_move") + ": when the game is over it is the winner, who made the last step");
    s.end_reason = end_reason_from_json(j, field, s.result);
}

// The option "ruleset" of a race game with several reconstructions: a choice among the names of
// `rulesets` (each with `name` and `source`), described by each one's source.
template <class Rulesets>
OptionSpec ruleset_spec(const Rulesets &rulesets, const char *default_name, const std::string &doc) {
    std::string sources = "the reconstruction played (" + doc + "):";
    std::vector<json> names;
    for (const auto &r : rulesets) {
        sources += std::string(" \"") + r.name + "\": " + r.source + ";";
        names.push_back(r.name);
    }
    sources.back() = '.';
    return {"ruleset", OptionSpec::Kind::choice, default_name, 0, 0, names, sources};
}

// Options `given` resolved against `specs` into o.resolved, and o.ruleset set: the entry of
// `rulesets` (each with `ruleset` and `name`) that the option "ruleset" names, returned for the
// rest of its parsing.
template <class Options, class Rulesets>
const auto &resolve_ruleset(Options &o, const std::vector<OptionSpec> &specs, const json &given,
                            const Rulesets &rulesets) {
    o.resolved = resolve_options(specs, given);
    const std::string name = o.resolved["ruleset"].template get<std::string>();
    const auto *chosen = &rulesets[0];  // resolve_options has checked that the name is one of them
    for (const auto &r : rulesets)
        if (name == r.name) chosen = &r;
    o.ruleset = chosen->ruleset;
    return *chosen;
}

// The catalogue's "rulesets" of a race game: each one's id (its name in the option) and source.
template <class Rulesets>
json rulesets_json(const Rulesets &rulesets) {
    json out = json::array();
    for (const auto &r : rulesets) out.push_back({{"id", r.name}, {"source", r.source}});
    return out;
}

// The options a race game's table ends with: who moves first, and the seed.
inline std::vector<OptionSpec> first_player_and_seed_specs() {
    return {{"first_player",
             OptionSpec::Kind::choice,
             0,
             0,
             0,
             {0, 1},
             "who moves first (the sources leave it to the players)"},
            seed_option_spec()};
}

// The move that passes a turn in which no die can be used (both race games).
inline json pass_move_json(int action, int player) {
    json j{{"text", "pass"}, {"action", action}, {"player", player}, {"dice", json::array()}, {"captures", 0}};
    add_move_fields(j, {"pass", "", "", {}, 0});
    return j;
}

}  // namespace ludus::race_state
