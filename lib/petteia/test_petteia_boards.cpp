// The bitboard (boards of up to 64 squares) and the general board play identical Petteia.
#include <doctest/doctest.h>

#include <algorithm>

#include "petteia/petteia.hpp"
#include "rules_game.hpp"

using namespace ludus;

namespace {

struct Size {
    int rows, cols;
};

// Plays one seeded random game on both boards side by side, comparing at every ply.
void compare_random_game(const json &options, uint64_t seed) {
    const PetteiaOptions o = PetteiaRules::parse_options(options);
    REQUIRE(o.bits);  // the board fits in 64 squares
    PetteiaState cells = PetteiaRules::initial(o);
    PetteiaBitState bits = PetteiaBitRules::initial(o);
    KeyLog<PetteiaRules> cell_log;
    KeyLog<PetteiaBitRules> bit_log;
    Rng rng{seed};
    std::vector<Action> cell_moves, bit_moves;
    for (int ply = 0; ply < 3000 && PetteiaRules::phase(cells) != Phase::over; ++ply) {
        cell_moves.clear();
        bit_moves.clear();
        PetteiaRules::legal_actions(o, cells, cell_moves);
        PetteiaBitRules::legal_actions(o, bits, bit_moves);
        REQUIRE(cell_moves == bit_moves);
        // The playouts' move picker (no list) chooses the same move on both boards, a listed one.
        Rng cell_pick = rng, bit_pick = rng;
        const Action picked = PetteiaRules::random_action(o, cells, cell_pick);
        REQUIRE(PetteiaBitRules::random_action(o, bits, bit_pick) == picked);
        REQUIRE(std::find(cell_moves.begin(), cell_moves.end(), picked) != cell_moves.end());
        const Action a = ply % 2 == 0 ? picked : cell_moves[rng.below(static_cast<uint32_t>(cell_moves.size()))];
        // An illegal action is refused alike (a move to an occupied or unreachable square).
        const Action other = a + 1;
        CHECK(PetteiaRules::is_legal(o, cells, other) == PetteiaBitRules::is_legal(o, bits, other));
        advance<PetteiaRules>(o, cells, a, cell_log);
        advance<PetteiaBitRules>(o, bits, a, bit_log);
        REQUIRE(PetteiaRules::position_json(o, cells) == PetteiaBitRules::position_json(o, bits));
        REQUIRE(PetteiaBitRules::to_cells(bits) == cells);
    }
    CHECK(PetteiaRules::result(cells) == PetteiaBitRules::result(bits));
}

}  // namespace

TEST_CASE("bitboard and general board: identical moves, positions and results in random games" *
          doctest::test_suite("slow")) {
    // Every kind of bitboard the move picker has (3..5 doublings of ranks, 2..4 of files) is here.
    const Size sizes[] = {{5, 3},  {5, 4}, {6, 5}, {7, 7},  {8, 8},  {5, 12},
                          {6, 10}, {7, 9}, {8, 3}, {10, 6}, {16, 4}, {21, 3}};
    for (Size size : sizes)
        for (uint64_t seed = 1; seed <= 6; ++seed) {
            CAPTURE(size.rows);
            CAPTURE(size.cols);
            CAPTURE(seed);
            compare_random_game({{"rows", size.rows},
                                 {"cols", size.cols},
                                 {"seed", seed},
                                 {"draw_repetitions", 3},
                                 {"draw_plies_without_capture", 200}},
                                seed);
        }
}

// The start is made once a board size and copied into each game: it must be the position the
// saved form gives square by square (its pieces, counts and key), on both boards, every size.
TEST_CASE("the start of every board size is its position read square by square, on both boards") {
    for (int rows = 5; rows <= 26; ++rows)
        for (int cols = 3; cols <= 26; ++cols) {
            CAPTURE(rows);
            CAPTURE(cols);
            const PetteiaOptions o = PetteiaRules::parse_options({{"rows", rows}, {"cols", cols}, {"seed", 7}});
            const PetteiaState cells = PetteiaRules::initial(o);
            const json position = PetteiaRules::position_json(o, cells);
            REQUIRE(PetteiaRules::position_from_json(o, position, "position") == cells);
            if (!o.bits) continue;
            const PetteiaBitState bits = PetteiaBitRules::initial(o);
            CHECK(PetteiaBitRules::to_cells(bits) == cells);
            CHECK(PetteiaBitRules::position_from_json(o, position, "position") == bits);
        }
}

TEST_CASE("boards of more than 64 squares use the general board, smaller ones the bitboard") {
    CHECK(PetteiaRules::parse_options({{"rows", 8}, {"cols", 8}, {"seed", 1}}).bits != nullptr);
    CHECK(PetteiaRules::parse_options({{"rows", 5}, {"cols", 13}, {"seed", 1}}).bits == nullptr);
    CHECK(PetteiaRules::parse_options({{"rows", 26}, {"cols", 26}, {"seed", 1}}).bits == nullptr);
}

// Above 64 squares there is no bitboard to compare with: the general board's move picker is
// checked against its definition, the r-th of the listed moves ordered by direction (up, down,
// left, right) and then landing square, r = below(number of moves).
TEST_CASE("general board: the playouts' move picker takes the r-th move in the order of direction and landing square") {
    for (const auto &[board_rows, board_cols] :
         {std::pair{12, 12}, std::pair{5, 13}, std::pair{26, 26}, std::pair{9, 25}}) {
        const int rows = board_rows, cols = board_cols;  // clang 14 does not capture structured bindings
        const PetteiaOptions o = PetteiaRules::parse_options(
            {{"rows", rows}, {"cols", cols}, {"seed", 1}, {"draw_plies_without_capture", 100}});
        REQUIRE_FALSE(o.bits);
        PetteiaState s = PetteiaRules::initial(o);
        KeyLog<PetteiaRules> log;
        Rng rng{static_cast<uint64_t>(rows * 100 + cols)};
        std::vector<Action> moves;
        const auto direction = [&](Action a) {
            const int from = a / PetteiaRules::action_stride, to = a % PetteiaRules::action_stride;
            if (from / cols == to / cols) return to > from ? 3 : 2;
            return to > from ? 0 : 1;
        };
        for (int ply = 0; ply < 400 && PetteiaRules::phase(s) != Phase::over; ++ply) {
            CAPTURE(rows);
            CAPTURE(ply);
            moves.clear();
            PetteiaRules::legal_actions(o, s, moves);
            std::sort(moves.begin(), moves.end(), [&](Action a, Action b) {
                return std::pair{direction(a), a % PetteiaRules::action_stride} <
                       std::pair{direction(b), b % PetteiaRules::action_stride};
            });
            Rng reference = rng;
            const Action expected = moves[reference.below(static_cast<uint32_t>(moves.size()))];
            const Action picked = PetteiaRules::random_action(o, s, rng);
            REQUIRE(picked == expected);
            advance<PetteiaRules>(o, s, picked, log);
        }
    }
}
