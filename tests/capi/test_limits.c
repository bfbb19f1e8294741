/* Untrusted input through the C ABI: the documented limits (ludus.h) are enforced before
 * parsing, reading no more than limit + 1 bytes (the buffers below have no NUL within reach:
 * AddressSanitizer and valgrind catch any read past them), and a refused saved state names the
 * field and says why. */
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* `size` bytes of `fill`, the last `tail` bytes replaced by tail text, with no NUL at the end
 * when `terminated` is 0 (only the bytes up to the limit + 1 may be read). */
static char *filled(size_t size, char fill, int terminated) {
    char *p = malloc(size + (terminated ? 1 : 0));
    memset(p, fill, size);
    if (terminated) p[size] = '\0';
    return p;
}

static void limits(void) {
    ludus_game *g = NULL;
    /* A state one byte over the limit, not NUL-terminated at all: refused by its length. */
    char *big = filled(LUDUS_MAX_STATE_BYTES + 1, ' ', 0);
    CHECK_MSG(ludus_game_from_json(big, &g) == LUDUS_E_BAD_JSON && g == NULL, "a state over the limit is refused");
    CHECK_MSG(strstr(ludus_last_error(), "limit") != NULL, "the message names the limit");
    free(big);
    /* Exactly at the limit: parsed (and refused as JSON that is only spaces, not for its size). */
    big = filled(LUDUS_MAX_STATE_BYTES, ' ', 1);
    CHECK_MSG(ludus_game_from_json(big, &g) == LUDUS_E_BAD_JSON && strstr(ludus_last_error(), "limit") == NULL,
              "a state at the limit is parsed");
    free(big);

    char *options = filled(LUDUS_MAX_OPTIONS_BYTES + 1, ' ', 0);
    CHECK_MSG(ludus_game_new("petteia", options, &g) == LUDUS_E_BAD_JSON && g == NULL,
              "options over the limit are refused");
    free(options);
    options = filled(LUDUS_MAX_OPTIONS_BYTES, ' ', 1);
    options[0] = '{';
    options[LUDUS_MAX_OPTIONS_BYTES - 1] = '}';
    CHECK_MSG(ludus_game_new("petteia", options, &g) == LUDUS_OK, "options at the limit (spaces) are read");
    free(options);

    char *move = filled(LUDUS_MAX_MOVE_BYTES + 1, 'a', 0);
    CHECK_MSG(ludus_game_play(g, move) == LUDUS_E_INVALID_MOVE, "a move over the limit is refused");
    CHECK_MSG(strstr(ludus_last_error(), "limit") != NULL, "the move's message names the limit");
    free(move);
    move = filled(LUDUS_MAX_MOVE_BYTES + 1, '[', 0);
    move[0] = '{';
    CHECK_MSG(ludus_game_play(g, move) == LUDUS_E_INVALID_MOVE, "a deep move over the limit is refused by its length");
    free(move);

    /* Depth: LUDUS_MAX_JSON_DEPTH levels are read, one more is refused before parsing. */
    char deep[4 * LUDUS_MAX_JSON_DEPTH + 16];
    for (int depth = LUDUS_MAX_JSON_DEPTH; depth <= LUDUS_MAX_JSON_DEPTH + 1; ++depth) {
        char *p = deep;
        p += sprintf(p, "{\"x\":");
        for (int i = 1; i < depth; ++i) *p++ = '[';
        for (int i = 1; i < depth; ++i) *p++ = ']';
        strcpy(p, "}");
        ludus_status s = ludus_game_play(g, deep);
        int refused_for_depth = strstr(ludus_last_error(), "deeper") != NULL;
        if (depth == LUDUS_MAX_JSON_DEPTH)
            CHECK_MSG(s == LUDUS_E_ILLEGAL_MOVE && !refused_for_depth, "a move object at the depth limit is read");
        else
            CHECK_MSG(s == LUDUS_E_BAD_JSON && refused_for_depth, "a move object past the depth limit is refused");
    }
    /* A number out of the range of doubles is bad JSON, not an internal error (found by fuzzing). */
    ludus_game *overflow = NULL;
    CHECK_MSG(ludus_game_from_json("[1e999]", &overflow) == LUDUS_E_BAD_JSON, "a state with 1e999 is bad JSON");
    CHECK_MSG(ludus_game_new("petteia", "{\"rows\": 1e999}", &overflow) == LUDUS_E_BAD_JSON,
              "options with 1e999 are bad JSON");
    CHECK_MSG(ludus_game_play(g, "{\"action\": 1e999}") == LUDUS_E_BAD_JSON, "a move with 1e999 is bad JSON");
    /* Brackets inside strings do not count. */
    CHECK_MSG(ludus_game_play(g, "{\"text\": \"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\\\"[[[[[[[[[[[[\"}") ==
                  LUDUS_E_INVALID_MOVE,
              "brackets inside a string are not nesting");
    /* Deep nesting far past the limit in a state: refused, no deep recursion. */
    char *nested = filled(200000, '[', 1);
    ludus_game *none = NULL;
    CHECK_MSG(ludus_game_from_json(nested, &none) == LUDUS_E_BAD_JSON && strstr(ludus_last_error(), "deeper") != NULL,
              "a deeply nested state is refused");
    free(nested);
    ludus_game_free(g);
}

/* Replaces the first `from` in `state` by `to` and expects a refusal naming `field`. */
static void refused(const char *state, const char *from, const char *to, const char *field) {
    const char *at = strstr(state, from);
    CHECK_MSG(at != NULL, "the saved state has no %s", from);
    if (at == NULL) return;
    size_t n = strlen(state) + strlen(to) + 1;
    char *changed = malloc(n);
    snprintf(changed, n, "%.*s%s%s", (int)(at - state), state, to, at + strlen(from));
    ludus_game *g = NULL;
    ludus_status s = ludus_game_from_json(changed, &g);
    CHECK_MSG(s != LUDUS_OK && g == NULL && strncmp(ludus_last_error(), field, strlen(field)) == 0,
              "%s -> %s: status %s (the message should start with \"%s\")", from, to, ludus_status_name(s), field);
    ludus_game_free(g);
    free(changed);
}

/* One change to a saved state and the field its refusal must name: from, to, field. */
struct change {
    const char *from, *to, *field;
};

static const struct change petteia_changes[] = {
    {"\"version\":1", "\"version\":2", "version"},
    {"\"version\":1", "\"version\":\"1\"", "version"},
    {"\"format\":\"ludus-state\"", "\"format\":\"x\"", "format"},
    {"\"game\":\"petteia\"", "\"game\":\"chess\"", "unknown game"},
    {"\"rows\":6", "\"rows\":60", "option \"rows\""},
    {"\"text\":\"a2-a3\"", "\"text\":\"a2-a9\"", "history[0]"},
    {"\"text\":\"b5-b4\"", "\"text\":\"b5-b9\"", "history[1]"},
    {"\"player\":0", "\"player\":1", "history[0].player"},
    {"\"history\":[", "\"extra\":1,\"history\":[", "extra: unknown field"},
    {"\"position\":{\"end_reason\":null,\"phase\":\"move\"", "\"position\":{\"end_reason\":null,\"phase\":\"over\"",
     "position.phase"},
    {"\"rng\":\"", "\"rng\":\"x", "position.rng"},
    {"\"start\":{", "\"start\":{\"colour\":1,", "start.colour: unknown field"},
};

static const struct change duodecim_changes[] = {
    {"\"dice_from\":\"outside\"", "\"dice_from\":\"table\"", "history[0]"},
    {"\"text\":\"roll 3 5\"", "\"text\":\"roll 3 7\"", "history[0]"},
    {"\"setup\":{", "\"setup\":{\"x\":1,", "setup"},
};

static void refused_all(const char *state, const struct change *changes, size_t n) {
    for (size_t i = 0; i < n; ++i) refused(state, changes[i].from, changes[i].to, changes[i].field);
}

static void refusals(void) {
    ludus_game *g = NULL;
    CHECK_MSG(ludus_game_new("petteia", "{\"seed\": 5, \"rows\": 6, \"cols\": 4}", &g) == LUDUS_OK, "new");
    CHECK_MSG(ludus_game_play(g, "a2-a3") == LUDUS_OK && ludus_game_play(g, "b5-b4") == LUDUS_OK, "two moves");
    char *saved = NULL;
    CHECK_MSG(ludus_game_to_json(g, &saved) == LUDUS_OK, "save");
    refused_all(saved, petteia_changes, sizeof petteia_changes / sizeof petteia_changes[0]);
    ludus_string_free(saved);
    ludus_game_free(g);

    CHECK_MSG(ludus_game_new("duodecim", "{\"seed\": 5}", &g) == LUDUS_OK, "new duodecim");
    int dice[2] = {3, 5};
    CHECK_MSG(ludus_game_set_dice(g, dice, 2) == LUDUS_OK, "set dice");
    CHECK_MSG(ludus_game_to_json(g, &saved) == LUDUS_OK, "save duodecim");
    refused_all(saved, duodecim_changes, sizeof duodecim_changes / sizeof duodecim_changes[0]);
    ludus_string_free(saved);
    ludus_game_free(g);
}

int main(void) {
    limits();
    refusals();
    return check_summary("limits and refusals");
}
