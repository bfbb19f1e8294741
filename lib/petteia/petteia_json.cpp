// A Petteia position as saved JSON, and read back with every field checked (petteia.hpp).
#include "petteia.hpp"

#include "../json_util.hpp"
#include "../position_envelope.hpp"

namespace ludus {

template <class Board>
json PetteiaRulesT<Board>::position_json(const Options &o, const State &s) {
    const auto square_char = [&](int sq) {
        const int c = s.owner(sq);
        return c < 0 ? '.' : static_cast<char>('0' + c);
    };
    return with_envelope(s, PetteiaRulesT::phase(s),
                         {{"ranks", ranks_json(o.rows, o.cols, square_char)},
                          {"pieces", {s.pieces[0], s.pieces[1]}},
                          {"plies_without_capture", s.plies_without_capture}});
}

template <class Board>
PetteiaStateT<Board> PetteiaRulesT<Board>::position_from_json(const Options &o, const json &j,
                                                              const std::string &field) {
    using json_util::member;
    using json_util::path;
    json_util::only_keys(
        j, {"ranks", "pieces", "to_move", "phase", "result", "end_reason", "plies_without_capture", "rng"}, field);
    State s;
    s.reset();
    std::array<uint16_t, 2> counted{};
    ranks_from_json(j, field, o.rows, o.cols, [&](const std::string &where, int square, char c) {
        if (c != '0' && c != '1')
            fail(Status::invalid_state, where + ": '" + std::string(1, c) + "' is not '.', '0' or '1'");
        const int player = c - '0';
        s.put(square, player);
        ++counted[player];
        s.key ^= square_key(square, player);
    });
    const json &pieces = member(j, "pieces", field, json::value_t::array);
    for (int p = 0; p < 2; ++p)
        if (pieces.size() != 2 || !pieces[p].is_number_integer() || pieces[p].get<int64_t>() != counted[p])
            fail(Status::invalid_state, path(field, "pieces") + ": the ranks hold " + std::to_string(counted[0]) +
                                            " and " + std::to_string(counted[1]) + " pieces");
    s.pieces = counted;
    s.to_move = to_move_from_json(j, field);
    if (s.to_move == 1) s.key ^= side_key();
    outcome_from_json(s, j, field, PetteiaRulesT::phase);
    s.plies_without_capture =
        static_cast<uint32_t>(json_util::integer_member(j, "plies_without_capture", field, 0, UINT32_MAX));
    s.rng = rng_from_json(j, field);
    if (s.result == Result::ongoing) {
        // An ongoing game must not already meet an end condition (the checks of apply).
        for (int p = 0; p < 2; ++p)
            if (s.pieces[p] <= 1)
                fail(Status::invalid_state, path(field, "result") + ": player " + std::to_string(p) + " has " +
                                                std::to_string(s.pieces[p]) +
                                                " piece(s), so the game cannot be ongoing");
        if (!has_legal_move(o, s, s.to_move))
            fail(Status::invalid_state, path(field, "result") + ": player " + std::to_string(s.to_move) +
                                            " to move has no legal move, so the game cannot be ongoing");
        if (o.draw_plies_without_capture > 0 &&
            s.plies_without_capture >= static_cast<uint32_t>(o.draw_plies_without_capture))
            fail(Status::invalid_state,
                 path(field, "plies_without_capture") +
                     ": reaches the draw_plies_without_capture option, so the game cannot be ongoing");
    }
    return s;
}

template json PetteiaRulesT<CellBoard>::position_json(const Options &, const State &);
template json PetteiaRulesT<BitBoard>::position_json(const Options &, const State &);
template PetteiaState PetteiaRulesT<CellBoard>::position_from_json(const Options &, const json &, const std::string &);
template PetteiaBitState PetteiaRulesT<BitBoard>::position_from_json(const Options &, const json &,
                                                                     const std::string &);

}  // namespace ludus
