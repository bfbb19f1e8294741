/* Plays a seeded random game of any game to its end through the C ABI and prints it.
 * Usage: play_random [GAME] [OPTIONS_JSON]     e.g. play_random petteia '{"rows":6,"cols":5}'
 * Shows: creating a game, the phases, rolling dice, listing moves as integers and as text,
 * playing, and reading the result. */
#include <ludus/ludus.h>
#include <stdio.h>
#include <stdlib.h>

static int check(ludus_status status, const char *what) {
    if (status != LUDUS_OK) fprintf(stderr, "%s failed: %s: %s\n", what, ludus_status_name(status), ludus_last_error());
    return status == LUDUS_OK;
}

int main(int argc, char **argv) {
    const char *game_id = argc > 1 ? argv[1] : "petteia";
    const char *options = argc > 2 ? argv[2] : "{\"seed\": 42}";
    ludus_game *game = NULL;
    if (!check(ludus_game_new(game_id, options, &game), "ludus_game_new")) return 1;

    srand(42);
    int32_t actions[4096];
    unsigned plies = 0;
    while (ludus_game_phase(game) != LUDUS_PHASE_OVER && plies < 100000) {
        if (ludus_game_phase(game) == LUDUS_PHASE_ROLL) {
            int dice[8];
            size_t count = 0;
            if (!check(ludus_game_roll(game, dice, 8, &count), "ludus_game_roll")) break;
            printf("player %d: roll", ludus_game_to_move(game));
            for (size_t i = 0; i < count; ++i) printf(" %d", dice[i]);
            printf("\n");
            continue;
        }
        size_t count = 0;
        if (!check(ludus_game_actions(game, actions, sizeof actions / sizeof actions[0], &count), "ludus_game_actions"))
            break;
        int32_t chosen = actions[rand() % (int)count];
        char *text = NULL;
        if (!check(ludus_game_action_text(game, chosen, &text), "ludus_game_action_text")) break;
        printf("player %d: %s\n", ludus_game_to_move(game), text);
        ludus_string_free(text);
        if (!check(ludus_game_apply_action(game, chosen), "ludus_game_apply_action")) break;
        ++plies;
    }

    static const char *const results[] = {"ongoing", "player 0 won", "player 1 won", "draw"};
    ludus_result result = ludus_game_result(game);
    printf("%s after %u moves\n", result >= 0 ? results[result] : "?", plies);
    ludus_game_free(game);
    return result == LUDUS_RESULT_ONGOING ? 1 : 0;
}
