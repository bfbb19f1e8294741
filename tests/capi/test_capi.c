/* The C ABI (include/ludus/ludus.h) from plain C99, against the shared library: lifecycle,
 * version, status names, the catalogue, every error path (status, message, game unchanged),
 * buffers, and whole random Petteia games through both ways of moving. */
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *save(const ludus_game *g) {
    char *json = NULL;
    if (g == NULL || ludus_game_to_json(g, &json) != LUDUS_OK) return NULL;
    return json;
}

/* A failed call: the status wanted, a message, and (if g) the game as it was. `before` is the
 * game's JSON taken before the call. */
static void failure(const ludus_game *g, char *before, ludus_status got, ludus_status want, const char *what,
                    int line) {
    const char *message = ludus_last_error(); /* read first: valid until the next call */
    char buffer[512];
    int message_ok = message != NULL && message[0] != '\0';
    snprintf(buffer, sizeof buffer, "%s -> %s (wanted %s), message \"%s\"", what, ludus_status_name(got),
             ludus_status_name(want), message ? message : "(null)");
    check_at(got == want, __FILE__, line, "%s", buffer);
    check_at(message_ok, __FILE__, line, "%s", buffer);
    if (g != NULL) {
        char *after = save(g);
        check_at(before != NULL && after != NULL && strcmp(before, after) == 0, __FILE__, line,
                 "the game is unchanged after the failed call");
        ludus_string_free(after);
    }
    ludus_string_free(before);
}
/* FAILS(game or NULL, call, status) */
#define FAILS(g, call, want)                                                                                           \
  do {                                                                                                                 \
    char *before_ = save(g);                                                                                           \
    ludus_status got_ = (call);                                                                                        \
    failure((g), before_, got_, (want), #call, __LINE__);                                                              \
  } while (0)

static ludus_game *new_game(const char *options) {
    ludus_game *g = NULL;
    if (ludus_game_new("petteia", options, &g) != LUDUS_OK) {
        fprintf(stderr, "ludus_game_new(petteia, %s) failed: %s\n", options ? options : "NULL", ludus_last_error());
        exit(2);
    }
    return g;
}

static int same_json(const ludus_game *a, const ludus_game *b) {
    char *x = save(a), *y = save(b);
    int same = x != NULL && y != NULL && strcmp(x, y) == 0;
    ludus_string_free(x);
    ludus_string_free(y);
    return same;
}

static unsigned long long rng_state = 88172645463325252ull;
static unsigned next_random(unsigned n) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state % n);
}

/* The "text" values of a legal-moves JSON array, into texts (each up to 15 characters). */
static size_t move_texts(const char *json, char texts[][16], size_t capacity) {
    size_t n = 0;
    const char *p = json;
    while ((p = strstr(p, "\"text\":\"")) != NULL) {
        const char *start = p + 8, *end = strchr(start, '"');
        if (end == NULL || end - start > 15) break;
        if (n < capacity) {
            memcpy(texts[n], start, (size_t)(end - start));
            texts[n][end - start] = '\0';
        }
        ++n;
        p = end;
    }
    return n;
}

/* ---- Library --------------------------------------------------------------------------- */

static void test_version(void) {
    char expected[32];
    snprintf(expected, sizeof expected, "%d.%d.%d", LUDUS_VERSION_MAJOR, LUDUS_VERSION_MINOR, LUDUS_VERSION_PATCH);
    CHECK(ludus_version() != NULL);
    CHECK(strcmp(ludus_version(), expected) == 0);
    CHECK(strcmp(LUDUS_VERSION_STRING, expected) == 0);
}

static void test_status_names(void) {
    static const char *const names[] = {"LUDUS_OK",
                                        "LUDUS_E_INVALID_ARGUMENT",
                                        "LUDUS_E_BAD_JSON",
                                        "LUDUS_E_UNKNOWN_GAME",
                                        "LUDUS_E_UNKNOWN_OPTION",
                                        "LUDUS_E_INVALID_OPTION",
                                        "LUDUS_E_INVALID_MOVE",
                                        "LUDUS_E_ILLEGAL_MOVE",
                                        "LUDUS_E_WRONG_PHASE",
                                        "LUDUS_E_GAME_OVER",
                                        "LUDUS_E_INVALID_STATE",
                                        "LUDUS_E_BUFFER_TOO_SMALL",
                                        "LUDUS_E_NO_MEMORY",
                                        "LUDUS_E_NOTHING_TO_UNDO",
                                        "LUDUS_E_INTERNAL"};
    int i;
    for (i = 0; i <= 14; ++i) CHECK(strcmp(ludus_status_name((ludus_status)i), names[i]) == 0);
    CHECK(ludus_status_name(LUDUS_E_ILLEGAL_MOVE) != NULL &&
          strcmp(ludus_status_name(LUDUS_E_ILLEGAL_MOVE), "LUDUS_E_ILLEGAL_MOVE") == 0);
    CHECK(ludus_status_name((ludus_status)99) != NULL);
    CHECK(ludus_status_name((ludus_status)-3) != NULL);
}

static void test_games(void) {
    char *json = (char *)"sentinel";
    OK(ludus_games(&json));
    CHECK(json != NULL && json[0] == '[');
    CHECK(json != NULL && strstr(json, "\"id\":\"petteia\"") != NULL);
    CHECK(json != NULL && strstr(json, "\"name\":\"Petteia\"") != NULL);
    CHECK(json != NULL && strstr(json, "\"rows\":{") != NULL);
    CHECK(json != NULL && strstr(json, "\"default\"") != NULL);
    CHECK(json != NULL && strstr(json, "\"first_player\"") != NULL);
    ludus_string_free(json);
    FAILS(NULL, ludus_games(NULL), LUDUS_E_INVALID_ARGUMENT);
}

/* ---- Lifecycle -------------------------------------------------------------------------- */

static void test_lifecycle(void) {
    ludus_game *a = NULL, *b = NULL, *c = NULL, *d = NULL;
    char *json = NULL;
    OK(ludus_game_new("petteia", NULL, &a));
    OK(ludus_game_new("petteia", "{}", &b));
    CHECK(a != NULL && b != NULL);
    CHECK(ludus_game_phase(a) == LUDUS_PHASE_MOVE);
    CHECK(ludus_game_to_move(a) == 0);
    CHECK(ludus_game_result(a) == LUDUS_RESULT_ONGOING);
    ludus_game_free(a);
    ludus_game_free(b);
    ludus_game_free(NULL);
    ludus_string_free(NULL);

    OK(ludus_game_new("petteia", "{\"rows\": 6, \"cols\": 5, \"seed\": 12, \"first_player\": 1}", &a));
    CHECK(ludus_game_to_move(a) == 1);
    OK(ludus_game_play(a, "a5-a4"));
    OK(ludus_game_to_json(a, &json));
    CHECK(json != NULL && strstr(json, "\"format\":\"ludus-state\"") != NULL);
    CHECK(json != NULL && strstr(json, "a5-a4") != NULL);
    OK(ludus_game_from_json(json, &b));
    CHECK(same_json(a, b));
    OK(ludus_game_clone(a, &c));
    CHECK(same_json(a, c));
    OK(ludus_game_play(c, "a2-a3"));
    CHECK(!same_json(a, c)); /* independent */
    CHECK(same_json(a, b));
    OK(ludus_game_clone(c, &d));
    ludus_game_free(c); /* the clone outlives its original */
    OK(ludus_game_undo(d));
    CHECK(same_json(a, d));
    ludus_string_free(json);
    ludus_game_free(a);
    ludus_game_free(b);
    ludus_game_free(d);
}

/* ---- Every function with NULL arguments ------------------------------------------------- */

static void test_null_arguments(void) {
    ludus_game *g = new_game("{\"seed\": 1}");
    ludus_game *out = (ludus_game *)&out; /* not NULL: a failed call must set it to NULL */
    char *text = (char *)"x";
    char *state = save(g);
    int dice[2] = {1, 2};
    int32_t actions[64];
    size_t count = 0;
    ludus_result result;
    uint32_t plies;

    FAILS(NULL, ludus_game_new(NULL, NULL, &out), LUDUS_E_INVALID_ARGUMENT);
    CHECK(out == NULL);
    FAILS(NULL, ludus_game_new("petteia", NULL, NULL), LUDUS_E_INVALID_ARGUMENT);
    out = (ludus_game *)&out;
    FAILS(NULL, ludus_game_from_json(NULL, &out), LUDUS_E_INVALID_ARGUMENT);
    CHECK(out == NULL);
    FAILS(NULL, ludus_game_from_json(state, NULL), LUDUS_E_INVALID_ARGUMENT);
    FAILS(NULL, ludus_game_to_json(NULL, &text), LUDUS_E_INVALID_ARGUMENT);
    CHECK(text == NULL);
    FAILS(g, ludus_game_to_json(g, NULL), LUDUS_E_INVALID_ARGUMENT);
    out = (ludus_game *)&out;
    FAILS(NULL, ludus_game_clone(NULL, &out), LUDUS_E_INVALID_ARGUMENT);
    CHECK(out == NULL);
    FAILS(g, ludus_game_clone(g, NULL), LUDUS_E_INVALID_ARGUMENT);

    CHECK(ludus_game_phase(NULL) == LUDUS_PHASE_INVALID);
    CHECK(ludus_last_error()[0] != '\0');
    CHECK(ludus_game_to_move(NULL) == -1);
    CHECK(ludus_last_error()[0] != '\0');
    CHECK(ludus_game_result(NULL) == LUDUS_RESULT_INVALID);
    CHECK(ludus_last_error()[0] != '\0');

    FAILS(NULL, ludus_game_roll(NULL, dice, 2, &count), LUDUS_E_INVALID_ARGUMENT);
    FAILS(g, ludus_game_roll(g, dice, 2, NULL), LUDUS_E_INVALID_ARGUMENT);
    FAILS(g, ludus_game_roll(g, NULL, 2, &count), LUDUS_E_INVALID_ARGUMENT);
    FAILS(NULL, ludus_game_set_dice(NULL, dice, 2), LUDUS_E_INVALID_ARGUMENT);
    FAILS(g, ludus_game_set_dice(g, NULL, 2), LUDUS_E_INVALID_ARGUMENT);
    text = (char *)"x";
    FAILS(NULL, ludus_game_chance_outcomes(NULL, &text), LUDUS_E_INVALID_ARGUMENT);
    CHECK(text == NULL);
    FAILS(g, ludus_game_chance_outcomes(g, NULL), LUDUS_E_INVALID_ARGUMENT);
    text = (char *)"x";
    FAILS(NULL, ludus_game_legal_moves(NULL, &text), LUDUS_E_INVALID_ARGUMENT);
    CHECK(text == NULL);
    FAILS(g, ludus_game_legal_moves(g, NULL), LUDUS_E_INVALID_ARGUMENT);
    FAILS(NULL, ludus_game_play(NULL, "a2-a3"), LUDUS_E_INVALID_ARGUMENT);
    FAILS(g, ludus_game_play(g, NULL), LUDUS_E_INVALID_ARGUMENT);
    FAILS(NULL, ludus_game_undo(NULL), LUDUS_E_INVALID_ARGUMENT);
    FAILS(NULL, ludus_game_agree_draw(NULL), LUDUS_E_INVALID_ARGUMENT);
    FAILS(NULL, ludus_game_actions(NULL, actions, 64, &count), LUDUS_E_INVALID_ARGUMENT);
    FAILS(g, ludus_game_actions(g, actions, 64, NULL), LUDUS_E_INVALID_ARGUMENT);
    FAILS(g, ludus_game_actions(g, NULL, 64, &count), LUDUS_E_INVALID_ARGUMENT);
    FAILS(NULL, ludus_game_apply_action(NULL, 0), LUDUS_E_INVALID_ARGUMENT);
    text = (char *)"x";
    FAILS(NULL, ludus_game_action_text(NULL, 0, &text), LUDUS_E_INVALID_ARGUMENT);
    CHECK(text == NULL);
    OK(ludus_game_actions(g, actions, 64, &count));
    FAILS(g, ludus_game_action_text(g, actions[0], NULL), LUDUS_E_INVALID_ARGUMENT);
    FAILS(NULL, ludus_game_random_playout(NULL, 1, 10, &result, &plies), LUDUS_E_INVALID_ARGUMENT);
    text = (char *)"x";
    FAILS(NULL, ludus_game_render_svg(NULL, NULL, &text), LUDUS_E_INVALID_ARGUMENT);
    CHECK(text == NULL);
    FAILS(g, ludus_game_render_svg(g, NULL, NULL), LUDUS_E_INVALID_ARGUMENT);
    text = (char *)"x";
    FAILS(NULL, ludus_game_render_text(NULL, NULL, &text), LUDUS_E_INVALID_ARGUMENT);
    CHECK(text == NULL);
    FAILS(g, ludus_game_render_text(g, NULL, NULL), LUDUS_E_INVALID_ARGUMENT);

    ludus_string_free(state);
    ludus_game_free(g);
}

/* ---- Bad input ---------------------------------------------------------------------------- */

static void test_bad_json_games_options(void) {
    ludus_game *out = NULL;
    FAILS(NULL, ludus_game_new("petteia", "{rows: 8", &out), LUDUS_E_BAD_JSON);
    CHECK(out == NULL);
    FAILS(NULL, ludus_game_new("petteia", "", &out), LUDUS_E_BAD_JSON);
    FAILS(NULL, ludus_game_new("petteia", "[]", &out), LUDUS_E_BAD_JSON);
    FAILS(NULL, ludus_game_new("petteia", "{\"rows\": 8} trailing", &out), LUDUS_E_BAD_JSON);
    FAILS(NULL, ludus_game_new("chess", NULL, &out), LUDUS_E_UNKNOWN_GAME);
    CHECK(strstr(ludus_last_error(), "chess") != NULL);
    FAILS(NULL, ludus_game_new("", "{}", &out), LUDUS_E_UNKNOWN_GAME);
    FAILS(NULL, ludus_game_new("petteia", "{\"colour\": 1}", &out), LUDUS_E_UNKNOWN_OPTION);
    CHECK(strstr(ludus_last_error(), "colour") != NULL);
    FAILS(NULL, ludus_game_new("petteia", "{\"rows\": 99}", &out), LUDUS_E_INVALID_OPTION);
    CHECK(strstr(ludus_last_error(), "rows") != NULL);
    FAILS(NULL, ludus_game_new("petteia", "{\"cols\": 2}", &out), LUDUS_E_INVALID_OPTION);
    FAILS(NULL, ludus_game_new("petteia", "{\"first_player\": 2}", &out), LUDUS_E_INVALID_OPTION);
    FAILS(NULL, ludus_game_new("petteia", "{\"seed\": -1}", &out), LUDUS_E_INVALID_OPTION);
    FAILS(NULL, ludus_game_new("petteia", "{\"draw_repetitions\": 1}", &out), LUDUS_E_INVALID_OPTION);
    CHECK(out == NULL);

    FAILS(NULL, ludus_game_from_json("{", &out), LUDUS_E_BAD_JSON);
    FAILS(NULL, ludus_game_from_json("", &out), LUDUS_E_BAD_JSON);
    FAILS(NULL, ludus_game_from_json("{\"format\": \"ludus-state\"}", &out), LUDUS_E_INVALID_STATE);
    FAILS(NULL, ludus_game_from_json("[]", &out), LUDUS_E_BAD_JSON);
    CHECK(out == NULL);
    /* Names quoted from the input keep their control characters visible (found by fuzzing:
     * a key starting with NUL gave an empty message). */
    FAILS(NULL, ludus_game_from_json("{\"\\u0000format\": 1}", &out), LUDUS_E_INVALID_STATE);
    CHECK(strstr(ludus_last_error(), "\\u0000format") != NULL);
    FAILS(NULL, ludus_game_new("petteia", "{\"\\u0001rows\": 8}", &out), LUDUS_E_UNKNOWN_OPTION);
    CHECK(strstr(ludus_last_error(), "\\u0001rows") != NULL);
    {
        /* a saved game with one character changed in its history */
        ludus_game *g = new_game("{\"seed\": 3}");
        char *json, *p;
        OK(ludus_game_play(g, "a2-a4"));
        OK(ludus_game_play(g, "a7-a5"));
        json = save(g);
        p = json ? strstr(json, "a7-a5") : NULL;
        CHECK(p != NULL);
        if (p != NULL) {
            p[4] = '1'; /* a7-a1: lands on player 0's piece */
            FAILS(NULL, ludus_game_from_json(json, &out), LUDUS_E_INVALID_STATE);
            CHECK(strstr(ludus_last_error(), "history[1]") != NULL);
        }
        ludus_string_free(json);
        ludus_game_free(g);
    }
}

static void test_moves_errors(void) {
    ludus_game *g = new_game("{\"seed\": 5}");
    char *text = (char *)"x";
    FAILS(g, ludus_game_play(g, "b2-c3"), LUDUS_E_ILLEGAL_MOVE);
    FAILS(g, ludus_game_play(g, "b2-b7"), LUDUS_E_ILLEGAL_MOVE);
    FAILS(g, ludus_game_play(g, "b7-b6"), LUDUS_E_ILLEGAL_MOVE);
    FAILS(g, ludus_game_play(g, "hello"), LUDUS_E_INVALID_MOVE);
    FAILS(g, ludus_game_play(g, ""), LUDUS_E_INVALID_MOVE);
    FAILS(g, ludus_game_play(g, "b2-b9"), LUDUS_E_INVALID_MOVE);
    FAILS(g, ludus_game_play(g, "{\"from\": \"b2\"}"), LUDUS_E_INVALID_MOVE);
    FAILS(g, ludus_game_play(g, "{\"from\": \"b2\", \"to\": \"c3\"}"), LUDUS_E_ILLEGAL_MOVE);
    FAILS(g, ludus_game_play(g, "{\"from\": "), LUDUS_E_BAD_JSON);
    FAILS(g, ludus_game_apply_action(g, -1), LUDUS_E_ILLEGAL_MOVE);
    FAILS(g, ludus_game_apply_action(g, 0), LUDUS_E_ILLEGAL_MOVE);
    FAILS(g, ludus_game_apply_action(g, 2147483647), LUDUS_E_ILLEGAL_MOVE);
    FAILS(g, ludus_game_action_text(g, 123456, &text), LUDUS_E_ILLEGAL_MOVE);
    CHECK(text == NULL);
    FAILS(g, ludus_game_action_text(g, -5, &text), LUDUS_E_ILLEGAL_MOVE);
    OK(ludus_game_play(g, "{\"from\": \"b2\", \"to\": \"b5\"}"));
    OK(ludus_game_play(g, "{\"text\": \"c7-c6\"}"));
    OK(ludus_game_play(g, "d2-d3"));
    ludus_game_free(g);
}

static void test_wrong_phase_and_undo(void) {
    ludus_game *g = new_game("{\"seed\": 6}");
    int dice[4] = {3, 4, 0, 0};
    size_t count = 99;
    char *text = (char *)"x";
    FAILS(g, ludus_game_roll(g, dice, 4, &count), LUDUS_E_WRONG_PHASE);
    FAILS(g, ludus_game_set_dice(g, dice, 2), LUDUS_E_WRONG_PHASE);
    FAILS(g, ludus_game_chance_outcomes(g, &text), LUDUS_E_WRONG_PHASE);
    CHECK(text == NULL);
    FAILS(g, ludus_game_undo(g), LUDUS_E_NOTHING_TO_UNDO);
    OK(ludus_game_play(g, "a2-a3"));
    OK(ludus_game_undo(g));
    FAILS(g, ludus_game_undo(g), LUDUS_E_NOTHING_TO_UNDO);
    /* an agreed draw, and taking it back */
    OK(ludus_game_agree_draw(g));
    CHECK(ludus_game_result(g) == LUDUS_RESULT_DRAW);
    CHECK(ludus_game_phase(g) == LUDUS_PHASE_OVER);
    FAILS(g, ludus_game_agree_draw(g), LUDUS_E_GAME_OVER);
    FAILS(g, ludus_game_play(g, "a2-a3"), LUDUS_E_GAME_OVER);
    OK(ludus_game_undo(g));
    CHECK(ludus_game_result(g) == LUDUS_RESULT_ONGOING);
    ludus_game_free(g);
}

/* Plays a random game to its end through the integer actions; returns it. */
static ludus_game *play_to_end_with_actions(const char *options, int check_every_action) {
    ludus_game *g = new_game(options);
    int32_t actions[1024];
    size_t count = 0;
    int plies = 0;
    while (ludus_game_phase(g) == LUDUS_PHASE_MOVE && plies < 20000) {
        size_t i;
        OK(ludus_game_actions(g, actions, 1024, &count));
        CHECK(count > 0);
        if (count == 0) break;
        if (check_every_action) {
            for (i = 0; i < count; ++i) {
                ludus_game *c = NULL;
                char *text = NULL;
                OK(ludus_game_action_text(g, actions[i], &text));
                CHECK(text != NULL && strchr(text, '-') != NULL);
                ludus_string_free(text);
                OK(ludus_game_clone(g, &c));
                CHECK_MSG(ludus_game_apply_action(c, actions[i]) == LUDUS_OK, "every listed action is accepted");
                ludus_game_free(c);
            }
        }
        OK(ludus_game_apply_action(g, actions[next_random((unsigned)count)]));
        ++plies;
    }
    return g;
}

static void test_game_over(void) {
    ludus_game *g =
        play_to_end_with_actions("{\"rows\": 5, \"cols\": 4, \"seed\": 9, \"draw_plies_without_capture\": 40}", 0);
    int32_t actions[8];
    size_t count = 99;
    char *text = NULL;
    ludus_result result;
    CHECK(ludus_game_phase(g) == LUDUS_PHASE_OVER);
    CHECK(ludus_game_result(g) != LUDUS_RESULT_ONGOING);
    CHECK(ludus_game_to_move(g) == -1);
    OK(ludus_game_actions(g, NULL, 0, &count));
    CHECK(count == 0);
    OK(ludus_game_legal_moves(g, &text));
    CHECK(text != NULL && strcmp(text, "[]") == 0);
    ludus_string_free(text);
    FAILS(g, ludus_game_play(g, "a1-a2"), LUDUS_E_GAME_OVER);
    FAILS(g, ludus_game_play(g, "{\"from\": \"a1\"}"), LUDUS_E_GAME_OVER);
    FAILS(g, ludus_game_apply_action(g, 0), LUDUS_E_GAME_OVER);
    FAILS(g, ludus_game_agree_draw(g), LUDUS_E_GAME_OVER);
    FAILS(g, ludus_game_random_playout(g, 1, 100, &result, NULL), LUDUS_E_GAME_OVER);
    (void)actions;
    /* undo reopens it */
    OK(ludus_game_undo(g));
    CHECK(ludus_game_phase(g) == LUDUS_PHASE_MOVE);
    ludus_game_free(g);
}

static void test_buffers(void) {
    ludus_game *g = new_game("{\"seed\": 8}");
    int32_t buffer[40];
    size_t count = 0, i;
    FAILS(g, ludus_game_actions(g, NULL, 0, &count), LUDUS_E_BUFFER_TOO_SMALL);
    CHECK(count == 32);
    for (i = 0; i < 40; ++i) buffer[i] = -7;
    count = 0;
    FAILS(g, ludus_game_actions(g, buffer, 5, &count), LUDUS_E_BUFFER_TOO_SMALL);
    CHECK(count == 32);
    for (i = 5; i < 40; ++i) CHECK(buffer[i] == -7); /* nothing past the capacity */
    count = 0;
    FAILS(g, ludus_game_actions(g, buffer, 31, &count), LUDUS_E_BUFFER_TOO_SMALL);
    CHECK(count == 32);
    CHECK(buffer[31] == -7);
    OK(ludus_game_actions(g, buffer, 32, &count));
    CHECK(count == 32);
    CHECK(buffer[31] != -7);
    for (i = 0; i < 32; ++i) {
        char *text = NULL;
        OK(ludus_game_action_text(g, buffer[i], &text));
        CHECK(text != NULL && text[1] == '2' && text[2] == '-');
        ludus_string_free(text);
    }
    ludus_game_free(g);
}

/* A whole game through ludus_game_legal_moves / ludus_game_play: every listed move (text and
 * object) is accepted, and the lists agree with the integer actions. */
static void test_game_with_texts(const char *options) {
    ludus_game *g = new_game(options);
    static char texts[1024][16];
    int32_t actions[1024];
    int plies = 0;
    while (ludus_game_phase(g) == LUDUS_PHASE_MOVE && plies < 20000) {
        char *json = NULL;
        size_t n, count = 0, i;
        OK(ludus_game_legal_moves(g, &json));
        if (json == NULL) break;
        n = move_texts(json, texts, 1024);
        OK(ludus_game_actions(g, actions, 1024, &count));
        CHECK(n == count && n > 0 && n <= 1024);
        if (n == 0 || n > 1024) {
            ludus_string_free(json);
            break;
        }
        for (i = 0; i < n && i < count; ++i) {
            char *text = NULL;
            ludus_game *c = NULL;
            OK(ludus_game_action_text(g, actions[i], &text));
            CHECK(text != NULL && strcmp(text, texts[i]) == 0); /* same order, same text */
            ludus_string_free(text);
            OK(ludus_game_clone(g, &c));
            CHECK_MSG(ludus_game_play(c, texts[i]) == LUDUS_OK, "every listed move text is accepted");
            ludus_game_free(c);
        }
        {
            /* the first move object of the list, as it stands */
            const char *open = strchr(json + 1, '{'), *close = open ? strchr(open, '}') : NULL;
            ludus_game *c = NULL;
            CHECK(open != NULL && close != NULL);
            if (open != NULL && close != NULL) {
                char object[512];
                size_t length = (size_t)(close - open + 1);
                if (length < sizeof object) {
                    memcpy(object, open, length);
                    object[length] = '\0';
                    OK(ludus_game_clone(g, &c));
                    CHECK_MSG(ludus_game_play(c, object) == LUDUS_OK, "the listed move object is accepted");
                    ludus_game_free(c);
                }
            }
        }
        OK(ludus_game_play(g, texts[next_random((unsigned)n)]));
        ludus_string_free(json);
        ++plies;
    }
    CHECK(ludus_game_phase(g) == LUDUS_PHASE_OVER);
    CHECK(ludus_game_result(g) != LUDUS_RESULT_ONGOING);
    {
        /* the finished game survives saving */
        char *json = save(g);
        ludus_game *r = NULL;
        OK(ludus_game_from_json(json, &r));
        CHECK(r != NULL && same_json(g, r));
        ludus_string_free(json);
        ludus_game_free(r);
    }
    ludus_game_free(g);
}

static void test_random_games(void) {
    int i;
    const char *options[] = {
        "{\"rows\": 5, \"cols\": 3, \"seed\": 1, \"draw_plies_without_capture\": 30}",
        "{\"rows\": 6, \"cols\": 5, \"seed\": 2, \"draw_plies_without_capture\": 60, \"draw_repetitions\": 3}",
        "{\"rows\": 5, \"cols\": 4, \"seed\": 3, \"draw_repetitions\": 2, \"draw_plies_without_capture\": 100}",
        "{\"rows\": 8, \"cols\": 8, \"seed\": 4, \"draw_plies_without_capture\": 50, \"first_player\": \"random\"}",
        "{\"rows\": 9, \"cols\": 9, \"seed\": 5, \"draw_plies_without_capture\": 40, \"first_player\": 1}",
    };
    for (i = 0; i < 5; ++i) {
        ludus_game *g = play_to_end_with_actions(options[i], 1);
        CHECK(ludus_game_phase(g) == LUDUS_PHASE_OVER);
        CHECK(ludus_game_result(g) != LUDUS_RESULT_ONGOING);
        ludus_game_free(g);
        test_game_with_texts(options[i]);
    }
    for (i = 0; i < 20; ++i) {
        ludus_game *g = play_to_end_with_actions("{\"rows\": 6, \"cols\": 4, \"draw_plies_without_capture\": 50}", 0);
        CHECK(ludus_game_phase(g) == LUDUS_PHASE_OVER);
        ludus_game_free(g);
    }
}

static void test_random_playout(void) {
    ludus_game *a = new_game("{\"rows\": 6, \"cols\": 5, \"seed\": 4, \"draw_plies_without_capture\": 60}");
    ludus_game *b = NULL;
    ludus_result result = LUDUS_RESULT_INVALID;
    uint32_t plies = 0;
    OK(ludus_game_clone(a, &b));
    OK(ludus_game_random_playout(a, 77, 100000, &result, &plies));
    CHECK(result != LUDUS_RESULT_ONGOING && result == ludus_game_result(a));
    CHECK(plies > 0);
    OK(ludus_game_random_playout(b, 77, 100000, NULL, NULL));
    CHECK(same_json(a, b)); /* the same seed, the same game */
    ludus_game_free(a);
    ludus_game_free(b);
}

/* ludus_game_playouts: playout i is ludus_game_random_playout on a clone with seed + i; the game
 * does not change. */
static void check_playouts_match_clones(const char *game_id, const char *options, uint64_t seed, uint32_t n,
                                        uint32_t max_plies) {
    ludus_game *g = NULL;
    ludus_result results[80];
    uint32_t plies[80], i;
    char *before;
    if (ludus_game_new(game_id, options, &g) != LUDUS_OK) {
        CHECK_MSG(0, "a new %s game with %s", game_id, options);
        return;
    }
    OK(ludus_game_random_playout(g, 5, 12, NULL, NULL)); /* a history before the batch */
    before = save(g);
    OK(ludus_game_playouts(g, seed, n, max_plies, results, plies));
    {
        char *after = save(g);
        CHECK(before != NULL && after != NULL && strcmp(before, after) == 0);
        ludus_string_free(after);
    }
    for (i = 0; i < n; ++i) {
        ludus_game *c = NULL;
        ludus_result result = LUDUS_RESULT_INVALID;
        uint32_t p = 0;
        OK(ludus_game_clone(g, &c));
        OK(ludus_game_random_playout(c, seed + i, max_plies, &result, &p));
        if (result != results[i] || p != plies[i]) {
            fprintf(stderr, "%s playout %u: batch %d after %u moves, clone %d after %u\n", game_id, i, (int)results[i],
                    plies[i], (int)result, p);
            CHECK(result == results[i] && p == plies[i]);
        }
        ludus_game_free(c);
    }
    ludus_string_free(before);
    ludus_game_free(g);
}

/* The playouts of one game of every game of the catalogue, from a few plies in, match its
 * clones' playouts. */
static void every_game_s_playouts_match_clones(void) {
    char *catalogue = NULL;
    char ids[64][CATALOGUE_ID_BYTES];
    int games, i;
    OK(ludus_games(&catalogue));
    games = catalogue_game_ids(catalogue, ids, 64);
    CHECK(games > 0);
    for (i = 0; i < games; ++i) check_playouts_match_clones(ids[i], "{\"seed\": 4}", 1, 8, 3000);
    ludus_string_free(catalogue);
}

static void test_playouts(void) {
    ludus_game *g = new_game("{\"seed\": 3}");
    ludus_result results[4] = {LUDUS_RESULT_INVALID, LUDUS_RESULT_INVALID, LUDUS_RESULT_INVALID, LUDUS_RESULT_INVALID};
    uint32_t plies[4] = {7, 7, 7, 7}, i;
    check_playouts_match_clones("petteia", "{\"seed\": 1}", 100, 6, 100000);
    check_playouts_match_clones("petteia", "{\"rows\": 6, \"cols\": 4, \"seed\": 2, \"draw_repetitions\": 3}", 7, 30,
                                100000);
    check_playouts_match_clones("petteia", "{\"rows\": 12, \"cols\": 12, \"seed\": 2}", 0xFFFFFFFFFFFFFFFEull, 3,
                                100000);
    every_game_s_playouts_match_clones();
    check_playouts_match_clones("petteia", "{\"seed\": 9}", 40, 80, 25); /* more than one batch of 64, capped */

    OK(ludus_game_playouts(g, 1, 0, 100, NULL, NULL)); /* nothing to do */
    OK(ludus_game_playouts(g, 1, 4, 100000, results, NULL));
    for (i = 0; i < 4; ++i) CHECK(results[i] != LUDUS_RESULT_ONGOING && results[i] != LUDUS_RESULT_INVALID);
    OK(ludus_game_playouts(g, 1, 4, 10, NULL, plies));
    for (i = 0; i < 4; ++i) CHECK(plies[i] == 10);
    FAILS(NULL, ludus_game_playouts(NULL, 1, 4, 100, results, plies), LUDUS_E_INVALID_ARGUMENT);
    OK(ludus_game_random_playout(g, 1, 100000, NULL, NULL));
    plies[0] = 7;
    FAILS(g, ludus_game_playouts(g, 1, 4, 100, results, plies), LUDUS_E_GAME_OVER);
    CHECK(plies[0] == 7);
    ludus_game_free(g);
}

int main(void) {
    test_version();
    test_status_names();
    test_games();
    test_lifecycle();
    test_null_arguments();
    test_bad_json_games_options();
    test_moves_errors();
    test_wrong_phase_and_undo();
    test_game_over();
    test_buffers();
    test_random_games();
    test_random_playout();
    test_playouts();
    return check_summary("C ABI");
}
