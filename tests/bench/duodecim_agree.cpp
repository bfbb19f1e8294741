// How often Duodecim's `best` and `medium` choose different turns, and what the difference is
// worth: games of `medium` against itself (seeds 1..games); at every roll with more than one end
// of the turn, the turn `medium` plays and the turn `best` would play (at max_nodes, seed = ply);
// where they differ, both ends are played out to the end of the game `rollouts` times by the
// one-turn player of the network (duodecim_net.hpp), the same dice for both (common random
// numbers), and the difference of the chances of winning is recorded. Prints the share of the
// decisions that differ, the mean gain of `best`'s choice where they differ (with its standard
// error) and the gain a game of one side's decisions: about what `best` would score above 50%
// against `medium` if the rollout player's judgement were the truth.
//
//   meson compile -C build-rel duodecim_agree && build-rel/tests/bench/duodecim_agree [games] [max_nodes] [rollouts]
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "ai/ai.hpp"
#include "duodecim/duodecim_net_weights.hpp"

using namespace ludus;
using namespace ludus::duodecim_ai;

namespace {

// `s` (phase move) after the whole turn that the level of `options` plays.
S play_turn(const DuodecimOptions &o, S s, const json &options) {
    const int p = s.to_move;
    while (s.result == Result::ongoing && R::phase(s) == Phase::move && s.to_move == p) {
        const json m = ai_choose<R>(o, s, {}, options);
        R::apply(o, s, m["action"].get<Action>());
    }
    return s;
}

// 1 if player `me` wins the game from `s` (phase roll or over), both sides playing the turn the
// network values most, with the dice of `dice`.
double play_out(const DuodecimOptions &o, S s, int me, Rng &dice, std::vector<TurnEnd> &ends,
                std::array<std::vector<Action>, 4> &buffers) {
    for (int turn = 0; turn < 1000 && s.result == Result::ongoing; ++turn) {
        const std::array<int, 2> roll = {dice.die(), dice.die()};
        R::set_dice(o, s, roll);
        ends.clear();
        const int mover = s.to_move;
        turn_ends(o, s, mover, -1, ends, buffers);
        s = ends[highest(ends, [&](const S &e) { return net_win_chance(net_weights(), e, mover); }).first].state;
    }
    return (s.result == Result::player0_won) == (me == 0) ? 1.0 : 0.0;
}

}  // namespace

int main(int argc, char **argv) {
    const int games = argc > 1 ? std::atoi(argv[1]) : 20;
    const long max_nodes = argc > 2 ? std::atol(argv[2]) : 8100;
    const int rollouts = argc > 3 ? std::atoi(argv[3]) : 1000;
    std::vector<TurnEnd> ends;
    std::array<std::vector<Action>, 4> buffers;
    long decisions = 0, differ = 0;
    double gain = 0, gain_sq = 0, significant = 0;
    for (int g = 1; g <= games; ++g) {
        const DuodecimOptions o = R::parse_options({{"seed", g}});
        S s = R::initial(o);
        Rng rng{static_cast<uint64_t>(g) * 0x9E3779B97F4A7C15ull + 11};
        for (int ply = 0; ply < 1000 && s.result == Result::ongoing; ++ply) {
            const std::array<int, 2> roll = {rng.die(), rng.die()};
            R::set_dice(o, s, roll);
            const int me = s.to_move;
            ends.clear();
            turn_ends(o, s, me, -1, ends, buffers);
            if (ends.size() < 2) {
                s = ends.front().state;
                continue;
            }
            const S medium = play_turn(o, s, {{"level", "medium"}, {"seed", ply}});
            const S best = play_turn(o, s, {{"level", "best"}, {"seed", ply}, {"max_nodes", max_nodes}});
            ++decisions;
            if (!(medium.count == best.count && medium.to_move == best.to_move && medium.result == best.result)) {
                ++differ;
                double d = 0, d2 = 0;
                for (int i = 0; i < rollouts; ++i) {
                    Rng a{static_cast<uint64_t>(i) * 0xD1B54A32D192ED03ull + 5}, b = a;
                    const double x =
                        play_out(o, best, me, a, ends, buffers) - play_out(o, medium, me, b, ends, buffers);
                    d += x, d2 += x * x;
                }
                const double mean = d / rollouts,
                             se = std::sqrt(std::max(d2 / rollouts - mean * mean, 0.0) / (rollouts - 1));
                gain += mean, gain_sq += mean * mean;
                significant += std::fabs(mean) > 2 * se ? 1 : 0;
                std::fprintf(stderr, "game %d ply %d: best - medium %+.4f (se %.4f)\n", g, ply, mean, se);
            }
            s = medium;
        }
    }
    const double mean = differ ? gain / differ : 0.0;
    const double se = differ > 1 ? std::sqrt(std::max(gain_sq / differ - mean * mean, 0.0) / (differ - 1)) : 0.0;
    std::printf("%d games, best at max_nodes %ld, %d rollouts a choice: %ld decisions (more than one end of the turn), "
                "%ld differ (%.1f%%), "
                "%.0f of them by more than 2 standard errors of their rollouts\n",
                games, max_nodes, rollouts, decisions, differ, 100.0 * differ / std::max(decisions, 1L), significant);
    std::printf("best's gain in the chance of winning where they differ: mean %+.4f (se %.4f); a game's decisions of "
                "one side: %+.4f\n",
                mean, se, gain / games / 2);
}
