// The exact solution of the Royal Game of Ur (docs/computer-players.md, "The solved game"):
// every position's chance of winning for the side about to throw, under perfect play by both,
// by value iteration over a dense index of the positions, and the table file that holds it.
//
// A position here is one where a player is about to throw. It is seen from that player, "the
// mover": per side the pieces in hand, the side's private squares (on its route only) as bits,
// the shared squares (on both routes) as base-3 digits (0 empty, 1 the mover's, 2 the
// opponent's); the pieces borne off follow from the rest. The moves are the rules' own
// (UrRules::write_actions and apply on a UrState): a position is decoded into a state, each
// throw's moves applied, and each state reached encoded again from its own mover.
//
// Rulesets whose routes pass no square twice (finkel, masters, blitz) are supported; murray's
// route passes the own and the middle rows twice, so a square does not tell a piece's progress
// and the encoding does not apply (solve refuses it).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ur.hpp"

namespace ludus::ur_solve {

// The chance of each throw's value 0..4 under the options (binomial; with 3 dice none marked is 4).
std::array<double, 5> throw_chances(const UrOptions &o);

// The dense index of the positions of a game of Ur under its options (a perfect hash: every
// index in 0..size()-1 is one position, every position one index).
class Index {
public:
    explicit Index(const UrOptions &o);  // fails (invalid_option) for a route that passes a square twice

    uint64_t size() const { return total_; }
    int pieces() const { return n_; }
    // The index of the position of `s` (phase roll or move; the dice are ignored) seen from
    // s.to_move. The game must be on.
    uint64_t encode(const UrState &s) const;
    // The position of `index` as a state with player 0 to throw.
    UrState decode(uint64_t index) const;
    // Pieces borne off by the mover and by the opponent in the positions of `index`.
    std::pair<int, int> off_of(uint64_t index) const;
    // The range of indices whose mover has `off_me` pieces borne off and the opponent `off_opp`
    // (each 0..pieces-1).
    std::pair<uint64_t, uint64_t> group(int off_me, int off_opp) const;

private:
    struct Class {
        uint64_t start;
        uint8_t xm, xo, cm, co;  // private pieces of the mover and the opponent, shared pieces of each
    };
    int n_ = 0, np_ = 0, ns_ = 0, route_ = 0;
    // The slot of each progress 1..route of the mover (side 0, player 0's route) and the
    // opponent (side 1, player 1's route): >= 0 a private bit, < 0 the shared digit -1 - slot.
    std::array<std::array<int8_t, 28>, 2> slot_{};
    std::array<std::array<int8_t, 32>, 2> progress_of_private_{};  // side, bit -> progress
    std::array<int8_t, 32> progress_of_shared_[2]{};               // side, digit -> progress
    std::vector<uint32_t> rank_private_;                           // mask -> rank among masks of its popcount
    std::vector<std::vector<uint32_t>> unrank_private_;            // popcount -> masks
    std::vector<uint32_t> rank_shared_;                            // base-3 word -> rank among words of its counts
    std::vector<std::vector<uint32_t>> unrank_shared_;             // cm * 16 + co -> words
    std::vector<uint32_t> pow3_;
    std::vector<Class> classes_;      // in index order
    std::vector<uint32_t> class_of_;  // ((off_me * 8 + off_opp) * 8 + xm) * ... see index()
    std::vector<std::pair<uint64_t, uint64_t>> groups_;
    uint64_t total_ = 0;
    size_t class_key(int off_me, int off_opp, int xm, int xo, int cm, int co) const {
        return ((((static_cast<size_t>(off_me) * 8 + off_opp) * 8 + xm) * 8 + xo) * 16 + cm) * 16 + co;
    }
};

// The index of the options' positions, made once per ruleset, pieces and dice for the process.
const Index &cached_index(const UrOptions &o);

struct SolveOptions {
    double tolerance = 1e-9;  // a group is solved when a sweep changes no value by more
    // Solve only the groups where both sides have borne off at least this many pieces (they
    // depend on no others); 0: the whole game.
    int min_off = 0;
    // Keep the values of the groups solved as float32 (Table::value32), not doubles: half the
    // memory (Masters' seven pieces: 2 GB instead of 4). The pair of groups being solved is
    // always swept in doubles; the values it reads from the pairs solved before are then
    // rounded to float32, the precision of the table file.
    bool float32_values = false;
    // The bytes of listed moves kept in memory; the rest of a pair's moves go to a temporary
    // file in `spill_dir` (deleted as it is made) and are read back on every sweep. The largest
    // pair of Masters' seven pieces lists about 8 GB of moves.
    uint64_t moves_in_memory = UINT64_MAX;
    std::string spill_dir = ".";
    // Called after each pair of groups: (mover's off, opponent's off, sweeps, seconds so far).
    std::function<void(int, int, int, double)> progress;
};

// Every position's chance of winning for the mover. Groups not solved (min_off) are 0.
struct Table {
    UrOptions options;
    int min_off = 0;
    double tolerance = 0;
    std::vector<double> value;   // by Index (empty when the values are float32)
    std::vector<float> value32;  // by Index, with SolveOptions::float32_values (else empty)
    uint64_t sweeps = 0;         // state updates / states, summed over the groups
    uint64_t spilled_bytes = 0;  // the most bytes of moves of one pair written to the spill file

    uint64_t size() const { return value.empty() ? value32.size() : value.size(); }
    double at(uint64_t index) const { return value.empty() ? static_cast<double>(value32[index]) : value[index]; }
};

Table solve(const UrOptions &o, const SolveOptions &so);

// The table file (docs/computer-players.md, "The table file"): the magic "LUDUSURT", a
// little-endian uint32 version (1), a uint32 length and that many bytes of a JSON header
// (ruleset, pieces, dice, route_length, states, min_off, tolerance, values "float32"; padded
// with spaces so that the values start at a multiple of 8 bytes), the
// values as little-endian float32 by index, and a uint64 checksum of every byte before it.
void write_table(const std::string &path, const Table &t);

// A table file opened for its values. Natively the file is mapped, not copied, and checked whole
// (magic, version, header, size, checksum, every value a chance in 0..1) as it opens, the values
// then paged in as they are looked up. The WebAssembly build has no file system: it reads the
// header and each value it looks up through the host's reader (bindings/js: setFileReader), and
// checks everything but the checksum, which would need the whole file (a museum's 552 MB); each
// value is checked as it is read.
class TableFile {
public:
    std::string path, ruleset;
    int pieces = 0, dice = 0, min_off = 0;
    double tolerance = 0;
    uint64_t states = 0;

    float operator[](uint64_t index) const;  // index < states
    ~TableFile();
    TableFile(const TableFile &) = delete;
    TableFile &operator=(const TableFile &) = delete;

private:
    TableFile() = default;
    friend std::shared_ptr<const TableFile> open_table(const std::string &path);
    uint64_t values_at_ = 0;  // the values' offset in the file
#ifndef __EMSCRIPTEN__
    const unsigned char *values_ = nullptr;  // the first value, mapped
    void *map_ = nullptr;
    size_t map_size_ = 0;
#endif
};

// Opens and checks a table file: fails (invalid_argument) naming the path and what is wrong.
std::shared_ptr<const TableFile> open_table(const std::string &path);
// A table opened once and kept for the process (keyed by path and the file's size and time).
std::shared_ptr<const TableFile> cached_table(const std::string &path);

// The mover's chance of winning after move `a` of `s` (phase move), as the values give it (1
// for a move that wins at once; the same side to move after a rosette, else 1 - the opponent's
// chance).
double value_after(const Index &index, const std::vector<double> &values, const UrOptions &o, const UrState &s,
                   Action a);
double value_after(const Index &index, const TableFile &values, const UrOptions &o, const UrState &s, Action a);

// The checksum of the file: 64-bit FNV-1a over the bytes taken 8 at a time as little-endian
// words (the last word padded with zeros): h = (h ^ word) * 1099511628211, h0 = 14695981039346656037.
// `h` continues a checksum of earlier bytes whose count is a multiple of 8.
uint64_t checksum(const unsigned char *data, size_t size, uint64_t h = 14695981039346656037ull);

// The file name of a ruleset's table in a directory of tables: "ur-RULESET-PIECES-DICE.table".
std::string table_name(const UrOptions &o);

}  // namespace ludus::ur_solve
