// A XII Scripta position as saved JSON, and read back with every field checked (xii_scripta.hpp).
#include "xii_scripta.hpp"

#include "../json_util.hpp"
#include "../position_envelope.hpp"
#include "../race_state.hpp"

namespace ludus {

namespace {

using S = XiiState;
using R = XiiScriptaRules;
using json_util::member;
using json_util::path;
using json_util::read_counts;

void check_material(const XiiOptions &o, const S &s, const std::string &field) {
    race_state::check_total(s, o.pieces, field, "bar, track, off");
    if (!o.enter_all_first) return;
    for (int p = 0; p < 2; ++p)
        if (s.count[p][S::bar] != 0)
            fail(Status::invalid_state,
                 path(field, "bar") + ": the TabletopGames rulesets send a hit piece back to the hand, never to a bar");
}

void check_cells(const XiiOptions &o, const S &s, const std::string &field) {
    for (int k = 1; k <= S::last_cell; ++k)
        if (s.count[0][k] > 0 && s.count[1][R::other_progress(o, k)] > 0)
            fail(Status::invalid_state, path(field, "track") + "[0][" + std::to_string(k - 1) +
                                            "]: the cell of player 0's progress " + std::to_string(k) +
                                            " holds pieces of both players");
}

void read_dice(const XiiOptions &o, const json &j, const std::string &field, S &s) {
    const json &dice = member(j, "dice", field, json::value_t::array);
    const json &left = member(j, "dice_left", field, json::value_t::array);
    if (dice.empty()) {
        if (!left.empty()) fail(Status::invalid_state, path(field, "dice_left") + ": must be [] before the roll");
        return;
    }
    if (s.result != Result::ongoing)
        fail(Status::invalid_state, path(field, "dice") + ": must be [] when the game is over");
    const std::vector<int> values = read_counts(dice, 3, 6, path(field, "dice"));
    if (*std::min_element(values.begin(), values.end()) < 1)
        fail(Status::invalid_state, path(field, "dice") + ": must be [] or three values 1..6");
    for (int i = 0; i < 3; ++i) s.dice[i] = static_cast<uint8_t>(values[i]);
    S rolled;
    const int ints[3] = {values[0], values[1], values[2]};
    R::set_dice(o, rolled, ints);  // the dice a fresh roll leaves to play
    if (left.empty() || left.size() > rolled.n_left)
        fail(Status::invalid_state, path(field, "dice_left") + ": must hold 1 to " + std::to_string(rolled.n_left) +
                                        " of the rolled values (a turn ends when every die is used)");
    std::vector<int> l = read_counts(left, left.size(), 6, path(field, "dice_left"));
    if (!std::is_sorted(l.begin(), l.end()))
        fail(Status::invalid_state, path(field, "dice_left") + ": must be in ascending order");
    std::vector<int> pool(rolled.left.begin(), rolled.left.begin() + rolled.n_left);
    for (int v : l) {
        auto at = std::find(pool.begin(), pool.end(), v);
        if (at == pool.end())
            fail(Status::invalid_state,
                 path(field, "dice_left") + ": " + std::to_string(v) + " is not left of the rolled dice");
        pool.erase(at);
    }
    s.n_left = static_cast<uint8_t>(l.size());
    for (size_t i = 0; i < l.size(); ++i) s.left[i] = static_cast<uint8_t>(l[i]);
}

void read_moved(const XiiOptions &o, const json &j, const std::string &field, S &s) {
    if (!o.enter_all_first) {
        if (j.contains("moved"))
            fail(Status::invalid_state,
                 path(field, "moved") + ": only the TabletopGames rulesets track the pieces moved this turn");
        return;
    }
    const std::vector<int> moved =
        read_counts(member(j, "moved", field, json::value_t::array), S::entry_cells, S::max_left, path(field, "moved"));
    int total = 0;
    for (int q = 1; q <= S::entry_cells; ++q) {
        s.moved[q] = static_cast<uint8_t>(moved[q - 1]);
        total += moved[q - 1];
        if (s.moved[q] > s.count[s.to_move][q])
            fail(Status::invalid_state, path(field, "moved") + "[" + std::to_string(q - 1) +
                                            "]: more pieces moved than the player to move has there");
    }
    if (total > 0 && (R::phase(s) != Phase::move || s.count[s.to_move][S::hand] == 0))
        fail(Status::invalid_state,
             path(field, "moved") + ": counted only in phase move while pieces of the player to move wait in hand");
}

void check_phase(const json &j, const std::string &field, const S &s) {
    require_phase(j, field, R::phase(s), s.result, std::string(" and dice ") + (s.n_left == 0 ? "[]" : "rolled"));
}

}  // namespace

json XiiScriptaRules::position_json(const Options &o, const State &s) {
    json track = json::array();
    for (int p = 0; p < 2; ++p)
        track.push_back(std::vector<int>(s.count[p].begin() + 1, s.count[p].begin() + S::last_cell + 1));
    const bool rolled = s.n_left != 0;
    json out{{"hand", {s.count[0][S::hand], s.count[1][S::hand]}},
             {"bar", {s.count[0][S::bar], s.count[1][S::bar]}},
             {"track", track},
             {"off", {s.count[0][S::off], s.count[1][S::off]}},
             {"dice", rolled ? json{s.dice[0], s.dice[1], s.dice[2]} : json::array()},
             {"dice_left", std::vector<int>(s.left.begin(), s.left.begin() + s.n_left)}};
    if (o.enter_all_first) out["moved"] = std::vector<int>(s.moved.begin() + 1, s.moved.end());
    return with_envelope(s, phase(s), std::move(out));
}

XiiState XiiScriptaRules::position_from_json(const Options &o, const json &j, const std::string &field) {
    std::vector<std::string> keys = {"hand",   "bar",        "track", "off",       "to_move", "phase",
                                     "result", "end_reason", "dice",  "dice_left", "rng"};
    if (o.enter_all_first) keys.push_back("moved");
    json_util::only_keys(j, keys, field);
    State s;
    race_state::read_pair(j, "hand", field, o.pieces, S::hand, s);
    race_state::read_pair(j, "bar", field, o.pieces, S::bar, s);
    const json &both = member(j, "track", field, json::value_t::array);
    if (both.size() != 2) fail(Status::invalid_state, path(field, "track") + ": must hold one array per player");
    for (int p = 0; p < 2; ++p) {
        const std::vector<int> counts =
            read_counts(both[p], S::last_cell, o.pieces, path(field, "track") + "[" + std::to_string(p) + "]");
        for (int k = 1; k <= S::last_cell; ++k) s.count[p][k] = static_cast<uint8_t>(counts[k - 1]);
    }
    race_state::read_pair(j, "off", field, o.pieces, S::off, s);
    check_material(o, s, field);
    check_cells(o, s, field);
    s.to_move = to_move_from_json(j, field);
    race_state::read_result(j, field, "XII Scripta", o.pieces, s);
    read_dice(o, j, field, s);
    check_phase(j, field, s);
    read_moved(o, j, field, s);
    s.rng = rng_from_json(j, field);
    return s;
}

}  // namespace ludus