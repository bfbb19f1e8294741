// The names of the phases, results and end reasons (game.hpp), as the saved positions and the
// C ABI spell them.
#include <iterator>

#include "game.hpp"
#include "json_util.hpp"

namespace ludus {

namespace {
const char *const result_names[] = {"ongoing", "player 0 won", "player 1 won", "draw"};
const char *const phase_names[] = {"roll", "move", "over"};
const char *const end_reason_names[] = {"",
                                        "all_captured",
                                        "one_piece_left",
                                        "dux_immobilised",
                                        "no_moves",
                                        "quiet_moves",
                                        "plies_without_capture",
                                        "repetition",
                                        "agreed_draw",
                                        "borne_off"};
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
    fail(Status::invalid_state,
         field + ": " + json_util::quote(name) + " is not a result (ongoing, player 0 won, player 1 won, draw)");
}

Phase phase_from_name(const std::string &name, const std::string &field) {
    for (int i = 0; i < 3; ++i)
        if (name == phase_names[i]) return static_cast<Phase>(i);
    fail(Status::invalid_state, field + ": " + json_util::quote(name) + " is not a phase (roll, move, over)");
}

}  // namespace ludus
