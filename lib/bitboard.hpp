// Bitboard tricks shared by the rules on bitboards (Petteia, Latrunculi): sliding fills,
// selecting the r-th set bit, and builds of hot functions for CPUs with popcnt.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#if defined(__has_feature)
#  if __has_feature(thread_sanitizer)
#    define LUDUS_THREAD_SANITIZER 1
#  endif
#endif
#if defined(__SANITIZE_THREAD__)
#  define LUDUS_THREAD_SANITIZER 1
#endif

// No clones under ThreadSanitizer: the loader runs the clones' IFUNC resolver while relocating,
// before the TSan runtime is set up, and the instrumented resolver crashes the program.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__POPCNT__) && !defined(LUDUS_THREAD_SANITIZER)
#  define LUDUS_POPCNT_CLONES __attribute__((target_clones("popcnt", "default")))
#else
#  define LUDUS_POPCNT_CLONES
#endif
// A clone set that other translation units call (through the rules' header) only under GCC:
// clang 14 gives such a function no symbol of its plain name, and the library fails to load.
#if defined(__clang__)
#  define LUDUS_POPCNT_CLONES_CALLED_ELSEWHERE
#else
#  define LUDUS_POPCNT_CLONES_CALLED_ELSEWHERE LUDUS_POPCNT_CLONES
#endif

namespace ludus::bitboard {

// The squares that pieces `from` reach by sliding over `open` squares in one direction, the
// shift by `step` (Kogge-Stone fill: k doublings cover 2^k - 1 squares, and no shift reaches
// the width of a word that holds the board). `open` excludes squares a sideways shift would
// wrap onto.
// The doublings are a template argument so that the fill unrolls.
template <int Doublings, class BB, class Shift>
inline __attribute__((always_inline)) BB slide(BB from, BB open, int step, Shift shift) {
    BB filled = from, path = open;
    int distance = step;
#pragma GCC unroll 8
    for (int i = 0; i < Doublings; ++i, distance *= 2) {
        filled |= path & shift(filled, distance);
        path &= shift(path, distance);
    }
    return shift(filled, step) & open;
}

// For each byte value and rank r < popcount: the position of its r-th set bit.
inline constexpr auto select_in_byte = [] {
    std::array<std::array<uint8_t, 8>, 256> t{};
    for (int v = 0; v < 256; ++v)
        for (int bit = 0, r = 0; bit < 8; ++bit)
            if (v >> bit & 1) t[v][r++] = static_cast<uint8_t>(bit);
    return t;
}();

// The position of the r-th (from 0) set bit of x (r < popcount(x)), broadword: the byte that
// holds it from the bytes' running counts, then a table within the byte.
inline __attribute__((always_inline)) int select_bit(uint64_t x, uint32_t r) {
    constexpr uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    uint64_t counts = x - ((x >> 1) & 0x5555555555555555ull);
    counts = (counts & 0x3333333333333333ull) + ((counts >> 2) & 0x3333333333333333ull);
    counts = (counts + (counts >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    const uint64_t running = counts * ones;  // byte i: set bits in bytes 0..i (at most 64)
    // Bytes whose running count is <= r lie wholly before the bit.
    const uint64_t before = ((r * ones | highs) - running) & highs;
    const int byte =
        static_cast<int>(((before >> 7) * ones) >> 56);  // its bytes counted (no library call for popcount)
    const uint32_t skipped = byte == 0 ? 0 : static_cast<uint32_t>((running >> (8 * byte - 8)) & 0xFF);
    return 8 * byte + select_in_byte[(x >> (8 * byte)) & 0xFF][r - skipped];
}

}  // namespace ludus::bitboard
