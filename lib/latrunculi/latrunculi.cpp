#include "latrunculi.hpp"

#include <algorithm>

#include "../json_util.hpp"
#include "../position_envelope.hpp"
#include "../rng.hpp"
#include "../squares.hpp"
#include "schaedler.hpp"

namespace ludus {

namespace {

using Kind = OptionSpec::Kind;

// The rulesets, with the source of each (docs/rules/latrunculi.md gives rule by rule).
// Built on first use: other files' statics may ask for them before this file's are made.
const std::vector<LatrunculiRuleset> &all_rulesets() {
    static const std::vector<LatrunculiRuleset> rulesets = {
    // id, name, source, rows, cols, men, dux, rook, dux_jumps, dux_capturable, dux_immobilised_loses,
    // corner_square_hostile, corner_taken_by_two, placed_per_turn, extra_move, quiet_limit, stalemate_by_captures
    {"kowalski", "Kowalski 8x12",
     "W. J. Kowalski, Roman board games: Latrunculi (web pages, archived 2008); Ludii 'Kowalski 8x12'", 8, 12, 12, true, true,
     false, false, true, false, true, 0, false, 0, true},
    {"kowalski_10x11", "Kowalski 10x11", "Ludii's 'Kowalski 10x11' (Ludus Latrunculorum.lud 1.3.10), after W. J. Kowalski", 10, 11,
     10, true, true, false, false, true, false, true, 0, false, 0, true},
    {"bell", "Bell 8x8", "R. C. Bell, Board and Table Games from Many Civilizations (rev. 1979), p. 86; Ludii 'Bell 8x8'", 8, 8, 16,
     true, false, true, true, false, true, false, 2, true, 30, false},
    {"bell_8x7", "Bell 8x7", "R. C. Bell, Board and Table Games from Many Civilizations (rev. 1979), p. 86; Ludii 'Bell 8x7'", 8, 7,
     16, true, false, true, true, false, true, false, 2, true, 30, false},
    {"quintana", "Museum Quintana", "placard of the Museum Quintana, Kuenzing; Ludii 'Museum Quintana'", 8, 8, 16, false, true,
     false, false, false, false, false, 0, false, 0, false},
    };
    return rulesets;
}

// Keys of a man (kind 0) or dux (kind 1) of a player on a square.
constexpr auto piece_keys = [] {
    std::array<uint64_t, 4 * 128> t{};
    for (size_t i = 0; i < t.size(); ++i) t[i] = mix64(0x1A7500ull + i);
    return t;
}();
uint64_t piece_key(int sq, int player, bool dux) { return piece_keys[4 * sq + 2 * player + (dux ? 1 : 0)]; }
constexpr uint64_t side_key = mix64(0x51DE1A7);
uint64_t again_key(int sq) { return mix64(0xA6A1000ull + static_cast<uint64_t>(sq)); }

template <class BB>
void fill_masks(LatrunculiMasks<BB> &m, int rows, int cols) {
    for (int rank = 0; rank < rows; ++rank)
        for (int file = 0; file < cols; ++file) {
            const int sq = rank * cols + file;
            m.board |= bits::one<BB>(sq);
            if (file > 0) m.not_first_file |= bits::one<BB>(sq);
            if (file < cols - 1) m.not_last_file |= bits::one<BB>(sq);
            if ((rank == 0 || rank == rows - 1) && (file == 0 || file == cols - 1)) m.corners |= bits::one<BB>(sq);
            if (rank > 0) m.neighbours[sq] |= bits::one<BB>(sq - cols);
            if (rank < rows - 1) m.neighbours[sq] |= bits::one<BB>(sq + cols);
            if (file > 0) m.neighbours[sq] |= bits::one<BB>(sq - 1);
            if (file < cols - 1) m.neighbours[sq] |= bits::one<BB>(sq + 1);
            for (int r = rank + 1; r < rows; ++r) m.rays[0][sq] |= bits::one<BB>(r * cols + file);
            for (int r = rank - 1; r >= 0; --r) m.rays[1][sq] |= bits::one<BB>(r * cols + file);
            for (int f = file - 1; f >= 0; --f) m.rays[2][sq] |= bits::one<BB>(rank * cols + f);
            for (int f = file + 1; f < cols; ++f) m.rays[3][sq] |= bits::one<BB>(rank * cols + f);
        }
    m.rank_doublings = std::bit_width(static_cast<unsigned>(rows - 1));
    m.file_doublings = std::bit_width(static_cast<unsigned>(cols - 1));
}

// One orthogonal step of every square of `b` in direction d (0 up, 1 down, 2 left, 3 right);
// steps off the board vanish.
template <class BB>
inline BB shift(const LatrunculiMasks<BB> &m, int cols, BB b, int d) {
    switch (d) {
    case 0: return (b << cols) & m.board;
    case 1: return b >> cols;
    case 2: return (b >> 1) & m.not_last_file;
    default: return (b << 1) & m.not_first_file;
    }
}
constexpr int opposite(int d) { return d ^ 1; }

// A sliding fill of `doublings` steps (at most 7 on a board of 128 squares), unrolled.
template <class BB, class Shift>
[[gnu::always_inline]] inline BB fill(int doublings, BB from, BB open, int step, Shift shift) {
    switch (doublings) {
    case 1: return bitboard::slide<1>(from, open, step, shift);
    case 2: return bitboard::slide<2>(from, open, step, shift);
    case 3: return bitboard::slide<3>(from, open, step, shift);
    case 4: return bitboard::slide<4>(from, open, step, shift);
    case 5: return bitboard::slide<5>(from, open, step, shift);
    case 6: return bitboard::slide<6>(from, open, step, shift);
    default: return bitboard::slide<7>(from, open, step, shift);
    }
}

// The empty squares reached from `from` sliding in direction d (Kogge-Stone fills; sideways,
// the squares a shift would wrap onto are not open).
template <class BB>
[[gnu::always_inline]] inline BB slide(const LatrunculiMasks<BB> &m, int cols, BB from, BB empty, int d) {
    const auto left = [](BB x, int n) { return x << n; };
    const auto right = [](BB x, int n) { return x >> n; };
    switch (d) {
    case 0: return fill(m.rank_doublings, from, empty, cols, left);
    case 1: return fill(m.rank_doublings, from, empty, cols, right);
    case 2: return fill(m.file_doublings, from, empty & m.not_last_file, 1, right);
    default: return fill(m.file_doublings, from, empty & m.not_first_file, 1, left);
    }
}

// The empty squares the pieces on `from` move to in direction d: a slide for rook moves, else
// one step.
template <class BB>
[[gnu::always_inline]] inline BB moves_towards(const LatrunculiOptions &o, const LatrunculiMasks<BB> &m, BB from, BB empty, int d) {
    return o.rules->rook_moves ? slide(m, o.cols, from, empty, d) : shift(m, o.cols, from, d) & empty;
}

// Every move of the player to move, as sets: the landing squares per direction (each landing
// square of a direction comes from exactly one piece: the nearest behind it), the dux's jumps,
// the pass that declines an extra move, or the squares to place a piece on.
template <class BB>
struct MoveSets {
    std::array<BB, 4> landing{};
    std::array<BB, 4> jump{};  // the dux's landing square per direction
    int dux_square = -1;
    bool pass = false;
    BB place = 0;
};

template <class BB>
[[gnu::always_inline]] inline MoveSets<BB> move_sets(const LatrunculiOptions &o, const LatrunculiStateT<BB> &s) {
    const LatrunculiMasks<BB> &m = o.masks<BB>();
    const LatrunculiRuleset &r = *o.rules;
    MoveSets<BB> ms;
    const BB empty = m.board & ~s.occupied();
    if (s.placing()) {
        ms.place = empty;
        return ms;
    }
    const int p = s.to_move;
    const BB movable = s.again >= 0 ? bits::one<BB>(s.again) : s.pieces(p);
    for (int d = 0; d < 4; ++d) ms.landing[d] = moves_towards(o, m, movable, empty, d);
    if (r.dux_jumps) {
        const BB dux = s.dux[p] & movable;
        if (dux != 0) {
            ms.dux_square = bits::lowest(dux);
            for (int d = 0; d < 4; ++d) ms.jump[d] = shift(m, o.cols, shift(m, o.cols, dux, d) & s.pieces(1 - p), d) & empty;
        }
    }
    ms.pass = s.again >= 0;
    return ms;
}

// The square of the piece that lands on `to` moving in direction d: the nearest behind it.
template <class BB>
[[gnu::always_inline]] inline int origin(const LatrunculiOptions &o, const LatrunculiStateT<BB> &s, int to, int d) {
    const BB behind = o.masks<BB>().rays[opposite(d)][to] & s.occupied();
    return d == 0 || d == 3 ? bits::highest(behind) : bits::lowest(behind);
}

template <class BB>
bool any_step(const LatrunculiOptions &o, const LatrunculiStateT<BB> &s, int player) {
    const LatrunculiMasks<BB> &m = o.masks<BB>();
    const BB empty = m.board & ~s.occupied(), own = s.pieces(player);
    for (int d = 0; d < 4; ++d)
        if ((shift(m, o.cols, own, d) & empty) != 0) return true;
    if (o.rules->dux_jumps && s.dux[player] != 0)
        for (int d = 0; d < 4; ++d)
            if ((shift(m, o.cols, shift(m, o.cols, s.dux[player], d) & s.pieces(1 - player), d) & empty) != 0) return true;
    return false;
}

Result win_of(int player) { return player == 0 ? Result::player0_won : Result::player1_won; }

std::string ruleset_description() {
    std::string text = "the reconstruction played:";
    for (const LatrunculiRuleset &r : all_rulesets())
        text += " \"" + std::string(r.id) + "\" (" + std::string(r.name) + "; " + std::string(r.source) + ");";
    for (const SchaedlerRuleset &r : schaedler_rulesets())
        text += " \"" + std::string(r.id) + "\" (" + std::string(r.name) + "; " + std::string(r.source) + ");";
    text.back() = '.';
    return text;
}

}  // namespace

const std::vector<LatrunculiRuleset> &latrunculi_rulesets() { return all_rulesets(); }

template <class BB>
const std::vector<OptionSpec> &LatrunculiRulesT<BB>::option_specs() {
    static const std::vector<OptionSpec> specs = [] {
        std::vector<json> ids;
        for (const LatrunculiRuleset &r : all_rulesets()) ids.emplace_back(std::string(r.id));
        for (const SchaedlerRuleset &r : schaedler_rulesets()) ids.emplace_back(std::string(r.id));
        return std::vector<OptionSpec>{
            {"ruleset", Kind::choice, "kowalski", 0, 0, ids, ruleset_description()},
            {"seed", Kind::seed, nullptr, 0, 0, {}, "seed of the game's random generator; drawn from the operating system if absent"},
            {"draw_plies_without_capture", Kind::integer, 0, 0, 100000, {},
             "draw after this many moves in a row without a capture (0 = off; 1..100000); not a rule of any source"},
            {"draw_repetitions", Kind::integer, 0, 0, 100, {}, "draw when one position occurs this many times (0 = off; 2..100)"},
            {"pieces", Kind::integer, 0, 0, 24, {},
             "pieces each player places (0 = the ruleset's number; 16..24, as the players agree, in \"schaedler_2001\" only)"},
        };
    }();
    return specs;
}

template <class BB>
LatrunculiOptions LatrunculiRulesT<BB>::parse_options(const json &given) {
    Options o;
    o.resolved = resolve_options(option_specs(), given);
    const std::string id = o.resolved["ruleset"].get<std::string>();
    for (const LatrunculiRuleset &r : all_rulesets())
        if (r.id == id) o.rules = &r;
    if (o.rules == nullptr) fail(Status::invalid_option, "option \"ruleset\": \"" + id + "\" is played by SchaedlerRules");
    if (o.resolved["pieces"].get<int>() != 0)
        fail(Status::invalid_option, "option \"pieces\": the " + std::string(o.rules->name) + " ruleset has a fixed number of pieces (0 only)");
    o.resolved.erase("pieces");  // Schaedler's alone: these rulesets save their options as before
    o.rows = o.rules->rows;
    o.cols = o.rules->cols;
    o.draw_plies_without_capture = o.resolved["draw_plies_without_capture"].get<int>();
    o.draw_repetitions = o.resolved["draw_repetitions"].get<int>();
    if (o.draw_repetitions == 1) fail(Status::invalid_option, "option \"draw_repetitions\": 1 is outside 0 (off) or 2..100");
    const int top = (o.rows - 1) * o.cols;
    o.corners = {0, o.cols - 1, top, top + o.cols - 1};
    o.corner_neighbours = {{{1, o.cols}, {o.cols - 2, 2 * o.cols - 1}, {top + 1, top - o.cols}, {top + o.cols - 2, top - 1}}};
    if (o.rows * o.cols <= 64) fill_masks(o.m64, o.rows, o.cols);
    fill_masks(o.m128, o.rows, o.cols);
    return o;
}

template <class BB>
LatrunculiStateT<BB> LatrunculiRulesT<BB>::initial(const Options &o) {
    const LatrunculiRuleset &r = *o.rules;
    State s;
    s.rng.state = o.resolved["seed"].get<uint64_t>();
    if (r.placed_per_turn > 0) {
        s.men_in_hand = {static_cast<uint8_t>(r.men), static_cast<uint8_t>(r.men)};
        s.dux_in_hand = {r.dux, r.dux};
        return s;
    }
    const int top = (o.rows - 1) * o.cols;
    if (!r.dux) {  // two full ranks each (Museum Quintana)
        for (int f = 0; f < o.cols; ++f) {
            s.men[0] |= bits::one<BB>(f) | bits::one<BB>(o.cols + f);
            s.men[1] |= bits::one<BB>(top + f) | bits::one<BB>(top - o.cols + f);
        }
    } else if (o.cols % 2 == 0) {
        // Kowalski 8x12: the men fill the first rank, the dux stands on the second just right
        // of the centre line from its owner's side.
        for (int f = 0; f < o.cols; ++f) s.men[0] |= bits::one<BB>(f), s.men[1] |= bits::one<BB>(top + f);
        s.dux[0] = bits::one<BB>(o.cols + o.cols / 2);
        s.dux[1] = bits::one<BB>(top - o.cols + o.cols / 2 - 1);
    } else {
        // Kowalski 10x11 (Ludii): the dux in the middle of the first rank, five men each side.
        for (int f = 0; f < o.cols; ++f) {
            BB &men0 = f == o.cols / 2 ? s.dux[0] : s.men[0];
            BB &men1 = f == o.cols / 2 ? s.dux[1] : s.men[1];
            men0 |= bits::one<BB>(f);
            men1 |= bits::one<BB>(top + f);
        }
    }
    for (int p = 0; p < 2; ++p)
        for (int sq = 0; sq < o.rows * o.cols; ++sq)
            if (bits::test(s.pieces(p), sq)) s.key ^= piece_key(sq, p, bits::test(s.dux[p], sq));
    return s;
}

template <class BB>
void LatrunculiRulesT<BB>::legal_actions(const Options &o, const State &s, std::vector<Action> &out) {
    const MoveSets<BB> ms = move_sets(o, s);
    for (BB b = ms.place; b != 0; b &= b - 1) out.push_back(place_base + bits::lowest(b));
    for (int d = 0; d < 4; ++d)
        for (BB b = ms.landing[d]; b != 0; b &= b - 1) {
            const int to = bits::lowest(b);
            out.push_back(origin(o, s, to, d) * stride + to);
        }
    for (int d = 0; d < 4; ++d)
        if (ms.jump[d] != 0) out.push_back(ms.dux_square * stride + bits::lowest(ms.jump[d]));
    if (ms.pass) out.push_back(pass);
}

namespace {

// The r-th move in the order of legal_actions, r uniform, without listing them.
template <class BB>
[[gnu::always_inline]] inline Action random_move(const LatrunculiOptions &o, const LatrunculiStateT<BB> &s, Rng &rng) {
    using R = LatrunculiRulesT<BB>;
    const MoveSets<BB> ms = move_sets(o, s);
    if (ms.place != 0) return R::place_base + bits::select(ms.place, static_cast<int>(rng.below(static_cast<uint32_t>(bits::popcount(ms.place)))));
    std::array<int, 4> counts{};
    int total = ms.pass ? 1 : 0;
    for (int d = 0; d < 4; ++d) total += counts[d] = bits::popcount(ms.landing[d]) + (ms.jump[d] != 0 ? 1 : 0);
    int n = static_cast<int>(rng.below(static_cast<uint32_t>(total)));
    for (int d = 0; d < 4; ++d) {
        if (n >= counts[d]) {
            n -= counts[d];
            continue;
        }
        if (n == counts[d] - 1 && ms.jump[d] != 0) return ms.dux_square * R::stride + bits::lowest(ms.jump[d]);
        const int to = bits::select(ms.landing[d], n);
        return origin(o, s, to, d) * R::stride + to;
    }
    return R::pass;
}

// Built twice, for CPUs with and without the popcnt instruction (chosen when the library loads).
LUDUS_POPCNT_CLONES_CALLED_ELSEWHERE Action random_move_64(const LatrunculiOptions &o, const LatrunculiStateT<uint64_t> &s, Rng &rng) {
    return random_move(o, s, rng);
}
LUDUS_POPCNT_CLONES_CALLED_ELSEWHERE Action random_move_128(const LatrunculiOptions &o, const LatrunculiStateT<u128> &s, Rng &rng) {
    return random_move(o, s, rng);
}

}  // namespace

template <class BB>
Action LatrunculiRulesT<BB>::random_action(const Options &o, const State &s, Rng &rng) {
    if constexpr (sizeof(BB) == 8) return random_move_64(o, s, rng);
    else return random_move_128(o, s, rng);
}

template <class BB>
bool LatrunculiRulesT<BB>::has_legal_move(const Options &o, const State &s, int player) {
    if (s.placing()) return true;  // there are always empty squares to place on
    if (s.again >= 0 && player == s.to_move) return true;  // the extra move may be declined
    return any_step(o, s, player);
}

template <class BB>
BB LatrunculiRulesT<BB>::captures_of(const Options &o, const State &s, Action a) {
    if (a >= place_base) return 0;  // placing and passing never capture
    const LatrunculiMasks<BB> &m = o.masks<BB>();
    const LatrunculiRuleset &r = *o.rules;
    const int from = a / stride, to = a % stride, p = s.to_move, e = 1 - p;
    const BB moved = bits::one<BB>(to);
    BB flankers = (s.pieces(p) & ~bits::one<BB>(from)) | moved;
    if (r.corner_square_hostile) flankers |= m.corners & ~((s.occupied() & ~bits::one<BB>(from)) | moved);
    const BB victims = s.men[e] | (r.dux_capturable ? s.dux[e] : BB{0});
    BB captured = 0;
    for (int d = 0; d < 4; ++d) captured |= shift(m, o.cols, moved, d) & victims & shift(m, o.cols, flankers, opposite(d));
    if (r.corner_taken_by_two && (moved & m.corners) == 0) {
        for (int c = 0; c < 4; ++c) {
            if (!bits::test(s.men[e], o.corners[c])) continue;
            const auto [n0, n1] = o.corner_neighbours[c];
            if ((to == n0 && bits::test(flankers, n1)) || (to == n1 && bits::test(flankers, n0))) captured |= bits::one<BB>(o.corners[c]);
        }
    }
    return captured;
}

template <class BB>
BB LatrunculiRulesT<BB>::capture_landings(const Options &o, const State &s) {
    const LatrunculiMasks<BB> &m = o.masks<BB>();
    const int e = 1 - s.to_move;
    const BB victims = s.men[e] | (o.rules->dux_capturable ? s.dux[e] : BB{0});
    BB landings = 0;
    for (int d = 0; d < 4; ++d) landings |= shift(m, o.cols, victims, d);
    return landings;
}

template <class BB>
int LatrunculiRulesT<BB>::mobility(const Options &o, const State &s, int player) {
    const LatrunculiMasks<BB> &m = o.masks<BB>();
    const BB empty = m.board & ~s.occupied(), own = s.pieces(player);
    int n = 0;
    for (int d = 0; d < 4; ++d) n += bits::popcount(moves_towards(o, m, own, empty, d));
    return n;
}

template <class BB>
BB LatrunculiRulesT<BB>::reach(const Options &o, BB from, BB empty) {
    const LatrunculiMasks<BB> &m = o.masks<BB>();
    BB to = 0;
    for (int d = 0; d < 4; ++d) to |= moves_towards(o, m, from, empty, d);
    return to;
}

template <class BB>
bool LatrunculiRulesT<BB>::dux_immobilised(const Options &o, const State &s, int player) {
    if (s.dux[player] == 0) return false;
    const BB around = o.masks<BB>().neighbours[bits::lowest(s.dux[player])];
    return (around & ~s.occupied()) == 0 && (around & s.pieces(1 - player)) != 0;
}

namespace {

// The end of a turn: the other player moves, unless the game ends. Wins before draws.
template <class R, class BB>
void next_turn(const LatrunculiOptions &o, LatrunculiStateT<BB> &s) {
    const LatrunculiRuleset &r = *o.rules;
    const int mover = s.to_move, other = 1 - mover;
    s.to_move = static_cast<uint8_t>(other);
    s.key ^= side_key;
    if (!R::has_legal_move(o, s, other)) {
        if (r.stalemate_by_captures) {
            // Kowalski: more captured enemy men wins (both began with the same number).
            const int taken_by_mover = r.men - bits::popcount(s.men[other]), taken_by_other = r.men - bits::popcount(s.men[mover]);
            end_game(s, taken_by_mover > taken_by_other ? win_of(mover) : taken_by_other > taken_by_mover ? win_of(other) : Result::draw,
                     EndReason::no_moves);
        } else {
            end_game(s, win_of(mover), EndReason::no_moves);  // a player who cannot move loses
        }
        return;
    }
    if (s.placing()) return;
    if (r.quiet_moves_limit > 0 && s.plies_without_capture >= static_cast<uint32_t>(r.quiet_moves_limit)) {
        // Bell: the game ends, the player with more pieces on the board wins.
        const int n0 = bits::popcount(s.pieces(0)), n1 = bits::popcount(s.pieces(1));
        end_game(s, n0 > n1 ? Result::player0_won : n1 > n0 ? Result::player1_won : Result::draw, EndReason::quiet_moves);
    } else if (o.draw_plies_without_capture > 0 && s.plies_without_capture >= static_cast<uint32_t>(o.draw_plies_without_capture)) {
        end_game(s, Result::draw, EndReason::plies_without_capture);
    }
}

template <class R, class BB>
void place(const LatrunculiOptions &o, LatrunculiStateT<BB> &s, int sq) {
    const int p = s.to_move;
    if (s.men_in_hand[p] > 0) {
        s.men[p] |= bits::one<BB>(sq);
        --s.men_in_hand[p];
        s.key ^= piece_key(sq, p, false);
        if (++s.placed_this_turn < o.rules->placed_per_turn && s.men_in_hand[p] > 0) return;  // the second man of the turn
    } else {
        s.dux[p] |= bits::one<BB>(sq);  // the dux comes last
        --s.dux_in_hand[p];
        s.key ^= piece_key(sq, p, true);
    }
    s.placed_this_turn = 0;
    next_turn<R>(o, s);
}

}  // namespace

template <class BB>
void LatrunculiRulesT<BB>::apply(const Options &o, State &s, Action a) {
    if (a >= place_base) {
        if (a == pass) {
            s.key ^= again_key(s.again);
            s.again = -1;
            next_turn<LatrunculiRulesT>(o, s);
        } else {
            place<LatrunculiRulesT>(o, s, a - place_base);
        }
        return;
    }
    const LatrunculiRuleset &r = *o.rules;
    const int from = a / stride, to = a % stride, p = s.to_move, e = 1 - p;
    const BB captured = captures_of(o, s, a);
    const bool dux = bits::test(s.dux[p], from);
    BB &mine = dux ? s.dux[p] : s.men[p];
    mine = (mine & ~bits::one<BB>(from)) | bits::one<BB>(to);
    s.key ^= piece_key(from, p, dux) ^ piece_key(to, p, dux);
    for (BB b = captured; b != 0; b &= b - 1) {
        const int sq = bits::lowest(b);
        const bool was_dux = bits::test(s.dux[e], sq);
        (was_dux ? s.dux[e] : s.men[e]) &= ~bits::one<BB>(sq);
        s.key ^= piece_key(sq, e, was_dux);
    }
    if (s.again >= 0) s.key ^= again_key(s.again), s.again = -1;
    s.plies_without_capture = captured != 0 ? 0 : s.plies_without_capture + 1;

    if (s.pieces(e) == 0) {  // every enemy piece captured
        end_game(s, win_of(p), EndReason::all_captured);
        return;
    }
    if (r.dux_immobilised_loses) {
        if (dux_immobilised(o, s, e)) {
            end_game(s, win_of(p), EndReason::dux_immobilised);
            return;
        }
        if (dux_immobilised(o, s, p)) {  // the mover shut its own dux in beside an enemy
            end_game(s, win_of(e), EndReason::dux_immobilised);
            return;
        }
    }
    if (r.extra_move_after_capture && captured != 0) {
        s.again = static_cast<int8_t>(to);  // the capturing piece moves again (or passes)
        s.key ^= again_key(to);
        return;
    }
    next_turn<LatrunculiRulesT>(o, s);
}

template <class BB>
std::string LatrunculiRulesT<BB>::square_name(const Options &o, int square) {
    return squares::name(o.cols, square);
}

template <class BB>
std::string LatrunculiRulesT<BB>::action_text(const Options &o, Action a) {
    if (a == pass) return "pass";
    if (a >= place_base) return square_name(o, a - place_base);
    return square_name(o, a / stride) + "-" + square_name(o, a % stride);
}

template <class BB>
Action LatrunculiRulesT<BB>::parse_action(const Options &o, std::string_view text) {
    if (text == "pass") return pass;
    size_t pos = 0;
    const int from = squares::read(o.rows, o.cols, text, pos);
    if (from >= 0 && pos == text.size()) return place_base + from;
    const bool dash = pos < text.size() && text[pos] == '-';
    pos += dash ? 1 : 0;
    const int to = dash ? squares::read(o.rows, o.cols, text, pos) : -1;
    if (from < 0 || to < 0 || pos != text.size())
        fail(Status::invalid_move, json_util::quote(text) + " is not a move: write FROM-TO (such as b2-b5), a square to place a piece on (such as c4), or pass, with squares of the " +
                                       std::to_string(o.rows) + "x" + std::to_string(o.cols) + " board");
    return from * stride + to;
}

template <class BB>
json LatrunculiRulesT<BB>::action_json(const Options &o, const State &s, Action a) {
    json j{{"text", action_text(o, a)}, {"action", a}, {"player", s.to_move}};
    if (a == pass) {
        add_move_fields(j, {"pass", "", "", {}, 0});
        j["captures"] = json::array();
        j["again"] = false;
        return j;
    }
    if (a >= place_base) {
        j["piece"] = s.men_in_hand[s.to_move] > 0 ? "man" : "dux";
        j["to"] = square_name(o, a - place_base);
        add_move_fields(j, {"place", "", square_name(o, a - place_base), {}, 0});
        j["captures"] = json::array();
        j["again"] = false;
        return j;
    }
    const BB captured = captures_of(o, s, a);
    std::vector<std::string> captures;
    for (BB b = captured; b != 0; b &= b - 1) captures.push_back(square_name(o, bits::lowest(b)));
    j["piece"] = s.is_dux(a / stride) ? "dux" : "man";
    j["from"] = square_name(o, a / stride);
    j["to"] = square_name(o, a % stride);
    j["captures"] = captures;
    add_move_fields(j, {"move", square_name(o, a / stride), square_name(o, a % stride), captures, static_cast<int>(captures.size())});
    State after = s;
    apply(o, after, a);
    j["again"] = after.again >= 0;
    return j;
}

namespace {
constexpr char man_char[2] = {'0', '1'};
constexpr char dux_char[2] = {'D', 'd'};
}  // namespace

template <class BB>
json LatrunculiRulesT<BB>::position_json(const Options &o, const State &s) {
    const auto square_char = [&](int sq) {
        const int c = s.owner(sq);
        return c < 0 ? '.' : s.is_dux(sq) ? dux_char[c] : man_char[c];
    };
    return with_envelope(s, phase(s),
                         {{"ranks", ranks_json(o.rows, o.cols, square_char)},
                          {"men", {bits::popcount(s.men[0]), bits::popcount(s.men[1])}},
                          {"duxes", {bits::popcount(s.dux[0]), bits::popcount(s.dux[1])}},
                          {"men_in_hand", {s.men_in_hand[0], s.men_in_hand[1]}},
                          {"dux_in_hand", {s.dux_in_hand[0], s.dux_in_hand[1]}},
                          {"placed_this_turn", s.placed_this_turn},
                          {"again", s.again >= 0 ? json(square_name(o, s.again)) : json(nullptr)},
                          {"plies_without_capture", s.plies_without_capture}});
}

template <class BB>
LatrunculiStateT<BB> LatrunculiRulesT<BB>::position_from_json(const Options &o, const json &j, const std::string &field) {
    using json_util::member;
    using json_util::path;
    const LatrunculiRuleset &r = *o.rules;
    json_util::only_keys(j, {"ranks", "men", "duxes", "men_in_hand", "dux_in_hand", "placed_this_turn", "again", "to_move", "phase", "result",
                             "end_reason", "plies_without_capture", "rng"},
                         field);
    State s;
    const json &ranks = member(j, "ranks", field, json::value_t::array);
    if (ranks.size() != static_cast<size_t>(o.rows))
        fail(Status::invalid_state, path(field, "ranks") + ": the board has " + std::to_string(o.rows) + " ranks, not " + std::to_string(ranks.size()));
    for (int rank = 0; rank < o.rows; ++rank) {
        const std::string where = path(field, "ranks") + "[" + std::to_string(rank) + "]";
        if (!ranks[rank].is_string()) fail(Status::invalid_state, where + ": must be a string");
        const std::string line = ranks[rank].get<std::string>();
        if (line.size() != static_cast<size_t>(o.cols))
            fail(Status::invalid_state, where + ": a rank has " + std::to_string(o.cols) + " squares, not " + std::to_string(line.size()));
        for (int file = 0; file < o.cols; ++file) {
            const char c = line[file];
            const int sq = rank * o.cols + file;
            if (c == '.') continue;
            const int p = c == '0' || c == 'D' ? 0 : c == '1' || c == 'd' ? 1 : -1;
            const bool dux = c == 'D' || c == 'd';
            if (p < 0 || (dux && !r.dux))
                fail(Status::invalid_state, where + ": '" + std::string(1, c) + "' is not " + (r.dux ? "'.', '0', '1', 'D' or 'd'" : "'.', '0' or '1'"));
            if (dux && s.dux[p] != 0) fail(Status::invalid_state, where + ": player " + std::to_string(p) + " has one dux only");
            (dux ? s.dux[p] : s.men[p]) |= bits::one<BB>(sq);
            s.key ^= piece_key(sq, p, dux);
        }
    }
    const std::array<int, 2> men = json_util::pair_member(j, "men", field, r.men), duxes = json_util::pair_member(j, "duxes", field, 1);
    for (int p = 0; p < 2; ++p)
        if (men[p] != bits::popcount(s.men[p]) || duxes[p] != bits::popcount(s.dux[p]))
            fail(Status::invalid_state, path(field, "men") + ": the ranks hold " + std::to_string(bits::popcount(s.men[0])) + " and " +
                                            std::to_string(bits::popcount(s.men[1])) + " men, " + std::to_string(bits::popcount(s.dux[0])) +
                                            " and " + std::to_string(bits::popcount(s.dux[1])) + " duxes");
    const std::array<int, 2> men_hand = json_util::pair_member(j, "men_in_hand", field, r.placed_per_turn > 0 ? r.men : 0);
    const std::array<int, 2> dux_hand = json_util::pair_member(j, "dux_in_hand", field, r.placed_per_turn > 0 && r.dux ? 1 : 0);
    for (int p = 0; p < 2; ++p) {
        s.men_in_hand[p] = static_cast<uint8_t>(men_hand[p]);
        s.dux_in_hand[p] = static_cast<uint8_t>(dux_hand[p]);
        if (men[p] + men_hand[p] > r.men || duxes[p] + dux_hand[p] > (r.dux ? 1 : 0))
            fail(Status::invalid_state, path(field, "men_in_hand") + ": player " + std::to_string(p) + " has more pieces than the " +
                                            std::string(r.name) + " ruleset gives");
        if (s.placing() && (men[p] + men_hand[p] != r.men || duxes[p] + dux_hand[p] != (r.dux ? 1 : 0)))
            fail(Status::invalid_state, path(field, "men_in_hand") + ": nothing is captured while pieces are being placed");
        if (r.dux && !r.dux_capturable && duxes[p] != 1)
            fail(Status::invalid_state, path(field, "duxes") + ": in the " + std::string(r.name) + " ruleset the dux is never captured");
    }
    s.to_move = static_cast<uint8_t>(json_util::integer_member(j, "to_move", field, 0, 1));
    if (s.to_move == 1) s.key ^= side_key;
    s.placed_this_turn = static_cast<uint8_t>(json_util::integer_member(j, "placed_this_turn", field, 0, std::max(0, r.placed_per_turn - 1)));
    if (s.placing() && s.men_in_hand[s.to_move] == 0 && (s.dux_in_hand[s.to_move] == 0 || s.placed_this_turn != 0))
        fail(Status::invalid_state, path(field, "to_move") + ": player " + std::to_string(s.to_move) + " has nothing left to place");
    if (!s.placing() && s.placed_this_turn != 0)
        fail(Status::invalid_state, path(field, "placed_this_turn") + ": no piece is being placed");
    if (!j.contains("again")) fail(Status::invalid_state, path(field, "again") + ": missing");
    const json &again = j["again"];
    if (!again.is_null()) {
        size_t pos = 0;
        const std::string text = again.is_string() ? again.get<std::string>() : "";
        const int sq = squares::read(o.rows, o.cols, text, pos);
        if (!r.extra_move_after_capture || sq < 0 || pos != text.size() || s.owner(sq) != s.to_move || s.placing())
            fail(Status::invalid_state, path(field, "again") + ": must be null, or the square of a piece of the player to move that has just captured");
        s.again = static_cast<int8_t>(sq);
        s.key ^= again_key(sq);
    }
    s.result = result_from_name(member(j, "result", field, json::value_t::string).template get<std::string>(), path(field, "result"));
    if (phase_from_name(member(j, "phase", field, json::value_t::string).template get<std::string>(), path(field, "phase")) != phase(s))
        fail(Status::invalid_state, path(field, "phase") + ": must be \"" + phase_name(phase(s)) + "\" with result \"" + result_name(s.result) + "\"");
    s.end_reason = end_reason_from_json(j, field, s.result);
    s.plies_without_capture = static_cast<uint32_t>(json_util::integer_member(j, "plies_without_capture", field, 0, UINT32_MAX));
    if ((s.placing() || s.again >= 0) && s.plies_without_capture != 0)
        fail(Status::invalid_state, path(field, "plies_without_capture") + ": must be 0 while placing or right after a capture");
    s.rng = rng_from_text(member(j, "rng", field, json::value_t::string).template get<std::string>(), path(field, "rng"));
    if (s.result == Result::ongoing) {
        // An ongoing game must not already meet an end condition (the checks of apply).
        const std::string why = path(field, "result") + ": ";
        for (int p = 0; p < 2; ++p) {
            if (!s.placing() && s.pieces(p) == 0) fail(Status::invalid_state, why + "player " + std::to_string(p) + " has no piece, so the game cannot be ongoing");
            if (r.dux_immobilised_loses && dux_immobilised(o, s, p))
                fail(Status::invalid_state, why + "player " + std::to_string(p) + "'s dux is immobilised, so the game cannot be ongoing");
        }
        if (!has_legal_move(o, s, s.to_move))
            fail(Status::invalid_state, why + "player " + std::to_string(s.to_move) + " to move has no legal move, so the game cannot be ongoing");
        if (s.again < 0 && !s.placing() &&
            ((r.quiet_moves_limit > 0 && s.plies_without_capture >= static_cast<uint32_t>(r.quiet_moves_limit)) ||
             (o.draw_plies_without_capture > 0 && s.plies_without_capture >= static_cast<uint32_t>(o.draw_plies_without_capture))))
            fail(Status::invalid_state, path(field, "plies_without_capture") + ": reaches the limit of moves without a capture, so the game cannot be ongoing");
    }
    return s;
}

template struct LatrunculiRulesT<uint64_t>;
template struct LatrunculiRulesT<u128>;

}  // namespace ludus
