// Options of the computer players (ludus_ai_choose), checked once for every game, and the
// budget (nodes, time) a search runs under.
#pragma once

#include <chrono>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "../game.hpp"

namespace ludus::ai {

struct Level {
    std::string_view name;
    int depth;             // the level's search depth (0: no search)
    bool timed;            // "best": 1000 ms a move unless max_nodes (or max_time_ms) is given
};

// Monte Carlo tree search (uct.hpp), a level of every game besides the game's own.
inline constexpr Level uct_level{"uct", 0, true};

struct AiOptions {
    Level level;
    int depth = 0;              // the depth asked for or the level's
    uint64_t seed = 0;
    int64_t max_time_ms = 0;    // 0 = no time limit
    uint64_t max_nodes = 0;     // 0 = no node limit
    int threads = 1;
    uint64_t max_playouts = 0;  // "uct": 0 = no playout limit
    double exploration = 0;     // "uct": the constant C of UCB1; 0 = the game's default
};

// Reads {"level", "depth", "seed", "max_time_ms", "max_nodes", "threads", and for "uct"
// "max_playouts", "exploration"}: unknown_option for another key, invalid_option (naming the
// option) for a wrong type or value. `levels` are the game's levels, weakest first; the last is
// "best"; "uct" is known besides them. `max_depth` bounds "depth".
AiOptions parse_options(const json &given, std::span<const Level> levels, int max_depth);

// Nodes and time of one search. With a node budget alone the search never looks at the clock.
class Budget {
public:
    explicit Budget(const AiOptions &o)
        : max_nodes_(o.max_nodes), max_time_ms_(o.max_time_ms), start_(std::chrono::steady_clock::now()) {}

    // Counts one node; true when the budget is spent (and from then on).
    bool spend() {
        ++nodes_;
        if (stopped_) return true;
        if (max_nodes_ != 0 && nodes_ > max_nodes_) stopped_ = true;
        if (max_time_ms_ != 0 && (nodes_ & 1023) == 0 && elapsed_ms() >= max_time_ms_) stopped_ = true;
        return stopped_;
    }
    bool stopped() const { return stopped_; }
    uint64_t nodes() const { return nodes_; }
    int64_t elapsed_ms() const {
        return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start_).count();
    }

private:
    uint64_t max_nodes_;
    int64_t max_time_ms_;
    std::chrono::steady_clock::time_point start_;
    uint64_t nodes_ = 0;
    bool stopped_ = false;
};

// The "search" object of the answer.
json search_json(const AiOptions &o, int depth, uint64_t nodes, double value, int64_t time_ms);

}  // namespace ludus::ai
