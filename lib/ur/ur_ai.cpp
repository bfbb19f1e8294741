// The Royal Game of Ur's computer player, for every ruleset: expectimax over the throws of the
// binary dice (each throw's value with its binomial chance) on the rules' state, the positions
// judged by a hand-made evaluation of a race with captures:
//
//   the race: the squares every piece still has to go (a piece in hand the whole route and one
//       more), the opponent's less one's own, scaled to a chance of winning;
//   the danger: a piece on a square an opposing piece behind it reaches with one throw (and
//       that may be captured there) counts as the chance of that throw times its progress;
//   the safe central rosette (Finkel's rules) held is worth a little.
//
// Levels: "random"; "greedy" (depth 1): the best move by the evaluation; "easy" (depth 2) and
// "medium" (depth 3): the best by expectimax to that many moves, each move after a throw of the
// side it falls to (a rosette's extra roll is the same player's); "best" (depth 5, 1000 ms a move
// unless told), iterative deepening from depth 1, the deepest finished search's move. "uct" is
// uct.hpp, over the throws of the dice.
//
// "perfect" (an other level) plays from the solved game's table (ur_solve.hpp): the move after
// which the mover's chance of winning is highest (the same side to move after a rosette, else
// one less the opponent's chance). It needs the table file: the option "table" (a path), else
// the file ur-RULESET-PIECES-DICE.table in the directory of the environment variable
// LUDUS_UR_TABLES; without one it fails (invalid_option) saying so. Options: level, table, seed.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "../ai/ai.hpp"
#include "../ai/ai_options.hpp"
#include "../ai/search_common.hpp"
#include "../ai/throws_search.hpp"
#include "../ai/uct.hpp"
#include "../json_util.hpp"
#include "ur.hpp"
#include "ur_solve.hpp"

namespace ludus {

namespace {

using S = UrState;
using R = UrRules;

constexpr int max_depth = 6;
constexpr auto levels = ai::standard_levels(2, 3, 5);

using ur_solve::throw_chances;

// Player p's side of the evaluation: the race left and the danger to its pieces.
double pips_left(const UrOptions &o, const S &s, int p, const std::array<double, 5> &chance) {
    const int full = o.route_length + 1;
    double left = s.in_hand[static_cast<size_t>(p)] * (full + 2.0);
    for (int k = 1; k <= o.route_length; ++k) {
        if (s.count(p, k) == 0) continue;
        left += full - k;
        const int cell = o.cell[p][k];
        if (o.rosettes_safe && R::is_rosette(cell)) {
            left -= 1.5;  // the safe rosette held
            continue;
        }
        // Opposing pieces that reach this cell with one throw (from hand too).
        double hit = 0;
        const int q = 1 - p;
        for (int from = 0; from <= o.route_length; ++from) {
            if (s.count(q, from) == 0) continue;
            for (int v = 1; v <= 4; ++v)
                if (from + v <= o.route_length && o.cell[q][from + v] == cell) hit += chance[v];
        }
        left += std::min(1.0, hit) * k;
    }
    return left;
}

// Player p's chance of winning, roughly: the logistic of the difference in the race.
double evaluate(const UrOptions &o, const S &s, int p, const std::array<double, 5> &chance) {
    if (s.result != Result::ongoing) return (s.result == Result::player0_won) == (p == 0) ? 1.0 : 0.0;
    const double diff = pips_left(o, s, 1 - p, chance) - pips_left(o, s, p, chance);
    const double tempo = s.to_move == p ? 2.0 : -2.0;
    return 1.0 / (1.0 + std::exp(-(diff + tempo) / 12.0));
}

class UrSearch {
public:
    UrSearch(const UrOptions &o, const ai::AiOptions &ao) : o_(o), ao_(ao), budget_(ao), chance_(throw_chances(o)) {}

    json choose(const S &root) {
        me_ = root.to_move;
        return ai::choose_over_throws<R>(o_, root, ao_, budget_,
                                         [this](const S &c, int depth) { return value_after(c, depth); });
    }

private:
    // The value for me_ of `s` (after a move, phase roll or over), searched `depth` moves more.
    double value_after(const S &s, int depth) {
        budget_.spend();
        if (depth == 0 || s.result != Result::ongoing || budget_.stopped()) return evaluate(o_, s, me_, chance_);
        double v = 0;
        std::array<Action, R::max_moves> moves;
        for (int roll = 0; roll <= 4; ++roll) {
            if (chance_[roll] == 0) continue;
            S thrown = s;
            thrown.n_dice = static_cast<uint8_t>(o_.dice);
            thrown.roll = static_cast<uint8_t>(roll);  // the dice themselves do not matter to the moves
            const size_t n = R::write_actions(o_, thrown, moves.data());
            const bool mine = thrown.to_move == me_;
            double best = mine ? -1 : 2;
            for (size_t i = 0; i < n; ++i) {
                S c = thrown;
                R::apply(o_, c, moves[i]);
                const double w = value_after(c, depth - 1);
                best = mine ? std::max(best, w) : std::min(best, w);
            }
            v += chance_[roll] * best;
        }
        return v;
    }

    const UrOptions &o_;
    const ai::AiOptions &ao_;
    ai::Budget budget_;
    std::array<double, 5> chance_;
    int me_ = 0;
};

constexpr ai::Level perfect_level{"perfect", 0, false};

// The table file for the options: "table" given, else $LUDUS_UR_TABLES/ur-RULESET-PIECES-DICE.table.
std::string table_path(const UrOptions &o, const json &options) {
    if (options.contains("table")) {
        if (!options["table"].is_string() || options["table"].get<std::string>().empty())
            fail(Status::invalid_option,
                 "option \"table\": " + json_util::quote_json(options["table"]) + " is not the path of a table file");
        return options["table"].get<std::string>();
    }
    const char *dir = std::getenv("LUDUS_UR_TABLES");
    if (dir == nullptr || *dir == '\0')
        fail(Status::invalid_option, "level \"perfect\" plays from the solved game's table: give its path as option "
                                     "\"table\" or the directory of " +
                                         ur_solve::table_name(o) + " as LUDUS_UR_TABLES (ludus solve ur makes it)");
    return std::string(dir) + "/" + ur_solve::table_name(o);
}

json choose_perfect(const UrOptions &o, const S &s, const json &options) {
    const auto t0 = std::chrono::steady_clock::now();
    ai::AiOptions ao;
    ao.level = perfect_level;
    // The budget options of the other levels are taken and have nothing to limit (a look-up a move).
    for (auto it = options.begin(); it != options.end(); ++it)
        if (it.key() != "level" && it.key() != "table" && it.key() != "seed" && it.key() != "max_nodes" &&
            it.key() != "max_time_ms" && it.key() != "threads")
            fail(Status::unknown_option, "unknown option " + json_util::quote(it.key()) +
                                             ": level \"perfect\" takes level, table, seed (and max_nodes, "
                                             "max_time_ms, threads, which it does not need)");
    if (options.contains("seed")) ao.seed = json_util::seed_from_json(options["seed"], "seed");
    const std::string path = table_path(o, options);
    const auto table = ur_solve::cached_table(path);
    if (table->ruleset != R::ruleset_name(o.ruleset) || table->pieces != o.pieces || table->dice != o.dice)
        fail(Status::invalid_option, "the Ur table " + path + " solves ruleset " + table->ruleset + " with " +
                                         std::to_string(table->pieces) + " pieces and " + std::to_string(table->dice) +
                                         " dice, not this game's " + R::ruleset_name(o.ruleset) + ", " +
                                         std::to_string(o.pieces) + ", " + std::to_string(o.dice));
    if (table->min_off != 0)
        fail(Status::invalid_option, "the Ur table " + path + " solves only the ends of games (min_off " +
                                         std::to_string(table->min_off) + ")");
    const ur_solve::Index &index = ur_solve::cached_index(o);
    if (index.size() != table->states)
        fail(Status::invalid_option, "the Ur table " + path + " does not fit this game's positions");
    std::vector<Action> moves;
    R::legal_actions(o, s, moves);
    ai::shuffle_moves(moves, ao.seed);  // equal chances: the seed chooses
    Action best = moves.front();
    double best_value = -1;
    for (Action a : moves) {
        const double v = ur_solve::value_after(index, *table, o, s, a);
        if (v > best_value) best_value = v, best = a;
    }
    const int64_t ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
    return ai::answer_json<R>(o, s, best, ao, 1, moves.size(), best_value, ms);
}

}  // namespace

template <class Rules>
json ai_choose(const typename Rules::Options &o, const typename Rules::State &s, std::span<const uint64_t> earlier_keys,
               const json &options) {
    if (options.is_object() && options.contains("level")) {
        // An unknown level: the refusal names every level, "perfect" too.
        bool known = options["level"] == perfect_level.name || options["level"] == ai::uct_level.name;
        std::string names;
        for (const ai::Level &l : levels) {
            names.append("\"").append(l.name).append("\", ");
            known = known || options["level"] == l.name;
        }
        if (!known)
            fail(Status::invalid_option, "option \"level\": " + json_util::quote_json(options["level"]) +
                                             " is not one of " + names + "\"" + std::string(ai::uct_level.name) +
                                             "\", \"" + std::string(perfect_level.name) + "\"");
    }
    if (options.is_object() && options.contains("level") && options["level"] == perfect_level.name) {
        const ai::AiOptions perfect{perfect_level};
        return ai::choose_move<Rules>(o, s, earlier_keys, perfect, [&] { return choose_perfect(o, s, options); });
    }
    const ai::AiOptions ao = ai::parse_options(options, levels, max_depth);
    return ai::choose_move<Rules>(o, s, earlier_keys, ao, [&] { return UrSearch(o, ao).choose(s); });
}

template json ai_choose<UrRules>(const UrOptions &, const UrState &, std::span<const uint64_t>, const json &);

template <>
json ai_levels<UrRules>() {
    json j = ai::levels_json(levels, "chance");
    j["other_levels"].push_back(perfect_level.name);  // needs the solved table (docs/computer-players.md)
    j["search_values"][perfect_level.name] = "chance";
    return j;
}

}  // namespace ludus
