// Petteia: custodian capture on a chequered board of any size (../shared/spec/petteia.md).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "../game.hpp"
#include "../options.hpp"
#include "../rng.hpp"

namespace ludus {

struct PetteiaOptions {
    int rows = 8;
    int cols = 8;
    int draw_plies_without_capture = 0;  // 0 = off
    int draw_repetitions = 0;            // 0 = off
    json resolved;                       // every option as given or defaulted (saved with the game)
};

struct PetteiaState {
    static constexpr int max_side = 26;
    static constexpr int max_squares = max_side * max_side;
    static constexpr int8_t empty = -1;

    std::array<int8_t, max_squares> cells;  // index rank * cols + file; -1 empty, else the owner
    std::array<uint16_t, 2> pieces{};       // pieces on the board per player
    uint8_t to_move = 0;
    Result result = Result::ongoing;
    uint32_t plies_without_capture = 0;
    uint64_t key = 0;                       // Zobrist key of the board and the player to move
    Rng rng;

    bool operator==(const PetteiaState &) const = default;
};

template <class State>
struct LastMove;  // ../rules_game.hpp

struct PetteiaRules {
    using Options = PetteiaOptions;
    using State = PetteiaState;
    static constexpr std::string_view id = "petteia";
    static constexpr std::string_view name = "Petteia";
    static constexpr bool has_dice = false;
    static constexpr bool allows_agreed_draw = true;
    // Actions are from * stride + to.
    static constexpr int action_stride = State::max_squares;

    static const std::vector<OptionSpec> &option_specs();
    static json options_catalogue() { return ludus::options_catalogue(option_specs()); }
    static Options parse_options(const json &given);
    static json options_json(const Options &o) { return o.resolved; }

    static State initial(const Options &o);
    static Phase phase(const State &s) { return s.result == Result::ongoing ? Phase::move : Phase::over; }
    static int to_move(const State &s) { return s.to_move; }
    static Result result(const State &s) { return s.result; }
    static uint64_t key(const State &s) { return s.key; }

    static void legal_actions(const Options &o, const State &s, std::vector<Action> &out);
    static bool has_legal_move(const Options &o, const State &s, int player);
    static bool is_legal(const Options &o, const State &s, Action a);
    static void apply(const Options &o, State &s, Action a);
    // Draw by repetition (applied by the framework, which keeps the earlier positions).
    static int repetition_limit(const Options &o) { return o.draw_repetitions; }
    // Positions before the last capture had more pieces: only the plies since can recur.
    static size_t repetition_window(const State &s) { return s.plies_without_capture; }
    static void declare_repetition_draw(State &s) { s.result = Result::draw; }
    static void agree_draw(State &s) { s.result = Result::draw; }

    static std::string action_text(const Options &o, Action a);
    static Action parse_action(const Options &o, std::string_view text);
    static json action_json(const Options &o, const State &s, Action a);
    // Squares the move captures, in the order up, down, left, right from the landing square.
    static int captures_of(const Options &o, const State &s, Action a, std::array<int, 3> &out);

    static json position_json(const Options &o, const State &s);
    static State position_from_json(const Options &o, const json &j, const std::string &field);

    // Pictures (petteia_render.cpp): options "size", "orientation", "coordinates" (SVG) and
    // "orientation", "coordinates" (text); see ludus_game_render_svg in ludus.h.
    static std::string render_svg(const Options &o, const State &s, const LastMove<State> &last, const json &render_options);
    static std::string render_text(const Options &o, const State &s, const LastMove<State> &last, const json &render_options);

    static std::string square_name(const Options &o, int square);
    static uint64_t square_key(int square, int player);
    static uint64_t side_key();
};

}  // namespace ludus
