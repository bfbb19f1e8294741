// The Petteia computer player: negamax alpha-beta with iterative deepening, a transposition
// table on the state's Zobrist key, move ordering (table move, captures, killers, history),
// a quiescence search over captures, and an evaluation of material, mobility and safety
// (pieces the side to move could capture at once, or could lose next move); for "best" a lead
// in pieces counts for more as the board empties, so that the side ahead trades down.
//
// With threads > 1 it is Lazy SMP: the threads search the same root at once, sharing the table.
//
// It searches directly on the rules' state (copies; PetteiaRulesT<Board>::apply): the move
// lists are per-ply buffers reserved once, so the inner loop does not allocate.
#include <algorithm>
#include <atomic>
#include <bit>
#include <memory>
#include <thread>
#include <type_traits>
#include <vector>

#include "../petteia/petteia.hpp"
#include "ai.hpp"
#include "ai_options.hpp"
#include "search_common.hpp"
#include "uct.hpp"

namespace ludus {

namespace {

constexpr int max_depth = 64;
constexpr int max_ply = 128;
constexpr int mate = 30000;  // a win at ply p scores mate - p
constexpr int infinity = 32000;
constexpr int piece_value = 100;
constexpr int contempt = 25;  // a draw counts this much against the side the player plays
constexpr int late_moves = 4;  // moves searched in full before the reductions
// "best": a lead of d pieces is worth d * trade_bonus * (the fraction of the pieces gone from the
// board) more, so that the side ahead trades pieces and the side behind avoids trading.
constexpr int trade_bonus = 1280;
constexpr int eval_bound = 20000;  // evaluations stay within this, well below the win scores (mate - max_ply)

constexpr std::array<ai::Level, 5> petteia_levels = {
    {{"random", 0, false}, {"greedy", 1, false}, {"easy", 2, false}, {"medium", 4, false}, {"best", max_depth, true}}};

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
        const uint64_t data = static_cast<uint64_t>(static_cast<uint32_t>(e.move + 1)) | uint64_t{static_cast<uint16_t>(e.score)} << 32 |
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
    Action move;
    int depth;
    int score;
};

template <class R>
class PetteiaSearch {
public:
    using Options = typename R::Options;
    using State = typename R::State;
    static constexpr bool bits = std::is_same_v<State, PetteiaBitState>;

    // `thread` 0 is the main thread (the only one of a search on one thread); helpers (1..)
    // order the root moves by another seed and start every other one a ply deeper, so that the
    // threads search different trees and share what they find through `tt`.
    PetteiaSearch(const Options &o, const ai::AiOptions &ao, std::span<const uint64_t> earlier, TranspositionTable &tt,
                  ai::SharedBudget *shared, int thread)
        : o_(o), ao_(ao), budget_(ao, shared), thread_(thread), squares_(o.rows * o.cols), history_(static_cast<size_t>(squares_) * squares_, 0),
          tt_(tt), moves_(max_ply + 1), scores_(max_ply + 1) {
        for (auto &m : moves_) m.reserve(bits ? 256 : 1024);
        for (auto &m : scores_) m.reserve(bits ? 256 : 1024);
        keys_.reserve(earlier.size() + max_ply + 1);
        keys_.assign(earlier.begin(), earlier.end());
    }

    // The table's size for a level: small for the shallow levels, whose searches are short.
    static int table_log2_size(const ai::AiOptions &ao) {
        return ao.level.depth == 0 ? 0 : ao.depth <= 2 ? 12 : ao.level.timed ? ai::table_log2_size(ao, 16, 19, 8000) : 16;
    }

    Choice choose(const State &root) {
        root_player_ = root.to_move;
        std::vector<Action> root_moves;
        R::legal_actions(o_, root, root_moves);
        ai::shuffle_moves(root_moves, ao_.seed ^ static_cast<uint64_t>(thread_) * 0xD1B54A32D192ED03ull);
        if (ao_.level.depth == 0)  // "random"
            return {root_moves.front(), 0, 0};

        Action best = root_moves.front();
        int best_score = 0, completed = 0;
        const bool quiesce = ao_.level.name != "greedy";
        for (int depth = 1 + thread_ % 2; depth <= ao_.depth; ++depth) {
            // The main thread's first iteration always completes (its budget is held), so that the
            // move played comes from a completed search even where helpers spent the budget first.
            if (thread_ == 0 && depth == 1) budget_.hold();
            // Captures first at the root too, then the previous iteration's best.
            int alpha = -infinity;
            Action iteration_best = -1;
            order_root(root, root_moves, best);
            for (Action a : root_moves) {
                State child = root;
                R::apply(o_, child, a);
                keys_.push_back(root.key);
                const int score = -negamax(child, depth - 1, -infinity, -alpha, 1, quiesce);
                keys_.pop_back();
                if (budget_.stopped()) break;
                if (score > alpha) alpha = score, iteration_best = a;
            }
            const bool finished = !budget_.stopped();
            if (thread_ == 0 && depth == 1) budget_.release();
            if (iteration_best >= 0 && (finished || iteration_best != best || alpha > best_score)) {
                // A move that completed its search is at least as good as the bound found so far.
                best = iteration_best;
                best_score = alpha;
            }
            if (!finished) break;
            completed = depth;
            if (budget_.stopped()) break;
            if (alpha >= mate - max_ply || alpha <= -mate + max_ply) break;  // the result is known
        }
        return {best, completed, best_score};
    }

    // Ends the other threads' searches (the main thread, when it has chosen).
    void stop_all() { budget_.stop_all(); }
    uint64_t nodes() const { return budget_.nodes(); }
    int64_t elapsed_ms() const { return budget_.elapsed_ms(); }

private:
    // A draw is a little worse than an even position for the searching player (it plays on).
    int draw_score(const State &s) const { return s.to_move == root_player_ ? -contempt : contempt; }

    int terminal_score(const State &s, int ply) const {
        if (s.result == Result::draw) return draw_score(s);
        const int winner = s.result == Result::player0_won ? 0 : 1;
        return winner == s.to_move ? mate - ply : -(mate - ply);
    }

    // A position seen before since the last capture: a draw where the game has the rule; for
    // "best" a draw anyway (worth the contempt less), so that it makes progress instead of
    // going round.
    bool repeated(const State &s) const {
        if (o_.draw_repetitions == 0 && !ao_.level.timed) return false;
        const size_t window = std::min<size_t>(s.plies_without_capture, keys_.size());
        for (size_t i = keys_.size() - window; i < keys_.size(); ++i)
            if (keys_[i] == s.key) return true;
        return false;
    }

    int capture_count(const State &s, Action a) const {
        std::array<int, 3> captured{};
        return R::captures_of(o_, s, a, captured);
    }

    void order_root(const State &s, std::vector<Action> &moves, Action best) {
        std::stable_sort(moves.begin(), moves.end(), [&](Action x, Action y) {
            const int kx = (x == best) * 100 + capture_count(s, x), ky = (y == best) * 100 + capture_count(s, y);
            return kx > ky;
        });
    }

    int negamax(const State &s, int depth, int alpha, int beta, int ply, bool quiesce) {
        if (budget_.spend()) return 0;
        if (s.result != Result::ongoing) return terminal_score(s, ply);
        if (repeated(s)) return draw_score(s);
        if (depth <= 0 || ply >= max_ply) return quiesce ? quiescence(s, alpha, beta, ply) : evaluate(s, true);

        TTEntry entry;
        Action tt_move = -1;
        if (tt_.probe(s.key, entry)) {
            tt_move = entry.move;
            if (entry.depth >= depth) {
                const int score = from_tt(entry.score, ply);
                if (entry.bound == 1 || (entry.bound == 2 && score >= beta) || (entry.bound == 3 && score <= alpha)) return score;
            }
        }

        std::vector<Action> &moves = moves_[ply];
        std::vector<int> &scores = scores_[ply];
        moves.clear();
        scores.clear();
        R::legal_actions(o_, s, moves);
        for (Action a : moves) {
            int k;
            if (a == tt_move) k = 1 << 30;
            else if (const int c = capture_count(s, a); c > 0) k = (1 << 28) + c;
            else if (a == killers_[ply][0]) k = (1 << 27) + 1;
            else if (a == killers_[ply][1]) k = 1 << 27;
            else k = history_[index(a)];
            scores.push_back(k);
        }

        const int alpha0 = alpha;
        int best = -infinity;
        Action best_move = -1;
        keys_.push_back(s.key);
        for (size_t i = 0; i < moves.size(); ++i) {
            size_t pick = i;  // selection: the best remaining move
            for (size_t j = i + 1; j < moves.size(); ++j)
                if (scores[j] > scores[pick]) pick = j;
            std::swap(moves[i], moves[pick]);
            std::swap(scores[i], scores[pick]);
            const Action a = moves[i];
            State child = s;
            R::apply(o_, child, a);
            int score;
            // "best": a late quiet move is first searched a ply shallower with a null window, and
            // again in full only if it may beat alpha (late move reductions).
            if (ao_.level.timed && depth >= 3 && i >= late_moves && scores[i] < (1 << 27) &&
                -negamax(child, depth - 2, -alpha - 1, -alpha, ply + 1, quiesce) <= alpha && !budget_.stopped())
                score = alpha;
            else
                score = -negamax(child, depth - 1, -beta, -alpha, ply + 1, quiesce);
            if (budget_.stopped()) break;
            if (score > best) best = score, best_move = a;
            if (score > alpha) alpha = score;
            if (alpha >= beta) {
                if (scores[i] < (1 << 28)) {  // a quiet move: remember it
                    if (killers_[ply][0] != a) killers_[ply][1] = killers_[ply][0], killers_[ply][0] = a;
                    history_[index(a)] += depth * depth;
                }
                break;
            }
        }
        keys_.pop_back();
        if (budget_.stopped()) return 0;
        tt_.store(s.key, {best_move, static_cast<int16_t>(to_tt(best, ply)), static_cast<int8_t>(depth),
                          static_cast<uint8_t>(best <= alpha0 ? 3 : best >= beta ? 2 : 1)});
        return best;
    }

    int quiescence(const State &s, int alpha, int beta, int ply) {
        if (budget_.spend()) return 0;
        if (s.result != Result::ongoing) return terminal_score(s, ply);
        const int stand = evaluate(s, false);
        if (stand >= beta || ply >= max_ply) return stand;
        alpha = std::max(alpha, stand);
        std::vector<Action> &moves = moves_[ply];
        moves.clear();
        capture_moves(s, moves);
        int best = stand;
        for (Action a : moves) {
            State child = s;
            R::apply(o_, child, a);
            const int score = -quiescence(child, -beta, -alpha, ply + 1);
            if (budget_.stopped()) return 0;
            if (score > best) best = score;
            if (score > alpha) alpha = score;
            if (alpha >= beta) break;
        }
        return best;
    }

    // The moves of the side to move that capture: onto an empty square next to an enemy that
    // has a friend of the mover beyond it, by the nearest piece on a line to that square.
    void capture_moves(const State &s, std::vector<Action> &out) const {
        const int me = s.to_move, enemy = 1 - me, cols = o_.cols, rows = o_.rows;
        uint64_t seen_small = 0;  // landing squares already done (boards of <= 64 squares)
        std::array<bool, CellBoard::max_squares> seen_large{};
        auto seen = [&](int sq) {
            if constexpr (bits) {
                const bool was = (seen_small >> sq) & 1;
                seen_small |= uint64_t{1} << sq;
                return was;
            } else {
                const bool was = seen_large[sq];
                seen_large[sq] = true;
                return was;
            }
        };
        constexpr int dr[4] = {1, -1, 0, 0}, df[4] = {0, 0, -1, 1};
        for (int sq = 0; sq < squares_; ++sq) {
            if (s.owner(sq) != enemy) continue;
            const int r = sq / cols, f = sq % cols;
            for (int d = 0; d < 4; ++d) {
                const int lr = r - dr[d], lf = f - df[d], br = r + dr[d], bf = f + df[d];  // landing, beyond
                if (lr < 0 || lr >= rows || lf < 0 || lf >= cols || br < 0 || br >= rows || bf < 0 || bf >= cols) continue;
                const int landing = lr * cols + lf;
                if (s.owner(landing) != -1 || s.owner(br * cols + bf) != me || seen(landing)) continue;
                for (int e = 0; e < 4; ++e) {  // the nearest piece in each direction from the landing square
                    int rr = lr + dr[e], ff = lf + df[e];
                    while (rr >= 0 && rr < rows && ff >= 0 && ff < cols && s.owner(rr * cols + ff) == -1) rr += dr[e], ff += df[e];
                    if (rr >= 0 && rr < rows && ff >= 0 && ff < cols && s.owner(rr * cols + ff) == me)
                        out.push_back((rr * cols + ff) * R::action_stride + landing);
                }
            }
        }
    }

    // From the side to move's view, in hundredths of a piece. `threat_bonus`: count the enemy
    // pieces the side to move could capture at once (off in the quiescence search, which plays
    // those captures).
    int evaluate(const State &s, bool threat_bonus) const {
        const int me = s.to_move, other = 1 - me;
        std::array<int, 2> mobility{}, threatened{};
        measure(s, mobility, threatened);
        const int lead = s.pieces[me] - s.pieces[other];
        int score = piece_value * lead + 3 * (mobility[me] - mobility[other]);
        if (ao_.level.timed) {
            const int initial = 4 * o_.cols, gone = std::max(0, initial - s.pieces[me] - s.pieces[other]);
            score += trade_bonus * lead * gone / initial;
        }
        // Threats against the side to move: it can save one piece, hardly two (a fork).
        static constexpr int threat_penalty[] = {0, 20, 75, 110, 140};
        score -= threat_penalty[std::min(threatened[me], 4)];
        if (threat_bonus && threatened[other] > 0) score += 70 + 20 * (threatened[other] - 1);
        else score += 10 * threatened[other];
        return std::clamp(score, -eval_bound, eval_bound);
    }

    // Moves per player, and pieces of each player the other could capture with one move.
    void measure(const State &s, std::array<int, 2> &mobility, std::array<int, 2> &threatened) const {
        if constexpr (bits) {
            const PetteiaBitTables &t = *o_.bits;
            const int cols = o_.cols;
            const uint64_t empty = t.board & ~(s.bits[0] | s.bits[1]);
            std::array<uint64_t, 2> reach_all{};
            for (int p = 0; p < 2; ++p) {
                uint64_t r0 = 0, r1 = 0, r2 = 0, r3 = 0;
                for (uint64_t g = s.bits[p]; (g = (g << cols) & empty) != 0;) r0 |= g;
                for (uint64_t g = s.bits[p]; (g = (g >> cols) & empty) != 0;) r1 |= g;
                for (uint64_t g = s.bits[p]; (g = ((g & t.not_first_file) >> 1) & empty) != 0;) r2 |= g;
                for (uint64_t g = s.bits[p]; (g = ((g & t.not_last_file) << 1) & empty) != 0;) r3 |= g;
                mobility[p] = std::popcount(r0) + std::popcount(r1) + std::popcount(r2) + std::popcount(r3);
                reach_all[p] = r0 | r1 | r2 | r3;
            }
            for (int p = 0; p < 2; ++p) {
                const uint64_t mine = s.bits[p], enemy = s.bits[1 - p], reach = reach_all[1 - p];
                const uint64_t h1 = ((enemy & t.not_last_file) << 1) & ((reach & t.not_first_file) >> 1);
                const uint64_t h2 = ((enemy & t.not_first_file) >> 1) & ((reach & t.not_last_file) << 1);
                const uint64_t v1 = (enemy << cols) & (reach >> cols);
                const uint64_t v2 = (enemy >> cols) & (reach << cols);
                threatened[p] = std::popcount(mine & (h1 | h2 | v1 | v2));
            }
        } else {
            const int cols = o_.cols, rows = o_.rows;
            std::array<std::array<bool, CellBoard::max_squares>, 2> reach{};
            constexpr int dr[4] = {1, -1, 0, 0}, df[4] = {0, 0, -1, 1};
            for (int sq = 0; sq < squares_; ++sq) {
                const int p = s.owner(sq);
                if (p < 0) continue;
                for (int d = 0; d < 4; ++d)
                    for (int r = sq / cols + dr[d], f = sq % cols + df[d]; r >= 0 && r < rows && f >= 0 && f < cols && s.owner(r * cols + f) == -1;
                         r += dr[d], f += df[d])
                        ++mobility[p], reach[p][r * cols + f] = true;
            }
            for (int sq = 0; sq < squares_; ++sq) {
                const int p = s.owner(sq);
                if (p < 0) continue;
                const int q = 1 - p, r = sq / cols, f = sq % cols;
                bool hit = false;
                if (f > 0 && f < cols - 1)
                    hit |= (s.owner(sq - 1) == q && reach[q][sq + 1]) || (s.owner(sq + 1) == q && reach[q][sq - 1]);
                if (r > 0 && r < rows - 1)
                    hit |= (s.owner(sq - cols) == q && reach[q][sq + cols]) || (s.owner(sq + cols) == q && reach[q][sq - cols]);
                threatened[p] += hit;
            }
        }
    }

    size_t index(Action a) const {
        return static_cast<size_t>(a / R::action_stride) * static_cast<size_t>(squares_) + static_cast<size_t>(a % R::action_stride);
    }
    static int to_tt(int score, int ply) { return score >= mate - max_ply ? score + ply : score <= -mate + max_ply ? score - ply : score; }
    static int from_tt(int score, int ply) { return score >= mate - max_ply ? score - ply : score <= -mate + max_ply ? score + ply : score; }

    const Options &o_;
    const ai::AiOptions &ao_;
    ai::Budget budget_;
    int thread_;
    int squares_;
    std::vector<int> history_;
    TranspositionTable &tt_;
    std::vector<std::vector<Action>> moves_;
    std::vector<std::vector<int>> scores_;
    std::array<std::array<Action, 2>, max_ply + 1> killers_{};
    std::vector<uint64_t> keys_;
    int root_player_ = 0;
};

}  // namespace

// Lazy SMP: every thread searches the whole tree from the root with its own move ordering and
// they share the transposition table; the main thread's choice is played and ends the others.
template <class R>
json ai_choose(const typename R::Options &o, const typename R::State &s, std::span<const uint64_t> earlier_keys, const json &options) {
    const ai::AiOptions ao = ai::parse_options(options, petteia_levels, max_depth);
    if (R::phase(s) == Phase::over) fail(Status::game_over, "the game is over: the computer player has no move to choose");
    if (ao.level.name == ai::uct_level.name) return ai::uct_choose<R>(o, s, earlier_keys, ao);
    using Search = PetteiaSearch<R>;
    TranspositionTable tt(Search::table_log2_size(ao));
    const int threads = ao.level.depth > 1 ? ao.threads : 1;  // the levels that hardly search run alone
    ai::SharedBudget shared;
    std::vector<std::unique_ptr<Search>> searches;
    for (int t = 0; t < threads; ++t) searches.push_back(std::make_unique<Search>(o, ao, earlier_keys, tt, threads > 1 ? &shared : nullptr, t));
    std::vector<std::thread> helpers;
    for (int t = 1; t < threads; ++t) helpers.emplace_back([&search = *searches[t], &s] { search.choose(s); });
    const Choice choice = searches.front()->choose(s);
    searches.front()->stop_all();
    for (std::thread &helper : helpers) helper.join();
    uint64_t nodes = 0;
    for (const auto &search : searches) nodes += search->nodes();
    return ai::answer_json<R>(o, s, choice.move, ao, choice.depth, nodes, static_cast<double>(choice.score) / piece_value,
                              searches.front()->elapsed_ms());
}

template json ai_choose<PetteiaRules>(const PetteiaRules::Options &, const PetteiaRules::State &, std::span<const uint64_t>, const json &);
template json ai_choose<PetteiaBitRules>(const PetteiaBitRules::Options &, const PetteiaBitRules::State &, std::span<const uint64_t>, const json &);

template <>
json ai_levels<PetteiaRules>() {
    return ai::levels_json(petteia_levels);
}

}  // namespace ludus
