// Bit tricks over 64- and 128-bit boards, written once for both widths.
#pragma once

#include <bit>
#include <cstdint>

#include "../bitboard.hpp"

namespace ludus {

__extension__ typedef unsigned __int128 u128;  // GCC and clang; boards of 65..128 squares

namespace bits {

template <class BB>
constexpr BB one(int sq) {
    if constexpr (sizeof(BB) > 8) {
        // the word of the square shifted alone: a shift of all 128 bits by a variable costs a
        // test of the word and two shifts
        const BB bit = uint64_t{1} << (sq & 63);
        return sq < 64 ? bit : bit << 64;
    } else {
        return BB{1} << sq;
    }
}

template <class BB>
constexpr bool test(BB b, int sq) {
    if constexpr (sizeof(BB) > 8) {
        const auto word = static_cast<uint64_t>(sq < 64 ? b : b >> 64);
        return ((word >> (sq & 63)) & 1) != 0;
    } else {
        return ((b >> sq) & 1) != 0;
    }
}

constexpr int popcount(uint64_t b) { return std::popcount(b); }
constexpr int popcount(u128 b) {
    return std::popcount(static_cast<uint64_t>(b)) + std::popcount(static_cast<uint64_t>(b >> 64));
}

// The index of the lowest set bit (b != 0).
constexpr int lowest(uint64_t b) { return std::countr_zero(b); }
constexpr int lowest(u128 b) {
    const auto lo = static_cast<uint64_t>(b);
    return lo != 0 ? std::countr_zero(lo) : 64 + std::countr_zero(static_cast<uint64_t>(b >> 64));
}

// The index of the highest set bit (b != 0).
constexpr int highest(uint64_t b) { return 63 - std::countl_zero(b); }
constexpr int highest(u128 b) {
    const auto hi = static_cast<uint64_t>(b >> 64);
    return hi != 0 ? 127 - std::countl_zero(hi) : 63 - std::countl_zero(static_cast<uint64_t>(b));
}

// The index of the n-th set bit, from 0 (n < popcount(b)).
[[gnu::always_inline]] inline int select(uint64_t b, int n) {
    return bitboard::select_bit(b, static_cast<uint32_t>(n));
}
[[gnu::always_inline]] inline int select(u128 b, int n) {
    const auto lo = static_cast<uint64_t>(b);
    const int c = std::popcount(lo);
    return n < c ? select(lo, n) : 64 + select(static_cast<uint64_t>(b >> 64), n - c);
}

}  // namespace bits
}  // namespace ludus
