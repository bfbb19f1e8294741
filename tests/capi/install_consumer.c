/* A program built against the installed libludus (see install_test.sh): plays a seeded random
 * Petteia game to its end, saves it, restores it, and checks that the restored game gives the
 * same legal moves and the same saved JSON, also after undoing a few moves.
 * Usage: install_consumer [SEED] */
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long state;
static unsigned next_random(unsigned n) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return (unsigned)(state % n);
}

static int same_string(char *a, char *b) {
    int same = a != NULL && b != NULL && strcmp(a, b) == 0;
    ludus_string_free(a);
    ludus_string_free(b);
    return same;
}

static char *saved(const ludus_game *g) {
    char *s = NULL;
    return ludus_game_to_json(g, &s) == LUDUS_OK ? s : NULL;
}

static char *moves(const ludus_game *g) {
    char *s = NULL;
    return ludus_game_legal_moves(g, &s) == LUDUS_OK ? s : NULL;
}

/* The two games agree: saved JSON, legal moves (JSON and integers), phase, result. */
static void check_same(const ludus_game *a, const ludus_game *b, int line) {
    int32_t xa[1024], xb[1024];
    size_t na = 0, nb = 0;
    check_at(same_string(saved(a), saved(b)), __FILE__, line, "same to_json");
    check_at(same_string(moves(a), moves(b)), __FILE__, line, "same legal moves");
    check_at(ludus_game_actions(a, xa, 1024, &na) == LUDUS_OK && ludus_game_actions(b, xb, 1024, &nb) == LUDUS_OK &&
                 na == nb && memcmp(xa, xb, na * sizeof xa[0]) == 0,
             __FILE__, line, "same actions");
    check_at(ludus_game_phase(a) == ludus_game_phase(b) && ludus_game_result(a) == ludus_game_result(b) &&
                 ludus_game_to_move(a) == ludus_game_to_move(b),
             __FILE__, line, "same phase, result and player to move");
}

int main(int argc, char **argv) {
    unsigned long long seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 1;
    char options[200];
    ludus_game *game = NULL, *restored = NULL;
    char *json = NULL;
    int32_t actions[1024];
    size_t count = 0;
    int plies = 0, i;

    state = 0x9E3779B97F4A7C15ull ^ (seed * 0x100000001B3ull);
    CHECK(strcmp(ludus_version(), LUDUS_VERSION_STRING) == 0); /* the header and the library agree */

    snprintf(options, sizeof options,
             "{\"rows\": 6, \"cols\": 5, \"seed\": %llu, \"draw_plies_without_capture\": 60, \"draw_repetitions\": 3}",
             seed);
    if (ludus_game_new("petteia", options, &game) != LUDUS_OK) {
        fprintf(stderr, "ludus_game_new: %s\n", ludus_last_error());
        return 1;
    }
    while (ludus_game_phase(game) == LUDUS_PHASE_MOVE && plies < 100000) {
        if (ludus_game_actions(game, actions, 1024, &count) != LUDUS_OK || count == 0) {
            CHECK(!"legal actions in phase move");
            break;
        }
        OK(ludus_game_apply_action(game, actions[next_random((unsigned)count)]));
        ++plies;
    }
    CHECK(ludus_game_phase(game) == LUDUS_PHASE_OVER);
    CHECK(ludus_game_result(game) != LUDUS_RESULT_ONGOING);

    json = saved(game);
    CHECK(json != NULL);
    OK(ludus_game_from_json(json, &restored));
    ludus_string_free(json);
    if (restored == NULL) return check_summary("install consumer");
    check_same(game, restored, __LINE__);
    for (i = 0; i < 6 && i < plies; ++i) {
        OK(ludus_game_undo(game));
        OK(ludus_game_undo(restored));
        check_same(game, restored, __LINE__);
    }
    CHECK(ludus_game_phase(restored) == LUDUS_PHASE_MOVE);
    /* both continue alike */
    if (ludus_game_actions(game, actions, 1024, &count) == LUDUS_OK && count > 0) {
        int32_t a = actions[next_random((unsigned)count)];
        OK(ludus_game_apply_action(game, a));
        OK(ludus_game_apply_action(restored, a));
        check_same(game, restored, __LINE__);
    }
    ludus_game_free(game);
    ludus_game_free(restored);
    printf("seed %llu: %d plies\n", seed, plies);
    return check_summary("install consumer");
}
