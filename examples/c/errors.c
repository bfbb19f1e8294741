/* Every call returns a status; on failure ludus_last_error() says what was wrong and the game
 * is unchanged. This example provokes the common mistakes and prints the library's answers. */
#include <ludus/ludus.h>
#include <stdio.h>

static int expect(ludus_status got, ludus_status wanted, const char *what) {
    printf("%-40s -> %s: %s\n", what, ludus_status_name(got), ludus_last_error());
    return got == wanted;
}

int main(void) {
    ludus_game *game = NULL;
    int ok = 1;
    ok &= expect(ludus_game_new("chess", NULL, &game), LUDUS_E_UNKNOWN_GAME, "an unknown game");
    ok &= expect(ludus_game_new("petteia", "{\"rows\": 99}", &game), LUDUS_E_INVALID_OPTION, "an option out of range");
    ok &= expect(ludus_game_new("petteia", "{\"colour\": 1}", &game), LUDUS_E_UNKNOWN_OPTION, "an unknown option");
    ok &= expect(ludus_game_new("petteia", "{rows: 8", &game), LUDUS_E_BAD_JSON, "malformed JSON");
    if (ludus_game_new("petteia", NULL, &game) != LUDUS_OK) return 1;
    ok &= expect(ludus_game_play(game, "b2-c3"), LUDUS_E_ILLEGAL_MOVE, "a diagonal move");
    ok &= expect(ludus_game_play(game, "hello"), LUDUS_E_INVALID_MOVE, "text that is no move");
    ok &= expect(ludus_game_play(game, NULL), LUDUS_E_INVALID_ARGUMENT, "a NULL move");
    ok &= expect(ludus_game_undo(game), LUDUS_E_NOTHING_TO_UNDO, "undo at the start");
    int dice[2];
    size_t count;
    ok &= expect(ludus_game_roll(game, dice, 2, &count), LUDUS_E_WRONG_PHASE, "dice in a game without dice");
    /* A failed call sets *out to NULL: restore into another variable than a live game. */
    ludus_game *restored = NULL;
    ok &= expect(ludus_game_from_json("{\"format\": \"ludus-state\"}", &restored), LUDUS_E_INVALID_STATE,
                 "an incomplete saved state");
    ludus_game_free(restored);
    ludus_game_free(game);
    printf(ok ? "every mistake got its status\n" : "a status was not the expected one\n");
    return ok ? 0 : 1;
}
