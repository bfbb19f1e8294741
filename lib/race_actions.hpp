// The moves of the race games whose pieces go from one position of a path to another (the Royal
// Game of Ur, Senet): an action is from * 32 + to, a position 0 (in hand, "H") .. Off (borne
// off, "O"); the pass is action 0. Their text is "FROM-TO", such as "H-3", "14-15" or "26-O", or
// "pass".
#pragma once

#include <string>

#include "game.hpp"

namespace ludus {

template <class Options, int Off>
struct FromToActions {
    static int from_of(Action a) { return a >> 5; }
    static int to_of(Action a) { return a & 31; }
    static Action make_action(int from, int to) { return (from << 5) | to; }
    // "H", "1".."Off - 1", "O".
    static std::string position_name(int position) {
        if (position == 0) return "H";
        if (position == Off) return "O";
        return std::to_string(position);
    }
    static std::string action_text(const Options &, Action a) {
        if (a == 0) return "pass";
        return position_name(from_of(a)) + "-" + position_name(to_of(a));
    }
};

}  // namespace ludus
