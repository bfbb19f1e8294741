// The rules of Schaedler's Latrunculi: its two versions, the placing and moving phases, the
// blocks and removals and the end of a game (schaedler.hpp).
#include "schaedler.hpp"

#include "../cold_code.hpp"
#include "../json_util.hpp"
#include "../position_envelope.hpp"
#include "../rng.hpp"
#include "../squares.hpp"
#include "schaedler_board.hpp"

namespace ludus {

using namespace schaedler;

namespace {

// The two versions, with their sources (docs/rules/latrunculi.md gives rule by rule).
const std::vector<SchaedlerRuleset> &all_rulesets() {
    static const std::vector<SchaedlerRuleset> rulesets = {
        {"schaedler", "Schaedler 1994",
         "U. Schaedler, 'Latrunculi - ein verlorenes strategisches Brettspiel der Roemer', Homo Ludens IV (1994) "
         "47-67, as given by "
         "Ludii 'Schadler 1994'",
         16, 16, false},
        {"schaedler_2001", "Schaedler 2001",
         "U. Schaedler, 'Latrunculi - a forgotten Roman game of strategy reconstructed', Abstract Games 7 (2001), as "
         "given by Ludii "
         "'Schadler 2001'",
         16, 24, true},
    };
    return rulesets;
}

Result win_of(int player) { return player == 0 ? Result::player0_won : Result::player1_won; }

// What the moves of every piece of the player to move read, made once a position: the empty
// squares, the pieces that can hop (a piece next to them with an empty square beyond), and in
// 2001 the squares two enemies enclose.
struct MoveContext {
    uint64_t occupied, empty, hoppers, enclosed;

    MoveContext(const SchaedlerOptions &o, const SchaedlerState &s)
        : occupied(s.occupied()), empty(~occupied), hoppers(0),
          enclosed(o.rules->enter_between_only_to_block ? enclosed_by(s.pieces[1 - s.to_move]) : 0) {
        for (int d = 0; d < 4; ++d) hoppers |= shift(shift(empty, opposite(d)) & occupied, opposite(d));
    }

    // The squares the piece on `from` ends a move on (SchaedlerRules::destinations). Inline: a
    // random move asks it for every piece.
    [[gnu::always_inline]] uint64_t destinations(const SchaedlerState &s, int from) const {
        const uint64_t start = bits::one<uint64_t>(from);
        uint64_t to = step_targets[from] & empty;
        if ((hoppers & start) != 0) to |= hop_targets(occupied, from);
        // 2001: a square between two enemy pieces only if the move blocks one of them.
        for (uint64_t b = to & enclosed; b != 0; b &= b - 1) {
            const int sq = bits::lowest(b);
            if (new_blocks(s, from, sq) == 0) to &= ~bits::one<uint64_t>(sq);
        }
        return to;
    }

    static constexpr std::array<uint64_t, 64> step_targets = [] {
        std::array<uint64_t, 64> t{};
        for (int sq = 0; sq < 64; ++sq) {
            const uint64_t b = uint64_t{1} << sq;
            for (int d = 0; d < 4; ++d) t[sq] |= shift(b, d);
        }
        return t;
    }();
};

// The end of a turn: the other player's, unless the game ends.
void next_turn(const SchaedlerOptions &o, SchaedlerState &s) {
    const int mover = s.to_move;
    s.to_move = static_cast<uint8_t>(1 - mover);
    s.key ^= side_key;
    if (!SchaedlerRules::has_legal_move(o, s)) {
        end_game(s, win_of(mover), EndReason::no_moves);  // a player who cannot move loses (a DECISION)
        return;
    }
    if (!s.placing() && o.draw_plies_without_capture > 0 &&
        s.plies_without_capture >= static_cast<uint32_t>(o.draw_plies_without_capture))
        end_game(s, Result::draw, EndReason::plies_without_capture);
}

}  // namespace

const std::vector<SchaedlerRuleset> &schaedler_rulesets() { return all_rulesets(); }

const SchaedlerRuleset *find_schaedler_ruleset(std::string_view id) {
    for (const SchaedlerRuleset &r : all_rulesets())
        if (r.id == id) return &r;
    return nullptr;
}

bool SchaedlerRules::has_legal_move(const Options &o, const State &s) {
    if (s.placing() || s.blocked[1 - s.to_move] != 0) return true;  // a square to place on; a piece to remove
    // A step to a square no two enemies enclose is a move in both versions: all pieces at once.
    const uint64_t open = ~s.occupied() & ~enclosed_by(s.pieces[1 - s.to_move]);
    if ((neighbours(s.free(s.to_move)) & open) != 0) return true;
    const MoveContext moves(o, s);
    for (uint64_t b = s.free(s.to_move); b != 0; b &= b - 1)
        if (moves.destinations(s, bits::lowest(b)) != 0) return true;
    return false;
}

LUDUS_COLD SchaedlerOptions SchaedlerRules::parse_options(const json &given) {
    Options o;
    o.resolved = resolve_options(LatrunculiRules::option_specs(), given);
    o.rules = find_schaedler_ruleset(o.resolved["ruleset"].get<std::string>());
    if (o.rules == nullptr) fail(Status::invalid_option, "option \"ruleset\": not one of Schaedler's");
    const int pieces = o.resolved["pieces"].get<int>();
    o.pieces = pieces == 0 ? o.rules->min_pieces : pieces;
    if (o.pieces < o.rules->min_pieces || o.pieces > o.rules->max_pieces)
        fail(Status::invalid_option, "option \"pieces\": " + std::to_string(pieces) +
                                         " is outside 0 (the ruleset's) or " + std::to_string(o.rules->min_pieces) +
                                         ".." + std::to_string(o.rules->max_pieces) + " in the " +
                                         std::string(o.rules->name) + " ruleset");
    o.draw_plies_without_capture = o.resolved["draw_plies_without_capture"].get<int>();
    o.draw_repetitions = o.resolved["draw_repetitions"].get<int>();
    if (o.draw_repetitions == 1)
        fail(Status::invalid_option, "option \"draw_repetitions\": 1 is outside 0 (off) or 2..100");
    return o;
}

SchaedlerState SchaedlerRules::initial(const Options &o) {
    State s;
    s.rng.state = o.resolved.seed();
    s.in_hand = {static_cast<uint8_t>(o.pieces), static_cast<uint8_t>(o.pieces)};
    return s;
}

uint64_t SchaedlerRules::destinations(const Options &o, const State &s, int from) {
    return MoveContext(o, s).destinations(s, from);
}

// Built twice, for CPUs with and without the popcnt instruction (chosen when the library loads):
// it counts the moves of every piece.
LUDUS_POPCNT_CLONES_CALLED_ELSEWHERE Action SchaedlerRules::random_action(const Options &o, const State &s, Rng &rng) {
    if (s.placing()) {
        const uint64_t empty = ~s.occupied();
        return place_base +
               bits::select(empty, static_cast<int>(rng.below(static_cast<uint32_t>(bits::popcount(empty)))));
    }
    // Every piece's destinations counted, then the r-th move found in legal_actions' order.
    const MoveContext moves(o, s);
    std::array<uint64_t, 64> to;
    std::array<int, 64> from;
    int pieces = 0;
    uint32_t count = 0;
    for (uint64_t b = s.free(s.to_move); b != 0; b &= b - 1, ++pieces) {
        from[pieces] = bits::lowest(b);
        to[pieces] = moves.destinations(s, from[pieces]);
        count += static_cast<uint32_t>(bits::popcount(to[pieces]));
    }
    const uint64_t removable = s.blocked[1 - s.to_move];
    uint32_t r = rng.below(count + static_cast<uint32_t>(bits::popcount(removable)));
    for (int i = 0; i < pieces; ++i) {
        const auto n = static_cast<uint32_t>(bits::popcount(to[i]));
        if (r < n) return from[i] * stride + bits::select(to[i], static_cast<int>(r));
        r -= n;
    }
    return remove_base + bits::select(removable, static_cast<int>(r));
}

void SchaedlerRules::legal_actions(const Options &o, const State &s, std::vector<Action> &out) {
    if (s.placing()) {
        for (uint64_t b = ~s.occupied(); b != 0; b &= b - 1) out.push_back(place_base + bits::lowest(b));
        return;
    }
    const MoveContext moves(o, s);
    for (uint64_t b = s.free(s.to_move); b != 0; b &= b - 1) {
        const int from = bits::lowest(b);
        for (uint64_t t = moves.destinations(s, from); t != 0; t &= t - 1)
            out.push_back(from * stride + bits::lowest(t));
    }
    for (uint64_t b = s.blocked[1 - s.to_move]; b != 0; b &= b - 1) out.push_back(remove_base + bits::lowest(b));
}

bool SchaedlerRules::is_legal(const Options &o, const State &s, Action a) {
    if (a < 0 || a >= remove_base + stride) return false;
    if (a >= remove_base) return !s.placing() && bits::test(s.blocked[1 - s.to_move], a - remove_base);
    if (a >= place_base) return s.placing() && !bits::test(s.occupied(), a - place_base);
    const int from = a / stride, to = a % stride;
    return !s.placing() && bits::test(s.free(s.to_move), from) && bits::test(destinations(o, s, from), to);
}

uint64_t SchaedlerRules::captures_of(const Options &, const State &s, Action a) {
    if (a >= remove_base) return bits::one<uint64_t>(a - remove_base);
    if (a >= place_base) return 0;  // nothing is blocked while placing
    return new_blocks(s, a / stride, a % stride);
}

void SchaedlerRules::apply(const Options &o, State &s, Action a) {
    const int p = s.to_move, e = 1 - p;
    if (a >= remove_base) {
        const int sq = a - remove_base;
        s.pieces[e] &= ~bits::one<uint64_t>(sq);
        s.blocked[e] &= ~bits::one<uint64_t>(sq);
        s.key ^= piece_key(sq, e, true);
        s.plies_without_capture = 0;
        if (bits::popcount(s.pieces[e]) <= 1) {  // a player reduced to one piece loses
            end_game(s, win_of(p), EndReason::one_piece_left);
            return;
        }
        next_turn(o, s);
        return;
    }
    if (a >= place_base) {
        const int sq = a - place_base;
        s.pieces[p] |= bits::one<uint64_t>(sq);
        s.key ^= piece_key(sq, p, false);
        --s.in_hand[p];
        next_turn(o, s);
        return;
    }
    const int from = a / stride, to = a % stride;
    const uint64_t blocks = new_blocks(s, from, to);
    s.pieces[p] ^= bits::one<uint64_t>(from) | bits::one<uint64_t>(to);
    const SchaedlerKeys &keys = schaedler_keys();
    s.key ^= piece_key(keys, from, p, false) ^ piece_key(keys, to, p, false);
    s.blocked[e] |= blocks;
    s.key ^= keys_of(keys, blocks, e, false) ^ keys_of(keys, blocks, e, true);
    // A blocked piece stays blocked only while two free enemy pieces enclose it in a line. Which
    // pieces go free is decided at once for all, on the position the move leaves (after its
    // blocks): freeing a piece never takes another's freedom away, so nothing further follows.
    const std::array<uint64_t, 2> free_now = {s.free(0), s.free(1)};
    for (const int side : {p, e}) {
        const uint64_t freed = s.blocked[side] & ~enclosed_by(free_now[1 - side]);
        s.blocked[side] &= ~freed;
        s.key ^= keys_of(keys, freed, side, true) ^ keys_of(keys, freed, side, false);
    }
    ++s.plies_without_capture;
    next_turn(o, s);
}

int SchaedlerRules::evaluation(const Options &o, const State &s) {
    const int me = s.to_move, other = 1 - me;
    // A blocked piece is nearly lost: it can be removed at the next turn, unless freed.
    auto material = [&](int p) { return 100 * bits::popcount(s.free(p)) + 35 * bits::popcount(s.blocked[p]); };
    auto mobility = [&](int p) {
        const uint64_t empty = ~s.occupied();
        return bits::popcount(neighbours(s.free(p)) & empty);
    };
    (void)o;
    return material(me) - material(other) + 3 * (mobility(me) - mobility(other));
}

std::string SchaedlerRules::square_name(const Options &, int square) { return squares::name(cols, square); }

std::string SchaedlerRules::action_text(const Options &o, Action a) {
    if (a >= remove_base) return std::string("x").append(square_name(o, a - remove_base));
    if (a >= place_base) return square_name(o, a - place_base);
    return square_name(o, a / stride) + "-" + square_name(o, a % stride);
}

Action SchaedlerRules::parse_action(const Options &, std::string_view text) {
    size_t pos = 0;
    const bool remove = !text.empty() && text[0] == 'x';
    pos += remove ? 1 : 0;
    const int from = squares::read(SchaedlerOptions::rows, cols, text, pos);
    if (from >= 0 && pos == text.size()) return (remove ? remove_base : place_base) + from;
    const bool dash = !remove && pos < text.size() && text[pos] == '-';
    pos += dash ? 1 : 0;
    const int to = dash ? squares::read(SchaedlerOptions::rows, cols, text, pos) : -1;
    if (from < 0 || to < 0 || pos != text.size())
        fail(Status::invalid_move,
             json_util::quote(text) +
                 " is not a move: write FROM-TO (such as b2-b3, or b2-d2 for hops, by the last square), a square to "
                 "place a piece on (such as c4), or x and the square of a blocked piece to remove (such as xd5), "
                 "with squares a1..h8");
    return from * stride + to;
}

LUDUS_COLD json SchaedlerRules::action_json(const Options &o, const State &s, Action a) {
    json j{{"text", action_text(o, a)},
           {"action", a},
           {"player", s.to_move},
           {"captures", json::array()},
           {"blocks", json::array()}};
    if (a >= remove_base) {
        j["captures"].push_back(square_name(o, a - remove_base));
        add_move_fields(j, {"remove", "", "", {square_name(o, a - remove_base)}, 1});
        return j;
    }
    if (a >= place_base) {
        j["to"] = square_name(o, a - place_base);
        add_move_fields(j, {"place", "", square_name(o, a - place_base), {}, 0});
        return j;
    }
    const int from = a / stride, to = a % stride;
    add_move_fields(j, {"move", square_name(o, from), square_name(o, to), {}, 0});
    j["from"] = square_name(o, from);
    j["to"] = square_name(o, to);
    j["hops"] = (neighbours(bits::one<uint64_t>(from)) & bits::one<uint64_t>(to)) == 0;
    for (uint64_t b = new_blocks(s, from, to); b != 0; b &= b - 1)
        j["blocks"].push_back(square_name(o, bits::lowest(b)));
    return j;
}

}  // namespace ludus
