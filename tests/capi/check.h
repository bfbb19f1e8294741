/* The checks of the C tests (plain C99 against the public header only, so that a program built
 * against the installed library can use them too): each check is counted, a failed one is told
 * on standard error with its place and the library's last error, and a test ends with
 * check_summary(), whose value is the exit status.
 *
 *   CHECK(cond)              the condition holds
 *   CHECK_MSG(cond, fmt, ...) the same, told with a printf-style message
 *   OK(call)                 the call answers LUDUS_OK
 *   MUST(call)               the call answers LUDUS_OK, else the test stops (what follows needs it)
 */
#ifndef LUDUS_TESTS_CHECK_H
#define LUDUS_TESTS_CHECK_H

#include <ludus/ludus.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A run with many failures tells the first ones: they say what went wrong, the rest repeat it. */
#define CHECK_TOLD_FAILURES 50

static int check_passed = 0, check_failed = 0;

static inline void check_at(int ok, const char *file, int line, const char *format, ...) {
    if (ok) {
        ++check_passed;
        return;
    }
    if (++check_failed > CHECK_TOLD_FAILURES) return;
    va_list args;
    va_start(args, format);
    fprintf(stderr, "%s:%d: FAILED: ", file, line);
    vfprintf(stderr, format, args);
    fprintf(stderr, " (last error: %s)\n", ludus_last_error());
    va_end(args);
}

#define CHECK(cond) check_at((cond) ? 1 : 0, __FILE__, __LINE__, "%s", #cond)
#define CHECK_MSG(cond, ...) check_at((cond) ? 1 : 0, __FILE__, __LINE__, __VA_ARGS__)
#define OK(call) check_at((call) == LUDUS_OK, __FILE__, __LINE__, "%s", #call)
#define MUST(call)                                                                                                     \
  do {                                                                                                                 \
    if ((call) != LUDUS_OK) {                                                                                          \
      fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call, ludus_last_error());                        \
      exit(1);                                                                                                         \
    }                                                                                                                  \
  } while (0)

/* The game ids of ludus_games' compact JSON: the "id" of each object of the top-level array (the
 * catalogue's rulesets have ids of their own, deeper). Writes at most max of them into ids and
 * returns how many; -1 for an id longer than 63 bytes. A test in C99 reads the catalogue with
 * it, without a JSON parser. */
#define CATALOGUE_ID_BYTES 64
static inline int catalogue_game_ids(const char *catalogue, char ids[][CATALOGUE_ID_BYTES], int max) {
    int depth = 0, in_string = 0, count = 0;
    const char *at;
    for (at = catalogue; at != NULL && *at != '\0' && count < max; ++at) {
        if (in_string) {
            if (*at == '\\' && at[1] != '\0')
                ++at;
            else if (*at == '"')
                in_string = 0;
        } else if (*at == '[' || *at == '{') {
            ++depth;
        } else if (*at == ']' || *at == '}') {
            --depth;
        } else if (*at == '"' && depth == 2 && strncmp(at, "\"id\":\"", 6) == 0) {
            const size_t n = strcspn(at + 6, "\"");
            if (n >= CATALOGUE_ID_BYTES) return -1;
            memcpy(ids[count], at + 6, n);
            ids[count++][n] = '\0';
            at += 6 + n; /* the id's closing quote */
        } else if (*at == '"') {
            in_string = 1;
        }
    }
    return count;
}

/* "NAME: P passed, F failed" on standard output; returns the exit status (0 when none failed). */
static inline int check_summary(const char *name) {
    if (check_failed > CHECK_TOLD_FAILURES)
        fprintf(stderr, "(%d more failures not told)\n", check_failed - CHECK_TOLD_FAILURES);
    printf("%s: %d passed, %d failed\n", name, check_passed, check_failed);
    return check_failed == 0 ? 0 : 1;
}

#endif
