// The bitboard steps, enclosures, hops and hash keys of Schaedler's Latrunculi on its 8x8 board
// (schaedler.hpp), inline for the rules of schaedler.cpp and the positions read back by
// schaedler_json.cpp. Directions are 0 up, 1 down, 2 left, 3 right.
#pragma once

#include <cstdint>

#include "../bitboard.hpp"
#include "../rng.hpp"
#include "schaedler.hpp"

namespace ludus::schaedler {

inline constexpr uint64_t file_a = 0x0101010101010101ull, file_h = 0x8080808080808080ull;
inline constexpr int cols = SchaedlerOptions::cols;

// One orthogonal step of every square of `b` in direction d (0 up, 1 down, 2 left, 3 right);
// steps off the board vanish.
inline constexpr uint64_t shift(uint64_t b, int d) {
    switch (d) {
    case 0: return b << cols;
    case 1: return b >> cols;
    case 2: return (b >> 1) & ~file_h;
    default: return (b << 1) & ~file_a;
    }
}
inline constexpr int opposite(int d) { return d ^ 1; }

inline uint64_t neighbours(uint64_t b) { return shift(b, 0) | shift(b, 1) | shift(b, 2) | shift(b, 3); }

// The squares with a square of `f` on both sides, in a rank or in a file.
inline uint64_t enclosed_by(uint64_t f) { return (shift(f, 2) & shift(f, 3)) | (shift(f, 0) & shift(f, 1)); }

// As Latrunculi's piece keys (latrunculi_board.hpp): a move takes the table once.
using SchaedlerKeys = std::array<uint64_t, 4 * 64>;
inline const SchaedlerKeys &schaedler_keys() { return mixed_keys<4 * 64, 0x5C4AD1E400ull>(); }
inline uint64_t piece_key(const SchaedlerKeys &keys, int sq, int player, bool blocked) {
    return keys[4 * sq + 2 * player + (blocked ? 1 : 0)];
}
inline uint64_t piece_key(int sq, int player, bool blocked) { return piece_key(schaedler_keys(), sq, player, blocked); }
inline constexpr uint64_t side_key = mix64(0x51DE5C4A);

inline uint64_t keys_of(const SchaedlerKeys &keys, uint64_t squares, int player, bool blocked) {
    uint64_t k = 0;
    for (; squares != 0; squares &= squares - 1) k ^= piece_key(keys, bits::lowest(squares), player, blocked);
    return k;
}

// The enemy pieces a piece of the player to move blocks by ending its move on `to` after
// leaving `from`: a free enemy next to it with a free piece of the mover's beyond.
inline uint64_t new_blocks(const SchaedlerState &s, int from, int to) {
    const int p = s.to_move, e = 1 - p;
    const uint64_t target = bits::one<uint64_t>(to);
    const uint64_t mine = (s.free(p) & ~bits::one<uint64_t>(from)) | target;
    uint64_t blocks = 0;
    for (int d = 0; d < 4; ++d) blocks |= shift(target, d) & s.free(e) & shift(mine, opposite(d));
    return blocks;
}

// Every square a piece on `from` reaches by one or more hops over single pieces, never
// landing twice on a square (nor back on `from`).
inline uint64_t hop_targets(uint64_t occupied, int from) {
    const uint64_t start = bits::one<uint64_t>(from), over = occupied & ~start, landing = ~occupied & ~start;
    uint64_t reached = 0;
    for (uint64_t frontier = start; frontier != 0;) {
        uint64_t next = 0;
        for (int d = 0; d < 4; ++d) next |= shift(shift(frontier, d) & over, d) & landing;
        frontier = next & ~reached;
        reached |= frontier;
    }
    return reached;
}

}  // namespace ludus::schaedler
