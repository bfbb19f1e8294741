// Squares of a rectangular board named as in chess: a file letter from a, a rank number from 1
// (a1 is square 0; rank r holds squares (r-1)*cols .. r*cols-1). Petteia and Latrunculi.
#pragma once

#include <string>
#include <string_view>

namespace ludus::squares {

inline std::string name(int cols, int square) {
    return std::string(1, static_cast<char>('a' + square % cols)) + std::to_string(square / cols + 1);
}

// Reads a square like "b12" at text[pos...], advancing pos; -1 if it is not one of the board
// (no leading zero, at most 3 digits).
inline int read(int rows, int cols, std::string_view text, size_t &pos) {
    if (pos >= text.size() || text[pos] < 'a' || text[pos] > 'z') return -1;
    const int file = text[pos++] - 'a';
    int rank = 0, digits = 0;
    while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9' && digits < 3)
        rank = rank * 10 + (text[pos++] - '0'), ++digits;
    if (digits == 0 || (digits > 1 && text[pos - digits] == '0')) return -1;
    if (file >= cols || rank < 1 || rank > rows) return -1;
    return (rank - 1) * cols + file;
}

}  // namespace ludus::squares
