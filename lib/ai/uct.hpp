// Level "uct": Monte Carlo tree search with UCT (UCB1 applied to trees), written once over any
// game's rules R (the interface of ../rules_game.hpp). It is the usual baseline of general game
// players: it knows nothing of the game but its legal moves and who won a random game, so it
// measures the other levels against an opponent they were not made from.
//
// Each playout copies the root's state, walks down the tree by UCB1 (the side to move at a node
// picks the child with the highest mean score for itself plus C * sqrt(ln N / n)), adds the
// children of the node it stops at once that node has been visited before, plays the game to
// its end with the rules' own fast random moves (play_randomly, R::random_action where the
// rules have it) and adds the result (win 1, draw 0.5) to every node on the way. A position
// where the dice are to be rolled is a chance node: its children are the distinct outcomes
// (21 for two dice: a double with 1/36, the others 2/36), and the walk samples one with its
// probability. The move played is the root's most visited child.
//
// Every game's ai_choose plays the level through choose_move below, and, if the self-play sweep
// finds another constant better, the game's rules declare it as `uct_exploration`.
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <exception>
#include <functional>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "../playout.hpp"
#include "ai_options.hpp"

namespace ludus::ai {

// The exploration constant C when the caller gives none: the rules' own `uct_exploration` where
// a game's self-play sweep found one better, else 0.7.
template <class R>
constexpr double default_exploration() {
    if constexpr (requires { R::uct_exploration; }) return R::uct_exploration;
    return 0.7;
}

// The distinct outcomes of `n` dice, values ascending, each with its count out of the throws.
struct DiceOutcome {
    std::array<int, Game::max_dice> dice{};
    uint32_t weight = 0;
};
// Faces `lowest`..`highest` (1..6 unless told: Ur's binary dice are 0..1), weights out of
// (highest - lowest + 1)^n.
std::vector<DiceOutcome> dice_outcomes(int n, int lowest = 1, int highest = 6);

// One position of the tree.
struct UctNode {
    uint32_t first_child = 0;  // 0: no children yet (the root, node 0, is nobody's child)
    uint32_t children = 0;
    Action action = 0;  // the move into this node; at a chance parent the outcome's index
    uint32_t visits = 0;
    double score0 = 0;    // the sum of player 0's results of the playouts through it
    bool chance = false;  // the dice are to be rolled here: the children are the outcomes
};

template <class R>
class UctSearch {
public:
    using Options = typename R::Options;
    using State = typename R::State;

    // A playout longer than this many moves counts as a draw (no game of the library's
    // defaults came near it in random play).
    static constexpr uint32_t max_playout_plies = 10000;
    // The tree stops growing here (32 bytes a node); the search then plays out from its leaves.
    static constexpr size_t max_tree_nodes = size_t{1} << 21;

    // `max_nodes`: the tree's size limit (the threads of one search share max_tree_nodes).
    UctSearch(const Options &o, const AiOptions &ao, std::span<const uint64_t> earlier,
              size_t max_nodes = max_tree_nodes)
        : o_(o), ao_(ao), max_nodes_(max_nodes), rng_{ao.seed ^ 0xD1B54A32D192ED03ull},
          exploration_(ao.exploration > 0 ? ao.exploration : default_exploration<R>()), earlier_count_(earlier.size()),
          start_(std::chrono::steady_clock::now()) {
        if constexpr (R::has_dice) {
            dice_in_roll_ = static_cast<size_t>(dice_in_roll<R>(o));
            outcomes_ = dice_outcomes(dice_in_roll<R>(o), die_faces<R>()[0], die_faces<R>()[1]);
            for (const DiceOutcome &d : outcomes_) outcome_total_ += d.weight;
        }
        log_.keys.assign(earlier.begin(), earlier.end());
        nodes_.reserve(4096);
        buffer_.reserve(256);
    }

    // Searches from `root` (phase move) until the budget is spent.
    void run(const State &root) {
        nodes_.emplace_back();
        expand(0, root);
        if (nodes_[0].children > 1)
            while (!spent()) iterate(root);
    }

    // The root's children (the candidate moves with their visits and results), in the shuffled order.
    std::span<const UctNode> root_children() const {
        return {nodes_.data() + nodes_[0].first_child, nodes_[0].children};
    }
    uint64_t playouts() const { return playouts_; }
    uint64_t tree_nodes() const { return nodes_.size(); }
    int depth() const { return depth_; }
    double exploration() const { return exploration_; }

private:
    bool spent() const {
        if (ao_.max_playouts != 0 && playouts_ >= ao_.max_playouts) return true;
        return ao_.max_time_ms != 0 && elapsed_ms() >= ao_.max_time_ms;
    }

    int64_t elapsed_ms() const {
        return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start_).count();
    }

    // Mean score of node `n` for player p.
    static double score_for(int p, const UctNode &n) {
        const double mean0 = n.score0 / n.visits;
        return p == 0 ? mean0 : 1.0 - mean0;
    }

    static double score0_of(Result r) { return r == Result::player0_won ? 1.0 : r == Result::player1_won ? 0.0 : 0.5; }

    // One playout: down the tree, one node added, a random game, the result backed up.
    void iterate(const State &root) {
        State s = root;
        log_.keys.resize(earlier_count_);
        path_.clear();
        uint32_t n = 0;
        path_.push_back(n);
        while (R::phase(s) != Phase::over) {
            if (nodes_[n].first_child == 0 && (nodes_[n].visits == 0 || !expand(n, s))) break;
            n = descend(n, s);
            path_.push_back(n);
        }
        depth_ = std::max(depth_, static_cast<int>(path_.size()) - 1);
        double score0;
        if (R::phase(s) == Phase::over) {
            score0 = score0_of(R::result(s));
        } else {
            const PlayoutResult r = play_randomly<R>(o_, s, rng_, max_playout_plies, buffer_, log_);
            score0 = score0_of(r.result);  // ongoing (cut off) counts as a draw
        }
        for (uint32_t i : path_) ++nodes_[i].visits, nodes_[i].score0 += score0;
        ++playouts_;
    }

    // Gives node `n` (position `s`, not over) its children: the outcomes of the dice, or the
    // legal moves in an order shuffled by the seed (unvisited children are tried in that order).
    // False when the tree is full (or there is nothing to add): the node stays a leaf.
    bool expand(uint32_t n, const State &s) {
        const bool chance = R::has_dice && R::phase(s) == Phase::roll;
        buffer_.clear();
        if (chance) {
            for (size_t i = 0; i < outcomes_.size(); ++i) buffer_.push_back(static_cast<Action>(i));
        } else {
            R::legal_actions(o_, s, buffer_);
            for (size_t i = buffer_.size(); i > 1; --i)
                std::swap(buffer_[i - 1], buffer_[rng_.below(static_cast<uint32_t>(i))]);
        }
        if (buffer_.empty() || nodes_.size() + buffer_.size() > max_nodes_) return false;
        const auto first = static_cast<uint32_t>(nodes_.size());
        for (Action a : buffer_) nodes_.push_back(UctNode{0, 0, a, 0, 0.0, false});
        nodes_[n].first_child = first;
        nodes_[n].children = static_cast<uint32_t>(buffer_.size());
        nodes_[n].chance = chance;
        return true;
    }

    // The child of `n` the walk goes to, played on `s`.
    uint32_t descend(uint32_t n, State &s) {
        const UctNode &node = nodes_[n];
        if constexpr (R::has_dice) {
            if (node.chance) {
                uint32_t r = rng_.below(outcome_total_);
                size_t k = 0;
                while (r >= outcomes_[k].weight) r -= outcomes_[k++].weight;
                const std::span<const int> dice(outcomes_[k].dice.data(), dice_in_roll_);
                log_.record(s, Event::roll(Event::Kind::outside_roll, dice));
                R::set_dice(o_, s, dice);
                return node.first_child + static_cast<uint32_t>(k);
            }
        }
        const uint32_t child = select(node, R::to_move(s));
        advance<R>(o_, s, nodes_[child].action, log_);
        return child;
    }

    // UCB1 for the player p to move: the first unvisited child, else the highest mean score
    // plus the exploration term.
    uint32_t select(const UctNode &node, int p) const {
        const double c_log = exploration_ * exploration_ * std::log(static_cast<double>(node.visits));
        uint32_t best = node.first_child;
        double best_value = -1.0;
        for (uint32_t i = node.first_child; i < node.first_child + node.children; ++i) {
            const UctNode &c = nodes_[i];
            if (c.visits == 0) return i;
            const double v = score_for(p, c) + std::sqrt(c_log / c.visits);
            if (v > best_value) best_value = v, best = i;
        }
        return best;
    }

    const Options &o_;
    const AiOptions &ao_;
    size_t max_nodes_;
    Rng rng_;
    double exploration_;
    size_t earlier_count_;
    std::chrono::steady_clock::time_point start_;
    std::vector<DiceOutcome> outcomes_;
    size_t dice_in_roll_ = 0;  // the dice of one roll under the options
    uint32_t outcome_total_ = 0;
    std::vector<UctNode> nodes_;
    std::vector<uint32_t> path_;
    std::vector<Action> buffer_;
    KeyLog<R> log_;  // earlier positions, then the walk's and the playout's (draw by repetition)
    uint64_t playouts_ = 0;
    int depth_ = 0;
};

// The "uct" level's move for the side to move in `s` (phase move), as ai_choose answers. On
// several threads the search is root-parallel: each thread grows its own tree (its own seed, its
// share of max_playouts and of the tree's size) and the visits of the root's moves are summed,
// so a seed, a playout budget and a number of threads still give one move.
template <class R>
json uct_choose(const typename R::Options &o, const typename R::State &s, std::span<const uint64_t> earlier_keys,
                const AiOptions &ao) {
    if (R::phase(s) == Phase::over)
        fail(Status::game_over, "the game is over: the computer player has no move to choose");
    if (R::phase(s) == Phase::roll)
        fail(Status::wrong_phase, "the dice must be rolled first: the computer player chooses a move after the roll");
    const auto start = std::chrono::steady_clock::now();
    const auto threads = static_cast<size_t>(std::max(1, ao.threads));
    std::vector<AiOptions> options(threads, ao);
    std::vector<std::unique_ptr<UctSearch<R>>> searches;
    for (size_t k = 0; k < threads; ++k) {
        options[k].seed = ao.seed + 0x9E3779B97F4A7C15ull * k;
        if (ao.max_playouts != 0)
            options[k].max_playouts =
                std::max<uint64_t>(1, ao.max_playouts / threads + (k < ao.max_playouts % threads));
        searches.push_back(
            std::make_unique<UctSearch<R>>(o, options[k], earlier_keys, UctSearch<R>::max_tree_nodes / threads));
    }
    run_on_threads(threads, [&](size_t k) { searches[k]->run(s); });

    // The moves in the first tree's (shuffled) order, with every tree's visits and results.
    std::vector<UctNode> moves(searches[0]->root_children().begin(), searches[0]->root_children().end());
    uint64_t playouts = 0, tree_nodes = 0;
    int depth = 0;
    for (size_t k = 0; k < threads; ++k) {
        playouts += searches[k]->playouts(), tree_nodes += searches[k]->tree_nodes(),
            depth = std::max(depth, searches[k]->depth());
        if (k == 0) continue;
        for (const UctNode &c : searches[k]->root_children())
            for (UctNode &m : moves)
                if (m.action == c.action) m.visits += c.visits, m.score0 += c.score0;
    }
    // The most visited move; among equally visited ones (a budget below the number of moves) the
    // best mean for the mover, then the first.
    const int mover = R::to_move(s);
    auto mean = [&](const UctNode &m) {
        return m.visits == 0 ? 0.5 : mover == 0 ? m.score0 / m.visits : 1.0 - m.score0 / m.visits;
    };
    const UctNode *best = &moves.front();
    for (const UctNode &m : moves)
        if (m.visits > best->visits || (m.visits == best->visits && mean(m) > mean(*best))) best = &m;
    json move = R::action_json(o, s, best->action);
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
    move["search"] = search_json(ao, depth, tree_nodes, mean(*best), ms);
    move["search"]["playouts"] = json_util::exact_json(playouts);
    move["search"]["exploration"] = searches[0]->exploration();
    return move;
}

// A computer player's move, the checks written once: there is one to choose (the game goes on,
// the dice are rolled), the level "uct" plays the same in every game, any other the game's own
// search (search()).
template <class R, class Search>
json choose_move(const typename R::Options &o, const typename R::State &s, std::span<const uint64_t> earlier_keys,
                 const AiOptions &ao, Search search) {
    if (R::phase(s) == Phase::over)
        fail(Status::game_over, "the game is over: the computer player has no move to choose");
    if (R::phase(s) == Phase::roll)
        fail(Status::wrong_phase, "the dice must be rolled first: the computer player chooses a move after the roll");
    if (ao.level.name == uct_level.name) return uct_choose<R>(o, s, earlier_keys, ao);
    return search();
}

}  // namespace ludus::ai
