// Senet's computer player, for every ruleset: expectimax over the throws (the sticks' five
// counts with their binomial chances, or Bell's die's four faces) on the rules' state, the
// positions judged by a hand-made evaluation of the race:
//
//   the race: the squares every piece still has to go to leave the board (a piece in hand the
//       whole path and two more), the opponent's less one's own, scaled to a chance of winning;
//   a piece in the water (Kendall's 27) counts ten squares more, as it waits for a 4 or goes
//       back to 15;
//   Bell's pieces lost to a capture score nothing: each counts as forty squares still to go.
//
// Where a move leaves the same player to move on with the same throw (Piccione's split throws),
// the next move is chosen without a chance node. Levels: "random"; "greedy" (depth 1): the best
// move by the evaluation; "easy" (depth 2) and "medium" (depth 3): expectimax to that many
// moves; "best" (depth 5, 1000 ms a move unless told), iterative deepening from depth 1, the
// deepest finished search's move. "uct" is uct.hpp, over the throws.
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <vector>

#include "../ai/ai.hpp"
#include "../ai/ai_options.hpp"
#include "../ai/throws_search.hpp"
#include "../ai/uct.hpp"
#include "senet.hpp"

namespace ludus {

namespace {

using S = SenetState;

constexpr int max_depth = 6;
constexpr auto levels = ai::standard_levels(2, 3, 5);

// One throw of the chance node: dice that give it, and its chance.
struct Throw {
    std::array<int, 4> dice{};
    int count = 0;
    double chance = 0;
};

std::vector<Throw> throws_of(const SenetOptions &o) {
    std::vector<Throw> out;
    if (o.ruleset == SenetRuleset::bell) {
        for (int face = 1; face <= 4; ++face) out.push_back({{face}, 1, 0.25});
        return out;
    }
    constexpr int ways[5] = {1, 4, 6, 4, 1};
    for (int blank = 0; blank <= 4; ++blank) {
        Throw t{{}, 4, ways[blank] / 16.0};
        for (int i = 0; i < blank; ++i) t.dice[static_cast<size_t>(i)] = 1;
        out.push_back(t);
    }
    return out;
}

// Player p's squares still to go.
double to_go(const SenetOptions &o, const S &s, int p) {
    double left = s.in_hand[static_cast<size_t>(p)] * 33.0;
    const int pieces =
        s.in_hand[static_cast<size_t>(p)] + s.borne_off[static_cast<size_t>(p)] + SenetRules::on_board(s, p);
    for (uint32_t on = s.pieces[static_cast<size_t>(p)]; on != 0; on &= on - 1) {
        const int k = std::countr_zero(on);
        left += 31 - k + (k == 27 && o.ruleset == SenetRuleset::kendall ? 10 : 0);
    }
    return left + (o.pieces - pieces) * 40.0;  // Bell's captured pieces
}

// Player p's chance of winning, roughly: the logistic of the difference in the race.
double evaluate(const SenetOptions &o, const S &s, int p) {
    if (s.result != Result::ongoing) {
        if (s.result == Result::draw) return 0.5;
        return (s.result == Result::player0_won) == (p == 0) ? 1.0 : 0.0;
    }
    const double diff = to_go(o, s, 1 - p) - to_go(o, s, p);
    const double tempo = s.to_move == p ? 2.0 : -2.0;
    return 1.0 / (1.0 + std::exp(-(diff + tempo) / 15.0));
}

template <class R>
class SenetSearch {
public:
    SenetSearch(const SenetOptions &o, const ai::AiOptions &ao) : o_(o), ao_(ao), budget_(ao), throws_(throws_of(o)) {}

    json choose(const S &root) {
        me_ = root.to_move;
        return ai::choose_over_throws<R>(o_, root, ao_, budget_,
                                         [this](const S &c, int depth) { return value_after(c, depth); });
    }

private:
    // The best value for the player to move of `s` (phase move) after each of its moves.
    double best_move(const S &s, int depth) {
        std::array<Action, R::max_moves> moves;
        const size_t n = R::write_actions(o_, s, moves.data());
        const bool mine = s.to_move == me_;
        double best = mine ? -1 : 2;
        for (size_t i = 0; i < n; ++i) {
            S c = s;
            R::apply(o_, c, moves[i]);
            const double w = value_after(c, depth - 1);
            best = mine ? std::max(best, w) : std::min(best, w);
        }
        return best;
    }

    // The value for me_ of `s` (after a move), searched `depth` moves more.
    double value_after(const S &s, int depth) {
        budget_.spend();
        if (depth == 0 || s.result != Result::ongoing || budget_.stopped()) return evaluate(o_, s, me_);
        if (R::phase(s) == Phase::move) return best_move(s, depth);  // the same throw goes on
        double v = 0;
        for (const Throw &t : throws_) {
            S thrown = s;
            R::set_dice(o_, thrown, std::span<const int>(t.dice.data(), static_cast<size_t>(t.count)));
            v += t.chance * best_move(thrown, depth);
        }
        return v;
    }

    const SenetOptions &o_;
    const ai::AiOptions &ao_;
    ai::Budget budget_;
    std::vector<Throw> throws_;
    int me_ = 0;
};

}  // namespace

template <class Rules>
json ai_choose(const typename Rules::Options &o, const typename Rules::State &s, std::span<const uint64_t> earlier_keys,
               const json &options) {
    const ai::AiOptions ao = ai::parse_options(options, levels, max_depth);
    return ai::choose_move<Rules>(o, s, earlier_keys, ao, [&] { return SenetSearch<Rules>(o, ao).choose(s); });
}

template json ai_choose<SenetRules>(const SenetOptions &, const SenetState &, std::span<const uint64_t>, const json &);
template json ai_choose<SenetBellRules>(const SenetOptions &, const SenetState &, std::span<const uint64_t>,
                                        const json &);

template <>
json ai_levels<SenetRules>() {
    return ai::levels_json(levels, "chance");
}

}  // namespace ludus
