// The one cache the library keeps between calls for its caller: ludus_game_new's, per thread.
// A program that plays many games of the same options (a match, a test, a server) gives
// ludus_game_new the same options each time, with a seed or without, its members in any order;
// the thread's cache remembers the options of its last few games, read and checked, each with a
// game at their start, so that the next games of them are made from that game (a clone, or
// Game::with_seed for another seed) and the options are parsed and checked once.
//
// Options are known again by a light reading of their text (read_options_lightly): an object
// whose values are integers, strings without escapes, true, false or null, and whose seed, if
// any, is one the library takes. Anything else (nested values, escapes, fractions, a name
// twice, a seed refused, invalid JSON) is read the ordinary way each time, so that what is
// refused is refused with the same message; options refused are never remembered.
//
// Thread safety: the cache is thread_local, so each thread has its own, no thread sees another's
// and no lock is taken; it is small (the options of `remembered_options` games, each with one
// game at its start, whose options the games made from it share) and freed when its thread
// ends. A game made through it is the same as one made by new_game from the same options, and
// options without a seed (or with a null one) draw a fresh seed for each game.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "game.hpp"

namespace ludus {

// How many options a thread's cache remembers (the least recently used is forgotten).
inline constexpr size_t remembered_options = 4;

// Longer options are read the ordinary way.
inline constexpr size_t max_light_options_bytes = 1024;

// The options text as the cache knows it: every member but the seed, in the order of their
// names, written as a JSON object without spaces, and the seed if one was given (not null).
struct LightOptions {
    std::array<char, max_light_options_bytes + 2> text;  // no allocation: this is read for every game
    size_t size = 0;
    std::optional<uint64_t> seed;

    std::string_view members() const { return {text.data(), size}; }
};

// Reads `text` lightly (see above) into `out`; false if the text is not of that restricted form
// (read it the ordinary way).
bool read_options_lightly(const char *text, LightOptions &out);

// A new game of `game_id` with options given as JSON text (null for the defaults), read by
// `read_options` (which parses and checks the text and fails as the caller's interface says):
// new_game(game_id, read_options(options_json)), through the calling thread's cache.
std::unique_ptr<Game> new_game_from_text(const char *game_id, const char *options_json,
                                         json (*read_options)(const char *));

}  // namespace ludus
