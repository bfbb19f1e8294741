// The bitboard tricks the rules share (lib/bitboard.hpp), against the plain walk over the bits
// that they replace.
#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "bitboard.hpp"
#include "rng.hpp"

namespace ludus {
namespace {

std::vector<int> set_bits(uint64_t x) {
    std::vector<int> bits;
    for (int i = 0; i < 64; ++i)
        if ((x >> i) & 1) bits.push_back(i);
    return bits;
}

TEST_CASE("select_bit gives the r-th set bit of a word, for every r, wherever the bits lie") {
    std::vector<uint64_t> words = {1,
                                   uint64_t{1} << 63,
                                   ~uint64_t{0},
                                   0xFF,
                                   0xFF00000000000000ull,
                                   0x00000000FFFF0000ull,
                                   0x8000000100008001ull,
                                   0x0101010101010101ull};
    Rng rng{7};
    for (int i = 0; i < 2000; ++i) {
        const uint64_t sparse = rng.next() & rng.next() & rng.next();  // about eight bits
        words.push_back(rng.next());
        if (sparse != 0) words.push_back(sparse);
    }
    for (const uint64_t x : words) {
        const std::vector<int> bits = set_bits(x);
        for (size_t r = 0; r < bits.size(); ++r) {
            CAPTURE(x);
            CAPTURE(r);
            REQUIRE(bitboard::select_bit(x, static_cast<uint32_t>(r)) == bits[r]);
        }
    }
}

}  // namespace
}  // namespace ludus
