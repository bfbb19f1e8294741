// The rules of Ludus Duodecim Scriptorum: the options, the legal steps, a step played, the dice
// and the moves as text and JSON (duodecim.hpp).
#include "duodecim.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

#include "../cold_code.hpp"
#include "../json_util.hpp"
#include "../position_envelope.hpp"
#include "../race_state.hpp"

namespace ludus {

namespace {

using Kind = OptionSpec::Kind;
using S = DuodecimState;

bool on_track(int progress) { return progress >= S::first_track && progress <= S::last_track; }
bool is_double(const S &s) { return s.dice[0] == s.dice[1]; }

// The values the next step may use, ascending and distinct: the remaining die after a one-die
// step; otherwise each die and the sum (a double's die once).
int step_values(const S &s, std::array<int, 3> &values) {
    if (s.one_die_used()) {
        values[0] = s.dice[s.dice_used[0] ? 1 : 0];
        return 1;
    }
    const int low = std::min(s.dice[0], s.dice[1]), high = std::max(s.dice[0], s.dice[1]);
    int n = 0;
    values[n++] = low;
    if (high != low) values[n++] = high;
    values[n++] = low + high;
    return n;
}

// Pieces that move together from `from`: the whole unit, or one piece from hand.
int mover_size(const S &s, int player, int from) { return from == S::hand ? 1 : s.count[player][from]; }

bool step_is_legal(const S &s, int player, int from, int to) {
    if (to > S::off) return false;                                         // no bounce
    if (to > S::last_entry && s.count[player][S::hand] > 0) return false;  // enter everything first
    if (!on_track(to)) return true;                                        // own entry cell, or off
    return s.count[1 - player][to] <= mover_size(s, player, from);         // capture only m >= n
}

void mark_dice_used(S &s, int value) {
    if (s.one_die_used() || value == s.dice[0] + s.dice[1]) {
        s.dice_used = {true, true};
    } else {
        s.dice_used[value == s.dice[0] ? 0 : 1] = true;
    }
}

void end_turn(S &s) {
    if (!is_double(s)) s.to_move = static_cast<uint8_t>(1 - s.to_move);  // a double rolls again
    s.dice = {0, 0};
    s.dice_used = {false, false};
    s.barred = S::nothing_barred;
}

int captured_by(const S &s, int player, int to) { return on_track(to) ? s.count[1 - player][to] : 0; }

const char *const roman[] = {"I", "II", "III", "IV", "V", "VI"};

int position_from_name(std::string_view name) {
    for (int p = 0; p < S::positions; ++p)
        if (name == DuodecimRules::position_name(p)) return p;
    return -1;
}

}  // namespace

const std::vector<OptionSpec> &DuodecimRules::option_specs() {
    static const std::vector<OptionSpec> specs = {
        {"pieces", Kind::integer, 6, 1, 15, {}, "pieces per player"},
        {"first_player",
         Kind::choice,
         "roll",
         0,
         0,
         {0, 1, "roll"},
         "who moves first; \"roll\": each player rolls both dice with the game's generator, the higher total starts"},
        seed_option_spec(),
    };
    return specs;
}

LUDUS_COLD DuodecimOptions DuodecimRules::parse_options(const json &given) {
    Options o;
    o.resolved = resolve_options(option_specs(), given);
    o.pieces = o.resolved["pieces"].get<int>();
    apply_seed(o);
    return o;
}

void DuodecimRules::apply_seed(Options &o) {
    Rng rng{o.resolved.seed()};
    const json &first = o.resolved["first_player"];
    o.opening_rolls.clear();
    if (first.is_string()) {
        for (;;) {  // equal totals roll again
            std::array<int, 4> r{};
            for (int &die : r) die = rng.die();
            o.opening_rolls.push_back(r);
            if (r[0] + r[1] != r[2] + r[3]) {
                o.first_player = r[0] + r[1] > r[2] + r[3] ? 0 : 1;
                break;
            }
        }
    } else {
        o.first_player = first.get<int>();
    }
    o.rng_after_opening = rng;
}

json DuodecimRules::setup_json(const Options &o) {
    return {{"first_player", o.first_player}, {"opening_rolls", o.opening_rolls}};
}

DuodecimState DuodecimRules::initial(const Options &o) {
    return race_state::start<State>(o.pieces, o.first_player, o.rng_after_opening);
}

namespace {

// Bit p set where the player has pieces at progress p: eight counts at a time (a byte is
// zero exactly when adding 0x7f to its low seven bits and or-ing itself leaves the top clear).
uint32_t occupied(const std::array<uint8_t, S::positions> &count) {
    uint32_t mask = 0;
#pragma GCC unroll 4
    for (int word = 0; word < 4; ++word) {
        uint64_t w;
        std::memcpy(&w, count.data() + 8 * word, 8);
        constexpr uint64_t low7 = 0x7F7F7F7F7F7F7F7Full;
        const uint64_t nonzero = (((w & low7) + low7) | w) & ~low7;  // top bit of each non-zero byte
        mask |= static_cast<uint32_t>(((nonzero >> 7) * 0x0102040810204080ull) >> 56) << (8 * word);
    }
    return mask;
}

// The legal steps (not pass), written to `out` (room for max_steps); returns how many.
int legal_steps(const S &s, Action *out) {
    const int player = s.to_move;
    std::array<int, 3> values{};
    const int n_values = step_values(s, values);
    uint32_t units = occupied(s.count[player]) & ~(uint32_t{1} << S::off);
    if (s.barred != S::nothing_barred) units &= ~(uint32_t{1} << s.barred);
    int n = 0;
    for (; units != 0; units &= units - 1) {
        const int from = std::countr_zero(units);
        for (int i = 0; i < n_values; ++i)
            if (step_is_legal(s, player, from, from + values[i]))
                out[n++] = from * DuodecimRules::action_stride + from + values[i];
    }
    return n;
}

}  // namespace

size_t DuodecimRules::write_actions(const Options &, const State &s, Action *out) {
    const int n = legal_steps(s, out);
    if (n > 0) return static_cast<size_t>(n);
    out[0] = pass_action;
    return 1;
}

void DuodecimRules::legal_actions(const Options &o, const State &s, std::vector<Action> &out) {
    append_actions<max_steps>(out, [&](Action *buffer) { return write_actions(o, s, buffer); });
}

bool DuodecimRules::is_legal(const Options &, const State &s, Action a) {
    if (a == pass_action) {
        std::array<Action, max_steps> steps;
        return legal_steps(s, steps.data()) == 0;
    }
    if (a < 0 || a >= action_stride * action_stride) return false;
    const int from = from_of(a), to = to_of(a), player = s.to_move;
    if (from >= S::off || s.count[player][from] == 0 || from == s.barred) return false;
    std::array<int, 3> values{};
    const int n_values = step_values(s, values);
    return std::find(values.begin(), values.begin() + n_values, to - from) != values.begin() + n_values &&
           step_is_legal(s, player, from, to);
}

void DuodecimRules::apply(const Options &o, State &s, Action a) {
    if (a == pass_action) {
        end_turn(s);
        return;
    }
    const int from = from_of(a), to = to_of(a), player = s.to_move, opponent = 1 - player;
    const int moving = mover_size(s, player, from);
    const bool merges = to != S::off && s.count[player][to] > 0;
    mark_dice_used(s, to - from);
    if (const int captured = captured_by(s, player, to); captured > 0) {
        s.count[opponent][to] = 0;
        s.count[opponent][S::hand] = static_cast<uint8_t>(s.count[opponent][S::hand] + captured);
    }
    s.count[player][from] = static_cast<uint8_t>(s.count[player][from] - moving);
    s.count[player][to] = static_cast<uint8_t>(s.count[player][to] + moving);
    if (s.count[player][S::off] == o.pieces) {
        end_game(s, player == 0 ? Result::player0_won : Result::player1_won, EndReason::borne_off);
        s.dice = {0, 0};
        s.dice_used = {false, false};
        s.barred = S::nothing_barred;
    } else if (s.dice_used[0] && s.dice_used[1]) {
        end_turn(s);
    } else {
        // The second die may move the unit just moved only if it formed or enlarged a column.
        s.barred = (to == S::off || merges) ? S::nothing_barred : static_cast<int8_t>(to);
    }
}

namespace {

[[noreturn, gnu::cold, gnu::noinline]] void bad_dice(std::span<const int> values) {
    if (values.size() != 2)
        fail(Status::invalid_argument, "dice: exactly 2 values are needed, not " + std::to_string(values.size()));
    for (size_t i = 0; i < 2; ++i)
        if (values[i] < 1 || values[i] > 6)
            fail(Status::invalid_argument,
                 "dice[" + std::to_string(i) + "]: " + std::to_string(values[i]) + " is not a die value 1..6");
    fail(Status::internal, "bad_dice: the dice are valid");
}

bool is_die(int value) { return static_cast<unsigned>(value - 1) < 6; }

}  // namespace

void DuodecimRules::set_dice(const Options &, State &s, std::span<const int> values) {
    if (values.size() != 2 || !is_die(values[0]) || !is_die(values[1])) [[unlikely]]
        bad_dice(values);  // every roll: no message built inline
    s.dice = {static_cast<uint8_t>(values[0]), static_cast<uint8_t>(values[1])};
}

json DuodecimRules::chance_outcomes(const Options &, const State &) {
    json out = json::array();
    for (int a = 1; a <= 6; ++a)
        for (int b = a; b <= 6; ++b) out.push_back({{"dice", {a, b}}, {"probability", (a == b ? 1.0 : 2.0) / 36.0}});
    return out;
}

std::string DuodecimRules::position_name(int progress) {
    if (progress == S::hand) return "H";
    if (progress == S::off) return "O";
    if (progress <= S::last_entry) return roman[progress - 1];
    return std::to_string(progress - S::last_entry);
}

std::string DuodecimRules::action_text(const Options &, Action a) {
    if (a == pass_action) return "pass";
    return position_name(from_of(a)) + "-" + position_name(to_of(a));
}

Action DuodecimRules::parse_action(const Options &, std::string_view text) {
    if (text == "pass") return pass_action;
    const size_t dash = text.find('-');
    const int from = dash == std::string_view::npos ? -1 : position_from_name(text.substr(0, dash));
    const int to = dash == std::string_view::npos ? -1 : position_from_name(text.substr(dash + 1));
    if (from < 0 || to < 0)
        fail(Status::invalid_move,
             json_util::quote(text) +
                 " is not a move: write FROM-TO with positions H, I..VI, 1..24, O (such as H-III, VI-3, 18-O) or pass");
    if (from >= to)
        fail(Status::invalid_move, json_util::quote(text) + " is not a move: a step goes forward, from H towards O");
    return from * action_stride + to;
}

LUDUS_COLD json DuodecimRules::action_json(const Options &o, const State &s, Action a) {
    const int player = s.to_move;
    if (a == pass_action) return race_state::pass_move_json(a, player);
    const int from = from_of(a), to = to_of(a), value = to - from;
    json dice = json::array();
    if (!s.one_die_used() && value == s.dice[0] + s.dice[1]) {
        dice = {s.dice[0], s.dice[1]};
    } else {
        dice.push_back(value);
    }
    const int captured = captured_by(s, player, to);
    json j{{"text", action_text(o, a)}, {"action", a}, {"player", player}, {"from", from}, {"to", to}, {"dice", dice},
           {"captures", captured}};
    add_move_fields(j, {"move", position_name(from), position_name(to),
                        captured > 0 ? std::vector{position_name(to)} : std::vector<std::string>{}, captured});
    return j;
}

}  // namespace ludus
