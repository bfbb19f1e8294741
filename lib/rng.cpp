// The generator's state as saved text, and the fresh seeds of games made without one (rng.hpp).
#include <atomic>
#include <cstdint>
#include <random>
#if __has_include(<pthread.h>)
#  include <pthread.h>
#endif

#include "error.hpp"
#include "rng.hpp"

namespace ludus {

std::string rng_to_text(const Rng &rng) {
    static const char digits[] = "0123456789abcdef";
    std::string text(16, '0');
    for (int i = 0; i < 16; ++i) text[15 - i] = digits[(rng.state >> (4 * i)) & 15];
    return text;
}

Rng rng_from_text(const std::string &text, const std::string &field) {
    if (text.size() != 16) fail(Status::invalid_state, field + ": must be 16 hexadecimal digits");
    Rng rng;
    for (char c : text) {
        int v = (c >= '0' && c <= '9') ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : -1;
        if (v < 0) fail(Status::invalid_state, field + ": must be 16 lower-case hexadecimal digits");
        rng.state = (rng.state << 4) | static_cast<uint64_t>(v);
    }
    return rng;
}

namespace {

// Counts the fork()s of the process, so that a child does not draw the seeds its parent draws.
std::atomic<uint64_t> forks{0};

struct FreshSeeds {
    Rng rng;
    uint64_t drawn = 0, os_reads = 0;
    uint64_t seeded_after_forks = UINT64_MAX;  // none yet

    uint64_t next() {
        const uint64_t now = forks.load(std::memory_order_relaxed);
        if (seeded_after_forks != now) {
            std::random_device device;
            rng.state = (static_cast<uint64_t>(device()) << 32) ^ device();
            seeded_after_forks = now;
            ++os_reads;
        }
        ++drawn;
        return rng.next() >> 11;  // 53 bits: exact as a double
    }
};
thread_local FreshSeeds fresh_seeds;

#if __has_include(<pthread.h>) && !defined(__EMSCRIPTEN__)
[[maybe_unused]] const int fork_handler =
    pthread_atfork(nullptr, nullptr, [] { forks.fetch_add(1, std::memory_order_relaxed); });
#endif

}  // namespace

uint64_t fresh_seed() { return fresh_seeds.next(); }

uint64_t fresh_seeds_drawn() { return fresh_seeds.drawn; }

uint64_t os_seeds_read() { return fresh_seeds.os_reads; }

}  // namespace ludus
