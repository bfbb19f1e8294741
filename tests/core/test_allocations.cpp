// The integer path allocates nothing per ply: once a game's buffers are warm (its history has
// held as many entries before), legal actions, apply, rolls and undo make no heap allocation.
// Counted by replacing operator new for this whole process (the library included).
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <vector>

#include "duodecim/duodecim.hpp"
#include "ludus/ludus.h"
#include "petteia/petteia.hpp"
#include "rules_game.hpp"

// The replacements below pair malloc with free; GCC cannot see that through inlining.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
static std::atomic<long> allocations{0};
void *operator new(size_t n) {
    ++allocations;
    if (void *p = std::malloc(n)) return p;
    throw std::bad_alloc();
}
void operator delete(void *p) noexcept { std::free(p); }
void operator delete(void *p, size_t) noexcept { std::free(p); }

static int failures = 0, passes = 0;
static void check(bool ok, const char *what, long count) {
    std::printf("%s %s (%ld allocations)\n", ok ? "ok  " : "FAIL", what, count);
    ok ? ++passes : ++failures;
}

// Plays a random game through the C ABI's integer path, recording the actions and dice.
struct Played {
    std::vector<int32_t> actions;  // -1 marks a roll, whose two dice follow
    long allocations = 0;
    unsigned plies = 0;
};

static Played play(ludus_game *g, uint64_t seed, const std::vector<int32_t> *replay) {
    Played out;
    out.actions.reserve(20000);
    std::vector<int32_t> buffer(4096);
    ludus::Rng rng{seed};
    const long before = allocations;
    size_t i = 0;
    while (ludus_game_phase(g) != LUDUS_PHASE_OVER && out.plies < 3000) {
        size_t n = 0;
        if (ludus_game_phase(g) == LUDUS_PHASE_ROLL) {
            int dice[2] = {rng.die(), rng.die()};
            if (replay) dice[0] = (*replay)[i + 1], dice[1] = (*replay)[i + 2], i += 3;
            ludus_game_set_dice(g, dice, 2);
            out.actions.insert(out.actions.end(), {-1, dice[0], dice[1]});
            continue;
        }
        ludus_game_actions(g, buffer.data(), buffer.size(), &n);
        int32_t a = replay ? (*replay)[i++] : buffer[rng.below(static_cast<uint32_t>(n))];
        if (ludus_game_apply_action(g, a) != LUDUS_OK) std::printf("apply failed: %s\n", ludus_last_error());
        if (!replay) out.actions.push_back(a);
        ++out.plies;
    }
    out.allocations = allocations - before;
    return out;
}

static void undo_all(ludus_game *g) {
    while (ludus_game_undo(g) == LUDUS_OK) {
    }
}

static void game_replayed_without_allocation(const char *id, const char *options) {
    ludus_game *g = nullptr;
    ludus_game_new(id, options, &g);
    Played first = play(g, 7, nullptr);  // warms the history and the buffers
    undo_all(g);
    Played again = play(g, 7, &first.actions);
    char what[160];
    std::snprintf(what, sizeof what, "%s: a replayed game of %u plies through actions/apply_action/set_dice", id, again.plies);
    check(again.plies == first.plies && again.plies > 10 && again.allocations == 0, what, again.allocations);

    // Searching: apply and undo around one position.
    undo_all(g);
    std::vector<int32_t> buffer(4096);
    size_t n = 0;
    const long before = allocations;
    for (int round = 0; round < 50; ++round) {
        if (ludus_game_phase(g) == LUDUS_PHASE_ROLL) {
            int dice[2] = {3, 5};
            ludus_game_set_dice(g, dice, 2);
        }
        ludus_game_actions(g, buffer.data(), buffer.size(), &n);
        for (size_t k = 0; k < n; ++k) {
            ludus_game_apply_action(g, buffer[k]);
            ludus_game_undo(g);
        }
    }
    std::snprintf(what, sizeof what, "%s: 50 rounds of apply and undo of every legal action", id);
    check(allocations - before == 0, what, allocations - before);
    ludus_game_free(g);
}

template <class R>
static void core_playouts_without_allocation(const char *what, const typename R::Options &o) {
    std::vector<ludus::Action> buffer;
    buffer.reserve(4096);
    ludus::KeyLog<R> log;
    log.keys.reserve(20000);
    unsigned plies = 0;
    const long before = allocations;
    for (uint64_t seed = 1; seed <= 20; ++seed) {
        typename R::State s = R::initial(o);
        ludus::Rng rng{seed};
        log.keys.clear();
        plies += ludus::play_randomly<R>(o, s, rng, 10000, buffer, log).plies;
    }
    char line[160];
    std::snprintf(line, sizeof line, "%s: 20 random games (%u plies) through the core", what, plies);
    check(allocations - before == 0 && plies > 100, line, allocations - before);
}

int main() {
    game_replayed_without_allocation("petteia", "{\"seed\": 3}");
    game_replayed_without_allocation("duodecim", "{\"seed\": 3}");
    core_playouts_without_allocation<ludus::PetteiaBitRules>("petteia 8x8", ludus::PetteiaRules::parse_options({{"seed", 1}}));
    core_playouts_without_allocation<ludus::DuodecimRules>("duodecim", ludus::DuodecimRules::parse_options({{"seed", 1}}));
    std::printf("%d passed, %d failed\n", passes, failures);
    return failures == 0 ? 0 : 1;
}
