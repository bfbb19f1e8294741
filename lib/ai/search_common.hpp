// Pieces of search that the computer players of several games share (lib/<game>/*_ai.cpp): the root's
// moves in the seed's order, the best single step of the dice games' "greedy", the answer.
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "../rng.hpp"
#include "ai_options.hpp"

namespace ludus::ai {

// Shuffles `moves` by `seed`: the seed decides which of equally good moves a search plays.
inline void shuffle_moves(std::vector<Action> &moves, uint64_t seed) {
    Rng rng{seed ^ 0x9E3779B97F4A7C15ull};
    for (size_t i = moves.size(); i > 1; --i) std::swap(moves[i - 1], moves[rng.below(static_cast<uint32_t>(i))]);
}

// The first of `moves` whose position after it `value` rates highest, and that value; each
// step counts a node of `budget` (a one-step player never stops for its budget).
template <class R, class Value>
std::pair<Action, double> best_step(const typename R::Options &o, const typename R::State &root,
                                    const std::vector<Action> &moves, Budget &budget, Value value) {
    Action best = moves.front();
    double best_value = -1e300;
    for (Action a : moves) {
        typename R::State c = root;
        R::apply(o, c, a);
        budget.spend();
        if (const double v = value(c); v > best_value) best_value = v, best = a;
    }
    return {best, best_value};
}

// The log2 of a transposition table's slots for a search under `o`: about one slot a node the
// search may visit (nodes_per_ms for a time budget), between `smallest` and `largest`. A table
// is made and cleared for every move: a small budget with a large table spends much of its
// time clearing it.
inline int table_log2_size(const AiOptions &o, int smallest, int largest, uint64_t nodes_per_ms) {
    uint64_t nodes = o.max_nodes;
    if (o.max_time_ms != 0) {
        const uint64_t timed = static_cast<uint64_t>(o.max_time_ms) * nodes_per_ms;
        nodes = nodes == 0 ? timed : std::min(nodes, timed);
    }
    if (nodes == 0) return largest;
    int log2 = smallest;
    while (log2 < largest && (uint64_t{1} << log2) < nodes) ++log2;
    return log2;
}

// The answer of ai_choose: the move's object with the "search" object.
template <class R>
json answer_json(const typename R::Options &o, const typename R::State &root, Action a, const AiOptions &ao, int depth,
                 uint64_t nodes, double value, int64_t time_ms) {
    json move = R::action_json(o, root, a);
    move["search"] = search_json(ao, depth, nodes, value, time_ms);
    return move;
}

}  // namespace ludus::ai
