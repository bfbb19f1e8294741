// The XII Scripta computer player, for every ruleset: it lists every distinct position at the
// end of its own turn (all the ways of playing the three dice, positions reached twice counted
// once) and judges them by the race (the way every piece still has to go, pieces in hand or
// captured the whole way and a little more) and the danger to single pieces that the opponent's
// next roll can hit (the chance over the 56 rolls, from every opposing piece behind them).
//
// Levels: "random"; "greedy" (depth 1: the best single step); "easy" (depth 2: the best whole
// turn by the race alone); "medium" (depth 2 with the danger); "best" (depth 3: the few best
// turns of "medium" again, each against the opponent's 56 rolls and its best reply by the same
// judgement, expectimax); "uct" (uct.hpp, over the 56 rolls of three dice). The search runs on
// the rules' state (XiiScriptaRules::apply on copies); it uses one thread whatever "threads" says.
#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

#include "../xii_scripta/xii_scripta.hpp"
#include "ai.hpp"
#include "ai_options.hpp"
#include "search_common.hpp"
#include "uct.hpp"

namespace ludus {

namespace {

using S = XiiState;
using R = XiiScriptaRules;

constexpr double w_waiting = 6.0;  // a piece in hand or captured: the whole way and this much more
constexpr double w_hit = 8.0;      // the tempo lost when hit, beyond the way to go again
constexpr double w_own = 0.3;      // the share of the opponent's danger (it rolls after us)
constexpr double win_value = 100000.0;
constexpr int max_depth = 3;
constexpr size_t refined = 3;

constexpr std::array<ai::Level, 5> levels = {
    {{"random", 0, false}, {"greedy", 1, false}, {"easy", 2, false}, {"medium", 2, false}, {"best", 3, true}}};

struct Roll {
    std::array<int, 3> dice;
    double chance;
    uint32_t reach;  // bit d: a piece can move distance d with these dice (one die or several added)
};

const std::array<Roll, 56> &rolls() {
    static const std::array<Roll, 56> table = [] {
        std::array<Roll, 56> r{};
        int n = 0;
        for (int a = 1; a <= 6; ++a)
            for (int b = a; b <= 6; ++b)
                for (int c = b; c <= 6; ++c) {
                    const int ways = a == c ? 1 : (a == b || b == c) ? 3 : 6;
                    const uint32_t reach = (1u << a) | (1u << b) | (1u << c) | (1u << (a + b)) | (1u << (a + c)) | (1u << (b + c)) | (1u << (a + b + c));
                    r[n++] = {{a, b, c}, ways / 216.0, reach};
                }
        return r;
    }();
    return table;
}

// The chance that `hitter`, rolling next, can land on the cell of its progress `x` (1..36).
double hit_chance(const XiiOptions &o, const S &s, int hitter, int x) {
    const auto &h = s.count[hitter];
    uint32_t distances = 0;
    if (h[S::bar] > 0 || (o.enter_all_first && h[S::hand] > 0)) {
        distances = x <= 18 ? 1u << x : 0;  // only entering pieces can move
    } else {
        for (int y = std::max(0, x - 18); y < x; ++y)
            if (h[y] > 0) distances |= 1u << (x - y);
    }
    if (distances == 0) return 0.0;
    double chance = 0;
    for (const Roll &r : rolls()) chance += (r.reach & distances) ? r.chance : 0.0;
    return chance;
}

// The way player p still has to go.
double remaining(const S &s, int p) {
    const auto &c = s.count[p];
    double r = (c[S::hand] + c[S::bar]) * (S::off + w_waiting);
    for (int x = 1; x <= S::last_cell; ++x) r += c[x] * (S::off - x);
    return r;
}

// What player p stands to lose from single pieces the other can hit with its next roll.
double danger(const XiiOptions &o, const S &s, int p) {
    double d = 0;
    for (int x = 1; x <= S::last_cell; ++x)
        if (s.count[p][x] == 1) d += hit_chance(o, s, 1 - p, R::other_progress(o, x)) * (x + w_hit);
    return d;
}

double evaluate(const XiiOptions &o, const S &s, int p, bool with_danger) {
    if (s.result != Result::ongoing) return (s.result == Result::player0_won) == (p == 0) ? win_value : -win_value;
    double v = remaining(s, 1 - p) - remaining(s, p);
    if (with_danger) {
        const bool p_next = s.to_move == p;  // who rolls next
        v -= danger(o, s, p) * (p_next ? w_own : 1.0);
        v += danger(o, s, 1 - p) * (p_next ? 1.0 : w_own);
    }
    return v;
}

uint64_t key_of(const S &s) {
    uint64_t h = 0x9E3779B97F4A7C15ull;
    auto mix = [&](const void *data, size_t n) {
        const auto *bytes = static_cast<const unsigned char *>(data);
        for (size_t i = 0; i < n; i += 8) {
            uint64_t w = 0;
            std::memcpy(&w, bytes + i, std::min<size_t>(8, n - i));
            h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
            h ^= h >> 29;
        }
    };
    mix(s.count.data(), sizeof(s.count));
    mix(s.left.data(), sizeof(s.left));
    mix(s.moved.data(), sizeof(s.moved));
    const uint8_t tail[3] = {s.n_left, s.to_move, static_cast<uint8_t>(s.result)};
    mix(tail, sizeof(tail));
    return h;
}

struct TurnEnd {
    S state;
    Action first;
};

class XiiSearch {
public:
    XiiSearch(const XiiOptions &o, const ai::AiOptions &ao) : o_(o), ao_(ao), budget_(ao) {
        for (auto &b : buffers_) b.reserve(128);
    }

    json choose(const S &root) {
        const int me = root.to_move;
        std::vector<Action> moves;
        R::legal_actions(o_, root, moves);
        ai::shuffle_moves(moves, ao_.seed);
        if (ao_.depth == 0 || moves.size() == 1) return answer(root, moves.front(), ao_.depth == 0 ? 0 : 1, 0.0);

        if (ao_.depth == 1) {  // greedy: the best single step
            const auto [best, best_value] = ai::best_step<R>(o_, root, moves, budget_, [&](const S &c) { return evaluate(o_, c, me, true); });
            return answer(root, best, 1, best_value);
        }

        std::vector<TurnEnd> ends;
        turn_ends(root, me, moves, ends);
        const bool with_danger = ao_.level.name != "easy";
        std::vector<std::pair<double, size_t>> ranked;
        for (size_t i = 0; i < ends.size(); ++i) {
            budget_.spend();
            ranked.emplace_back(evaluate(o_, ends[i].state, me, with_danger), i);
        }
        std::stable_sort(ranked.begin(), ranked.end(), [](const auto &x, const auto &y) { return x.first > y.first; });
        const Action turn_best = ends[ranked.front().second].first;
        if (ao_.depth == 2) return answer(root, turn_best, 2, ranked.front().first);

        // Depth 3: the best few against every roll of the opponent and its best reply.
        Action best = turn_best;
        double best_value = -1e300;
        for (size_t k = 0; k < ranked.size() && k < refined; ++k) {
            const S &e = ends[ranked[k].second].state;
            double v = 0;
            if (e.result != Result::ongoing) {
                v = ranked[k].first;
            } else {
                for (const Roll &r : rolls()) {
                    S c = e;
                    R::set_dice(o_, c, r.dice);
                    std::vector<Action> first;
                    R::legal_actions(o_, c, first);
                    replies_.clear();
                    turn_ends(c, 1 - me, first, replies_);
                    double worst = 1e300;
                    for (const TurnEnd &t : replies_) {
                        budget_.spend();
                        worst = std::min(worst, evaluate(o_, t.state, me, true));
                    }
                    v += r.chance * worst;
                    if (budget_.stopped()) break;
                }
            }
            if (budget_.stopped()) break;
            if (v > best_value) best_value = v, best = ends[ranked[k].second].first;
        }
        if (budget_.stopped()) return answer(root, turn_best, 2, ranked.front().first);
        return answer(root, best, 3, best_value);
    }

private:
    // Every distinct position at the end of `player`'s turn from `s` (phase move), with the first
    // step leading there; `first_moves` are the legal actions at `s`.
    void turn_ends(const S &s, int player, const std::vector<Action> &first_moves, std::vector<TurnEnd> &out) {
        seen_.clear();
        for (Action a : first_moves) {
            S c = s;
            R::apply(o_, c, a);
            walk(c, player, a, out, 0);
        }
    }

    void walk(const S &s, int player, Action first, std::vector<TurnEnd> &out, int level) {
        if (!seen_.insert(key_of(s))) return;
        if (R::phase(s) != Phase::move || s.to_move != player) {
            out.push_back({s, first});
            return;
        }
        std::vector<Action> &moves = buffers_[level];
        moves.clear();
        R::legal_actions(o_, s, moves);
        for (size_t i = 0; i < moves.size(); ++i) {
            S c = s;
            R::apply(o_, c, moves[i]);
            walk(c, player, first, out, level + 1);
        }
    }

    json answer(const S &root, Action a, int depth, double value) {
        return ai::answer_json<R>(o_, root, a, ao_, depth, budget_.nodes(), value, budget_.elapsed_ms());
    }

    // The keys of the positions seen in one turn's walk: open addressing, grown as needed.
    struct KeySet {
        std::vector<uint64_t> slots = std::vector<uint64_t>(1 << 12);
        size_t used = 0;
        void clear() {
            std::fill(slots.begin(), slots.end(), 0);
            used = 0;
        }
        bool insert(uint64_t key) {  // false if present
            key |= 1;                // 0 marks an empty slot
            if (2 * (used + 1) > slots.size()) grow();
            size_t i = key & (slots.size() - 1);
            while (slots[i] != 0) {
                if (slots[i] == key) return false;
                i = (i + 1) & (slots.size() - 1);
            }
            slots[i] = key;
            ++used;
            return true;
        }
        void grow() {
            std::vector<uint64_t> old(slots.size() * 2);
            old.swap(slots);
            used = 0;
            for (uint64_t k : old)
                if (k != 0) insert(k);
        }
    };

    const XiiOptions &o_;
    const ai::AiOptions &ao_;
    ai::Budget budget_;
    std::array<std::vector<Action>, 8> buffers_;  // a turn has at most 6 steps (and a pass)
    std::vector<TurnEnd> replies_;
    KeySet seen_;
};

}  // namespace

template <class Rules>
json ai_choose(const typename Rules::Options &o, const typename Rules::State &s, std::span<const uint64_t> earlier_keys, const json &options) {
    const ai::AiOptions ao = ai::parse_options(options, levels, max_depth);
    if (Rules::phase(s) == Phase::over) fail(Status::game_over, "the game is over: the computer player has no move to choose");
    if (Rules::phase(s) == Phase::roll) fail(Status::wrong_phase, "the dice must be rolled first: the computer player chooses a move after the roll");
    if (ao.level.name == ai::uct_level.name) return ai::uct_choose<Rules>(o, s, earlier_keys, ao);
    XiiSearch search(o, ao);
    return search.choose(s);
}

template json ai_choose<XiiScriptaRules>(const XiiOptions &, const XiiState &, std::span<const uint64_t>, const json &);

}  // namespace ludus
