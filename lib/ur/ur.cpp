// The Royal Game of Ur's rules: the rulesets and options, the routes, the moves a throw allows,
// a move and the end of a turn, the dice, the moves as text and JSON (ur.hpp).
#include "ur.hpp"

#include <algorithm>
#include <bit>
#include <memory>
#include <mutex>

#include "../cold_code.hpp"
#include "../json_util.hpp"
#include "../race_state.hpp"

namespace ludus {

namespace {

using Kind = OptionSpec::Kind;
using S = UrState;
using R = UrRules;

struct RulesetInfo {
    UrRuleset ruleset;
    const char *name;
    int pieces, dice;
    const char *source;
};

constexpr std::array<RulesetInfo, 4> rulesets = {{
    {UrRuleset::finkel, "finkel", 7, 4,
     "I. L. Finkel, 'On the rules for the Royal Game of Ur', in Ancient Board Games in Perspective (British Museum, "
     "2007), pp. 16-32, "
     "as the British Museum plays it; Ludii's Royal Game of Ur.lud, ruleset Finkel, and RoyalUr.net's Finkel rules "
     "play the same"},
    {UrRuleset::masters, "masters", 7, 3,
     "J. Masters, The Royal Game of Ur & The Game of 20 Squares (tradgames.org.uk), as RoyalUr.net and RoyalUr-Java "
     "play it "
     "(GameSettings.MASTERS, MastersPathPair; three dice, none marked counting 4, since 2024)"},
    {UrRuleset::blitz, "blitz", 5, 4,
     "RoyalUr.net's Blitz, as RoyalUr-Java plays it (GameSettings.BLITZ: Masters' route, 5 pieces, captures roll "
     "again)"},
    {UrRuleset::murray, "murray", 7, 4,
     "H. J. R. Murray, A History of Board-Games other than Chess (1952), pp. 20-21, as Ludii 1.3.13's Royal Game of "
     "Ur.lud encodes it "
     "(ruleset Murray: Track Murray, rosettes without effect, four dice)"},
}};

// A step of a route: the row (own, middle or the opponent's) and the column, 0..7 from the left.
enum Row : uint8_t { own, middle, other };
struct Step {
    Row row;
    uint8_t col;
};

// Player 0's own row is the bottom one (row 2), player 1's the top one (row 0).
uint8_t cell_index(int player, Step st) {
    const int own_row = player == 0 ? 2 : 0;
    const int row = st.row == middle ? 1 : st.row == own ? own_row : 2 - own_row;
    return static_cast<uint8_t>(row * 8 + st.col);
}

std::vector<Step> route_of(UrRuleset r) {
    std::vector<Step> route;
    auto run = [&](Row row, int from, int to) {
        for (int c = from;; c += from <= to ? 1 : -1) {
            route.push_back({row, static_cast<uint8_t>(c)});
            if (c == to) break;
        }
    };
    run(own, 3, 0);  // every route enters on the own row at the fourth column and runs to the corner
    switch (r) {
    case UrRuleset::finkel:
        run(middle, 0, 7);
        run(own, 7, 6);
        break;
    case UrRuleset::masters:
    case UrRuleset::blitz:
        run(middle, 0, 6);
        run(other, 6, 7);
        run(middle, 7, 7);
        run(own, 7, 6);
        break;
    case UrRuleset::murray:
        run(middle, 0, 6);
        run(own, 6, 7);
        run(middle, 7, 7);
        run(other, 7, 6);
        run(middle, 6, 0);
        run(own, 0, 3);
        break;
    }
    return route;
}

// A map of progress bits that sends progress k of player `from_player` to `to_player`'s
// progresses on the same cell.
UrRouteMasks::ProgressMap cell_map(const UrOptions &o, int from_player, int to_player) {
    std::array<uint32_t, 8 * UrRouteMasks::max_groups> one{};  // progress k alone
    for (int k = 1; k <= o.route_length; ++k)
        for (int t = 1; t <= o.route_length; ++t)
            if (o.cell[to_player][t] == o.cell[from_player][k]) one[static_cast<size_t>(k)] |= uint32_t{1} << t;
    UrRouteMasks::ProgressMap map{};
    for (size_t g = 0; g < map.size(); ++g)
        for (unsigned byte = 1; byte < 256; ++byte)  // byte 0 maps to nothing
            map[g][byte] = map[g][byte & (byte - 1)] | one[8 * g + static_cast<size_t>(std::countr_zero(byte))];
    return map;
}

UrRouteMasks make_route_masks(const UrOptions &o) {
    UrRouteMasks m;
    const int n = o.route_length;
    m.groups = (n + 1 + 7) / 8;
    m.route = ((uint32_t{2} << n) - 1) & ~uint32_t{1};
    m.past_off = ~((uint32_t{4} << n) - 1);
    for (int p = 0; p < 2; ++p) {
        m.same_cells[p] = cell_map(o, p, p);
        for (int k = 1; k <= n; ++k)
            m.repeats_cells = m.repeats_cells || m.same_cells[p][k / 8][1 << k % 8] != uint32_t{1} << k;
        m.facing[p] = cell_map(o, 1 - p, p);
        for (int k = 1; k <= n; ++k) {
            if (UrRules::is_rosette(o.cell[p][k])) m.rosettes[p] |= uint32_t{1} << k;
            for (int t = 1; t <= n; ++t)
                if (o.cell[1 - p][t] == o.cell[p][k]) m.opponent_at[p][k] |= uint32_t{1} << t;
        }
    }
    return m;
}

int position_from_name(const UrOptions &o, std::string_view name) {
    if (name == "H") return S::hand;
    if (name == "O") return S::off;
    if (name.empty() || name.size() > 2 || name[0] == '0') return -1;
    int v = 0;
    for (char ch : name) {
        if (ch < '0' || ch > '9') return -1;
        v = v * 10 + (ch - '0');
    }
    return v >= 1 && v <= o.route_length ? v : -1;
}

// The masks of the ruleset of `o` (its routes; the other options do not change them), made the
// first time a game of the ruleset is made.
const UrRouteMasks &route_masks(const UrOptions &o) {
    static std::array<std::unique_ptr<const UrRouteMasks>, rulesets.size()> made;
    static std::array<std::once_flag, rulesets.size()> once;
    const size_t r = static_cast<size_t>(o.ruleset);
    std::call_once(once[r], [&]() LUDUS_COLD { made[r] = std::make_unique<const UrRouteMasks>(make_route_masks(o)); });
    return *made[r];
}

}  // namespace

json UrRules::rulesets_json() { return race_state::rulesets_json(rulesets); }

json UrRules::board_json(const Options &o) {
    json routes = json::array();
    for (int p = 0; p < 2; ++p) {
        json route = json::array();
        for (int k = 1; k <= o.route_length; ++k) route.push_back(cell_name(cell_of(o, p, k)));
        routes.push_back(std::move(route));
    }
    return {{"kind", "track"}, {"rows", 3}, {"cols", 8}, {"cells", 20}, {"routes", std::move(routes)}};
}

const char *UrRules::ruleset_name(UrRuleset r) { return rulesets[static_cast<size_t>(r)].name; }

std::string UrRules::cell_name(int cell) {
    static constexpr const char *rows[3] = {"top", "middle", "bottom"};
    return std::string(rows[cell / 8]) + " " + std::to_string(cell % 8 + 1);
}

bool UrRules::is_rosette(int cell) { return cell == 0 || cell == 6 || cell == 11 || cell == 16 || cell == 22; }

const std::vector<OptionSpec> &UrRules::option_specs() {
    static const std::vector<OptionSpec> specs = []() LUDUS_COLD {
        std::vector<OptionSpec> all = {
            race_state::ruleset_spec(rulesets, "finkel", "docs/rules/ur.md"),
            {"pieces",
             Kind::integer,
             0,
             0,
             7,
             {},
             "pieces per player (0 = the ruleset's: 7, Blitz 5; 1..7 as the players agree)"},
            {"dice",
             Kind::choice,
             0,
             0,
             0,
             {0, 3, 4},
             "binary dice thrown (0 = the ruleset's: 4, Masters 3); with 3 a throw of no marked tips counts 4 "
             "(Masters), with 4 it moves nothing"},
        };
        for (OptionSpec &s : race_state::first_player_and_seed_specs()) all.push_back(std::move(s));
        return all;
    }();
    return specs;
}

json UrRules::options_catalogue() { return ludus::options_catalogue(option_specs()); }

LUDUS_COLD UrOptions UrRules::parse_options(const json &given) {
    Options o;
    const RulesetInfo *info = &race_state::resolve_ruleset(o, option_specs(), given, rulesets);
    o.pieces = o.resolved["pieces"].get<int>() == 0 ? info->pieces : o.resolved["pieces"].get<int>();
    o.dice = o.resolved["dice"].get<int>() == 0 ? info->dice : o.resolved["dice"].get<int>();
    o.first_player = o.resolved["first_player"].get<int>();
    const std::vector<Step> route = route_of(o.ruleset);
    o.route_length = static_cast<int>(route.size());
    for (int p = 0; p < 2; ++p)
        for (int k = 1; k <= o.route_length; ++k) o.cell[p][k] = cell_index(p, route[k - 1]);
    o.masks = &route_masks(o);
    switch (o.ruleset) {
    case UrRuleset::finkel: break;
    case UrRuleset::blitz: o.captures_roll_again = true; [[fallthrough]];
    case UrRuleset::masters: o.rosettes_safe = false; break;
    case UrRuleset::murray: o.rosettes_safe = false, o.rosettes_roll_again = false; break;
    }
    return o;
}

UrState UrRules::initial(const Options &o) {
    State s;
    s.in_hand = {static_cast<uint8_t>(o.pieces), static_cast<uint8_t>(o.pieces)};
    s.to_move = static_cast<uint8_t>(o.first_player);
    s.rng = Rng{o.resolved.seed()};
    return s;
}

size_t UrRules::write_actions(const Options &o, const State &s, Action *out) {
    uint32_t from = movable(o, s);
    if (from == 0) {
        out[0] = pass_action;
        return 1;
    }
    size_t n = 0;
    for (; from != 0; from &= from - 1) out[n++] = ur_moves::move_of(o, std::countr_zero(from), s.roll);
    return n;
}

void UrRules::legal_actions(const Options &o, const State &s, std::vector<Action> &out) {
    append_actions<max_moves>(out, [&](Action *buffer) { return write_actions(o, s, buffer); });
}

void UrRules::refuse_dice(const Options &o, std::span<const int> values) {
    if (values.size() != static_cast<size_t>(o.dice))
        fail(Status::invalid_argument, "dice: exactly " + std::to_string(o.dice) + " values 0 or 1 are needed, not " +
                                           std::to_string(values.size()));
    for (size_t i = 0; i < values.size(); ++i)
        if (values[i] != 0 && values[i] != 1)
            fail(Status::invalid_argument, "dice[" + std::to_string(i) + "]: " + std::to_string(values[i]) +
                                               " is not a binary die's value 0 or 1");
    fail(Status::internal, "dice refused without a reason");
}

json UrRules::chance_outcomes(const Options &o, const State &) {
    json out = json::array();
    int ways = 1;  // C(n, marked)
    for (int marked = 0; marked <= o.dice; ++marked) {
        std::vector<int> dice(static_cast<size_t>(o.dice), 0);
        std::fill(dice.end() - marked, dice.end(), 1);
        out.push_back({{"dice", dice}, {"probability", ways / double(1 << o.dice)}});
        ways = ways * (o.dice - marked) / (marked + 1);
    }
    return out;
}

Action UrRules::parse_action(const Options &o, std::string_view text) {
    if (text == "pass") return pass_action;
    auto bad = [&](const std::string &why) -> Action {
        fail(Status::invalid_move, json_util::quote(text) + " is not a move: " + why);
    };
    const size_t dash = text.find('-');
    if (dash == std::string_view::npos)
        return bad("write FROM-TO with positions H, 1.." + std::to_string(o.route_length) +
                   ", O (such as H-3, 4-8, 13-O) or pass");
    const int from = position_from_name(o, text.substr(0, dash));
    const int to = position_from_name(o, text.substr(dash + 1));
    if (from < 0 || to < 0)
        return bad("positions are H (in hand), 1.." + std::to_string(o.route_length) +
                   " (the route) and O (borne off)");
    if (from == S::off || to == S::hand || from >= to) return bad("a move goes forward, from H or the route towards O");
    return make_action(from, to);
}

LUDUS_COLD json UrRules::action_json(const Options &o, const State &s, Action a) {
    const int player = s.to_move;
    if (a == pass_action) return race_state::pass_move_json(a, player);
    const int from = from_of(a), to = to_of(a);
    const int cell = to == S::off ? -1 : o.cell[player][to];
    const int captures = R::captures(o, s, to);
    const bool again =
        to != S::off && ((o.rosettes_roll_again && is_rosette(cell)) || (captures && o.captures_roll_again));
    json j{{"text", action_text(o, a)},
           {"action", a},
           {"player", player},
           {"from", from},
           {"to", to},
           {"dice", std::vector<int>(s.dice.begin(), s.dice.begin() + s.n_dice)},
           {"roll", s.roll},
           {"captures", captures},
           {"rosette", cell >= 0 && is_rosette(cell)},
           {"roll_again", again},
           {"from_cell", from == S::hand ? json() : json(cell_name(o.cell[player][from]))},
           {"to_cell", cell < 0 ? json() : json(cell_name(cell))}};
    add_move_fields(j, {"move", position_name(from), position_name(to),
                        captures ? std::vector{position_name(to)} : std::vector<std::string>{}, captures});
    return j;
}

}  // namespace ludus
