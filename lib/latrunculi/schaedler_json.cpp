// A Schaedler position as saved JSON, and read back with every field checked (schaedler.hpp).
#include "schaedler.hpp"

#include "../json_util.hpp"
#include "../position_envelope.hpp"
#include "../squares.hpp"
#include "schaedler_board.hpp"

namespace ludus {

using namespace schaedler;

json SchaedlerRules::position_json(const Options &o, const State &s) {
    static constexpr char piece_chars[2][2] = {{'0', '1'}, {'A', 'B'}};  // [blocked][player]
    const auto square_char = [&](int sq) {
        const int c = s.owner(sq);
        return c < 0 ? '.' : piece_chars[s.is_blocked(sq)][c];
    };
    return with_envelope(s, phase(s),
                         {{"ranks", ranks_json(o.rows, cols, square_char)},
                          {"pieces", {bits::popcount(s.pieces[0]), bits::popcount(s.pieces[1])}},
                          {"blocked", {bits::popcount(s.blocked[0]), bits::popcount(s.blocked[1])}},
                          {"in_hand", {s.in_hand[0], s.in_hand[1]}},
                          {"plies_without_capture", s.plies_without_capture}});
}

SchaedlerState SchaedlerRules::position_from_json(const Options &o, const json &j, const std::string &field) {
    using json_util::member;
    using json_util::path;
    json_util::only_keys(j,
                         {"ranks", "pieces", "blocked", "in_hand", "to_move", "phase", "result", "end_reason",
                          "plies_without_capture", "rng"},
                         field);
    State s;
    ranks_from_json(j, field, o.rows, cols, [&](const std::string &where, int sq, char c) {
        const int p = c == '0' || c == 'A' ? 0 : c == '1' || c == 'B' ? 1 : -1;
        if (p < 0)
            fail(Status::invalid_state, where + ": '" + std::string(1, c) + "' is not '.', '0', '1', 'A' or 'B'");
        const bool blocked = c == 'A' || c == 'B';
        s.pieces[p] |= bits::one<uint64_t>(sq);
        if (blocked) s.blocked[p] |= bits::one<uint64_t>(sq);
        s.key ^= piece_key(sq, p, blocked);
    });
    const std::array<int, 2> pieces = json_util::pair_member(j, "pieces", field, o.pieces),
                             blocked = json_util::pair_member(j, "blocked", field, o.pieces);
    for (int p = 0; p < 2; ++p)
        if (pieces[p] != bits::popcount(s.pieces[p]) || blocked[p] != bits::popcount(s.blocked[p]))
            fail(Status::invalid_state, path(field, "pieces") + ": the ranks hold " +
                                            std::to_string(bits::popcount(s.pieces[0])) + " and " +
                                            std::to_string(bits::popcount(s.pieces[1])) + " pieces, " +
                                            std::to_string(bits::popcount(s.blocked[0])) + " and " +
                                            std::to_string(bits::popcount(s.blocked[1])) + " of them blocked");
    const std::array<int, 2> in_hand = json_util::pair_member(j, "in_hand", field, o.pieces);
    s.in_hand = {static_cast<uint8_t>(in_hand[0]), static_cast<uint8_t>(in_hand[1])};
    s.to_move = to_move_from_json(j, field);
    if (s.to_move == 1) s.key ^= side_key;
    if (s.placing()) {
        for (int p = 0; p < 2; ++p)
            if (pieces[p] + in_hand[p] != o.pieces)
                fail(Status::invalid_state, path(field, "in_hand") +
                                                ": nothing is removed while pieces are being placed: player " +
                                                std::to_string(p) + " must have " + std::to_string(o.pieces) +
                                                " pieces on the board and in hand");
        if (s.blocked[0] != 0 || s.blocked[1] != 0)
            fail(Status::invalid_state, path(field, "blocked") + ": nothing is blocked while pieces are being placed");
        const int placer = in_hand[0] > in_hand[1]        ? -1
                           : in_hand[0] == in_hand[1]     ? 0
                           : in_hand[1] - in_hand[0] == 1 ? 1
                                                          : -1;
        if (placer < 0)
            fail(Status::invalid_state,
                 path(field, "in_hand") + ": the players place one piece each in turn, player 0 first");
        if (placer != s.to_move)
            fail(Status::invalid_state,
                 path(field, "to_move") + ": it is player " + std::to_string(placer) + "'s turn to place");
    }
    for (int p = 0; p < 2; ++p)
        if ((s.blocked[p] & ~enclosed_by(s.free(1 - p))) != 0)
            fail(Status::invalid_state, path(field, "ranks") + ": a blocked piece of player " + std::to_string(p) +
                                            " is not enclosed in a line between two free enemy pieces");
    outcome_from_json(s, j, field, phase);
    s.plies_without_capture =
        static_cast<uint32_t>(json_util::integer_member(j, "plies_without_capture", field, 0, UINT32_MAX));
    if (s.placing() && s.plies_without_capture != 0)
        fail(Status::invalid_state, path(field, "plies_without_capture") + ": must be 0 while placing");
    s.rng = rng_from_json(j, field);
    if (s.result == Result::ongoing) {
        // An ongoing game must not already meet an end condition (the checks of apply).
        const std::string why = path(field, "result") + ": ";
        for (int p = 0; p < 2; ++p)
            if (!s.placing() && pieces[p] <= 1)
                fail(Status::invalid_state,
                     why + "player " + std::to_string(p) + " has one piece or none, so the game cannot be ongoing");
        if (!has_legal_move(o, s))
            fail(Status::invalid_state, why + "player " + std::to_string(s.to_move) +
                                            " to move has no legal move, so the game cannot be ongoing");
        if (!s.placing() && o.draw_plies_without_capture > 0 &&
            s.plies_without_capture >= static_cast<uint32_t>(o.draw_plies_without_capture))
            fail(Status::invalid_state,
                 path(field, "plies_without_capture") +
                     ": reaches the limit of moves without a removal, so the game cannot be ongoing");
    }
    return s;
}

}  // namespace ludus
