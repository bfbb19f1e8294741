// The XII Scripta computer player's shared pieces (xii_scripta_ai.cpp and the trainer
// lib/xii_scripta/train/xii_scripta_td.cpp): the 56 rolls of three dice, every distinct end of a turn,
// the hand-made race and danger terms, and the learned evaluation: a small neural network (one
// hidden layer, as TD-Gammon and Duodecim's duodecim_net.hpp) giving the chance that the player
// who rolls next wins, trained by TD(lambda) on games against itself (the weights are generated
// into xii_scripta_net_weights.hpp). One network serves the four rulesets: the ruleset is one of
// its inputs, and the danger inputs are computed with the ruleset's own geometry.
//
// Inputs, from the view of the player who rolls next (r) and of the other (o): for each side and
// each cell of its track (progress 1..36), a thermometer of its pieces there (at least 1, 2, 3,
// 4); dense: each side's pieces in hand, captured (waiting to re-enter) and borne off, the way
// each still has to go, the lead scaled by the square root of the total way, the way each
// expects to lose to the other's next roll (hits of single pieces, over the 56 rolls), and the
// ruleset (one of four). Hidden units are rectified (max(0, x)); the output is logistic.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "../ai/td_net.hpp"
#include "xii_scripta.hpp"

namespace ludus::xii_ai {

using S = XiiState;
using R = XiiScriptaRules;

struct Roll {
    std::array<int, 3> dice;
    double chance;
    uint32_t reach;  // bit d: a piece can move distance d with these dice (one die or several added)
};

inline const std::array<Roll, 56> &rolls() {
    static const std::array<Roll, 56> table = [] {
        std::array<Roll, 56> r{};
        int n = 0;
        for (int a = 1; a <= 6; ++a)
            for (int b = a; b <= 6; ++b)
                for (int c = b; c <= 6; ++c) {
                    const int ways = a == c ? 1 : (a == b || b == c) ? 3 : 6;
                    const uint32_t reach = (1u << a) | (1u << b) | (1u << c) | (1u << (a + b)) | (1u << (a + c)) |
                                           (1u << (b + c)) | (1u << (a + b + c));
                    r[n++] = {{a, b, c}, ways / 216.0, reach};
                }
        return r;
    }();
    return table;
}

inline constexpr double w_waiting = 6.0;  // a piece in hand or captured: the whole way and this much more
inline constexpr double w_hit = 8.0;      // the tempo lost when hit, beyond the way to go again

// The chance that `hitter`, rolling next, can land on the cell of its progress `x` (1..36).
inline double hit_chance(const XiiOptions &o, const S &s, int hitter, int x) {
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
inline double remaining(const S &s, int p) {
    const auto &c = s.count[p];
    double r = (c[S::hand] + c[S::bar]) * (S::off + w_waiting);
    for (int x = 1; x <= S::last_cell; ++x) r += c[x] * (S::off - x);
    return r;
}

// What player p stands to lose from single pieces the other can hit with its next roll.
inline double danger(const XiiOptions &o, const S &s, int p) {
    double d = 0;
    for (int x = 1; x <= S::last_cell; ++x)
        if (s.count[p][x] == 1) d += hit_chance(o, s, 1 - p, R::other_progress(o, x)) * (x + w_hit);
    return d;
}

inline constexpr double w_own = 0.3;  // the share of the opponent's danger (it rolls after us)
inline constexpr double win_value = 100000.0;

// The hand-made evaluation (levels greedy, easy, medium): race points for p (the other's way to
// go less p's), less p's danger and plus the other's, the danger of the player who rolls next
// counting fully and the other's by w_own.
inline double hand_value(const XiiOptions &o, const S &s, int p, bool with_danger) {
    if (s.result != Result::ongoing) return (s.result == Result::player0_won) == (p == 0) ? win_value : -win_value;
    double v = remaining(s, 1 - p) - remaining(s, p);
    if (with_danger) {
        const bool p_next = s.to_move == p;  // who rolls next
        v -= danger(o, s, p) * (p_next ? w_own : 1.0);
        v += danger(o, s, 1 - p) * (p_next ? 1.0 : w_own);
    }
    return v;
}

inline uint64_t key_of(const S &s) {
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

// Every distinct position at the end of a player's turn (all the ways of playing the dice,
// positions reached twice counted once), with the first step leading there.
class TurnWalker {
public:
    TurnWalker() {
        for (auto &b : buffers_) b.reserve(128);
    }

    // The ends of `player`'s turn from `s` (phase move) into `out` (not cleared); `first_moves`
    // are the legal actions at `s`.
    void turn_ends(const XiiOptions &o, const S &s, int player, const std::vector<Action> &first_moves,
                   std::vector<TurnEnd> &out) {
        seen_.clear();
        for (Action a : first_moves) {
            S c = s;
            R::apply(o, c, a);
            walk(o, c, player, a, out, 0);
        }
    }

    // The ends of `player`'s turn after the roll `dice` from `s` (phase roll), into `out` (cleared).
    void ends_after(const XiiOptions &o, const S &s, const std::array<int, 3> &dice, std::vector<TurnEnd> &out) {
        S c = s;
        R::set_dice(o, c, dice);
        first_.clear();
        R::legal_actions(o, c, first_);
        out.clear();
        turn_ends(o, c, c.to_move, first_, out);
    }

private:
    void walk(const XiiOptions &o, const S &s, int player, Action first, std::vector<TurnEnd> &out, int level) {
        if (!seen_.insert(key_of(s))) return;
        if (R::phase(s) != Phase::move || s.to_move != player) {
            out.push_back({s, first});
            return;
        }
        std::vector<Action> &moves = buffers_[static_cast<size_t>(level)];
        moves.clear();
        R::legal_actions(o, s, moves);
        for (size_t i = 0; i < moves.size(); ++i) {
            S c = s;
            R::apply(o, c, moves[i]);
            walk(o, c, player, first, out, level + 1);
        }
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

    std::array<std::vector<Action>, 8> buffers_;  // a turn has at most 6 steps (and a pass)
    std::vector<Action> first_;
    KeySet seen_;
};

// The network.
inline constexpr int net_hidden = 32;
inline constexpr int net_levels = 4;                              // the thermometer's steps
inline constexpr int net_sparse = 2 * S::last_cell * net_levels;  // 0/1 inputs
inline constexpr int net_dense = 6 + 2 + 1 + 2 + 4;               // see net_input
inline constexpr int net_inputs = net_sparse + net_dense;

using NetWeights = ai::td::NetWeights<net_inputs, net_hidden>;
// Their stored form in the generated header (xii_scripta_net_weights.hpp).
using QuantizedNetWeights = ai::td::QuantizedNetWeights<net_inputs, net_hidden>;
// A position's inputs: at most one active sparse index a piece (pieces <= 15 a side).
using NetInput = ai::td::NetInput<2 * 15, net_dense>;

// The inputs of `s`, a position where the dice are to be rolled, from the view of its roller.
inline NetInput net_input(const XiiOptions &o, const S &s) {
    NetInput in;
    const int r = s.to_move;
    size_t d = 0;
    for (int side = 0; side < 2; ++side) {
        const int p = side == 0 ? r : 1 - r;
        const auto &count = s.count[static_cast<size_t>(p)];
        for (int x = 1; x <= S::last_cell; ++x)
            for (int k = 0; k < std::min<int>(count[static_cast<size_t>(x)], net_levels); ++k)
                in.active[static_cast<size_t>(in.active_count++)] =
                    static_cast<uint16_t>((side * S::last_cell + x - 1) * net_levels + k);
        in.dense[d++] = static_cast<float>(count[S::hand]) / 15.0f;
        in.dense[d++] = static_cast<float>(count[S::bar]) / 4.0f;
        in.dense[d++] = static_cast<float>(count[S::off]) / 15.0f;
    }
    const double me = remaining(s, r), other = remaining(s, 1 - r);
    in.dense[d++] = static_cast<float>(me / 300.0);
    in.dense[d++] = static_cast<float>(other / 300.0);
    in.dense[d++] = static_cast<float>((other - me) / std::sqrt(me + other + 10.0));
    in.dense[d++] = static_cast<float>(danger(o, s, r) / 30.0);
    in.dense[d++] = static_cast<float>(danger(o, s, 1 - r) / 30.0);
    in.dense[d + static_cast<size_t>(o.ruleset)] = 1.0f;
    return in;
}

using ai::td::logistic;

// The hidden layer's sums (before rectifying) and the output's logit.
inline float net_logit(const NetWeights &w, const NetInput &in, std::array<float, net_hidden> &sum) {
    return ai::td::net_logit<net_sparse>(w, in, sum);
}

inline double net_roller_wins(const NetWeights &w, const XiiOptions &o, const S &s) {
    std::array<float, net_hidden> sum;
    return logistic(static_cast<double>(net_logit(w, net_input(o, s), sum)));
}

// The chance that player p wins from `s`, the end of a turn (phase roll) or a finished game.
inline double net_win_chance(const NetWeights &w, const XiiOptions &o, const S &s, int p) {
    if (s.result != Result::ongoing) return (s.result == Result::player0_won) == (p == 0) ? 1.0 : 0.0;
    const double roller = net_roller_wins(w, o, s);
    return s.to_move == p ? roller : 1.0 - roller;
}

using ai::td::highest;

}  // namespace ludus::xii_ai
