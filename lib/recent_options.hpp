// The one cache the library keeps between calls for its caller: ludus_game_new's, per thread.
// A program that plays many games of the same options (a match, a test, a server) gives
// ludus_game_new the same JSON text each time; the thread's cache remembers the text it last
// made a game from and, once that text recurs, a game at its start, so that the next games of it
// are clones and the options are parsed and checked once.
//
// Thread safety: the cache is thread_local, so each thread has its own, no thread sees another's
// and no lock is taken; it is small (the text and one game at its start, whose options are
// shared with the games cloned from it) and freed when its thread ends. A game made through it
// is the same as one made by new_game: options that draw a seed from the operating system (no
// "seed") are never remembered, so each game of them draws its own.
#pragma once

#include <memory>

#include "game.hpp"

namespace ludus {

// A new game of `game_id` with options given as JSON text (null for the defaults), read by
// `read_options` (which parses and checks the text and fails as the caller's interface says):
// new_game(game_id, read_options(options_json)), through the calling thread's cache.
std::unique_ptr<Game> new_game_from_text(const char *game_id, const char *options_json,
                                         json (*read_options)(const char *));

}  // namespace ludus
