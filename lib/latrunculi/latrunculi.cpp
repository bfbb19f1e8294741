// Latrunculi's rules (the rulesets of LatrunculiRuleset): the options, the setup, the moves and
// their captures, the end of a turn and of the game, the moves as text and JSON (latrunculi.hpp).
#include "latrunculi.hpp"

#include <algorithm>
#include <mutex>

#include "../cold_code.hpp"
#include "../json_util.hpp"
#include "../squares.hpp"
#include "latrunculi_board.hpp"
#include "schaedler.hpp"

namespace ludus {

using namespace latrunculi;

namespace {

using Kind = OptionSpec::Kind;

// The rulesets (latrunculi_board.hpp), built on first use: other files' statics may ask for
// them before this file's are made.
const std::vector<LatrunculiRuleset> &all_rulesets() {
    static const std::vector<LatrunculiRuleset> rulesets = {rulesets::kowalski, rulesets::kowalski_10x11,
                                                            rulesets::bell, rulesets::bell_8x7, rulesets::quintana};
    return rulesets;
}

// The board masks of a ruleset, made on the first use of that ruleset (a program playing one
// ruleset fills no other's).
struct RulesetMasks {
    std::once_flag filled;
    std::unique_ptr<LatrunculiMasks<uint64_t>> m64;  // boards of up to 64 squares
    std::unique_ptr<LatrunculiMasks<u128>> m128;
};

// The pieces of a ruleset's setup and their key (none for a ruleset whose pieces are placed).
template <class BB>
void fill_setup(LatrunculiMasks<BB> &m, const LatrunculiRuleset &r) {
    if (r.placed_per_turn > 0) return;
    std::array<BB, 2> &men = m.setup_men, &dux = m.setup_dux;
    const int cols = r.cols, top = (r.rows - 1) * cols;
    if (!r.dux) {  // two full ranks each (Museum Quintana)
        for (int f = 0; f < cols; ++f) {
            men[0] |= bits::one<BB>(f) | bits::one<BB>(cols + f);
            men[1] |= bits::one<BB>(top + f) | bits::one<BB>(top - cols + f);
        }
    } else if (cols % 2 == 0) {
        // Kowalski 8x12: the men fill the first rank, the dux stands on the second just right
        // of the centre line from its owner's side.
        for (int f = 0; f < cols; ++f) men[0] |= bits::one<BB>(f), men[1] |= bits::one<BB>(top + f);
        dux[0] = bits::one<BB>(cols + cols / 2);
        dux[1] = bits::one<BB>(top - cols + cols / 2 - 1);
    } else {
        // Kowalski 10x11 (Ludii): the dux in the middle of the first rank, five men each side.
        for (int f = 0; f < cols; ++f) {
            (f == cols / 2 ? dux[0] : men[0]) |= bits::one<BB>(f);
            (f == cols / 2 ? dux[1] : men[1]) |= bits::one<BB>(top + f);
        }
    }
    for (int p = 0; p < 2; ++p)
        for (BB b = men[p] | dux[p]; b != 0; b &= b - 1) {
            const int sq = bits::lowest(b);
            m.setup_key ^= piece_key(sq, p, bits::test(dux[p], sq));
        }
}

const RulesetMasks &ruleset_masks(const LatrunculiRuleset &r) {
    static std::vector<RulesetMasks> masks(all_rulesets().size());  // in the order of all_rulesets()
    RulesetMasks &m = masks[static_cast<size_t>(&r - all_rulesets().data())];
    std::call_once(m.filled, [&]() LUDUS_COLD {
        if (r.rows * r.cols <= 64) {
            m.m64 = std::make_unique<LatrunculiMasks<uint64_t>>();
            fill_masks(*m.m64, r.rows, r.cols);
            m.m64->move_shape = move_shape_id(r);
            fill_setup(*m.m64, r);
        }
        m.m128 = std::make_unique<LatrunculiMasks<u128>>();
        fill_masks(*m.m128, r.rows, r.cols);
        m.m128->move_shape = move_shape_id(r);
        fill_setup(*m.m128, r);
    });
    return m;
}

Result win_of(int player) { return player == 0 ? Result::player0_won : Result::player1_won; }

std::string ruleset_description() {
    std::string text = "the reconstruction played:";
    for (const LatrunculiRuleset &r : all_rulesets())
        text += " \"" + std::string(r.id) + "\" (" + std::string(r.name) + "; " + std::string(r.source) + ");";
    for (const SchaedlerRuleset &r : schaedler_rulesets())
        text += " \"" + std::string(r.id) + "\" (" + std::string(r.name) + "; " + std::string(r.source) + ");";
    text.back() = '.';
    return text;
}

}  // namespace

const std::vector<LatrunculiRuleset> &latrunculi_rulesets() { return all_rulesets(); }

template <class BB>
json LatrunculiRulesT<BB>::rulesets_json() {
    json out = json::array();
    for (const LatrunculiRuleset &r : all_rulesets())
        out.push_back({{"id", r.id}, {"name", r.name}, {"source", r.source}});
    for (const SchaedlerRuleset &r : schaedler_rulesets())
        out.push_back({{"id", r.id}, {"name", r.name}, {"source", r.source}});
    return out;
}

template <class BB>
const std::vector<OptionSpec> &LatrunculiRulesT<BB>::option_specs() {
    static const std::vector<OptionSpec> specs = []() LUDUS_COLD {
        std::vector<json> ids;
        for (const LatrunculiRuleset &r : all_rulesets()) ids.emplace_back(std::string(r.id));
        for (const SchaedlerRuleset &r : schaedler_rulesets()) ids.emplace_back(std::string(r.id));
        return std::vector<OptionSpec>{
            {"ruleset", Kind::choice, "kowalski", 0, 0, ids, ruleset_description()},
            seed_option_spec(),
            {"draw_plies_without_capture",
             Kind::integer,
             0,
             0,
             100000,
             {},
             "draw after this many moves in a row without a capture (0 = off; 1..100000); not a rule of any source"},
            {"draw_repetitions",
             Kind::integer,
             0,
             0,
             100,
             {},
             "draw when one position occurs this many times (0 = off; 2..100)"},
            {"pieces",
             Kind::integer,
             0,
             0,
             24,
             {},
             "pieces each player places (0 = the ruleset's number; 16..24, as the players agree, in \"schaedler_2001\" "
             "only)"},
        };
    }();
    return specs;
}

template <class BB>
LUDUS_COLD LatrunculiOptions LatrunculiRulesT<BB>::parse_options(const json &given) {
    Options o;
    o.resolved = resolve_options(option_specs(), given);
    const std::string id = o.resolved["ruleset"].get<std::string>();
    for (const LatrunculiRuleset &r : all_rulesets())
        if (r.id == id) o.rules = &r;
    if (o.rules == nullptr)
        fail(Status::invalid_option, "option \"ruleset\": \"" + id + "\" is played by SchaedlerRules");
    if (o.resolved["pieces"].get<int>() != 0)
        fail(Status::invalid_option,
             "option \"pieces\": the " + std::string(o.rules->name) + " ruleset has a fixed number of pieces (0 only)");
    o.resolved.erase("pieces");  // Schaedler's alone: these rulesets save their options as before
    o.rows = o.rules->rows;
    o.cols = o.rules->cols;
    o.draw_plies_without_capture = o.resolved["draw_plies_without_capture"].get<int>();
    o.draw_repetitions = o.resolved["draw_repetitions"].get<int>();
    if (o.draw_repetitions == 1)
        fail(Status::invalid_option, "option \"draw_repetitions\": 1 is outside 0 (off) or 2..100");
    const int top = (o.rows - 1) * o.cols;
    o.corners = {0, o.cols - 1, top, top + o.cols - 1};
    o.corner_neighbours = {
        {{1, o.cols}, {o.cols - 2, 2 * o.cols - 1}, {top + 1, top - o.cols}, {top + o.cols - 2, top - 1}}};
    const RulesetMasks &masks = ruleset_masks(*o.rules);
    o.m64 = masks.m64.get();
    o.m128 = masks.m128.get();
    return o;
}

template <class BB>
LatrunculiStateT<BB> LatrunculiRulesT<BB>::initial(const Options &o) {
    const LatrunculiRuleset &r = *o.rules;
    State s;
    s.rng.state = o.resolved.seed();
    if (r.placed_per_turn > 0) {
        s.men_in_hand = {static_cast<uint8_t>(r.men), static_cast<uint8_t>(r.men)};
        s.dux_in_hand = {r.dux, r.dux};
        return s;
    }
    const LatrunculiMasks<BB> &m = o.masks<BB>();
    s.men = m.setup_men;
    s.dux = m.setup_dux;
    s.key = m.setup_key;
    return s;
}

template <class BB>
void LatrunculiRulesT<BB>::legal_actions(const Options &o, const State &s, std::vector<Action> &out) {
    const MoveSets<BB> ms = move_sets(o, s);
    for (BB b = ms.place; b != 0; b &= b - 1) out.push_back(place_base + bits::lowest(b));
    for (int d = 0; d < 4; ++d)
        for (BB b = ms.landing[d]; b != 0; b &= b - 1) {
            const int to = bits::lowest(b);
            out.push_back(origin(o, s, to, d) * stride + to);
        }
    for (int d = 0; d < 4; ++d)
        if (ms.jump[d] != 0) out.push_back(ms.dux_square * stride + bits::lowest(ms.jump[d]));
    if (ms.pass) out.push_back(pass);
}

template <class BB>
Action LatrunculiRulesT<BB>::random_action(const Options &o, const State &s, Rng &rng) {
    return random_move(o, s, rng);
}

namespace {

// Inline: the end of every turn asks it.
template <class Shape = AnyMoveShape, class BB>
[[gnu::always_inline]] inline bool can_move(const LatrunculiOptions &o, const LatrunculiStateT<BB> &s, int player) {
    if (Shape::placing(s)) return true;                            // there are always empty squares to place on
    if (Shape::again(s) >= 0 && player == s.to_move) return true;  // the extra move may be declined
    return any_step<Shape>(o, s, player);
}

}  // namespace

template <class BB>
bool LatrunculiRulesT<BB>::has_legal_move(const Options &o, const State &s, int player) {
    return can_move(o, s, player);
}

namespace {

// A move's squares: the action is from * stride + to, never negative (unsigned: no rounding
// fix-up for the division).
template <class R>
int from_of(Action a) {
    return static_cast<int>(static_cast<unsigned>(a) / R::stride);
}
template <class R>
int to_of(Action a) {
    return static_cast<int>(static_cast<unsigned>(a) % R::stride);
}

// The squares the move from `from` to `to` by the player to move captures. Inline: every move
// of a playout passes here.
template <class Shape = AnyMoveShape, class BB>
[[gnu::always_inline]] inline BB captured_by(const LatrunculiOptions &o, const LatrunculiStateT<BB> &s, int from,
                                             int to) {
    const LatrunculiMasks<BB> &m = o.masks<BB>();
    const LatrunculiRuleset &r = Shape::rules(o);
    const int p = s.to_move, e = 1 - p;
    const BB moved = bits::one<BB>(to);
    // The squares that flank with the moving piece: the player's other pieces, and Bell's empty
    // corners.
    BB partners = Shape::pieces(s, p) & ~bits::one<BB>(from);
    if (Shape::extras && r.corner_square_hostile)
        partners |= m.corners & ~((Shape::occupied(s) & ~bits::one<BB>(from)) | moved);
    const BB victims = s.men[e] | (Shape::dux && r.dux_capturable ? s.dux[e] : BB{0});
    const int cols = Shape::cols(o);
    // A victim beside `to` is taken with a partner beyond it on the same line: the squares one
    // step from a partner along a file, or along a rank, met with the victims' squares beside
    // `to` along the same line (a partner never stands on `to`, so a step back towards `to`
    // finds none).
    const BB beside_in_rank = m.neighbours_in_rank[to], beside_in_file = m.neighbours[to] ^ beside_in_rank;
    const BB next_in_file = shift(m, cols, partners, 0) | shift(m, cols, partners, 1),
             next_in_rank = shift(m, cols, partners, 2) | shift(m, cols, partners, 3);
    BB captured = victims & ((beside_in_file & next_in_file) | (beside_in_rank & next_in_rank));
    // Only a piece landing next to a corner takes a man on it (one on the corner takes nothing).
    if (r.corner_taken_by_two && (moved & m.next_to_corners) != 0) {
        for (int c = 0; c < 4; ++c) {
            if (!bits::test(s.men[e], o.corners[c])) continue;
            const auto [n0, n1] = o.corner_neighbours[c];
            if ((to == n0 && bits::test(partners, n1)) || (to == n1 && bits::test(partners, n0)))
                captured |= bits::one<BB>(o.corners[c]);
        }
    }
    return captured;
}

}  // namespace

template <class BB>
BB LatrunculiRulesT<BB>::captures_of(const Options &o, const State &s, Action a) {
    if (a >= place_base) return 0;  // placing and passing never capture
    return captured_by(o, s, from_of<LatrunculiRulesT>(a), to_of<LatrunculiRulesT>(a));
}

template <class BB>
BB LatrunculiRulesT<BB>::capture_landings(const Options &o, const State &s) {
    const LatrunculiMasks<BB> &m = o.masks<BB>();
    const int e = 1 - s.to_move;
    const BB victims = s.men[e] | (o.rules->dux_capturable ? s.dux[e] : BB{0});
    BB landings = 0;
    for (int d = 0; d < 4; ++d) landings |= shift(m, o.cols, victims, d);
    return landings;
}

template <class BB>
int LatrunculiRulesT<BB>::mobility(const Options &o, const State &s, int player) {
    const LatrunculiMasks<BB> &m = o.masks<BB>();
    const BB empty = m.board & ~s.occupied(), own = s.pieces(player);
    int n = 0;
    for (int d = 0; d < 4; ++d) n += bits::popcount(moves_towards(o, m, own, empty, d));
    return n;
}

template <class BB>
BB LatrunculiRulesT<BB>::reach(const Options &o, BB from, BB empty) {
    const LatrunculiMasks<BB> &m = o.masks<BB>();
    BB to = 0;
    for (int d = 0; d < 4; ++d) to |= moves_towards(o, m, from, empty, d);
    return to;
}

template <class BB>
bool LatrunculiRulesT<BB>::dux_immobilised(const Options &o, const State &s, int player) {
    return dux_hemmed_in(o.masks<BB>(), s, player, s.occupied());
}

namespace {

// The end of a turn: the other player moves, unless the game ends. Wins before draws.
template <class R, class Shape = AnyMoveShape, class BB>
[[gnu::always_inline]] inline void next_turn(const LatrunculiOptions &o, LatrunculiStateT<BB> &s) {
    const LatrunculiRuleset &r = Shape::rules(o);
    const int mover = s.to_move, other = 1 - mover;
    s.to_move = static_cast<uint8_t>(other);
    s.key ^= side_key;
    if (!can_move<Shape>(o, s, other)) {
        if (r.stalemate_by_captures) {
            // Kowalski: more captured enemy men wins (both began with the same number).
            const int taken_by_mover = r.men - bits::popcount(s.men[other]),
                      taken_by_other = r.men - bits::popcount(s.men[mover]);
            end_game(s,
                     taken_by_mover > taken_by_other   ? win_of(mover)
                     : taken_by_other > taken_by_mover ? win_of(other)
                                                       : Result::draw,
                     EndReason::no_moves);
        } else {
            end_game(s, win_of(mover), EndReason::no_moves);  // a player who cannot move loses
        }
        return;
    }
    if (Shape::placing(s)) return;
    if (Shape::extras && r.quiet_moves_limit > 0 &&
        s.plies_without_capture >= static_cast<uint32_t>(r.quiet_moves_limit)) {
        // Bell: the game ends, the player with more pieces on the board wins.
        const int n0 = bits::popcount(s.pieces(0)), n1 = bits::popcount(s.pieces(1));
        end_game(s,
                 n0 > n1   ? Result::player0_won
                 : n1 > n0 ? Result::player1_won
                           : Result::draw,
                 EndReason::quiet_moves);
    } else if (o.draw_plies_without_capture > 0 &&
               s.plies_without_capture >= static_cast<uint32_t>(o.draw_plies_without_capture)) {
        end_game(s, Result::draw, EndReason::plies_without_capture);
    }
}

template <class R, class Shape, class BB>
[[gnu::always_inline]] inline void place(const LatrunculiOptions &o, LatrunculiStateT<BB> &s, int sq) {
    const int p = s.to_move;
    if (s.men_in_hand[p] > 0) {
        s.men[p] |= bits::one<BB>(sq);
        --s.men_in_hand[p];
        s.key ^= piece_key(*o.masks<BB>().piece_keys, sq, p, false);
        if (++s.placed_this_turn < Shape::rules(o).placed_per_turn && s.men_in_hand[p] > 0)
            return;  // the second man of the turn
    } else {
        s.dux[p] |= bits::one<BB>(sq);  // the dux comes last
        --s.dux_in_hand[p];
        s.key ^= piece_key(*o.masks<BB>().piece_keys, sq, p, true);
    }
    s.placed_this_turn = 0;
    next_turn<R, Shape>(o, s);
}

// A piece's move from `from` to `to`, its captures and the end of the turn, for the ruleset's
// MoveShape.
template <class R, class Shape, class BB>
[[gnu::always_inline]] inline void move_piece(const LatrunculiOptions &o, LatrunculiStateT<BB> &s, int from, int to) {
    const LatrunculiRuleset &r = Shape::rules(o);
    const int p = s.to_move, e = 1 - p;
    const BB captured = captured_by<Shape>(o, s, from, to);
    const bool dux = Shape::dux && bits::test(s.dux[p], from);
    BB &mine = dux ? s.dux[p] : s.men[p];
    mine = (mine & ~bits::one<BB>(from)) | bits::one<BB>(to);
    const PieceKeys &keys = *o.masks<BB>().piece_keys;
    s.key ^= piece_key(keys, from, p, dux) ^ piece_key(keys, to, p, dux);
    for (BB b = captured; b != 0; b &= b - 1) {
        const int sq = bits::lowest(b);
        const bool was_dux = Shape::dux && bits::test(s.dux[e], sq);
        (was_dux ? s.dux[e] : s.men[e]) &= ~bits::one<BB>(sq);
        s.key ^= piece_key(keys, sq, e, was_dux);
    }
    if (Shape::again(s) >= 0) s.key ^= again_key(s.again), s.again = -1;
    s.plies_without_capture = captured != 0 ? 0 : s.plies_without_capture + 1;

    if (Shape::pieces(s, e) == 0) {  // every enemy piece captured
        end_game(s, win_of(p), EndReason::all_captured);
        return;
    }
    if (Shape::dux && r.dux_immobilised_loses) {
        const BB occupied = s.occupied();
        if (dux_hemmed_in(o.masks<BB>(), s, e, occupied)) {
            end_game(s, win_of(p), EndReason::dux_immobilised);
            return;
        }
        if (dux_hemmed_in(o.masks<BB>(), s, p, occupied)) {  // the mover shut its own dux in beside an enemy
            end_game(s, win_of(e), EndReason::dux_immobilised);
            return;
        }
    }
    if (Shape::extras && r.extra_move_after_capture && captured != 0) {
        s.again = static_cast<int8_t>(to);  // the capturing piece moves again (or passes)
        s.key ^= again_key(to);
        return;
    }
    next_turn<R, Shape>(o, s);
}

// An action (a move, a placement or the pass declining an extra move) for the ruleset's
// MoveShape. Out of line, a function a shape: apply jumps to it, and its entry saves only the
// registers its own shape uses.
template <class R, class Shape, class BB>
[[gnu::noinline]] void play(const LatrunculiOptions &o, LatrunculiStateT<BB> &s, Action a) {
    if (a >= R::place_base) {
        if (a == R::pass) {
            s.key ^= again_key(s.again);
            s.again = -1;
            next_turn<R, Shape>(o, s);
        } else {
            place<R, Shape>(o, s, a - R::place_base);
        }
        return;
    }
    move_piece<R, Shape>(o, s, from_of<R>(a), to_of<R>(a));
}

}  // namespace

template <class BB>
void LatrunculiRulesT<BB>::apply(const Options &o, State &s, Action a) {
    with_move_shape<BB>(
        o, [&]<class Shape>() __attribute__((always_inline)) { play<LatrunculiRulesT, Shape>(o, s, a); });
}

template <class BB>
std::string LatrunculiRulesT<BB>::square_name(const Options &o, int square) {
    return squares::name(o.cols, square);
}

template <class BB>
std::string LatrunculiRulesT<BB>::action_text(const Options &o, Action a) {
    if (a == pass) return "pass";
    if (a >= place_base) return square_name(o, a - place_base);
    return square_name(o, a / stride) + "-" + square_name(o, a % stride);
}

template <class BB>
Action LatrunculiRulesT<BB>::parse_action(const Options &o, std::string_view text) {
    if (text == "pass") return pass;
    size_t pos = 0;
    const int from = squares::read(o.rows, o.cols, text, pos);
    if (from >= 0 && pos == text.size()) return place_base + from;
    const bool dash = pos < text.size() && text[pos] == '-';
    pos += dash ? 1 : 0;
    const int to = dash ? squares::read(o.rows, o.cols, text, pos) : -1;
    if (from < 0 || to < 0 || pos != text.size())
        fail(Status::invalid_move, json_util::quote(text) +
                                       " is not a move: write FROM-TO (such as b2-b5), a square to place a piece on "
                                       "(such as c4), or pass, with squares of the " +
                                       std::to_string(o.rows) + "x" + std::to_string(o.cols) + " board");
    return from * stride + to;
}

template <class BB>
LUDUS_COLD json LatrunculiRulesT<BB>::action_json(const Options &o, const State &s, Action a) {
    json j{{"text", action_text(o, a)}, {"action", a}, {"player", s.to_move}};
    if (a == pass) {
        add_move_fields(j, {"pass", "", "", {}, 0});
        j["captures"] = json::array();
        j["again"] = false;
        return j;
    }
    if (a >= place_base) {
        j["piece"] = s.men_in_hand[s.to_move] > 0 ? "man" : "dux";
        j["to"] = square_name(o, a - place_base);
        add_move_fields(j, {"place", "", square_name(o, a - place_base), {}, 0});
        j["captures"] = json::array();
        j["again"] = false;
        return j;
    }
    const BB captured = captures_of(o, s, a);
    std::vector<std::string> captures;
    for (BB b = captured; b != 0; b &= b - 1) captures.push_back(square_name(o, bits::lowest(b)));
    j["piece"] = s.is_dux(a / stride) ? "dux" : "man";
    j["from"] = square_name(o, a / stride);
    j["to"] = square_name(o, a % stride);
    j["captures"] = captures;
    add_move_fields(j, {"move", square_name(o, a / stride), square_name(o, a % stride), captures,
                        static_cast<int>(captures.size())});
    State after = s;
    apply(o, after, a);
    j["again"] = after.again >= 0;
    return j;
}

template struct LatrunculiRulesT<uint64_t>;
template struct LatrunculiRulesT<u128>;

}  // namespace ludus
