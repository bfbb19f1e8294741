// Shared by the fuzz targets: they use only the public C header, as an application would, and
// check the library's promises on every input (a broken promise aborts, which the fuzzer
// reports): no crash, no leak, a failed call leaves the game unchanged, every saved state of the
// current version loads again and saves identically.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <ludus/ludus.h>
#include <nlohmann/json.hpp>

namespace fuzz {

[[noreturn]] inline void broken(const char *what, const std::string &detail = "") {
    std::fprintf(stderr, "broken promise: %s\n%s\nlast error: %s\n", what, detail.c_str(), ludus_last_error());
    std::abort();
}

// The saved JSON of g ("" if saving fails, which itself breaks a promise).
inline std::string save(const ludus_game *g) {
    char *out = nullptr;
    if (ludus_game_to_json(g, &out) != LUDUS_OK || out == nullptr) broken("ludus_game_to_json failed on a live game");
    std::string text(out);
    ludus_string_free(out);
    return text;
}

// Saving, restoring and saving again gives the same text; the restored game is returned.
inline ludus_game *round_trip(const ludus_game *g) {
    const std::string saved = save(g);
    ludus_game *restored = nullptr;
    if (ludus_game_from_json(saved.c_str(), &restored) != LUDUS_OK)
        broken("a state saved by this version does not load", saved);
    if (save(restored) != saved) broken("restoring a saved state and saving it again differs", saved);
    if (ludus_game_phase(restored) != ludus_game_phase(g) || ludus_game_to_move(restored) != ludus_game_to_move(g) ||
        ludus_game_result(restored) != ludus_game_result(g))
        broken("a restored game reports another phase, player or result", saved);
    return restored;
}

inline std::vector<int32_t> actions(const ludus_game *g) {
    size_t n = 0;
    ludus_status s = ludus_game_actions(g, nullptr, 0, &n);
    if (s != LUDUS_OK && s != LUDUS_E_BUFFER_TOO_SMALL) return {};
    std::vector<int32_t> out(n);
    if (n > 0 && ludus_game_actions(g, out.data(), out.size(), &n) != LUDUS_OK)
        broken("ludus_game_actions with the capacity it asked for");
    out.resize(n);
    return out;
}

// A cheap summary of the position (not of the history): phase, player, result, legal actions.
inline std::string fingerprint(const ludus_game *g) {
    std::string f = std::to_string(ludus_game_phase(g)) + "/" + std::to_string(ludus_game_to_move(g)) + "/" +
                    std::to_string(ludus_game_result(g)) + ":";
    for (int32_t a : actions(g)) f += std::to_string(a) + ",";
    return f;
}

// Calls that must not change the game when they fail: checks it, by the whole saved state when
// `thorough`, else by the position's fingerprint (saving is linear in the history).
template <class Call>
inline ludus_status unchanged_on_failure(ludus_game *g, Call &&call, const char *what, bool thorough = true) {
    const std::string before = thorough ? save(g) : fingerprint(g);
    ludus_status s = call();
    if (s != LUDUS_OK && (thorough ? save(g) : fingerprint(g)) != before)
        broken(what, "a failed call changed the game");
    if (s == LUDUS_E_INTERNAL) broken(what, "LUDUS_E_INTERNAL");
    return s;
}

// Exercises every read-only call of a game; the strings are freed.
inline void inspect(const ludus_game *g) {
    char *out = nullptr;
    if (ludus_game_legal_moves(g, &out) == LUDUS_OK)
        ludus_string_free(out);
    else if (out != nullptr)
        broken("a failed call left a string in *out");
    out = nullptr;
    if (ludus_game_chance_outcomes(g, &out) == LUDUS_OK) ludus_string_free(out);
    for (int32_t a : actions(g)) {
        out = nullptr;
        if (ludus_game_action_text(g, a, &out) != LUDUS_OK) broken("ludus_game_action_text of a listed action");
        ludus_string_free(out);
    }
}

// Legal moves of g (at most max_moves), each played by its text on a clone and undone; the first
// `round_trips` of them also saved and restored.
inline void play_each(const ludus_game *g, size_t max_moves = 16, size_t round_trips = 2) {
    inspect(g);
    std::vector<int32_t> list = actions(g);
    if (list.size() > max_moves) list.resize(max_moves);
    const std::string before = save(g);
    size_t played = 0;
    for (int32_t a : list) {
        ludus_game *c = nullptr;
        if (ludus_game_clone(g, &c) != LUDUS_OK) broken("ludus_game_clone");
        char *text = nullptr;
        if (ludus_game_action_text(c, a, &text) != LUDUS_OK) broken("ludus_game_action_text of a listed action");
        ludus_status s = ludus_game_play(c, text);  // by its text: must be the same move
        ludus_string_free(text);
        if (s != LUDUS_OK) broken("playing a listed action by its text fails");
        ludus_game *r = nullptr;
        if (played++ < round_trips) {
            r = round_trip(c);
            inspect(r);
        } else if (ludus_game_clone(c, &r) != LUDUS_OK) {
            broken("ludus_game_clone");
        }
        if (ludus_game_undo(r) != LUDUS_OK) broken("undo after a move");
        if (save(r) != before) broken("undo after a move does not give the position before it", before);
        ludus_game_free(r);
        ludus_game_free(c);
    }
    if (ludus_game_phase(g) == LUDUS_PHASE_ROLL) {
        ludus_game *c = nullptr;
        if (ludus_game_clone(g, &c) != LUDUS_OK) broken("ludus_game_clone");
        int dice[8];
        size_t n = 0;
        if (ludus_game_roll(c, dice, 8, &n) != LUDUS_OK) broken("ludus_game_roll in phase roll");
        ludus_game *r = round_trip(c);
        if (ludus_game_undo(r) != LUDUS_OK || save(r) != before) broken("undo after a roll");
        ludus_game_free(r);
        ludus_game_free(c);
    }
}

// The catalogue of games (ludus_games), read once: the targets and their seeds take every game
// from it, so that a game registered is fuzzed the day it is registered.
inline const nlohmann::json &catalogue() {
    static const nlohmann::json games = [] {
        char *text = nullptr;
        if (ludus_games(&text) != LUDUS_OK) broken("ludus_games");
        nlohmann::json parsed = nlohmann::json::parse(text);
        ludus_string_free(text);
        return parsed;
    }();
    return games;
}

// A game of the catalogue in one of its rulesets: options {"ruleset": name}, or {}.
struct Variant {
    std::string id;
    nlohmann::json options;
    const nlohmann::json *entry;  // the game's catalogue entry
};

// Every game of the catalogue in each of its rulesets, in the catalogue's order.
inline const std::vector<Variant> &variants() {
    static const std::vector<Variant> all = [] {
        std::vector<Variant> out;
        for (const nlohmann::json &entry : catalogue()) {
            const nlohmann::json &options = entry["options"];
            if (!options.contains("ruleset"))
                out.push_back({entry["id"], nlohmann::json::object(), &entry});
            else
                for (const nlohmann::json &ruleset : options["ruleset"]["values"])
                    out.push_back({entry["id"], {{"ruleset", ruleset}}, &entry});
        }
        return out;
    }();
    return all;
}

// Throws the game's dice: from the generator, or every other time one of its chance outcomes
// chosen by r and given from outside (the values the game's own dice can show).
inline void throw_dice(ludus_game *g, uint32_t r) {
    if (r % 2 == 0) {
        int dice[8];
        size_t n = 0;
        if (ludus_game_roll(g, dice, 8, &n) != LUDUS_OK) broken("roll in phase roll");
        return;
    }
    char *text = nullptr;
    if (ludus_game_chance_outcomes(g, &text) != LUDUS_OK) broken("chance outcomes in phase roll");
    const nlohmann::json outcomes = nlohmann::json::parse(text);
    ludus_string_free(text);
    const std::vector<int> dice = outcomes.at((r / 2) % outcomes.size())["dice"];
    if (ludus_game_set_dice(g, dice.data(), dice.size()) != LUDUS_OK) broken("set_dice with a chance outcome");
}

// Plays up to `plies` random plies (throws count as plies) chosen by a generator seeded with `seed`.
inline void play_random(ludus_game *g, unsigned plies, uint32_t seed) {
    uint32_t r = seed * 2654435761u + 1;
    for (unsigned i = 0; i < plies && ludus_game_phase(g) != LUDUS_PHASE_OVER; ++i) {
        r = r * 1103515245u + 12345u;
        if (ludus_game_phase(g) == LUDUS_PHASE_ROLL) {
            throw_dice(g, r >> 8);
            continue;
        }
        std::vector<int32_t> list = actions(g);
        if (list.empty()) broken("phase move without a legal action");
        if (ludus_game_apply_action(g, list[(r >> 8) % list.size()]) != LUDUS_OK) broken("apply a listed action");
    }
}

// The positions of the move target (fuzz_play), all fixed by `which`: every game and ruleset of
// the catalogue in turn, each after 0, 7, 14, ... 35 random plies, its dice thrown.
inline ludus_game *position(unsigned which) {
    const std::vector<Variant> &all = variants();
    const Variant &variant = all[which % all.size()];
    nlohmann::json options = variant.options;
    options["seed"] = which;
    ludus_game *g = nullptr;
    if (ludus_game_new(variant.id.c_str(), options.dump().c_str(), &g) != LUDUS_OK)
        broken("ludus_game_new of a fixed position");
    play_random(g, static_cast<unsigned>(which / all.size()) * 7 % 42, which);
    if (ludus_game_phase(g) == LUDUS_PHASE_ROLL) throw_dice(g, which);  // a position with its dice thrown
    return g;
}

// The input as a NUL-terminated string (the API takes C strings; a NUL inside ends it).
inline std::string text_of(const uint8_t *data, size_t size) {
    return std::string(reinterpret_cast<const char *>(data), size);
}

}  // namespace fuzz
