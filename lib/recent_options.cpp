#include "recent_options.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <new>
#include <string_view>

#include "rng.hpp"

namespace ludus {

namespace {

constexpr size_t max_light_members = 16;

struct Member {
    std::string_view name, value;  // as written: a string with its quotes, the value's token
};

// What each byte may be in the restricted form, one table lookup a byte.
enum CharClass : uint8_t { space = 1, in_string = 2, digit_char = 4 };
constexpr std::array<uint8_t, 256> char_classes = [] {
    std::array<uint8_t, 256> c{};
    for (int b : {' ', '\t', '\n', '\r'}) c[static_cast<size_t>(b)] |= space;
    for (int b = 0x20; b <= 0x7e; ++b)
        if (b != '"' && b != '\\') c[static_cast<size_t>(b)] |= in_string;
    for (int b = '0'; b <= '9'; ++b) c[static_cast<size_t>(b)] |= digit_char;
    return c;
}();

// A reader of the restricted form over text[0, size), text[size] a NUL: each step answers false
// where the text leaves that form.
class LightReader {
public:
    LightReader(const char *text, size_t size) : at_(text), end_(text + size) {}

    bool object(std::array<Member, max_light_members> &members, size_t &count) {
        count = 0;
        spaces();
        if (!take('{')) return false;
        spaces();
        if (take('}')) return at_end();
        for (;;) {
            if (count == members.size()) return false;
            Member &m = members[count++];
            if (!string(m.name)) return false;
            spaces();
            if (!take(':')) return false;
            spaces();
            if (!value(m.value)) return false;
            spaces();
            if (take('}')) return at_end();
            if (!take(',')) return false;
            spaces();
        }
    }

private:
    bool at_end() {
        spaces();
        return at_ == end_;
    }
    // The text ends with a NUL (end_ points at it), which is of no class and no token: the
    // loops stop there without a test of the end.
    bool is(uint8_t what) const { return (char_classes[static_cast<uint8_t>(*at_)] & what) != 0; }
    void spaces() {
        while (is(space)) ++at_;
    }
    bool take(char c) {
        if (*at_ != c) return false;
        ++at_;
        return true;
    }
    // A string of printable ASCII without escapes.
    bool string(std::string_view &out) {
        const char *start = at_;
        if (!take('"')) return false;
        while (is(in_string)) ++at_;
        if (!take('"')) return false;  // an escape, a control or non-ASCII byte, or the end
        out = {start, static_cast<size_t>(at_ - start)};
        return true;
    }
    bool digit() const { return is(digit_char); }
    // An integer as JSON writes it; the token after it is what the object expects, so that a
    // fraction or an exponent is refused there.
    bool integer(std::string_view &out) {
        const char *start = at_;
        take('-');
        if (!digit()) return false;
        if (*at_++ != '0')
            while (digit()) ++at_;
        out = {start, static_cast<size_t>(at_ - start)};
        return true;
    }
    bool word(std::string_view w, std::string_view &out) {
        if (static_cast<size_t>(end_ - at_) < w.size() || std::string_view(at_, w.size()) != w) return false;
        out = {at_, w.size()};
        at_ += w.size();
        return true;
    }
    bool value(std::string_view &out) {
        if (at_ == end_) return false;
        switch (*at_) {
        case '"': return string(out);
        case 't': return word("true", out);
        case 'f': return word("false", out);
        case 'n': return word("null", out);
        default: return integer(out);
        }
    }

    const char *at_, *end_;
};

// The digits of a seed, 0..2^64-1 without a leading zero (as json_util::seed_from_json takes
// them); false otherwise.
bool seed_digits(std::string_view digits, uint64_t &seed) {
    if (digits.empty() || (digits[0] == '0' && digits.size() > 1)) return false;
    seed = 0;
    for (const char c : digits) {
        if (c < '0' || c > '9') return false;
        const uint64_t d = static_cast<uint64_t>(c - '0');
        if (seed > (UINT64_MAX - d) / 10) return false;
        seed = seed * 10 + d;
    }
    return true;
}

// The seed's value: null (none), an integer or a string of digits.
bool read_seed(std::string_view value, std::optional<uint64_t> &seed) {
    if (value == "null") return seed.reset(), true;
    if (value.size() >= 2 && value.front() == '"') value = value.substr(1, value.size() - 2);
    uint64_t n = 0;
    if (!seed_digits(value, n)) return false;
    seed = n;
    return true;
}

// The options of a thread's last few games and, for each, a game at their start.
class RecentOptions {
public:
    std::unique_ptr<Game> new_game(const char *game_id, const char *options_json, json (*read_options)(const char *)) {
        if (!read_options_lightly(options_json == nullptr ? "{}" : options_json, light_))
            return ludus::new_game(game_id, read_options(options_json));
        if (Remembered *r = find(game_id)) {
            r->last_used = ++uses_;
            if (light_.seed && light_.seed == r->seed) return r->start->clone();
            return r->start->with_seed(light_.seed ? *light_.seed : fresh_seed());
        }
        auto game = ludus::new_game(game_id, read_options(options_json));
        remember(game_id, *game);
        return game;
    }

private:
    struct Remembered {
        std::string game_id, members;  // members empty: nothing remembered
        std::optional<uint64_t> seed;  // the start's seed, if it was given
        std::unique_ptr<Game> start;
        uint64_t last_used = 0;
    };

    Remembered *find(const char *game_id) {
        for (Remembered &r : remembered_)
            if (r.members == light_.members() && std::strcmp(game_id, r.game_id.c_str()) == 0) return &r;
        return nullptr;
    }

    void remember(const char *game_id, const Game &game) noexcept {
        Remembered &r =
            *std::min_element(remembered_.begin(), remembered_.end(),
                              [](const Remembered &a, const Remembered &b) { return a.last_used < b.last_used; });
        try {
            r.members.clear();
            r.game_id = game_id;
            r.start = game.clone();
            r.seed = light_.seed;
            r.last_used = ++uses_;
            r.members = light_.members();
        } catch (const std::bad_alloc &) {
            r.members.clear();  // out of memory: the game is made all the same, only not remembered
            r.start.reset();
        }
    }

    LightOptions light_;  // the options being read
    std::array<Remembered, remembered_options> remembered_;
    uint64_t uses_ = 0;
};

thread_local RecentOptions recent_options;

}  // namespace

bool read_options_lightly(const char *text, LightOptions &out) {
    const size_t size = strnlen(text, max_light_options_bytes + 1);
    if (size > max_light_options_bytes) return false;
    std::array<Member, max_light_members> members;  // a few are written: the rest not read
    size_t count = 0;
    if (!LightReader(text, size).object(members, count)) return false;
    // In the order of their names (a few members: an insertion sort, the first letters nearly
    // always deciding), then written out without spaces: no allocation, no call per member.
    const auto before = [](std::string_view a, std::string_view b) { return a[1] != b[1] ? a[1] < b[1] : a < b; };
    for (size_t i = 1; i < count; ++i) {
        const Member m = members[i];
        size_t j = i;
        for (; j > 0 && before(m.name, members[j - 1].name); --j) members[j] = members[j - 1];
        members[j] = m;
    }
    char *at = out.text.data();
    const auto write = [&](std::string_view token) {
        std::memcpy(at, token.data(), token.size());
        at += token.size();
    };
    *at++ = '{';
    out.seed.reset();
    for (size_t i = 0; i < count; ++i) {
        if (i > 0 && members[i].name == members[i - 1].name) return false;  // a name twice: refused, with its message
        if (members[i].name == "\"seed\"") {
            if (!read_seed(members[i].value, out.seed)) return false;
            continue;
        }
        if (at != out.text.data() + 1) *at++ = ',';
        write(members[i].name);
        *at++ = ':';
        write(members[i].value);
    }
    *at++ = '}';
    out.size = static_cast<size_t>(at - out.text.data());
    return true;
}

std::unique_ptr<Game> new_game_from_text(const char *game_id, const char *options_json,
                                         json (*read_options)(const char *)) {
    return recent_options.new_game(game_id, options_json, read_options);
}

}  // namespace ludus
