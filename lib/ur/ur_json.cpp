// A position of the Royal Game of Ur as saved JSON, and read back with every field checked (ur.hpp).
#include "../json_util.hpp"
#include "../position_envelope.hpp"
#include "../race_state.hpp"
#include "ur.hpp"

namespace ludus {

namespace {

using S = UrState;
using R = UrRules;
using json_util::member;
using json_util::path;
using json_util::read_counts;

// The pieces as read, a count per player and position (hand, 1..route_length, off), as the race
// games' readers (race_state.hpp) read them, before they are checked and made a state.
struct Counts {
    std::array<std::array<uint8_t, S::off + 1>, 2> count{};
};

// A cell holds one piece at most.
void check_cells(const UrOptions &o, const Counts &s, const std::string &field) {
    std::array<int, S::cells> seen{};
    for (int p = 0; p < 2; ++p)
        for (int k = 1; k <= o.route_length; ++k) {
            if (s.count[p][k] > 1)
                fail(Status::invalid_state, path(field, "track") + "[" + std::to_string(p) + "][" +
                                                std::to_string(k - 1) + "]: a square holds one piece at most");
            if (s.count[p][k] == 1 && seen[o.cell[p][k]]++ != 0)
                fail(Status::invalid_state, path(field, "track") + "[" + std::to_string(p) + "][" +
                                                std::to_string(k - 1) + "]: the square of player " + std::to_string(p) +
                                                "'s progress " + std::to_string(k) + " holds another piece");
        }
}

void read_dice(const UrOptions &o, const json &j, const std::string &field, S &s) {
    const json &dice = member(j, "dice", field, json::value_t::array);
    const json &roll = j.contains("roll") ? j["roll"] : json();
    if (dice.empty()) {
        if (!roll.is_null()) fail(Status::invalid_state, path(field, "roll") + ": must be null before the roll");
        return;
    }
    if (s.result != Result::ongoing)
        fail(Status::invalid_state, path(field, "dice") + ": must be [] when the game is over");
    const std::vector<int> values = read_counts(dice, static_cast<size_t>(o.dice), 1, path(field, "dice"));
    R::set_dice(o, s, values);
    if (!roll.is_number_integer() || roll.get<int64_t>() != s.roll)
        fail(Status::invalid_state,
             path(field, "roll") + ": the dice " + dice.dump() + " move " + std::to_string(s.roll));
}

}  // namespace

json UrRules::position_json(const Options &o, const State &s) {
    json track = json::array();
    for (int p = 0; p < 2; ++p) {
        std::vector<int> on_route;
        for (int k = 1; k <= o.route_length; ++k) on_route.push_back(s.count(p, k));
        track.push_back(std::move(on_route));
    }
    const bool rolled = s.n_dice != 0;
    json out{{"hand", s.in_hand},
             {"track", track},
             {"off", s.borne_off},
             {"dice", std::vector<int>(s.dice.begin(), s.dice.begin() + s.n_dice)},
             {"roll", rolled ? json(s.roll) : json()}};
    return with_envelope(s, phase(s), std::move(out));
}

UrState UrRules::position_from_json(const Options &o, const json &j, const std::string &field) {
    json_util::only_keys(j, {"hand", "track", "off", "to_move", "phase", "result", "end_reason", "dice", "roll", "rng"},
                         field);
    Counts read;
    race_state::read_pair(j, "hand", field, o.pieces, S::hand, read);
    const json &both = member(j, "track", field, json::value_t::array);
    if (both.size() != 2) fail(Status::invalid_state, path(field, "track") + ": must hold one array per player");
    for (int p = 0; p < 2; ++p) {
        const std::vector<int> counts = read_counts(both[p], static_cast<size_t>(o.route_length), 1,
                                                    path(field, "track") + "[" + std::to_string(p) + "]");
        for (int k = 1; k <= o.route_length; ++k) read.count[p][k] = static_cast<uint8_t>(counts[k - 1]);
    }
    race_state::read_pair(j, "off", field, o.pieces, S::off, read);
    race_state::check_total(read, o.pieces, field, "track, off");
    check_cells(o, read, field);
    State s;
    for (int p = 0; p < 2; ++p)
        for (int k = S::hand; k <= S::off; ++k) s.set_count(p, k, read.count[p][k]);
    s.to_move = to_move_from_json(j, field);
    race_state::read_result(j, field, "The Royal Game of Ur", o.pieces, s);
    read_dice(o, j, field, s);
    require_phase(j, field, R::phase(s), s.result, std::string(" and dice ") + (s.n_dice == 0 ? "[]" : "thrown"));
    s.rng = rng_from_json(j, field);
    return s;
}

}  // namespace ludus
