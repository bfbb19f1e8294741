// The alpha-beta search of the board games' computer players (each such game's
// lib/GAME/GAME_ai.cpp gives its policy), written once over a per-game policy P (AlphaBetaPolicy
// below): negamax with iterative deepening, a transposition table on the state's Zobrist key,
// move ordering (table move, captures, killers, history), late move reductions, a quiescence
// search over captures and, with threads > 1, Lazy SMP (the threads search the same root at
// once, sharing the table).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <concepts>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "ai_options.hpp"
#include "search_common.hpp"

namespace ludus::ai {

// A game's part of the search: its evaluation, its capture moves, its move keys, and the
// switches where the games' searches differ, each named by what it does; every game's policy
// says beside its settings why its game wants them.
template <class P>
concept AlphaBetaPolicy = requires(const P &p, const typename P::Rules::State &s, Action a, std::vector<Action> &moves,
                                   const AiOptions &ao, const typename P::Context &context, int history) {
    typename P::Rules;
    typename P::Context;  // what the move keys share per node
    requires std::constructible_from<P, const typename P::Rules::Options &, const AiOptions &>;
    { P::max_ply } -> std::convertible_to<int>;        // the deepest line searched
    { P::score_unit } -> std::convertible_to<int>;     // the score of one piece: "value" is score / unit
    { P::draw_contempt } -> std::convertible_to<int>;  // a draw's cost to the searching side (it plays on)
    {
        P::every_position_counts_a_node
        } -> std::convertible_to<bool>;  // else a move that ends the game is scored without a
                                         // node, and the capture search counts the captures it tries
    {
        P::first_iteration_ignores_budget
        } -> std::convertible_to<bool>;  // depth 1 completes whatever the budget (the move played
                                         // comes from a finished search even where helpers spent it)
    {
        P::a_move_can_keep_the_turn
        } -> std::convertible_to<bool>;                        // a move may leave the same player to move (an extra
                                                               // move): searched without changing sides
    { P::reduces_killer_moves } -> std::convertible_to<bool>;  // late move reductions reduce killers too
    {
        P::stores_win_scores
        } -> std::convertible_to<bool>;  // won and lost scores enter the table (made relative to the ply)
    { P::max_capture_plies } -> std::convertible_to<int>;     // how deep the capture search goes
    { P::searches_on_threads } -> std::convertible_to<bool>;  // Lazy SMP with "threads" > 1; else one thread
    { P::capture_key } -> std::convertible_to<int>;           // the order's bands: captures, then killers (the table's
    { P::killer_key } -> std::convertible_to<int>;            // move 1 << 30 above both)
    { P::history_cap } -> std::convertible_to<int>;           // the most a quiet move's history counts
    { P::move_capacity } -> std::convertible_to<size_t>;      // each ply's move list's reserve
    { P::table_log2_size(ao) } -> std::convertible_to<int>;   // the transposition table's size for the level
    { p.quiesces() } -> std::convertible_to<bool>;            // the capture search past the last ply
    { p.repetition_is_draw() } -> std::convertible_to<bool>;  // a repetition scored a draw even where the rules go on
    { p.evaluate(s, true) } -> std::convertible_to<int>;      // from the side to move's view; true at a leaf
    { p.may_capture(s) } -> std::convertible_to<bool>;
    {p.capture_moves(s, moves)};
    { p.worth_a_ply_more(s) } -> std::convertible_to<bool>;  // searched a ply deeper at depth 1
    { p.order_context(s) } -> std::convertible_to<typename P::Context>;
    { p.root_key(s, a, context) } -> std::convertible_to<int>;
    { p.capture_order(s, a, context) } -> std::convertible_to<int>;  // 0 for a quiet move
    { p.quiet_key(a, context, history) } -> std::convertible_to<int>;
    { p.history_size() } -> std::convertible_to<size_t>;
    { p.history_index(a) } -> std::convertible_to<size_t>;
};

struct TTEntry {
    int32_t move = -1;
    int16_t score = 0;
    int8_t depth = -1;
    uint8_t bound = 0;  // 1 exact, 2 lower (fail high), 3 upper (fail low); 0 none
};

// The transposition table, shared by the threads of a search (Lazy SMP). A slot holds the entry
// packed in one word and the key XOR that word, each read and written whole (relaxed atomics):
// a slot torn by two threads writing at once fails the key check instead of giving one
// position another's entry.
class TranspositionTable {
public:
    explicit TranspositionTable(int log2_size) : slots_(size_t{1} << log2_size), mask_((size_t{1} << log2_size) - 1) {}

    bool probe(uint64_t key, TTEntry &out) const {
        const Slot &slot = slots_[key & mask_];
        const uint64_t data = slot.data.load(std::memory_order_relaxed);
        if ((slot.check.load(std::memory_order_relaxed) ^ data) != key) return false;
        out.move = static_cast<int32_t>(static_cast<uint32_t>(data)) - 1;
        out.score = static_cast<int16_t>(static_cast<uint16_t>(data >> 32));
        out.depth = static_cast<int8_t>(static_cast<uint8_t>(data >> 48));
        out.bound = static_cast<uint8_t>(data >> 56);
        return out.bound != 0;
    }

    void store(uint64_t key, const TTEntry &e) {
        const uint64_t data = static_cast<uint64_t>(static_cast<uint32_t>(e.move + 1)) |
                              uint64_t{static_cast<uint16_t>(e.score)} << 32 |
                              uint64_t{static_cast<uint8_t>(e.depth)} << 48 | uint64_t{e.bound} << 56;
        Slot &slot = slots_[key & mask_];
        slot.data.store(data, std::memory_order_relaxed);
        slot.check.store(key ^ data, std::memory_order_relaxed);
    }

private:
    struct Slot {
        std::atomic<uint64_t> check{0};
        std::atomic<uint64_t> data{0};
    };
    std::vector<Slot> slots_;
    size_t mask_;
};

// The move a search settled on: the deepest completed iteration's (or a better one found in
// the unfinished iteration), its depth and score.
struct Choice {
    Action move = -1;
    int depth = 0;
    int score = 0;
};

constexpr int mate = 30000;  // a win at ply p scores mate - p
constexpr int infinity = 32000;

template <AlphaBetaPolicy P>
class AlphaBeta {
public:
    using R = typename P::Rules;
    using Options = typename R::Options;
    using State = typename R::State;
    static constexpr int max_ply = P::max_ply;
    static constexpr int tt_key = 1 << 30;

    // `thread` 0 is the main thread (the only one of a search on one thread); helpers (1..)
    // order the root moves by another seed and start every other one a ply deeper, so that the
    // threads search different trees and share what they find through `tt`.
    AlphaBeta(const Options &o, const AiOptions &ao, std::span<const uint64_t> earlier, TranspositionTable &tt,
              SharedBudget *shared, int thread)
        : o_(o), ao_(ao), policy_(o, ao), budget_(ao, shared), thread_(thread), history_(policy_.history_size(), 0),
          tt_(tt), moves_(max_ply + 1), keys_of_moves_(max_ply + 1) {
        for (auto &m : moves_) m.reserve(P::move_capacity);
        for (auto &k : keys_of_moves_) k.reserve(P::move_capacity);
        for (auto &k : killers_) k = {-1, -1};
        keys_.reserve(earlier.size() + max_ply + 1);
        keys_.assign(earlier.begin(), earlier.end());
    }

    Choice choose(const State &root) {
        root_player_ = root.to_move;
        std::vector<Action> root_moves;
        R::legal_actions(o_, root, root_moves);
        shuffle_moves(root_moves, ao_.seed ^ static_cast<uint64_t>(thread_) * 0xD1B54A32D192ED03ull);
        if (ao_.level.depth == 0) return {root_moves.front(), 0, 0};  // "random"

        Action best = root_moves.front();
        int best_score = 0, completed = 0;
        for (int depth = 1 + thread_ % 2; depth <= ao_.depth; ++depth) {
            // The main thread's first iteration always completes (its budget is held), so that the
            // move played comes from a completed search even where helpers spent the budget first.
            const bool held = P::first_iteration_ignores_budget && thread_ == 0 && depth == 1;
            if (held) budget_.hold();
            order_root(root, root_moves, best);
            int alpha = -infinity;
            Action iteration_best = -1;
            for (Action a : root_moves) {
                const int score = child_score(root, a, alpha, infinity, 1, [&](const State &c, int al, int be) {
                    return negamax(c, depth - 1, al, be, 1);
                });
                if (budget_.stopped()) break;
                if (score > alpha) alpha = score, iteration_best = a;
            }
            const bool finished = !budget_.stopped();
            if (held) budget_.release();
            // A move that completed its search is at least as good as the bound found so far.
            if (iteration_best >= 0 && (finished || iteration_best != best || alpha > best_score))
                best = iteration_best, best_score = alpha;
            if (!finished) break;
            completed = depth;
            if (budget_.stopped()) break;  // (the hold's release found the budget spent)
            if (alpha >= mate - max_ply || alpha <= -mate + max_ply) break;  // the result is known
        }
        return {best, completed, best_score};
    }

    // Ends the other threads' searches (the main thread, when it has chosen).
    void stop_all() { budget_.stop_all(); }
    uint64_t nodes() const { return budget_.nodes(); }
    int64_t elapsed_ms() const { return budget_.elapsed_ms(); }

private:
    // A finished game's score for `player`; a draw is a little worse than an even position for
    // the searching player (it plays on) where the policy has a contempt.
    int outcome(Result result, int player, int ply) const {
        if (result == Result::draw) return player == root_player_ ? -P::draw_contempt : P::draw_contempt;
        const int winner = result == Result::player0_won ? 0 : 1;
        return winner == player ? mate - ply : -(mate - ply);
    }

    // The score of playing `a` in `s`, from the view of the player to move in `s`; `search`
    // scores the child from its mover's view. A move that leaves the same player to move (an
    // extra move) is searched without changing sides.
    template <class Search>
    int child_score(const State &s, Action a, int alpha, int beta, int ply, Search search) {
        State child = s;
        R::apply(o_, child, a);
        keys_.push_back(s.key);
        int score;
        if (!P::every_position_counts_a_node && child.result != Result::ongoing)
            score = outcome(child.result, s.to_move, ply);
        else if (P::a_move_can_keep_the_turn && child.to_move == s.to_move)
            score = search(child, alpha, beta);
        else
            score = -search(child, -beta, -alpha);
        keys_.pop_back();
        return score;
    }

    // A position seen before since the last capture: a draw where the game has the rule, or
    // where the policy counts it one anyway (so that the side ahead makes progress).
    bool repeated(const State &s) const {
        if (o_.draw_repetitions == 0 && !policy_.repetition_is_draw()) return false;
        const size_t window = std::min<size_t>(s.plies_without_capture, keys_.size());
        return std::find(keys_.end() - static_cast<std::ptrdiff_t>(window), keys_.end(), s.key) != keys_.end();
    }

    // The root's moves: the previous iteration's best, then by the policy's root key.
    void order_root(const State &s, std::vector<Action> &moves, Action first) {
        keyed_.clear();
        const auto context = policy_.order_context(s);
        for (Action a : moves) keyed_.emplace_back(a == first ? 1 << 20 : policy_.root_key(s, a, context), a);
        std::stable_sort(keyed_.begin(), keyed_.end(), [](const auto &x, const auto &y) { return x.first > y.first; });
        for (size_t i = 0; i < moves.size(); ++i) moves[i] = keyed_[i].second;
    }

    // The keys of the search's order: the table's move, captures (by the policy's order), the
    // ply's two killers (quiet moves that cut off a sibling), then quiet moves by the policy's
    // key of their history (how often and how deep they cut off elsewhere).
    void key_moves(const State &s, const std::vector<Action> &moves, Action tt_move, int ply,
                   std::vector<int> &keys) const {
        keys.clear();
        const auto context = policy_.order_context(s);
        for (Action a : moves) {
            int k;
            if (a == tt_move)
                k = tt_key;
            else if (const int c = policy_.capture_order(s, a, context); c > 0)
                k = P::capture_key + c;
            else if (a == killers_[ply][0])
                k = P::killer_key + 1;
            else if (a == killers_[ply][1])
                k = P::killer_key;
            else
                k = policy_.quiet_key(a, context, history_[policy_.history_index(a)]);
            keys.push_back(k);
        }
    }

    void remember_cut(Action a, int depth, int ply) {
        if (killers_[ply][0] != a) killers_[ply][1] = killers_[ply][0], killers_[ply][0] = a;
        int &h = history_[policy_.history_index(a)];
        h = std::min(h + depth * depth, P::history_cap);
    }

    int negamax(const State &s, int depth, int alpha, int beta, int ply) {
        if (budget_.spend()) return 0;
        if (s.result != Result::ongoing) return outcome(s.result, s.to_move, ply);
        if (repeated(s)) return outcome(Result::draw, s.to_move, ply);
        // A position the policy finds in danger is looked at a move further (once on a line of
        // play, else two such positions would extend each other without end).
        const bool extended = depth == 1 && !extended_ && policy_.worth_a_ply_more(s);
        if (extended) ++depth, extended_ = true;
        const int score = search(s, depth, alpha, beta, ply);
        if (extended) extended_ = false;
        return score;
    }

    int search(const State &s, int depth, int alpha, int beta, int ply) {
        if (depth <= 0 || ply >= max_ply)
            return policy_.quiesces() ? quiescence(s, alpha, beta, ply, 0) : policy_.evaluate(s, true);
        TTEntry entry;
        Action tt_move = -1;
        if (tt_.probe(s.key, entry)) {
            tt_move = entry.move;
            if (entry.depth >= depth) {
                const int score = from_tt(entry.score, ply);
                if (entry.bound == 1 || (entry.bound == 2 && score >= beta) || (entry.bound == 3 && score <= alpha))
                    return score;
            }
        }
        std::vector<Action> &moves = moves_[ply];
        std::vector<int> &keys = keys_of_moves_[ply];
        moves.clear();
        R::legal_actions(o_, s, moves);
        key_moves(s, moves, tt_move, ply, keys);
        const int alpha0 = alpha;
        int best = -infinity;
        Action best_move = -1;
        for (size_t i = 0; i < moves.size(); ++i) {
            // The best remaining move next (a cut usually comes early: the rest are never sorted).
            size_t pick = i;
            for (size_t j = i + 1; j < moves.size(); ++j)
                if (keys[j] > keys[pick]) pick = j;
            std::swap(moves[i], moves[pick]);
            std::swap(keys[i], keys[pick]);
            const Action a = moves[i];
            const bool reducible = keys[i] < (P::reduces_killer_moves ? P::capture_key : P::killer_key);
            auto deeper = [&](int d) {
                return [this, d, ply](const State &c, int al, int be) { return negamax(c, d, al, be, ply + 1); };
            };
            int score;
            // "best": a late quiet move is first searched a ply shallower, with a null window,
            // and again in full only if it may beat alpha (late move reductions).
            if (ao_.level.timed && depth >= 3 && i >= late_moves && reducible &&
                child_score(s, a, alpha, alpha + 1, ply + 1, deeper(depth - 2)) <= alpha && !budget_.stopped())
                score = alpha;
            else
                score = child_score(s, a, alpha, beta, ply + 1, deeper(depth - 1));
            if (budget_.stopped()) return 0;
            if (score > best) best = score, best_move = a;
            alpha = std::max(alpha, score);
            if (alpha >= beta) {
                if (keys[i] < P::capture_key) remember_cut(a, depth, ply);  // (the table's move is never quiet)
                break;
            }
        }
        if (P::stores_win_scores || std::abs(best) < mate - max_ply)
            tt_.store(s.key, {best_move, static_cast<int16_t>(to_tt(best, ply)), static_cast<int8_t>(depth),
                              static_cast<uint8_t>(best <= alpha0 ? 3
                                                   : best >= beta ? 2
                                                                  : 1)});
        return best;
    }

    // The captures, and only they, searched past the last ply (with the option to stand on the
    // evaluation), so that a position is not judged in the middle of an exchange.
    int quiescence(const State &s, int alpha, int beta, int ply, int captures_deep) {
        if constexpr (P::every_position_counts_a_node) {
            if (budget_.spend()) return 0;
            if (s.result != Result::ongoing) return outcome(s.result, s.to_move, ply);
        }
        const int stand = policy_.evaluate(s, false);
        if (stand >= beta || ply >= max_ply || captures_deep >= P::max_capture_plies || !policy_.may_capture(s))
            return stand;
        alpha = std::max(alpha, stand);
        std::vector<Action> &moves = moves_[ply];
        moves.clear();
        policy_.capture_moves(s, moves);
        int best = stand;
        for (Action a : moves) {
            if (!P::every_position_counts_a_node && budget_.spend()) return 0;
            const int score = child_score(s, a, alpha, beta, ply + 1, [&](const State &c, int al, int be) {
                return quiescence(c, al, be, ply + 1, captures_deep + 1);
            });
            if (budget_.stopped()) return 0;
            best = std::max(best, score);
            alpha = std::max(alpha, score);
            if (alpha >= beta) break;
        }
        return best;
    }

    static int to_tt(int score, int ply) {
        return score >= mate - max_ply ? score + ply : score <= -mate + max_ply ? score - ply : score;
    }
    static int from_tt(int score, int ply) {
        return score >= mate - max_ply ? score - ply : score <= -mate + max_ply ? score + ply : score;
    }

    static constexpr int late_moves = 4;  // moves searched in full before the reductions

    const Options &o_;
    const AiOptions &ao_;
    P policy_;
    Budget budget_;
    int thread_;
    std::vector<int> history_;
    TranspositionTable &tt_;
    std::vector<std::vector<Action>> moves_;
    std::vector<std::vector<int>> keys_of_moves_;  // search()'s order, per ply
    std::array<std::array<Action, 2>, max_ply + 1> killers_{};
    std::vector<uint64_t> keys_;                 // the positions before each ply, for repetitions
    std::vector<std::pair<int, Action>> keyed_;  // order_root()'s buffer
    bool extended_ = false;                      // the line searched has had its extension
    int root_player_ = 0;
};

// The move of policy P's player in `s`, as ai_choose answers: every thread searches the whole
// tree from the root with its own move ordering and they share the transposition table; the
// main thread's choice is played and ends the others.
template <AlphaBetaPolicy P>
json alphabeta_choose(const typename P::Rules::Options &o, const typename P::Rules::State &s,
                      std::span<const uint64_t> earlier_keys, const AiOptions &ao) {
    using Search = AlphaBeta<P>;
    TranspositionTable tt(P::table_log2_size(ao));
    const int threads =
        P::searches_on_threads && ao.level.depth > 1 ? ao.threads : 1;  // the levels that hardly search run alone
    SharedBudget shared;
    std::vector<std::unique_ptr<Search>> searches;
    for (int t = 0; t < threads; ++t)
        searches.push_back(std::make_unique<Search>(o, ao, earlier_keys, tt, threads > 1 ? &shared : nullptr, t));
    Choice choice;
    run_on_threads(static_cast<size_t>(threads), [&](size_t t) {
        if (t != 0) return static_cast<void>(searches[t]->choose(s));
        choice = searches.front()->choose(s);
        searches.front()->stop_all();
    });
    uint64_t nodes = 0;
    for (const auto &search : searches) nodes += search->nodes();
    return answer_json<typename P::Rules>(o, s, choice.move, ao, choice.depth, nodes,
                                          static_cast<double>(choice.score) / P::score_unit,
                                          searches.front()->elapsed_ms());
}

}  // namespace ludus::ai
