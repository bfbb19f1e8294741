/* Ludus Duodecim Scriptorum through the public C ABI only: many full random games, with dice
 * from outside (ludus_game_set_dice) and from the game's generator (ludus_game_roll). At every
 * point: every listed move is accepted (as integer, text and JSON object, to the same result),
 * every unlisted from-to pair is refused and leaves the game unchanged, pieces are conserved,
 * and the saved JSON restores to a game that continues identically (the dice included).
 * Finally the average length of a random game, in turns and steps. */
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ACTIONS 128
#define MAX_STEPS 100000

/* The test's own random numbers (the choice of moves and outside dice). */
static unsigned long long chooser = 88172645463325252ull;
static unsigned next_random(unsigned n) {
    chooser ^= chooser << 13;
    chooser ^= chooser >> 7;
    chooser ^= chooser << 17;
    return (unsigned)((chooser >> 11) % n);
}

static char *saved(const ludus_game *g) {
    char *out[1] = {NULL};
    MUST(ludus_game_to_json(g, out));
    return out[0];
}

static const char *position_name(int progress, char *buffer) {
    static const char *const roman[] = {"I", "II", "III", "IV", "V", "VI"};
    if (progress == 0) return "H";
    if (progress == 31) return "O";
    if (progress <= 6) return roman[progress - 1];
    sprintf(buffer, "%d", progress - 6);
    return buffer;
}

/* Sums the integers of the array after "key": in the position object, per player (the outer
 * index of [n0, n1] or [[...], [...]]). */
static void add_counts(const char *position, const char *key, long sums[2]) {
    char pattern[32];
    sprintf(pattern, "\"%s\":", key);
    const char *p = strstr(position, pattern);
    int depth = 0, index = 0;
    if (p == NULL) {
        CHECK_MSG(0, "position has no %s", key);
        return;
    }
    for (p += strlen(pattern); *p; ++p) {
        if (*p == '[') {
            ++depth;
        } else if (*p == ']') {
            if (--depth == 0) return;
        } else if (*p == ',' && depth == 1) {
            ++index;
        } else if (*p >= '0' && *p <= '9') {
            sums[index > 1 ? 1 : index] += strtol(p, (char **)&p, 10);
            --p;
        }
    }
}

static void check_conservation(const ludus_game *g, int pieces) {
    char *json = saved(g);
    const char *position = strstr(json, "\"position\":");
    long sums[2] = {0, 0};
    CHECK_MSG(position != NULL, "the saved game has a position");
    if (position != NULL) {
        add_counts(position, "hand", sums);
        add_counts(position, "entry", sums);
        add_counts(position, "track", sums);
        add_counts(position, "off", sums);
        CHECK_MSG(sums[0] == pieces && sums[1] == pieces, "pieces %ld and %ld, not %d each", sums[0], sums[1], pieces);
    }
    ludus_string_free(json);
}

/* Restores the saved game; it must save the same and, in phase roll, roll the same dice. */
static void check_round_trip(const ludus_game *g) {
    char *json = saved(g);
    ludus_game *restored = NULL;
    MUST(ludus_game_from_json(json, &restored));
    char *again = saved(restored);
    CHECK_MSG(strcmp(json, again) == 0, "a restored game saves differently");
    if (ludus_game_phase(g) == LUDUS_PHASE_ROLL) {
        ludus_game *copy = NULL;
        int a[2], b[2];
        size_t na = 0, nb = 0;
        MUST(ludus_game_clone(g, &copy));
        MUST(ludus_game_roll(copy, a, 2, &na));
        MUST(ludus_game_roll(restored, b, 2, &nb));
        CHECK_MSG(na == 2 && nb == 2 && a[0] == b[0] && a[1] == b[1], "a restored game rolls %d %d, not %d %d", b[0],
                  b[1], a[0], a[1]);
        ludus_game_free(copy);
    }
    ludus_string_free(again);
    ludus_string_free(json);
    ludus_game_free(restored);
}

/* The "text" values of the legal moves' JSON, in order. */
static size_t move_texts(const char *moves, char texts[][16], size_t capacity) {
    size_t n = 0;
    const char *p = moves;
    while ((p = strstr(p, "\"text\":\"")) != NULL && n < capacity) {
        p += 8;
        size_t len = strcspn(p, "\"");
        if (len >= 16) len = 15;
        memcpy(texts[n], p, len);
        texts[n][len] = '\0';
        ++n;
    }
    return n;
}

/* Plays `move` on a copy of g and returns the copy's saved JSON (NULL if refused). */
static char *after(const ludus_game *g, int32_t action, const char *text) {
    ludus_game *copy = NULL;
    MUST(ludus_game_clone(g, &copy));
    ludus_status status = text ? ludus_game_play(copy, text) : ludus_game_apply_action(copy, action);
    char *json = status == LUDUS_OK ? saved(copy) : NULL;
    CHECK_MSG(status == LUDUS_OK, "listed move %d / %s refused: %s", (int)action, text ? text : "-",
              ludus_last_error());
    ludus_game_free(copy);
    return json;
}

/* Every listed move is accepted as integer, text and object, with the same result. */
static void check_listed(const ludus_game *g, const int32_t *actions, size_t n) {
    char *moves = NULL;
    char texts[MAX_ACTIONS][16];
    MUST(ludus_game_legal_moves(g, &moves));
    size_t n_texts = move_texts(moves, texts, MAX_ACTIONS);
    CHECK_MSG(n_texts == n, "%zu moves listed as JSON, %zu as integers", n_texts, n);
    for (size_t i = 0; i < n && i < n_texts; ++i) {
        char object[64], *text_of = NULL;
        if (actions[i] == 0)
            sprintf(object, "{\"text\":\"pass\"}");
        else
            sprintf(object, "{\"from\":%d,\"to\":%d}", (int)(actions[i] / 32), (int)(actions[i] % 32));
        MUST(ludus_game_action_text(g, actions[i], &text_of));
        CHECK_MSG(strcmp(text_of, texts[i]) == 0, "action %d is %s, its JSON says %s", (int)actions[i], text_of,
                  texts[i]);
        char *by_action = after(g, actions[i], NULL), *by_text = after(g, 0, texts[i]),
             *by_object = after(g, 0, object);
        CHECK_MSG(by_action && by_text && by_object && strcmp(by_action, by_text) == 0 &&
                      strcmp(by_action, by_object) == 0,
                  "%s played three ways differs", texts[i]);
        free(by_action), free(by_text), free(by_object);
        ludus_string_free(text_of);
    }
    ludus_string_free(moves);
}

static int listed(const int32_t *actions, size_t n, int32_t action) {
    for (size_t i = 0; i < n; ++i)
        if (actions[i] == action) return 1;
    return 0;
}

/* Every unlisted from-to pair (and pass) is refused, as integer and as text, and changes nothing. */
static void check_unlisted(ludus_game *g, const int32_t *actions, size_t n) {
    char *before = saved(g);
    for (int from = 0; from < 32; ++from)
        for (int to = 0; to < 32; ++to) {
            const int32_t action = from == 0 && to == 0 ? 0 : from * 32 + to;
            if ((to <= from && action != 0) || listed(actions, n, action)) continue;
            char text[16], a[8], b[8];
            if (action == 0)
                strcpy(text, "pass");
            else
                sprintf(text, "%s-%s", position_name(from, a), position_name(to, b));
            CHECK_MSG(ludus_game_apply_action(g, action) != LUDUS_OK && ludus_last_error()[0] != '\0',
                      "unlisted action %d accepted", (int)action);
            CHECK_MSG(ludus_game_play(g, text) != LUDUS_OK && ludus_last_error()[0] != '\0',
                      "unlisted move %s accepted", text);
        }
    CHECK_MSG(ludus_game_apply_action(g, 32 * 32 + 5) != LUDUS_OK, "an out-of-range action is accepted");
    CHECK_MSG(ludus_game_apply_action(g, -1) != LUDUS_OK, "a negative action is accepted");
    char *after_all = saved(g);
    CHECK_MSG(strcmp(before, after_all) == 0, "refused moves changed the game");
    ludus_string_free(after_all);
    ludus_string_free(before);
}

struct tally {
    long games, turns, steps, passes;
};

static void roll_dice(ludus_game *g, int outside) {
    if (outside) {
        const int dice[2] = {1 + (int)next_random(6), 1 + (int)next_random(6)};
        MUST(ludus_game_set_dice(g, dice, 2));
    } else {
        int dice[2];
        size_t count = 0;
        MUST(ludus_game_roll(g, dice, 2, &count));
        CHECK_MSG(count == 2 && dice[0] >= 1 && dice[0] <= 6 && dice[1] >= 1 && dice[1] <= 6,
                  "a roll gives 2 dice 1..6");
    }
}

/* One random game to the end; `checked` adds the checks of every listed and unlisted move. */
static void play_game(const char *options, int pieces, int outside, int checked, struct tally *t) {
    ludus_game *g = NULL;
    int32_t actions[MAX_ACTIONS];
    size_t n = 0;
    MUST(ludus_game_new("duodecim", options, &g));
    for (long step = 0; ludus_game_phase(g) != LUDUS_PHASE_OVER && step < MAX_STEPS; ++step) {
        if (checked) {
            check_conservation(g, pieces);
            check_round_trip(g);
        }
        if (ludus_game_phase(g) == LUDUS_PHASE_ROLL) {
            roll_dice(g, outside);
            ++t->turns;
            continue;
        }
        MUST(ludus_game_actions(g, actions, MAX_ACTIONS, &n));
        CHECK_MSG(n >= 1, "phase move lists no move");
        if (checked) {
            check_listed(g, actions, n);
            check_unlisted(g, actions, n);
        }
        const int32_t chosen = actions[next_random((unsigned)n)];
        MUST(ludus_game_apply_action(g, chosen));
        if (chosen == 0)
            ++t->passes;
        else
            ++t->steps;
    }
    CHECK_MSG(ludus_game_phase(g) == LUDUS_PHASE_OVER, "a game did not end within %d steps", MAX_STEPS);
    CHECK_MSG(ludus_game_result(g) == LUDUS_RESULT_PLAYER0_WON || ludus_game_result(g) == LUDUS_RESULT_PLAYER1_WON,
              "a game ends with a winner");
    if (checked) {
        check_conservation(g, pieces);
        check_round_trip(g);
        CHECK_MSG(ludus_game_actions(g, actions, MAX_ACTIONS, &n) == LUDUS_OK && n == 0, "a finished game lists moves");
    }
    ++t->games;
    ludus_game_free(g);
}

static void check_chance_outcomes(void) {
    ludus_game *g = NULL;
    char *json = NULL;
    MUST(ludus_game_new("duodecim", "{\"seed\":1}", &g));
    MUST(ludus_game_chance_outcomes(g, &json));
    size_t count = 0;
    for (const char *p = json; (p = strstr(p, "\"dice\"")) != NULL; ++p) ++count;
    CHECK_MSG(count == 21, "%zu chance outcomes, not 21", count);
    const int three[3] = {1, 2, 3}, seven[2] = {7, 1};
    CHECK_MSG(ludus_game_set_dice(g, three, 3) == LUDUS_E_INVALID_ARGUMENT, "three dice accepted");
    CHECK_MSG(ludus_game_set_dice(g, seven, 2) == LUDUS_E_INVALID_ARGUMENT, "a 7 accepted");
    ludus_string_free(json);
    ludus_game_free(g);
}

/* A roll into too small a buffer: buffer_too_small with the count needed and a message, nothing
 * written and the game unchanged (the same dice come when there is room); bad dice from outside
 * are refused with a message. */
static void check_roll_refusals(void) {
    ludus_game *g = NULL, *twin = NULL;
    MUST(ludus_game_new("duodecim", "{\"seed\":3}", &g));
    MUST(ludus_game_clone(g, &twin));
    char *before = saved(g);
    int dice[2] = {-7, -7}, expected[2];
    size_t count = 0;
    CHECK_MSG(ludus_game_roll(g, dice, 1, &count) == LUDUS_E_BUFFER_TOO_SMALL,
              "a roll into 1 value is not buffer_too_small");
    CHECK_MSG(count == 2 && ludus_last_error()[0] != '\0', "a refused roll gives no count or no message");
    CHECK_MSG(dice[0] == -7 && dice[1] == -7, "a refused roll wrote into the buffer");
    char *after = saved(g);
    CHECK_MSG(strcmp(before, after) == 0, "a refused roll changed the game");
    MUST(ludus_game_roll(g, dice, 2, &count));
    MUST(ludus_game_roll(twin, expected, 2, &count));
    CHECK_MSG(dice[0] == expected[0] && dice[1] == expected[1], "a refused roll used up the generator's dice");
    ludus_string_free(after);
    ludus_string_free(before);
    ludus_game_free(twin);
    ludus_game_free(g);

    MUST(ludus_game_new("duodecim", "{\"seed\":1}", &g));
    const int one[1] = {3}, zero[2] = {0, 4};
    CHECK_MSG(ludus_game_set_dice(g, one, 1) == LUDUS_E_INVALID_ARGUMENT &&
                  strstr(ludus_last_error(), "exactly 2") != NULL,
              "one die accepted, or no message naming the count");
    CHECK_MSG(ludus_game_set_dice(g, zero, 2) == LUDUS_E_INVALID_ARGUMENT &&
                  strstr(ludus_last_error(), "dice[0]") != NULL,
              "a 0 accepted, or no message naming the die");
    CHECK_MSG(ludus_game_phase(g) == LUDUS_PHASE_ROLL, "refused dice left the roll phase");
    ludus_game_free(g);
}

int main(void) {
    struct tally checked = {0, 0, 0, 0}, fast = {0, 0, 0, 0};
    char options[96];
    check_chance_outcomes();
    check_roll_refusals();
    for (int game = 0; game < 16; ++game) {
        const int pieces = 1 + game % 15;
        sprintf(options, "{\"seed\":%d,\"pieces\":%d%s}", 1000 + game, pieces,
                game % 3 == 0 ? ",\"first_player\":1" : "");
        play_game(options, pieces, game % 2, 1, &checked);
    }
    for (int game = 0; game < 2000; ++game) {
        sprintf(options, "{\"seed\":%d}", 5000 + game);
        play_game(options, 6, game % 2, 0, &fast);
    }
    printf("checked %ld games (%ld turns, %ld steps, %ld passes) move by move\n", checked.games, checked.turns,
           checked.steps, checked.passes);
    printf("random game, 6 pieces, %ld games: %.1f turns (rolls), %.1f steps, %.1f passes on average\n", fast.games,
           (double)fast.turns / fast.games, (double)fast.steps / fast.games, (double)fast.passes / fast.games);
    return check_summary("duodecim games");
}
