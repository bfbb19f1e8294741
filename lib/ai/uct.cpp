#include "uct.hpp"

namespace ludus::ai {

std::vector<DiceOutcome> dice_outcomes(int n, int lowest, int highest) {
    // Every ordered throw, counted under its values in ascending order: 6^n throws, few for n <= 4.
    std::vector<DiceOutcome> out;
    const int sides = highest - lowest + 1;
    int total = 1;
    for (int i = 0; i < n && i < static_cast<int>(Game::max_dice); ++i) total *= sides;
    for (int t = 0; t < total; ++t) {
        std::array<int, 7> faces{};  // how many dice show each face
        for (int i = 0, rest = t; i < n && i < static_cast<int>(Game::max_dice); ++i, rest /= sides)
            ++faces[static_cast<size_t>(lowest + rest % sides)];
        DiceOutcome d;
        size_t k = 0;
        for (int face = lowest; face <= highest; ++face)
            for (int m = 0; m < faces[static_cast<size_t>(face)]; ++m) d.dice[k++] = face;
        if (auto it = std::find_if(out.begin(), out.end(), [&](const DiceOutcome &e) { return e.dice == d.dice; });
            it != out.end())
            ++it->weight;
        else
            out.push_back({d.dice, 1});
    }
    std::sort(out.begin(), out.end(), [](const DiceOutcome &a, const DiceOutcome &b) { return a.dice < b.dice; });
    return out;
}

}  // namespace ludus::ai
