// The game's seeded random generator. Its whole state is one 64-bit word, saved in the JSON,
// so that a restored game rolls the same dice.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace ludus {

// SplitMix64's output function but its last step, which leaves the top bit as it was (a coin's
// throw reads no more).
constexpr uint64_t mix64_but_last_step(uint64_t z) noexcept {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    return (z ^ (z >> 27)) * 0x94D049BB133111EBull;
}
// SplitMix64's output function: a well-mixed 64-bit word from any input (the generator's
// output, and the games' hash keys of pieces on squares).
constexpr uint64_t mix64(uint64_t z) noexcept {
    z = mix64_but_last_step(z);
    return z ^ (z >> 31);
}

// N hash keys, mix64 of Seed, Seed + 1, ...: a game's keys of pieces on squares, one seed a game.
// Computed on first use rather than stored: the WebAssembly module's every stored byte is
// downloaded by the web app's visitors, and 17 KB of keys do not compress (docs/web.md, "sizes").
// The table is a function's static, so it is filled before its first reader gets it, whatever
// order a program's static objects start in (a game made by one reads the same keys:
// tests/core/test_static_start.cpp). Not constexpr, so that the compiler does not store it, and
// not inlined into the readers, which only look the table up.
template <size_t N>
[[gnu::noinline, gnu::cold]] std::array<uint64_t, N> computed_keys(uint64_t seed) {
    std::array<uint64_t, N> keys{};
    for (size_t i = 0; i < N; ++i) keys[i] = mix64(seed + i);
    return keys;
}
template <size_t N, uint64_t Seed>
const std::array<uint64_t, N> &mixed_keys() {
    static const std::array<uint64_t, N> keys = computed_keys<N>(Seed);
    return keys;
}

// SplitMix64: tiny state, good statistical quality for dice, trivially copyable.
struct Rng {
    uint64_t state = 0;

    static constexpr uint64_t increment = 0x9E3779B97F4A7C15ull;

    uint64_t next() noexcept { return mix64(state += increment); }

    // Uniform in [0, n), n > 0 (Lemire's multiply-shift; the bias for small n is < 2^-32).
    uint32_t below(uint32_t n) noexcept {
        return static_cast<uint32_t>(((next() >> 32) * static_cast<uint64_t>(n)) >> 32);
    }

    int die() noexcept { return 1 + static_cast<int>(below(6)); }

    // below(2): the top bit of next(), with fewer instructions (the same draw).
    [[gnu::always_inline]] uint32_t coin() noexcept {
        return static_cast<uint32_t>(mix64_but_last_step(state += increment) >> 63);
    }

    bool operator==(const Rng &) const = default;
};

std::string rng_to_text(const Rng &rng);
// Throws Error(invalid_state) naming `field` if the text is not 16 hex digits.
Rng rng_from_text(const std::string &text, const std::string &field);
// A seed for a game made without one, below 2^53 (every JSON parser keeps it exact, JavaScript's
// too). Drawn from the thread's own generator, seeded once from the operating system (again in
// a child after fork()): std::random_device (slow: a system call, or rdrand) is not asked each game.
uint64_t fresh_seed();
// How many fresh seeds this thread has drawn: a caller that makes games again from the same
// options can tell whether those options made the game differ each time.
uint64_t fresh_seeds_drawn();
// How many times this thread has read a seed from the operating system (for the tests).
uint64_t os_seeds_read();

}  // namespace ludus
