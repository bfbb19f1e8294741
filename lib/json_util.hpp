// Small helpers for reading JSON with messages that name the field.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace ludus::json_util {

using json = nlohmann::json;

// The member `key` of object `object` (at path `parent`), which must have type `type`;
// otherwise Error(invalid_state) naming "parent.key".
const json &member(const json &object, const std::string &key, const std::string &parent, json::value_t type);
std::string path(const std::string &parent, const std::string &key);

// An integer member in [min, max]; Error(invalid_state) naming the field otherwise.
int64_t integer_member(const json &object, const std::string &key, const std::string &parent, int64_t min, int64_t max);

// Every key of `object` must be one of `allowed`; Error(invalid_state) naming the first other.
void only_keys(const json &object, const std::vector<std::string> &allowed, const std::string &parent);

// ".key" or "[i]" path of the first place where a and b differ ("" if equal).
std::string first_difference(const json &a, const json &b);

// "roll 3 5" -> {3, 5}; Error(invalid_state) naming `field` otherwise.
std::vector<int> parse_roll_text(const std::string &text, const std::string &field);

// Parses text as JSON; Error(bad_json) with the parser's position otherwise. `what` names the input.
json parse(const char *text, const std::string &what);

}  // namespace ludus::json_util
