// The rules and the C ABI's rules calls linked without any computer player (tests/capi/meson.build
// links capi/ludus.cpp with the rules, the pictures and the registry that binds no player, and
// not lib/ai/): every game of the catalogue is created, played to its end by the C ABI's own
// random playout, saved, restored and drawn; only ludus_ai_choose says that it has no player.
#include <doctest/doctest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "capi_test_support.hpp"
#include "ludus/ludus.h"

using nlohmann::json;

using ludus_test::ok;
using ludus_test::roll_or_play_first;

TEST_CASE("every game plays, saves, restores and draws without a computer player") {
    char *text = nullptr;
    const json catalogue = ludus_test::catalogue();
    REQUIRE(catalogue.size() >= 4);
    for (const json &entry : catalogue) {
        const std::string id = entry["id"];
        CAPTURE(id);
        ludus_game *g = nullptr;
        ok(ludus_game_new(id.c_str(), "{\"seed\": 3}", &g));
        if (ludus_game_phase(g) == LUDUS_PHASE_ROLL) roll_or_play_first(g);  // the roll
        roll_or_play_first(g);                                               // the first legal move

        ludus_result result = LUDUS_RESULT_INVALID;
        uint32_t plies = 0;
        ok(ludus_game_random_playout(g, 11, 100000, &result, &plies));
        CHECK(plies > 0);

        ok(ludus_game_to_json(g, &text));
        const std::string saved = text;
        ludus_string_free(text);
        ludus_game *restored = nullptr;
        ok(ludus_game_from_json(saved.c_str(), &restored));
        CHECK(ludus_game_result(restored) == ludus_game_result(g));

        ok(ludus_game_render_svg(restored, nullptr, &text));
        CHECK(std::string(text).find("</svg>") != std::string::npos);
        ludus_string_free(text);
        ludus_game_free(restored);
        ludus_game_free(g);

        ok(ludus_game_new(id.c_str(), "{\"seed\": 3}", &g));
        if (ludus_game_phase(g) == LUDUS_PHASE_ROLL) {
            int dice[4];
            size_t count = 0;
            ok(ludus_game_roll(g, dice, 4, &count));
        }
        text = nullptr;
        CHECK(ludus_ai_choose(g, "{\"level\": \"random\"}", &text) == LUDUS_E_INTERNAL);
        CHECK(text == nullptr);
        CHECK(std::string(ludus_last_error()).find("no computer players") != std::string::npos);
        ludus_game_free(g);
    }
}
