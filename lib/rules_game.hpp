// RulesGame<R> turns a game's rules (a struct of static functions over a plain State) into a
// Game: history, undo, saving, restoring with validation and the phase checks live here once.
//
// A Rules type R provides:
//   Options, State (copyable, ==), id, name, has_dice, allows_agreed_draw;
//   json options_catalogue(); Options parse_options(const json&); json options_json(const Options&);
//   State initial(const Options&);
//   Phase phase(const State&); int to_move(const State&); Result result(const State&);
//   void legal_actions(const Options&, const State&, std::vector<Action>&);
//   void apply(const Options&, State&, Action, std::span<const uint64_t> earlier_keys);
//   uint64_t key(const State&);  // identifies a position for repetition counts
//   std::string action_text(const Options&, Action); Action parse_action(const Options&, std::string_view);
//   json action_json(const Options&, const State&, Action);
//   json position_json(const Options&, const State&);
//   State position_from_json(const Options&, const json&, const std::string &field);  // structural checks
//   void agree_draw(State&);
//   optional: json setup_json(const Options&);  // what the options decided before the start
//             (e.g. opening rolls), saved as "setup" and checked on restore
//   with dice: void set_dice(const Options&, State&, std::span<const int>);  // validated
//              std::vector<int> roll(const Options&, State&);  // uses the state's generator
//              json chance_outcomes(const Options&, const State&);
#pragma once

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "game.hpp"
#include "json_util.hpp"

namespace ludus {

// One entry of the history: what happened, and the state before it (undo restores it).
enum class EventKind { move, engine_roll, outside_roll, agreed_draw };

struct Event {
    EventKind kind = EventKind::move;
    Action action = 0;
    std::vector<int> dice;
};

inline constexpr int state_format_version = 1;

template <class R>
class RulesGame final : public Game {
public:
    using Options = typename R::Options;
    using State = typename R::State;
    static constexpr bool has_setup = requires(const Options &o) { R::setup_json(o); };

    RulesGame(Options options, State start) : options_(std::move(options)), start_(start), state_(start) {
        keys_.push_back(R::key(state_));
    }

    static std::unique_ptr<Game> create(const json &options) {
        Options o = R::parse_options(options);
        return std::make_unique<RulesGame>(o, R::initial(o));
    }

    static std::unique_ptr<Game> restore(const json &saved) {
        Options o = R::parse_options(json_util::member(saved, "options", "", json::value_t::object));
        if constexpr (has_setup) {
            if (saved.contains("setup") && saved["setup"] != R::setup_json(o))
                fail(Status::invalid_state, "setup" + json_util::first_difference(saved["setup"], R::setup_json(o)) +
                                                ": differs from what the options decide");
        } else if (saved.contains("setup")) {
            fail(Status::invalid_state, "setup: " + std::string(R::name) + " has no setup");
        }
        State start = R::position_from_json(o, json_util::member(saved, "start", "", json::value_t::object), "start");
        if (R::phase(start) == Phase::over)
            fail(Status::invalid_state, "start.result: a game is never over at its start");
        auto game = std::make_unique<RulesGame>(o, start);
        const json &history = json_util::member(saved, "history", "", json::value_t::array);
        for (size_t i = 0; i < history.size(); ++i) game->replay(history[i], "history[" + std::to_string(i) + "]");
        const json &position = json_util::member(saved, "position", "", json::value_t::object);
        State given = R::position_from_json(o, position, "position");
        if (!(given == game->state_))
            fail(Status::invalid_state, "position" + json_util::first_difference(position, R::position_json(o, game->state_)) +
                                            ": the saved position is not the one its history leads to");
        return game;
    }

    std::string_view id() const override { return R::id; }
    std::unique_ptr<Game> clone() const override { return std::make_unique<RulesGame>(*this); }

    Phase phase() const override { return R::phase(state_); }
    int to_move() const override { return phase() == Phase::over ? -1 : R::to_move(state_); }
    Result result() const override { return R::result(state_); }

    void legal_actions(std::vector<Action> &out) const override {
        out.clear();
        if (phase() == Phase::roll) fail(Status::wrong_phase, "the dice must be rolled first: there are no moves before the roll");
        if (phase() == Phase::over) return;
        R::legal_actions(options_, state_, out);
    }

    void apply_action(Action action) override {
        require_legal(action);
        push(Event{EventKind::move, action, {}});
        R::apply(options_, state_, action, std::span<const uint64_t>(keys_.data(), keys_.size()));
        keys_.push_back(R::key(state_));
    }

    std::string action_text(Action action) const override {
        require_legal(action);
        return R::action_text(options_, action);
    }

    json action_json(Action action) const override {
        require_legal(action);
        return R::action_json(options_, state_, action);
    }

    Action parse_action(std::string_view text) const override { return R::parse_action(options_, text); }

    void undo() override {
        if (history_.empty()) fail(Status::nothing_to_undo, "nothing to undo: the game is at the start of its history");
        state_ = history_.back().first;
        history_.pop_back();
        keys_.pop_back();
    }

    void agree_draw() override {
        if (!R::allows_agreed_draw) fail(Status::wrong_phase, std::string(R::name) + " has no draws");
        if (phase() == Phase::over) fail(Status::game_over, "the game is over: no draw can be agreed");
        push(Event{EventKind::agreed_draw, 0, {}});
        R::agree_draw(state_);
        keys_.push_back(R::key(state_));
    }

    std::vector<int> roll() override {
        require_roll_phase();
        if constexpr (R::has_dice) {
            State before = state_;
            std::vector<int> dice = R::roll(options_, state_);
            history_.emplace_back(before, Event{EventKind::engine_roll, 0, dice});
            keys_.push_back(R::key(state_));
            return dice;
        }
        return {};
    }

    void set_dice(std::span<const int> values) override {
        require_roll_phase();
        if constexpr (R::has_dice) {
            State after = state_;
            R::set_dice(options_, after, values);  // validates before anything changes
            push(Event{EventKind::outside_roll, 0, std::vector<int>(values.begin(), values.end())});
            state_ = after;
            keys_.push_back(R::key(state_));
        }
    }

    json chance_outcomes() const override {
        require_roll_phase();
        if constexpr (R::has_dice) return R::chance_outcomes(options_, state_);
        return json::array();
    }

    json to_json() const override {
        json history = json::array();
        for (const auto &[before, event] : history_) history.push_back(event_json(before, event));
        json out{{"format", "ludus-state"},
                 {"version", state_format_version},
                 {"game", R::id},
                 {"options", R::options_json(options_)},
                 {"start", R::position_json(options_, start_)},
                 {"history", std::move(history)},
                 {"position", R::position_json(options_, state_)}};
        if constexpr (has_setup) out["setup"] = R::setup_json(options_);
        return out;
    }

    // Direct access for code that is written for one game (tests, playouts).
    const Options &options() const { return options_; }
    const State &state() const { return state_; }

private:
    void push(Event event) { history_.emplace_back(state_, std::move(event)); }

    void require_legal(Action action) const {
        if (phase() == Phase::over) fail(Status::game_over, "the game is over: no more moves");
        if (phase() == Phase::roll) fail(Status::wrong_phase, "the dice must be rolled first");
        scratch_.clear();
        R::legal_actions(options_, state_, scratch_);
        if (std::find(scratch_.begin(), scratch_.end(), action) == scratch_.end())
            fail(Status::illegal_move, "action " + std::to_string(action) + " is not a legal move in this position");
    }

    void require_roll_phase() const {
        if constexpr (!R::has_dice) fail(Status::wrong_phase, std::string(R::name) + " is played without dice");
        if (phase() == Phase::over) fail(Status::game_over, "the game is over: no more rolls");
        if (phase() != Phase::roll) fail(Status::wrong_phase, "the dice have been rolled already: play a move");
    }

    static std::string dice_text(const std::vector<int> &dice) {
        std::string text = "roll";
        for (int d : dice) text += " " + std::to_string(d);
        return text;
    }

    json event_json(const State &before, const Event &event) const {
        json entry{{"player", R::to_move(before)}};
        switch (event.kind) {
        case EventKind::move: entry["text"] = R::action_text(options_, event.action); break;
        case EventKind::engine_roll: entry["text"] = dice_text(event.dice); entry["dice_from"] = "engine"; break;
        case EventKind::outside_roll: entry["text"] = dice_text(event.dice); entry["dice_from"] = "outside"; break;
        case EventKind::agreed_draw: entry["text"] = "draw agreed"; break;
        }
        return entry;
    }

    // Replays one saved history entry, checking it against the rules.
    void replay(const json &entry, const std::string &field) {
        if (!entry.is_object()) fail(Status::invalid_state, field + ": must be an object");
        const std::string text = json_util::member(entry, "text", field, json::value_t::string).get<std::string>();
        if (entry.contains("player")) {
            const json &player = entry["player"];
            if (!player.is_number_integer() || player.get<int64_t>() != R::to_move(state_))
                fail(Status::invalid_state, field + ".player: it is player " + std::to_string(R::to_move(state_)) + "'s turn here");
        }
        try {
            if (text == "draw agreed") {
                agree_draw();
            } else if (text.rfind("roll", 0) == 0) {
                std::vector<int> dice = json_util::parse_roll_text(text, field + ".text");
                std::string from = entry.contains("dice_from") && entry["dice_from"].is_string() ? entry["dice_from"].get<std::string>() : "";
                if (from == "engine") {
                    std::vector<int> rolled = roll();
                    if (rolled != dice)
                        fail(Status::invalid_state, "the game's generator rolls " + dice_text(rolled) + " here, not " + text);
                } else if (from == "outside") {
                    set_dice(dice);
                } else {
                    fail(Status::invalid_state, "dice_from must be \"engine\" or \"outside\"");
                }
            } else {
                apply_action(parse_action(text));
            }
        } catch (const Error &e) {
            fail(Status::invalid_state, field + ": " + e.what());
        }
    }

    Options options_;
    State start_;
    State state_;
    std::vector<std::pair<State, Event>> history_;
    std::vector<uint64_t> keys_;  // key of every position since the start, the current one last
    mutable std::vector<Action> scratch_;
};

}  // namespace ludus
