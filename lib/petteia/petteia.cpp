// Petteia's rules: the options, the start, a move and its captures, the end of the game, the
// moves as text and JSON (petteia.hpp).
#include "petteia.hpp"

#include <bit>

#include "../cold_code.hpp"
#include "../json_util.hpp"
#include "../rng.hpp"
#include "../squares.hpp"

namespace ludus {

namespace {

using Kind = OptionSpec::Kind;

constexpr int stride = petteia_stride;
int from_of(Action a) { return a / stride; }
int to_of(Action a) { return a % stride; }

constexpr uint64_t square_keys_seed = 0x5EED0000ull;

// Each player fills the two ranks nearest them.
std::shared_ptr<const PetteiaStart> make_start(int rows, int cols) {
    auto start = std::make_shared<PetteiaStart>();
    start->cells.reset();
    const auto place = [&](int sq, int player) {
        start->cells.put(sq, player);
        if (rows * cols <= BitBoard::max_squares) start->bits.put(sq, player);
        start->key ^= PetteiaRules::square_key(sq, player);
    };
    for (int file = 0; file < cols; ++file) {
        for (int rank : {0, 1}) place(rank * cols + file, 0);
        for (int rank : {rows - 2, rows - 1}) place(rank * cols + file, 1);
    }
    return start;
}

}  // namespace

template <class Board>
const std::vector<OptionSpec> &PetteiaRulesT<Board>::option_specs() {
    static const std::vector<OptionSpec> specs = {
        {"rows", Kind::integer, 8, 5, 26, {}, "ranks of the board; each player fills the two nearest"},
        {"cols", Kind::integer, 8, 3, 26, {}, "files of the board (a..z)"},
        {"first_player",
         Kind::choice,
         0,
         0,
         0,
         {0, 1, "random"},
         "who moves first; \"random\" draws lots with the game's generator"},
        seed_option_spec(),
        {"draw_plies_without_capture",
         Kind::integer,
         0,
         0,
         100000,
         {},
         "draw after this many plies in a row without a capture (0 = off; 1..100000)"},
        {"draw_repetitions",
         Kind::integer,
         0,
         0,
         100,
         {},
         "draw when one position occurs this many times (0 = off; 2..100)"},
    };
    return specs;
}

template <class Board>
LUDUS_COLD PetteiaOptions PetteiaRulesT<Board>::parse_options(const json &given) {
    Options o;
    o.resolved = resolve_options(option_specs(), given);
    o.rows = o.resolved["rows"].get<int>();
    o.cols = o.resolved["cols"].get<int>();
    o.draw_plies_without_capture = o.resolved["draw_plies_without_capture"].get<int>();
    o.draw_repetitions = o.resolved["draw_repetitions"].get<int>();
    if (o.draw_repetitions == 1)
        fail(Status::invalid_option, "option \"draw_repetitions\": 1 is outside 0 (off) or 2..100");
    const json &first = o.resolved["first_player"];
    o.first_player = first.is_string() ? -1 : first.get<int>();
    if (o.rows * o.cols <= BitBoard::max_squares) o.bits = make_petteia_bit_tables(o.rows, o.cols);
    o.flanks = make_petteia_flanks(o.rows, o.cols);
    o.start = make_start(o.rows, o.cols);
    return o;
}

template <class Board>
auto PetteiaRulesT<Board>::square_keys() -> const SquareKeys & {
    return mixed_keys<2 * CellBoard::max_squares, square_keys_seed>();
}
template <class Board>
uint64_t PetteiaRulesT<Board>::side_key() {
    return mix64(0x51DE);
}

template <class Board>
PetteiaStateT<Board> PetteiaRulesT<Board>::initial(const Options &o) {
    State s;
    static_cast<Board &>(s) = o.start->template board<Board>();
    s.key = o.start->key;
    s.rng.state = o.resolved.seed();
    s.pieces = {static_cast<uint16_t>(2 * o.cols), static_cast<uint16_t>(2 * o.cols)};
    s.to_move = o.first_player < 0 ? static_cast<uint8_t>(s.rng.below(2)) : static_cast<uint8_t>(o.first_player);
    if (s.to_move == 1) s.key ^= side_key();
    return s;
}

// The move on bitboards, in masks: what PetteiaRulesT::apply does square by square. The
// flankers are the mover's pieces after the move (the landing square is never beyond an
// adjacent square of itself, and the square left is empty).
template <>
void PetteiaRulesT<BitBoard>::apply(const Options &o, State &s, Action a) {
    const int from = from_of(a), to = to_of(a);
    const int mover = s.to_move, enemy = 1 - mover;
    const uint64_t own = s.bits[mover] ^ (uint64_t{1} << from) ^ (uint64_t{1} << to);
    const std::array<uint64_t, 4> masks =
        BitBoard::captured_masks(*o.bits, o.cols, uint64_t{1} << to, s.bits[enemy], own);
    const uint64_t captured = masks[0] | masks[1] | masks[2] | masks[3];
    s.bits[mover] = own;
    const SquareKeys &keys = square_keys();
    s.key ^= square_key(keys, from, mover) ^ square_key(keys, to, mover) ^ side_key();
    s.to_move = static_cast<uint8_t>(enemy);
    if (captured != 0) [[unlikely]] {
        s.bits[enemy] &= ~captured;
        int n = 0;
        for (uint64_t c = captured; c != 0; c &= c - 1, ++n) s.key ^= square_key(keys, std::countr_zero(c), enemy);
        s.pieces[enemy] = static_cast<uint16_t>(s.pieces[enemy] - n);
        s.plies_without_capture = 0;
    } else {
        ++s.plies_without_capture;
    }
    finish_move(o, s, mover);
}

template <class Board>
int PetteiaRulesT<Board>::captures_of(const Options &o, const State &s, Action a, std::array<int, 3> &out) {
    return s.captures(o, from_of(a), to_of(a), s.owner(from_of(a)), out);
}

// Every apply_action of the C ABI checks this: in masks on bitboards.
template <>
bool PetteiaRulesT<BitBoard>::is_legal(const Options &o, const State &s, Action a) {
    if (a < 0 || a >= action_stride * action_stride) return false;
    const int from = from_of(a), to = to_of(a), squares = o.rows * o.cols;
    if (from >= squares || to >= squares || ((s.bits[s.to_move] >> from) & 1) == 0) return false;
    return s.slides(o, from, to);
}

template <class Board>
bool PetteiaRulesT<Board>::is_legal(const Options &o, const State &s, Action a) {
    if (a < 0 || a >= action_stride * action_stride) return false;
    const int from = from_of(a), to = to_of(a), squares = o.rows * o.cols;
    if (from >= squares || to >= squares || from == to || s.owner(from) != s.to_move || s.owner(to) >= 0) return false;
    return s.slides(o, from, to);
}

template <class Board>
void PetteiaRulesT<Board>::apply(const Options &o, State &s, Action a) {
    const int from = from_of(a), to = to_of(a);
    const int mover = s.to_move, enemy = 1 - mover;
    std::array<int, 3> captured{};
    const int n = s.captures(o, from, to, mover, captured);

    s.clear(from);
    s.put(to, mover);
    const SquareKeys &keys = square_keys();
    s.key ^= square_key(keys, from, mover) ^ square_key(keys, to, mover) ^ side_key();
    for (int i = 0; i < n; ++i) {
        s.clear(captured[i]);
        s.key ^= square_key(keys, captured[i], enemy);
    }
    s.pieces[enemy] = static_cast<uint16_t>(s.pieces[enemy] - n);
    s.plies_without_capture = n > 0 ? 0 : s.plies_without_capture + 1;
    s.to_move = static_cast<uint8_t>(enemy);
    finish_move(o, s, mover);
}

template <class Board>
[[gnu::always_inline]] inline void PetteiaRulesT<Board>::finish_move(const Options &o, State &s, int mover) {
    // The order of the end checks is a DECISION of docs/rules/petteia.md: wins before draws, and
    // the draw by repetition (checked by the framework) last.
    const int enemy = 1 - mover;
    const Result mover_wins = mover == 0 ? Result::player0_won : Result::player1_won;
    if (s.pieces[enemy] <= 1)
        end_game(s, mover_wins, EndReason::one_piece_left);
    else if (!has_legal_move(o, s, enemy))
        end_game(s, mover_wins, EndReason::no_moves);
    else if (o.draw_plies_without_capture > 0 &&
             s.plies_without_capture >= static_cast<uint32_t>(o.draw_plies_without_capture))
        end_game(s, Result::draw, EndReason::plies_without_capture);
}

template <class Board>
std::string PetteiaRulesT<Board>::square_name(const Options &o, int square) {
    return squares::name(o.cols, square);
}

template <class Board>
std::string PetteiaRulesT<Board>::action_text(const Options &o, Action a) {
    return square_name(o, from_of(a)) + "-" + square_name(o, to_of(a));
}

template <class Board>
Action PetteiaRulesT<Board>::parse_action(const Options &o, std::string_view text) {
    size_t pos = 0;
    const int from = squares::read(o.rows, o.cols, text, pos);
    const bool dash = pos < text.size() && text[pos] == '-';
    pos += dash ? 1 : 0;
    const int to = dash ? squares::read(o.rows, o.cols, text, pos) : -1;
    if (from < 0 || to < 0 || pos != text.size())
        fail(Status::invalid_move, json_util::quote(text) + " is not a move: write FROM-TO with squares of the " +
                                       std::to_string(o.rows) + "x" + std::to_string(o.cols) + " board, such as b2-b5");
    return from * action_stride + to;
}

template <class Board>
LUDUS_COLD json PetteiaRulesT<Board>::action_json(const Options &o, const State &s, Action a) {
    std::array<int, 3> captured{};
    const int n = captures_of(o, s, a, captured);
    std::vector<std::string> captures;
    for (int i = 0; i < n; ++i) captures.push_back(square_name(o, captured[i]));
    json j{{"text", action_text(o, a)},
           {"action", a},
           {"player", s.to_move},
           {"from", square_name(o, from_of(a))},
           {"to", square_name(o, to_of(a))},
           {"captures", captures}};
    add_move_fields(j, {"move", square_name(o, from_of(a)), square_name(o, to_of(a)), captures, n});
    return j;
}

template struct PetteiaRulesT<CellBoard>;
template struct PetteiaRulesT<BitBoard>;

PetteiaState PetteiaBitRules::to_cells(const State &s) {
    PetteiaState c;
    c.reset();
    for (int p = 0; p < 2; ++p)
        for (uint64_t b = s.bits[p]; b != 0; b &= b - 1) c.put(std::countr_zero(b), p);
    c.pieces = s.pieces;
    c.to_move = s.to_move;
    c.result = s.result;
    c.end_reason = s.end_reason;
    c.plies_without_capture = s.plies_without_capture;
    c.key = s.key;
    c.rng = s.rng;
    return c;
}

}  // namespace ludus
