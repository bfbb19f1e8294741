// What every game's saved position carries, written and read back once: whose move, the phase,
// the result and why the game ended, and the engine's generator; and the capture games' board
// as rows of text. The rules add their own fields (the JSON object's keys are sorted, so the
// order is the same) and read them between these, in an order of their own.
#pragma once

#include <string>

#include "game.hpp"
#include "json_util.hpp"
#include "rng.hpp"

namespace ludus {

template <class State>
json with_envelope(const State &s, Phase phase, json fields) {
    fields["to_move"] = s.to_move;
    fields["phase"] = phase_name(phase);
    fields["result"] = result_name(s.result);
    fields["end_reason"] = end_reason_json(s.end_reason);
    fields["rng"] = rng_to_text(s.rng);
    return fields;
}

// The envelope's fields of a saved position, each checked (Error(invalid_state) naming
// `field`.key otherwise).
uint8_t to_move_from_json(const json &position, const std::string &field);
Result result_from_json(const json &position, const std::string &field);
Rng rng_from_json(const json &position, const std::string &field);
// The saved "phase" must be `expected`, the one the rules give for the position: the message
// names it with the result and, in `and_what`, whatever else it depends on (" and dice []").
void require_phase(const json &position, const std::string &field, Phase expected, Result result,
                   const std::string &and_what = "");

// The result and why the game ended, read back, with the phase they give (phase_of(s)) checked
// against the saved one.
template <class State, class PhaseOf>
void outcome_from_json(State &s, const json &position, const std::string &field, PhaseOf phase_of) {
    s.result = result_from_json(position, field);
    require_phase(position, field, phase_of(s), s.result);
    s.end_reason = end_reason_from_json(position, field, s.result);
}

// The board's ranks, top rank first, a character a square (square_char(square)).
template <class SquareChar>
json ranks_json(int rows, int cols, SquareChar square_char) {
    json ranks = json::array();
    for (int rank = 0; rank < rows; ++rank) {
        std::string line;
        for (int file = 0; file < cols; ++file) line += square_char(rank * cols + file);
        ranks.push_back(line);
    }
    return ranks;
}

// The saved "ranks" read back (what ranks_json writes): `rows` strings of `cols` characters;
// each square's character other than '.' goes to piece(where, square, c), which refuses one
// the game has not (`where` names the rank).
template <class Piece>
void ranks_from_json(const json &position, const std::string &field, int rows, int cols, Piece piece) {
    const std::string at = json_util::path(field, "ranks");
    const json &ranks = json_util::member(position, "ranks", field, json::value_t::array);
    if (ranks.size() != static_cast<size_t>(rows))
        fail(Status::invalid_state,
             at + ": the board has " + std::to_string(rows) + " ranks, not " + std::to_string(ranks.size()));
    for (int rank = 0; rank < rows; ++rank) {
        const std::string where = at + "[" + std::to_string(rank) + "]";
        if (!ranks[rank].is_string()) fail(Status::invalid_state, where + ": must be a string");
        const std::string &line = ranks[rank].get_ref<const std::string &>();
        if (line.size() != static_cast<size_t>(cols))
            fail(Status::invalid_state,
                 where + ": a rank has " + std::to_string(cols) + " squares, not " + std::to_string(line.size()));
        for (int file = 0; file < cols; ++file)
            if (line[file] != '.') piece(where, rank * cols + file, line[file]);
    }
}

}  // namespace ludus
