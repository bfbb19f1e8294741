// XII Scripta's move generation: the steps the dice still to play allow, listed, checked and
// drawn at random (xii_scripta.hpp).
#include "xii_scripta.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

#if defined(__SSE2__)
#  include <emmintrin.h>
#endif

#include "../bitboard.hpp"

namespace ludus {

namespace {

using S = XiiState;
using R = XiiScriptaRules;

constexpr uint64_t bit(int p) { return uint64_t{1} << p; }
constexpr uint64_t cells_mask = ((uint64_t{1} << 37) - 1) & ~uint64_t{1};  // progress 1..36
constexpr uint64_t entry_mask = ((uint64_t{1} << 13) - 1) & ~uint64_t{1};  // progress 1..12

// Set bits of a mask: the popcnt instruction in random_action's clone for CPUs that have it
// (LUDUS_POPCNT_CLONES), where a loop over the bits had cost a tenth of a ply.
[[gnu::always_inline]] inline int bits_in(uint64_t m) { return std::popcount(m); }

// One way of using the dice for a step: its value and the code of the dice it uses.
struct Use {
    int value;
    int code;
};

// The ways the dice still to play can be used by one step: each distinct die, and with
// combine_dice each distinct multiset of two or three of them (added, never divided).
struct Uses {
    std::array<Use, 7> use;
    int n = 0;
};

Uses uses_of(const std::array<int, 3> &left, int k, bool combine) {
    Uses u;
    for (int mask = 1; mask < (1 << k); ++mask) {
        std::array<int, 3> v{};
        int m = 0, sum = 0;
        for (int i = 0; i < k; ++i)
            if (mask & (1 << i)) v[m++] = left[i], sum += left[i];
        if (m > 1 && !combine) continue;
        const int code = m == 1   ? R::dice_code(0, 0, v[0])
                         : m == 2 ? R::dice_code(0, v[0], v[1])
                                  : R::dice_code(v[0], v[1], v[2]);
        bool seen = false;
        for (int j = 0; j < u.n; ++j) seen |= u.use[j].code == code;
        if (!seen) u.use[u.n++] = {sum, code};
    }
    return u;
}

// Indexed by the code of the dice still to play (at most three; a triple played twice leaves
// only equal values, whose uses are those of one die): the uses, singly and combined.
struct UsesTable {
    std::array<Uses, 343> single, combined;
    UsesTable() {
        for (int a = 0; a <= 6; ++a)
            for (int b = a == 0 ? 0 : a; b <= 6; ++b)
                for (int c = std::max(b, 1); c <= 6; ++c) {
                    std::array<int, 3> left{};
                    int k = 0;
                    for (int v : {a, b, c})
                        if (v != 0) left[k++] = v;
                    single[R::dice_code(a, b, c)] = uses_of(left, k, false);
                    combined[R::dice_code(a, b, c)] = uses_of(left, k, true);
                }
    }
};

// The uses of the dice still to play. Inline: out of line, its call and the table's guard cost
// about 15 instructions a ply of a playout.
[[gnu::always_inline]] inline const Uses &dice_uses(const XiiOptions &o, const S &s) {
    static const UsesTable table;
    int code;
    if (s.n_left > 3) {
        code = R::dice_code(0, 0, s.left[0]);  // the rest of a triple played twice: all equal
    } else {
        code = s.n_left == 1   ? R::dice_code(0, 0, s.left[0])
               : s.n_left == 2 ? R::dice_code(0, s.left[0], s.left[1])
                               : R::dice_code(s.left[0], s.left[1], s.left[2]);
    }
    return (o.combine_dice ? table.combined : table.single)[code];
}

// Bit p set where `counts[p] > floor` (p 0..39), eight counts at a time: a byte is above
// `floor` (0 or 1) exactly when its bits above the floor are not all zero.
[[gnu::always_inline]] inline uint64_t mask_above(const std::array<uint8_t, 40> &counts, int floor) {
#if defined(__SSE2__)
    // Sixteen counts a compare (the third overlaps the second; counts are at most 15, so a
    // signed compare is exact): a tenth of the instructions of the words below, twice a ply.
    const __m128i above = _mm_set1_epi8(static_cast<char>(floor));
    const auto bits_at = [&](int at) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(counts.data() + at));
        return static_cast<uint64_t>(static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmpgt_epi8(v, above)))) << at;
    };
    return bits_at(0) | bits_at(16) | bits_at(24);
#else
    constexpr uint64_t low7 = 0x7F7F7F7F7F7F7F7Full;
    const uint64_t keep = floor == 0 ? ~uint64_t{0} : 0xFEFEFEFEFEFEFEFEull;
    uint64_t mask = 0;
    for (int word = 0; word < 5; ++word) {
        uint64_t w;
        std::memcpy(&w, counts.data() + 8 * word, 8);
        w &= keep;
        const uint64_t nonzero = (((w & low7) + low7) | w) & ~low7;  // top bit of each non-zero byte
        mask |= (((nonzero >> 7) * 0x0102040810204080ull) >> 56) << (8 * word);
    }
    return mask;
#endif
}

// The bits 13..36 of `m` in reverse order (bit k to bit 49 - k): one player's cells in the
// other's progress on the outer rows of Murray's and Ludii's tracks.
[[gnu::always_inline]] inline uint64_t mirror_outer(uint64_t m) {
    static const std::array<uint8_t, 256> reversed = [] {
        std::array<uint8_t, 256> r{};
        for (int i = 0; i < 256; ++i)
            for (int b = 0; b < 8; ++b)
                if (i & (1 << b)) r[i] |= static_cast<uint8_t>(1 << (7 - b));
        return r;
    }();
    const uint64_t outer = m >> 13;  // bits 0..23: progress 13..36
    const uint64_t rev = (uint64_t{reversed[outer & 0xFF]} << 16) | (uint64_t{reversed[(outer >> 8) & 0xFF]} << 8) |
                         reversed[(outer >> 16) & 0xFF];
    return (m & entry_mask) | (rev << 13);
}

// Cells 1..36 of the mover's track that it may land on: not held by two or more opposing pieces.
[[gnu::always_inline]] inline uint64_t open_cells(const XiiOptions &o, const S &s) {
    uint64_t closed = mask_above(s.count[1 - s.to_move], 1) & cells_mask;
    if (o.mirror_paths) closed = mirror_outer(closed);
    return cells_mask & ~closed;
}

// Bearing off: allowed when no piece (in hand, captured, or on the track) is before home_start.
bool may_bear_off(const XiiOptions &o, uint64_t occupied) {
    return o.home_start == 0 || (occupied & ((bit(o.home_start) - 1) | bit(S::bar))) == 0;
}

// Everything the step generator needs about the position, computed once per position.
struct StepContext {
    const Uses *uses = nullptr;
    uint64_t sources = 0;   // progress the mover may move a piece from (0..36; bar separately)
    bool from_bar = false;  // only the captured pieces may move (Murray, Ludii)
    uint64_t open = 0;
    uint64_t inside = 0;  // where a step may land (the open cells, or the entry board)
    bool bear = false;
};

[[gnu::always_inline]] inline StepContext context_of(const XiiOptions &o, const S &s) {
    StepContext c;
    c.uses = &dice_uses(o, s);
    const auto &mine = s.count[s.to_move];
    c.open = open_cells(o, s);
    c.inside = c.open;
    if (mine[S::bar] > 0) {
        c.from_bar = true;  // a captured piece re-enters before any other piece moves
        return c;
    }
    if (o.enter_all_first && mine[S::hand] > 0) {
        // Entering, or moving on a piece moved this turn inside the entry board.
        c.sources = bit(S::hand);
        for (int q = 1; q <= S::entry_cells; ++q)
            if (s.moved[q] > 0) c.sources |= bit(q);
        c.inside = c.open & entry_mask;
        return c;
    }
    const uint64_t occupied = mask_above(mine, 0);
    c.sources = occupied & (cells_mask | bit(S::hand));
    c.bear = may_bear_off(o, occupied);
    return c;
}

// The smallest die still to play that is at least `distance` (0 if none): the die a
// TabletopGames bear-off uses.
int smallest_die_at_least(const S &s, int distance) {
    for (int i = 0; i < s.n_left; ++i)
        if (s.left[i] >= distance) return s.left[i];
    return 0;
}

// Calls f(action) for every legal step (not pass); stops early when f returns true.
template <class F>
[[gnu::always_inline]] inline bool for_each_step(const XiiOptions &o, const S &s, const StepContext &c, F &&f) {
    for (int u = 0; u < c.uses->n; ++u) {
        const int v = c.uses->use[u].value, code = c.uses->use[u].code;
        if (c.from_bar) {
            if (v <= S::last_cell && (c.open & bit(v)) && f(R::make_action(code, S::bar, v))) return true;
            continue;
        }
        for (uint64_t targets = (c.sources << v) & c.inside; targets; targets &= targets - 1) {
            const int to = std::countr_zero(targets);
            if (f(R::make_action(code, to - v, to))) return true;
        }
        if (c.bear && o.exact_bear_off && v <= S::off - 1 && (c.sources & bit(S::off - v)) &&
            f(R::make_action(code, S::off - v, S::off)))
            return true;
    }
    if (c.bear && !o.exact_bear_off) {
        // One bear-off per cell within reach of the highest die, with the smallest die that reaches.
        const int highest = s.left[s.n_left - 1];
        for (int from = S::off - highest; from <= S::last_cell; ++from)
            if (c.sources & bit(from))
                if (f(R::make_action(R::dice_code(0, 0, smallest_die_at_least(s, S::off - from)), from, S::off)))
                    return true;
    }
    return false;
}

[[gnu::always_inline]] inline int count_steps(const XiiOptions &o, const S &s, const StepContext &c) {
    // Popcounts where the steps are plain shifts; the rest one by one.
    int n = 0;
    for (int u = 0; u < c.uses->n; ++u) {
        const int v = c.uses->use[u].value;
        if (c.from_bar) {
            n += v <= S::last_cell && (c.open & bit(v));
            continue;
        }
        n += bits_in((c.sources << v) & c.inside);
        n += c.bear && o.exact_bear_off && v <= S::off - 1 && (c.sources & bit(S::off - v)) != 0;
    }
    if (c.bear && !o.exact_bear_off) {
        const int highest = s.left[s.n_left - 1];
        n += bits_in(c.sources & cells_mask & ~(bit(S::off - highest) - 1));
    }
    return n;
}

}  // namespace

void XiiScriptaRules::legal_actions(const Options &o, const State &s, std::vector<Action> &out) {
    const StepContext c = context_of(o, s);
    const size_t before = out.size();
    for_each_step(o, s, c, [&](Action a) {
        out.push_back(a);
        return false;
    });
    if (out.size() == before) out.push_back(pass_action);
}

bool XiiScriptaRules::is_legal(const Options &o, const State &s, Action a) {
    const StepContext c = context_of(o, s);
    bool any = false, found = false;
    for_each_step(o, s, c, [&](Action step) {
        any = true;
        found = step == a;
        return found;
    });
    return a == pass_action ? !any : found;
}

// Built twice, for CPUs with and without the popcnt instruction (chosen when the library loads).
LUDUS_POPCNT_CLONES_CALLED_ELSEWHERE Action XiiScriptaRules::random_action(const Options &o, const State &s, Rng &rng) {
    const StepContext c = context_of(o, s);
    const int n = count_steps(o, s, c);
    if (n == 0) return pass_action;
    int k = static_cast<int>(rng.below(static_cast<uint32_t>(n)));
    Action chosen = pass_action;
    for_each_step(o, s, c, [&](Action a) {
        if (k-- != 0) return false;
        chosen = a;
        return true;
    });
    return chosen;
}

}  // namespace ludus
