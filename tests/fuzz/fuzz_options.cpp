// Options JSON in ludus_game_new. The first byte chooses the game of the catalogue (or, rarely,
// passes the input's first line as the game id); the rest is the options text.
#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size == 0) return 0;
    const nlohmann::json &games = fuzz::catalogue();
    std::string rest = fuzz::text_of(data + 1, size - 1);
    std::string id;
    if (data[0] < 0xf0) {
        id = games[data[0] % games.size()]["id"];
    } else {
        size_t nl = rest.find('\n');
        id = rest.substr(0, nl);
        rest = nl == std::string::npos ? "" : rest.substr(nl + 1);
    }
    ludus_game *g = nullptr;
    ludus_status s = ludus_game_new(id.c_str(), data[0] == 0xff ? nullptr : rest.c_str(), &g);
    if (s != LUDUS_OK) {
        if (g != nullptr) fuzz::broken("a failed ludus_game_new left a game in *out");
        if (s == LUDUS_E_INTERNAL || ludus_last_error()[0] == '\0') fuzz::broken("a refused option without a reason");
        return 0;
    }
    // A few plies with these options, each saved and restored.
    for (int ply = 0; ply < 3 && ludus_game_phase(g) != LUDUS_PHASE_OVER; ++ply) {
        fuzz::play_each(g, 4, 1);
        if (ludus_game_phase(g) == LUDUS_PHASE_ROLL) {
            int dice[8];
            size_t n = 0;
            if (ludus_game_roll(g, dice, 8, &n) != LUDUS_OK) fuzz::broken("roll in phase roll");
        } else {
            std::vector<int32_t> list = fuzz::actions(g);
            if (list.empty()) fuzz::broken("phase move without a legal action");
            if (ludus_game_apply_action(g, list[(size + ply) % list.size()]) != LUDUS_OK)
                fuzz::broken("apply a listed action");
        }
    }
    ludus_game_free(fuzz::round_trip(g));
    ludus_game_free(g);
    return 0;
}
