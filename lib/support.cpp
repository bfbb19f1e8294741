#include <algorithm>
#include <cstring>
#include <random>
#include <unordered_set>

#include "game.hpp"
#include "json_util.hpp"
#include "options.hpp"
#include "rng.hpp"

namespace ludus {

namespace {
const char *const result_names[] = {"ongoing", "player 0 won", "player 1 won", "draw"};
const char *const phase_names[] = {"roll", "move", "over"};
const char *const end_reason_names[] = {"",           "all_captured", "one_piece_left", "dux_immobilised", "no_moves", "quiet_moves",
                                        "plies_without_capture", "repetition", "agreed_draw", "borne_off"};
constexpr int end_reason_count = static_cast<int>(EndReason::borne_off) + 1;
static_assert(std::size(end_reason_names) == end_reason_count);
}  // namespace

const char *end_reason_name(EndReason why) { return end_reason_names[static_cast<int>(why)]; }

json end_reason_json(EndReason why) { return why == EndReason::none ? json(nullptr) : json(end_reason_name(why)); }

namespace {
EndReason end_reason_from_name(const std::string &name, const std::string &field) {
    std::string names;
    for (int i = 1; i < end_reason_count; ++i) {
        if (name == end_reason_names[i]) return static_cast<EndReason>(i);
        names += (i > 1 ? ", " : "") + std::string(end_reason_names[i]);
    }
    fail(Status::invalid_state, field + ": " + json_util::quote(name) + " is not an end reason (" + names + ")");
}
}  // namespace

EndReason end_reason_from_json(const json &position, const std::string &field, Result result) {
    auto reason = position.find("end_reason");
    if (reason == position.end()) return EndReason::none;
    const std::string where = json_util::path(field, "end_reason");
    if (result == Result::ongoing) {
        if (!reason->is_null()) fail(Status::invalid_state, where + ": must be null while the game goes on");
        return EndReason::none;
    }
    if (!reason->is_string()) fail(Status::invalid_state, where + ": must name why the game ended");
    return end_reason_from_name(reason->get<std::string>(), where);
}

const char *result_name(Result r) { return result_names[static_cast<int>(r)]; }
const char *phase_name(Phase p) { return phase_names[static_cast<int>(p)]; }

Result result_from_name(const std::string &name, const std::string &field) {
    for (int i = 0; i < 4; ++i)
        if (name == result_names[i]) return static_cast<Result>(i);
    fail(Status::invalid_state, field + ": " + json_util::quote(name) + " is not a result (ongoing, player 0 won, player 1 won, draw)");
}

Phase phase_from_name(const std::string &name, const std::string &field) {
    for (int i = 0; i < 3; ++i)
        if (name == phase_names[i]) return static_cast<Phase>(i);
    fail(Status::invalid_state, field + ": " + json_util::quote(name) + " is not a phase (roll, move, over)");
}

std::string rng_to_text(const Rng &rng) {
    static const char digits[] = "0123456789abcdef";
    std::string text(16, '0');
    for (int i = 0; i < 16; ++i) text[15 - i] = digits[(rng.state >> (4 * i)) & 15];
    return text;
}

Rng rng_from_text(const std::string &text, const std::string &field) {
    if (text.size() != 16) fail(Status::invalid_state, field + ": must be 16 hexadecimal digits");
    Rng rng;
    for (char c : text) {
        int v = (c >= '0' && c <= '9') ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : -1;
        if (v < 0) fail(Status::invalid_state, field + ": must be 16 lower-case hexadecimal digits");
        rng.state = (rng.state << 4) | static_cast<uint64_t>(v);
    }
    return rng;
}

uint64_t random_seed_from_os() {
    std::random_device device;
    return (static_cast<uint64_t>(device()) << 32) ^ device();
}

namespace json_util {

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

std::string quote_json(const json &value) { return value.is_string() ? quote(value.get_ref<const std::string &>()) : excerpt(value.dump()); }

std::string path(const std::string &parent, const std::string &key) { return parent.empty() ? key : parent + "." + key; }

const json &member(const json &object, const std::string &key, const std::string &parent, json::value_t type) {
    auto it = object.find(key);
    if (it == object.end()) fail(Status::invalid_state, path(parent, key) + ": missing");
    if (it->type() != type && !(type == json::value_t::number_integer && it->is_number_unsigned()))
        fail(Status::invalid_state, path(parent, key) + ": must be " + json(type).type_name() + ", not " + it->type_name());
    return *it;
}

std::array<int, 2> pair_member(const json &object, const char *key, const std::string &parent, int max) {
    const json &v = member(object, key, parent, json::value_t::array);
    const std::string where = path(parent, key);
    if (v.size() != 2) fail(Status::invalid_state, where + ": must hold 2 numbers, one per player");
    std::array<int, 2> out{};
    for (int p = 0; p < 2; ++p) {
        if (!v[p].is_number_integer() || v[p].get<int64_t>() < 0 || v[p].get<int64_t>() > max)
            fail(Status::invalid_state, where + "[" + std::to_string(p) + "]: must be an integer in 0.." + std::to_string(max));
        out[p] = v[p].get<int>();
    }
    return out;
}

int64_t integer_member(const json &object, const std::string &key, const std::string &parent, int64_t min, int64_t max) {
    const json &value = member(object, key, parent, json::value_t::number_integer);
    if (value.is_number_unsigned() && value.get<uint64_t>() > static_cast<uint64_t>(INT64_MAX))
        fail(Status::invalid_state, path(parent, key) + ": out of range");
    int64_t v = value.get<int64_t>();
    if (v < min || v > max)
        fail(Status::invalid_state, path(parent, key) + ": " + std::to_string(v) + " is outside " + std::to_string(min) + ".." + std::to_string(max));
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
        if (!v.is_number_integer() || v.get<int64_t>() < 0 || v.get<int64_t>() > max || (v.is_number_unsigned() && v.get<uint64_t>() > 255))
            fail(Status::invalid_state, where + "[" + std::to_string(i) + "]: must be an integer 0.." + std::to_string(max));
        out.push_back(v.get<int>());
    }
    return out;
}

std::vector<int> parse_roll_text(const std::string &text, const std::string &field) {
    std::vector<int> dice;
    size_t i = 4;  // after "roll"
    while (i < text.size()) {
        if (text[i] != ' ' || i + 1 >= text.size() || text[i + 1] < '1' || text[i + 1] > '9')
            fail(Status::invalid_state, field + ": " + quote(text) + " is not of the form \"roll 3 5\"");
        dice.push_back(text[i + 1] - '0');
        i += 2;
    }
    if (dice.empty()) fail(Status::invalid_state, field + ": " + quote(text) + " names no dice");
    return dice;
}

size_t bounded_length(const char *text, size_t max_bytes, const std::string &what, Status status) {
    const size_t n = strnlen(text, max_bytes + 1);
    if (n > max_bytes)
        fail(status, what + " is longer than the limit of " + std::to_string(max_bytes) + " bytes");
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
    return message.substr(0, at) + "; last read: " + quote(std::string_view(message).substr(start, end - start)) + message.substr(end + 1);
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
            if (c == '\\') ++i;
            else if (c == '"') in_string = false;
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

}  // namespace json_util

json options_catalogue(const std::vector<OptionSpec> &specs) {
    json out = json::object();
    for (const OptionSpec &s : specs) {
        json entry{{"description", s.description}, {"default", s.default_value}};
        switch (s.kind) {
        case OptionSpec::Kind::integer: entry["type"] = "integer"; entry["min"] = s.min; entry["max"] = s.max; break;
        case OptionSpec::Kind::choice: entry["type"] = "choice"; entry["values"] = s.values; break;
        case OptionSpec::Kind::seed: entry["type"] = "seed"; entry["min"] = 0; entry["max"] = UINT64_MAX; break;
        }
        out[s.name] = entry;
    }
    return out;
}

json resolve_options(const std::vector<OptionSpec> &specs, const json &given) {
    if (!given.is_object()) fail(Status::bad_json, std::string("options must be a JSON object, not ") + given.type_name());
    for (auto it = given.begin(); it != given.end(); ++it) {
        bool known = std::any_of(specs.begin(), specs.end(), [&](const OptionSpec &s) { return s.name == it.key(); });
        if (!known) {
            std::string names;
            for (const OptionSpec &s : specs) names += (names.empty() ? "" : ", ") + s.name;
            fail(Status::unknown_option, "unknown option " + json_util::quote(it.key()) + " (options: " + names + ")");
        }
    }
    json out = json::object();
    for (const OptionSpec &s : specs) {
        auto it = given.find(s.name);
        if (it == given.end() || (s.kind == OptionSpec::Kind::seed && it->is_null())) {
            out[s.name] = s.kind == OptionSpec::Kind::seed ? json(random_seed_from_os()) : s.default_value;
            continue;
        }
        const json &v = *it;
        const std::string where = "option \"" + s.name + "\": ";
        switch (s.kind) {
        case OptionSpec::Kind::integer:
            if (!v.is_number_integer())
                fail(Status::invalid_option, where + "must be an integer, not " + json_util::quote_json(v));
            if ((v.is_number_unsigned() && v.get<uint64_t>() > static_cast<uint64_t>(s.max)) || v.get<int64_t>() < s.min ||
                v.get<int64_t>() > s.max)
                fail(Status::invalid_option, where + json_util::quote_json(v) + " is outside " + std::to_string(s.min) + ".." + std::to_string(s.max));
            break;
        case OptionSpec::Kind::choice:
            // JSON equality takes 1.0 for 1: a choice is one of the values, of the same type
            if (std::none_of(s.values.begin(), s.values.end(),
                             [&](const nlohmann::json &allowed) { return allowed == v && allowed.is_number_float() == v.is_number_float(); }))
                fail(Status::invalid_option, where + json_util::quote_json(v) + " is not one of " + json(s.values).dump());
            break;
        case OptionSpec::Kind::seed:
            if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<int64_t>() >= 0))
                fail(Status::invalid_option, where + "must be an integer 0..18446744073709551615, not " + json_util::quote_json(v));
            break;
        }
        out[s.name] = v;
    }
    return out;
}

}  // namespace ludus
