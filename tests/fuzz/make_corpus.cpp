// Writes the committed seed corpora of the fuzz targets and the saved files of tests/data/:
// real saved states of both games in every phase, options, moves (text and JSON) and action
// programs. Run from the source root after a change of the formats:
//   build/tests/fuzz/make_corpus tests/fuzz/corpus tests/data
// The saved files of tests/data/ are kept as they were written by the version that wrote them
// (they test that later versions read them): only a new format version adds new files.
#include <filesystem>
#include <fstream>
#include <random>

#include "fuzz_common.hpp"

namespace {

std::filesystem::path corpus_dir;
int written = 0;

void write(const std::string &target, const std::string &name, const std::string &bytes) {
    std::filesystem::create_directories(corpus_dir / target);
    std::ofstream(corpus_dir / target / name, std::ios::binary) << bytes;
    ++written;
}

// Plays `plies` random plies (rolls count as plies) with a generator seeded by `seed`.
void play_random(ludus_game *g, int plies, unsigned seed, size_t dice_count = 2) {
    std::mt19937 rng(seed);
    for (int i = 0; i < plies && ludus_game_phase(g) != LUDUS_PHASE_OVER; ++i) {
        if (ludus_game_phase(g) == LUDUS_PHASE_ROLL) {
            int dice[8];
            size_t n = 0;
            if (i % 3 == 0) {
                int outside[3];
                for (size_t k = 0; k < dice_count; ++k) outside[k] = static_cast<int>(rng() % 6) + 1;
                if (ludus_game_set_dice(g, outside, dice_count) != LUDUS_OK) fuzz::broken("set_dice");
            } else if (ludus_game_roll(g, dice, 8, &n) != LUDUS_OK) {
                fuzz::broken("roll");
            }
        } else {
            std::vector<int32_t> list = fuzz::actions(g);
            if (ludus_game_apply_action(g, list[rng() % list.size()]) != LUDUS_OK) fuzz::broken("apply");
        }
    }
}

ludus_game *new_game(const char *id, const char *options) {
    ludus_game *g = nullptr;
    if (ludus_game_new(id, options, &g) != LUDUS_OK) fuzz::broken("new", options);
    return g;
}

const char *phase_name(const ludus_game *g) {
    switch (ludus_game_phase(g)) {
    case LUDUS_PHASE_ROLL: return "roll";
    case LUDUS_PHASE_MOVE: return "move";
    default: return "over";
    }
}

}  // namespace

int main(int argc, char **argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: %s CORPUS_DIR DATA_DIR\n", argv[0]);
        return 2;
    }
    corpus_dir = argv[1];
    const std::filesystem::path data_dir = argv[2];

    // Saved states: each game with several options, at several points, until over.
    struct Spec {
        const char *id, *options;
    };
    const Spec specs[] = {
        {"petteia", "{\"seed\": 1}"},
        {"petteia", "{\"seed\": 7, \"rows\": 5, \"cols\": 3, \"first_player\": \"random\"}"},
        {"petteia", "{\"seed\": 9, \"rows\": 6, \"cols\": 4, \"draw_plies_without_capture\": 12}"},
        {"petteia", "{\"seed\": 11, \"rows\": 5, \"cols\": 4, \"draw_repetitions\": 2, \"first_player\": 1}"},
        {"duodecim", "{\"seed\": 1}"},
        {"duodecim", "{\"seed\": 5, \"pieces\": 1, \"first_player\": 1}"},
        {"duodecim", "{\"seed\": 6, \"pieces\": 3, \"first_player\": 0}"},
        {"duodecim", "{\"seed\": 8, \"pieces\": 15}"},
        {"xii_scripta", "{\"seed\": 1}"},
        {"xii_scripta", "{\"seed\": 4, \"pieces\": 2, \"ruleset\": \"ludii\", \"first_player\": 1}"},
        {"xii_scripta", "{\"seed\": 5, \"pieces\": 4, \"ruleset\": \"tabletop_murray\"}"},
        {"xii_scripta", "{\"seed\": 6, \"ruleset\": \"tabletop_schaedler\"}"},
        {"latrunculi", "{\"seed\": 1}"},
        {"latrunculi", "{\"seed\": 2, \"ruleset\": \"bell\"}"},
        {"latrunculi", "{\"seed\": 3, \"ruleset\": \"bell_8x7\", \"draw_repetitions\": 3}"},
        {"latrunculi", "{\"seed\": 4, \"ruleset\": \"quintana\", \"draw_plies_without_capture\": 50}"},
        {"latrunculi", "{\"seed\": 5, \"ruleset\": \"kowalski_10x11\", \"draw_plies_without_capture\": 80}"},
        {"latrunculi", "{\"seed\": 6, \"ruleset\": \"schaedler\", \"draw_plies_without_capture\": 60}"},
        {"latrunculi", "{\"seed\": 7, \"ruleset\": \"schaedler_2001\", \"pieces\": 20, \"draw_repetitions\": 3}"},
    };
    int n = 0;
    for (const Spec &spec : specs) {
        for (int plies : {0, 1, 2, 3, 9, 40, 100000}) {
            ludus_game *g = new_game(spec.id, spec.options);
            play_random(g, plies, static_cast<unsigned>(n * 31 + plies), std::string(spec.id) == "xii_scripta" ? 3 : 2);
            write("from_json", std::string(spec.id) + "-" + std::to_string(n) + "-" + std::to_string(plies) + "-" + phase_name(g) + ".json",
                  fuzz::save(g));
            ludus_game_free(g);
        }
        ++n;
    }
    {  // an agreed draw
        ludus_game *g = new_game("petteia", "{\"seed\": 3, \"rows\": 5, \"cols\": 5}");
        play_random(g, 4, 3);
        ludus_game_agree_draw(g);
        write("from_json", "petteia-agreed-draw.json", fuzz::save(g));
        ludus_game_free(g);
    }
    // A hand-made start position (empty history): the documented way to set one up.
    write("from_json", "petteia-hand-made.json",
          R"({"format":"ludus-state","version":1,"game":"petteia","options":{"rows":5,"cols":3,"first_player":0,"seed":4,)"
          R"("draw_plies_without_capture":0,"draw_repetitions":0},"start":{"ranks":["0.0","..0","...","1.1","..1"],"pieces":[3,3],)"
          R"("to_move":0,"phase":"move","result":"ongoing","plies_without_capture":0,"rng":"0000000000000004"},"history":[],)"
          R"("position":{"ranks":["0.0","..0","...","1.1","..1"],"pieces":[3,3],"to_move":0,"phase":"move","result":"ongoing",)"
          R"("plies_without_capture":0,"rng":"0000000000000004"}})");

    // Options (first byte: the game).
    const char *petteia_options[] = {"{}", "{\"rows\": 26, \"cols\": 26}", "{\"rows\": 5, \"cols\": 3, \"seed\": 0}",
                                     "{\"first_player\": \"random\", \"seed\": 18446744073709551615}",
                                     "{\"draw_plies_without_capture\": 100000, \"draw_repetitions\": 100}", "{\"rows\": 4}", "[]", "null"};
    const char *duodecim_options[] = {"{}", "{\"pieces\": 15}", "{\"pieces\": 1, \"first_player\": 1}", "{\"first_player\": \"roll\", \"seed\": 3}",
                                      "{\"pieces\": 0}", "{\"seed\": -1}"};
    const char *xii_options[] = {"{}", "{\"ruleset\": \"ludii\", \"pieces\": 1}", "{\"ruleset\": \"tabletop_schaedler\", \"first_player\": 1}",
                                 "{\"ruleset\": \"bell\"}", "{\"pieces\": 16}", "{\"ruleset\": 1}"};
    int i = 0;
    for (const char *o : xii_options) write("options", "xii_scripta-" + std::to_string(i++), std::string(1, '\2') + o);
    i = 0;
    for (const char *o : petteia_options) write("options", "petteia-" + std::to_string(i++), std::string(1, '\0') + o);
    i = 0;
    for (const char *o : duodecim_options) write("options", "duodecim-" + std::to_string(i++), std::string(1, '\1') + o);
    const char *latrunculi_options[] = {"{}", "{\"ruleset\": \"bell\"}", "{\"ruleset\": \"kowalski_10x11\", \"draw_repetitions\": 2}",
                                        "{\"ruleset\": \"schadler\"}", "{\"ruleset\": \"quintana\", \"draw_plies_without_capture\": 100001}",
                                        "{\"ruleset\": \"schaedler_2001\", \"pieces\": 24}", "{\"ruleset\": \"schaedler\", \"pieces\": 20}",
                                        "{\"ruleset\": \"kowalski\", \"pieces\": 16}"};
    i = 0;
    for (const char *o : latrunculi_options) write("options", "latrunculi-" + std::to_string(i++), std::string(1, '\3') + o);
    write("options", "game-id", std::string(1, '\xf0') + "petteia\n{\"seed\": 1}");

    // Moves: every legal move of some fixed positions, as text and as JSON (whole and part).
    for (unsigned which = 0; which < 32; which += 1) {
        ludus_game *g = fuzz::position(which);
        char *moves = nullptr;
        if (ludus_game_legal_moves(g, &moves) == LUDUS_OK) {
            std::string list = moves;
            ludus_string_free(moves);
            std::vector<int32_t> actions = fuzz::actions(g);
            for (size_t k = 0; k < actions.size() && k < 3; ++k) {
                char *text = nullptr;
                ludus_game_action_text(g, actions[k], &text);
                write("play", "text-" + std::to_string(which) + "-" + std::to_string(k), std::string(1, static_cast<char>(which)) + text);
                ludus_string_free(text);
            }
            // The first move object of the list, whole.
            size_t open = list.find('{'), close = list.find('}');
            if (open != std::string::npos && close != std::string::npos)
                write("play", "json-" + std::to_string(which), std::string(1, static_cast<char>(which)) + list.substr(open, close - open + 1));
        }
        ludus_game_free(g);
    }
    write("play", "json-part", std::string(1, '\0') + "{\"from\": \"b2\", \"to\": \"b5\"}");
    write("play", "bad-text", std::string(1, '\0') + "z9-a0");

    // Action programs: random bytes, for each game.
    std::mt19937 rng(2024);
    for (int k = 0; k < 16; ++k) {
        std::string program(64 + k * 16, '\0');
        for (char &c : program) c = static_cast<char>(rng());
        program[0] = static_cast<char>(k % 2 == 0 ? (program[0] & ~1) : (program[0] | 1));
        write("actions", "program-" + std::to_string(k), program);
    }

    // Saved files of tests/data/ (only those that do not exist yet: old ones are never rewritten).
    struct DataFile {
        Spec spec;
        const char *name;
    };
    for (const auto &[spec, name] : {DataFile{specs[0], "petteia"}, DataFile{specs[4], "duodecim"}, DataFile{specs[8], "xii_scripta"},
                                     DataFile{specs[12], "latrunculi"}, DataFile{specs[17], "latrunculi-schaedler"}}) {
        const std::filesystem::path file = data_dir / (std::string(name) + "-v1.json");
        if (std::filesystem::exists(file)) continue;
        ludus_game *g = new_game(spec.id, spec.options);
        play_random(g, std::string(name) == "latrunculi-schaedler" ? 60 : 25, 1, std::string(spec.id) == "xii_scripta" ? 3 : 2);
        std::ofstream(file) << fuzz::save(g) << "\n";
        ludus_game_free(g);
    }
    std::printf("%d corpus files written to %s\n", written, corpus_dir.c_str());
    return 0;
}
