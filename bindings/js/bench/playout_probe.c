/* The native side of compare.py: ludus_game_random_playout plies per second for one game,
 * exactly as playout.mjs measures it in WebAssembly: clone a prototype game, play it out with
 * seeds 1, 2, ... (capped at 10,000 plies), free it; a warm-up, then a timed run.
 * Usage: playout_probe GAME OPTIONS_JSON SECONDS   Prints: plies_per_second games */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ludus/ludus.h"

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Plays games for `seconds`; returns the plies, and the games through *games. */
static double playouts(const ludus_game *prototype, double seconds, unsigned long *games) {
    double plies = 0;
    uint64_t seed = 1;
    const double start = now();
    *games = 0;
    do {
        for (int i = 0; i < 16; ++i, ++*games) {
            ludus_game *g = NULL;
            uint32_t n = 0;
            if (ludus_game_clone(prototype, &g) != LUDUS_OK ||
                ludus_game_random_playout(g, seed++, 10000, NULL, &n) != LUDUS_OK) {
                fprintf(stderr, "%s\n", ludus_last_error());
                exit(1);
            }
            plies += n;
            ludus_game_free(g);
        }
    } while (now() - start < seconds);
    return plies / (now() - start);
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s GAME OPTIONS_JSON SECONDS\n", argv[0]);
        return 2;
    }
    ludus_game *prototype = NULL;
    if (ludus_game_new(argv[1], argv[2], &prototype) != LUDUS_OK) {
        fprintf(stderr, "%s\n", ludus_last_error());
        return 1;
    }
    unsigned long games = 0;
    playouts(prototype, 0.2, &games);
    const double rate = playouts(prototype, atof(argv[3]), &games);
    printf("%.0f %lu\n", rate, games);
    ludus_game_free(prototype);
    return 0;
}
