/* Saved files written by earlier versions of the library (in each game's folder,
 * lib/GAME/saved/, one per game and state format version, e.g. petteia-v1.json) must always load
 * and go on (a move or roll, saved again), and every game of the catalogue has one.
 * Usage: saved_files_test GAMES_DIR (the source's lib/: every GAME/saved/GAME...-vN.json) */
#define _POSIX_C_SOURCE 200809L /* opendir */
#include "check.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
        ok = ludus_game_actions(g, actions, 4096, &n) == LUDUS_OK && n > 0 &&
             ludus_game_apply_action(g, actions[0]) == LUDUS_OK;
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

static int by_name(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

/* Whether name is a saved file's: NAME-vN.json. */
static int saved_file_name(const char *name) {
    const char *v = strstr(name, "-v");
    size_t length = strlen(name);
    return v != NULL && length > 5 && strcmp(name + length - 5, ".json") == 0;
}

/* The saved files of game `id` in GAMES_DIR/id/saved/, each loaded and played on; how many. */
static size_t saved_files_of(const char *games_dir, const char *id) {
    static char names[256][256];
    char folder[4096], path[4096 + 256];
    size_t count = 0, i;
    const size_t n = strlen(id);
    DIR *dir;
    struct dirent *entry;
    snprintf(folder, sizeof folder, "%s/%s/saved", games_dir, id);
    dir = opendir(folder);
    if (dir == NULL) return 0;
    while ((entry = readdir(dir)) != NULL && count < 256) {
        if (!saved_file_name(entry->d_name)) continue;
        /* A file of another game in this folder would be tested under the wrong name. */
        CHECK_MSG(strncmp(entry->d_name, id, n) == 0 && entry->d_name[n] == '-', "%s/%s: not a saved file of %s",
                  folder, entry->d_name, id);
        snprintf(names[count++], sizeof names[0], "%s", entry->d_name);
    }
    closedir(dir);
    qsort(names, count, sizeof names[0], by_name);
    for (i = 0; i < count; ++i) {
        const int length = snprintf(path, sizeof path, "%s/%s", folder, names[i]);
        CHECK_MSG(length > 0 && (size_t)length < sizeof path, "%s: path too long", names[i]);
        if (length > 0 && (size_t)length < sizeof path) load_and_go_on(path);
    }
    return count;
}

int main(int argc, char **argv) {
    char *catalogue = NULL;
    char ids[64][CATALOGUE_ID_BYTES];
    int games, g;
    CHECK_MSG(argc == 2, "usage: saved_files_test GAMES_DIR");
    if (argc != 2) return check_summary("saved files");
    /* Every game of the catalogue has a saved file: a game registered gets one in the format
     * version of its first release. */
    OK(ludus_games(&catalogue));
    games = catalogue_game_ids(catalogue, ids, 64);
    CHECK(games > 0);
    for (g = 0; g < games; ++g)
        CHECK_MSG(saved_files_of(argv[1], ids[g]) > 0,
                  "%s: no saved file in %s/%s/saved (make_corpus writes it: "
                  "docs/reliability.md)",
                  ids[g], argv[1], ids[g]);
    ludus_string_free(catalogue);
    return check_summary("saved files");
}
