// The exact solution of the Royal Game of Ur: the index of the positions, value iteration over
// it, the table file (ur_solve.hpp).
#include "ur_solve.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>

#ifdef __EMSCRIPTEN__
#  include <emscripten.h>
#else
#  include <fcntl.h>
#  include <sys/mman.h>
#  include <sys/stat.h>
#  include <unistd.h>

#  include <cerrno>
#endif

#include "../error.hpp"

namespace ludus::ur_solve {

namespace {

using S = UrState;
using R = UrRules;

uint64_t choose(int n, int k) {
    if (k < 0 || k > n) return 0;
    uint64_t c = 1;
    for (int i = 1; i <= k; ++i) c = c * static_cast<uint64_t>(n - k + i) / static_cast<uint64_t>(i);
    return c;
}

constexpr char magic[8] = {'L', 'U', 'D', 'U', 'S', 'U', 'R', 'T'};
constexpr uint32_t file_version = 1;

}  // namespace

std::array<double, 5> throw_chances(const UrOptions &o) {
    std::array<double, 5> p{};
    int ways = 1;
    for (int marked = 0; marked <= o.dice; ++marked) {
        p[static_cast<size_t>(R::roll_value(o, marked))] += ways / double(1 << o.dice);
        ways = ways * (o.dice - marked) / (marked + 1);
    }
    return p;
}

Index::Index(const UrOptions &o) : n_(o.pieces), route_(o.route_length) {
    // Squares of each route in player 0's frame: the mover's route is player 0's, the
    // opponent's player 1's (the routes are mirror images, so every position can be seen so).
    std::array<std::array<int, S::max_route + 1>, 2> cell{};
    for (int side = 0; side < 2; ++side) {
        std::vector<int> seen;
        for (int k = 1; k <= route_; ++k) {
            const int c = o.cell[side][k];
            if (std::find(seen.begin(), seen.end(), c) != seen.end())
                fail(Status::invalid_option, std::string("ruleset \"") + R::ruleset_name(o.ruleset) +
                                                 "\": its route passes a square twice, so a square does not tell a "
                                                 "piece's progress; the solver does not "
                                                 "support it (finkel, masters and blitz)");
            seen.push_back(c);
            cell[side][k] = c;
        }
    }
    auto on_route = [&](int side, int c) {
        for (int k = 1; k <= route_; ++k)
            if (cell[side][k] == c) return true;
        return false;
    };
    std::map<int, int> shared_digit;
    for (int k = 1; k <= route_; ++k)
        if (on_route(1, cell[0][k])) shared_digit.emplace(cell[0][k], static_cast<int>(shared_digit.size()));
    ns_ = static_cast<int>(shared_digit.size());
    int np[2] = {0, 0};
    for (int side = 0; side < 2; ++side)
        for (int k = 1; k <= route_; ++k) {
            const int c = cell[side][k];
            if (on_route(1 - side, c)) {
                const int d = shared_digit.at(c);
                slot_[side][k] = static_cast<int8_t>(-1 - d);
                progress_of_shared_[side][d] = static_cast<int8_t>(k);
            } else {
                progress_of_private_[side][np[side]] = static_cast<int8_t>(k);
                slot_[side][k] = static_cast<int8_t>(np[side]++);
            }
        }
    np_ = np[0];
    if (np[1] != np_ || ns_ > 15 || np_ > 7)
        fail(Status::invalid_option, "the routes are not mirror images; the solver does not support them");

    rank_private_.assign(size_t{1} << np_, 0);
    unrank_private_.assign(static_cast<size_t>(np_) + 1, {});
    for (uint32_t m = 0; m < (1u << np_); ++m) {
        auto &list = unrank_private_[static_cast<size_t>(__builtin_popcount(m))];
        rank_private_[m] = static_cast<uint32_t>(list.size());
        list.push_back(m);
    }
    pow3_.assign(static_cast<size_t>(ns_) + 1, 1);
    for (int i = 1; i <= ns_; ++i) pow3_[static_cast<size_t>(i)] = pow3_[static_cast<size_t>(i) - 1] * 3;
    rank_shared_.assign(pow3_[static_cast<size_t>(ns_)], 0);
    unrank_shared_.assign(16 * 16, {});
    for (uint32_t w = 0; w < pow3_[static_cast<size_t>(ns_)]; ++w) {
        int cm = 0, co = 0;
        for (uint32_t x = w; x != 0; x /= 3) cm += x % 3 == 1, co += x % 3 == 2;
        auto &list = unrank_shared_[static_cast<size_t>(cm * 16 + co)];
        rank_shared_[w] = static_cast<uint32_t>(list.size());
        list.push_back(w);
    }

    class_of_.assign(class_key(8, 0, 0, 0, 0, 0), UINT32_MAX);
    groups_.assign(64, {0, 0});
    for (int om = 0; om < n_; ++om)
        for (int oo = 0; oo < n_; ++oo) {
            const uint64_t group_start = total_;
            for (int xm = 0; xm <= np_; ++xm)
                for (int xo = 0; xo <= np_; ++xo)
                    for (int cm = 0; cm <= ns_; ++cm)
                        for (int co = 0; co + cm <= ns_; ++co) {
                            if (xm + cm > n_ - om || xo + co > n_ - oo) continue;
                            class_of_[class_key(om, oo, xm, xo, cm, co)] = static_cast<uint32_t>(classes_.size());
                            classes_.push_back({total_, static_cast<uint8_t>(xm), static_cast<uint8_t>(xo),
                                                static_cast<uint8_t>(cm), static_cast<uint8_t>(co)});
                            total_ += choose(np_, xm) * choose(np_, xo) *
                                      unrank_shared_[static_cast<size_t>(cm * 16 + co)].size();
                        }
            groups_[static_cast<size_t>(om * 8 + oo)] = {group_start, total_};
        }
}

std::pair<uint64_t, uint64_t> Index::group(int off_me, int off_opp) const {
    return groups_[static_cast<size_t>(off_me * 8 + off_opp)];
}

std::pair<int, int> Index::off_of(uint64_t index) const {
    for (int om = 0; om < n_; ++om)
        for (int oo = 0; oo < n_; ++oo) {
            const auto [a, b] = group(om, oo);
            if (index >= a && index < b) return {om, oo};
        }
    return {-1, -1};
}

uint64_t Index::encode(const UrState &s) const {
    const int me = s.to_move;
    uint32_t bits[2] = {0, 0}, word = 0;
    int x[2] = {0, 0}, c[2] = {0, 0};
    for (int side = 0; side < 2; ++side) {
        for (uint32_t on_route = s.on_route[static_cast<size_t>(side == 0 ? me : 1 - me)]; on_route != 0;
             on_route &= on_route - 1) {
            const int k = std::countr_zero(on_route);
            const int slot = slot_[static_cast<size_t>(side)][static_cast<size_t>(k)];
            if (slot >= 0) {
                bits[side] |= 1u << slot;
                ++x[side];
            } else {
                word += pow3_[static_cast<size_t>(-1 - slot)] * static_cast<uint32_t>(side + 1);
                ++c[side];
            }
        }
    }
    const int om = s.borne_off[static_cast<size_t>(me)], oo = s.borne_off[static_cast<size_t>(1 - me)];
    const Class &cl = classes_[class_of_[class_key(om, oo, x[0], x[1], c[0], c[1])]];
    const uint64_t n_opp = unrank_private_[static_cast<size_t>(x[1])].size();
    const uint64_t n_shared = unrank_shared_[static_cast<size_t>(c[0] * 16 + c[1])].size();
    return cl.start + (rank_private_[bits[0]] * n_opp + rank_private_[bits[1]]) * n_shared + rank_shared_[word];
}

UrState Index::decode(uint64_t index) const {
    const auto it = std::upper_bound(classes_.begin(), classes_.end(), index,
                                     [](uint64_t i, const Class &c) { return i < c.start; }) -
                    1;
    const Class &cl = *it;
    const auto [om, oo] = off_of(index);
    uint64_t r = index - cl.start;
    const auto &shared = unrank_shared_[static_cast<size_t>(cl.cm * 16 + cl.co)];
    const auto &opp = unrank_private_[cl.xo];
    const uint32_t word = shared[r % shared.size()];
    r /= shared.size();
    const uint32_t bits[2] = {unrank_private_[cl.xm][r / opp.size()], opp[r % opp.size()]};
    S s;
    s.to_move = 0;
    s.borne_off = {static_cast<uint8_t>(om), static_cast<uint8_t>(oo)};
    s.in_hand = {static_cast<uint8_t>(n_ - om - cl.xm - cl.cm), static_cast<uint8_t>(n_ - oo - cl.xo - cl.co)};
    for (int side = 0; side < 2; ++side)
        for (int b = 0; b < np_; ++b)
            if (bits[side] >> b & 1)
                s.on_route[static_cast<size_t>(side)] |= uint32_t{1} << progress_of_private_[side][b];
    uint32_t w = word;
    for (int d = 0; d < ns_; ++d, w /= 3)
        if (w % 3 != 0) {
            const int side = static_cast<int>(w % 3) - 1;
            s.on_route[static_cast<size_t>(side)] |= uint32_t{1} << progress_of_shared_[side][d];
        }
    return s;
}

const Index &cached_index(const UrOptions &o) {
    static std::mutex mutex;
    static std::map<std::string, std::unique_ptr<const Index>> cache;
    std::lock_guard<std::mutex> lock(mutex);
    auto &slot = cache[table_name(o)];
    if (!slot) slot = std::make_unique<const Index>(o);
    return *slot;
}

namespace {

// The mover's chance after move `a` of `s`, from the values `v` (any float type).
template <class V>
double after(const Index &index, const V &v, const UrOptions &o, const S &s, Action a) {
    S c = s;
    R::apply(o, c, a);
    if (c.result != Result::ongoing) return 1.0;  // only the mover's own move ends the game: a win
    const double w = static_cast<double>(v[index.encode(c)]);
    return c.to_move == s.to_move ? w : 1.0 - w;
}

}  // namespace

double value_after(const Index &index, const std::vector<double> &values, const UrOptions &o, const UrState &s,
                   Action a) {
    return after(index, values, o, s, a);
}

double value_after(const Index &index, const TableFile &values, const UrOptions &o, const UrState &s, Action a) {
    return after(index, values, o, s, a);
}

namespace {

// The moves of a pair of groups, listed once through the rules and kept for its sweeps, in
// blocks of positions in sweep order: per position and throw the number of moves (`counts`),
// then each move's result (`next`, Pair's encoding). A block is kept in memory while the
// budget lasts, else written to the spill file and read back on every sweep.
class MoveList {
public:
    MoveList(uint64_t budget, std::string dir) : budget_(budget), dir_(std::move(dir)) {}
    ~MoveList() {
#ifndef __EMSCRIPTEN__
        if (fd_ >= 0) ::close(fd_);
#endif
    }
    MoveList(const MoveList &) = delete;
    MoveList &operator=(const MoveList &) = delete;

    void add(const std::vector<uint8_t> &counts, const std::vector<uint32_t> &next) {
        Block b{{}, {}, counts.size(), next.size(), 0, false};
        const uint64_t bytes = counts.size() + 4 * next.size();
        if (bytes <= budget_) {
            budget_ -= bytes;
            b.counts.assign(counts.begin(), counts.end());  // exactly sized: no growth's slack
            b.next.assign(next.begin(), next.end());
        } else {
            b.spilled = true;
            b.offset = spilled_;
            write(b.offset, counts.data(), counts.size());
            write(b.offset + counts.size(), next.data(), 4 * next.size());
            spilled_ += bytes;
        }
        blocks_.push_back(std::move(b));
    }

    uint64_t spilled() const { return spilled_; }

    // f(counts, next) for each block in order; a spilled block is read into a buffer, the next
    // one's reading started beforehand.
    template <class F>
    void for_each(F f) {
        for (size_t i = 0; i < blocks_.size(); ++i) {
            const Block &b = blocks_[i];
            if (!b.spilled) {
                f(b.counts.data(), b.next.data());
                continue;
            }
#if !defined(__EMSCRIPTEN__) && defined(POSIX_FADV_WILLNEED)
            if (i + 1 < blocks_.size() && blocks_[i + 1].spilled)
                posix_fadvise(fd_, static_cast<off_t>(blocks_[i + 1].offset),
                              static_cast<off_t>(blocks_[i + 1].n_counts + 4 * blocks_[i + 1].n_next),
                              POSIX_FADV_WILLNEED);
#endif
            counts_.resize(b.n_counts);
            next_.resize(b.n_next);
            read(b.offset, counts_.data(), b.n_counts);
            read(b.offset + b.n_counts, next_.data(), 4 * b.n_next);
            f(counts_.data(), next_.data());
        }
    }

private:
    struct Block {
        std::vector<uint8_t> counts;
        std::vector<uint32_t> next;
        uint64_t n_counts, n_next, offset;
        bool spilled;
    };
    uint64_t budget_;
    std::string dir_;
    std::vector<Block> blocks_;
    uint64_t spilled_ = 0;
    std::vector<uint8_t> counts_;  // a spilled block, read back
    std::vector<uint32_t> next_;
#ifndef __EMSCRIPTEN__
    int fd_ = -1;
#endif

    [[noreturn]] void spill_failed(const std::string &what) const {
        fail(Status::invalid_argument, "the solver's spill file in " + dir_ + ": " + what);
    }

#ifdef __EMSCRIPTEN__
    void write(uint64_t, const void *, uint64_t) { spill_failed("the WebAssembly build does not spill moves"); }
    void read(uint64_t, void *, uint64_t) { spill_failed("the WebAssembly build does not spill moves"); }
#else
    void write(uint64_t at, const void *data, uint64_t size) {
        if (fd_ < 0) {
            const std::string path = dir_ + "/ludus-ur-solve-moves-" + std::to_string(::getpid()) + ".tmp";
            fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
            if (fd_ < 0) spill_failed("cannot make " + path + ": " + std::strerror(errno));
            ::unlink(path.c_str());  // gone with the process, whatever ends it
        }
        const auto *p = static_cast<const char *>(data);
        while (size > 0) {
            const ssize_t n = ::pwrite(fd_, p, size, static_cast<off_t>(at));
            if (n <= 0) spill_failed(std::string("cannot write: ") + std::strerror(errno));
            p += n, at += static_cast<uint64_t>(n), size -= static_cast<uint64_t>(n);
        }
    }
    void read(uint64_t at, void *data, uint64_t size) {
        auto *p = static_cast<char *>(data);
        while (size > 0) {
            const ssize_t n = ::pread(fd_, p, size, static_cast<off_t>(at));
            if (n <= 0) spill_failed(std::string("cannot read: ") + std::strerror(errno));
            p += n, at += static_cast<uint64_t>(n), size -= static_cast<uint64_t>(n);
        }
    }
#endif
};

// Solves the groups into `store` (doubles or float32), a pair at a time in doubles.
template <class V>
void solve_into(const Index &index, const UrOptions &o, const SolveOptions &so, std::vector<V> &store, Table &t) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::array<double, 5> chance = throw_chances(o);
    std::array<double, 5> p{};
    size_t throws = 0;
    for (int roll = 0; roll <= 4; ++roll)
        if (chance[static_cast<size_t>(roll)] != 0) p[throws++] = chance[static_cast<size_t>(roll)];
    const int n = o.pieces;
    std::array<Action, R::max_moves> moves;
    uint64_t updates = 0;
    // A move's result: `win`, or the index reached (30 bits) with `same` set when the mover
    // throws again and `local` when it is in the pair being solved (then its place in `pair`).
    constexpr uint32_t win = UINT32_MAX, same = 1u << 31, local = 1u << 30, index_bits = local - 1;
    constexpr uint64_t block_positions = uint64_t{1} << 20;
    // Pieces borne off never return: solve the pairs of groups {(a, b), (b, a)} with the most
    // pieces off first. A move from (a, b) reaches (a', b) (the same mover again) or (b, a')
    // (the other to move), a' >= a, so within a total a + b only (a, b) and (b, a) depend on
    // each other, and each pair needs only pairs already solved.
    for (int total = 2 * (n - 1); total >= 0; --total)
        for (int a = std::max(0, total - (n - 1)); a <= std::min(n - 1, total); ++a) {
            const int b = total - a;
            if (a > b || a < so.min_off) continue;
            // Plain variables, not structured bindings: the lambdas below capture them.
            const uint64_t lo1 = index.group(a, b).first, hi1 = index.group(a, b).second;
            const uint64_t lo2 = a != b ? index.group(b, a).first : 0, hi2 = a != b ? index.group(b, a).second : 0;
            const uint64_t n1 = hi1 - lo1, size = n1 + (hi2 - lo2);
            auto global = [&](uint64_t j) { return j < n1 ? lo1 + j : lo2 + (j - n1); };
            auto place = [&](uint64_t i) -> uint64_t {
                if (i >= lo1 && i < hi1) return i - lo1;
                if (i >= lo2 && i < hi2) return n1 + (i - lo2);
                return UINT64_MAX;
            };
            // Swept from the last position of the pair down: the positions of more pieces further on
            // (more pieces on the shared squares, higher squares) come first, and the moves forward
            // reach them, so a sweep mostly reads values it has just made (Masters' four pieces: 61
            // sweeps a position instead of 93 upward, 17.5 s of CPU instead of 20.8).
            std::vector<double> pair(size, 0.5);
            MoveList list(so.moves_in_memory, so.spill_dir);
            std::vector<uint8_t> counts;
            std::vector<uint32_t> next;
            for (uint64_t first = 0; first < size; first += block_positions) {
                counts.clear();
                next.clear();
                for (uint64_t k = first; k < std::min(size, first + block_positions); ++k) {
                    S s = index.decode(global(size - 1 - k));
                    for (int roll = 0; roll <= 4; ++roll) {
                        if (chance[static_cast<size_t>(roll)] == 0) continue;
                        s.n_dice = static_cast<uint8_t>(o.dice);
                        s.roll = static_cast<uint8_t>(roll);
                        const size_t count = R::write_actions(o, s, moves.data());
                        counts.push_back(static_cast<uint8_t>(count));
                        for (size_t m = 0; m < count; ++m) {
                            S c = s;
                            R::apply(o, c, moves[m]);
                            if (c.result != Result::ongoing) {
                                next.push_back(win);
                                continue;
                            }
                            const uint64_t i = index.encode(c), in_pair = place(i);
                            next.push_back(
                                static_cast<uint32_t>(in_pair != UINT64_MAX ? (size - 1 - in_pair) | local : i) |
                                (c.to_move == s.to_move ? same : 0u));
                        }
                    }
                }
                list.add(counts, next);
            }
            t.spilled_bytes = std::max(t.spilled_bytes, list.spilled());
            int sweeps = 0;
            for (;;) {
                double largest = 0;
                uint64_t k = 0;
                list.for_each([&](const uint8_t *count, const uint32_t *e) {
                    for (const uint64_t end = std::min(size, k + block_positions); k < end; ++k) {
                        double v = 0;
                        for (size_t t = 0; t < throws; ++t) {
                            double best = 0;
                            for (const uint32_t *stop = e + *count++; e != stop; ++e) {
                                if (*e == win) {
                                    best = 1.0;
                                    continue;
                                }
                                const uint32_t i = *e & index_bits;
                                const double x = (*e & local) ? pair[i] : static_cast<double>(store[i]);
                                best = std::max(best, (*e & same) ? x : 1.0 - x);
                            }
                            v += p[t] * best;
                        }
                        largest = std::max(largest, std::abs(v - pair[k]));
                        pair[k] = v;
                    }
                });
                ++sweeps;
                updates += size;
                if (largest < so.tolerance) break;
            }
            for (uint64_t k = 0; k < size; ++k) store[global(size - 1 - k)] = static_cast<V>(pair[k]);
            if (so.progress)
                so.progress(a, b, sweeps, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        }
    t.sweeps = index.size() == 0 ? 0 : updates / index.size();
}

}  // namespace

Table solve(const UrOptions &o, const SolveOptions &so) {
    const Index index(o);
    if (index.size() >= (uint64_t{1} << 30))
        fail(Status::invalid_option, "too many positions for the solver's 30-bit successor indices");
    Table t;
    t.options = o;
    t.min_off = so.min_off;
    t.tolerance = so.tolerance;
    if (so.float32_values) {
        t.value32.assign(index.size(), 0.0f);
        solve_into(index, o, so, t.value32, t);
    } else {
        t.value.assign(index.size(), 0.0);
        solve_into(index, o, so, t.value, t);
    }
    return t;
}

uint64_t checksum(const unsigned char *data, size_t size, uint64_t h) {
    size_t i = 0;
    for (; i + 8 <= size; i += 8) {
        uint64_t w;
        std::memcpy(&w, data + i, 8);  // little-endian hosts (every target)
        h = (h ^ w) * 1099511628211ull;
    }
    if (i < size) {
        uint64_t w = 0;
        for (size_t b = size; b-- > i;) w = w << 8 | data[b];
        h = (h ^ w) * 1099511628211ull;
    }
    return h;
}

std::string table_name(const UrOptions &o) {
    return std::string("ur-") + R::ruleset_name(o.ruleset) + "-" + std::to_string(o.pieces) + "-" +
           std::to_string(o.dice) + ".table";
}

namespace {

void put32(std::vector<unsigned char> &out, uint32_t v) {
    for (int b = 0; b < 4; ++b) out.push_back(static_cast<unsigned char>(v >> (8 * b)));
}

uint32_t get32(const unsigned char *p) {
    return uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24;
}

}  // namespace

void write_table(const std::string &path, const Table &t) {
    const Index index(t.options);
    const json header{{"game", "ur"},
                      {"ruleset", R::ruleset_name(t.options.ruleset)},
                      {"pieces", t.options.pieces},
                      {"dice", t.options.dice},
                      {"route_length", t.options.route_length},
                      {"states", index.size()},
                      {"min_off", t.min_off},
                      {"tolerance", t.tolerance},
                      {"values", "float32"}};
    std::string text = header.dump();
    while ((16 + text.size()) % 8 != 0) text += ' ';  // the values start at a multiple of 8 bytes
    if (t.size() != index.size()) fail(Status::invalid_argument, "the table's values do not match its options");
    // Written a chunk at a time (Masters' seven pieces: 2 GB), the checksum carried along: each
    // chunk but the last is a multiple of 8 bytes.
    std::vector<unsigned char> out(magic, magic + 8);
    put32(out, file_version);
    put32(out, static_cast<uint32_t>(text.size()));
    out.insert(out.end(), text.begin(), text.end());
    const std::string tmp = path + ".partial";
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    if (!f) fail(Status::invalid_argument, "cannot write " + tmp);
    uint64_t sum = 14695981039346656037ull;
    auto flush = [&] {
        sum = checksum(out.data(), out.size(), sum);
        f.write(reinterpret_cast<const char *>(out.data()), static_cast<std::streamsize>(out.size()));
        out.clear();
    };
    constexpr uint64_t chunk = uint64_t{1} << 20;  // values
    for (uint64_t first = 0; first < t.size(); first += chunk) {
        flush();
        for (uint64_t i = first; i < std::min(t.size(), first + chunk); ++i) {
            const float v = static_cast<float>(t.at(i));
            uint32_t u;
            std::memcpy(&u, &v, 4);
            put32(out, u);
        }
    }
    sum = checksum(out.data(), out.size(), sum);  // the values' last bytes (any count)
    for (int b = 0; b < 8; ++b) out.push_back(static_cast<unsigned char>(sum >> (8 * b)));
    f.write(reinterpret_cast<const char *>(out.data()), static_cast<std::streamsize>(out.size()));
    f.close();
    if (!f) fail(Status::invalid_argument, "cannot write " + tmp);
    std::filesystem::rename(tmp, path);
}

namespace {

[[noreturn]] void bad_table(const std::string &path, const std::string &why) {
    fail(Status::invalid_argument, "the Ur table " + path + " is not valid: " + why);
}

// Checks the magic, version and header of a file of `file_size` bytes whose first bytes are
// `prefix` (at least 16; `header_bytes` then gives the bytes up to the values) and fills `t`.
template <class HeaderBytes>
void read_header(TableFile &t, const std::string &path, uint64_t file_size, const unsigned char *prefix,
                 uint64_t &values_at, HeaderBytes header_bytes) {
    if (file_size < 24 || std::memcmp(prefix, magic, 8) != 0) bad_table(path, "it does not start with LUDUSURT");
    if (get32(prefix + 8) != file_version)
        bad_table(path, "version " + std::to_string(get32(prefix + 8)) + " is not 1");
    const uint64_t header_size = get32(prefix + 12);
    if (16 + header_size + 8 > file_size || (16 + header_size) % 8 != 0)
        bad_table(path, "its header's length does not fit");
    json header;
    try {
        header = json::parse(header_bytes(header_size));
    } catch (const json::exception &) { bad_table(path, "its header is not JSON"); }
    try {
        t.ruleset = header.at("ruleset").get<std::string>();
        t.pieces = header.at("pieces").get<int>();
        t.dice = header.at("dice").get<int>();
        t.min_off = header.at("min_off").get<int>();
        t.tolerance = header.at("tolerance").get<double>();
        t.states = header.at("states").get<uint64_t>();
        if (header.at("values").get<std::string>() != "float32") bad_table(path, "values are not float32");
    } catch (const json::exception &) { bad_table(path, "its header lacks a field"); }
    values_at = 16 + header_size;
    if (t.states > file_size || values_at + 4 * t.states + 8 != file_size)
        bad_table(path, "its size does not match its states");
}

float float_at(const unsigned char *p) {
    const uint32_t u = get32(p);  // little-endian float32, whatever the host
    float f;
    std::memcpy(&f, &u, 4);
    return f;
}

// A value is a chance of winning, 0..1: a forged file whose checksum is right can hold NaN,
// infinities or any number, which the players would report as a chance.
bool is_chance(float v) { return v >= 0.0f && v <= 1.0f; }

[[noreturn]] void not_a_chance(const std::string &path, uint64_t index, float v) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", static_cast<double>(v));
    bad_table(path, "value " + std::to_string(index) + " is " + text + ", not a chance between 0 and 1");
}

}  // namespace

#ifdef __EMSCRIPTEN__

// The host's reader (bindings/js: setFileReader): the size of a file (-1: the reader failed;
// -2: none is set) and `length` bytes of it from `offset` copied to `out` (the count, or -1, -2).
// JavaScript, not C++: clang-format would split its `!==` into `!= =`, which emcc's minifier refuses.
// clang-format off
EM_JS(double, ludus_host_file_size, (const char *path), {
    const reader = Module["ludusFileReader"];
    if (!reader) return -2;
    try {
        const size = reader.size(UTF8ToString(path));
        return Number.isSafeInteger(size) && size >= 0 ? size : -1;
    } catch (error) { return -1; }
});
EM_JS(int, ludus_host_file_read, (const char *path, double offset, int length, unsigned char *out), {
    const reader = Module["ludusFileReader"];
    if (!reader) return -2;
    try {
        const bytes = reader.read(UTF8ToString(path), offset, length);
        if (!(bytes instanceof Uint8Array) || bytes.length !== length) return -1;
        HEAPU8.set(bytes, out);
        return length;
    } catch (error) { return -1; }
});
// clang-format on

namespace {

[[noreturn]] void host_failed(const std::string &path, double code) {
    fail(Status::invalid_argument, "the Ur table " + path +
                                       (code == -2 ? " cannot be read: no file reader is set (setFileReader)"
                                                   : " cannot be read: the file reader failed"));
}

void host_read(const std::string &path, uint64_t offset, unsigned char *out, int length) {
    const int got = ludus_host_file_read(path.c_str(), static_cast<double>(offset), length, out);
    if (got != length) host_failed(path, got);
}

uint64_t host_size(const std::string &path) {
    const double size = ludus_host_file_size(path.c_str());
    if (size < 0) host_failed(path, size);
    return static_cast<uint64_t>(size);
}

}  // namespace

TableFile::~TableFile() = default;

float TableFile::operator[](uint64_t index) const {
    unsigned char bytes[4];
    host_read(path, values_at_ + 4 * index, bytes, 4);
    const float v = float_at(bytes);
    if (!is_chance(v)) [[unlikely]]
        not_a_chance(path, index, v);  // the file is read a value at a time
    return v;
}

std::shared_ptr<const TableFile> open_table(const std::string &path) {
    std::shared_ptr<TableFile> t(new TableFile);
    t->path = path;
    const uint64_t file_size = host_size(path);
    unsigned char prefix[16];
    if (file_size < 24) bad_table(path, "it does not start with LUDUSURT");
    host_read(path, 0, prefix, 16);
    read_header(*t, path, file_size, prefix, t->values_at_, [&](uint64_t header_size) {
        std::string text(header_size, ' ');
        host_read(path, 16, reinterpret_cast<unsigned char *>(text.data()), static_cast<int>(header_size));
        return text;
    });
    return t;
}

namespace {

// What tells a file changed: its size (the reader gives no time).
std::string file_stamp(const std::string &path) { return std::to_string(host_size(path)); }

}  // namespace

#else

TableFile::~TableFile() {
    if (map_ != nullptr) munmap(map_, map_size_);
}

float TableFile::operator[](uint64_t index) const { return float_at(values_ + 4 * index); }

std::shared_ptr<const TableFile> open_table(const std::string &path) {
    std::shared_ptr<TableFile> t(new TableFile);
    t->path = path;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) fail(Status::invalid_argument, "the Ur table " + path + " cannot be read: " + std::strerror(errno));
    struct stat st {};
    const bool sized = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
    const uint64_t file_size = sized ? static_cast<uint64_t>(st.st_size) : 0;
    void *map = file_size >= 24 ? mmap(nullptr, file_size, PROT_READ, MAP_PRIVATE, fd, 0) : MAP_FAILED;
    ::close(fd);
    if (!sized) fail(Status::invalid_argument, "the Ur table " + path + " cannot be read: it is not a file");
    if (file_size < 24) bad_table(path, "it does not start with LUDUSURT");
    if (map == MAP_FAILED)
        fail(Status::invalid_argument, "the Ur table " + path + " cannot be read: " + std::strerror(errno));
    t->map_ = map;
    t->map_size_ = file_size;
    const auto *bytes = static_cast<const unsigned char *>(map);
    read_header(*t, path, file_size, bytes, t->values_at_,
                [&](uint64_t header_size) { return std::string(bytes + 16, bytes + 16 + header_size); });
    // One pass over the file for its checksum, read ahead; then the values are looked up at random.
    madvise(map, file_size, MADV_SEQUENTIAL);
    uint64_t stored = 0;
    for (int b = 7; b >= 0; --b) stored = stored << 8 | bytes[file_size - 8 + static_cast<size_t>(b)];
    if (checksum(bytes, file_size - 8) != stored) bad_table(path, "its checksum does not match (the file is damaged)");
    const unsigned char *values = bytes + t->values_at_;
    bool all_chances = true;
    for (uint64_t i = 0; i < t->states; ++i) all_chances &= is_chance(float_at(values + 4 * i));
    if (!all_chances)
        for (uint64_t i = 0; i < t->states; ++i)
            if (!is_chance(float_at(values + 4 * i))) not_a_chance(path, i, float_at(values + 4 * i));
    madvise(map, file_size, MADV_RANDOM);
    t->values_ = values;
    return t;
}

namespace {

// What tells a file changed: its size and time.
std::string file_stamp(const std::string &path) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) fail(Status::invalid_argument, "the Ur table " + path + " cannot be read: " + ec.message());
    const auto time = std::filesystem::last_write_time(path, ec);
    return std::to_string(size) + "/" + std::to_string(static_cast<long long>(time.time_since_epoch().count()));
}

}  // namespace

#endif

std::shared_ptr<const TableFile> cached_table(const std::string &path) {
    static std::mutex mutex;
    static std::map<std::string, std::pair<std::string, std::shared_ptr<const TableFile>>> cache;
    const std::string stamp = file_stamp(path);
    std::lock_guard<std::mutex> lock(mutex);
    auto it = cache.find(path);
    if (it != cache.end() && it->second.first == stamp) return it->second.second;
    auto t = open_table(path);
    cache[path] = {stamp, t};
    return t;
}

}  // namespace ludus::ur_solve
