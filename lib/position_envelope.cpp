// The saved position's envelope read back (position_envelope.hpp).
#include "position_envelope.hpp"

namespace ludus {

namespace {
std::string string_member(const json &position, const char *key, const std::string &field) {
    return json_util::member(position, key, field, json::value_t::string).get<std::string>();
}
}  // namespace

uint8_t to_move_from_json(const json &position, const std::string &field) {
    return static_cast<uint8_t>(json_util::integer_member(position, "to_move", field, 0, 1));
}

Result result_from_json(const json &position, const std::string &field) {
    return result_from_name(string_member(position, "result", field), json_util::path(field, "result"));
}

Rng rng_from_json(const json &position, const std::string &field) {
    return rng_from_text(string_member(position, "rng", field), json_util::path(field, "rng"));
}

void require_phase(const json &position, const std::string &field, Phase expected, Result result,
                   const std::string &and_what) {
    const std::string where = json_util::path(field, "phase");
    if (phase_from_name(string_member(position, "phase", field), where) != expected)
        fail(Status::invalid_state, where + ": must be \"" + phase_name(expected) + "\" with result \"" +
                                        result_name(result) + "\"" + and_what);
}

}  // namespace ludus
