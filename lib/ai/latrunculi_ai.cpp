// The Latrunculi computer player, for every ruleset: negamax alpha-beta with iterative
// deepening, a transposition table on the Zobrist key, the table's move and captures first,
// then killer moves and the history of quiet moves (every searching level), and an evaluation
// of material, mobility and, where a dux decides the game (Kowalski), how closely each dux is
// shut in: its blocked sides, its moves, the region it can still reach and the enemy men close
// to it (confinement()); Schaedler's rulesets bring their own evaluation.
// "best" also searches captures past its horizon and a dux with one free side a ply deeper, and
// hunts the last few men of a side far behind: their safe squares taken one by one (hunted()).
// A capture that earns an extra move (Bell) leaves the same player to move: that ply is
// searched without changing sides.
#include <algorithm>
#include <array>
#include <type_traits>
#include <vector>

#include "../latrunculi/latrunculi.hpp"
#include "../latrunculi/schaedler.hpp"
#include "ai.hpp"
#include "ai_options.hpp"
#include "search_common.hpp"
#include "uct.hpp"

namespace ludus {

namespace {

constexpr int max_depth = 64;
constexpr int max_ply = 96;
constexpr int mate = 30000;
constexpr int infinity = 32000;
constexpr int man_value = 100;
constexpr int max_capture_plies = 6;  // the longest chain of captures past the horizon
constexpr int late_moves = 4;  // moves searched in full before the reductions
constexpr int open_region = 24;  // see LatrunculiSearch::confinement
constexpr int open_lines = 14;
// The hunt of a side's last few men (LatrunculiSearch::hunted): a side with at most
// `hunt_men` men and `hunt_lead` fewer than the enemy; a man's safe moves up to `hunt_cap`
// count, each missing one `hunt_weight` hundredths of a man.
constexpr int hunt_men = 3;
constexpr int hunt_lead = 4;
constexpr int hunt_cap = 10;
constexpr int hunt_weight = 8;

constexpr std::array<ai::Level, 5> levels = {
    {{"random", 0, false}, {"greedy", 1, false}, {"easy", 2, false}, {"medium", 3, false}, {"best", max_depth, true}}};

struct TTEntry {
    uint64_t key = 0;
    int32_t move = -1;
    int16_t score = 0;
    int8_t depth = -1;
    uint8_t bound = 0;  // 1 exact, 2 lower, 3 upper
};

template <class R>
class LatrunculiSearch {
public:
    using Options = typename R::Options;
    using State = typename R::State;

    LatrunculiSearch(const Options &o, const ai::AiOptions &ao, std::span<const uint64_t> earlier)
        : o_(o), ao_(ao), budget_(ao), tt_(size_t{1} << (ao.level.depth == 0 ? 0 : ao.level.timed ? ai::table_log2_size(ao, 14, 18, 2000) : 14)),
          moves_(max_ply + 1), move_keys_(max_ply + 1), history_(R::place_base + 2 * R::stride + 1, 0) {
        for (auto &m : moves_) m.reserve(256);
        for (auto &k : move_keys_) k.reserve(256);
        for (auto &k : killers_) k = {-1, -1};
        keys_.assign(earlier.begin(), earlier.end());
    }

    json choose(const State &root) {
        root_player_ = root.to_move;
        std::vector<Action> root_moves;
        R::legal_actions(o_, root, root_moves);
        ai::shuffle_moves(root_moves, ao_.seed);
        if (ao_.level.depth == 0) return answer(root, root_moves.front(), 0, 0.0);
        Action best = root_moves.front();
        int best_score = 0, completed = 0;
        for (int depth = 1; depth <= ao_.depth; ++depth) {
            order(root, root_moves, best);
            int alpha = -infinity;
            Action iteration_best = -1;
            for (Action a : root_moves) {
                const int score = child_score(root, a, depth - 1, alpha, infinity, 1);
                if (budget_.stopped()) break;
                if (score > alpha) alpha = score, iteration_best = a;
            }
            if (iteration_best >= 0 && (!budget_.stopped() || iteration_best != best || alpha > best_score)) best = iteration_best, best_score = alpha;
            if (budget_.stopped()) break;
            completed = depth;
            if (alpha >= mate - max_ply || alpha <= -mate + max_ply) break;
        }
        return answer(root, best, completed, static_cast<double>(best_score) / man_value);
    }

private:
    json answer(const State &root, Action a, int depth, double value) {
        return ai::answer_json<R>(o_, root, a, ao_, depth, budget_.nodes(), value, budget_.elapsed_ms());
    }

    // The score of playing `a` in `s`, from the view of the player to move in `s`.
    int child_score(const State &s, Action a, int depth, int alpha, int beta, int ply) {
        State child = s;
        R::apply(o_, child, a);
        keys_.push_back(s.key);
        int score;
        if (child.result != Result::ongoing) score = outcome_for(child.result, s.to_move, ply);  // the winner may still be "to move"
        else if (child.to_move == s.to_move) score = negamax(child, depth, alpha, beta, ply);  // extra move
        else score = -negamax(child, depth, -beta, -alpha, ply);
        keys_.pop_back();
        return score;
    }

    // A finished game's score for `player`.
    static int outcome_for(Result result, int player, int ply) {
        if (result == Result::draw) return 0;
        const int winner = result == Result::player0_won ? 0 : 1;
        return winner == player ? mate - ply : -(mate - ply);
    }

    // A position seen before since the last capture: a draw where the game has the rule; for
    // "best" a draw anyway, so that the side ahead makes progress instead of going round.
    bool repeated(const State &s) const {
        if (o_.draw_repetitions == 0 && !extend_) return false;
        const size_t window = std::min<size_t>(s.plies_without_capture, keys_.size());
        return std::find(keys_.end() - static_cast<std::ptrdiff_t>(window), keys_.end(), s.key) != keys_.end();
    }

    // Moves in the order to search them: `first`, then by the men they capture, then (where the
    // dux decides) by how close they land to the enemy dux.
    void order(const State &s, std::vector<Action> &moves, Action first) {
        keyed_.clear();
        const int target = hunted_square(s);
        const auto zone = capture_zone(s);
        for (Action a : moves) keyed_.emplace_back(a == first ? 1 << 20 : captured_count(s, a, zone) * 64 + closeness(a, target), a);
        std::stable_sort(keyed_.begin(), keyed_.end(), [](const auto &x, const auto &y) { return x.first > y.first; });
        for (size_t i = 0; i < moves.size(); ++i) moves[i] = keyed_[i].second;
    }
    // The keys of search()'s order: the table's move, then captures by the men they take (and
    // closeness), the ply's two killers (quiet moves that cut off a sibling), then quiet moves
    // by closeness and history (how often and how deep they cut off elsewhere).
    static constexpr int tt_key = 1 << 30, capture_key = 1 << 26, killer_key = 1 << 25, history_cap = (1 << 20) - 1;
    void key_moves(const State &s, const std::vector<Action> &moves, Action tt_move, int ply, std::vector<int> &keys) const {
        keys.clear();
        const int target = hunted_square(s);
        const auto zone = capture_zone(s);
        for (Action a : moves) {
            int k;
            if (a == tt_move) k = tt_key;
            else if (const int c = captured_count(s, a, zone); c > 0) k = capture_key + c * 64 + closeness(a, target);
            else if (a == killers_[ply][0]) k = killer_key + 1;
            else if (a == killers_[ply][1]) k = killer_key;
            else k = (closeness(a, target) << 20) + std::min(history_[a], history_cap);
            keys.push_back(k);
        }
    }
    void remember_cut(Action a, int depth, int ply) {
        if (killers_[ply][0] != a) killers_[ply][1] = killers_[ply][0], killers_[ply][0] = a;
        history_[a] = std::min(history_[a] + depth * depth, history_cap);
    }
    // Where a capturing move can land (LatrunculiRulesT::capture_landings); Schaedler's blocking
    // has no such squares: every move is tested.
    auto capture_zone(const State &s) const {
        if constexpr (requires { s.dux[0]; }) return R::capture_landings(o_, s);
        else return 0;
    }
    template <class Zone>
    int captured_count(const State &s, Action a, Zone zone) const {
        if constexpr (requires { s.dux[0]; })
            if (a >= R::place_base || !bits::test(zone, a % R::stride)) return 0;
        return bits::popcount(R::captures_of(o_, s, a));
    }
    // The square of the dux the side to move hunts, or -1.
    int hunted_square(const State &s) const {
        if constexpr (requires { s.dux[0]; }) {
            if (o_.rules->dux_immobilised_loses && s.dux[1 - s.to_move] != 0) return bits::lowest(s.dux[1 - s.to_move]);
        }
        return -1;
    }
    int closeness(Action a, int target) const {
        if (target < 0 || a >= R::place_base) return 0;
        const int to = a % R::stride;
        const int distance = std::max(std::abs(to / o_.cols - target / o_.cols), std::abs(to % o_.cols - target % o_.cols));
        return std::max(0, 16 - distance);
    }

    int negamax(const State &s, int depth, int alpha, int beta, int ply) {
        if (budget_.spend()) return 0;
        if (repeated(s)) return 0;
        // A dux with one free side is one move from being shut in: look a move further (once
        // on a line of play, else two duxes in danger would extend each other without end).
        const bool extended = extend_ && depth == 1 && !extended_ && free_sides(s, s.to_move) == 1;
        if (extended) ++depth, extended_ = true;
        const int score = search(s, depth, alpha, beta, ply);
        if (extended) extended_ = false;
        return score;
    }

    int search(const State &s, int depth, int alpha, int beta, int ply) {
        if (depth <= 0 || ply >= max_ply) return extend_ ? quiescence(s, alpha, beta, ply, 0) : evaluate(s);
        TTEntry &entry = tt_[s.key & (tt_.size() - 1)];
        Action tt_move = -1;
        if (entry.key == s.key) {
            tt_move = entry.move;
            if (entry.depth >= depth) {
                const int score = entry.score;
                if (entry.bound == 1 || (entry.bound == 2 && score >= beta) || (entry.bound == 3 && score <= alpha)) return score;
            }
        }
        std::vector<Action> &moves = moves_[ply];
        std::vector<int> &keys = move_keys_[ply];
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
            const bool quiet = keys[i] < capture_key;
            int score;
            // "best": a late quiet move is first searched a ply shallower, with a null window,
            // and again in full only if it may beat alpha (late move reductions).
            if (extend_ && depth >= 3 && i >= late_moves && quiet && child_score(s, a, depth - 2, alpha, alpha + 1, ply + 1) <= alpha &&
                !budget_.stopped())
                score = alpha;
            else
                score = child_score(s, a, depth - 1, alpha, beta, ply + 1);
            if (budget_.stopped()) return 0;
            if (score > best) best = score, best_move = a;
            alpha = std::max(alpha, score);
            if (alpha >= beta) {
                if (quiet) remember_cut(a, depth, ply);  // (the table's move is never quiet)
                break;
            }
        }
        if (std::abs(best) < mate - max_ply) {  // mate scores depend on the ply: not stored
            entry = {s.key, best_move, static_cast<int16_t>(best), static_cast<int8_t>(depth),
                     static_cast<uint8_t>(best <= alpha0 ? 3 : best >= beta ? 2 : 1)};
        }
        return best;
    }

    // The captures, and only they, searched past the last ply (with the option to stand on the
    // evaluation), so that a position is not judged in the middle of an exchange.
    int quiescence(const State &s, int alpha, int beta, int ply, int captures_deep) {
        const int stand = evaluate(s);
        if (stand >= beta || ply >= max_ply || captures_deep >= max_capture_plies || !may_capture(s)) return stand;
        alpha = std::max(alpha, stand);
        std::vector<Action> &moves = moves_[ply];
        moves.clear();
        R::legal_actions(o_, s, moves);
        const auto zone = capture_zone(s);
        std::erase_if(moves, [&](Action a) { return captured_count(s, a, zone) == 0; });
        int best = stand;
        for (Action a : moves) {
            if (budget_.spend()) return 0;
            State child = s;
            R::apply(o_, child, a);
            int score;
            if (child.result != Result::ongoing) score = outcome_for(child.result, s.to_move, ply + 1);
            else if (child.to_move == s.to_move) score = quiescence(child, alpha, beta, ply + 1, captures_deep + 1);  // extra move
            else score = -quiescence(child, -beta, -alpha, ply + 1, captures_deep + 1);
            if (budget_.stopped()) return 0;
            best = std::max(best, score);
            alpha = std::max(alpha, score);
            if (alpha >= beta) break;
        }
        return best;
    }

    // The squares of `b` one step up, down, left or right (d = 0..3, the rules' directions);
    // steps off the board vanish.
    template <class BB>
    BB step(BB b, int d) const {
        const auto &m = o_.template masks<BB>();
        switch (d) {
        case 0: return (b << o_.cols) & m.board;
        case 1: return b >> o_.cols;
        case 2: return (b >> 1) & m.not_last_file;
        default: return (b << 1) & m.not_first_file;
        }
    }

    // False when the side to move surely has no capture: no empty square next to an enemy man
    // with a flanker beyond it (nor, in Kowalski, an enemy man in a corner), so that most leaves
    // of the capture search need no move list.
    bool may_capture(const State &s) const {
        if constexpr (requires { s.dux[0]; }) {
            using BB = std::remove_cvref_t<decltype(s.men[0])>;
            const auto &m = o_.template masks<BB>();
            const LatrunculiRuleset &r = *o_.rules;
            const int me = s.to_move, enemy = 1 - me;
            const BB empty = m.board & ~s.occupied(), victims = s.men[enemy] | (r.dux_capturable ? s.dux[enemy] : BB{0});
            if (r.corner_taken_by_two && (s.men[enemy] & m.corners) != 0) return true;
            const BB flankers = s.pieces(me) | (r.corner_square_hostile ? m.corners & empty : BB{0});
            // A victim with a flanker on one side and an empty landing square on the other.
            const BB landing = (step(victims & step(flankers, 0), 0) | step(victims & step(flankers, 1), 1) |
                                step(victims & step(flankers, 2), 2) | step(victims & step(flankers, 3), 3)) & empty;
            return landing != 0;
        } else {
            return true;
        }
    }

    // The empty squares beside a player's dux (5 when it has no dux: never in danger).
    int free_sides(const State &s, int player) const {
        if constexpr (requires { s.dux[player]; }) {
            if (!o_.rules->dux_immobilised_loses || s.dux[player] == 0) return 5;
            using BB = std::remove_cvref_t<decltype(s.men[0])>;
            return bits::popcount(o_.template masks<BB>().neighbours[bits::lowest(s.dux[player])] & ~s.occupied());
        } else {
            return 5;
        }
    }

    // From the side to move's view, in hundredths of a man.
    int evaluate(const State &s) const {
        if constexpr (requires { R::evaluation(o_, s); }) return R::evaluation(o_, s);  // rules with a view of their own (Schaedler)
        else return material_and_mobility(s);
    }
    int material_and_mobility(const State &s) const {
        const int me = s.to_move, other = 1 - me;
        const LatrunculiRuleset &r = *o_.rules;
        int score = man_value * (bits::popcount(s.men[me]) - bits::popcount(s.men[other]));
        if (r.dux_capturable) score += 2 * man_value * ((s.dux[me] != 0) - (s.dux[other] != 0));
        score += 2 * (R::mobility(o_, s, me) - R::mobility(o_, s, other));
        if (r.dux_immobilised_loses) score += confinement(s, other) - confinement(s, me);
        if (extend_) score += hunted(s, other) - hunted(s, me);
        return score;
    }

    // How nearly a player's few men are caught, when the enemy is far ahead (best only): for
    // each man, the moves it has to squares where no enemy move takes it at once, below
    // `hunt_cap`. A lone rook-moving man is not caught by looking for captures a few plies
    // deep; the net that catches it is built by taking its safe squares one by one.
    [[gnu::always_inline]] int hunted(const State &s, int player) const {
        const int men = bits::popcount(s.men[player]);
        if (men == 0 || men > hunt_men || bits::popcount(s.men[1 - player]) - men < hunt_lead) return 0;
        return hunt(s, player);
    }
    // hunted()'s count, out of line: most evaluations stop at its test.
    [[gnu::noinline]] int hunt(const State &s, int player) const {
        using BB = std::remove_cvref_t<decltype(s.men[0])>;
        const BB empty = o_.template masks<BB>().board & ~s.occupied();
        int score = 0;
        for (BB b = s.men[player]; b != 0; b &= b - 1) {
            const BB from = bits::one<BB>(bits::lowest(b));
            const int safe = bits::popcount(R::reach(o_, from, empty) & ~exposed(s, 1 - player, empty | from));
            score += hunt_weight * std::max(0, hunt_cap - safe);
        }
        return score;
    }
    // The squares where a man would be taken by one move of `hunter`, `empty` the empty squares:
    // an enemy piece (or a hostile empty corner) beside it and a square on the other side that
    // an enemy piece can move to (or, in Kowalski, a corner with an enemy beside it and one that
    // can move to its other side).
    template <class BB>
    BB exposed(const State &s, int hunter, BB empty) const {
        const auto &m = o_.template masks<BB>();
        const LatrunculiRuleset &r = *o_.rules;
        const BB hunters = s.pieces(hunter), flankers = hunters | (r.corner_square_hostile ? m.corners & empty : BB{0});
        const BB landing = R::reach(o_, hunters, empty);
        BB taken = 0;  // a flanker one step one way, a landing square one step the other
        for (int d = 0; d < 4; d += 2) taken |= (step(flankers, d) & step(landing, d + 1)) | (step(flankers, d + 1) & step(landing, d));
        if (r.corner_taken_by_two)
            for (int c = 0; c < 4; ++c) {
                const auto [n0, n1] = o_.corner_neighbours[c];
                if ((bits::test(hunters, n0) && bits::test(landing, n1)) || (bits::test(hunters, n1) && bits::test(landing, n0)))
                    taken |= bits::one<BB>(o_.corners[c]);
            }
        return taken;
    }

    // How near a player's dux is to being shut in (the way Kowalski's game is won), in
    // hundredths of a man: its blocked sides (off the board or taken), squared; the squares it
    // cannot move to (of up to `open_lines` in one move); and the empty squares it can still
    // reach step by step (its region, walled by pieces and edges), which a dux must keep large:
    // one shut in a small region is shut in for good by filling it, so the score climbs
    // steeply as the region shrinks below `open_region` squares.
    int confinement(const State &s, int player) const {
        if (s.dux[player] == 0) return 0;
        using BB = std::remove_cvref_t<decltype(s.men[0])>;
        const auto &m = o_.template masks<BB>();
        const BB empty = m.board & ~s.occupied();
        const int sq = bits::lowest(s.dux[player]);
        const int blocked = 4 - bits::popcount(m.neighbours[sq] & empty);
        int moves = 0;
        for (int d = 0; d < 4; ++d) {
            const BB ray = m.rays[d][sq], stops = ray & ~empty;
            if (stops == 0) moves += bits::popcount(ray);
            else moves += bits::popcount(ray) - 1 - bits::popcount(m.rays[d][d == 0 || d == 3 ? bits::lowest(stops) : bits::highest(stops)]);
        }
        BB region = m.neighbours[sq] & empty;
        for (BB grown = region;; region = grown) {
            grown = region | ((step(region, 0) | step(region, 1) | step(region, 2) | step(region, 3)) & empty);
            if (grown == region) break;
        }
        const int size = bits::popcount(region);  // 0: only its own men around it (enemies would shut it in)
        // The enemy men close to it (within two squares each way): the ones that can close a net.
        BB near = s.dux[player];
        for (int i = 0; i < 2; ++i) {
            const BB wide = near | step(near, 2) | step(near, 3);
            near = wide | step(wide, 0) | step(wide, 1);
        }
        const int hunters = std::min(bits::popcount(near & s.men[1 - player]), 8);
        const int squeezed = 12 * blocked * blocked + 8 * std::max(0, open_lines - moves) + 2 * (o_.rows * o_.cols - size) + 15 * hunters;
        return squeezed + (size == 0 || size >= open_region ? 0 : 700 / (size + 1) - 700 / open_region);
    }


    const Options &o_;
    const ai::AiOptions &ao_;
    ai::Budget budget_;
    std::vector<TTEntry> tt_;
    std::vector<std::vector<Action>> moves_;
    std::vector<std::vector<int>> move_keys_;  // search()'s order, per ply
    std::vector<int> history_;                 // by action (past Latrunculi's pass and Schaedler's removals)
    std::array<std::array<Action, 2>, max_ply + 1> killers_{};
    std::vector<uint64_t> keys_;
    std::vector<std::pair<int, Action>> keyed_;  // order()'s buffer
    bool extended_ = false;                      // the line searched has had its extension
    int root_player_ = 0;
    const bool extend_ = ao_.level.timed;  // "best": captures past the horizon, threats to the dux a ply deeper
};

}  // namespace

template <class R>
json ai_choose(const typename R::Options &o, const typename R::State &s, std::span<const uint64_t> earlier_keys, const json &options) {
    const ai::AiOptions ao = ai::parse_options(options, levels, max_depth);
    if (R::phase(s) == Phase::over) fail(Status::game_over, "the game is over: the computer player has no move to choose");
    if (ao.level.name == ai::uct_level.name) return ai::uct_choose<R>(o, s, earlier_keys, ao);
    auto search = std::make_unique<LatrunculiSearch<R>>(o, ao, earlier_keys);
    return search->choose(s);
}

template json ai_choose<LatrunculiRules>(const LatrunculiRules::Options &, const LatrunculiRules::State &, std::span<const uint64_t>, const json &);
template json ai_choose<SchaedlerRules>(const SchaedlerRules::Options &, const SchaedlerRules::State &, std::span<const uint64_t>, const json &);
template json ai_choose<LatrunculiWideRules>(const LatrunculiWideRules::Options &, const LatrunculiWideRules::State &, std::span<const uint64_t>,
                                             const json &);

template <>
json ai_levels<LatrunculiRules>() {
    return ai::levels_json(levels);
}

}  // namespace ludus
