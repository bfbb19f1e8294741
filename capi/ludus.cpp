// The C ABI: validates arguments, calls the core, turns every exception into a status and a
// per-thread message. No game logic lives here.
#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <type_traits>
#include <vector>

#include "../lib/game.hpp"
#include "../lib/json_util.hpp"
#include "../lib/recent_options.hpp"
#include "ludus/ludus.h"

struct ludus_game {
    std::unique_ptr<ludus::Game> game;
};

using ludus::Error;
using ludus::Status;

static_assert(static_cast<int>(Status::internal) == LUDUS_E_INTERNAL &&
              static_cast<int>(Status::nothing_to_undo) == LUDUS_E_NOTHING_TO_UNDO &&
              static_cast<int>(Status::illegal_move) == LUDUS_E_ILLEGAL_MOVE &&
              static_cast<int>(Status::invalid_state) == LUDUS_E_INVALID_STATE);
static_assert(static_cast<int>(ludus::Phase::over) == LUDUS_PHASE_OVER &&
              static_cast<int>(ludus::Result::draw) == LUDUS_RESULT_DRAW);

namespace {

thread_local std::string last_error;

ludus_status set_error(ludus_status status, const char *message) {
    try {
        last_error = message;
    } catch (...) {
        last_error.clear();  // out of memory while reporting: keep the status at least
    }
    return status;
}

// Runs `body` and converts whatever it throws. `body` returns nothing; success is LUDUS_OK.
template <class Body>
ludus_status guarded(Body &&body) {
    try {
        body();
        return LUDUS_OK;
    } catch (const Error &e) {
        return set_error(static_cast<ludus_status>(e.status()), e.what());
    } catch (const std::bad_alloc &) {
        return set_error(LUDUS_E_NO_MEMORY, "out of memory");
    } catch (const std::exception &e) {
        return set_error(LUDUS_E_INTERNAL, (std::string("internal error: ") + e.what()).c_str());
    } catch (...) { return set_error(LUDUS_E_INTERNAL, "internal error: unknown exception"); }
}

[[noreturn, gnu::cold, gnu::noinline]] void null_argument(const char *name) {
    ludus::fail(Status::invalid_argument, std::string(name) + " must not be NULL");
}

// Out of line, so that the fast paths that can end here build no message inline.
[[noreturn, gnu::cold, gnu::noinline]] void too_small(size_t n, const char *what, size_t capacity) {
    ludus::fail(Status::buffer_too_small,
                std::to_string(n) + " " + what + " in a capacity of " + std::to_string(capacity));
}

// Inline: every call of the fast path checks its pointers.
inline void require(const void *pointer, const char *name) {
    if (pointer == nullptr) [[unlikely]]
        null_argument(name);
}

char *copy_out(const std::string &text) {
    char *out = static_cast<char *>(std::malloc(text.size() + 1));
    if (out == nullptr) throw std::bad_alloc();
    std::memcpy(out, text.c_str(), text.size() + 1);
    return out;
}

// Clears *out first so that a failed call leaves NULL there.
template <class T>
void clear_out(T **out) {
    if (out != nullptr) *out = nullptr;
}

// Limits (ludus.h): the length is checked with a bounded strnlen and the depth by a pre-scan
// inside json_util::parse, before anything is parsed.
static_assert(ludus::json_util::max_state_bytes == LUDUS_MAX_STATE_BYTES &&
              ludus::json_util::max_move_bytes == LUDUS_MAX_MOVE_BYTES &&
              ludus::json_util::max_options_bytes == LUDUS_MAX_OPTIONS_BYTES &&
              ludus::json_util::max_depth == LUDUS_MAX_JSON_DEPTH);

ludus::json parse_json_argument(const char *text, const char *name,
                                size_t max_bytes = ludus::json_util::max_options_bytes) {
    require(text, name);
    return ludus::json_util::parse(text, name, max_bytes);
}

ludus_game *wrap(std::unique_ptr<ludus::Game> game) { return new ludus_game{std::move(game)}; }

// Options as JSON text (a new game's, the pictures', the computer player's): none (NULL) is an
// empty object.
ludus::json options_argument(const char *options_json) {
    return options_json == nullptr ? ludus::json::object() : parse_json_argument(options_json, "options_json");
}

// A call that answers with a text the caller frees (ludus_string_free): clears *out, checks `g`
// and `out` (named `out_name` in the message), and copies out text_of(game) (a string, or JSON
// that is dumped).
template <class TextOf>
ludus_status text_out(const ludus_game *g, char **out, const char *out_name, TextOf text_of) {
    clear_out(out);
    return guarded([&] {
        require(g, "g");
        require(out, out_name);
        const auto text = text_of(*g->game);
        if constexpr (std::is_same_v<std::remove_cvref_t<decltype(text)>, std::string>)
            *out = copy_out(text);
        else
            *out = copy_out(text.dump());
    });
}

}  // namespace

extern "C" {

const char *ludus_version(void) { return LUDUS_VERSION_STRING; }

const char *ludus_last_error(void) { return last_error.c_str(); }

const char *ludus_status_name(ludus_status status) {
    // A C caller may pass any int: it is read as one, never loaded as an out-of-range enum
    // (undefined in C++; clang's UBSan reports it).
    static_assert(sizeof(ludus_status) == sizeof(int));
    int code;
    std::memcpy(&code, &status, sizeof code);
    switch (code) {
    case LUDUS_OK: return "LUDUS_OK";
    case LUDUS_E_INVALID_ARGUMENT: return "LUDUS_E_INVALID_ARGUMENT";
    case LUDUS_E_BAD_JSON: return "LUDUS_E_BAD_JSON";
    case LUDUS_E_UNKNOWN_GAME: return "LUDUS_E_UNKNOWN_GAME";
    case LUDUS_E_UNKNOWN_OPTION: return "LUDUS_E_UNKNOWN_OPTION";
    case LUDUS_E_INVALID_OPTION: return "LUDUS_E_INVALID_OPTION";
    case LUDUS_E_INVALID_MOVE: return "LUDUS_E_INVALID_MOVE";
    case LUDUS_E_ILLEGAL_MOVE: return "LUDUS_E_ILLEGAL_MOVE";
    case LUDUS_E_WRONG_PHASE: return "LUDUS_E_WRONG_PHASE";
    case LUDUS_E_GAME_OVER: return "LUDUS_E_GAME_OVER";
    case LUDUS_E_INVALID_STATE: return "LUDUS_E_INVALID_STATE";
    case LUDUS_E_BUFFER_TOO_SMALL: return "LUDUS_E_BUFFER_TOO_SMALL";
    case LUDUS_E_NO_MEMORY: return "LUDUS_E_NO_MEMORY";
    case LUDUS_E_NOTHING_TO_UNDO: return "LUDUS_E_NOTHING_TO_UNDO";
    case LUDUS_E_INTERNAL: return "LUDUS_E_INTERNAL";
    }
    return "LUDUS_E_UNKNOWN_STATUS";
}

void ludus_string_free(char *s) { std::free(s); }

ludus_status ludus_games(char **out_json) {
    clear_out(out_json);
    return guarded([&] {
        require(out_json, "out_json");
        *out_json = copy_out(ludus::games_catalogue().dump());
    });
}

ludus_status ludus_game_new(const char *game_id, const char *options_json, ludus_game **out) {
    clear_out(out);
    return guarded([&] {
        require(game_id, "game_id");
        require(out, "out");
        *out = wrap(ludus::new_game_from_text(game_id, options_json, &options_argument));  // through the thread's cache
    });
}

ludus_status ludus_game_from_json(const char *state_json, ludus_game **out) {
    clear_out(out);
    return guarded([&] {
        require(out, "out");
        *out = wrap(
            ludus::game_from_json(parse_json_argument(state_json, "state_json", ludus::json_util::max_state_bytes)));
    });
}

ludus_status ludus_game_to_json(const ludus_game *g, char **out_json) {
    return text_out(g, out_json, "out_json", [](const ludus::Game &game) { return game.to_json(); });
}

ludus_status ludus_game_clone(const ludus_game *g, ludus_game **out) {
    clear_out(out);
    return guarded([&] {
        require(g, "g");
        require(out, "out");
        *out = wrap(g->game->clone());
    });
}

void ludus_game_free(ludus_game *g) { delete g; }

ludus_phase ludus_game_phase(const ludus_game *g) {
    if (g == nullptr) return set_error(LUDUS_E_INVALID_ARGUMENT, "g must not be NULL"), LUDUS_PHASE_INVALID;
    return static_cast<ludus_phase>(g->game->phase());
}

int ludus_game_to_move(const ludus_game *g) {
    if (g == nullptr) return set_error(LUDUS_E_INVALID_ARGUMENT, "g must not be NULL"), -1;
    return g->game->to_move();
}

ludus_result ludus_game_result(const ludus_game *g) {
    if (g == nullptr) return set_error(LUDUS_E_INVALID_ARGUMENT, "g must not be NULL"), LUDUS_RESULT_INVALID;
    return static_cast<ludus_result>(g->game->result());
}

const char *ludus_game_end_reason(const ludus_game *g) {
    if (g == nullptr) return set_error(LUDUS_E_INVALID_ARGUMENT, "g must not be NULL"), nullptr;
    return ludus::end_reason_name(g->game->end_reason());
}

ludus_status ludus_game_position_json(const ludus_game *g, char **out_json) {
    return text_out(g, out_json, "out_json", [](const ludus::Game &game) { return game.position_json(); });
}

ludus_status ludus_game_roll(ludus_game *g, int *out_values, size_t capacity, size_t *out_count) {
    return guarded([&] {
        require(g, "g");
        require(out_count, "out_count");
        if (out_values == nullptr && capacity > 0)
            ludus::fail(Status::invalid_argument, "out_values is NULL but capacity is not 0");
        if (capacity >= ludus::Game::max_dice) {  // room for any game's dice: straight into the caller's buffer
            *out_count = g->game->roll_into(std::span<int, ludus::Game::max_dice>(out_values, ludus::Game::max_dice));
            return;
        }
        std::array<int, ludus::Game::max_dice> dice{};
        const size_t n = g->game->roll_into(dice);
        *out_count = n;
        if (n > capacity) [[unlikely]] {
            g->game->undo();  // a failed call leaves the game as it was
            too_small(n, "dice rolled do not fit", capacity);
        }
        for (size_t i = 0; i < dice.size(); ++i)  // a fixed bound: no call to memcpy for a few bytes
            if (i < n) out_values[i] = dice[i];
    });
}

ludus_status ludus_game_set_dice(ludus_game *g, const int *values, size_t count) {
    return guarded([&] {
        require(g, "g");
        if (values == nullptr && count > 0) ludus::fail(Status::invalid_argument, "values is NULL but count is not 0");
        g->game->set_dice(std::span<const int>(values, count));
    });
}

ludus_status ludus_game_chance_outcomes(const ludus_game *g, char **out_json) {
    return text_out(g, out_json, "out_json", [](const ludus::Game &game) { return game.chance_outcomes(); });
}

ludus_status ludus_game_legal_moves(const ludus_game *g, char **out_json) {
    return text_out(g, out_json, "out_json", [](const ludus::Game &game) { return ludus::legal_moves_json(game); });
}

ludus_status ludus_game_play(ludus_game *g, const char *move) {
    return guarded([&] {
        require(g, "g");
        require(move, "move");
        const size_t length =
            ludus::json_util::bounded_length(move, ludus::json_util::max_move_bytes, "the move", Status::invalid_move);
        ludus::play_move(*g->game, std::string_view(move, length));
    });
}

ludus_status ludus_game_undo(ludus_game *g) {
    return guarded([&] {
        require(g, "g");
        g->game->undo();
    });
}

ludus_status ludus_game_agree_draw(ludus_game *g) {
    return guarded([&] {
        require(g, "g");
        g->game->agree_draw();
    });
}

ludus_status ludus_game_apply_event(ludus_game *g, const char *event_json) {
    return guarded([&] {
        require(g, "g");
        const ludus::json event = parse_json_argument(event_json, "event_json", ludus::json_util::max_move_bytes);
        if (!event.is_object())
            ludus::fail(Status::bad_json, std::string("event_json must be a JSON object, not ") + event.type_name());
        g->game->apply_event(event, "event");
    });
}

ludus_status ludus_game_actions(const ludus_game *g, int32_t *out, size_t capacity, size_t *out_count) {
    return guarded([&] {
        require(g, "g");
        require(out_count, "out_count");
        if (out == nullptr && capacity > 0) ludus::fail(Status::invalid_argument, "out is NULL but capacity is not 0");
        // Written straight into the caller's buffer when it has room for any position's moves.
        const size_t n = g->game->legal_actions(std::span<ludus::Action>(out, capacity));
        *out_count = n;
        if (n > capacity) [[unlikely]]
            too_small(n, "legal actions do not fit", capacity);
    });
}

ludus_status ludus_game_apply_action(ludus_game *g, int32_t action) {
    return guarded([&] {
        require(g, "g");
        g->game->apply_action(action);
    });
}

ludus_status ludus_game_action_text(const ludus_game *g, int32_t action, char **out) {
    return text_out(g, out, "out", [&](const ludus::Game &game) { return game.action_text(action); });
}

ludus_status ludus_game_render_svg(const ludus_game *g, const char *options_json, char **out_svg) {
    return text_out(g, out_svg, "out_svg",
                    [&](const ludus::Game &game) { return game.render_svg(options_argument(options_json)); });
}

ludus_status ludus_game_render_text(const ludus_game *g, const char *options_json, char **out_text) {
    return text_out(g, out_text, "out_text",
                    [&](const ludus::Game &game) { return game.render_text(options_argument(options_json)); });
}

ludus_status ludus_game_random_playout(ludus_game *g, uint64_t seed, uint32_t max_plies, ludus_result *out_result,
                                       uint32_t *out_plies) {
    return guarded([&] {
        require(g, "g");
        const ludus::PlayoutResult played = g->game->random_playout(seed, max_plies);
        if (out_result != nullptr) *out_result = static_cast<ludus_result>(played.result);
        if (out_plies != nullptr) *out_plies = played.plies;
    });
}

ludus_status ludus_game_playouts(const ludus_game *g, uint64_t seed, uint32_t n, uint32_t max_plies,
                                 ludus_result *out_results, uint32_t *out_plies) {
    return guarded([&] {
        require(g, "g");
        if (n == 0) return;
        if (g->game->phase() == ludus::Phase::over)
            ludus::fail(Status::game_over, "the game is over: nothing to play out");
        // In batches on the stack: no allocation for the results, whatever n.
        std::array<ludus::PlayoutResult, 64> batch;
        for (uint32_t first = 0; first < n; first += batch.size()) {
            const uint32_t count = std::min<uint32_t>(batch.size(), n - first);
            g->game->random_playouts(seed + first, max_plies, std::span(batch).first(count));
            for (uint32_t i = 0; i < count; ++i) {
                if (out_results != nullptr) out_results[first + i] = static_cast<ludus_result>(batch[i].result);
                if (out_plies != nullptr) out_plies[first + i] = batch[i].plies;
            }
        }
    });
}

ludus_status ludus_ai_choose(const ludus_game *g, const char *options_json, char **out_move_json) {
    return text_out(g, out_move_json, "out_move_json",
                    [&](const ludus::Game &game) { return game.ai_choose(options_argument(options_json)); });
}

}  // extern "C"
