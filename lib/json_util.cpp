// Reading JSON with messages that name the field, and parsing a caller's text within the
// limits on untrusted input (json_util.hpp).
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <unordered_set>

#include "json_util.hpp"

namespace ludus::json_util {

namespace {
// The start of a long text, cut before quote_limit bytes at a character boundary.
std::string_view start_of(std::string_view text) {
    size_t cut = quote_limit - 16;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 character
    return text.substr(0, cut);
}
std::string length_of(std::string_view text) { return " (" + std::to_string(text.size()) + " bytes)"; }
}  // namespace

std::string excerpt(std::string_view text) {
    if (text.size() <= quote_limit) return std::string(text);
    return std::string(start_of(text)) + "..." + length_of(text);
}

std::string quote(std::string_view text) {
    if (text.size() <= quote_limit) return std::string("\"").append(text).append("\"");
    return std::string("\"").append(start_of(text)).append("...\"").append(length_of(text));
}

std::string quote_json(const json &value) {
    return value.is_string() ? quote(value.get_ref<const std::string &>()) : excerpt(value.dump());
}

json exact_json(uint64_t n) { return n < first_inexact_double ? json(n) : json(std::to_string(n)); }

uint64_t seed_from_json(const json &value, const std::string &name) {
    if (value.is_number_unsigned()) return value.get<uint64_t>();
    if (value.is_number_integer() && value.get<int64_t>() >= 0) return static_cast<uint64_t>(value.get<int64_t>());
    const std::string where = "option " + quote(name) + ": ";
    if (!value.is_string())
        fail(Status::invalid_option,
             where + "must be an integer 0..18446744073709551615 or a string of its decimal digits, not " +
                 quote_json(value));
    const std::string &text = value.get_ref<const std::string &>();
    if (text.empty() || !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
        fail(Status::invalid_option, where + quote(text) + " is not a string of decimal digits (no sign, no space)");
    if (text.size() > 1 && text[0] == '0')
        fail(Status::invalid_option, where + quote(text) + ": write it without leading zeros");
    uint64_t n = 0;
    for (char c : text) {
        const auto digit = static_cast<uint64_t>(c - '0');
        if (n > (UINT64_MAX - digit) / 10)
            fail(Status::invalid_option, where + quote(text) + " is above 18446744073709551615");
        n = n * 10 + digit;
    }
    return n;
}

std::string path(const std::string &parent, const std::string &key) {
    return parent.empty() ? key : parent + "." + key;
}

const json &member(const json &object, const std::string &key, const std::string &parent, json::value_t type) {
    auto it = object.find(key);
    if (it == object.end()) fail(Status::invalid_state, path(parent, key) + ": missing");
    if (it->type() != type && !(type == json::value_t::number_integer && it->is_number_unsigned()))
        fail(Status::invalid_state,
             path(parent, key) + ": must be " + json(type).type_name() + ", not " + it->type_name());
    return *it;
}

std::array<int, 2> pair_member(const json &object, const char *key, const std::string &parent, int max) {
    const json &v = member(object, key, parent, json::value_t::array);
    const std::string where = path(parent, key);
    if (v.size() != 2) fail(Status::invalid_state, where + ": must hold 2 numbers, one per player");
    std::array<int, 2> out{};
    for (int p = 0; p < 2; ++p) {
        if (!v[p].is_number_integer() || v[p].get<int64_t>() < 0 || v[p].get<int64_t>() > max)
            fail(Status::invalid_state,
                 where + "[" + std::to_string(p) + "]: must be an integer in 0.." + std::to_string(max));
        out[p] = v[p].get<int>();
    }
    return out;
}

int64_t integer_member(const json &object, const std::string &key, const std::string &parent, int64_t min,
                       int64_t max) {
    const json &value = member(object, key, parent, json::value_t::number_integer);
    if (value.is_number_unsigned() && value.get<uint64_t>() > static_cast<uint64_t>(INT64_MAX))
        fail(Status::invalid_state, path(parent, key) + ": out of range");
    int64_t v = value.get<int64_t>();
    if (v < min || v > max)
        fail(Status::invalid_state, path(parent, key) + ": " + std::to_string(v) + " is outside " +
                                        std::to_string(min) + ".." + std::to_string(max));
    return v;
}

void only_keys(const json &object, const std::vector<std::string> &allowed, const std::string &parent) {
    for (auto it = object.begin(); it != object.end(); ++it)
        if (std::find(allowed.begin(), allowed.end(), it.key()) == allowed.end())
            fail(Status::invalid_state, path(parent, excerpt(it.key())) + ": unknown field");
}

std::string first_difference(const json &a, const json &b) {
    if (a.type() != b.type()) return "";
    if (a.is_object()) {
        for (auto it = a.begin(); it != a.end(); ++it) {
            if (!b.contains(it.key())) return std::string(".").append(excerpt(it.key()));
            if (it.value() != b[it.key()]) return "." + excerpt(it.key()) + first_difference(it.value(), b[it.key()]);
        }
        for (auto it = b.begin(); it != b.end(); ++it)
            if (!a.contains(it.key())) return "." + excerpt(it.key());
    } else if (a.is_array()) {
        for (size_t i = 0; i < a.size() && i < b.size(); ++i)
            if (a[i] != b[i]) return "[" + std::to_string(i) + "]" + first_difference(a[i], b[i]);
    }
    return "";
}

std::vector<int> read_counts(const json &value, size_t size, int max, const std::string &where) {
    if (!value.is_array() || value.size() != size)
        fail(Status::invalid_state, where + ": must be an array of " + std::to_string(size) + " integers");
    std::vector<int> out;
    for (size_t i = 0; i < size; ++i) {
        const json &v = value[i];
        if (!v.is_number_integer() || v.get<int64_t>() < 0 || v.get<int64_t>() > max ||
            (v.is_number_unsigned() && v.get<uint64_t>() > 255))
            fail(Status::invalid_state,
                 where + "[" + std::to_string(i) + "]: must be an integer 0.." + std::to_string(max));
        out.push_back(v.get<int>());
    }
    return out;
}

std::vector<int> parse_roll_text(const std::string &text, const std::string &field) {
    std::vector<int> dice;
    size_t i = 4;  // after "roll"
    while (i < text.size()) {
        if (text[i] != ' ' || i + 1 >= text.size() || text[i + 1] < '0' || text[i + 1] > '9')
            fail(Status::invalid_state, field + ": " + quote(text) + " is not of the form \"roll 3 5\"");
        dice.push_back(text[i + 1] - '0');
        i += 2;
    }
    if (dice.empty()) fail(Status::invalid_state, field + ": " + quote(text) + " names no dice");
    return dice;
}

size_t bounded_length(const char *text, size_t max_bytes, const std::string &what, Status status) {
    const size_t n = strnlen(text, max_bytes + 1);
    if (n > max_bytes) fail(status, what + " is longer than the limit of " + std::to_string(max_bytes) + " bytes");
    return n;
}

namespace {
// The parser's message ends with the token it last read, which may be the whole input (an
// unterminated string): that token is quoted as a short prefix.
std::string parser_message(const std::string &message) {
    const std::string marker = "; last read: '";
    const size_t at = message.find(marker);
    if (at == std::string::npos) return excerpt(message);
    const size_t start = at + marker.size();
    size_t end = message.rfind("'; expected ");
    if (end == std::string::npos || end < start) end = message.size() - 1;
    if (end < start || message[end] != '\'') return excerpt(message);
    return message.substr(0, at) + "; last read: " + quote(std::string_view(message).substr(start, end - start)) +
           message.substr(end + 1);
}
}  // namespace

json parse(const char *text, const std::string &what, size_t max_bytes, int depth_limit) {
    const size_t n = bounded_length(text, max_bytes, what, Status::bad_json);
    // Depth pre-scan: brackets outside strings. Up to the first syntax error it sees the same
    // nesting as the parser, which stops there, so the parser never goes deeper than this.
    int depth = 0;
    bool in_string = false;
    for (size_t i = 0; i < n; ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > depth_limit)
                fail(Status::bad_json, what + " is nested deeper than the limit of " + std::to_string(depth_limit) +
                                           " arrays and objects (at byte " + std::to_string(i) + ")");
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    // nlohmann keeps the last of two equal keys: each object's keys are kept to refuse a
    // second one (a caller who wrote it meant something, and one of the two would be lost). A
    // hash set, not a list: an object of 80,000 keys (under the 1 MB limit) took 11 s to check.
    std::vector<std::unordered_set<std::string>> keys_of_open_objects;
    const json::parser_callback_t refuse_duplicate_keys = [&](int, json::parse_event_t event, json &parsed) {
        if (event == json::parse_event_t::object_start) {
            keys_of_open_objects.emplace_back();
        } else if (event == json::parse_event_t::object_end) {
            keys_of_open_objects.pop_back();
        } else if (event == json::parse_event_t::key) {
            const std::string &key = parsed.get_ref<const std::string &>();
            if (!keys_of_open_objects.back().insert(key).second)
                fail(Status::bad_json, what + " has the key " + quote(key) + " twice in one object");
        }
        return true;
    };
    try {
        return json::parse(text, text + n, refuse_duplicate_keys);
    } catch (const json::exception &e) {  // parse_error, and out_of_range for numbers like 1e999
        fail(Status::bad_json, what + " is not valid JSON: " + parser_message(e.what()));
    }
}

}  // namespace ludus::json_util
