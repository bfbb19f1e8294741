// Options of the computer players (ludus_ai_choose), checked once for every game, and the
// budget (nodes, time) a search runs under.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "../game.hpp"

namespace ludus::ai {

struct Level {
    std::string_view name;
    int depth;   // the level's search depth (0: no search)
    bool timed;  // "best": 1000 ms a move unless max_nodes (or max_time_ms) is given
};

// The five levels every game's own player has, weakest first, named once here: "random" and
// "greedy" (one ply) search nothing deeper; the game gives the depths of "easy", "medium" and
// "best" (which alone is timed).
constexpr std::array<Level, 5> standard_levels(int easy, int medium, int best) {
    return {{{"random", 0, false},
             {"greedy", 1, false},
             {"easy", easy, false},
             {"medium", medium, false},
             {"best", best, true}}};
}

// Monte Carlo tree search (uct.hpp), a level of every game besides the game's own.
inline constexpr Level uct_level{"uct", 0, true};

struct AiOptions {
    Level level;
    int depth = 0;  // the depth asked for or the level's
    uint64_t seed = 0;
    int64_t max_time_ms = 0;  // 0 = no time limit
    uint64_t max_nodes = 0;   // 0 = no node limit
    int threads = 1;
    uint64_t max_playouts = 0;  // "uct": 0 = no playout limit
    double exploration = 0;     // "uct": the constant C of UCB1; 0 = the game's default
};

// The most threads a search accepts: more than any machine this library targets has cores, few
// enough that a mistaken value cannot exhaust the process.
constexpr int max_threads = 64;

// Reads {"level", "depth", "seed", "max_time_ms", "max_nodes", "threads" (1..max_threads), and for "uct"
// "max_playouts", "exploration"}: unknown_option for another key, invalid_option (naming the
// option) for a wrong type or value. `levels` are the game's levels, weakest first; the last is
// "best"; "uct" is known besides them. `max_depth` bounds "depth".
AiOptions parse_options(const json &given, std::span<const Level> levels, int max_depth);

// What the threads of one search share: the nodes counted so far (in batches) and the order to
// stop.
struct SharedBudget {
    std::atomic<uint64_t> nodes{0};
    std::atomic<bool> stop{false};
};

// Nodes and time of one search (of one thread of it). With a node budget alone the search never
// looks at the clock. Alone (no SharedBudget) it stops at exactly max_nodes, so that a search on
// one thread repeats; threads add their nodes to the shared count every `batch` nodes, so the
// budget of a search on several threads is the sum over them (overshot by < threads * batch).
//
// A search can hold its budget (hold(), release()) while it does the work without which it has
// no move worth playing (Petteia: the main thread's first iteration): held, it counts nodes but
// is stopped by nothing, neither its own budget nor the other threads' (which may have spent
// the shared one first); released, it stops at once if the budget is spent. So a budget smaller
// than that work is overshot, and a move always comes from a completed search.
class Budget {
public:
    static constexpr uint64_t batch = 256;

    explicit Budget(const AiOptions &o, SharedBudget *shared = nullptr)
        : max_nodes_(o.max_nodes), max_time_ms_(o.max_time_ms), shared_(shared),
          start_(std::chrono::steady_clock::now()) {}

    // Counts one node; true when the budget is spent (and from then on).
    bool spend() {
        ++nodes_;
        if (stopped_) return true;
        if (held_) {
            if (shared_ != nullptr && nodes_ % batch == 0 && max_nodes_ != 0 &&
                shared_->nodes.fetch_add(batch, std::memory_order_relaxed) + batch > max_nodes_)
                shared_->stop.store(true, std::memory_order_relaxed);  // the others stop; this search goes on
            return false;
        }
        if (shared_ == nullptr) {
            if (max_nodes_ != 0 && nodes_ > max_nodes_) stopped_ = true;
        } else {
            if (nodes_ % batch == 0 && max_nodes_ != 0 &&
                shared_->nodes.fetch_add(batch, std::memory_order_relaxed) + batch > max_nodes_)
                stop_all();
            if (shared_->stop.load(std::memory_order_relaxed)) stopped_ = true;
        }
        if (max_time_ms_ != 0 && (nodes_ & 1023) == 0 && elapsed_ms() >= max_time_ms_) stop_all();
        return stopped_;
    }
    // Holds the budget: nothing stops this search until release().
    void hold() { held_ = true; }
    // Ends the hold: stopped from now on if the budget (own, shared or time) is spent.
    void release() {
        held_ = false;
        if (stopped_) return;
        // Shared, this search's nodes not yet added to the shared count (less than a batch) count
        // too: otherwise whether a budget smaller than a batch is spent would depend on how far
        // the other threads had got, that is on the scheduler.
        const bool spent =
            shared_ == nullptr
                ? max_nodes_ != 0 && nodes_ > max_nodes_
                : shared_->stop.load(std::memory_order_relaxed) ||
                      (max_nodes_ != 0 && shared_->nodes.load(std::memory_order_relaxed) + nodes_ % batch > max_nodes_);
        if (spent || (max_time_ms_ != 0 && elapsed_ms() >= max_time_ms_)) stop_all();
    }
    // Stops this search and, when shared, every thread of it.
    void stop_all() {
        stopped_ = true;
        if (shared_ != nullptr) shared_->stop.store(true, std::memory_order_relaxed);
    }
    bool stopped() const { return stopped_; }
    uint64_t nodes() const { return nodes_; }
    int64_t elapsed_ms() const {
        return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start_).count();
    }

private:
    uint64_t max_nodes_;
    int64_t max_time_ms_;
    SharedBudget *shared_;
    std::chrono::steady_clock::time_point start_;
    uint64_t nodes_ = 0;
    bool stopped_ = false;
    bool held_ = false;
};

// The catalogue's levels of a game whose own levels are `levels` (ai.hpp: ai_levels), and its
// "search_values": what the "value" of each level's search counts: `value_unit` ("pieces",
// "steps" of the race, or "chance" of winning, 0..1), `best_value_unit` for "best" where it
// counts another; null for "random" (nothing searched); "uct"'s a chance in every game.
json levels_json(std::span<const Level> levels, std::string_view value_unit, std::string_view best_value_unit = {});

// The "search" object of the answer.
json search_json(const AiOptions &o, int depth, uint64_t nodes, double value, int64_t time_ms);

// Runs work(0) .. work(count - 1), work(0) on the calling thread and the others on threads of
// their own; the first exception of any is thrown again here once all have ended.
void run_on_threads(size_t count, const std::function<void(size_t)> &work);

}  // namespace ludus::ai
