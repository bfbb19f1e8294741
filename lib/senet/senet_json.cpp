// A position of Senet as saved JSON, and read back with every field checked (senet.hpp).
#include "../json_util.hpp"
#include "../position_envelope.hpp"
#include "senet.hpp"

namespace ludus {

namespace {

using S = SenetState;
using R = SenetRules;
using json_util::member;
using json_util::path;

bool bool_member(const json &j, const std::string &key, const std::string &field) {
    return member(j, key, field, json::value_t::boolean).get<bool>();
}

// A field that only some rulesets use must hold its neutral value in the others.
void require_unused(bool unused, const std::string &at, const std::string &what) {
    if (!unused) fail(Status::invalid_state, at + ": " + what);
}

void read_squares(const SenetOptions &o, const json &j, const std::string &field, S &s) {
    const json &squares = member(j, "squares", field, json::value_t::array);
    if (squares.size() != 30) fail(Status::invalid_state, path(field, "squares") + ": must hold the 30 squares");
    for (size_t k = 0; k < 30; ++k) {
        const json &v = squares[k];
        if (v.is_null()) continue;
        if (!v.is_number_integer() || v.get<int64_t>() < 0 || v.get<int64_t>() > 1)
            fail(Status::invalid_state, path(field, "squares") + "[" + std::to_string(k) +
                                            "]: null (empty) or the player 0 or 1 whose piece it is");
        s.pieces[v.get<size_t>()] |= uint32_t{1} << (k + 1);
    }
    const auto hand = json_util::pair_member(j, "hand", field, o.pieces);
    const auto off = json_util::pair_member(j, "off", field, o.pieces);
    for (int p = 0; p < 2; ++p) {
        s.in_hand[static_cast<size_t>(p)] = static_cast<uint8_t>(hand[static_cast<size_t>(p)]);
        s.borne_off[static_cast<size_t>(p)] = static_cast<uint8_t>(off[static_cast<size_t>(p)]);
        const int total = hand[static_cast<size_t>(p)] + off[static_cast<size_t>(p)] + R::on_board(s, p);
        // Bell's captured pieces leave the game; every other piece is somewhere.
        const bool bell = o.ruleset == SenetRuleset::bell;
        if (bell ? total > o.pieces : total != o.pieces)
            fail(Status::invalid_state, path(field, "squares") + ", hand, off: player " + std::to_string(p) + " has " +
                                            std::to_string(total) + " pieces, " + R::ruleset_label(o) + " plays " +
                                            (bell ? "at most " : "") + std::to_string(o.pieces));
    }
    if (!R::has_hand(o))
        require_unused(s.in_hand == std::array<uint8_t, 2>{}, path(field, "hand"),
                       "only Piccione's pieces are ever in hand: [0, 0]");
}

void read_result(const SenetOptions &o, const json &j, const std::string &field, S &s) {
    const std::string at = path(field, "result");
    s.result = result_from_json(j, field);
    auto left = [&](int p) { return s.in_hand[static_cast<size_t>(p)] + R::on_board(s, p); };
    if (o.ruleset == SenetRuleset::bell) {
        const bool over = left(0) == 0 && left(1) == 0;
        const Result by_score = s.borne_off[0] > s.borne_off[1]   ? Result::player0_won
                                : s.borne_off[1] > s.borne_off[0] ? Result::player1_won
                                                                  : Result::draw;
        if (over != (s.result != Result::ongoing) || (over && s.result != by_score))
            fail(Status::invalid_state, at +
                                            ": Bell's game ends when no piece is left on the board, won by more "
                                            "pieces borne off, so \"" +
                                            result_name(over ? by_score : Result::ongoing) + "\"");
    } else {
        if (s.result == Result::draw) fail(Status::invalid_state, at + ": " + R::ruleset_label(o) + " has no draws");
        for (int p = 0; p < 2; ++p) {
            const Result won = p == 0 ? Result::player0_won : Result::player1_won;
            if ((left(p) == 0) != (s.result == won))
                fail(Status::invalid_state,
                     at + ": player " + std::to_string(p) + " has " +
                         (left(p) == 0 ? "no piece left, so \"" + std::string(result_name(won)) + "\""
                                       : "pieces left, so it has not won"));
        }
        if (s.result != Result::ongoing && s.to_move != (s.result == Result::player0_won ? 0 : 1))
            fail(Status::invalid_state,
                 path(field, "to_move") + ": when the game is over it is the winner, who made the last move");
    }
    s.end_reason = end_reason_from_json(j, field, s.result);
}

void read_throw(const SenetOptions &o, const json &j, const std::string &field, S &s) {
    const json &dice = member(j, "dice", field, json::value_t::array);
    const json &roll = j.contains("roll") ? j["roll"] : json();
    if (dice.empty()) {
        if (!roll.is_null()) fail(Status::invalid_state, path(field, "roll") + ": must be null before the throw");
        return;
    }
    if (s.result != Result::ongoing)
        fail(Status::invalid_state, path(field, "dice") + ": must be [] when the game is over");
    std::vector<int> values;
    for (size_t i = 0; i < dice.size() && i < 4; ++i) {
        if (!dice[i].is_number_integer())
            fail(Status::invalid_state, path(field, "dice") + "[" + std::to_string(i) + "]: must be an integer");
        values.push_back(dice[i].get<int>());
    }
    if (dice.size() > 4) values.push_back(0);  // refused for its count
    int t = 0;
    try {
        t = R::throw_of(o, values);
    } catch (const Error &e) { fail(Status::invalid_state, path(field, "dice") + ": " + e.what()); }
    for (size_t i = 0; i < values.size(); ++i) s.dice[i] = static_cast<uint8_t>(values[i]);
    s.n_dice = static_cast<uint8_t>(values.size());
    s.roll = static_cast<uint8_t>(t);
    if (!roll.is_number_integer() || roll.get<int64_t>() != t)
        fail(Status::invalid_state, path(field, "roll") + ": the dice " + dice.dump() + " count " + std::to_string(t));
}

// The fields of the opening and of Kendall's and Piccione's rules, each checked against the ruleset.
void read_turn(const SenetOptions &o, const json &j, const std::string &field, S &s) {
    const bool piccione = o.ruleset == SenetRuleset::piccione, bell = o.ruleset == SenetRuleset::bell;
    s.opening = bool_member(j, "opening", field);
    require_unused(!piccione || !s.opening, path(field, "opening"), "Piccione's game has no opening throws");
    const json &first = j.contains("first_throw") ? j["first_throw"] : json();
    if (!first.is_null()) {
        require_unused(bell && s.opening, path(field, "first_throw"), "only Bell's opening keeps a first throw");
        s.first_throw = static_cast<uint8_t>(json_util::integer_member(j, "first_throw", field, 1, 4));
    }
    const json &returned = member(j, "returned", field, json::value_t::array);
    for (size_t i = 0; i < returned.size(); ++i) {
        const json &k = returned[i];
        const std::string at = path(field, "returned") + "[" + std::to_string(i) + "]";
        if (!k.is_number_integer() || k.get<int64_t>() < 1 || k.get<int64_t>() > 30 || R::owner(s, k.get<int>()) < 0)
            fail(Status::invalid_state, at + ": must be a square 1..30 that holds a piece");
        require_unused(o.ruleset == SenetRuleset::kendall, at, "only Kendall's pieces come back from the water");
        s.returned |= uint32_t{1} << k.get<int>();
    }
    const json &started = member(j, "started", field, json::value_t::array);
    if (started.size() != 2 || !started[0].is_boolean() || !started[1].is_boolean())
        fail(Status::invalid_state, path(field, "started") + ": one true or false per player");
    s.started = {started[0].get<bool>(), started[1].get<bool>()};
    require_unused(o.starting_throw || (s.started[0] && s.started[1]), path(field, "started"),
                   "[true, true] without the option starting_throw");
    s.steps_left = static_cast<uint8_t>(json_util::integer_member(j, "steps_left", field, 0, 6));
    s.extra_throw = static_cast<uint8_t>(json_util::integer_member(j, "extra_throw", field, 0, 2));
    s.entered = bool_member(j, "entered", field);
    s.new_turn = bool_member(j, "new_turn", field);
    require_unused(piccione || (s.steps_left == 0 && s.extra_throw == 0 && !s.entered && s.new_turn),
                   path(field, "steps_left"),
                   "steps_left 0, extra_throw 0, entered false and new_turn true outside Piccione's rules");
    require_unused(!s.entered || R::owner(s, 1) == s.to_move, path(field, "entered"),
                   "the entered piece stands on square 1");
}

}  // namespace

json SenetRules::position_json(const Options &, const State &s) {
    json squares = json::array();
    json returned = json::array();
    for (int k = 1; k <= 30; ++k) {
        squares.push_back(owner(s, k) < 0 ? json() : json(owner(s, k)));
        if (s.returned >> k & 1) returned.push_back(k);
    }
    const bool thrown = s.n_dice != 0;
    json out{{"squares", std::move(squares)},
             {"hand", {s.in_hand[0], s.in_hand[1]}},
             {"off", {s.borne_off[0], s.borne_off[1]}},
             {"dice", std::vector<int>(s.dice.begin(), s.dice.begin() + s.n_dice)},
             {"roll", thrown ? json(s.roll) : json()},
             {"opening", s.opening != 0},
             {"first_throw", s.first_throw != 0 ? json(s.first_throw) : json()},
             {"returned", std::move(returned)},
             {"started", {s.started[0] != 0, s.started[1] != 0}},
             {"steps_left", s.steps_left},
             {"extra_throw", s.extra_throw},
             {"entered", s.entered != 0},
             {"new_turn", s.new_turn != 0}};
    return with_envelope(s, phase(s), std::move(out));
}

SenetState SenetRules::position_from_json(const Options &o, const json &j, const std::string &field) {
    json_util::only_keys(j,
                         {"squares", "hand", "off", "dice", "roll", "opening", "first_throw", "returned", "started",
                          "steps_left", "extra_throw", "entered", "new_turn", "to_move", "phase", "result",
                          "end_reason", "rng"},
                         field);
    State s;
    read_squares(o, j, field, s);
    s.to_move = to_move_from_json(j, field);
    read_turn(o, j, field, s);
    read_result(o, j, field, s);
    read_throw(o, j, field, s);
    require_phase(j, field, R::phase(s), s.result, std::string(" and dice ") + (s.n_dice == 0 ? "[]" : "thrown"));
    s.rng = rng_from_json(j, field);
    return s;
}

}  // namespace ludus
