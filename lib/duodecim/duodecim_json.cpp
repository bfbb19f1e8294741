// A Duodecim position as saved JSON, and read back with every field checked (duodecim.hpp).
#include "duodecim.hpp"

#include "../json_util.hpp"
#include "../position_envelope.hpp"
#include "../race_state.hpp"

namespace ludus {

namespace {
using S = DuodecimState;
}  // namespace

json DuodecimRules::position_json(const Options &, const State &s) {
    json entry = json::array(), track = json::array();
    for (int p = 0; p < 2; ++p) {
        entry.push_back(std::vector<int>(s.count[p].begin() + 1, s.count[p].begin() + S::last_entry + 1));
        track.push_back(std::vector<int>(s.count[p].begin() + S::first_track, s.count[p].begin() + S::last_track + 1));
    }
    const bool rolled = s.dice[0] != 0;
    return with_envelope(s, phase(s),
                         {{"hand", {s.count[0][S::hand], s.count[1][S::hand]}},
                          {"entry", entry},
                          {"track", track},
                          {"off", {s.count[0][S::off], s.count[1][S::off]}},
                          {"dice", rolled ? json{s.dice[0], s.dice[1]} : json::array()},
                          {"dice_used", {s.dice_used[0], s.dice_used[1]}},
                          {"barred", s.barred == S::nothing_barred ? json(nullptr) : json(s.barred)}});
}

namespace {

using json_util::member;
using json_util::path;
using json_util::read_counts;

// "entry" / "track": per player an array of cells, stored from progress `first` on.
void read_cells(const json &j, const std::string &key, const std::string &field, int pieces, int first, size_t cells,
                S &s) {
    const json &both = member(j, key, field, json::value_t::array);
    if (both.size() != 2) fail(Status::invalid_state, path(field, key) + ": must hold one array per player");
    for (int p = 0; p < 2; ++p) {
        const std::vector<int> counts =
            read_counts(both[p], cells, pieces, path(field, key) + "[" + std::to_string(p) + "]");
        for (size_t i = 0; i < cells; ++i) s.count[p][first + i] = static_cast<uint8_t>(counts[i]);
    }
}

void check_material(const DuodecimOptions &o, const S &s, const std::string &field) {
    race_state::check_total(s, o.pieces, field, "entry, track, off");
    for (int k = S::first_track; k <= S::last_track; ++k)
        if (s.count[0][k] > 0 && s.count[1][k] > 0)
            fail(Status::invalid_state, path(field, "track") + "[*][" + std::to_string(k - S::first_track) +
                                            "]: track cell " + std::to_string(k - S::last_entry) +
                                            " holds pieces of both players");
}

void read_dice(const json &j, const std::string &field, S &s) {
    const json &dice = member(j, "dice", field, json::value_t::array);
    if (!dice.empty()) {
        const std::vector<int> values = read_counts(dice, 2, 6, path(field, "dice"));
        if (values[0] < 1 || values[1] < 1)
            fail(Status::invalid_state, path(field, "dice") + ": must be [] or two values 1..6");
        s.dice = {static_cast<uint8_t>(values[0]), static_cast<uint8_t>(values[1])};
    }
    const json &used = member(j, "dice_used", field, json::value_t::array);
    if (used.size() != 2 || !used[0].is_boolean() || !used[1].is_boolean())
        fail(Status::invalid_state, path(field, "dice_used") + ": must be an array of 2 booleans");
    s.dice_used = {used[0].get<bool>(), used[1].get<bool>()};
}

void check_phase(const json &j, const std::string &field, const S &s) {
    if (s.result != Result::ongoing && s.dice[0] != 0)
        fail(Status::invalid_state, path(field, "dice") + ": must be [] when the game is over");
    const Phase expected = DuodecimRules::phase(s);
    require_phase(j, field, expected, s.result, std::string(" and dice ") + (s.dice[0] == 0 ? "[]" : "rolled"));
    if (expected != Phase::move && (s.dice_used[0] || s.dice_used[1]))
        fail(Status::invalid_state, path(field, "dice_used") + ": no die is used outside phase move");
    if (s.dice_used[0] && s.dice_used[1])
        fail(Status::invalid_state, path(field, "dice_used") + ": using both dice ends the turn");
}

void read_barred(const json &j, const std::string &field, S &s) {
    if (!j.contains("barred")) fail(Status::invalid_state, path(field, "barred") + ": missing");
    if (j["barred"].is_null()) return;
    const int barred = static_cast<int>(json_util::integer_member(j, "barred", field, 1, S::last_track));
    if (!s.one_die_used())
        fail(Status::invalid_state, path(field, "barred") + ": only the second die of a turn has a barred unit");
    if (s.count[s.to_move][barred] == 0)
        fail(Status::invalid_state, path(field, "barred") + ": player " + std::to_string(s.to_move) +
                                        " has no unit at progress " + std::to_string(barred));
    s.barred = static_cast<int8_t>(barred);
}

}  // namespace

DuodecimState DuodecimRules::position_from_json(const Options &o, const json &j, const std::string &field) {
    json_util::only_keys(j,
                         {"hand", "entry", "track", "off", "to_move", "phase", "result", "end_reason", "dice",
                          "dice_used", "barred", "rng"},
                         field);
    State s;
    race_state::read_pair(j, "hand", field, o.pieces, S::hand, s);
    read_cells(j, "entry", field, o.pieces, 1, 6, s);
    read_cells(j, "track", field, o.pieces, S::first_track, 24, s);
    race_state::read_pair(j, "off", field, o.pieces, S::off, s);
    check_material(o, s, field);
    s.to_move = to_move_from_json(j, field);
    race_state::read_result(j, field, "Ludus Duodecim Scriptorum", o.pieces, s);
    read_dice(j, field, s);
    check_phase(j, field, s);
    read_barred(j, field, s);
    s.rng = rng_from_json(j, field);
    return s;
}

}  // namespace ludus
