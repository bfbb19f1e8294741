// The last listing of a game's legal actions when it is short (a forced pass, a few steps),
// remembered until the state changes: playing one of its actions then needs no second search
// of the rules. Both remembering and asking are branch-free (a block copy; eight lanes
// compared at once), so that the number of actions, which varies move by move, costs no
// mispredicted branch on the fast path of every step.
#pragma once

#include <cstdint>
#include <cstring>

#include "game.hpp"

namespace ludus {

class ShortListing {
public:
    static constexpr size_t capacity = 8;

    // Remembers actions[0..n) as the listing of the state at change count `at`, if it is
    // short. `readable`: how many actions may be read at `actions` (a whole block copies
    // fastest; the lanes past n are never matched).
    void note(const Action *actions, size_t n, size_t readable, uint64_t at) {
        if (n > capacity) return;
        std::memcpy(lanes_, actions, (readable >= capacity ? capacity : n) * sizeof(Action));
        count_ = static_cast<Action>(n);
        at_ = at;
    }

    // Whether `action` is in the listing remembered for change count `now`.
    bool holds(Action action, uint64_t now) const {
        const Lanes wanted = Lanes{} + action, count = Lanes{} + count_;
        const Lanes hits =
            ((lanes_[0] == wanted) & (lane_index < count)) | ((lanes_[1] == wanted) & (lane_index + 4 < count));
        uint64_t words[2];
        std::memcpy(words, &hits, sizeof words);
        return at_ == now && (words[0] | words[1]) != 0;
    }

    bool remembers(uint64_t now) const { return at_ == now; }

private:
    // GCC and clang vector extensions: one SSE2 register on x86-64, SIMD128 in WebAssembly.
    using Lanes = Action __attribute__((vector_size(4 * sizeof(Action))));
    static constexpr Lanes lane_index = {0, 1, 2, 3};

    Lanes lanes_[2] = {};
    Action count_ = 0;
    uint64_t at_ = ~uint64_t{0};
};

}  // namespace ludus
