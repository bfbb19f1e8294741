// Senet's rules: the rulesets and options, the setups and the opening throws, the moves a throw
// allows in each ruleset, a move and the end of a turn, the sticks and the die, the moves as
// text and JSON (senet.hpp; each rule's source in docs/rules/senet.md).
#include "senet.hpp"

#include <algorithm>
#include <utility>

#include "../cold_code.hpp"
#include "../json_util.hpp"
#include "../race_state.hpp"

namespace ludus {

namespace {

using Kind = OptionSpec::Kind;
using S = SenetState;
using R = SenetRules;

struct RulesetInfo {
    SenetRuleset ruleset;
    const char *name;
    int pieces;
    bool hand;  // the pieces start in hand and enter from it (Piccione's); elsewhere none ever is
    const char *source;
};

constexpr std::array<RulesetInfo, 4> rulesets = {{
    {SenetRuleset::kendall, "kendall", 7, false,
     "T. Kendall, Passing Through the Netherworld: The Meaning and Play of Senet (Kirk Game Company, 1979), rules "
     "book, as Ludii 1.3.13's Senet.lud encodes it (ruleset Kendall (Scholarly); his optional rules as the options "
     "five_pieces, trap, home_row, starting_throw)"},
    {SenetRuleset::bell, "bell", 10, false,
     "R. C. Bell, Board and Table Games from Many Civilizations, revised edition (Dover, 1979), pp. 27-28, as Ludii "
     "1.3.13's Senet.lud encodes it (ruleset Bell (Suggested))"},
    {SenetRuleset::piccione, "piccione", 5, true,
     "P. A. Piccione, 'In Search of the Meaning of Senet', Archaeology 33 (1980), and the rules of King Tut's Game "
     "(Cypress, 1977), as Ludii 1.3.13's Senet.lud encodes them (ruleset Piccione (Scholarly))"},
    {SenetRuleset::jequier, "jequier", 5, false,
     "G. Jéquier, 'Les jeux', in Manuel d'archéologie égyptienne (Picard, 1930), as Ludii 1.3.13's Senet.lud "
     "encodes it (ruleset Jequier (Scholarly))"},
}};

using senet_moves::beauty, senet_moves::rebirth, senet_moves::water;

int other(int p) { return 1 - p; }
using senet_moves::bit;
bool holds(const S &s, int square, int p) {
    return square >= 1 && square <= 30 && (s.pieces[static_cast<size_t>(p)] & bit(square)) != 0;
}
bool is_empty(const S &s, int square) { return ((s.pieces[0] | s.pieces[1]) & bit(square)) == 0; }
void put(S &s, int square, int p) { s.pieces[static_cast<size_t>(p)] |= bit(square); }
void clear(S &s, int square) { s.pieces[0] &= ~bit(square), s.pieces[1] &= ~bit(square); }
using senet_moves::first_row;

bool no_piece_on_first_row(const S &s, int p) { return (s.pieces[static_cast<size_t>(p)] & first_row) == 0; }

// Whether player p has no piece left, on the board or in hand.
bool none_left(const S &s, int p) {
    return (s.pieces[static_cast<size_t>(p)] | s.in_hand[static_cast<size_t>(p)]) == 0;
}

// ---------------------------------------------------------------------------------------------
// The setups and the opening.

// Each ruleset's pieces of Ludii's first player (P1) and second (P2), as bits 1..30 (no vector:
// a random playout's new game allocates nothing).
uint32_t setup_squares(const SenetOptions &o, int ludii_player) {
    uint32_t out = 0;
    switch (o.ruleset) {
    case SenetRuleset::kendall:  // P1 on 2, 4, ..., P2 on 1, 3, ...: P1's piece in front
        for (int k = 2 - ludii_player; k <= 2 * o.pieces; k += 2) out |= bit(k);
        break;
    case SenetRuleset::bell:  // P1 on 1, 3, ..., 19, P2 on 2, 4, ..., 20
    case SenetRuleset::jequier:
        for (int k = 1 + ludii_player; k <= 2 * o.pieces; k += 2) out |= bit(k);
        break;
    case SenetRuleset::piccione: break;  // every piece in hand
    }
    return out;
}

// The piece in front that the first throw of 1 moves one square (Kendall, Jéquier).
int front_square(const SenetOptions &o) { return 2 * o.pieces; }

// Kendall's first thrower of 1 plays Ludii's first player's pieces (the piece in front),
// Jéquier's the second player's.
bool front_is_first_players(const SenetOptions &o) { return o.ruleset == SenetRuleset::kendall; }

void exchange_sides(S &s) { std::swap(s.pieces[0], s.pieces[1]); }

// ---------------------------------------------------------------------------------------------
// The moves. Each ruleset's list of the moves a throw allows, in Ludii's terms.

struct MoveList {
    Action *out;
    size_t n = 0;
    void add(int from, int to) { out[n++] = R::make_action(from, to); }
};

// The pieces of `m`, each with where it goes, in the list's order.
void add_movable(const SenetOptions &o, const S &s, const senet_moves::Movable &m, MoveList &list) {
    for (uint32_t rest = m.from; rest != 0; rest &= rest - 1) {
        const int from = std::countr_zero(rest);
        list.add(from, senet_moves::destination(o, s, from, m.backward));
    }
}

// Kendall's piece of the mover in the water (unless the piece back on 15 must move): a 4 bears
// it off; otherwise back to 15 (if free) or wait, a move of its own (the pass).
void kendall_moves(const SenetOptions &o, const S &s, MoveList &list) {
    const int p = s.to_move, t = s.roll;
    if (senet_moves::kendall_returned_must_move(s) || !holds(s, water, p))
        return add_movable(o, s, senet_moves::kendall_movable(o, s), list);
    if (t == 4) {
        if (!o.home_row || no_piece_on_first_row(s, p)) list.add(water, S::off);
        return;
    }
    if (is_empty(s, rebirth)) list.add(water, rebirth);
    list.add(S::hand, S::hand);
}

// Piccione's moves in the order of PiccioneMoves::nth.
void piccione_moves(const S &s, MoveList &list) {
    const senet_moves::PiccioneMoves m = senet_moves::piccione_moves(s);
    if (m.back_to_hand) return list.add(1, S::hand);
    if (m.enter) list.add(S::hand, 1);
    for (uint32_t rest = m.pieces; rest != 0; rest &= rest - 1) {
        const int from = std::countr_zero(rest);
        for (uint32_t to = m.destinations(from); to != 0; to &= to - 1) list.add(from, std::countr_zero(to));
    }
    if (m.enter && list.n == 1) list.add(S::hand, S::hand);
}

// Jéquier's way back for a captured piece, or one fallen into the water: the first free square
// of the first row (10 when 1-9 are taken; past it along the path if that is taken too).
int jequier_start_square(const S &s) {
    const uint32_t free = ~(s.pieces[0] | s.pieces[1]) & senet_moves::board;
    return free == 0 ? 0 : std::countr_zero(free);
}

// The opening: Kendall's and Jéquier's players throw in turn until one throws 1, which moves
// the piece in front; Bell's throw once each.
void opening_moves(const SenetOptions &o, const S &s, MoveList &list) {
    if (o.ruleset != SenetRuleset::bell && s.roll == 1) list.add(front_square(o), front_square(o) + 1);
}

// ---------------------------------------------------------------------------------------------
// Applying a move.

// The turn passes (or the same player throws again); the sticks are thrown anew.
[[gnu::always_inline]] inline void end_turn(S &s, bool again) {
    if (!again) {
        s.to_move = static_cast<uint8_t>(other(s.to_move));
        s.new_turn = 1;
    }
    s.dice = {};
    s.n_dice = 0;
    s.roll = 0;
}

// The piece on `from` (either side's) goes to `to`, whose piece, if any, leaves the board.
[[gnu::always_inline]] inline void move_piece(S &s, int from, int to) {
    const size_t p = s.pieces[1] >> from & 1;
    s.pieces[0] &= ~bit(to);
    s.pieces[1] &= ~bit(to);
    s.pieces[p] = (s.pieces[p] & ~bit(from)) | bit(to);
    if (s.returned != 0) [[unlikely]] {  // Kendall's mark of a piece back from the water moves with it
        const uint32_t returned = s.returned >> from & 1;
        s.returned &= ~(bit(from) | bit(to));
        s.returned |= returned << to;
    }
}

[[gnu::always_inline]] inline void bear_off(S &s, int from) {
    clear(s, from);
    s.returned &= ~(uint32_t{1} << from);
    ++s.borne_off[s.to_move];
}

// The mover's piece takes the enemy's square, the enemy's piece the mover's.
[[gnu::always_inline]] inline void change_places(S &s, int from, int to) {
    const int enemy = R::owner(s, to);
    move_piece(s, from, to);
    put(s, from, enemy);
}

// Whether throw `t` is one of `throws` (bits: bit k for a throw of k), which throw again.
bool again_on(int t, uint32_t throws) { return (throws >> t & 1) != 0; }

// The game ends (no more throws).
void finish(S &s, Result result) {
    end_game(s, result, EndReason::borne_off);
    s.dice = {};
    s.n_dice = 0;
    s.roll = 0;
}

void win(S &s, int p) { finish(s, p == 0 ? Result::player0_won : Result::player1_won); }

[[gnu::cold]] void apply_opening(const SenetOptions &o, S &s, Action a) {
    const int p = s.to_move;
    if (o.ruleset == SenetRuleset::bell) {
        // Both throw once; the higher throw starts, the first thrower on a tie.
        if (s.first_throw == 0) {
            s.first_throw = s.roll;
            return end_turn(s, false);
        }
        s.opening = 0;
        const bool second_starts = s.first_throw < s.roll;
        s.first_throw = 0;
        return end_turn(s, second_starts);
    }
    if (a == R::pass_action) return end_turn(s, false);
    // The first throw of 1: its thrower takes the side whose piece is in front and moves it.
    const bool first_players_side = p == o.first_player;
    if (front_is_first_players(o) != first_players_side) exchange_sides(s);
    move_piece(s, R::from_of(a), R::to_of(a));
    s.opening = 0;
    s.started[static_cast<size_t>(p)] = 1;
    end_turn(s, true);
}

[[gnu::always_inline]] inline void apply_kendall(const SenetOptions &o, S &s, Action a) {
    const int p = s.to_move, t = s.roll;
    const bool returned_must_move = senet_moves::kendall_returned_must_move(s);
    const bool in_water = holds(s, water, p);
    if (a == R::pass_action) {
        // Waiting in the water is a move of its own, which gives no other throw.
        const bool waited = !returned_must_move && in_water && t != 4;
        return end_turn(s, !waited && again_on(t, bit(1) | bit(4) | bit(5)));
    }
    const int from = R::from_of(a), to = R::to_of(a);
    if (to == S::off) {
        bear_off(s, from);
    } else if (is_empty(s, to)) {
        move_piece(s, from, to);
    } else {
        change_places(s, from, to);
    }
    if (from == water && to == rebirth) s.returned |= uint32_t{1} << rebirth;
    if (returned_must_move && to != S::off) s.returned &= ~(uint32_t{1} << to);
    if (s.borne_off[static_cast<size_t>(p)] == o.pieces) return win(s, p);
    end_turn(s, !returned_must_move && !in_water && again_on(t, bit(1) | bit(4) | bit(5)));
}

[[gnu::always_inline]] inline void apply_bell(S &s, Action a) {
    if (a != R::pass_action) {
        const int from = R::from_of(a), to = R::to_of(a);
        if (to == S::off)
            bear_off(s, from);
        else
            move_piece(s, from, to);  // an enemy there leaves the game
    }
    if (none_left(s, 0) && none_left(s, 1)) {
        const int a0 = s.borne_off[0], a1 = s.borne_off[1];
        return finish(s, a0 > a1 ? Result::player0_won : a1 > a0 ? Result::player1_won : Result::draw);
    }
    end_turn(s, false);
}

[[gnu::always_inline]] inline void apply_piccione(S &s, Action a) {
    const int p = s.to_move;
    if (a == R::pass_action) {
        s.entered = 0;
        return end_turn(s, false);
    }
    const int from = R::from_of(a), to = R::to_of(a);
    s.new_turn = 0;
    if (s.extra_throw == 2) s.extra_throw = 0;  // the extra throw is being used
    if (from == S::hand) {
        --s.in_hand[static_cast<size_t>(p)];
        put(s, 1, p);
        s.entered = 1;
        return end_turn(s, true);  // the next throw moves the entered piece
    }
    s.entered = 0;
    if (to == S::hand) {
        clear(s, from);
        ++s.in_hand[static_cast<size_t>(p)];
        return end_turn(s, false);
    }
    if (to == S::off)
        bear_off(s, from);
    else
        move_piece(s, from, to);
    if (to == water) {  // the water: back to hand
        clear(s, water);
        ++s.in_hand[static_cast<size_t>(p)];
    }
    if (none_left(s, p)) return win(s, p);
    // Ludii's (last To) of a piece borne off is its square: 26 with a 5 earns a throw too.
    const int landed = to == S::off ? from : to;
    const bool house = landed == rebirth || landed == beauty;
    const int rest = s.steps_left - (to - from);  // off is 31, just past the end
    if (rest > 0) {
        s.steps_left = static_cast<uint8_t>(rest);
        if (house) s.extra_throw = 1;
        return;  // the same throw goes on: no new throw
    }
    s.steps_left = 0;
    if (s.extra_throw == 1 || house) {
        s.extra_throw = 2;
        return end_turn(s, true);
    }
    s.extra_throw = 0;
    end_turn(s, false);
}

[[gnu::always_inline]] inline void apply_jequier(S &s, Action a) {
    const int p = s.to_move, t = s.roll;
    if (a != R::pass_action) {
        const int from = R::from_of(a), to = R::to_of(a);
        if (to == S::off) {
            bear_off(s, from);
        } else {
            if (holds(s, to, other(p))) {
                // Back to the start, found before the capturing piece leaves its square (Ludii).
                move_piece(s, to, jequier_start_square(s));
            }
            move_piece(s, from, to);
            if (to == water) move_piece(s, water, jequier_start_square(s));
        }
        if (none_left(s, p)) return win(s, p);
    }
    end_turn(s, again_on(t, bit(1) | bit(4) | bit(6)));
}

}  // namespace

// ---------------------------------------------------------------------------------------------

json SenetRules::rulesets_json() { return race_state::rulesets_json(rulesets); }

const char *SenetRules::ruleset_name(SenetRuleset r) { return rulesets[static_cast<size_t>(r)].name; }

bool SenetRules::has_hand(const Options &o) { return rulesets[static_cast<size_t>(o.ruleset)].hand; }

std::string SenetRules::ruleset_label(const Options &o) {
    return ludus::ruleset_label(ruleset_name(o.ruleset), ruleset_name(o.ruleset));
}

// Both players run the same path, and the moves name its squares by their number along it
// ("1".."30"): no routes to name.
json SenetRules::board_json(const Options &) { return {{"kind", "track"}, {"rows", 3}, {"cols", 10}, {"cells", 30}}; }

const std::vector<OptionSpec> &SenetRules::option_specs() {
    static const std::vector<OptionSpec> specs = []() LUDUS_COLD {
        auto kendall_option = [](const char *name, const char *what) {
            return OptionSpec{name,
                              Kind::choice,
                              false,
                              0,
                              0,
                              {false, true},
                              std::string("Kendall's optional rule (ruleset kendall only): ") + what};
        };
        std::vector<OptionSpec> all = {
            race_state::ruleset_spec(rulesets, "kendall", "docs/rules/senet.md"),
            kendall_option("five_pieces", "five pieces a side instead of seven"),
            kendall_option("trap", "a throw past 26 from a square before it falls into the water (27)"),
            kendall_option("home_row", "no piece is borne off while one of the side is on the first row (1-10)"),
            kendall_option("starting_throw", "the player who did not throw the first 1 moves only after a 1"),
        };
        for (OptionSpec &s : race_state::first_player_and_seed_specs()) all.push_back(std::move(s));
        all[5].description = "who throws first (the opening throws then decide who plays which side)";
        return all;
    }();
    return specs;
}

json SenetRules::options_catalogue() { return ludus::options_catalogue(option_specs()); }

LUDUS_COLD SenetOptions SenetRules::parse_options(const json &given) {
    Options o;
    const RulesetInfo *info = &race_state::resolve_ruleset(o, option_specs(), given, rulesets);
    o.pieces = info->pieces;
    for (const char *option : {"five_pieces", "trap", "home_row", "starting_throw"})
        if (o.resolved[option].get<bool>() && o.ruleset != SenetRuleset::kendall)
            fail(Status::invalid_option, std::string("option \"") + option +
                                             "\": Kendall's optional rule, not one of " +
                                             ludus::ruleset_label(info->name, info->name));
    if (o.resolved["five_pieces"].get<bool>()) o.pieces = 5;
    o.trap = o.resolved["trap"].get<bool>();
    o.home_row = o.resolved["home_row"].get<bool>();
    o.starting_throw = o.resolved["starting_throw"].get<bool>();
    o.first_player = o.resolved["first_player"].get<int>();
    return o;
}

SenetState SenetRules::initial(const Options &o) {
    State s;
    s.to_move = static_cast<uint8_t>(o.first_player);
    s.rng = Rng{o.resolved.seed()};
    // Ludii's first player is the one who throws first.
    for (int ludii_player = 0; ludii_player < 2; ++ludii_player) {
        const int seat = ludii_player == 0 ? o.first_player : other(o.first_player);
        s.pieces[static_cast<size_t>(seat)] |= setup_squares(o, ludii_player);
    }
    if (has_hand(o))
        s.in_hand = {static_cast<uint8_t>(o.pieces), static_cast<uint8_t>(o.pieces)};
    else
        s.opening = 1;
    if (!o.starting_throw) s.started = {1, 1};
    return s;
}

size_t SenetRules::write_actions(const Options &o, const State &s, Action *out) {
    MoveList list{out};
    if (s.opening)
        opening_moves(o, s, list);
    else
        switch (o.ruleset) {
        case SenetRuleset::kendall: kendall_moves(o, s, list); break;
        case SenetRuleset::bell: add_movable(o, s, senet_moves::bell_movable(s), list); break;
        case SenetRuleset::piccione: piccione_moves(s, list); break;
        case SenetRuleset::jequier: add_movable(o, s, senet_moves::jequier_movable(s), list); break;
        }
    if (list.n == 0) out[list.n++] = pass_action;
    return list.n;
}

LUDUS_COLD Action SenetRules::random_listed_action(const Options &o, const State &s, Rng &rng) {
    std::array<Action, max_moves> list;
    return list[rng.below(static_cast<uint32_t>(write_actions(o, s, list.data())))];
}

void SenetRules::legal_actions(const Options &o, const State &s, std::vector<Action> &out) {
    append_actions<max_moves>(out, [&](Action *buffer) { return write_actions(o, s, buffer); });
}

void SenetRules::apply(const Options &o, State &s, Action a) {
    if (s.opening) [[unlikely]]
        return apply_opening(o, s, a);
    switch (o.ruleset) {
    case SenetRuleset::kendall: return apply_kendall(o, s, a);
    case SenetRuleset::bell: return apply_bell(s, a);
    case SenetRuleset::piccione: return apply_piccione(s, a);
    case SenetRuleset::jequier: return apply_jequier(s, a);
    }
}

void SenetBellRules::apply(const Options &o, State &s, Action a) {
    if (s.opening) [[unlikely]]
        return apply_opening(o, s, a);
    apply_bell(s, a);
}

int SenetRules::throw_of(const Options &o, std::span<const int> values) {
    const bool die = o.ruleset == SenetRuleset::bell;
    const size_t needed = die ? 1 : 4;
    if (values.size() != needed)
        fail(Status::invalid_argument,
             die ? "dice: Bell's ruleset throws one four-sided die: exactly 1 value 1..4 is needed, not " +
                       std::to_string(values.size())
                 : "dice: four throwing sticks: exactly 4 values 0 or 1 (1 a blank side up) are needed, not " +
                       std::to_string(values.size()));
    int sum = 0;
    for (size_t i = 0; i < values.size(); ++i) {
        const int v = values[i];
        if (die ? v < 1 || v > 4 : v < 0 || v > 1)
            fail(Status::invalid_argument,
                 "dice[" + std::to_string(i) + "]: " + std::to_string(v) +
                     (die ? " is not a face of the four-sided die (1..4)" : " is not a stick's side (0 or 1)"));
        sum += v;
    }
    return throw_count(o, sum);
}

void SenetRules::refuse_dice(const Options &o, std::span<const int> values) {
    throw_of(o, values);
    fail(Status::invalid_argument, "dice: not a throw of the ruleset's sticks or die");  // throw_of has failed
}

json SenetRules::chance_outcomes(const Options &o, const State &) {
    json out = json::array();
    if (o.ruleset == SenetRuleset::bell) {
        for (int face = 1; face <= 4; ++face) out.push_back({{"dice", {face}}, {"probability", 0.25}});
        return out;
    }
    int ways = 1;  // C(4, blank)
    for (int blank = 0; blank <= 4; ++blank) {
        std::vector<int> dice(4, 0);
        std::fill(dice.end() - blank, dice.end(), 1);
        out.push_back({{"dice", dice}, {"probability", ways / 16.0}});
        ways = ways * (4 - blank) / (blank + 1);
    }
    return out;
}

Action SenetRules::parse_action(const Options &, std::string_view text) {
    if (text == "pass") return pass_action;
    auto position = [](std::string_view name) {
        if (name == "H") return int{S::hand};
        if (name == "O") return int{S::off};
        if (name.empty() || name.size() > 2 || name[0] == '0') return -1;
        int v = 0;
        for (char ch : name) {
            if (ch < '0' || ch > '9') return -1;
            v = v * 10 + (ch - '0');
        }
        return v >= 1 && v <= 30 ? v : -1;
    };
    const size_t dash = text.find('-');
    const int from = dash == std::string_view::npos ? -1 : position(text.substr(0, dash));
    const int to = dash == std::string_view::npos ? -1 : position(text.substr(dash + 1));
    if (from < 0 || to < 0 || from == S::off || from == to)
        fail(Status::invalid_move, json_util::quote(text) +
                                       " is not a move: write FROM-TO with squares 1..30, H (in hand) and O (borne "
                                       "off), such as 14-15, 26-O, H-1, or pass");
    return make_action(from, to);
}

LUDUS_COLD json SenetRules::action_json(const Options &o, const State &s, Action a) {
    const int player = s.to_move;
    if (a == pass_action) return race_state::pass_move_json(a, player);
    const int from = from_of(a), to = to_of(a);
    const bool onto_enemy = to >= 1 && to <= 30 && holds(s, to, other(player));
    // A captured piece changes places (Kendall), leaves the game (Bell) or goes back to the start
    // (Jéquier); Piccione's pieces never land on another.
    const int captures = onto_enemy && !s.opening ? 1 : 0;
    std::string name = position_name(to);
    json j{{"text", action_text(o, a)},
           {"action", a},
           {"player", player},
           {"from", from},
           {"to", to},
           {"dice", std::vector<int>(s.dice.begin(), s.dice.begin() + s.n_dice)},
           {"roll", s.roll},
           {"captures", captures},
           {"backward", to >= 1 && to <= 30 && from >= 1 && to < from},
           {"from_cell", from >= 1 && from <= 30 ? json(std::to_string(from)) : json()},
           {"to_cell", to >= 1 && to <= 30 ? json(std::to_string(to)) : json()}};
    add_move_fields(
        j, {"move", position_name(from), name, captures ? std::vector{name} : std::vector<std::string>{}, captures});
    return j;
}

}  // namespace ludus
