// Errors of the core: every failure is an Error carrying the status the C ABI reports.
#pragma once

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>

namespace ludus {

// Mirrors ludus_status of the public header (checked by a static_assert in capi/).
enum class Status : int {
    ok = 0,
    invalid_argument = 1,
    bad_json = 2,
    unknown_game = 3,
    unknown_option = 4,
    invalid_option = 5,
    invalid_move = 6,
    illegal_move = 7,
    wrong_phase = 8,
    game_over = 9,
    invalid_state = 10,
    buffer_too_small = 11,
    no_memory = 12,
    nothing_to_undo = 13,
    internal = 14,
};

class Error : public std::runtime_error {
public:
    static constexpr size_t max_message_bytes = 1024;

    Error(Status status, const std::string &message) : std::runtime_error(printable(message)), status_(status) {}
    Status status() const noexcept { return status_; }

private:
    // Messages quote the caller's input (JSON keys, move text), which may hold control
    // characters: a NUL would cut the C string short (even to ""), so they are written as
    // JSON escapes.
    static std::string printable(const std::string &message) {
        std::string out;
        out.reserve(std::min(message.size(), max_message_bytes + 32));
        for (unsigned char c : message) {
            if (out.size() > max_message_bytes + 8) break;
            if (c >= 0x20) {
                out += static_cast<char>(c);
            } else {
                static const char hex[] = "0123456789abcdef";
                out += "\\u00";
                out += hex[c >> 4];
                out += hex[c & 15];
            }
        }
        // A backstop: the sites that echo input quote a short prefix (json_util::quote), so only
        // a forgotten one reaches this bound.
        if (out.size() > max_message_bytes) {
            size_t cut = max_message_bytes;
            while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;
            out.resize(cut);
            out += "... (message cut)";
        }
        return out;
    }

    Status status_;
};

[[noreturn]] inline void fail(Status status, const std::string &message) { throw Error(status, message); }

}  // namespace ludus
