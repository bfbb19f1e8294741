// The Duodecim computer player: it searches the whole of its own turn (every sequence of steps
// until the dice pass) and then, at the strongest level, the opponent's reply: expectimax over
// the 21 distinct rolls (a double 1/36, others 2/36), the opponent choosing the turn that is
// worst for us. Positions are judged by a small neural network trained by TD(lambda) self-play
// (duodecim_net.hpp): the chance of winning from the pieces of both sides at every progress and
// hand-made features of the race, the pieces in hand and the danger of hits (duodecim_eval.hpp).
//
// Levels: "random"; "greedy" (depth 1: the best single step by the evaluation, captures valued);
// "easy" (depth 2: the best whole turn); "medium" (depth 3: whole turn + the opponent's roll and
// every reply, expectimax); "best" (depth 4: the best few of depth 3 again, with the opponent's
// best reply to each roll followed by our next roll and best turn, then rollouts of the best six
// with common dice, which overrule that choice only beyond their noise). best and medium share
// the network and are level in matches (docs/computer-players.md: they choose different
// turns in fewer than one decision in ten, worth about 1.5 points of the chance of winning each).
// It searches on the rules' state (DuodecimRules::legal_actions/apply on copies).
#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <memory>
#include <vector>

#include "../ai/ai.hpp"
#include "../ai/ai_options.hpp"
#include "../ai/search_common.hpp"
#include "../ai/uct.hpp"
#include "duodecim.hpp"
#include "duodecim_eval.hpp"
#include "duodecim_net_weights.hpp"

namespace ludus {

namespace {

using namespace duodecim_ai;

constexpr int max_depth = 4;
// The strongest level searches this many of the best candidates a turn deeper, fewer when its
// budget runs out (at least two finished, else the depth-3 choice stands).
constexpr size_t refined = 16;
// Then it plays out the best few by depth 4 this many turns (see DuodecimSearch::rollout).
constexpr size_t rolled_out = 6;
constexpr int rollout_turns = 6;
// At most this many rollouts a candidate (about 0.5 s here): more hardly changes the choice,
// and a search under a node budget alone that the rollouts cannot spend (the threads' shared
// count is batched) still repeats on several threads.
constexpr uint64_t max_rounds = 10000;
// A rollout result overrules the depth-4 choice when it beats it by this many standard errors of
// the paired difference, after at least min_rounds rounds (see choose()).
constexpr double rollout_z = 2.0;
constexpr uint64_t min_rounds = 16;

constexpr auto duodecim_levels = ai::standard_levels(2, 3, 4);

class DuodecimSearch {
public:
    // With threads > 1 the candidates of the root are shared out among the threads (root
    // parallelism): each thread has a search of its own (buffers, budget counting into `shared`).
    DuodecimSearch(const DuodecimOptions &o, const ai::AiOptions &ao, ai::SharedBudget *shared = nullptr)
        : o_(o), ao_(ao), budget_(ao, shared) {
        for (auto &b : buffers_) b.reserve(64);
    }

    json choose(const S &root) {
        const int me = root.to_move;
        std::vector<Action> moves;
        R::legal_actions(o_, root, moves);
        ai::shuffle_moves(moves, ao_.seed);
        if (ao_.depth == 0 || ao_.level.depth == 0 || moves.size() == 1)
            return answer(root, moves.front(), ao_.level.depth == 0 ? 0 : 1, 0.0);

        if (ao_.depth == 1) {  // greedy: one step
            const auto [best, best_value] =
                ai::best_step<R>(o_, root, moves, budget_, [&](const S &c) { return evaluate(c, me); });
            return answer(root, best, 1, best_value);
        }

        std::vector<TurnEnd> ends;
        for (Action a : moves) {
            S c = root;
            R::apply(o_, c, a);
            turn_ends(o_, c, me, a, ends, buffers_, 1);
        }
        // Depth 2: the whole turn by the evaluation.
        std::vector<std::pair<double, size_t>> ranked;
        for (size_t i = 0; i < ends.size(); ++i) {
            budget_.spend();
            ranked.emplace_back(evaluate(ends[i].state, me), i);
        }
        std::stable_sort(ranked.begin(), ranked.end(), [](const auto &x, const auto &y) { return x.first > y.first; });
        if (ao_.depth == 2) return answer(root, ends[ranked.front().second].first, 2, ranked.front().first);

        // Depth 3: the opponent's roll and reply, best candidates first; a spent budget keeps the
        // best of those finished (the first always counts, so that there is a move).
        std::vector<double> values(ranked.size());
        std::vector<char> finished(ranked.size(), 0);
        const bool complete = for_each_candidate(ranked.size(), [&](DuodecimSearch &search, size_t k) {
            const auto [static_value, i] = ranked[k];
            values[k] = search.after_turn(ends[i].state, me, static_value);
            if (search.budget_.stopped() && k > 0) return false;
            finished[k] = 1;
            return true;
        });
        Action best = ends[ranked.front().second].first;
        double best_value = -1e300;
        std::vector<std::pair<double, size_t>> deep;  // depth-3 values
        for (size_t k = 0; k < ranked.size(); ++k) {
            if (!finished[k]) continue;
            deep.emplace_back(values[k], ranked[k].second);
            if (values[k] > best_value) best_value = values[k], best = ends[ranked[k].second].first;
        }
        if (ao_.depth == 3 || !complete) return answer(root, best, 3, best_value);

        // Depth 4, for the best few: the opponent replies with its best turn by the evaluation,
        // then we roll again and play our best turn. The best by depth 3 go first; a spent budget
        // keeps those finished if there are two or more, else the depth-3 choice.
        std::stable_sort(deep.begin(), deep.end(), [](const auto &x, const auto &y) { return x.first > y.first; });
        const size_t n4 = std::min(deep.size(), refined);
        std::vector<double> values4(n4);
        std::vector<char> finished4(n4, 0);
        for_each_candidate(n4, [&](DuodecimSearch &search, size_t k) {
            values4[k] = search.deeper(ends[deep[k].second].state, me);
            if (search.budget_.stopped()) return false;
            finished4[k] = 1;
            return true;
        });
        Action best4 = best;
        double best4_value = -1e300;
        size_t count4 = 0;
        for (size_t k = 0; k < n4; ++k)
            if (finished4[k]) {
                ++count4;
                if (values4[k] > best4_value) best4_value = values4[k], best4 = ends[deep[k].second].first;
            }
        if (count4 < 2) return answer(root, best, 3, best_value);

        // Rollouts of the best few by depth 4, while the budget lasts (see rollout()).
        std::vector<std::pair<double, size_t>> top;  // depth-4 value, index into ends
        for (size_t k = 0; k < n4; ++k)
            if (finished4[k]) top.emplace_back(values4[k], deep[k].second);
        std::stable_sort(top.begin(), top.end(), [](const auto &x, const auto &y) { return x.first > y.first; });
        top.resize(std::min(top.size(), rolled_out));
        // sums[k]: candidate k's results; diffs and squares: its results less the first's (the
        // depth-4 choice) in the same round, for the standard error of the difference.
        std::vector<double> sums(top.size(), 0.0), diffs(top.size(), 0.0), squares(top.size(), 0.0);
        std::vector<double> round(top.size());
        uint64_t rounds = 0;
        for (; top.size() > 1 && rounds < max_rounds; ++rounds) {
            bool spent = false;
            for (size_t k = 0; k < top.size() && !spent; ++k) {
                Rng dice{ao_.seed * 0xD1B54A32D192ED03ull +
                         rounds};  // the same dice for every candidate (common random numbers)
                round[k] = rollout(ends[top[k].second].state, me, dice);
                spent = budget_.stopped();
            }
            if (spent) break;  // the unfinished round is not counted
            for (size_t k = 0; k < top.size(); ++k) {
                sums[k] += round[k];
                const double d = round[k] - round[0];
                diffs[k] += d, squares[k] += d * d;
            }
        }
        if (rounds == 0) return answer(root, best4, 4, best4_value);
        // The rollouts overrule the depth-4 choice only where they say so beyond their noise: the
        // candidate's mean difference from it at least `rollout_z` standard errors, after at least
        // `min_rounds` rounds, so that at small budgets the noise does not choose.
        size_t pick = 0;
        double pick_margin = 0.0;
        if (rounds >= min_rounds) {
            const double n = static_cast<double>(rounds);
            for (size_t k = 1; k < top.size(); ++k) {
                const double mean = diffs[k] / n;
                const double var = std::max(squares[k] / n - mean * mean, 0.0);
                const double se = std::sqrt(var / (n - 1));
                if (mean > rollout_z * se && mean > pick_margin) pick = k, pick_margin = mean;
            }
        }
        json move = answer(root, ends[top[pick].second].first, 4, sums[pick] / static_cast<double>(rounds));
        move["search"]["rollouts"] = json_util::exact_json(rounds * top.size());
        return move;
    }

    // The searches of the other threads (none on one thread).
    void add_helpers(int threads, ai::SharedBudget *shared) {
        for (int t = 1; t < threads; ++t) helpers_.push_back(std::make_unique<DuodecimSearch>(o_, ao_, shared));
    }

private:
    // Calls visit(search, k) for k = 0..n-1, each k once, shared out among this search and the
    // helpers (in order on one thread); a thread stops at its first false (its budget is spent).
    // True when every k was visited and returned true.
    template <class Visit>
    bool for_each_candidate(size_t n, Visit visit) {
        std::atomic<size_t> next{0};
        std::atomic<bool> complete{true};
        auto work = [&](DuodecimSearch &search) {
            for (size_t k; (k = next.fetch_add(1, std::memory_order_relaxed)) < n;)
                if (!visit(search, k)) {
                    complete.store(false, std::memory_order_relaxed);
                    return;
                }
        };
        ai::run_on_threads(1 + helpers_.size(), [&](size_t k) { work(k == 0 ? *this : *helpers_[k - 1]); });
        return complete.load(std::memory_order_relaxed);
    }

    // The value for `me` of the end `e` of our turn, whose evaluation is `static_value`: the
    // expectation over the opponent's roll of its worst reply for us; after a double, over our
    // own next roll of our best turn.
    double after_turn(const S &e, int me, double static_value) {
        if (e.result != Result::ongoing) return static_value;
        if (e.to_move == me) return our_roll(e, me);
        double v = 0;
        for (const Roll &r : rolls) {
            ends_after(e, r, 1 - me, replies_);
            v += r.weight / 36.0 * extreme(replies_, me, false).second;
        }
        return v;
    }

    // The opponent's roll and best reply, then our roll and best turn, from the end of our turn.
    double deeper(const S &e, int me) {
        if (e.result != Result::ongoing) return evaluate(e, me);
        if (e.to_move == me) return our_roll(e, me);
        double v = 0;
        for (const Roll &r : rolls) {
            ends_after(e, r, 1 - me, replies_);
            const auto [worst, worst_value] = extreme(replies_, me, false);
            const S reply = replies_[worst].state;
            v += r.weight / 36.0 *
                 (reply.result == Result::ongoing && reply.to_move == me ? our_roll(reply, me) : worst_value);
        }
        return v;
    }

    // One game from the end of a turn `s` (phase roll) for `rollout_turns` turns, each player
    // playing its best turn by the evaluation with the dice of `dice`; then the evaluation.
    // Such rollouts (as backgammon programs use them) correct the evaluation where the search
    // stops; with the same dice for every candidate, the differences between candidates show
    // with few rollouts.
    double rollout(S s, int me, Rng &dice) {
        for (int turn = 0; turn < rollout_turns && s.result == Result::ongoing; ++turn) {
            const std::array<int, 2> roll = {dice.die(), dice.die()};
            R::set_dice(o_, s, roll);
            ours_.clear();
            turn_ends(o_, s, s.to_move, -1, ours_, buffers_);
            s = ours_[extreme(ours_, s.to_move, true).first].state;
        }
        return evaluate(s, me);
    }

    // Our roll from `s` (phase roll, our turn): the expected value of our best turn.
    double our_roll(const S &s, int me) {
        double v = 0;
        for (const Roll &r : rolls) {
            ends_after(s, r, me, ours_);
            v += r.weight / 36.0 * extreme(ours_, me, true).second;
        }
        return v;
    }

    // The ends of `player`'s turn after roll `r` from `s` (phase roll), into `out`.
    void ends_after(const S &s, const Roll &r, int player, std::vector<TurnEnd> &out) {
        S c = s;
        const std::array<int, 2> dice = {r.a, r.b};
        R::set_dice(o_, c, dice);
        out.clear();
        turn_ends(o_, c, player, -1, out, buffers_);
    }

    // The first of `ends` with the highest (`best`) or lowest value for `me`, and the value.
    std::pair<size_t, double> extreme(const std::vector<TurnEnd> &ends, int me, bool best) {
        size_t at = 0;
        double value = best ? -1e300 : 1e300;
        for (size_t i = 0; i < ends.size(); ++i) {
            budget_.spend();
            const double v = evaluate(ends[i].state, me);
            if (best ? v > value : v < value) value = v, at = i;
        }
        return {at, value};
    }

    json answer(const S &root, Action a, int depth, double value) {
        uint64_t nodes = budget_.nodes();
        for (const auto &helper : helpers_) nodes += helper->nodes();
        return ai::answer_json<R>(o_, root, a, ao_, depth, nodes, value, budget_.elapsed_ms());
    }

    uint64_t nodes() const { return budget_.nodes(); }

    // From player p's view: the chance of winning, by the network (duodecim_net.hpp), which beats
    // the logistic evaluation of duodecim_eval.hpp in 58% of games between one-turn players.
    double evaluate(const S &s, int p) const { return net_win_chance(net_, s, p); }

    const DuodecimOptions &o_;
    const ai::AiOptions &ao_;
    const NetWeights &net_ = net_weights();  // held, so that no evaluation asks whether they are made
    ai::Budget budget_;
    std::array<std::vector<Action>, 4> buffers_;
    std::vector<TurnEnd> replies_, ours_;  // a turn has at most two steps (and a pass)
    std::vector<std::unique_ptr<DuodecimSearch>> helpers_;
};

}  // namespace

template <class Rules>
json ai_choose(const typename Rules::Options &o, const typename Rules::State &s, std::span<const uint64_t> earlier_keys,
               const json &options) {
    const ai::AiOptions ao = ai::parse_options(options, duodecim_levels, max_depth);
    return ai::choose_move<Rules>(o, s, earlier_keys, ao, [&] {
        const int threads = ao.level.depth >= 3 ? ao.threads : 1;  // the shallower levels have no candidates to share
        ai::SharedBudget shared;
        DuodecimSearch search(o, ao, threads > 1 ? &shared : nullptr);
        search.add_helpers(threads, &shared);
        return search.choose(s);
    });
}

template json ai_choose<DuodecimRules>(const DuodecimOptions &, const DuodecimState &, std::span<const uint64_t>,
                                       const json &);

template <>
json ai_levels<DuodecimRules>() {
    return ai::levels_json(duodecim_levels, "chance");
}

}  // namespace ludus
