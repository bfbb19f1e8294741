// The XII Scripta computer player, for every ruleset: it lists every distinct position at the
// end of its own turn (all the ways of playing the three dice, positions reached twice counted
// once) and judges them, by the level:
//
//   "random";
//   "greedy" (depth 1): the best single step by the hand-made evaluation: the race (the way every
//       piece still has to go, pieces in hand or captured the whole way and a little more) and
//       the danger to single pieces that the opponent's next roll can hit (the chance over the
//       56 rolls, from every opposing piece behind them);
//   "easy" (depth 2): the best whole turn by the race alone;
//   "medium" (depth 2): the best whole turn by the race and the danger;
//   "best" (depth 3): the learned evaluation (xii_scripta_net.hpp: a network trained by
//       TD(lambda) self-play, lib/xii_scripta/train/xii_scripta_td.cpp), the best whole turn by it and then,
//       while its budget lasts, the best few of those against each of the opponent's 56 rolls and
//       its best reply by the network (expectimax); the candidate with the best expectation is
//       played (the network's one-turn choice if fewer than two were finished).
//
// The levels climb: best (the network and its search) beats medium (the hand-made evaluation)
// in every ruleset, 73 to 84% of the games at 5 ms a move (docs/computer-players.md),
// so medium keeps the cheap hand-made evaluation and only best uses the network. "uct" is uct.hpp, over the 56
// rolls of three dice. The search runs on the rules' state (XiiScriptaRules::apply on copies);
// it uses one thread whatever "threads" says.
#include <algorithm>
#include <array>
#include <vector>

#include "../ai/ai.hpp"
#include "../ai/ai_options.hpp"
#include "../ai/search_common.hpp"
#include "../ai/uct.hpp"
#include "xii_scripta.hpp"
#include "xii_scripta_net_weights.hpp"

namespace ludus {

namespace {

using namespace xii_ai;

constexpr int max_depth = 3;
// The strongest level searches at most this many of the network's best turns against the
// opponent's rolls, fewer when its budget runs out.
constexpr size_t refined = 6;

constexpr auto levels = ai::standard_levels(2, 2, 3);

class XiiSearch {
public:
    XiiSearch(const XiiOptions &o, const ai::AiOptions &ao) : o_(o), ao_(ao), budget_(ao) {}

    json choose(const S &root) {
        const int me = root.to_move;
        std::vector<Action> moves;
        R::legal_actions(o_, root, moves);
        ai::shuffle_moves(moves, ao_.seed);
        if (ao_.depth == 0 || moves.size() == 1) return answer(root, moves.front(), ao_.depth == 0 ? 0 : 1, 0.0);

        if (ao_.depth == 1) {  // greedy: the best single step
            const auto [best, best_value] =
                ai::best_step<R>(o_, root, moves, budget_, [&](const S &c) { return hand_value(o_, c, me, true); });
            return answer(root, best, 1, best_value);
        }

        std::vector<TurnEnd> ends;
        walker_.turn_ends(o_, root, me, moves, ends);
        const bool network = ao_.depth >= 3;
        const bool with_danger = ao_.level.name != "easy";
        std::vector<std::pair<double, size_t>> ranked;
        for (size_t i = 0; i < ends.size(); ++i) {
            budget_.spend();
            ranked.emplace_back(network ? net_win_chance(net_, o_, ends[i].state, me)
                                        : hand_value(o_, ends[i].state, me, with_danger),
                                i);
        }
        std::stable_sort(ranked.begin(), ranked.end(), [](const auto &x, const auto &y) { return x.first > y.first; });
        const Action turn_best = ends[ranked.front().second].first;
        if (ao_.depth == 2) return answer(root, turn_best, 2, ranked.front().first);

        // Depth 3: the best few against every roll of the opponent and its best reply by the
        // network, best first; a spent budget keeps those finished if there are two or more.
        Action best = turn_best;
        double best_value = -1e300;
        size_t finished = 0;
        for (size_t k = 0; k < ranked.size() && k < refined; ++k) {
            const S &e = ends[ranked[k].second].state;
            const double v = e.result != Result::ongoing ? ranked[k].first : after_turn(e, me);
            if (budget_.stopped()) break;
            ++finished;
            if (v > best_value) best_value = v, best = ends[ranked[k].second].first;
        }
        if (finished < 2) return answer(root, turn_best, 2, ranked.front().first);
        return answer(root, best, 3, best_value);
    }

private:
    // The value for `me` of the end `e` of our turn (phase roll, the opponent to roll): the
    // expectation over the opponent's 56 rolls of its best reply by the network.
    double after_turn(const S &e, int me) {
        double v = 0;
        for (const Roll &r : rolls()) {
            walker_.ends_after(o_, e, r.dice, replies_);
            double worst = 1e300;
            for (const TurnEnd &t : replies_) {
                budget_.spend();
                worst = std::min(worst, net_win_chance(net_, o_, t.state, me));
            }
            v += r.chance * worst;
            if (budget_.stopped()) break;
        }
        return v;
    }

    json answer(const S &root, Action a, int depth, double value) {
        return ai::answer_json<R>(o_, root, a, ao_, depth, budget_.nodes(), value, budget_.elapsed_ms());
    }

    const XiiOptions &o_;
    const ai::AiOptions &ao_;
    const NetWeights &net_ = net_weights();  // held, so that no evaluation asks whether they are made
    ai::Budget budget_;
    TurnWalker walker_;
    std::vector<TurnEnd> replies_;
};

}  // namespace

template <class Rules>
json ai_choose(const typename Rules::Options &o, const typename Rules::State &s, std::span<const uint64_t> earlier_keys,
               const json &options) {
    const ai::AiOptions ao = ai::parse_options(options, levels, max_depth);
    return ai::choose_move<Rules>(o, s, earlier_keys, ao, [&] { return XiiSearch(o, ao).choose(s); });
}

template json ai_choose<XiiScriptaRules>(const XiiOptions &, const XiiState &, std::span<const uint64_t>, const json &);

template <>
json ai_levels<XiiScriptaRules>() {
    return ai::levels_json(levels, "steps", "chance");  // best: the network's chance
}

}  // namespace ludus
