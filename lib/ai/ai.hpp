// Computer players: one entry point per game's rules, reached from RulesGame<R>::ai_choose. The
// definitions and their explicit instantiations live in each game's folder (lib/<game>/<game>_ai.cpp:
// petteia_ai.cpp for both Petteia boards), so that this header needs no game's header; lib/ai/
// holds the searches several games share.
#pragma once

#include <cstdint>
#include <span>

#include <nlohmann/json.hpp>

namespace ludus {

// The move the computer player of R chooses in state `s`: R::action_json of it plus a "search"
// object (level, depth, nodes, value, time_ms). `earlier_keys` are the keys of the positions
// before each ply of the history that can still recur (draw by repetition), oldest first.
// `options` as documented for ludus_ai_choose (include/ludus/ludus.h). Errors: unknown_option,
// invalid_option, wrong_phase (dice not rolled), game_over.
template <class R>
nlohmann::json ai_choose(const typename R::Options &o, const typename R::State &s,
                         std::span<const uint64_t> earlier_keys, const nlohmann::json &options);

// The catalogue's "levels" of R: the names ai_choose<R> accepts for "level", the game's own
// searches weakest first (the last, "best", the default and the strongest), then those of every
// game that are not ranked with them ("uct"): {"levels": [...], "other_levels": [...],
// "default_level": "best"}. Defined beside each game's table of levels.
template <class R>
nlohmann::json ai_levels();

}  // namespace ludus
