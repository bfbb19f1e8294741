// Move text and move JSON in ludus_game_play. The first byte chooses one of the positions of
// every game and ruleset (fuzz::position: start, middle, dice thrown); the rest is the move. A move that is refused
// leaves the game unchanged; one that is accepted is one of the legal moves and can be undone.
#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size == 0) return 0;
    // The positions are built once (up to 40 plies each) and cloned for each input.
    static ludus_game *positions[256];
    if (positions[data[0]] == nullptr) positions[data[0]] = fuzz::position(data[0]);
    ludus_game *g = nullptr;
    if (ludus_game_clone(positions[data[0]], &g) != LUDUS_OK) fuzz::broken("ludus_game_clone");
    const std::string move = fuzz::text_of(data + 1, size - 1);
    const std::string before = fuzz::save(g);
    ludus_status s = fuzz::unchanged_on_failure(
        g, [&] { return ludus_game_play(g, move.c_str()); }, "ludus_game_play");
    if (s == LUDUS_OK) {
        ludus_game *r = fuzz::round_trip(g);
        if (ludus_game_undo(r) != LUDUS_OK || fuzz::save(r) != before) fuzz::broken("undo of a played move", move);
        ludus_game_free(r);
    } else if (ludus_last_error()[0] == '\0') {
        fuzz::broken("a refused move without a reason", move);
    }
    ludus_game_free(g);
    return 0;
}
