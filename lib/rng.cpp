// The generator's state as saved text, and the operating system's seeds (rng.hpp).
#include <random>

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
thread_local uint64_t drawn_from_os = 0;
}  // namespace

uint64_t random_seed_from_os() {
    ++drawn_from_os;
    std::random_device device;
    return (static_cast<uint64_t>(device()) << 32) ^ device();
}

uint64_t seeds_drawn_from_os() { return drawn_from_os; }

}  // namespace ludus
