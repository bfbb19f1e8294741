// Petteia's boards: their tables, move generation, random moves and captures (petteia_board.hpp).
#include "petteia_board.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

#include "../bitboard.hpp"
#include "../error.hpp"

namespace ludus {

namespace {

using bitboard::select_bit;
using bitboard::slide;

struct Step {
    int drank, dfile;
};
// Up (towards player 1), down, left, right: the order of move generation and of captures.
constexpr std::array<Step, 4> directions = {{{1, 0}, {-1, 0}, {0, -1}, {0, 1}}};

bool on_board(const PetteiaOptions &o, int rank, int file) {
    return rank >= 0 && rank < o.rows && file >= 0 && file < o.cols;
}

constexpr int stride = petteia_stride;

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
                if (std::min(p * (rows + cols - 2), 4 * (squares - p)) + ray_width(rows, cols) > 4 * squares)
                    return false;
        }
    return true;
}
static_assert(listing_fits_every_bitboard());

}  // namespace

std::shared_ptr<const std::vector<PetteiaFlank>> make_petteia_flanks(int rows, int cols) {
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

std::shared_ptr<const PetteiaBitTables> make_petteia_bit_tables(int rows, int cols) {
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
                for (int r = rank + directions[d].drank, f = file + directions[d].dfile;
                     r >= 0 && r < rows && f >= 0 && f < cols; r += directions[d].drank, f += directions[d].dfile)
                    t->ray[d][sq] |= uint64_t{1} << (r * cols + f);
        }
    t->ray_width = ray_width(rows, cols);
    t->ray_moves.assign(static_cast<size_t>(rows * cols * 4 * t->ray_width), 0);
    for (int sq = 0; sq < rows * cols; ++sq)
        for (int d = 0; d < 4; ++d) {
            Action *moves = &t->ray_moves[static_cast<size_t>((sq * 4 + d) * t->ray_width)];
            for (int r = sq / cols + directions[d].drank, f = sq % cols + directions[d].dfile;
                 r >= 0 && r < rows && f >= 0 && f < cols; r += directions[d].drank, f += directions[d].dfile)
                *moves++ = sq * stride + r * cols + f;
        }
    return t;
}

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
                for (int k = 1, to = from + delta[d]; k <= room[d] && b.cells[to] == CellBoard::empty;
                     ++k, to += delta[d])
                    move(d, from, to);
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
                if (on_board(o, rank + d.drank, file + d.dfile) &&
                    cells[(rank + d.drank) * o.cols + file + d.dfile] == empty)
                    return true;
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
inline __attribute__((always_inline)) Action *write_ray_moves(const PetteiaBitTables &t, uint64_t occupied,
                                                              uint64_t movable, Action *out) {
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
LUDUS_POPCNT_CLONES_CALLED_ELSEWHERE size_t BitBoard::write_moves(const PetteiaOptions &o, int player,
                                                                  Action *out) const {
    const PetteiaBitTables &t = *o.bits;
    const uint64_t occupied = bits[0] | bits[1], empty_squares = t.board & ~occupied, own = bits[player];
    // The pieces with a free neighbour: the others (many, in the crowded middle game) cost no rays.
    const uint64_t movable =
        own & ((empty_squares >> o.cols) | (empty_squares << o.cols) | (t.not_first_file & (empty_squares << 1)) |
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
inline __attribute__((always_inline)) Action random_bit_move(const BitBoard &b, const PetteiaOptions &o, int player,
                                                             Rng &rng) {
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
LUDUS_POPCNT_CLONES_CALLED_ELSEWHERE Action BitBoard::random_action(const PetteiaOptions &o, int player,
                                                                    Rng &rng) const {
    switch (o.bits->rank_doublings * 8 + o.bits->file_doublings) {
    case 3 * 8 + 2: return random_bit_move<3, 2>(*this, o, player, rng);
    case 3 * 8 + 3: return random_bit_move<3, 3>(*this, o, player, rng);
    case 3 * 8 + 4: return random_bit_move<3, 4>(*this, o, player, rng);
    case 4 * 8 + 2: return random_bit_move<4, 2>(*this, o, player, rng);
    case 4 * 8 + 3: return random_bit_move<4, 3>(*this, o, player, rng);
    case 5 * 8 + 2: return random_bit_move<5, 2>(*this, o, player, rng);
    default:
        fail(Status::internal,
             "no bitboard move picker for a " + std::to_string(o.rows) + "x" + std::to_string(o.cols) + " board");
    }
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

int BitBoard::captures(const PetteiaOptions &o, int from, int to, int mover, std::array<int, 3> &out) const {
    const std::array<uint64_t, 4> captured =
        captured_masks(*o.bits, o.cols, uint64_t{1} << to, bits[1 - mover], bits[mover] & ~(uint64_t{1} << from));
    int n = 0;
    for (uint64_t m : captured)
        if (m != 0) out[n++] = std::countr_zero(m);
    return n;
}

}  // namespace ludus
