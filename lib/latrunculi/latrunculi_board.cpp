// Latrunculi's board masks and its random moves for playouts (latrunculi_board.hpp).
#include "latrunculi_board.hpp"

namespace ludus::latrunculi {

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
            if (file > 0) m.neighbours_in_rank[sq] |= bits::one<BB>(sq - 1);
            if (file < cols - 1) m.neighbours_in_rank[sq] |= bits::one<BB>(sq + 1);
            m.neighbours[sq] |= m.neighbours_in_rank[sq];
            for (int r = rank + 1; r < rows; ++r) m.rays[0][sq] |= bits::one<BB>(r * cols + file);
            for (int r = rank - 1; r >= 0; --r) m.rays[1][sq] |= bits::one<BB>(r * cols + file);
            for (int f = file - 1; f >= 0; --f) m.rays[2][sq] |= bits::one<BB>(rank * cols + f);
            for (int f = file + 1; f < cols; ++f) m.rays[3][sq] |= bits::one<BB>(rank * cols + f);
        }
    for (int sq = 0; sq < rows * cols; ++sq)
        if (bits::test(m.corners, sq)) m.next_to_corners |= m.neighbours[sq];
    m.piece_keys = &piece_keys();
    m.rank_doublings = std::bit_width(static_cast<unsigned>(rows - 1));
    m.file_doublings = std::bit_width(static_cast<unsigned>(cols - 1));
}

template void fill_masks(LatrunculiMasks<uint64_t> &m, int rows, int cols);
template void fill_masks(LatrunculiMasks<u128> &m, int rows, int cols);

namespace {

template <class Shape, class BB>
[[gnu::always_inline]] inline Action random_move_of(const LatrunculiOptions &o, const LatrunculiStateT<BB> &s,
                                                    Rng &rng) {
    using R = LatrunculiRulesT<BB>;
    const MoveSets<BB> ms = move_sets<Shape>(o, s);
    if (ms.place != 0)
        return R::place_base +
               bits::select(ms.place, static_cast<int>(rng.below(static_cast<uint32_t>(bits::popcount(ms.place)))));
    // The moves before each direction's, and in all (the pass last).
    std::array<int, 5> before{};
#pragma GCC unroll 4
    for (int d = 0; d < 4; ++d)
        before[d + 1] = before[d] + bits::popcount(ms.landing[d]) + (Shape::extras && ms.jump[d] != 0 ? 1 : 0);
    const int n = static_cast<int>(rng.below(static_cast<uint32_t>(before[4] + (ms.pass ? 1 : 0))));
    if (n == before[4]) return R::pass;
    // The direction counted without a branch: it is random, and a loop mispredicts its exit.
    const int d = (n >= before[1]) + (n >= before[2]) + (n >= before[3]);
    const int rank = n - before[d];
    if (Shape::extras && rank == before[d + 1] - before[d] - 1 && ms.jump[d] != 0)
        return ms.dux_square * R::stride + bits::lowest(ms.jump[d]);
    const int to = bits::select(ms.landing[d], rank);
    return origin<Shape>(o, s, to, d) * R::stride + to;
}

template <class BB>
[[gnu::always_inline]] inline Action random_move_for_ruleset(const LatrunculiOptions &o, const LatrunculiStateT<BB> &s,
                                                             Rng &rng) {
    return with_move_shape<BB>(
        o, [&]<class Shape>() __attribute__((always_inline)) { return random_move_of<Shape>(o, s, rng); });
}

}  // namespace

// Built twice, for CPUs with and without the popcnt instruction (chosen when the library loads).
LUDUS_POPCNT_CLONES_CALLED_ELSEWHERE Action random_move(const LatrunculiOptions &o, const LatrunculiStateT<uint64_t> &s,
                                                        Rng &rng) {
    return random_move_for_ruleset(o, s, rng);
}
LUDUS_POPCNT_CLONES_CALLED_ELSEWHERE Action random_move(const LatrunculiOptions &o, const LatrunculiStateT<u128> &s,
                                                        Rng &rng) {
    return random_move_for_ruleset(o, s, rng);
}

}  // namespace ludus::latrunculi
