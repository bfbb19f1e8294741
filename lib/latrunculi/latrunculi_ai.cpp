// The Latrunculi computer player, for every ruleset: the alpha-beta search of alphabeta.hpp
// with this game's policy: moves ordered by the men they capture and, where a dux decides the
// game (Kowalski), by how close they land to the enemy dux; an evaluation of material, mobility
// and how closely each dux is shut in: its blocked sides, its moves, the region it can still
// reach and the enemy men close to it (confinement()); Schaedler's rulesets bring their own
// evaluation. "best" also searches captures past its horizon and a dux with one free side a ply
// deeper, and hunts the last few men of a side far behind: their safe squares taken one by one
// (hunted()). A capture that earns an extra move (Bell) leaves the same player to move: that
// ply is searched without changing sides.
#include <algorithm>
#include <array>
#include <type_traits>
#include <utility>
#include <vector>

#include "../ai/ai.hpp"
#include "../ai/ai_options.hpp"
#include "../ai/alphabeta.hpp"
#include "../ai/uct.hpp"
#include "latrunculi.hpp"
#include "schaedler.hpp"

namespace ludus {

namespace {

constexpr int max_depth = 64;
constexpr int man_value = 100;
constexpr int open_region = 24;  // see LatrunculiPolicy::confinement
constexpr int open_lines = 14;
// The hunt of a side's last few men (LatrunculiPolicy::hunted): a side with at most
// `hunt_men` men and `hunt_lead` fewer than the enemy; a man's safe moves up to `hunt_cap`
// count, each missing one `hunt_weight` hundredths of a man.
constexpr int hunt_men = 3;
constexpr int hunt_lead = 4;
constexpr int hunt_cap = 10;
constexpr int hunt_weight = 8;

constexpr auto levels = ai::standard_levels(2, 3, max_depth);

template <class R>
class LatrunculiPolicy {
public:
    using Rules = R;
    using Options = typename R::Options;
    using State = typename R::State;

    // Where the games' searches differ (AlphaBetaPolicy, alphabeta.hpp), Latrunculi's choices,
    // as measured when its search was written: a capture may earn another move (Bell), so a
    // move can keep the turn; a node is a position searched (a move that ends the game is
    // scored without one, the capture search counts the captures it tries); no contempt; one
    // thread whatever "threads" says, and the first iteration may be cut short by the budget;
    // a killer is reduced like any quiet move; won scores are not stored (they depend on the
    // ply); the capture search stops after 6 captures.
    static constexpr int max_ply = 96;
    static constexpr int draw_contempt = 0;
    static constexpr int score_unit = man_value;
    static constexpr bool every_position_counts_a_node = false;
    static constexpr bool first_iteration_ignores_budget = false;
    static constexpr bool a_move_can_keep_the_turn = true;  // Bell's capture that earns another move
    static constexpr bool reduces_killer_moves = true;
    static constexpr bool stores_win_scores = false;
    static constexpr int max_capture_plies = 6;
    static constexpr bool searches_on_threads = false;
    static constexpr int capture_key = 1 << 26, killer_key = 1 << 25, history_cap = (1 << 20) - 1;
    static constexpr size_t move_capacity = 256;

    LatrunculiPolicy(const Options &o, const ai::AiOptions &ao) : o_(o), extend_(ao.level.timed) {}

    static int table_log2_size(const ai::AiOptions &ao) {
        return ao.level.depth == 0 ? 0 : ao.level.timed ? ai::table_log2_size(ao, 14, 18, 2000) : 14;
    }

    // "best": captures past the horizon, and a repetition a draw anyway, so that the side ahead
    // makes progress instead of going round.
    bool quiesces() const { return extend_; }
    bool repetition_is_draw() const { return extend_; }
    // "best": a dux with one free side is one move from being shut in: look a move further.
    bool worth_a_ply_more(const State &s) const { return extend_ && free_sides(s, s.to_move) == 1; }

    void capture_moves(const State &s, std::vector<Action> &moves) const {
        R::legal_actions(o_, s, moves);
        const auto zone = capture_zone(s);
        std::erase_if(moves, [&](Action a) { return captured_count(s, a, zone) == 0; });
    }

    // Where a capturing move can land (LatrunculiRulesT::capture_landings); Schaedler's blocking
    // has no such squares: every move is tested.
    auto capture_zone(const State &s) const {
        if constexpr (requires { s.dux[0]; })
            return R::capture_landings(o_, s);
        else
            return 0;
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
        const int distance =
            std::max(std::abs(to / o_.cols - target / o_.cols), std::abs(to % o_.cols - target % o_.cols));
        return std::max(0, 16 - distance);
    }

    // The order's keys: captures by the men they take, then (where the dux decides) by how
    // close they land to the enemy dux (the hunted square); quiet moves by that closeness, then
    // their history.
    struct Context {
        int target;
        decltype(std::declval<const LatrunculiPolicy &>().capture_zone(std::declval<const State &>())) zone;
    };
    Context order_context(const State &s) const { return {hunted_square(s), capture_zone(s)}; }
    int root_key(const State &s, Action a, const Context &c) const {
        return captured_count(s, a, c.zone) * 64 + closeness(a, c.target);
    }
    int capture_order(const State &s, Action a, const Context &c) const {
        const int n = captured_count(s, a, c.zone);
        return n > 0 ? n * 64 + closeness(a, c.target) : 0;
    }
    int quiet_key(Action a, const Context &c, int history) const {
        return (closeness(a, c.target) << 20) + std::min(history, history_cap);
    }
    // By action (past Latrunculi's pass and Schaedler's removals).
    size_t history_size() const { return R::place_base + 2 * R::stride + 1; }
    size_t history_index(Action a) const { return static_cast<size_t>(a); }

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
            const BB empty = m.board & ~s.occupied(),
                     victims = s.men[enemy] | (r.dux_capturable ? s.dux[enemy] : BB{0});
            if (r.corner_taken_by_two && (s.men[enemy] & m.corners) != 0) return true;
            const BB flankers = s.pieces(me) | (r.corner_square_hostile ? m.corners & empty : BB{0});
            // A victim with a flanker on one side and an empty landing square on the other.
            const BB landing = (step(victims & step(flankers, 0), 0) | step(victims & step(flankers, 1), 1) |
                                step(victims & step(flankers, 2), 2) | step(victims & step(flankers, 3), 3)) &
                               empty;
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
    int evaluate(const State &s, bool /*at_leaf*/) const {
        if constexpr (requires { R::evaluation(o_, s); })
            return R::evaluation(o_, s);  // rules with a view of their own (Schaedler)
        else
            return material_and_mobility(s);
    }

private:
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
        for (int d = 0; d < 4; d += 2)
            taken |= (step(flankers, d) & step(landing, d + 1)) | (step(flankers, d + 1) & step(landing, d));
        if (r.corner_taken_by_two)
            for (int c = 0; c < 4; ++c) {
                const auto [n0, n1] = o_.corner_neighbours[c];
                if ((bits::test(hunters, n0) && bits::test(landing, n1)) ||
                    (bits::test(hunters, n1) && bits::test(landing, n0)))
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
            if (stops == 0)
                moves += bits::popcount(ray);
            else
                moves += bits::popcount(ray) - 1 -
                         bits::popcount(m.rays[d][d == 0 || d == 3 ? bits::lowest(stops) : bits::highest(stops)]);
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
        const int squeezed = 12 * blocked * blocked + 8 * std::max(0, open_lines - moves) +
                             2 * (o_.rows * o_.cols - size) + 15 * hunters;
        return squeezed + (size == 0 || size >= open_region ? 0 : 700 / (size + 1) - 700 / open_region);
    }

    const Options &o_;
    const bool extend_;  // "best": captures past the horizon, threats to the dux a ply deeper
};

}  // namespace

template <class R>
json ai_choose(const typename R::Options &o, const typename R::State &s, std::span<const uint64_t> earlier_keys,
               const json &options) {
    const ai::AiOptions ao = ai::parse_options(options, levels, max_depth);
    return ai::choose_move<R>(o, s, earlier_keys, ao,
                              [&] { return ai::alphabeta_choose<LatrunculiPolicy<R>>(o, s, earlier_keys, ao); });
}

template json ai_choose<LatrunculiRules>(const LatrunculiRules::Options &, const LatrunculiRules::State &,
                                         std::span<const uint64_t>, const json &);
template json ai_choose<SchaedlerRules>(const SchaedlerRules::Options &, const SchaedlerRules::State &,
                                        std::span<const uint64_t>, const json &);
template json ai_choose<LatrunculiWideRules>(const LatrunculiWideRules::Options &, const LatrunculiWideRules::State &,
                                             std::span<const uint64_t>, const json &);

template <>
json ai_levels<LatrunculiRules>() {
    return ai::levels_json(levels, "pieces");
}

}  // namespace ludus
