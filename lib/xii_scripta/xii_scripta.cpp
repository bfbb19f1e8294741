// XII Scripta's rules: the rulesets and options, the start, a step and the end of a turn, the
// dice, the moves as text and JSON (xii_scripta.hpp).
#include "xii_scripta.hpp"

#include <algorithm>

#include "../cold_code.hpp"
#include "../json_util.hpp"
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
     "H. J. R. Murray, A History of Board-Games other than Chess (1952), pp. 30-31, as quoted in Ludii's XII "
     "Scripta.lud; "
     "decisions where Murray is silent follow Ludii's code"},
    {XiiRuleset::ludii, "ludii",
     "Ludii 1.3.4, Common/res/lud/board/race/escape/XII Scripta.lud, as its code plays (no near-row condition for "
     "bearing off)"},
    {XiiRuleset::tabletop_murray, "tabletop_murray",
     "TabletopGames (GAIGResearch), data/XIIScripta/XII_Murray_3D.json with games/XIIScripta and games/backgammon"},
    {XiiRuleset::tabletop_schaedler, "tabletop_schaedler",
     "TabletopGames (GAIGResearch), data/XIIScripta/XII_Schaedler_3D.json (as tabletop_murray, a triple played twice)"},
}};

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

json XiiScriptaRules::rulesets_json() { return race_state::rulesets_json(rulesets); }

XiiScriptaRules::Cell XiiScriptaRules::cell_of(const Options &o, int player, int progress) {
    if (progress <= 12) return {1, progress - 1};
    const bool ends_on_top = o.mirror_paths && player == 1;
    if (progress <= 24) return {ends_on_top ? 2 : 0, 24 - progress};
    return {ends_on_top ? 0 : 2, progress - 25};
}

std::string XiiScriptaRules::cell_name(Cell c) {
    static constexpr const char *rows[3] = {"top", "middle", "bottom"};
    return std::string(rows[c.row]) + " " + std::to_string(c.col + 1);
}

json XiiScriptaRules::board_json(const Options &o) {
    json board{{"kind", "track"}, {"rows", 3}, {"cols", 12}, {"cells", 36}};
    if (!o.mirror_paths) return board;  // one route for both: the catalogue names none
    json routes = json::array();
    for (int p = 0; p < 2; ++p) {
        json route = json::array();
        for (int k = 1; k <= S::last_cell; ++k) route.push_back(cell_name(cell_of(o, p, k)));
        routes.push_back(std::move(route));
    }
    board["routes"] = std::move(routes);
    return board;
}

const char *XiiScriptaRules::ruleset_name(XiiRuleset r) { return rulesets[static_cast<size_t>(r)].name; }

const std::vector<OptionSpec> &XiiScriptaRules::option_specs() {
    static const std::vector<OptionSpec> specs = []() LUDUS_COLD {
        std::vector<OptionSpec> all = {
            race_state::ruleset_spec(rulesets, "murray", "docs/rules/xii-scripta.md"),
            {"pieces", Kind::integer, 15, 1, 15, {}, "pieces per player (every source: 15)"}};
        for (OptionSpec &s : race_state::first_player_and_seed_specs()) all.push_back(std::move(s));
        return all;
    }();
    return specs;
}

json XiiScriptaRules::options_catalogue() { return ludus::options_catalogue(option_specs()); }

LUDUS_COLD XiiOptions XiiScriptaRules::parse_options(const json &given) {
    Options o;
    o.resolved = resolve_options(option_specs(), given);
    const std::string name = o.resolved["ruleset"].get<std::string>();
    for (const RulesetInfo &r : rulesets)
        if (name == r.name) o.ruleset = r.ruleset;
    o.pieces = o.resolved["pieces"].get<int>();
    o.first_player = o.resolved["first_player"].get<int>();
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
    return race_state::start<State>(o.pieces, o.first_player, Rng{o.resolved.seed()});
}

int XiiScriptaRules::dice_of_code(int code, std::array<int, 3> &out) {
    int n = 0;
    for (int v : {code / 49, code / 7 % 7, code % 7})
        if (v != 0) out[n++] = v;
    return n;
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
    if (values.size() != 3)
        fail(Status::invalid_argument, "dice: exactly 3 values are needed, not " + std::to_string(values.size()));
    for (size_t i = 0; i < 3; ++i)
        if (values[i] < 1 || values[i] > 6)
            fail(Status::invalid_argument,
                 "dice[" + std::to_string(i) + "]: " + std::to_string(values[i]) + " is not a die value 1..6");
    set_rolled(o, s,
               {static_cast<uint8_t>(values[0]), static_cast<uint8_t>(values[1]), static_cast<uint8_t>(values[2])});
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
        return bad("write FROM-TO:DICE with positions H, B, 1..36, O and the dice used, such as H-5:2+3, 12-17:5, "
                   "33-O:6, or pass");
    const int from = position_from_name(text.substr(0, dash));
    const int to = position_from_name(text.substr(dash + 1, colon - dash - 1));
    if (from < 0 || to < 0) return bad("positions are H (hand), B (captured), 1..36 and O (off)");
    if (from == S::off || to == S::hand || to == S::bar || (from != S::bar && from >= to))
        return bad("a step goes forward, from H, B or a cell towards O");
    std::array<int, 3> values{};
    int n = 0;
    // DICE: "d", "d+d" or "d+d+d" with d in 1..6.
    const std::string_view dice = text.substr(colon + 1);
    if (dice.size() % 2 == 0 || dice.size() > 5)
        return bad("the dice used are 1 to 3 values 1..6 joined by +, such as 5 or 2+3");
    for (size_t i = 0; i < dice.size(); i += 2) {
        if (dice[i] < '1' || dice[i] > '6' || (i + 1 < dice.size() && dice[i + 1] != '+'))
            return bad("the dice used are 1 to 3 values 1..6 joined by +, such as 5 or 2+3");
        values[n++] = dice[i] - '0';
    }
    std::sort(values.begin(), values.begin() + n);
    const int code = n == 1   ? R::dice_code(0, 0, values[0])
                     : n == 2 ? R::dice_code(0, values[0], values[1])
                              : R::dice_code(values[0], values[1], values[2]);
    return make_action(code, from, to);
}

LUDUS_COLD json XiiScriptaRules::action_json(const Options &o, const State &s, Action a) {
    const int player = s.to_move;
    if (a == pass_action) return race_state::pass_move_json(a, player);
    const int from = from_of(a), to = to_of(a);
    std::array<int, 3> values{};
    const int n = dice_of_code(dice_code_of(a), values);
    const int captures = to <= S::last_cell && s.count[1 - player][other_progress(o, to)] == 1 ? 1 : 0;
    json j{{"text", action_text(o, a)},
           {"action", a},
           {"player", player},
           {"from", from},
           {"to", to},
           {"dice", std::vector<int>(values.begin(), values.begin() + n)},
           {"captures", captures}};
    add_move_fields(j, {"move", position_name(from), position_name(to),
                        captures > 0 ? std::vector{position_name(to)} : std::vector<std::string>{}, captures});
    return j;
}

}  // namespace ludus
