// Many threads at once, each with its own games, through the public header only: create, play
// random games (rolls included), save, restore, clone, free. Checks that the results are the same
// as when the same games are played alone (no shared state between handles), that
// ludus_last_error is per thread, and that the computer player searches on several threads. Built and run under
// ThreadSanitizer in CI.
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <ludus/ludus.h>
#include <nlohmann/json.hpp>

namespace {

std::atomic<int> failures{0};

void check(bool ok, const char *what) {
    if (!ok) {
        std::fprintf(stderr, "FAIL: %s (last error: %s)\n", what, ludus_last_error());
        ++failures;
    }
}

std::string save(const ludus_game *g) {
    char *out = nullptr;
    check(ludus_game_to_json(g, &out) == LUDUS_OK, "to_json");
    std::string s = out != nullptr ? out : "";
    ludus_string_free(out);
    return s;
}

// Plays one seeded game to its end (or a ply limit), saving, restoring and cloning on the way.
// Returns the final saved state, so that runs can be compared.
std::string play_one(const char *game_id, unsigned seed) {
    const std::string options = "{\"seed\": " + std::to_string(seed) + "}";
    ludus_game *g = nullptr;
    check(ludus_game_new(game_id, options.c_str(), &g) == LUDUS_OK, "new");
    if (g == nullptr) return "";
    std::mt19937 rng(seed);
    std::vector<int32_t> actions(4096);
    for (int ply = 0; ply < 400 && ludus_game_phase(g) != LUDUS_PHASE_OVER; ++ply) {
        if (ludus_game_phase(g) == LUDUS_PHASE_ROLL) {
            int dice[8];
            size_t n = 0;
            check(ludus_game_roll(g, dice, 8, &n) == LUDUS_OK, "roll");
        } else {
            size_t n = 0;
            check(ludus_game_actions(g, actions.data(), actions.size(), &n) == LUDUS_OK && n > 0, "actions");
            if (n == 0) break;
            check(ludus_game_apply_action(g, actions[rng() % n]) == LUDUS_OK, "apply_action");
        }
        if (ply % 37 == 0) {  // save and restore: the game goes on with the restored copy
            const std::string saved = save(g);
            ludus_game *r = nullptr;
            check(ludus_game_from_json(saved.c_str(), &r) == LUDUS_OK, "from_json");
            if (r != nullptr) {
                ludus_game_free(g);
                g = r;
            }
        }
        if (ply % 53 == 0) {  // a clone, played on a little and dropped
            ludus_game *c = nullptr;
            check(ludus_game_clone(g, &c) == LUDUS_OK, "clone");
            char *moves = nullptr;
            if (ludus_game_phase(c) == LUDUS_PHASE_MOVE) {
                check(ludus_game_legal_moves(c, &moves) == LUDUS_OK, "legal_moves");
                ludus_string_free(moves);
            }
            ludus_game_free(c);
        }
    }
    std::string final_state = save(g);
    ludus_game_free(g);
    return final_state;
}

// Two threads provoke different errors at the same moment; each must read its own message.
void own_errors(int which, std::atomic<int> &ready) {
    ludus_game *g = nullptr;
    ++ready;
    while (ready.load() < 2) {}
    for (int i = 0; i < 2000; ++i) {
        if (which == 0) {
            check(ludus_game_new("no-such-game", nullptr, &g) == LUDUS_E_UNKNOWN_GAME, "unknown game");
            check(std::strstr(ludus_last_error(), "no-such-game") != nullptr,
                  "thread 0 reads its own error (unknown game)");
        } else {
            check(ludus_game_from_json("{\"format\": 1}", &g) != LUDUS_OK, "bad state");
            check(std::strstr(ludus_last_error(), "format") != nullptr, "thread 1 reads its own error (format)");
        }
        std::this_thread::yield();
    }
}

// Plays n random plies (rolls included) of g with rng.
void play_plies(ludus_game *g, std::mt19937 &rng, int n) {
    std::vector<int32_t> actions(4096);
    for (int ply = 0; ply < n && ludus_game_phase(g) != LUDUS_PHASE_OVER; ++ply) {
        size_t count = 0;
        if (ludus_game_phase(g) == LUDUS_PHASE_ROLL) {
            int dice[8];
            check(ludus_game_roll(g, dice, 8, &count) == LUDUS_OK, "roll");
        } else {
            check(ludus_game_actions(g, actions.data(), actions.size(), &count) == LUDUS_OK && count > 0, "actions");
            if (count > 0) check(ludus_game_apply_action(g, actions[rng() % count]) == LUDUS_OK, "apply_action");
        }
    }
}

// Clones share their history with the game they were made from: clones handed to other threads
// are played on, undone and freed there while the original goes on and undoes in this one.
void clones_across_threads(const char *game_id) {
    ludus_game *g = nullptr;
    check(ludus_game_new(game_id, "{\"seed\": 5}", &g) == LUDUS_OK, "new");
    std::mt19937 rng(5);
    play_plies(g, rng, 300);  // a history longer than a block
    std::vector<ludus_game *> clones;
    for (int t = 0; t < 6; ++t) {
        ludus_game *c = nullptr;
        check(ludus_game_clone(g, &c) == LUDUS_OK, "clone");
        clones.push_back(c);
    }
    std::vector<std::thread> workers;
    for (int t = 0; t < 6; ++t)
        workers.emplace_back([c = clones[t], t] {
            std::mt19937 own(100 + t);
            for (int round = 0; round < 20; ++round) {  // undoing into the shared history too
                play_plies(c, own, 40);
                for (int k = 0; k < 45 && ludus_game_undo(c) == LUDUS_OK; ++k) {}
            }
            ludus_game_free(c);
        });
    for (int round = 0; round < 20; ++round) {
        play_plies(g, rng, 40);
        for (int k = 0; k < 40 && ludus_game_undo(g) == LUDUS_OK; ++k) {}
    }
    for (auto &w : workers) w.join();
    while (ludus_game_undo(g) == LUDUS_OK) {}
    char *fresh_json = nullptr;
    ludus_game *fresh = nullptr;
    check(ludus_game_new(game_id, "{\"seed\": 5}", &fresh) == LUDUS_OK, "new");
    check(ludus_game_to_json(fresh, &fresh_json) == LUDUS_OK, "to_json");
    check(fresh_json != nullptr && save(g) == fresh_json,
          "undone to the start after its clones were freed by other threads");
    ludus_string_free(fresh_json);
    ludus_game_free(fresh);
    ludus_game_free(g);
}

// The integer of the move that ludus_ai_choose answered (its "action" member), or -1.
long chosen_action(const ludus_game *g, const char *options) {
    char *move = nullptr;
    if (ludus_ai_choose(g, options, &move) != LUDUS_OK) return -1;
    const char *at = std::strstr(move, "\"action\":");
    const long action = at != nullptr ? std::strtol(at + 9, nullptr, 10) : -1;
    ludus_string_free(move);
    return action;
}

// The computer player searching on two threads (shared transposition table in Petteia, shared
// candidates in Duodecim) from positions along random games, while other threads search too:
// legal moves, and in Duodecim (whose threads share out whole candidates) the same move as on one
// thread. LUDUS_THREADS_POSITIONS (default 4) sets the positions each searcher tries: Duodecim's
// full search (its rollouts run 10000 rounds) takes minutes a position under ThreadSanitizer.
void searches_on_threads(const char *game_id) {
    const char *positions_env = std::getenv("LUDUS_THREADS_POSITIONS");
    const int positions = positions_env != nullptr ? std::max(1, std::atoi(positions_env)) : 4;
    std::vector<std::thread> searchers;
    for (int t = 0; t < 2; ++t)
        searchers.emplace_back([game_id, t, positions] {
            ludus_game *g = nullptr;
            const std::string options = "{\"seed\": " + std::to_string(20 + t) + "}";
            check(ludus_game_new(game_id, options.c_str(), &g) == LUDUS_OK, "new");
            std::mt19937 rng(20 + t);
            std::vector<int32_t> actions(4096);
            for (int position = 0; position < positions && ludus_game_phase(g) != LUDUS_PHASE_OVER; ++position) {
                play_plies(g, rng, 7);
                if (ludus_game_phase(g) == LUDUS_PHASE_ROLL) play_plies(g, rng, 1);
                if (ludus_game_phase(g) != LUDUS_PHASE_MOVE) continue;
                size_t n = 0;
                check(ludus_game_actions(g, actions.data(), actions.size(), &n) == LUDUS_OK, "actions");
                const long two =
                    chosen_action(g, "{\"level\": \"best\", \"threads\": 2, \"max_nodes\": 20000, \"seed\": 1}");
                check(std::find(actions.begin(), actions.begin() + static_cast<long>(n), two) !=
                          actions.begin() + static_cast<long>(n),
                      "a search on two threads chooses a legal move");
                if (std::strcmp(game_id, "duodecim") == 0)
                    check(chosen_action(g, "{\"threads\": 2, \"max_nodes\": 100000000}") ==
                              chosen_action(g, "{\"max_nodes\": 100000000}"),
                          "duodecim: the same move on two threads as on one");
            }
            ludus_game_free(g);
        });
    for (auto &s : searchers) s.join();
}

}  // namespace

// The ids of the catalogue's games: every game is played on threads the day it is registered.
std::vector<std::string> game_ids() {
    char *text = nullptr;
    check(ludus_games(&text) == LUDUS_OK, "ludus_games");
    std::vector<std::string> ids;
    for (const nlohmann::json &entry : nlohmann::json::parse(text)) ids.push_back(entry["id"]);
    ludus_string_free(text);
    return ids;
}

int main() {
    const std::vector<std::string> ids = game_ids();
    const size_t count = ids.size();
    const int threads = 8, games_per_thread = 6;

    // The same games played alone first: the reference.
    std::vector<std::string> expected(threads * games_per_thread);
    for (int t = 0; t < threads; ++t)
        for (int k = 0; k < games_per_thread; ++k)
            expected[t * games_per_thread + k] = play_one(ids[(t + k) % count].c_str(), 1000u + t * 100u + k);

    std::vector<std::string> got(expected.size());
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([&, t] {
            for (int k = 0; k < games_per_thread; ++k)
                got[t * games_per_thread + k] = play_one(ids[(t + k) % count].c_str(), 1000u + t * 100u + k);
        });
    for (auto &th : pool) th.join();
    for (size_t i = 0; i < got.size(); ++i)
        check(got[i] == expected[i], "a game played among other threads ends as when played alone");

    for (const std::string &id : ids) clones_across_threads(id.c_str());
    for (const std::string &id : ids) searches_on_threads(id.c_str());

    std::atomic<int> ready{0};
    std::thread a(own_errors, 0, std::ref(ready)), b(own_errors, 1, std::ref(ready));
    a.join();
    b.join();

    // The library's catalogue and version from many threads at once (static data).
    pool.clear();
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([] {
            for (int i = 0; i < 50; ++i) {
                char *catalogue = nullptr;
                check(ludus_games(&catalogue) == LUDUS_OK, "games");
                ludus_string_free(catalogue);
                check(std::strcmp(ludus_version(), LUDUS_VERSION_STRING) == 0, "version");
            }
        });
    for (auto &th : pool) th.join();

    const int failed = failures.load();
    std::printf("%d threads x %d games, error messages per thread: %s\n", threads, games_per_thread,
                failed == 0 ? "ok" : "FAILED");
    return failed == 0 ? 0 : 1;
}
