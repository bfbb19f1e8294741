// The Petteia computer player: the alpha-beta search of alphabeta.hpp with this game's policy:
// move ordering by captures, a quiescence search over captures (every searching level but
// "greedy"), and an evaluation of material, mobility and safety (pieces the side to move could
// capture at once, or could lose next move); for "best" a lead in pieces counts for more as the
// board empties, so that the side ahead trades down. With threads > 1 it is Lazy SMP.
//
// It searches directly on the rules' state (copies; PetteiaRulesT<Board>::apply), on both
// boards: the bitboard (up to 64 squares) and the cells.
#include <algorithm>
#include <array>
#include <bit>
#include <climits>
#include <type_traits>
#include <vector>

#include "../ai/ai.hpp"
#include "../ai/ai_options.hpp"
#include "../ai/alphabeta.hpp"
#include "../ai/uct.hpp"
#include "petteia.hpp"

namespace ludus {

namespace {

constexpr int max_depth = 64;
constexpr int piece_value = 100;
// "best": a lead of d pieces is worth d * trade_bonus * (the fraction of the pieces gone from the
// board) more, so that the side ahead trades pieces and the side behind avoids trading.
constexpr int trade_bonus = 1280;
constexpr int eval_bound = 20000;  // evaluations stay within this, well below the win scores (mate - max_ply)

constexpr auto petteia_levels = ai::standard_levels(2, 4, max_depth);

template <class R>
class PetteiaPolicy {
public:
    using Rules = R;
    using Options = typename R::Options;
    using State = typename R::State;
    static constexpr bool bits = std::is_same_v<State, PetteiaBitState>;

    // Where the games' searches differ (AlphaBetaPolicy, alphabeta.hpp), Petteia's choices, as
    // measured when its search was written: a draw costs the searching side 25, so that it
    // plays on; the search runs on threads (Lazy SMP), so its first iteration ignores the
    // budget (the move played comes from a finished search); every position visited counts a
    // node, game-ending ones and the capture search's too; a move always passes the turn;
    // killers are never reduced; won scores are stored (made relative to the ply); the capture
    // search goes as deep as the captures do.
    static constexpr int max_ply = 128;
    static constexpr int draw_contempt = 25;
    static constexpr int score_unit = piece_value;
    static constexpr bool every_position_counts_a_node = true;
    static constexpr bool first_iteration_ignores_budget = true;
    static constexpr bool a_move_can_keep_the_turn = false;  // a move always passes the turn
    static constexpr bool reduces_killer_moves = false;
    static constexpr bool stores_win_scores = true;
    static constexpr int max_capture_plies = max_ply;
    static constexpr bool searches_on_threads = true;
    static constexpr int capture_key = 1 << 28, killer_key = 1 << 27, history_cap = INT_MAX;
    static constexpr size_t move_capacity = bits ? 256 : 1024;

    PetteiaPolicy(const Options &o, const ai::AiOptions &ao) : o_(o), ao_(ao), squares_(o.rows * o.cols) {}

    // The table's size for a level: small for the shallow levels, whose searches are short.
    static int table_log2_size(const ai::AiOptions &ao) {
        return ao.level.depth == 0 ? 0
               : ao.depth <= 2     ? 12
               : ao.level.timed    ? ai::table_log2_size(ao, 16, 19, 8000)
                                   : 16;
    }

    bool quiesces() const { return ao_.level.name != "greedy"; }
    // "best" counts a repetition a draw anyway (worth the contempt less), so that it makes
    // progress instead of going round.
    bool repetition_is_draw() const { return ao_.level.timed; }
    bool may_capture(const State &) const { return true; }
    bool worth_a_ply_more(const State &) const { return false; }

    struct Context {};
    Context order_context(const State &) const { return {}; }
    int root_key(const State &s, Action a, Context) const { return capture_count(s, a); }
    int capture_order(const State &s, Action a, Context) const { return capture_count(s, a); }
    int quiet_key(Action, Context, int history) const { return history; }
    size_t history_size() const { return static_cast<size_t>(squares_) * squares_; }
    size_t history_index(Action a) const {
        return static_cast<size_t>(a / R::action_stride) * static_cast<size_t>(squares_) +
               static_cast<size_t>(a % R::action_stride);
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
        if (threat_bonus && threatened[other] > 0)
            score += 70 + 20 * (threatened[other] - 1);
        else
            score += 10 * threatened[other];
        return std::clamp(score, -eval_bound, eval_bound);
    }

    // The moves of the side to move that capture: onto an empty square next to an enemy that
    // has a friend of the mover beyond it, by the nearest piece on a line to that square (the
    // rules' directions: PetteiaFlank, up, down, left, right).
    void capture_moves(const State &s, std::vector<Action> &out) const {
        const int me = s.to_move, enemy = 1 - me;
        const std::vector<PetteiaFlank> &flanks = *o_.flanks;
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
        for (int sq = 0; sq < squares_; ++sq) {
            if (s.owner(sq) != enemy) continue;
            for (int d = 0; d < 4; ++d) {
                const int landing = flanks[sq].adjacent[d ^ 1],
                          beyond = flanks[sq].adjacent[d];  // d ^ 1: the opposite direction
                if (landing < 0 || beyond < 0 || s.owner(landing) != -1 || s.owner(beyond) != me || seen(landing))
                    continue;
                for (int e = 0; e < 4; ++e) {  // the nearest piece in each direction from the landing square
                    int x = flanks[landing].adjacent[e];
                    while (x >= 0 && s.owner(x) == -1) x = flanks[x].adjacent[e];
                    if (x >= 0 && s.owner(x) == me) out.push_back(x * R::action_stride + landing);
                }
            }
        }
    }

private:
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
            const std::vector<PetteiaFlank> &flanks = *o_.flanks;
            std::array<std::array<bool, CellBoard::max_squares>, 2> reach{};
            for (int sq = 0; sq < squares_; ++sq) {
                const int p = s.owner(sq);
                if (p < 0) continue;
                for (int d = 0; d < 4; ++d)
                    for (int x = flanks[sq].adjacent[d]; x >= 0 && s.owner(x) == -1; x = flanks[x].adjacent[d])
                        ++mobility[p], reach[p][x] = true;
            }
            for (int sq = 0; sq < squares_; ++sq) {
                const int p = s.owner(sq);
                if (p < 0) continue;
                const int q = 1 - p;
                bool hit = false;
                for (int d = 0; d < 4; d += 2) {  // up and down, left and right
                    const int a = flanks[sq].adjacent[d], b = flanks[sq].adjacent[d + 1];
                    if (a >= 0 && b >= 0) hit |= (s.owner(a) == q && reach[q][b]) || (s.owner(b) == q && reach[q][a]);
                }
                threatened[p] += hit;
            }
        }
    }

    int capture_count(const State &s, Action a) const {
        std::array<int, 3> captured{};
        return R::captures_of(o_, s, a, captured);
    }

    const Options &o_;
    const ai::AiOptions &ao_;
    int squares_;
};

}  // namespace

template <class R>
json ai_choose(const typename R::Options &o, const typename R::State &s, std::span<const uint64_t> earlier_keys,
               const json &options) {
    const ai::AiOptions ao = ai::parse_options(options, petteia_levels, max_depth);
    return ai::choose_move<R>(o, s, earlier_keys, ao,
                              [&] { return ai::alphabeta_choose<PetteiaPolicy<R>>(o, s, earlier_keys, ao); });
}

template json ai_choose<PetteiaRules>(const PetteiaRules::Options &, const PetteiaRules::State &,
                                      std::span<const uint64_t>, const json &);
template json ai_choose<PetteiaBitRules>(const PetteiaBitRules::Options &, const PetteiaBitRules::State &,
                                         std::span<const uint64_t>, const json &);

template <>
json ai_levels<PetteiaRules>() {
    return ai::levels_json(petteia_levels, "pieces");
}

}  // namespace ludus
