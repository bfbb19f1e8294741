#include "petteia.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

#include "../bitboard.hpp"
#include "../json_util.hpp"
#include "../position_envelope.hpp"
#include "../rng.hpp"
#include "../squares.hpp"

namespace ludus {

namespace {

using Kind = OptionSpec::Kind;
using bitboard::select_bit;
using bitboard::slide;

struct Step {
    int drank, dfile;
};
// Up (towards player 1), down, left, right: the order of move generation and of captures.
constexpr std::array<Step, 4> directions = {{{1, 0}, {-1, 0}, {0, -1}, {0, 1}}};

bool on_board(const PetteiaOptions &o, int rank, int file) { return rank >= 0 && rank < o.rows && file >= 0 && file < o.cols; }

constexpr int stride = CellBoard::max_squares;
int from_of(Action a) { return a / stride; }
int to_of(Action a) { return a % stride; }

std::shared_ptr<const PetteiaBitTables> make_bit_tables(int rows, int cols);
std::shared_ptr<const std::vector<PetteiaFlank>> make_flanks(int rows, int cols);

// Actions the bitboard listing copies a direction at a time: the longest ray, in whole
// multiples of 8.
constexpr int ray_width(int rows, int cols) { return (std::max(rows, cols) - 1 + 7) / 8 * 8; }

// The listing writes at most a ray's width past the last move's place (counts after), which
// must stay inside max_actions = 4 * squares: a side with p pieces has at most p times
// (rows - 1 + cols - 1) moves and at most 4 per empty square.
constexpr bool listing_fits_every_bitboard() {
    for (int rows = 5; rows <= 26; ++rows)
        for (int cols = 3; cols <= 26 && rows * cols <= 64; ++cols) {
            const int squares = rows * cols;
            for (int p = 1; p <= squares; ++p)
                if (std::min(p * (rows + cols - 2), 4 * (squares - p)) + ray_width(rows, cols) > 4 * squares) return false;
        }
    return true;
}
static_assert(listing_fits_every_bitboard());

}  // namespace

template <class Board>
const std::vector<OptionSpec> &PetteiaRulesT<Board>::option_specs() {
    static const std::vector<OptionSpec> specs = {
        {"rows", Kind::integer, 8, 5, 26, {}, "ranks of the board; each player fills the two nearest"},
        {"cols", Kind::integer, 8, 3, 26, {}, "files of the board (a..z)"},
        {"first_player", Kind::choice, 0, 0, 0, {0, 1, "random"}, "who moves first; \"random\" draws lots with the game's generator"},
        {"seed", Kind::seed, nullptr, 0, 0, {}, "seed of the game's random generator; drawn from the operating system if absent"},
        {"draw_plies_without_capture", Kind::integer, 0, 0, 100000, {},
         "draw after this many plies in a row without a capture (0 = off; 1..100000)"},
        {"draw_repetitions", Kind::integer, 0, 0, 100, {}, "draw when one position occurs this many times (0 = off; 2..100)"},
    };
    return specs;
}

template <class Board>
PetteiaOptions PetteiaRulesT<Board>::parse_options(const json &given) {
    Options o;
    o.resolved = resolve_options(option_specs(), given);
    o.rows = o.resolved["rows"].get<int>();
    o.cols = o.resolved["cols"].get<int>();
    o.draw_plies_without_capture = o.resolved["draw_plies_without_capture"].get<int>();
    o.draw_repetitions = o.resolved["draw_repetitions"].get<int>();
    if (o.draw_repetitions == 1) fail(Status::invalid_option, "option \"draw_repetitions\": 1 is outside 0 (off) or 2..100");
    if (o.rows * o.cols <= BitBoard::max_squares) o.bits = make_bit_tables(o.rows, o.cols);
    o.flanks = make_flanks(o.rows, o.cols);
    return o;
}

namespace {

constexpr auto square_key_table = [] {
    std::array<uint64_t, 2 * CellBoard::max_squares> t{};
    for (size_t i = 0; i < t.size(); ++i) t[i] = mix64(0x5EED0000ull + i);
    return t;
}();

std::shared_ptr<const std::vector<PetteiaFlank>> make_flanks(int rows, int cols) {
    auto flanks = std::make_shared<std::vector<PetteiaFlank>>(static_cast<size_t>(rows * cols));
    PetteiaOptions size;
    size.rows = rows;
    size.cols = cols;
    for (int rank = 0; rank < rows; ++rank)
        for (int file = 0; file < cols; ++file)
            for (size_t d = 0; d < directions.size(); ++d) {
                const int r1 = rank + directions[d].drank, f1 = file + directions[d].dfile;
                const int r2 = r1 + directions[d].drank, f2 = f1 + directions[d].dfile;
                PetteiaFlank &f = (*flanks)[rank * cols + file];
                f.adjacent[d] = static_cast<int16_t>(on_board(size, r1, f1) ? r1 * cols + f1 : -1);
                f.beyond[d] = static_cast<int16_t>(on_board(size, r2, f2) ? r2 * cols + f2 : -1);
            }
    return flanks;
}

std::shared_ptr<const PetteiaBitTables> make_bit_tables(int rows, int cols) {
    auto t = std::make_shared<PetteiaBitTables>();
    t->rank_doublings = std::bit_width(static_cast<unsigned>(rows - 1));
    t->file_doublings = std::bit_width(static_cast<unsigned>(cols - 1));
    for (int rank = 0; rank < rows; ++rank)
        for (int file = 0; file < cols; ++file) {
            const int sq = rank * cols + file;
            t->board |= uint64_t{1} << sq;
            if (file > 0) t->not_first_file |= uint64_t{1} << sq;
            if (file < cols - 1) t->not_last_file |= uint64_t{1} << sq;
            for (size_t d = 0; d < directions.size(); ++d)
                for (int r = rank + directions[d].drank, f = file + directions[d].dfile; r >= 0 && r < rows && f >= 0 && f < cols;
                     r += directions[d].drank, f += directions[d].dfile)
                    t->ray[d][sq] |= uint64_t{1} << (r * cols + f);
        }
    t->ray_width = ray_width(rows, cols);
    t->ray_moves.assign(static_cast<size_t>(rows * cols * 4 * t->ray_width), 0);
    for (int sq = 0; sq < rows * cols; ++sq)
        for (int d = 0; d < 4; ++d) {
            Action *moves = &t->ray_moves[static_cast<size_t>((sq * 4 + d) * t->ray_width)];
            for (int r = sq / cols + directions[d].drank, f = sq % cols + directions[d].dfile; r >= 0 && r < rows && f >= 0 && f < cols;
                 r += directions[d].drank, f += directions[d].dfile)
                *moves++ = sq * stride + r * cols + f;
        }
    return t;
}

}  // namespace

template <class Board>
uint64_t PetteiaRulesT<Board>::square_key(int square, int player) { return square_key_table[2 * square + player]; }
template <class Board>
uint64_t PetteiaRulesT<Board>::side_key() { return mix64(0x51DE); }

// Move generation of each board, in one order: squares from a1 up, then up, down, left,
// right, each by increasing distance (so that both boards list moves identically). Moves are
// written straight into the caller's buffer.
namespace {

// The square steps of the directions up, down, left, right on the general board.
std::array<int, 4> cell_steps(const PetteiaOptions &o) { return {o.cols, -o.cols, -1, 1}; }

// Every move of `player` on the general board in that order, as move(direction, from, to).
template <class Move>
void for_each_cell_move(const CellBoard &b, const PetteiaOptions &o, int player, Move &&move) {
    const std::array<int, 4> delta = cell_steps(o);
    for (int rank = 0; rank < o.rows; ++rank)
        for (int file = 0; file < o.cols; ++file) {
            const int from = rank * o.cols + file;
            if (b.cells[from] != player) continue;
            // Squares to the edge in each direction.
            const std::array<int, 4> room = {o.rows - 1 - rank, rank, file, o.cols - 1 - file};
            for (int d = 0; d < 4; ++d)
                for (int k = 1, to = from + delta[d]; k <= room[d] && b.cells[to] == CellBoard::empty; ++k, to += delta[d]) move(d, from, to);
        }
}

}  // namespace

size_t CellBoard::write_moves(const PetteiaOptions &o, int player, Action *out) const {
    Action *const first = out;
    for_each_cell_move(*this, o, player, [&](int, int from, int to) { *out++ = from * stride + to; });
    return static_cast<size_t>(out - first);
}

bool CellBoard::can_move(const PetteiaOptions &o, int player) const {
    for (int rank = 0; rank < o.rows; ++rank)
        for (int file = 0; file < o.cols; ++file) {
            if (cells[rank * o.cols + file] != player) continue;
            for (Step d : directions)
                if (on_board(o, rank + d.drank, file + d.dfile) && cells[(rank + d.drank) * o.cols + file + d.dfile] == empty) return true;
        }
    return false;
}

namespace {

// The part of a ray before its first blocker: for rays that run to higher squares (up, right)
// and to lower ones (down, left). No blocker leaves the whole ray.
inline uint64_t before_lowest(uint64_t ray, uint64_t occupied) {
    const uint64_t blockers = ray & occupied;
    return ray & ((blockers & (0 - blockers)) - 1);
}
inline uint64_t before_highest(uint64_t ray, uint64_t occupied) {
    // Branch-free: the width of the blockers, from a never-zero word (the top square, the
    // only one the shift loses, is on no ray that runs to lower squares).
    const int blocked = 63 - std::countl_zero(((ray & occupied) << 1) | 1);
    return ray & (~uint64_t{0} << blocked);
}

// The moves of the pieces `movable` in the order of the listing, branch-free within a piece:
// each direction's moves are copied whole from the table (Width actions, nearest first) and
// the output advances by the number of targets, so the next copy overwrites the rest.
template <int Width>
inline __attribute__((always_inline)) Action *write_ray_moves(const PetteiaBitTables &t, uint64_t occupied, uint64_t movable, Action *out) {
    const Action *const table = t.ray_moves.data();
    for (; movable != 0; movable &= movable - 1) {
        const int from = std::countr_zero(movable);
        const Action *moves = table + from * 4 * Width;
        const auto copy = [&](int d, uint64_t targets) {
            std::memcpy(out, moves + d * Width, Width * sizeof(Action));
            out += std::popcount(targets);
        };
        copy(0, before_lowest(t.ray[0][from], occupied));
        copy(1, before_highest(t.ray[1][from], occupied));
        copy(2, before_highest(t.ray[2][from], occupied));
        copy(3, before_lowest(t.ray[3][from], occupied));
    }
    return out;
}

// The squares a piece on `from` can reach.
inline uint64_t bit_targets(const PetteiaBitTables &t, uint64_t occupied, int from) {
    return before_lowest(t.ray[0][from], occupied) | before_highest(t.ray[1][from], occupied) |
           before_highest(t.ray[2][from], occupied) | before_lowest(t.ray[3][from], occupied);
}

}  // namespace

// Built twice, for CPUs with and without the popcnt instruction (chosen when the library loads).
LUDUS_POPCNT_CLONES_CALLED_ELSEWHERE size_t BitBoard::write_moves(const PetteiaOptions &o, int player, Action *out) const {
    const PetteiaBitTables &t = *o.bits;
    const uint64_t occupied = bits[0] | bits[1], empty_squares = t.board & ~occupied, own = bits[player];
    // The pieces with a free neighbour: the others (many, in the crowded middle game) cost no rays.
    const uint64_t movable = own & ((empty_squares >> o.cols) | (empty_squares << o.cols) | (t.not_first_file & (empty_squares << 1)) |
                                    (t.not_last_file & (empty_squares >> 1)));
    Action *const first = out;
    switch (t.ray_width) {
    case 8: out = write_ray_moves<8>(t, occupied, movable, out); break;
    case 16: out = write_ray_moves<16>(t, occupied, movable, out); break;
    default: out = write_ray_moves<24>(t, occupied, movable, out); break;
    }
    return static_cast<size_t>(out - first);
}

bool BitBoard::slides(const PetteiaOptions &o, int from, int to) const {
    return (bit_targets(*o.bits, bits[0] | bits[1], from) >> to) & 1;
}

bool CellBoard::slides(const PetteiaOptions &o, int from, int to) const {
    const int from_rank = from / o.cols, to_rank = to / o.cols;
    if (from_rank != to_rank && from % o.cols != to % o.cols) return false;
    const int step = from_rank == to_rank ? (to > from ? 1 : -1) : (to > from ? o.cols : -o.cols);
    for (int sq = from + step; sq != to; sq += step)
        if (owner(sq) >= 0) return false;
    return true;
}

namespace {

// Picks a uniformly random move: the landing squares of each direction count the moves (in
// one direction every reachable square is reached by exactly one piece, the nearest behind
// it); r uniform, the r-th in the order up, down, left, right, then landing square.
template <int RankDoublings, int FileDoublings>
inline __attribute__((always_inline)) Action random_bit_move(const BitBoard &b, const PetteiaOptions &o, int player, Rng &rng) {
    const PetteiaBitTables &t = *o.bits;
    const uint64_t occupied = b.bits[0] | b.bits[1], empty_squares = t.board & ~occupied;
    const uint64_t own = b.bits[player];
    const auto left_shift = [](uint64_t x, int n) { return x << n; };
    const auto right_shift = [](uint64_t x, int n) { return x >> n; };
    const std::array<uint64_t, 4> reach = {
        slide<RankDoublings>(own, empty_squares, o.cols, left_shift),
        slide<RankDoublings>(own, empty_squares, o.cols, right_shift),
        slide<FileDoublings>(own, empty_squares & t.not_last_file, 1, right_shift),
        slide<FileDoublings>(own, empty_squares & t.not_first_file, 1, left_shift),
    };
    std::array<uint32_t, 4> count{};
    uint32_t total = 0;
    for (int d = 0; d < 4; ++d) total += count[d] = static_cast<uint32_t>(std::popcount(reach[d]));
    uint32_t r = rng.below(total);
    int d = 0;
    while (r >= count[d]) r -= count[d++];
    const int to = select_bit(reach[d], r);
    // The mover is the nearest piece behind the landing square.
    static constexpr std::array<int, 4> opposite = {1, 0, 3, 2};
    const uint64_t behind = t.ray[opposite[d]][to] & occupied;
    const int from = (opposite[d] == 0 || opposite[d] == 3) ? std::countr_zero(behind) : 63 - std::countl_zero(behind);
    return from * stride + to;
}

}  // namespace

// The bitboard's order without sorting (see random_bit_move): the landing squares of each
// direction, as bit sets over the squares, count its moves and order them.
Action CellBoard::random_action(const PetteiaOptions &o, int player, Rng &rng) const {
    constexpr int words = (max_squares + 63) / 64;
    std::array<std::array<uint64_t, words>, 4> reach{};
    for_each_cell_move(*this, o, player, [&](int d, int, int to) { reach[d][to / 64] |= uint64_t{1} << (to % 64); });
    const int used_words = (o.rows * o.cols + 63) / 64;
    std::array<uint32_t, 4> count{};
    uint32_t total = 0;
    for (int d = 0; d < 4; ++d) {
        for (int w = 0; w < used_words; ++w) count[d] += static_cast<uint32_t>(std::popcount(reach[d][w]));
        total += count[d];
    }
    uint32_t r = rng.below(total);
    int d = 0;
    while (r >= count[d]) r -= count[d++];
    int w = 0;
    for (uint32_t in_word; r >= (in_word = static_cast<uint32_t>(std::popcount(reach[d][w]))); ++w) r -= in_word;
    const int to = 64 * w + select_bit(reach[d][w], r);
    const int step = cell_steps(o)[static_cast<size_t>(d)];
    int from = to - step;  // the mover: the nearest piece behind the landing square
    while (cells[from] == empty) from -= step;
    return from * stride + to;
}

// Built twice, for CPUs with and without the popcnt instruction (chosen when the library loads).
// Boards of up to 64 squares: 5..7 ranks (3 doublings) with 3..12 files (2..4), 8..15 ranks
// (4) with 3..8 files (2..3), 16..21 ranks (5) with 3..4 files (2).
LUDUS_POPCNT_CLONES_CALLED_ELSEWHERE Action BitBoard::random_action(const PetteiaOptions &o, int player, Rng &rng) const {
    switch (o.bits->rank_doublings * 8 + o.bits->file_doublings) {
    case 3 * 8 + 2: return random_bit_move<3, 2>(*this, o, player, rng);
    case 3 * 8 + 3: return random_bit_move<3, 3>(*this, o, player, rng);
    case 3 * 8 + 4: return random_bit_move<3, 4>(*this, o, player, rng);
    case 4 * 8 + 2: return random_bit_move<4, 2>(*this, o, player, rng);
    case 4 * 8 + 3: return random_bit_move<4, 3>(*this, o, player, rng);
    case 5 * 8 + 2: return random_bit_move<5, 2>(*this, o, player, rng);
    default: fail(Status::internal, "no bitboard move picker for a " + std::to_string(o.rows) + "x" + std::to_string(o.cols) + " board");
    }
}

template <class Board>
PetteiaStateT<Board> PetteiaRulesT<Board>::initial(const Options &o) {
    State s;
    s.reset();
    s.rng.state = o.resolved["seed"].get<uint64_t>();
    for (int file = 0; file < o.cols; ++file) {
        for (int rank : {0, 1}) s.put(rank * o.cols + file, 0);
        for (int rank : {o.rows - 2, o.rows - 1}) s.put(rank * o.cols + file, 1);
    }
    s.pieces = {static_cast<uint16_t>(2 * o.cols), static_cast<uint16_t>(2 * o.cols)};
    const json &first = o.resolved["first_player"];
    s.to_move = first.is_string() ? static_cast<uint8_t>(s.rng.below(2)) : first.get<uint8_t>();
    for (int sq = 0; sq < o.rows * o.cols; ++sq)
        if (s.owner(sq) >= 0) s.key ^= square_key(sq, s.owner(sq));
    if (s.to_move == 1) s.key ^= side_key();
    return s;
}

// Custodian capture, on each board: the enemy pieces next to `to` with a piece of the mover
// beyond them (in the order up, down, left, right). The board is the one before the move; the
// moving piece has left `from`, so `from` never counts as a flanker.
int CellBoard::captures(const PetteiaOptions &o, int from, int to, int mover, std::array<int, 3> &out) const {
    const PetteiaFlank &flank = (*o.flanks)[to];
    int n = 0;
    for (int d = 0; d < 4; ++d) {
        const int adjacent = flank.adjacent[d], beyond = flank.beyond[d];
        if (beyond < 0) continue;  // edges are not hostile
        if (owner(adjacent) == 1 - mover && owner(beyond) == mover && beyond != from) out[n++] = adjacent;
    }
    return n;
}

namespace {

// The enemy pieces a piece landing on `landing` captures, one mask a direction (up, down,
// left, right): the adjacent enemy square whose far side has a flanker; sideways, both squares
// must stay on the rank of the landing square (the file masks), up and down shift off the board.
inline std::array<uint64_t, 4> captured_masks(const PetteiaBitTables &t, int cols, uint64_t landing, uint64_t enemy, uint64_t flankers) {
    const uint64_t inner = t.not_first_file & t.not_last_file;
    return {(landing << cols) & enemy & (flankers >> cols), (landing >> cols) & enemy & (flankers << cols),
            (landing >> 1) & inner & enemy & (flankers << 1), (landing << 1) & inner & enemy & (flankers >> 1)};
}

}  // namespace

int BitBoard::captures(const PetteiaOptions &o, int from, int to, int mover, std::array<int, 3> &out) const {
    const std::array<uint64_t, 4> captured =
        captured_masks(*o.bits, o.cols, uint64_t{1} << to, bits[1 - mover], bits[mover] & ~(uint64_t{1} << from));
    int n = 0;
    for (uint64_t m : captured)
        if (m != 0) out[n++] = std::countr_zero(m);
    return n;
}

// The move on bitboards, in masks: what PetteiaRulesT::apply does square by square. The
// flankers are the mover's pieces after the move (the landing square is never beyond an
// adjacent square of itself, and the square left is empty).
template <>
void PetteiaRulesT<BitBoard>::apply(const Options &o, State &s, Action a) {
    const int from = from_of(a), to = to_of(a);
    const int mover = s.to_move, enemy = 1 - mover;
    const uint64_t own = s.bits[mover] ^ (uint64_t{1} << from) ^ (uint64_t{1} << to);
    const std::array<uint64_t, 4> masks = captured_masks(*o.bits, o.cols, uint64_t{1} << to, s.bits[enemy], own);
    const uint64_t captured = masks[0] | masks[1] | masks[2] | masks[3];
    s.bits[mover] = own;
    s.key ^= square_key(from, mover) ^ square_key(to, mover) ^ side_key();
    s.to_move = static_cast<uint8_t>(enemy);
    if (captured != 0) [[unlikely]] {
        s.bits[enemy] &= ~captured;
        int n = 0;
        for (uint64_t c = captured; c != 0; c &= c - 1, ++n) s.key ^= square_key(std::countr_zero(c), enemy);
        s.pieces[enemy] = static_cast<uint16_t>(s.pieces[enemy] - n);
        s.plies_without_capture = 0;
    } else {
        ++s.plies_without_capture;
    }
    finish_move(o, s, mover);
}

template <class Board>
int PetteiaRulesT<Board>::captures_of(const Options &o, const State &s, Action a, std::array<int, 3> &out) {
    return s.captures(o, from_of(a), to_of(a), s.owner(from_of(a)), out);
}

// Every apply_action of the C ABI checks this: in masks on bitboards.
template <>
bool PetteiaRulesT<BitBoard>::is_legal(const Options &o, const State &s, Action a) {
    if (a < 0 || a >= action_stride * action_stride) return false;
    const int from = from_of(a), to = to_of(a), squares = o.rows * o.cols;
    if (from >= squares || to >= squares || ((s.bits[s.to_move] >> from) & 1) == 0) return false;
    return (bit_targets(*o.bits, s.bits[0] | s.bits[1], from) >> to) & 1;
}

template <class Board>
bool PetteiaRulesT<Board>::is_legal(const Options &o, const State &s, Action a) {
    if (a < 0 || a >= action_stride * action_stride) return false;
    const int from = from_of(a), to = to_of(a), squares = o.rows * o.cols;
    if (from >= squares || to >= squares || from == to || s.owner(from) != s.to_move || s.owner(to) >= 0) return false;
    return s.slides(o, from, to);
}

template <class Board>
void PetteiaRulesT<Board>::apply(const Options &o, State &s, Action a) {
    const int from = from_of(a), to = to_of(a);
    const int mover = s.to_move, enemy = 1 - mover;
    std::array<int, 3> captured{};
    const int n = s.captures(o, from, to, mover, captured);

    s.clear(from);
    s.put(to, mover);
    s.key ^= square_key(from, mover) ^ square_key(to, mover) ^ side_key();
    for (int i = 0; i < n; ++i) {
        s.clear(captured[i]);
        s.key ^= square_key(captured[i], enemy);
    }
    s.pieces[enemy] = static_cast<uint16_t>(s.pieces[enemy] - n);
    s.plies_without_capture = n > 0 ? 0 : s.plies_without_capture + 1;
    s.to_move = static_cast<uint8_t>(enemy);
    finish_move(o, s, mover);
}

template <class Board>
[[gnu::always_inline]] inline void PetteiaRulesT<Board>::finish_move(const Options &o, State &s, int mover) {
    // The order of the end checks is a DECISION of docs/rules/petteia.md: wins before draws, and
    // the draw by repetition (checked by the framework) last.
    const int enemy = 1 - mover;
    const Result mover_wins = mover == 0 ? Result::player0_won : Result::player1_won;
    if (s.pieces[enemy] <= 1)
        end_game(s, mover_wins, EndReason::one_piece_left);
    else if (!has_legal_move(o, s, enemy))
        end_game(s, mover_wins, EndReason::no_moves);
    else if (o.draw_plies_without_capture > 0 && s.plies_without_capture >= static_cast<uint32_t>(o.draw_plies_without_capture))
        end_game(s, Result::draw, EndReason::plies_without_capture);
}

template <class Board>
std::string PetteiaRulesT<Board>::square_name(const Options &o, int square) {
    return squares::name(o.cols, square);
}

template <class Board>
std::string PetteiaRulesT<Board>::action_text(const Options &o, Action a) { return square_name(o, from_of(a)) + "-" + square_name(o, to_of(a)); }

template <class Board>
Action PetteiaRulesT<Board>::parse_action(const Options &o, std::string_view text) {
    size_t pos = 0;
    const int from = squares::read(o.rows, o.cols, text, pos);
    const bool dash = pos < text.size() && text[pos] == '-';
    pos += dash ? 1 : 0;
    const int to = dash ? squares::read(o.rows, o.cols, text, pos) : -1;
    if (from < 0 || to < 0 || pos != text.size())
        fail(Status::invalid_move, json_util::quote(text) + " is not a move: write FROM-TO with squares of the " + std::to_string(o.rows) +
                                       "x" + std::to_string(o.cols) + " board, such as b2-b5");
    return from * action_stride + to;
}

template <class Board>
json PetteiaRulesT<Board>::action_json(const Options &o, const State &s, Action a) {
    std::array<int, 3> captured{};
    const int n = captures_of(o, s, a, captured);
    std::vector<std::string> captures;
    for (int i = 0; i < n; ++i) captures.push_back(square_name(o, captured[i]));
    json j{{"text", action_text(o, a)},
           {"action", a},
           {"player", s.to_move},
           {"from", square_name(o, from_of(a))},
           {"to", square_name(o, to_of(a))},
           {"captures", captures}};
    add_move_fields(j, {"move", square_name(o, from_of(a)), square_name(o, to_of(a)), captures, n});
    return j;
}

template <class Board>
json PetteiaRulesT<Board>::position_json(const Options &o, const State &s) {
    const auto square_char = [&](int sq) {
        const int c = s.owner(sq);
        return c < 0 ? '.' : static_cast<char>('0' + c);
    };
    return with_envelope(s, phase(s),
                         {{"ranks", ranks_json(o.rows, o.cols, square_char)},
                          {"pieces", {s.pieces[0], s.pieces[1]}},
                          {"plies_without_capture", s.plies_without_capture}});
}

template <class Board>
PetteiaStateT<Board> PetteiaRulesT<Board>::position_from_json(const Options &o, const json &j, const std::string &field) {
    using json_util::member;
    using json_util::path;
    json_util::only_keys(j, {"ranks", "pieces", "to_move", "phase", "result", "end_reason", "plies_without_capture", "rng"}, field);
    State s;
    s.reset();
    const json &ranks = member(j, "ranks", field, json::value_t::array);
    if (ranks.size() != static_cast<size_t>(o.rows))
        fail(Status::invalid_state, path(field, "ranks") + ": the board has " + std::to_string(o.rows) + " ranks, not " + std::to_string(ranks.size()));
    std::array<uint16_t, 2> counted{};
    for (int rank = 0; rank < o.rows; ++rank) {
        const std::string where = path(field, "ranks") + "[" + std::to_string(rank) + "]";
        if (!ranks[rank].is_string()) fail(Status::invalid_state, where + ": must be a string");
        const std::string line = ranks[rank].get<std::string>();
        if (line.size() != static_cast<size_t>(o.cols))
            fail(Status::invalid_state, where + ": a rank has " + std::to_string(o.cols) + " squares, not " + std::to_string(line.size()));
        for (int file = 0; file < o.cols; ++file) {
            const char c = line[file];
            if (c != '.' && c != '0' && c != '1') fail(Status::invalid_state, where + ": '" + std::string(1, c) + "' is not '.', '0' or '1'");
            if (c == '.') continue;
            const int player = c - '0';
            s.put(rank * o.cols + file, player);
            ++counted[player];
            s.key ^= square_key(rank * o.cols + file, player);
        }
    }
    const json &pieces = member(j, "pieces", field, json::value_t::array);
    for (int p = 0; p < 2; ++p)
        if (pieces.size() != 2 || !pieces[p].is_number_integer() || pieces[p].get<int64_t>() != counted[p])
            fail(Status::invalid_state, path(field, "pieces") + ": the ranks hold " + std::to_string(counted[0]) + " and " +
                                            std::to_string(counted[1]) + " pieces");
    s.pieces = counted;
    s.to_move = static_cast<uint8_t>(json_util::integer_member(j, "to_move", field, 0, 1));
    if (s.to_move == 1) s.key ^= side_key();
    s.result = result_from_name(member(j, "result", field, json::value_t::string).template get<std::string>(), path(field, "result"));
    if (phase_from_name(member(j, "phase", field, json::value_t::string).template get<std::string>(), path(field, "phase")) != phase(s))
        fail(Status::invalid_state, path(field, "phase") + ": must be \"" + phase_name(phase(s)) + "\" with result \"" + result_name(s.result) + "\"");
    s.end_reason = end_reason_from_json(j, field, s.result);
    s.plies_without_capture = static_cast<uint32_t>(json_util::integer_member(j, "plies_without_capture", field, 0, UINT32_MAX));
    s.rng = rng_from_text(member(j, "rng", field, json::value_t::string).template get<std::string>(), path(field, "rng"));
    if (s.result == Result::ongoing) {
        // An ongoing game must not already meet an end condition (the checks of apply).
        for (int p = 0; p < 2; ++p)
            if (s.pieces[p] <= 1)
                fail(Status::invalid_state, path(field, "result") + ": player " + std::to_string(p) + " has " + std::to_string(s.pieces[p]) +
                                                " piece(s), so the game cannot be ongoing");
        if (!has_legal_move(o, s, s.to_move))
            fail(Status::invalid_state, path(field, "result") + ": player " + std::to_string(s.to_move) + " to move has no legal move, so the game cannot be ongoing");
        if (o.draw_plies_without_capture > 0 && s.plies_without_capture >= static_cast<uint32_t>(o.draw_plies_without_capture))
            fail(Status::invalid_state, path(field, "plies_without_capture") + ": reaches the draw_plies_without_capture option, so the game cannot be ongoing");
    }
    return s;
}

template struct PetteiaRulesT<CellBoard>;
template struct PetteiaRulesT<BitBoard>;

PetteiaState PetteiaBitRules::to_cells(const State &s) {
    PetteiaState c;
    c.reset();
    for (int p = 0; p < 2; ++p)
        for (uint64_t b = s.bits[p]; b != 0; b &= b - 1) c.put(std::countr_zero(b), p);
    c.pieces = s.pieces;
    c.to_move = s.to_move;
    c.result = s.result;
    c.end_reason = s.end_reason;
    c.plies_without_capture = s.plies_without_capture;
    c.key = s.key;
    c.rng = s.rng;
    return c;
}

namespace {

// Pictures are drawn from the cell representation: the bitboard game converts.
template <class Render>
std::string render_from_cells(const PetteiaBitRules::State &s, const LastMove<PetteiaBitRules::State> &last, Render render) {
    const PetteiaState now = PetteiaBitRules::to_cells(s);
    if (last.before == nullptr) return render(now, LastMove<PetteiaState>{});
    const PetteiaState before = PetteiaBitRules::to_cells(*last.before);
    return render(now, LastMove<PetteiaState>{&before, last.action});
}

}  // namespace

std::string PetteiaBitRules::render_svg(const Options &o, const State &s, const LastMove<State> &last, const json &render_options) {
    return render_from_cells(s, last, [&](const PetteiaState &c, const LastMove<PetteiaState> &l) { return PetteiaRules::render_svg(o, c, l, render_options); });
}

std::string PetteiaBitRules::render_text(const Options &o, const State &s, const LastMove<State> &last, const json &render_options) {
    return render_from_cells(s, last, [&](const PetteiaState &c, const LastMove<PetteiaState> &l) { return PetteiaRules::render_text(o, c, l, render_options); });
}

}  // namespace ludus
