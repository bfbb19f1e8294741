// The root of the expectimax over the throws, shared by the race games whose search starts from a
// throw: each game searches the positions after a move its own way; the choice among the root's
// moves is this one.
#pragma once

#include <vector>

#include "ai_options.hpp"
#include "search_common.hpp"

namespace ludus::ai {

// The move of `root` (its dice thrown) whose position after it `value_after(position, depth)`
// rates highest for the mover, each searched `depth` moves more: the moves in the seed's order
// (the first of equal values is played), the level's depth at once, or for the timed level from
// depth 1 up, the deepest search finished before the budget ran out. Its answer, with the depth
// finished and the value.
template <class R, class ValueAfter>
json choose_over_throws(const typename R::Options &o, const typename R::State &root, const AiOptions &ao,
                        Budget &budget, ValueAfter value_after) {
    std::vector<Action> moves;
    R::legal_actions(o, root, moves);
    shuffle_moves(moves, ao.seed);
    auto answer = [&](Action a, int depth, double value) {
        return answer_json<R>(o, root, a, ao, depth, budget.nodes(), value, budget.elapsed_ms());
    };
    if (ao.depth == 0 || moves.size() == 1) return answer(moves.front(), ao.depth == 0 ? 0 : 1, 0.0);
    Action best = moves.front();
    double best_value = 0;
    int done = 0;
    for (int depth = ao.level.timed ? 1 : ao.depth; depth <= ao.depth; ++depth) {
        Action d_best = moves.front();
        double d_value = -1;
        bool stopped = false;
        for (Action a : moves) {
            typename R::State c = root;
            R::apply(o, c, a);
            const double v = value_after(c, depth - 1);
            if (budget.stopped() && depth > 1) {
                stopped = true;
                break;
            }
            if (v > d_value) d_value = v, d_best = a;
        }
        if (stopped) break;
        best = d_best, best_value = d_value, done = depth;
        if (budget.stopped()) break;
    }
    return answer(best, done, best_value);
}

}  // namespace ludus::ai
