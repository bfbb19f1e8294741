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

// The position of the r-th (from 0) set bit of x (r < popcount(x)): the half, then the quarter,
// then the byte that holds it, each from the set bits of the lower part (popcount: the callers
// are built for CPUs with popcnt, or for WebAssembly's), and a table within the byte. No
// branch: the bit is random.
inline __attribute__((always_inline)) int select_bit(uint64_t x, uint32_t r) {
    uint32_t position = 0;
#pragma GCC unroll 3
    for (uint32_t width = 32; width >= 8; width /= 2) {
        const auto below = static_cast<uint32_t>(std::popcount(x & ((uint64_t{1} << width) - 1)));
        const uint32_t beyond = 0u - static_cast<uint32_t>(r >= below);  // all ones if the bit lies higher
        r -= below & beyond;
        x >>= width & beyond;
        position += width & beyond;
    }
    return static_cast<int>(position) + select_in_byte[x & 0xFF][r];
}

}  // namespace ludus::bitboard
