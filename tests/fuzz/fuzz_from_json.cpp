// ludus_game_from_json on untrusted text; a game it accepts must then work in every call:
// its legal moves are listed, each is played (by text), saved, restored and undone.
#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const std::string text = fuzz::text_of(data, size);
    ludus_game *g = nullptr;
    ludus_status s = ludus_game_from_json(text.c_str(), &g);
    if (s != LUDUS_OK) {
        if (g != nullptr) fuzz::broken("a failed restore left a game in *out");
        if (s == LUDUS_E_INTERNAL || ludus_last_error()[0] == '\0') fuzz::broken("a refused state without a reason");
        return 0;
    }
    ludus_game *r = fuzz::round_trip(g);
    fuzz::play_each(g);
    // Undo back through the whole history (each step must succeed) to the start.
    for (int i = 0; i < 100000 && ludus_game_undo(r) == LUDUS_OK; ++i)
        if (i % 32 == 0) fuzz::inspect(r);
    if (ludus_game_undo(r) != LUDUS_E_NOTHING_TO_UNDO)
        fuzz::broken("undo at the start must say LUDUS_E_NOTHING_TO_UNDO");
    ludus_game_free(r);
    ludus_game_free(g);
    return 0;
}
