// Helpers shared by the doctest suites of the core.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <concepts>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "error.hpp"
#include "game.hpp"
#include "registry.hpp"
#include "rules_game.hpp"

namespace ludus::testing {

// The JSON file `name` of game `id`'s folder (lib/<id>/; the folder LUDUS_GAMES_DIR, set by
// tests/core/meson.build), or null for a game without it; `path` is set to the file.
inline json game_file_of(const std::string &id, const std::string &name, std::string &path) {
    const char *folder = std::getenv("LUDUS_GAMES_DIR");
    REQUIRE_MESSAGE(folder != nullptr, "LUDUS_GAMES_DIR: the source's lib/ (tests/core/meson.build sets it)");
    path = std::string(folder) + "/" + id + "/" + name;
    std::ifstream in(path);
    if (!in) return nullptr;
    std::stringstream text;
    text << in.rdbuf();
    return json::parse(text.str());
}

// The number attribute `name` of the SVG tag that starts at `tag`.
inline double svg_number(const std::string &svg, size_t tag, const std::string &name) {
    const size_t start = svg.find(" " + name + "=\"", tag) + name.size() + 3;
    return std::stod(svg.substr(start, svg.find('"', start) - start));
}

// A race board's picture: every tray (rect class "tray") along the board, within the left and
// right ends of its cells (rect data-cell), and every piece in it (its group's discs) inside the
// tray; returns the number of trays.
inline int check_trays_along_the_board(const std::string &svg) {
    double left = 1e300, right = -1e300;
    for (size_t at = svg.find("data-cell=\""); at != std::string::npos; at = svg.find("data-cell=\"", at + 1)) {
        const size_t tag = svg.rfind('<', at);
        if (svg.compare(tag, 5, "<rect") != 0) continue;
        left = std::min(left, svg_number(svg, tag, "x"));
        right = std::max(right, svg_number(svg, tag, "x") + svg_number(svg, tag, "width"));
    }
    int trays = 0;
    for (size_t at = svg.find("class=\"tray\""); at != std::string::npos; at = svg.find("class=\"tray\"", at + 1)) {
        ++trays;
        const size_t tag = svg.rfind('<', at);
        const double x = svg_number(svg, tag, "x"), width = svg_number(svg, tag, "width");
        CHECK(x >= left - 0.02);  // (the picture's numbers to 0.01)
        CHECK(x + width <= right + 0.02);
        const size_t end = svg.find("</g>", at);  // the tray's group: its frame, label and pieces
        for (size_t disc = svg.find("class=\"disc", at); disc < end; disc = svg.find("class=\"disc", disc + 1)) {
            const size_t circle = svg.rfind('<', disc);
            CHECK(svg_number(svg, circle, "cx") + svg_number(svg, circle, "r") <= x + width + 0.02);
        }
    }
    return trays;
}

// What game `id`'s folder pins (lib/<id>/pinned_games.json), or null for a game that pins nothing yet.
inline json pinned_of(const std::string &id, std::string &path) { return game_file_of(id, "pinned_games.json", path); }

// A pinned 64-bit number as the pinned files write it: "0x" and 16 hexadecimal digits.
inline std::string hex64(uint64_t value) {
    char text[19];
    std::snprintf(text, sizeof text, "0x%016llx", static_cast<unsigned long long>(value));
    return text;
}

// The options of each ruleset of a catalogue entry ({} for a game with one set of rules).
inline std::vector<json> rulesets_of(const json &entry) {
    if (!entry["options"].contains("ruleset")) return {json::object()};
    std::vector<json> out;
    for (const json &name : entry["options"]["ruleset"]["values"]) out.push_back({{"ruleset", name}});
    return out;
}

// Whether the rows pin a game of each ruleset of the catalogue entry (a row's options without
// "ruleset" are the default ruleset's).
inline bool pins_every_ruleset(const json &entry, const json &rows) {
    for (const json &ruleset : rulesets_of(entry)) {
        bool found = false;
        for (const json &row : rows) {
            const json named = row["options"].value("ruleset", json());
            found = found || named == ruleset.value("ruleset", named);
        }
        if (!found) return false;
    }
    return true;
}

// The status a call fails with (Status::ok if it does not throw).
Status status_of(auto &&call) {
    try {
        call();
    } catch (const Error &e) { return e.status(); }
    return Status::ok;
}

// A race game's state (counts per player and position) with the players' roles exchanged.
template <class RaceState>
RaceState with_players_exchanged(const RaceState &s) {
    RaceState t = s;
    t.count[0] = s.count[1], t.count[1] = s.count[0];
    t.to_move = static_cast<uint8_t>(1 - s.to_move);
    return t;
}

// The message a call fails with ("" if it does not throw).
std::string message_of(auto &&call) {
    try {
        call();
    } catch (const Error &e) { return e.what(); }
    return "";
}

// A game's options from `given`, completed by each of `defaults` that `given` does not name (the
// tests' fixed seed and the like).
template <class Rules>
typename Rules::Options options_with_defaults(json given, const json &defaults) {
    for (const auto &[key, value] : defaults.items())
        if (!given.contains(key)) given[key] = value;
    return Rules::parse_options(given);
}

// Player p's pieces at `progress` of a race game's state, read and set: its count per position,
// or its own accessors where it keeps none (Ur's pieces on the route are bits).
template <class RaceState>
int count_at(const RaceState &s, int p, int progress) {
    if constexpr (requires { s.count(p, progress); })
        return s.count(p, progress);
    else
        return s.count[p][progress];
}
template <class RaceState>
void set_count_at(RaceState &s, int p, int progress, int pieces) {
    if constexpr (requires { s.set_count(p, progress, pieces); })
        s.set_count(p, progress, pieces);
    else
        s.count[p][progress] = static_cast<uint8_t>(pieces);
}

// A race game's position (Duodecim, XII Scripta, Ur): the listed units of each player as
// {progress, pieces}, every other piece in hand, `to_move` to play.
using Units = std::initializer_list<std::pair<int, int>>;
template <class Rules>
typename Rules::State race_position(const typename Rules::Options &o, Units player0, Units player1, int to_move = 0) {
    using State = typename Rules::State;
    State s = Rules::initial(o);
    int p = 0;
    for (Units units : {player0, player1}) {
        for (auto [progress, pieces] : units) {
            set_count_at(s, p, progress, count_at(s, p, progress) + pieces);
            set_count_at(s, p, State::hand, count_at(s, p, State::hand) - pieces);
        }
        ++p;
    }
    s.to_move = static_cast<uint8_t>(to_move);
    return s;
}

// A list of texts, sorted.
inline std::vector<std::string> sorted(std::vector<std::string> texts) {
    std::sort(texts.begin(), texts.end());
    return texts;
}

// The texts of a game's legal moves, sorted.
inline std::vector<std::string> move_texts(const Game &game) {
    std::vector<Action> actions;
    game.legal_actions(actions);
    std::vector<std::string> texts;
    for (Action a : actions) texts.push_back(game.action_text(a));
    return sorted(texts);
}

// A game of Petteia and one of Duodecim of seed `seed`, each `plies` random plies in (playout
// seed `playout`) and ready for a move: a game without dice and one with them, for the checks
// that hold in every game.
struct GamesInPlay {
    std::unique_ptr<Game> petteia, duodecim;
    std::array<Game *, 2> both() const { return {petteia.get(), duodecim.get()}; }
};
inline GamesInPlay games_in_play(uint64_t seed, uint64_t playout, uint32_t plies) {
    GamesInPlay games{new_game("petteia", {{"seed", seed}}), new_game("duodecim", {{"seed", seed}})};
    games.petteia->random_playout(playout, plies);
    games.duodecim->random_playout(playout, plies);
    if (games.duodecim->phase() == Phase::roll) games.duodecim->roll();
    return games;
}

// `games` random games of `id` with `options` (game g: seed g, a random playout of plies(g)
// plies) saved and loaded again: the same saved state and phase.
template <class Plies>
void check_random_games_load_again(std::string_view id, const json &options, int games, Plies plies) {
    for (int g = 0; g < games; ++g) {
        CAPTURE(g);
        json with_seed = options;
        with_seed["seed"] = g;
        const std::unique_ptr<Game> game = new_game(id, with_seed);
        game->random_playout(static_cast<uint64_t>(g), plies(g));
        const json saved = game->to_json();
        const std::unique_ptr<Game> restored = game_from_json(saved);
        REQUIRE(restored->to_json() == saved);
        CHECK(restored->phase() == game->phase());
    }
}

// A game of `id` with `options` and seed `seed`, `plies` random plies in (playout seed `seed`),
// its dice rolled if `roll` and they are to be rolled, saved and loaded again: the same saved
// state and phase, and, unless the game is over, the same result of a random playout from there.
inline void check_saved_game_round_trip(std::string_view id, json options, uint64_t seed, uint32_t plies, bool roll) {
    options["seed"] = seed;
    const std::unique_ptr<Game> g = new_game(id, options);
    g->random_playout(seed, plies);
    if (roll && g->phase() == Phase::roll) g->roll();
    const json saved = g->to_json();
    const std::unique_ptr<Game> back = game_from_json(saved);
    REQUIRE(back->to_json() == saved);
    CHECK(back->phase() == g->phase());
    if (back->phase() != Phase::over)
        CHECK(back->random_playout(seed + 1, 100000).result == g->clone()->random_playout(seed + 1, 100000).result);
}

// A network's trainer run twice from one seed, `games` games each: the same weights, whose
// checksum is `expected`, the one the trainer of the committed weights computed (a change to the
// trainer that changes its weights shows here; then regenerate the header).
template <class Trainer, class Checksum>
void check_training_repeats(uint64_t games, Checksum checksum, double expected) {
    Trainer a(1), b(1);
    for (uint64_t g = 0; g < games; ++g) {
        a.train_game(1000003 + g, 0.02f, 0.7f);
        b.train_game(1000003 + g, 0.02f, 0.7f);
    }
    CHECK(checksum(a.weights()) == checksum(b.weights()));
    CHECK(checksum(a.weights()) == doctest::Approx(expected).epsilon(1e-9));
}

// A race game at a position, with helpers that speak the notation.
template <class Rules>
struct RaceTable {
    RulesGame<Rules> game;
    RaceTable(const typename Rules::Options &o, const typename Rules::State &s) : game(services_of<Rules>(), o, s) {}
    explicit RaceTable(const typename Rules::Options &o) : game(services_of<Rules>(), o, Rules::initial(o)) {}

    void dice(std::same_as<int> auto... values) {
        const int dice[] = {values...};
        game.set_dice(dice);
    }
    std::vector<std::string> moves() const { return move_texts(game); }
    bool can(const std::string &move) const {
        const auto all = moves();
        return std::find(all.begin(), all.end(), move) != all.end();
    }
    void play(const std::string &move) { play_move(game, move); }
    const typename Rules::State &s() const { return game.state(); }
    int at(int player, int progress) const { return count_at(s(), player, progress); }
    json position() const { return game.to_json()["position"]; }
};

}  // namespace ludus::testing
