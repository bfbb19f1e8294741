// What every game's saved position carries, written once: whose move, the phase, the result and
// why the game ended, and the engine's generator; and the capture games' board as rows of text.
// The rules add their own fields (the JSON object's keys are sorted, so the order is the same).
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

}  // namespace ludus
