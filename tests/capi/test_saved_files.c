/* Saved files written by earlier versions of the library (tests/data/, one per game and
 * state format version, e.g. petteia-v1.json) must always load and go on (a move or roll, saved again).
 * Usage: saved_files_test FILE... */
#include "check.h"

#include <stdio.h>
#include <stdlib.h>

static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) return NULL;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = size >= 0 ? malloc((size_t)size + 1) : NULL;
    if (text != NULL) text[fread(text, 1, (size_t)size, f)] = '\0';
    fclose(f);
    return text;
}

static void load_and_go_on(const char *path) {
    char *text = read_file(path);
    CHECK_MSG(text != NULL, "%s: cannot read", path);
    if (text == NULL) return;
    ludus_game *g = NULL;
    ludus_status s = ludus_game_from_json(text, &g);
    free(text);
    CHECK_MSG(s == LUDUS_OK, "%s: does not load: %s", path, ludus_status_name(s));
    if (s != LUDUS_OK) return;
    int ok = 1;
    if (ludus_game_phase(g) == LUDUS_PHASE_ROLL) {
        int dice[8];
        size_t n = 0;
        ok = ludus_game_roll(g, dice, 8, &n) == LUDUS_OK;
    } else if (ludus_game_phase(g) == LUDUS_PHASE_MOVE) {
        int32_t actions[4096];
        size_t n = 0;
        ok = ludus_game_actions(g, actions, 4096, &n) == LUDUS_OK && n > 0 && ludus_game_apply_action(g, actions[0]) == LUDUS_OK;
    }
    char *saved = NULL;
    ok = ok && ludus_game_to_json(g, &saved) == LUDUS_OK;
    ludus_game *again = NULL;
    ok = ok && ludus_game_from_json(saved, &again) == LUDUS_OK;
    CHECK_MSG(ok, "%s: loads but does not go on", path);
    if (ok) printf("%s: loads and goes on\n", path);
    ludus_string_free(saved);
    ludus_game_free(again);
    ludus_game_free(g);
}

int main(int argc, char **argv) {
    CHECK_MSG(argc > 1, "usage: saved_files_test FILE...");
    for (int i = 1; i < argc; ++i) load_and_go_on(argv[i]);
    return check_summary("saved files");
}
