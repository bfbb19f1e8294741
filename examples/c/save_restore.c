/* Saves a game as JSON, restores it, and checks that both continue alike.
 * Shows: playing moves by text and by JSON object, ludus_game_to_json / ludus_game_from_json,
 * ludus_game_undo, and releasing every string. */
#include <ludus/ludus.h>
#include <stdio.h>
#include <string.h>

#define TRY(call)                                                                                                      \
  do {                                                                                                                 \
    ludus_status status_ = (call);                                                                                     \
    if (status_ != LUDUS_OK) {                                                                                         \
      fprintf(stderr, "%s: %s: %s\n", #call, ludus_status_name(status_), ludus_last_error());                          \
      return 1;                                                                                                        \
    }                                                                                                                  \
  } while (0)

int main(void) {
    ludus_game *game = NULL, *restored = NULL;
    char *saved = NULL, *moves = NULL, *restored_moves = NULL;

    TRY(ludus_game_new("petteia", "{\"seed\": 1}", &game));
    TRY(ludus_game_play(game, "b2-b5"));                              /* by text */
    TRY(ludus_game_play(game, "{\"from\": \"c7\", \"to\": \"c4\"}")); /* by (part of) its JSON */
    TRY(ludus_game_to_json(game, &saved));
    printf("saved: %.120s...\n", saved);

    TRY(ludus_game_from_json(saved, &restored));
    TRY(ludus_game_legal_moves(game, &moves));
    TRY(ludus_game_legal_moves(restored, &restored_moves));
    int same = strcmp(moves, restored_moves) == 0;
    printf("restored game has the same legal moves: %s\n", same ? "yes" : "no");

    TRY(ludus_game_undo(restored));
    TRY(ludus_game_undo(restored));
    printf("after two undos player %d is to move again\n", ludus_game_to_move(restored));

    ludus_string_free(saved);
    ludus_string_free(moves);
    ludus_string_free(restored_moves);
    ludus_game_free(game);
    ludus_game_free(restored);
    return same ? 0 : 1;
}
