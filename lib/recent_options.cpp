#include "recent_options.hpp"

#include <cstring>
#include <new>
#include <string>

#include "rng.hpp"

namespace ludus {

namespace {

// The options a thread last made a game from and, once they recur, a game at their start.
class RecentOptions {
public:
    std::unique_ptr<Game> new_game(const char *game_id, const char *options_json, json (*read_options)(const char *)) {
        if (!matches(game_id, options_json)) return new_and_remembered(game_id, options_json, read_options);
        if (start_) return start_->clone();
        auto game = ludus::new_game(game_id, read_options(options_json));
        start_ = game->clone();  // the options recur: the next game of them is a clone
        return game;
    }

private:
    // Reads no further into options_json than the remembered text's end.
    bool matches(const char *game_id, const char *options_json) const {
        return options_json != nullptr && !options_json_.empty() && std::strcmp(game_id, game_id_.c_str()) == 0 &&
               std::strncmp(options_json, options_json_.c_str(), options_json_.size() + 1) == 0;
    }

    std::unique_ptr<Game> new_and_remembered(const char *game_id, const char *options_json,
                                             json (*read_options)(const char *)) {
        forget();
        const uint64_t seeds_drawn = fresh_seeds_drawn();
        auto game = ludus::new_game(game_id, read_options(options_json));
        if (options_json != nullptr && fresh_seeds_drawn() == seeds_drawn) remember(game_id, options_json);
        return game;
    }

    void remember(const char *game_id, const char *options_json) noexcept {
        try {
            game_id_ = game_id;
            options_json_ = options_json;
        } catch (const std::bad_alloc &) {
            forget();  // out of memory: the game is made all the same, only not remembered
        }
    }

    void forget() noexcept {
        options_json_.clear();
        start_.reset();
    }

    std::string game_id_, options_json_;  // options_json_ empty: nothing remembered
    std::unique_ptr<Game> start_;         // null until the options recur
};

thread_local RecentOptions recent_options;

}  // namespace

std::unique_ptr<Game> new_game_from_text(const char *game_id, const char *options_json,
                                         json (*read_options)(const char *)) {
    return recent_options.new_game(game_id, options_json, read_options);
}

}  // namespace ludus
