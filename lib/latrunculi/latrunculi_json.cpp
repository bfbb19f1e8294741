// A Latrunculi position as saved JSON, and read back with every field checked (latrunculi.hpp).
#include "latrunculi.hpp"

#include <algorithm>

#include "../json_util.hpp"
#include "../position_envelope.hpp"
#include "../squares.hpp"
#include "latrunculi_board.hpp"

namespace ludus {

using namespace latrunculi;

namespace {
constexpr char man_char[2] = {'0', '1'};
constexpr char dux_char[2] = {'D', 'd'};
}  // namespace

template <class BB>
json LatrunculiRulesT<BB>::position_json(const Options &o, const State &s) {
    const auto square_char = [&](int sq) {
        const int c = s.owner(sq);
        return c < 0 ? '.' : s.is_dux(sq) ? dux_char[c] : man_char[c];
    };
    return with_envelope(s, LatrunculiRulesT::phase(s),
                         {{"ranks", ranks_json(o.rows, o.cols, square_char)},
                          {"men", {bits::popcount(s.men[0]), bits::popcount(s.men[1])}},
                          {"duxes", {bits::popcount(s.dux[0]), bits::popcount(s.dux[1])}},
                          {"men_in_hand", {s.men_in_hand[0], s.men_in_hand[1]}},
                          {"dux_in_hand", {s.dux_in_hand[0], s.dux_in_hand[1]}},
                          {"placed_this_turn", s.placed_this_turn},
                          {"again", s.again >= 0 ? json(square_name(o, s.again)) : json(nullptr)},
                          {"plies_without_capture", s.plies_without_capture}});
}

template <class BB>
LatrunculiStateT<BB> LatrunculiRulesT<BB>::position_from_json(const Options &o, const json &j,
                                                              const std::string &field) {
    using json_util::member;
    using json_util::path;
    const LatrunculiRuleset &r = *o.rules;
    json_util::only_keys(j,
                         {"ranks", "men", "duxes", "men_in_hand", "dux_in_hand", "placed_this_turn", "again", "to_move",
                          "phase", "result", "end_reason", "plies_without_capture", "rng"},
                         field);
    State s;
    ranks_from_json(j, field, o.rows, o.cols, [&](const std::string &where, int sq, char c) {
        const int p = c == '0' || c == 'D' ? 0 : c == '1' || c == 'd' ? 1 : -1;
        const bool dux = c == 'D' || c == 'd';
        if (p < 0 || (dux && !r.dux))
            fail(Status::invalid_state, where + ": '" + std::string(1, c) + "' is not " +
                                            (r.dux ? "'.', '0', '1', 'D' or 'd'" : "'.', '0' or '1'"));
        if (dux && s.dux[p] != 0)
            fail(Status::invalid_state, where + ": player " + std::to_string(p) + " has one dux only");
        (dux ? s.dux[p] : s.men[p]) |= bits::one<BB>(sq);
        s.key ^= piece_key(sq, p, dux);
    });
    const std::array<int, 2> men = json_util::pair_member(j, "men", field, r.men),
                             duxes = json_util::pair_member(j, "duxes", field, 1);
    for (int p = 0; p < 2; ++p)
        if (men[p] != bits::popcount(s.men[p]) || duxes[p] != bits::popcount(s.dux[p]))
            fail(Status::invalid_state,
                 path(field, "men") + ": the ranks hold " + std::to_string(bits::popcount(s.men[0])) + " and " +
                     std::to_string(bits::popcount(s.men[1])) + " men, " + std::to_string(bits::popcount(s.dux[0])) +
                     " and " + std::to_string(bits::popcount(s.dux[1])) + " duxes");
    const std::array<int, 2> men_hand =
        json_util::pair_member(j, "men_in_hand", field, r.placed_per_turn > 0 ? r.men : 0);
    const std::array<int, 2> dux_hand =
        json_util::pair_member(j, "dux_in_hand", field, r.placed_per_turn > 0 && r.dux ? 1 : 0);
    for (int p = 0; p < 2; ++p) {
        s.men_in_hand[p] = static_cast<uint8_t>(men_hand[p]);
        s.dux_in_hand[p] = static_cast<uint8_t>(dux_hand[p]);
        if (men[p] + men_hand[p] > r.men || duxes[p] + dux_hand[p] > (r.dux ? 1 : 0))
            fail(Status::invalid_state, path(field, "men_in_hand") + ": player " + std::to_string(p) +
                                            " has more pieces than the " + std::string(r.name) + " ruleset gives");
        if (s.placing() && (men[p] + men_hand[p] != r.men || duxes[p] + dux_hand[p] != (r.dux ? 1 : 0)))
            fail(Status::invalid_state,
                 path(field, "men_in_hand") + ": nothing is captured while pieces are being placed");
        if (r.dux && !r.dux_capturable && duxes[p] != 1)
            fail(Status::invalid_state,
                 path(field, "duxes") + ": in the " + std::string(r.name) + " ruleset the dux is never captured");
    }
    s.to_move = to_move_from_json(j, field);
    if (s.to_move == 1) s.key ^= side_key;
    s.placed_this_turn = static_cast<uint8_t>(
        json_util::integer_member(j, "placed_this_turn", field, 0, std::max(0, r.placed_per_turn - 1)));
    if (s.placing() && s.men_in_hand[s.to_move] == 0 && (s.dux_in_hand[s.to_move] == 0 || s.placed_this_turn != 0))
        fail(Status::invalid_state,
             path(field, "to_move") + ": player " + std::to_string(s.to_move) + " has nothing left to place");
    if (!s.placing() && s.placed_this_turn != 0)
        fail(Status::invalid_state, path(field, "placed_this_turn") + ": no piece is being placed");
    if (!j.contains("again")) fail(Status::invalid_state, path(field, "again") + ": missing");
    const json &again = j["again"];
    if (!again.is_null()) {
        size_t pos = 0;
        const std::string text = again.is_string() ? again.get<std::string>() : "";
        const int sq = squares::read(o.rows, o.cols, text, pos);
        if (!r.extra_move_after_capture || sq < 0 || pos != text.size() || s.owner(sq) != s.to_move || s.placing())
            fail(Status::invalid_state,
                 path(field, "again") +
                     ": must be null, or the square of a piece of the player to move that has just captured");
        s.again = static_cast<int8_t>(sq);
        s.key ^= again_key(sq);
    }
    outcome_from_json(s, j, field, LatrunculiRulesT::phase);
    s.plies_without_capture =
        static_cast<uint32_t>(json_util::integer_member(j, "plies_without_capture", field, 0, UINT32_MAX));
    if ((s.placing() || s.again >= 0) && s.plies_without_capture != 0)
        fail(Status::invalid_state,
             path(field, "plies_without_capture") + ": must be 0 while placing or right after a capture");
    s.rng = rng_from_json(j, field);
    if (s.result == Result::ongoing) {
        // An ongoing game must not already meet an end condition (the checks of apply).
        const std::string why = path(field, "result") + ": ";
        for (int p = 0; p < 2; ++p) {
            if (!s.placing() && s.pieces(p) == 0)
                fail(Status::invalid_state,
                     why + "player " + std::to_string(p) + " has no piece, so the game cannot be ongoing");
            if (r.dux_immobilised_loses && dux_immobilised(o, s, p))
                fail(Status::invalid_state,
                     why + "player " + std::to_string(p) + "'s dux is immobilised, so the game cannot be ongoing");
        }
        if (!has_legal_move(o, s, s.to_move))
            fail(Status::invalid_state, why + "player " + std::to_string(s.to_move) +
                                            " to move has no legal move, so the game cannot be ongoing");
        if (s.again < 0 && !s.placing() &&
            ((r.quiet_moves_limit > 0 && s.plies_without_capture >= static_cast<uint32_t>(r.quiet_moves_limit)) ||
             (o.draw_plies_without_capture > 0 &&
              s.plies_without_capture >= static_cast<uint32_t>(o.draw_plies_without_capture))))
            fail(Status::invalid_state,
                 path(field, "plies_without_capture") +
                     ": reaches the limit of moves without a capture, so the game cannot be ongoing");
    }
    return s;
}

template json LatrunculiRulesT<uint64_t>::position_json(const Options &, const State &);
template json LatrunculiRulesT<u128>::position_json(const Options &, const State &);
template LatrunculiStateT<uint64_t> LatrunculiRulesT<uint64_t>::position_from_json(const Options &, const json &,
                                                                                   const std::string &);
template LatrunculiStateT<u128> LatrunculiRulesT<u128>::position_from_json(const Options &, const json &,
                                                                           const std::string &);

}  // namespace ludus
