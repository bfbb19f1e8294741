// Writes the fuzz targets' seed corpora and dictionary from the catalogue (ludus_games), so that
// every game and ruleset registered is fuzzed: real saved states of each in every phase, options
// at and beyond the ends of each range, moves (text and JSON) and action programs. The build runs
// it (tests/fuzz/meson.build) into the build folder; nothing it writes is committed.
//   make_corpus WORDS_DICT OUT_DICT SEEDS_DIR [GAMES_DIR]
// WORDS_DICT holds the game-independent words of the JSON (keys, phases, punctuation); OUT_DICT
// gets them and the catalogue's (ids, option names and values, levels, move texts). With GAMES_DIR
// (the source's lib/, by hand after a change of the format or for a new game) it also writes a
// saved file of each game in the current format version into its folder, GAMES_DIR/GAME/saved/,
// where none exists: old ones are never rewritten.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include "fuzz_common.hpp"

namespace {

using nlohmann::json;

std::filesystem::path seeds_dir;
int written = 0;

void write(const std::string &target, const std::string &name, const std::string &bytes) {
    std::filesystem::create_directories(seeds_dir / target);
    std::ofstream(seeds_dir / target / name, std::ios::binary) << bytes;
    ++written;
}

ludus_game *new_game(const std::string &id, const json &options) {
    ludus_game *g = nullptr;
    if (ludus_game_new(id.c_str(), options.dump().c_str(), &g) != LUDUS_OK) return nullptr;
    return g;
}

const char *phase_name(const ludus_game *g) {
    switch (ludus_game_phase(g)) {
    case LUDUS_PHASE_ROLL: return "roll";
    case LUDUS_PHASE_MOVE: return "move";
    default: return "over";
    }
}

// A variant's name in file names: the game, and its ruleset if it has several.
std::string variant_name(const fuzz::Variant &v) {
    return v.options.contains("ruleset") ? v.id + "-" + v.options["ruleset"].get<std::string>() : v.id;
}

// The options of a game taken to one end of their ranges (`high`: each integer its maximum and
// each choice its last value; else the minimum and the first value), but the ruleset and seed.
json at_the_ends(const fuzz::Variant &v, bool high) {
    json options = v.options;
    for (const auto &[name, spec] : v.entry->at("options").items()) {
        if (name == "ruleset" || spec["type"] == "seed") continue;
        if (spec["type"] == "integer") options[name] = high ? spec["max"] : spec["min"];
        if (spec["type"] == "choice") options[name] = high ? spec["values"].back() : spec["values"].front();
    }
    return options;
}

// Saved states of every game and ruleset: with its default options at several points until over
// (or 1,500 plies), and with its options at either end of their ranges (where the game takes them
// together).
void saved_states() {
    int n = 0;
    for (const fuzz::Variant &v : fuzz::variants()) {
        // At most 1,500 plies: most games end before, and a longer history adds replay time,
        // not new paths (the corpus runs as a test in every build).
        const std::pair<json, std::vector<unsigned>> runs[] = {
            {v.options, {0, 1, 2, 3, 9, 40, 1500}},
            {at_the_ends(v, false), {0, 9, 1500}},
            {at_the_ends(v, true), {0, 9, 1500}},
        };
        for (const auto &[options, plies_list] : runs) {
            for (unsigned plies : plies_list) {
                json seeded = options;
                seeded["seed"] = n + 1;
                ludus_game *g = new_game(v.id, seeded);
                if (g == nullptr) break;  // options that exclude each other
                fuzz::play_random(g, plies, n * 31 + plies);
                write("from_json",
                      variant_name(v) + "-" + std::to_string(n) + "-" + std::to_string(plies) + "-" + phase_name(g) +
                          ".json",
                      fuzz::save(g));
                ludus_game_free(g);
            }
            ++n;
        }
        if (v.entry->at("agreed_draws")) {
            ludus_game *g = new_game(v.id, json{{"seed", n}});
            fuzz::play_random(g, 4, n);
            if (ludus_game_agree_draw(g) != LUDUS_OK) fuzz::broken("agree_draw in a game with agreed draws");
            write("from_json", variant_name(v) + "-agreed-draw.json", fuzz::save(g));
            ludus_game_free(g);
        }
    }
}

// Options of every game (first byte: its index in the catalogue): none, the wrong JSON types,
// each option at its default, at either end of its range and one beyond, of the wrong type, and
// an option no game has.
void options_texts() {
    const json &games = fuzz::catalogue();
    for (size_t index = 0; index < games.size(); ++index) {
        const json &entry = games[index];
        std::vector<json> texts = {json::object(), json::array(), nullptr, {{"colour", 1}}};
        for (const auto &[name, spec] : entry["options"].items()) {
            texts.push_back({{name, spec["default"]}});
            texts.push_back({{name, "text"}});
            if (spec.contains("min")) {
                texts.push_back({{name, spec["min"]}});
                texts.push_back({{name, spec["max"]}});
                if (spec["type"] != "seed") {
                    texts.push_back({{name, spec["min"].get<int64_t>() - 1}});
                    texts.push_back({{name, spec["max"].get<int64_t>() + 1}});
                }
            }
            if (spec.contains("values"))
                for (const json &value : spec["values"]) texts.push_back({{name, value}, {"seed", 1}});
        }
        int i = 0;
        for (const json &text : texts)
            write("options", entry["id"].get<std::string>() + "-" + std::to_string(i++),
                  std::string(1, static_cast<char>(index)) + text.dump());
    }
    write("options", "game-id", std::string(1, '\xf0') + games[0]["id"].get<std::string>() + "\n{\"seed\": 1}");
    write("options", "game-id-unknown", std::string(1, '\xf0') + "no_such_game\n{}");
}

// Moves: the first legal moves of two positions of every game and ruleset (fuzz::position), as
// text and as JSON.
void moves(std::set<std::string> &move_texts) {
    const unsigned count = static_cast<unsigned>(2 * fuzz::variants().size());
    for (unsigned which = 0; which < count && which < 256; ++which) {
        ludus_game *g = fuzz::position(which);
        char *text = nullptr;
        if (ludus_game_legal_moves(g, &text) == LUDUS_OK) {
            const json list = json::parse(text);
            ludus_string_free(text);
            for (size_t k = 0; k < list.size() && k < 3; ++k) {
                const std::string move = list[k]["text"];
                move_texts.insert(move);
                write("play", "text-" + std::to_string(which) + "-" + std::to_string(k),
                      std::string(1, static_cast<char>(which)) + move);
            }
            if (!list.empty())
                write("play", "json-" + std::to_string(which),
                      std::string(1, static_cast<char>(which)) + list[0].dump());
        }
        ludus_game_free(g);
    }
}

// Action programs: random bytes, the first choosing each game and ruleset in turn.
void programs() {
    std::mt19937 rng(2024);
    const size_t count = std::max<size_t>(16, fuzz::variants().size());
    for (size_t k = 0; k < count; ++k) {
        std::string program(64 + k * 16, '\0');
        for (char &c : program) c = static_cast<char>(rng());
        program[0] = static_cast<char>(k);
        write("actions", "program-" + std::to_string(k), program);
    }
}

// A libFuzzer dictionary entry: name="value", the value's quotes and backslashes escaped.
std::string entry(const std::string &name, const std::string &value) {
    std::string escaped;
    for (char c : value) {
        if (c == '"' || c == '\\') escaped += '\\';
        escaped += c;
    }
    return name + "=\"" + escaped + "\"\n";
}

// The dictionary: the game-independent words, then the catalogue's.
void dictionary(const std::filesystem::path &words, const std::filesystem::path &out,
                const std::set<std::string> &move_texts) {
    std::set<std::string> values;
    for (const json &game : fuzz::catalogue()) {
        values.insert(json(game["id"]).dump());
        for (const auto &[name, spec] : game["options"].items()) {
            values.insert(json(name).dump() + ":");
            if (spec.contains("values"))
                for (const json &value : spec["values"]) values.insert(value.dump());
        }
        for (const char *levels : {"levels", "other_levels"})
            for (const json &level : game[levels]) values.insert(level.dump());
    }
    for (const std::string &text : move_texts) values.insert(json(text).dump());
    std::ostringstream dict;
    dict << std::ifstream(words).rdbuf();
    dict << "# From the catalogue (tests/fuzz/make_corpus.cpp): game ids, option names and values, levels, moves.\n";
    int i = 0;
    for (const std::string &value : values) dict << entry("catalogue_" + std::to_string(i++), value);
    std::ofstream(out) << dict.str();
}

// Saved files of each game's folder (GAME/saved/): one in the current format version, if none exists.
void data_files(const std::filesystem::path &games_dir) {
    for (const json &game : fuzz::catalogue()) {
        const std::string id = game["id"];
        ludus_game *g = new_game(id, json{{"seed", 1}});
        fuzz::play_random(g, 25, 1);
        const std::string saved = fuzz::save(g);
        ludus_game_free(g);
        const std::filesystem::path folder = games_dir / id / "saved";
        const std::filesystem::path file =
            folder / (id + "-v" + std::to_string(json::parse(saved)["version"].get<int>()) + ".json");
        if (std::filesystem::exists(file)) continue;
        std::filesystem::create_directories(folder);
        std::ofstream(file) << saved << "\n";
    }
}

}  // namespace

int main(int argc, char **argv) {
    if (argc != 4 && argc != 5) {
        std::fprintf(stderr, "usage: %s WORDS_DICT OUT_DICT SEEDS_DIR [GAMES_DIR]\n", argv[0]);
        return 2;
    }
    seeds_dir = argv[3];
    std::filesystem::remove_all(seeds_dir);  // nothing left from an earlier catalogue
    saved_states();
    options_texts();
    std::set<std::string> move_texts;
    moves(move_texts);
    programs();
    dictionary(argv[1], argv[2], move_texts);
    if (argc == 5) data_files(argv[4]);
    std::printf("%d seed inputs written to %s\n", written, seeds_dir.c_str());
    return 0;
}
