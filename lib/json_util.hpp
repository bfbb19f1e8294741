// Small helpers for reading JSON with messages that name the field.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "error.hpp"

namespace ludus::json_util {

using json = nlohmann::json;

// The member `key` of object `object` (at path `parent`), which must have type `type`;
// otherwise Error(invalid_state) naming "parent.key".
const json &member(const json &object, const std::string &key, const std::string &parent, json::value_t type);
std::string path(const std::string &parent, const std::string &key);

// An integer member in [min, max]; Error(invalid_state) naming the field otherwise.
int64_t integer_member(const json &object, const std::string &key, const std::string &parent, int64_t min, int64_t max);

// An array of exactly `size` integers in 0..max at `where` (the pieces on a race game's cells);
// Error(invalid_state) naming the element otherwise.
std::vector<int> read_counts(const json &value, size_t size, int max, const std::string &where);

// A member holding one integer in [0, max] per player, [a, b]; Error(invalid_state) naming the
// field otherwise.
std::array<int, 2> pair_member(const json &object, const char *key, const std::string &parent, int max);

// Every key of `object` must be one of `allowed`; Error(invalid_state) naming the first other.
void only_keys(const json &object, const std::vector<std::string> &allowed, const std::string &parent);

// A caller's text as error messages quote it: in double quotes, and when longer than
// quote_limit bytes only its start (cut at a character boundary) and its length, so a 1 MB
// input gives a short message.
inline constexpr size_t quote_limit = 64;
std::string quote(std::string_view text);
// A string value as quote() gives it; another value (an option's value, a move object) as its
// compact JSON text, cut as excerpt() cuts.
std::string quote_json(const json &value);
// The text itself, or when longer than quote_limit its start and length (keys in field paths).
std::string excerpt(std::string_view text);

// A 64-bit number (a seed, a count) as the library writes it: a JSON integer below 2^53, which
// every JSON parser keeps exact (JavaScript's, and the others that read numbers as doubles), and
// from 2^53 up the string of its decimal digits, which they keep exact too.
inline constexpr uint64_t first_inexact_double = uint64_t{1} << 53;
json exact_json(uint64_t n);

// A seed as a caller writes it: a JSON integer 0..2^64-1, or the string of its decimal digits
// (as exact_json writes it: no sign, no leading zero, no space); Error(invalid_option) naming
// `name` otherwise.
uint64_t seed_from_json(const json &value, const std::string &name);

// ".key" or "[i]" path of the first place where a and b differ ("" if equal).
std::string first_difference(const json &a, const json &b);

// "roll 3 5" -> {3, 5}; Error(invalid_state) naming `field` otherwise.
std::vector<int> parse_roll_text(const std::string &text, const std::string &field);

// Limits on untrusted input (documented in include/ludus/ludus.h and README.md). Larger inputs
// are refused before they are parsed: the length is measured with strnlen bounded at limit + 1,
// and the nesting depth by a linear pre-scan, so no input is read whole or parsed recursively
// past these bounds.
inline constexpr size_t max_state_bytes = 1024 * 1024;  // a saved state (ludus_game_from_json)
inline constexpr size_t max_move_bytes = 1024 * 1024;   // a move, text or JSON (ludus_game_play)
inline constexpr size_t max_options_bytes = 64 * 1024;  // options JSON (ludus_game_new, render options)
inline constexpr int max_depth = 16;                    // nesting of arrays and objects in any JSON input

// The length of the NUL-terminated `text`, at most `max_bytes`; Error(status) naming `what`
// and the limit if it is longer (only max_bytes + 1 bytes are ever read).
size_t bounded_length(const char *text, size_t max_bytes, const std::string &what, Status status);

// Parses text as JSON; Error(bad_json) with the parser's position otherwise. `what` names the
// input. Text longer than `max_bytes`, or nested deeper than `depth_limit` arrays/objects, is
// refused with Error(bad_json) before parsing.
json parse(const char *text, const std::string &what, size_t max_bytes = max_state_bytes, int depth_limit = max_depth);

}  // namespace ludus::json_util
