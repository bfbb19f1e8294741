#include "xii_scripta.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

#include "../json_util.hpp"
#include "../position_envelope.hpp"
#include "../race_state.hpp"

namespace ludus {

namespace {

using Kind = OptionSpec::Kind;
using S = XiiState;
using R = XiiScriptaRules;

struct RulesetInfo {
    XiiRuleset ruleset;
    const char *name;
    const char *source;
};

constexpr std::array<RulesetInfo, 4> rulesets = {{
    {XiiRuleset::murray, "murray",
     "H. J. R. Murray, A History of Board-Games other than Chess (1952), pp. 30-31, as quoted in Ludii's XII Scripta.lud; "
     "decisions where Murray is silent follow Ludii's code"},
    {XiiRuleset::ludii, "ludii", "Ludii 1.3.4, Common/res/lud/board/race/escape/XII Scripta.lud, as its code plays (no near-row condition for bearing off)"},
    {XiiRuleset::tabletop_murray, "tabletop_murray",
     "TabletopGames (GAIGResearch), data/XIIScripta/XII_Murray_3D.json with games/XIIScripta and games/backgammon"},
    {XiiRuleset::tabletop_schaedler, "tabletop_schaedler",
     "TabletopGames (GAIGResearch), data/XIIScripta/XII_Schaedler_3D.json (as tabletop_murray, a triple played twice)"},
}};

constexpr uint64_t bit(int p) { return uint64_t{1} << p; }
constexpr uint64_t cells_mask = ((uint64_t{1} << 37) - 1) & ~uint64_t{1};  // progress 1..36
constexpr uint64_t entry_mask = ((uint64_t{1} << 13) - 1) & ~uint64_t{1};  // progress 1..12

int code_of(int a, int b, int c) { return a * 49 + b * 7 + c; }

// Set bits of a sparse mask, inline (std::popcount is a library call without -mpopcnt).
int bits_in(uint64_t m) {
    int n = 0;
    for (; m != 0; m &= m - 1) ++n;
    return n;
}

// One way of using the dice for a step: its value and the code of the dice it uses.
struct Use {
    int value;
    int code;
};

// The ways the dice still to play can be used by one step: each distinct die, and with
// combine_dice each distinct multiset of two or three of them (added, never divided).
struct Uses {
    std::array<Use, 7> use;
    int n = 0;
};

Uses uses_of(const std::array<int, 3> &left, int k, bool combine) {
    Uses u;
    for (int mask = 1; mask < (1 << k); ++mask) {
        std::array<int, 3> v{};
        int m = 0, sum = 0;
        for (int i = 0; i < k; ++i)
            if (mask & (1 << i)) v[m++] = left[i], sum += left[i];
        if (m > 1 && !combine) continue;
        const int code = m == 1 ? code_of(0, 0, v[0]) : m == 2 ? code_of(0, v[0], v[1]) : code_of(v[0], v[1], v[2]);
        bool seen = false;
        for (int j = 0; j < u.n; ++j) seen |= u.use[j].code == code;
        if (!seen) u.use[u.n++] = {sum, code};
    }
    return u;
}

// Indexed by the code of the dice still to play (at most three; a triple played twice leaves
// only equal values, whose uses are those of one die): the uses, singly and combined.
struct UsesTable {
    std::array<Uses, 343> single, combined;
    UsesTable() {
        for (int a = 0; a <= 6; ++a)
            for (int b = a == 0 ? 0 : a; b <= 6; ++b)
                for (int c = std::max(b, 1); c <= 6; ++c) {
                    std::array<int, 3> left{};
                    int k = 0;
                    for (int v : {a, b, c})
                        if (v != 0) left[k++] = v;
                    single[code_of(a, b, c)] = uses_of(left, k, false);
                    combined[code_of(a, b, c)] = uses_of(left, k, true);
                }
    }
};

const Uses &dice_uses(const XiiOptions &o, const S &s) {
    static const UsesTable table;
    int code;
    if (s.n_left > 3) {
        code = code_of(0, 0, s.left[0]);  // the rest of a triple played twice: all equal
    } else {
        code = s.n_left == 1 ? code_of(0, 0, s.left[0]) : s.n_left == 2 ? code_of(0, s.left[0], s.left[1]) : code_of(s.left[0], s.left[1], s.left[2]);
    }
    return (o.combine_dice ? table.combined : table.single)[code];
}

// Bit p set where `counts[p] > floor` (p 0..39), eight counts at a time: a byte is above
// `floor` (0 or 1) exactly when its bits above the floor are not all zero.
uint64_t mask_above(const std::array<uint8_t, 40> &counts, int floor) {
    constexpr uint64_t low7 = 0x7F7F7F7F7F7F7F7Full;
    const uint64_t keep = floor == 0 ? ~uint64_t{0} : 0xFEFEFEFEFEFEFEFEull;
    uint64_t mask = 0;
    for (int word = 0; word < 5; ++word) {
        uint64_t w;
        std::memcpy(&w, counts.data() + 8 * word, 8);
        w &= keep;
        const uint64_t nonzero = (((w & low7) + low7) | w) & ~low7;  // top bit of each non-zero byte
        mask |= (((nonzero >> 7) * 0x0102040810204080ull) >> 56) << (8 * word);
    }
    return mask;
}

// The bits 13..36 of `m` in reverse order (bit k to bit 49 - k): one player's cells in the
// other's progress on the outer rows of Murray's and Ludii's tracks.
uint64_t mirror_outer(uint64_t m) {
    static const std::array<uint8_t, 256> reversed = [] {
        std::array<uint8_t, 256> r{};
        for (int i = 0; i < 256; ++i)
            for (int b = 0; b < 8; ++b)
                if (i & (1 << b)) r[i] |= static_cast<uint8_t>(1 << (7 - b));
        return r;
    }();
    const uint64_t outer = m >> 13;  // bits 0..23: progress 13..36
    const uint64_t rev = (uint64_t{reversed[outer & 0xFF]} << 16) | (uint64_t{reversed[(outer >> 8) & 0xFF]} << 8) | reversed[(outer >> 16) & 0xFF];
    return (m & entry_mask) | (rev << 13);
}

// Cells 1..36 of the mover's track that it may land on: not held by two or more opposing pieces.
uint64_t open_cells(const XiiOptions &o, const S &s) {
    uint64_t closed = mask_above(s.count[1 - s.to_move], 1) & cells_mask;
    if (o.mirror_paths) closed = mirror_outer(closed);
    return cells_mask & ~closed;
}

// Bearing off: allowed when no piece (in hand, captured, or on the track) is before home_start.
bool may_bear_off(const XiiOptions &o, uint64_t occupied) {
    return o.home_start == 0 || (occupied & ((bit(o.home_start) - 1) | bit(S::bar))) == 0;
}

// Everything the step generator needs about the position, computed once per position.
struct StepContext {
    const Uses *uses = nullptr;
    uint64_t sources = 0;  // progress the mover may move a piece from (0..36; bar separately)
    bool from_bar = false;   // only the captured pieces may move (Murray, Ludii)
    uint64_t open = 0;
    uint64_t inside = 0;     // where a step may land (the open cells, or the entry board)
    bool bear = false;
};

StepContext context_of(const XiiOptions &o, const S &s) {
    StepContext c;
    c.uses = &dice_uses(o, s);
    const auto &mine = s.count[s.to_move];
    c.open = open_cells(o, s);
    c.inside = c.open;
    if (mine[S::bar] > 0) {
        c.from_bar = true;  // a captured piece re-enters before any other piece moves
        return c;
    }
    if (o.enter_all_first && mine[S::hand] > 0) {
        // Entering, or moving on a piece moved this turn inside the entry board.
        c.sources = bit(S::hand);
        for (int q = 1; q <= S::entry_cells; ++q)
            if (s.moved[q] > 0) c.sources |= bit(q);
        c.inside = c.open & entry_mask;
        return c;
    }
    const uint64_t occupied = mask_above(mine, 0);
    c.sources = occupied & (cells_mask | bit(S::hand));
    c.bear = may_bear_off(o, occupied);
    return c;
}

// The smallest die still to play that is at least `distance` (0 if none): the die a
// TabletopGames bear-off uses.
int smallest_die_at_least(const S &s, int distance) {
    for (int i = 0; i < s.n_left; ++i)
        if (s.left[i] >= distance) return s.left[i];
    return 0;
}

// Calls f(action) for every legal step (not pass); stops early when f returns true.
template <class F>
bool for_each_step(const XiiOptions &o, const S &s, const StepContext &c, F &&f) {
    for (int u = 0; u < c.uses->n; ++u) {
        const int v = c.uses->use[u].value, code = c.uses->use[u].code;
        if (c.from_bar) {
            if (v <= S::last_cell && (c.open & bit(v)) && f(R::make_action(code, S::bar, v))) return true;
            continue;
        }
        for (uint64_t targets = (c.sources << v) & c.inside; targets; targets &= targets - 1) {
            const int to = std::countr_zero(targets);
            if (f(R::make_action(code, to - v, to))) return true;
        }
        if (c.bear && o.exact_bear_off && v <= S::off - 1 && (c.sources & bit(S::off - v)) && f(R::make_action(code, S::off - v, S::off)))
            return true;
    }
    if (c.bear && !o.exact_bear_off) {
        // One bear-off per cell within reach of the highest die, with the smallest die that reaches.
        const int highest = s.left[s.n_left - 1];
        for (int from = S::off - highest; from <= S::last_cell; ++from)
            if (c.sources & bit(from))
                if (f(R::make_action(code_of(0, 0, smallest_die_at_least(s, S::off - from)), from, S::off))) return true;
    }
    return false;
}

int count_steps(const XiiOptions &o, const S &s, const StepContext &c) {
    // Popcounts where the steps are plain shifts; the rest one by one.
    int n = 0;
    for (int u = 0; u < c.uses->n; ++u) {
        const int v = c.uses->use[u].value;
        if (c.from_bar) {
            n += v <= S::last_cell && (c.open & bit(v));
            continue;
        }
        n += bits_in((c.sources << v) & c.inside);
        n += c.bear && o.exact_bear_off && v <= S::off - 1 && (c.sources & bit(S::off - v)) != 0;
    }
    if (c.bear && !o.exact_bear_off) {
        const int highest = s.left[s.n_left - 1];
        n += bits_in(c.sources & cells_mask & ~(bit(S::off - highest) - 1));
    }
    return n;
}

void end_turn(S &s) {
    s.to_move = static_cast<uint8_t>(1 - s.to_move);
    s.dice = {0, 0, 0};
    s.left = {};
    s.n_left = 0;
    s.moved = {};
}

// Removes the dice of `code` from those still to play.
void use_dice(S &s, int code) {
    std::array<int, 3> values{};
    const int n = R::dice_of_code(code, values);
    for (int i = 0; i < n; ++i) {
        int at = 0;
        while (at < s.n_left && s.left[at] != values[i]) ++at;
        for (int j = at; j + 1 < s.n_left; ++j) s.left[j] = s.left[j + 1];
        s.left[--s.n_left] = 0;
    }
}

const char *const position_names_special[] = {"H", "O", "B"};

int position_from_name(std::string_view name) {
    if (name == "H") return S::hand;
    if (name == "O") return S::off;
    if (name == "B") return S::bar;
    if (name.empty() || name.size() > 2 || name[0] == '0') return -1;
    int v = 0;
    for (char ch : name) {
        if (ch < '0' || ch > '9') return -1;
        v = v * 10 + (ch - '0');
    }
    return v >= 1 && v <= S::last_cell ? v : -1;
}

}  // namespace

const char *XiiScriptaRules::ruleset_name(XiiRuleset r) { return rulesets[static_cast<size_t>(r)].name; }

const std::vector<OptionSpec> &XiiScriptaRules::option_specs() {
    static const std::vector<OptionSpec> specs = [] {
        std::string sources = "the reconstruction played (docs/rules/xii-scripta.md):";
        std::vector<json> names;
        for (const RulesetInfo &r : rulesets) {
            sources += std::string(" \"") + r.name + "\": " + r.source + ";";
            names.push_back(r.name);
        }
        sources.back() = '.';
        return std::vector<OptionSpec>{
            {"ruleset", Kind::choice, "murray", 0, 0, names, sources},
            {"pieces", Kind::integer, 15, 1, 15, {}, "pieces per player (every source: 15)"},
            {"first_player", Kind::choice, 0, 0, 0, {0, 1}, "who moves first (the sources leave it to the players)"},
            {"seed", Kind::seed, nullptr, 0, 0, {}, "seed of the game's random generator; drawn from the operating system if absent"},
        };
    }();
    return specs;
}

json XiiScriptaRules::options_catalogue() { return ludus::options_catalogue(option_specs()); }

XiiOptions XiiScriptaRules::parse_options(const json &given) {
    Options o;
    o.resolved = resolve_options(option_specs(), given);
    const std::string name = o.resolved["ruleset"].get<std::string>();
    for (const RulesetInfo &r : rulesets)
        if (name == r.name) o.ruleset = r.ruleset;
    o.pieces = o.resolved["pieces"].get<int>();
    o.first_player = o.resolved["first_player"].get<int>();
    o.rng = Rng{o.resolved["seed"].get<uint64_t>()};
    switch (o.ruleset) {
    case XiiRuleset::murray: break;
    case XiiRuleset::ludii: o.home_start = 0; break;
    case XiiRuleset::tabletop_schaedler: o.triples_twice = true; [[fallthrough]];
    case XiiRuleset::tabletop_murray:
        o.mirror_paths = false;
        o.combine_dice = false;
        o.exact_bear_off = false;
        o.home_start = 31;
        o.enter_all_first = true;
        break;
    }
    return o;
}

XiiState XiiScriptaRules::initial(const Options &o) {
    State s;
    s.count[0][S::hand] = s.count[1][S::hand] = static_cast<uint8_t>(o.pieces);
    s.to_move = static_cast<uint8_t>(o.first_player);
    s.rng = o.rng;
    return s;
}

int XiiScriptaRules::dice_of_code(int code, std::array<int, 3> &out) {
    int n = 0;
    for (int v : {code / 49, code / 7 % 7, code % 7})
        if (v != 0) out[n++] = v;
    return n;
}

void XiiScriptaRules::legal_actions(const Options &o, const State &s, std::vector<Action> &out) {
    const StepContext c = context_of(o, s);
    const size_t before = out.size();
    for_each_step(o, s, c, [&](Action a) {
        out.push_back(a);
        return false;
    });
    if (out.size() == before) out.push_back(pass_action);
}

bool XiiScriptaRules::is_legal(const Options &o, const State &s, Action a) {
    const StepContext c = context_of(o, s);
    bool any = false, found = false;
    for_each_step(o, s, c, [&](Action step) {
        any = true;
        found = step == a;
        return found;
    });
    return a == pass_action ? !any : found;
}

Action XiiScriptaRules::random_action(const Options &o, const State &s, Rng &rng) {
    const StepContext c = context_of(o, s);
    const int n = count_steps(o, s, c);
    if (n == 0) return pass_action;
    int k = static_cast<int>(rng.below(static_cast<uint32_t>(n)));
    Action chosen = pass_action;
    for_each_step(o, s, c, [&](Action a) {
        if (k-- != 0) return false;
        chosen = a;
        return true;
    });
    return chosen;
}

void XiiScriptaRules::apply(const Options &o, State &s, Action a) {
    if (a == pass_action) {
        end_turn(s);
        return;
    }
    const int from = from_of(a), to = to_of(a), player = s.to_move, opponent = 1 - player;
    auto &mine = s.count[player];
    use_dice(s, dice_code_of(a));
    if (to <= S::last_cell) {
        const int there = other_progress(o, to);
        if (s.count[opponent][there] == 1) {  // a single piece is hit
            s.count[opponent][there] = 0;
            ++s.count[opponent][o.enter_all_first ? S::hand : S::bar];
        }
    }
    --mine[from];
    ++mine[to];
    if (o.enter_all_first) {
        // Only while pieces wait in hand does it matter which pieces moved this turn (and then
        // every step is an entry or a moved piece's step inside the entry board).
        if (mine[S::hand] == 0) {
            s.moved = {};
        } else {
            if (from != S::hand) --s.moved[from];
            ++s.moved[to];
        }
    }
    if (mine[S::off] == o.pieces) {
        end_game(s, player == 0 ? Result::player0_won : Result::player1_won, EndReason::borne_off);
        s.dice = {0, 0, 0};
        s.left = {};
        s.n_left = 0;
        s.moved = {};
    } else if (s.n_left == 0) {
        end_turn(s);
    }
}

void XiiScriptaRules::set_dice(const Options &o, State &s, std::span<const int> values) {
    if (values.size() != 3) fail(Status::invalid_argument, "dice: exactly 3 values are needed, not " + std::to_string(values.size()));
    for (size_t i = 0; i < 3; ++i)
        if (values[i] < 1 || values[i] > 6)
            fail(Status::invalid_argument, "dice[" + std::to_string(i) + "]: " + std::to_string(values[i]) + " is not a die value 1..6");
    for (size_t i = 0; i < 3; ++i) s.dice[i] = static_cast<uint8_t>(values[i]);
    std::array<uint8_t, 3> sorted = s.dice;
    std::sort(sorted.begin(), sorted.end());
    const bool twice = o.triples_twice && sorted[0] == sorted[2];
    s.n_left = twice ? 6 : 3;
    s.left = {};
    for (int i = 0; i < s.n_left; ++i) s.left[i] = sorted[i % 3];
}

json XiiScriptaRules::chance_outcomes(const Options &, const State &) {
    json out = json::array();
    for (int a = 1; a <= 6; ++a)
        for (int b = a; b <= 6; ++b)
            for (int c = b; c <= 6; ++c) {
                const int ways = a == c ? 1 : (a == b || b == c) ? 3 : 6;
                out.push_back({{"dice", {a, b, c}}, {"probability", ways / 216.0}});
            }
    return out;
}

std::string XiiScriptaRules::position_name(int progress) {
    if (progress == S::hand) return position_names_special[0];
    if (progress == S::off) return position_names_special[1];
    if (progress == S::bar) return position_names_special[2];
    return std::to_string(progress);
}

std::string XiiScriptaRules::action_text(const Options &, Action a) {
    if (a == pass_action) return "pass";
    std::array<int, 3> values{};
    const int n = dice_of_code(dice_code_of(a), values);
    std::string text = position_name(from_of(a)) + "-" + position_name(to_of(a)) + ":";
    for (int i = 0; i < n; ++i) text.append(i ? "+" : "").append(std::to_string(values[i]));
    return text;
}

Action XiiScriptaRules::parse_action(const Options &, std::string_view text) {
    if (text == "pass") return pass_action;
    auto bad = [&](const std::string &why) -> Action {
        fail(Status::invalid_move, json_util::quote(text) + " is not a move: " + why);
    };
    const size_t dash = text.find('-'), colon = text.find(':');
    if (dash == std::string_view::npos || colon == std::string_view::npos || colon < dash)
        return bad("write FROM-TO:DICE with positions H, B, 1..36, O and the dice used, such as H-5:2+3, 12-17:5, 33-O:6, or pass");
    const int from = position_from_name(text.substr(0, dash));
    const int to = position_from_name(text.substr(dash + 1, colon - dash - 1));
    if (from < 0 || to < 0) return bad("positions are H (hand), B (captured), 1..36 and O (off)");
    if (from == S::off || to == S::hand || to == S::bar || (from != S::bar && from >= to))
        return bad("a step goes forward, from H, B or a cell towards O");
    std::array<int, 3> values{};
    int n = 0;
    // DICE: "d", "d+d" or "d+d+d" with d in 1..6.
    const std::string_view dice = text.substr(colon + 1);
    if (dice.size() % 2 == 0 || dice.size() > 5) return bad("the dice used are 1 to 3 values 1..6 joined by +, such as 5 or 2+3");
    for (size_t i = 0; i < dice.size(); i += 2) {
        if (dice[i] < '1' || dice[i] > '6' || (i + 1 < dice.size() && dice[i + 1] != '+'))
            return bad("the dice used are 1 to 3 values 1..6 joined by +, such as 5 or 2+3");
        values[n++] = dice[i] - '0';
    }
    std::sort(values.begin(), values.begin() + n);
    const int code = n == 1 ? code_of(0, 0, values[0]) : n == 2 ? code_of(0, values[0], values[1]) : code_of(values[0], values[1], values[2]);
    return make_action(code, from, to);
}

json XiiScriptaRules::action_json(const Options &o, const State &s, Action a) {
    const int player = s.to_move;
    if (a == pass_action) return race_state::pass_move_json(a, player);
    const int from = from_of(a), to = to_of(a);
    std::array<int, 3> values{};
    const int n = dice_of_code(dice_code_of(a), values);
    const int captures = to <= S::last_cell && s.count[1 - player][other_progress(o, to)] == 1 ? 1 : 0;
    json j{{"text", action_text(o, a)}, {"action", a}, {"player", player}, {"from", from}, {"to", to},
           {"dice", std::vector<int>(values.begin(), values.begin() + n)}, {"captures", captures}};
    add_move_fields(j, {"move", position_name(from), position_name(to), captures > 0 ? std::vector{position_name(to)} : std::vector<std::string>{}, captures});
    return j;
}

json XiiScriptaRules::position_json(const Options &o, const State &s) {
    json track = json::array();
    for (int p = 0; p < 2; ++p) track.push_back(std::vector<int>(s.count[p].begin() + 1, s.count[p].begin() + S::last_cell + 1));
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

namespace {

using json_util::member;
using json_util::path;
using json_util::read_counts;

void check_material(const XiiOptions &o, const S &s, const std::string &field) {
    race_state::check_total(s, o.pieces, field, "bar, track, off");
    if (!o.enter_all_first) return;
    for (int p = 0; p < 2; ++p)
        if (s.count[p][S::bar] != 0)
            fail(Status::invalid_state, path(field, "bar") + ": the TabletopGames rulesets send a hit piece back to the hand, never to a bar");
}

void check_cells(const XiiOptions &o, const S &s, const std::string &field) {
    for (int k = 1; k <= S::last_cell; ++k)
        if (s.count[0][k] > 0 && s.count[1][R::other_progress(o, k)] > 0)
            fail(Status::invalid_state, path(field, "track") + "[0][" + std::to_string(k - 1) + "]: the cell of player 0's progress " + std::to_string(k) +
                                            " holds pieces of both players");
}

void read_dice(const XiiOptions &o, const json &j, const std::string &field, S &s) {
    const json &dice = member(j, "dice", field, json::value_t::array);
    const json &left = member(j, "dice_left", field, json::value_t::array);
    if (dice.empty()) {
        if (!left.empty()) fail(Status::invalid_state, path(field, "dice_left") + ": must be [] before the roll");
        return;
    }
    if (s.result != Result::ongoing) fail(Status::invalid_state, path(field, "dice") + ": must be [] when the game is over");
    const std::vector<int> values = read_counts(dice, 3, 6, path(field, "dice"));
    if (*std::min_element(values.begin(), values.end()) < 1) fail(Status::invalid_state, path(field, "dice") + ": must be [] or three values 1..6");
    for (int i = 0; i < 3; ++i) s.dice[i] = static_cast<uint8_t>(values[i]);
    S rolled;
    const int ints[3] = {values[0], values[1], values[2]};
    R::set_dice(o, rolled, ints);  // the dice a fresh roll leaves to play
    if (left.empty() || left.size() > rolled.n_left)
        fail(Status::invalid_state, path(field, "dice_left") + ": must hold 1 to " + std::to_string(rolled.n_left) +
                                        " of the rolled values (a turn ends when every die is used)");
    std::vector<int> l = read_counts(left, left.size(), 6, path(field, "dice_left"));
    if (!std::is_sorted(l.begin(), l.end())) fail(Status::invalid_state, path(field, "dice_left") + ": must be in ascending order");
    std::vector<int> pool(rolled.left.begin(), rolled.left.begin() + rolled.n_left);
    for (int v : l) {
        auto at = std::find(pool.begin(), pool.end(), v);
        if (at == pool.end()) fail(Status::invalid_state, path(field, "dice_left") + ": " + std::to_string(v) + " is not left of the rolled dice");
        pool.erase(at);
    }
    s.n_left = static_cast<uint8_t>(l.size());
    for (size_t i = 0; i < l.size(); ++i) s.left[i] = static_cast<uint8_t>(l[i]);
}

void read_moved(const XiiOptions &o, const json &j, const std::string &field, S &s) {
    if (!o.enter_all_first) {
        if (j.contains("moved")) fail(Status::invalid_state, path(field, "moved") + ": only the TabletopGames rulesets track the pieces moved this turn");
        return;
    }
    const std::vector<int> moved = read_counts(member(j, "moved", field, json::value_t::array), S::entry_cells, S::max_left, path(field, "moved"));
    int total = 0;
    for (int q = 1; q <= S::entry_cells; ++q) {
        s.moved[q] = static_cast<uint8_t>(moved[q - 1]);
        total += moved[q - 1];
        if (s.moved[q] > s.count[s.to_move][q])
            fail(Status::invalid_state, path(field, "moved") + "[" + std::to_string(q - 1) + "]: more pieces moved than the player to move has there");
    }
    if (total > 0 && (R::phase(s) != Phase::move || s.count[s.to_move][S::hand] == 0))
        fail(Status::invalid_state, path(field, "moved") + ": counted only in phase move while pieces of the player to move wait in hand");
}

void check_phase(const json &j, const std::string &field, const S &s) {
    const Phase given = phase_from_name(member(j, "phase", field, json::value_t::string).get<std::string>(), path(field, "phase"));
    const Phase expected = R::phase(s);
    if (given != expected)
        fail(Status::invalid_state, path(field, "phase") + ": must be \"" + phase_name(expected) + "\" with result \"" + result_name(s.result) +
                                        "\" and dice " + (s.n_left == 0 ? "[]" : "rolled"));
}

}  // namespace

XiiState XiiScriptaRules::position_from_json(const Options &o, const json &j, const std::string &field) {
    std::vector<std::string> keys = {"hand", "bar", "track", "off", "to_move", "phase", "result", "end_reason", "dice", "dice_left", "rng"};
    if (o.enter_all_first) keys.push_back("moved");
    json_util::only_keys(j, keys, field);
    State s;
    race_state::read_pair(j, "hand", field, o.pieces, S::hand, s);
    race_state::read_pair(j, "bar", field, o.pieces, S::bar, s);
    const json &both = member(j, "track", field, json::value_t::array);
    if (both.size() != 2) fail(Status::invalid_state, path(field, "track") + ": must hold one array per player");
    for (int p = 0; p < 2; ++p) {
        const std::vector<int> counts = read_counts(both[p], S::last_cell, o.pieces, path(field, "track") + "[" + std::to_string(p) + "]");
        for (int k = 1; k <= S::last_cell; ++k) s.count[p][k] = static_cast<uint8_t>(counts[k - 1]);
    }
    race_state::read_pair(j, "off", field, o.pieces, S::off, s);
    check_material(o, s, field);
    check_cells(o, s, field);
    s.to_move = static_cast<uint8_t>(json_util::integer_member(j, "to_move", field, 0, 1));
    race_state::read_result(j, field, "XII Scripta", o.pieces, s);
    read_dice(o, j, field, s);
    check_phase(j, field, s);
    read_moved(o, j, field, s);
    s.rng = rng_from_text(member(j, "rng", field, json::value_t::string).get<std::string>(), path(field, "rng"));
    return s;
}

}  // namespace ludus
