/*
 * libludus: a headless rules engine for the board games of ancient Rome and Greece.
 *
 * This is the whole public interface. It is plain C99 (usable from C++ too): nothing C++
 * crosses the boundary.
 *
 * Conventions (see also docs/c-api.md):
 *  - Every fallible call returns a ludus_status. LUDUS_OK is 0. On any other status,
 *    ludus_last_error() returns a message for the calling thread saying what was wrong, valid
 *    until that thread's next call into the library, and the game handle is left unchanged.
 *  - Strings in are UTF-8 and NUL-terminated. Strings out (char **out_...) are owned by the
 *    caller and released with ludus_string_free(). On failure *out is set to NULL.
 *  - Buffers of numbers are provided by the caller with a capacity. If the capacity is too
 *    small nothing is written past it, *out_count receives the number needed and the status
 *    is LUDUS_E_BUFFER_TOO_SMALL. The buffer may be NULL when the capacity is 0.
 *  - Handles are independent: two threads may use two handles at once. One handle must not be
 *    used by two threads at once without the caller's lock. Besides the handles, the library
 *    keeps this state between calls, none of which changes what a call answers:
 *      per thread (thread_local: each thread its own, never shared, no lock; freed with the
 *      thread): the message of ludus_last_error; ludus_game_new's cache, the last four options
 *      the thread made games from (the same options with any seed or none, their members in
 *      any order), read and checked, each with a game at their start to make the next games of
 *      them from (lib/recent_options.hpp); the thread's generator of fresh seeds (one read of
 *      the operating system a thread); the pool of history memory;
 *      per process, shared by every thread: tables each built once on first use and read-only
 *      after (C++ static initialisation or std::call_once: the option tables, a ruleset's board
 *      masks or routes); and the Royal Game of Ur's solved-game caches (the position index of
 *      each ruleset, and each table file read by the level "perfect", kept until the process
 *      ends), each behind its own mutex.
 *  - Per-game facts (each game's options, rulesets and their sources, board, dice, levels,
 *    render options) are not listed in this header: ludus_games() answers them, described by
 *    the catalogue's schema.
 *  - No call aborts, crashes or leaks on any input: NULL pointers, malformed JSON, unknown
 *    moves, calls in the wrong phase all give an error status.
 *  - Within a major version a published symbol is never removed or changed.
 *
 * JSON documents (the catalogue, saved states, move objects) are described by the JSON
 * Schemas installed with the library (share/ludus/schemas/).
 *
 * Limits on input (all input is treated as untrusted). Larger input is refused before it is
 * parsed, with a message saying which limit: the library reads at most limit + 1 bytes of it.
 *  - a saved state (ludus_game_from_json): LUDUS_MAX_STATE_BYTES (1 MiB)  -> LUDUS_E_BAD_JSON
 *  - a move, text or JSON (ludus_game_play): LUDUS_MAX_MOVE_BYTES (1 MiB) -> LUDUS_E_INVALID_MOVE
 *    (the move's text) or LUDUS_E_BAD_JSON (nested too deep)
 *  - options JSON (ludus_game_new and other calls taking options_json):
 *    LUDUS_MAX_OPTIONS_BYTES (64 KiB)                                     -> LUDUS_E_BAD_JSON
 *  - nesting of arrays and objects in any JSON input: LUDUS_MAX_JSON_DEPTH (16; the schemas
 *    need at most 5)                                                      -> LUDUS_E_BAD_JSON
 * A saved state is validated field by field (its history is replayed by the rules); each
 * refusal names the field, e.g. "history[3].text: ...".
 */
#ifndef LUDUS_LUDUS_H
#define LUDUS_LUDUS_H

#include <stddef.h>
#include <stdint.h>

#define LUDUS_VERSION_MAJOR 1        /* this header's version: incompatible changes (docs/releasing.md) */
#define LUDUS_VERSION_MINOR 2        /* additions */
#define LUDUS_VERSION_PATCH 0        /* fixes */
#define LUDUS_VERSION_STRING "1.2.0" /* "MAJOR.MINOR.PATCH", as ludus_version() returns it */

/* Limits on input: see above. */
#define LUDUS_MAX_STATE_BYTES (1024u * 1024u) /* a saved state, in bytes */
#define LUDUS_MAX_MOVE_BYTES (1024u * 1024u)  /* a move's text or JSON, in bytes */
#define LUDUS_MAX_OPTIONS_BYTES (64u * 1024u) /* options JSON, in bytes */
#define LUDUS_MAX_JSON_DEPTH 16               /* nesting of arrays and objects in any JSON input */

/* The bound on moves the bindings give a random playout when the caller names none (since 1.1):
 * random play in some games can go on for ever (Kowalski's Latrunculi has no limit of moves
 * without a capture), so a playout that reaches it stops with LUDUS_RESULT_ONGOING. */
#define LUDUS_DEFAULT_MAX_PLIES 100000u

#if defined(_WIN32) || defined(__CYGWIN__)
#  if defined(LUDUS_BUILDING_LIBRARY)
#    define LUDUS_API __declspec(dllexport)
#  else
#    define LUDUS_API __declspec(dllimport)
#  endif
#elif defined(__GNUC__) || defined(__clang__)
#  define LUDUS_API __attribute__((visibility("default")))
#else
#  define LUDUS_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* A game in progress. Created by ludus_game_new, ludus_game_from_json or ludus_game_clone;
 * released by ludus_game_free. */
typedef struct ludus_game ludus_game;

/* What a call did: LUDUS_OK, or why it failed (ludus_last_error() says more). */
typedef enum ludus_status {
    LUDUS_OK = 0,                  /* success */
    LUDUS_E_INVALID_ARGUMENT = 1,  /* a NULL pointer or a number out of range */
    LUDUS_E_BAD_JSON = 2,          /* text that is not well-formed JSON (or not the JSON type asked for) */
    LUDUS_E_UNKNOWN_GAME = 3,      /* no game with that id */
    LUDUS_E_UNKNOWN_OPTION = 4,    /* an option the game does not have */
    LUDUS_E_INVALID_OPTION = 5,    /* an option of the wrong type or out of its range */
    LUDUS_E_INVALID_MOVE = 6,      /* a move (text or object) that cannot be read */
    LUDUS_E_ILLEGAL_MOVE = 7,      /* a well-formed move that is not legal now */
    LUDUS_E_WRONG_PHASE = 8,       /* the call does not fit the phase (e.g. a move before the roll) */
    LUDUS_E_GAME_OVER = 9,         /* the game has ended */
    LUDUS_E_INVALID_STATE = 10,    /* a saved state that is well-formed but inconsistent */
    LUDUS_E_BUFFER_TOO_SMALL = 11, /* see *out_count for the capacity needed */
    LUDUS_E_NO_MEMORY = 12,        /* an allocation failed */
    LUDUS_E_NOTHING_TO_UNDO = 13,  /* undo at the start of the history */
    LUDUS_E_INTERNAL = 14          /* a bug in the library: please report it */
} ludus_status;

/* What the game waits for (ludus_game_phase). */
typedef enum ludus_phase {
    LUDUS_PHASE_INVALID = -1, /* only for a NULL handle */
    LUDUS_PHASE_ROLL = 0,     /* the player to move must roll (or set) the dice */
    LUDUS_PHASE_MOVE = 1,     /* the player to move must play a move */
    LUDUS_PHASE_OVER = 2      /* the game has ended: see ludus_game_result */
} ludus_phase;

/* How the game stands (ludus_game_result). */
typedef enum ludus_result {
    LUDUS_RESULT_INVALID = -1, /* only for a NULL handle */
    LUDUS_RESULT_ONGOING = 0,  /* not over yet */
    LUDUS_RESULT_PLAYER0_WON = 1,
    LUDUS_RESULT_PLAYER1_WON = 2,
    LUDUS_RESULT_DRAW = 3
} ludus_result;

/* ---- Library ---------------------------------------------------------------------------- */

/* "MAJOR.MINOR.PATCH" of the loaded library (a static string: do not free). */
LUDUS_API const char *ludus_version(void);

/* The message of the calling thread's last failure ("" if none). Valid until the thread's
 * next call into the library; do not free. */
LUDUS_API const char *ludus_last_error(void);

/* A short constant name for a status, e.g. "LUDUS_E_ILLEGAL_MOVE" (do not free). */
LUDUS_API const char *ludus_status_name(ludus_status status);

/* Release a string returned by the library. NULL is fine. */
LUDUS_API void ludus_string_free(char *s);

/* The catalogue of games as a JSON array (schemas/catalogue.schema.json): for each game its
 * "id", "name", "agreed_draws" (true when ludus_game_agree_draw can end its games; false for
 * the race games, which have no draws) and "options" (each with "type", "default", the allowed
 * range or values and a "description"; the seed's "max", 2^64-1, has its digits beside it as the
 * string "max_text", exact in every JSON parser). Since 1.2 also, from the tables the library checks
 * against:
 *   "render_options"  {"svg": {...}, "text": {...}}: the options of ludus_game_render_svg and
 *                     ludus_game_render_text, each described as the game's "options" are
 *   "levels"          the names ludus_ai_choose takes for "level" that the game's own searches
 *                     answer, weakest first; the last (and "default_level") is "best"
 *   "other_levels"    names it takes besides them, not ranked with them ("uct" in every game;
 *                     a game may add its own, described in docs/computer-players.md)
 *   "default_level"   the level of ludus_ai_choose without one ("best")
 * and, read from each game's rules and computer player:
 *   "search_values"   for each level, what the "value" of ludus_ai_choose's "search" counts:
 *                     "pieces", "steps" of the race, or "chance" of winning (0..1); null for
 *                     "random"
 *   "kind"            "race" or "capture"
 *   "board"           {"kind": "grid" or "track", "rows", "cols", "cells"} of the default
 *                     options, and where the game names them each player's "routes"
 *   "dice"            {"kind", "count", "faces"} of the default options; null without dice
 *   "rulesets"        the values of the option "ruleset" (empty for a game of one set of
 *                     rules), each with its "source" and the "board" and "dice" it plays with
 * In a build without computer players "levels" and "other_levels" are empty, "search_values"
 * is empty and "default_level" is null. */
LUDUS_API ludus_status ludus_games(char **out_json);

/* ---- Lifecycle ---------------------------------------------------------------------------- */

/* A new game. options_json may be NULL or "{}" for the defaults; an unknown option is an
 * error (LUDUS_E_UNKNOWN_OPTION). The option "seed" (0..2^64-1: an integer, or the string of
 * its decimal digits) seeds the game's random generator; without it a seed below 2^53 is drawn
 * at random. The library writes a seed (ludus_game_to_json) as an integer below 2^53 and as the
 * string of its digits from there up, which every JSON parser keeps exact (JavaScript's too). */
LUDUS_API ludus_status ludus_game_new(const char *game_id, const char *options_json, ludus_game **out);

/* Restore a game saved by ludus_game_to_json. The state is validated: its history is replayed
 * from its start position and must arrive at the saved position. */
LUDUS_API ludus_status ludus_game_from_json(const char *state_json, ludus_game **out);

/* Save the full state: options, start position, history, current position (phase, dice,
 * counters, generator state). Restoring it gives a game that behaves identically. */
LUDUS_API ludus_status ludus_game_to_json(const ludus_game *g, char **out_json);

/* An independent copy. */
LUDUS_API ludus_status ludus_game_clone(const ludus_game *g, ludus_game **out);

/* Release a game. NULL is fine. */
LUDUS_API void ludus_game_free(ludus_game *g);

/* ---- Position ----------------------------------------------------------------------------- */

/* What the game waits for: a roll, a move, or nothing (over); LUDUS_PHASE_INVALID for NULL. */
LUDUS_API ludus_phase ludus_game_phase(const ludus_game *g);

/* The player to move: 0 or 1; -1 when the game is over (or g is NULL). */
LUDUS_API int ludus_game_to_move(const ludus_game *g);

/* Ongoing, won by player 0 or 1, or drawn; LUDUS_RESULT_INVALID for NULL. */
LUDUS_API ludus_result ludus_game_result(const ludus_game *g);

/* Why the game ended (since 1.1), a static string (do not free): "" while the game goes on,
 * NULL for a NULL handle; which games end for which reason: docs/rules/. The rules' own cases:
 *   "all_captured"          every enemy piece captured
 *   "one_piece_left"        the enemy reduced to one piece
 *   "dux_immobilised"       a dux hemmed in beside an enemy piece
 *   "no_moves"              the player to move cannot move (the rules say who wins)
 *   "quiet_moves"           a ruleset's limit of moves without a capture: more pieces on the
 *                           board wins
 *   "plies_without_capture" the draw of the option draw_plies_without_capture
 *   "repetition"            the draw of the option draw_repetitions
 *   "agreed_draw"           ludus_game_agree_draw
 *   "borne_off"             a player has borne off every piece (the games whose catalogue
 *                           "kind" is "race")
 * The same string is the "end_reason" of the position's JSON (null while the game goes on).
 * New reasons may be added in later minor versions. */
LUDUS_API const char *ludus_game_end_reason(const ludus_game *g);

/* The current position alone as a JSON object (since 1.1): the "position" member of
 * ludus_game_to_json (the pieces, "phase", "to_move", "result", "end_reason", the dice of the
 * games that have them, ...), without the options and history: its cost does not grow with the
 * length of the game. */
LUDUS_API ludus_status ludus_game_position_json(const ludus_game *g, char **out_json);

/* ---- Dice (games that have them; others answer LUDUS_E_WRONG_PHASE) ---------------------- */

/* In phase roll: roll with the game's generator and report the dice values. */
LUDUS_API ludus_status ludus_game_roll(ludus_game *g, int *out_values, size_t capacity, size_t *out_count);

/* In phase roll: dice from outside (physical dice, a replay, a test), validated. */
LUDUS_API ludus_status ludus_game_set_dice(ludus_game *g, const int *values, size_t count);

/* In phase roll: a JSON array of each distinct roll: {"dice": [a, b], "probability": p}. */
LUDUS_API ludus_status ludus_game_chance_outcomes(const ludus_game *g, char **out_json);

/* ---- Moves -------------------------------------------------------------------------------- */

/* In phase move: a JSON array of the legal moves, each an object with at least "text" (the
 * notation of the rules), where it leaves and reaches, and what it captures. When the game
 * is over: "[]". In phase roll: LUDUS_E_WRONG_PHASE.
 * Since 1.1 every game's moves have the same fields with the same types (schemas/
 * common.schema.json): "text", "action", "player", "kind" ("move", "place", "remove", "pass"),
 * "from_name" and "to_name" (a square's or cell's name, or null), "captured" (the names of the
 * squares or cells whose pieces the move captures) and "captured_count". The older "from", "to"
 * and "captures" stay for this major version, deprecated: their types differ between games. */
LUDUS_API ludus_status ludus_game_legal_moves(const ludus_game *g, char **out_json);

/* Play a move given as its text ("b2-b5") or as a JSON object: one of those listed by
 * ludus_game_legal_moves, or any part of it that names exactly one legal move. The key
 * "search" (how ludus_ai_choose found the move) is not part of a move and is ignored, so the
 * object ludus_ai_choose returns is played as it is; an object with no other key names no
 * move (LUDUS_E_INVALID_MOVE). */
LUDUS_API ludus_status ludus_game_play(ludus_game *g, const char *move);

/* Take back the last move, roll or agreed draw. LUDUS_E_NOTHING_TO_UNDO at the start. */
LUDUS_API ludus_status ludus_game_undo(ludus_game *g);

/* Record a draw both players agreed (games whose catalogue entry has "agreed_draws": true,
 * while not over; LUDUS_E_WRONG_PHASE in the others). */
LUDUS_API ludus_status ludus_game_agree_draw(ludus_game *g);

/* Do what one event of a saved history says (since 1.2): an element of the "history" array of
 * ludus_game_to_json, {"player": 0, "text": "b2-b5"}, {"text": "roll 3 5", "dice_from":
 * "engine"} (or "outside"), {"text": "draw agreed"}, checked as ludus_game_from_json checks
 * each event of the history it replays; "player", when given, must be the player to move. A
 * move is played as by ludus_game_play (its text), dice from "outside" set as by
 * ludus_game_set_dice, a roll of the "engine" rolled with the game's generator, which must
 * give those dice, an agreed draw recorded as by ludus_game_agree_draw. So a saved game
 * replayed event by event from its start ("start" given as the "position" of a state with an
 * empty history) passes through each of its positions.
 * Refused, with the game unchanged (the message names "event" and the field):
 *   LUDUS_E_INVALID_ARGUMENT  g or event_json NULL; dice from "outside" that no die shows
 *                             (as ludus_game_set_dice refuses them)
 *   LUDUS_E_BAD_JSON          not JSON, or not a JSON object; longer than LUDUS_MAX_MOVE_BYTES
 *   LUDUS_E_INVALID_STATE     not an event: another key, no "text" string, "player" not the
 *                             player to move, a roll's text not "roll" and dice values, its
 *                             "dice_from" missing or neither "engine" nor "outside", or dice of
 *                             the "engine" that the game's generator does not roll here
 *   LUDUS_E_INVALID_MOVE      a text that is no move of the game (nor a roll or an agreed draw)
 *   LUDUS_E_ILLEGAL_MOVE, LUDUS_E_WRONG_PHASE, LUDUS_E_GAME_OVER
 *                             as ludus_game_play, ludus_game_set_dice, ludus_game_roll or
 *                             ludus_game_agree_draw answer them (a move before the roll, a roll
 *                             in a game without dice, a draw in a race game, ...) */
LUDUS_API ludus_status ludus_game_apply_event(ludus_game *g, const char *event_json);

/* ---- Integer actions: the fast path for programs that search ------------------------------ */

/* The legal moves as small non-negative integers (phase move; 0 of them when over). The
 * elements of out past *out_count, up to capacity, may be overwritten: with room for any
 * position's moves the list is written in place, whole rays at a time. */
LUDUS_API ludus_status ludus_game_actions(const ludus_game *g, int32_t *out, size_t capacity, size_t *out_count);

/* Play one of the integers listed by ludus_game_actions. */
LUDUS_API ludus_status ludus_game_apply_action(ludus_game *g, int32_t action);

/* The text notation of a legal integer move. */
LUDUS_API ludus_status ludus_game_action_text(const ludus_game *g, int32_t action, char **out);

/* Plays uniformly random legal moves to the end of the game, or until max_plies moves have been
 * played, inside the library (fast, for playouts and statistics). The dice come from a generator
 * seeded with `seed` (not the game's own), and so does every choice: the same game and seed give
 * the same playout. Every move and roll enters the history (undo, saving). Reports the result
 * (LUDUS_RESULT_ONGOING if max_plies was reached first) and the number of moves played (rolls
 * not counted); either pointer may be NULL. LUDUS_E_GAME_OVER if the game is already over.
 * Random play can go on for ever in some games: a caller with no bound of its own passes
 * LUDUS_DEFAULT_MAX_PLIES. */
LUDUS_API ludus_status ludus_game_random_playout(ludus_game *g, uint64_t seed, uint32_t max_plies,
                                                 ludus_result *out_result, uint32_t *out_plies);

/* Runs n random playouts from the game's position, for statistics and Monte Carlo evaluation at
 * native speed from slow callers (Python, JavaScript); the game does not change. Playout i
 * (0 <= i < n) is the one ludus_game_random_playout plays on a clone of g with seed + i (modulo
 * 2^64) and max_plies: out_results[i] is its result (LUDUS_RESULT_ONGOING if max_plies was
 * reached first), out_plies[i] its moves (rolls not counted). Each array has room for n
 * values, or is NULL when not wanted. n == 0 does nothing. LUDUS_E_GAME_OVER if the game is
 * over; nothing is written on failure. */
LUDUS_API ludus_status ludus_game_playouts(const ludus_game *g, uint64_t seed, uint32_t n, uint32_t max_plies,
                                           ludus_result *out_results, uint32_t *out_plies);

/* ---- Pictures ----------------------------------------------------------------------------- */

/* A self-contained SVG document (UTF-8, no external fonts or images) of the position: the
 * board, the pieces, the last move, whose turn it is or the result. Its `<title>` describes the
 * position in words for screen readers. Elements carry stable attributes for tests and front
 * ends: pieces have class "piece player0"/"piece player1", dice class "die" or "die used".
 * options_json may be NULL or "{}" for the defaults; an unknown render option is
 * LUDUS_E_UNKNOWN_OPTION, a value of the wrong type or out of range LUDUS_E_INVALID_OPTION,
 * text that is not a JSON object LUDUS_E_BAD_JSON (never a picture with the option ignored).
 * Render options:
 *   every game: "size"         the width in pixels, an integer 120..4096 (default 480)
 *               "words"        true or false: false leaves out every word (the status line
 *                              and the trays' labels; the picture is shorter) for a front end
 *                              that writes them in its own language (default true)
 *               "pieces"       true or false: false draws the empty board, to print and
 *                              play on with counters: no pieces, no last move, no status
 *                              line, the trays without counts; its `<title>` says "empty
 *                              board" (default true)
 *   each game's own options besides (a board's orientation and coordinates, a race board's
 *   position names, inscriptions, routes, ...): the catalogue's "render_options"."svg" of the
 *   game (ludus_games), each with its type, default, range or values and description. */
LUDUS_API ludus_status ludus_game_render_svg(const ludus_game *g, const char *options_json, char **out_svg);

/* A monospace text diagram of the position (ASCII lines ending in '\n'): the board with its
 * coordinates, the pieces, the last move, whose turn it is or the result, and for games with
 * dice the pieces in hand and borne off and the roll. Options: the catalogue's
 * "render_options"."text" of the game (ludus_games); every other option, the picture's "size"
 * and "words" among them, is LUDUS_E_UNKNOWN_OPTION. */
LUDUS_API ludus_status ludus_game_render_text(const ludus_game *g, const char *options_json, char **out_text);

/* ---- Computer players --------------------------------------------------------------------- */

/* The move a computer player chooses for the player to move: one object as listed by
 * ludus_game_legal_moves, plus "search": {"level", "depth" (the depth completed, in the unit of
 * the game's search: docs/computer-players.md), "nodes" (positions evaluated), "value" (the
 * estimate for the player to move, in the unit the catalogue's "search_values" gives for the
 * level: "pieces", "steps" of the race or "chance" of winning from 0 to 1, wins large in the
 * first two; 0 with "nodes" 0 when nothing was searched: level "random", or a single legal
 * move), "time_ms"}; a count from 2^53 up would be written as the string of its digits (no
 * search runs that long). The game is not changed: play the move with ludus_game_play (its "text" or
 * the object). Phase move only: a game with dice in phase roll is LUDUS_E_WRONG_PHASE (roll
 * first), a finished game LUDUS_E_GAME_OVER.
 * options_json (NULL or "{}" for the defaults; not an object: LUDUS_E_BAD_JSON; another key:
 * LUDUS_E_UNKNOWN_OPTION; a wrong value: LUDUS_E_INVALID_OPTION):
 *   "level"        one of the game's catalogue "levels" (weakest first; "best", the default,
 *                  always names the strongest) or "other_levels"; what each searches, per
 *                  game: docs/computer-players.md.
 *                  "uct", in every game: Monte Carlo tree search (UCT) with random playouts to
 *                  the end of the game, knowing nothing of it but its rules (a roll of the dice
 *                  is a chance node over the distinct outcomes, sampled with their
 *                  probabilities); it plays the most visited move. 1000 ms a move unless
 *                  max_playouts or max_time_ms is given. Its "search" has "nodes" (the tree's),
 *                  "playouts", "exploration", "depth" (the deepest walk down the tree, in moves
 *                  and rolls) and "value" (the chosen move's mean result for the player to
 *                  move, 0..1: a win 1, a draw 0.5).
 *                  A game's own other level may need more (the Royal Game of Ur's "perfect"
 *                  plays from the solved game's table file: its path as option "table", else
 *                  $LUDUS_UR_TABLES/ur-RULESET-PIECES-DICE.table, written by `ludus solve ur`;
 *                  without the table LUDUS_E_INVALID_OPTION, a damaged file
 *                  LUDUS_E_INVALID_ARGUMENT).
 *   "table"        "perfect" only: the path of the table file
 *   "depth"        overrides the level's depth (1 up to the game's deepest: the refusal names
 *                  the range); not for "uct", nor is "max_nodes"
 *   "max_playouts" "uct" only: integer 1..2^40, the playouts of the search (deterministic)
 *   "exploration"  "uct" only: the constant C of UCB1 (mean + C sqrt(ln N / n)), a number
 *                  above 0 and at most 100 (default: tuned per game, see docs/computer-players.md)
 *   "seed"         0..2^64-1, an integer or the string of its digits (default 0): chooses
 *                  among equally good moves. The same game, options and seed give the same move.
 *   "max_nodes"    integer 1..2^40: a budget of positions; the search stops when it is spent
 *                  and plays the best move of the depths it completed
 *   "max_time_ms"  integer 1..3600000: a budget of time. "best" has 1000 ms unless max_nodes or
 *                  max_time_ms is given ("uct" unless max_playouts or max_time_ms). Only a
 *                  search without a time budget (levels other than "best" and "uct", "best"
 *                  with max_nodes, "uct" with max_playouts) is deterministic: under a time
 *                  budget the move can depend on the machine's speed.
 *   "threads"      integer 1..64 (default 1): threads of the search, the calling thread among
 *                  them, where the game's search uses them (docs/computer-players.md says
 *                  which levels of which games; the others search alone). "uct": one tree a
 *                  thread (its own seed, its share of max_playouts), the visits of the root's
 *                  moves summed, so the move for a seed and max_playouts is the same. A search
 *                  whose threads share a transposition table and a max_nodes budget (Lazy SMP)
 *                  can then choose by the threads' timing; one whose threads share out the
 *                  candidate moves chooses as on one thread without a time budget. */
LUDUS_API ludus_status ludus_ai_choose(const ludus_game *g, const char *options_json, char **out_move_json);

#ifdef __cplusplus
}
#endif

#endif /* LUDUS_LUDUS_H */
