// The integer path allocates nothing per ply: once a game's buffers are warm (its history has
// held as many entries before), legal actions, apply, rolls and undo make no heap allocation.
// Every game and ruleset of the catalogue, through the C ABI and through the rules' own types.
// Counted by replacing operator new for this whole process (the library included).
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "ludus/ludus.h"
#include "registry_games.hpp"
#include "rules_game.hpp"

// The replacements below pair malloc with free; GCC cannot see that through inlining.
#if defined(__GNUC__) && !defined(__clang__)
#  pragma GCC diagnostic ignored "-Wmismatched-new-delete"
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
    std::vector<int32_t> actions;  // -1 marks a throw: the number of dice, then their values
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
    // At most 2,000 moves: the history's per-thread pool (lib/history.hpp) keeps 16 blocks of
    // 16 KiB, 2,048 entries of the largest states (Kowalski's 128-bit boards), and a longer game
    // allocates again when replayed.
    while (ludus_game_phase(g) != LUDUS_PHASE_OVER && out.plies < 2000) {
        size_t n = 0;
        if (ludus_game_phase(g) == LUDUS_PHASE_ROLL) {
            // the game's own throw the first time (whatever its dice), given from outside again
            int dice[8];
            size_t count = 0;
            if (replay) {
                count = static_cast<size_t>((*replay)[i + 1]);
                for (size_t k = 0; k < count; ++k) dice[k] = (*replay)[i + 2 + k];
                i += 2 + count;
                ludus_game_set_dice(g, dice, count);
            } else {
                ludus_game_roll(g, dice, 8, &count);
                out.actions.insert(out.actions.end(), {-1, static_cast<int32_t>(count)});
                out.actions.insert(out.actions.end(), dice, dice + count);
            }
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
    while (ludus_game_undo(g) == LUDUS_OK) {}
}

static void game_replayed_without_allocation(const char *id, const char *options) {
    ludus_game *g = nullptr;
    ludus_game_new(id, options, &g);
    Played first = play(g, 7, nullptr);  // warms the history and the buffers
    undo_all(g);
    Played again = play(g, 7, &first.actions);
    char what[256];
    std::snprintf(what, sizeof what, "%s %s: a replayed game of %u plies through actions/apply_action/set_dice", id,
                  options, again.plies);
    check(again.plies == first.plies && again.plies > 10 && again.allocations == 0, what, again.allocations);

    // Searching: apply and undo around one position.
    undo_all(g);
    std::vector<int32_t> buffer(4096);
    size_t n = 0;
    const long before = allocations;
    for (int round = 0; round < 50; ++round) {
        if (ludus_game_phase(g) == LUDUS_PHASE_ROLL) {
            int dice[8];
            size_t count = 0;
            ludus_game_roll(g, dice, 8, &count);
        }
        ludus_game_actions(g, buffer.data(), buffer.size(), &n);
        for (size_t k = 0; k < n; ++k) {
            ludus_game_apply_action(g, buffer[k]);
            ludus_game_undo(g);
        }
    }
    std::snprintf(what, sizeof what, "%s %s: 50 rounds of apply and undo of every legal action", id, options);
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

// Every game of the catalogue in each of its rulesets, as ludus_game_new's options.
static std::vector<std::pair<std::string, std::string>> every_ruleset() {
    char *text = nullptr;
    ludus_games(&text);
    std::vector<std::pair<std::string, std::string>> out;
    for (const nlohmann::json &entry : nlohmann::json::parse(text)) {
        const nlohmann::json &options = entry["options"];
        if (!options.contains("ruleset"))
            out.emplace_back(entry["id"], R"({"seed": 3})");
        else
            for (const nlohmann::json &ruleset : options["ruleset"]["values"])
                out.emplace_back(entry["id"], nlohmann::json{{"seed", 3}, {"ruleset", ruleset}}.dump());
    }
    ludus_string_free(text);
    return out;
}

int main() {
    for (const auto &[id, options] : every_ruleset()) {
        game_replayed_without_allocation(id.c_str(), options.c_str());
        const std::string what = id + " " + options;
        ludus::with_game_rules(id, nlohmann::json::parse(options), [&]<class R>(const typename R::Options &o) {
            core_playouts_without_allocation<R>(what.c_str(), o);
        });
    }
    std::printf("%d passed, %d failed\n", passes, failures);
    return failures == 0 ? 0 : 1;
}
