// RulesGame<R> turns a game's rules (a struct of static functions over a plain State) into a
// Game: history, undo, saving, restoring with validation, random playouts and the phase checks
// live here once.
//
// A rules type R is what the concept Rules (rules_concept.hpp) says, checked by the compiler
// where the registry binds it. What the concept cannot say:
//   legal_actions appends to its vector; apply is given a legal action only; position_from_json
//             makes the structural checks (the rest is checked here, by replaying the history);
//   the fast path of callers who search (ludus_game_actions writes straight into the caller's
//             buffer): max_actions is at least the legal actions of any position, and
//             write_actions may scribble past the actions it writes, never past max_actions; the
//             vector form is then append_actions<bound>(out, ...) (game.hpp);
//   the State's end_reason is set with the result by the rules' end_game (the framework's for
//             the draws by agreement and by repetition), written and read by position_json and
//             position_from_json as "end_reason" (end_reason_json, end_reason_from_json);
//   with dice, the engine rolls from the State's rng; dice_count (default 2) is the dice a
//             random playout rolls; set_dice validates;
//   optional: bool is_legal(const Options&, const State&, Action) (faster than listing all);
//             Action random_action(const Options&, const State&, Rng&) (uniform, faster than
//             listing all); std::string ruleset_label(const Options&): every game starts from
//             initial(o), the setup of the ruleset it names, so a saved game with a history must
//             start from that position; json setup_json(const Options&): what the options
//             decided before the start (e.g. opening rolls), saved as "setup" and checked on
//             restore;
//             void apply_seed(Options&): what the seed decides in the options beyond the
//             start's generator (which initial reads from o.resolved.seed()), made again by
//             with_seed; without it the options keep nothing the seed decides;
//   a draw by repetition: key(s) the position, repetition_limit(o) (0 = off),
//             repetition_window(s) (how many earlier positions can recur), or RepeatsSinceCapture;
//   pictures: render_svg / render_text(const Options&, const State&, const LastMove<State>&,
//             const json &render_options), defined with lib/render/ in the game's *_render.cpp and
//             bound, with the computer player, by the registry (Services below): never called here.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstring>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "cold_code.hpp"
#include "game.hpp"
#include "history.hpp"
#include "json_util.hpp"
#include "playout.hpp"
#include "rng.hpp"
#include "rules_concept.hpp"
#include "short_listing.hpp"

namespace ludus {

inline constexpr int state_format_version = 1;

// What the registry (lib/registry.cpp) binds to a game's rules: its pictures (lib/render/ and
// the game's *_render.cpp) and its computer player (*_ai.cpp). The rules know neither, so they
// compile and link without them; a null player is a build without computer players.
template <class R>
struct Services {
    using Options = typename R::Options;
    using State = typename R::State;
    std::string (*render_svg)(const Options &, const State &, const LastMove<State> &, const json &);
    std::string (*render_text)(const Options &, const State &, const LastMove<State> &, const json &);
    json (*ai_choose)(const Options &, const State &, std::span<const uint64_t> earlier_keys, const json &);
};

template <Rules R>
class RulesGame final : public Game {
public:
    using Options = typename R::Options;
    using State = typename R::State;
    static constexpr bool has_setup = requires(const Options &o) { R::setup_json(o); };

    RulesGame(const Services<R> &services, Options options, State start)
        : services_(&services), options_(std::make_shared<const Options>(std::move(options))), start_(start),
          state_(start) {}

    LUDUS_COLD static std::unique_ptr<Game> create(const Services<R> &services, const json &options) {
        return create(services, R::parse_options(options));
    }
    // From options already parsed (the registry parses them once to choose the rules type).
    LUDUS_COLD static std::unique_ptr<Game> create(const Services<R> &services, Options o) {
        const State start = R::initial(o);
        return std::make_unique<RulesGame>(services, std::move(o), start);
    }

    LUDUS_COLD static std::unique_ptr<Game> restore(const Services<R> &services, const json &saved) {
        Options o = R::parse_options(json_util::member(saved, "options", "", json::value_t::object));
        if constexpr (has_setup) {
            if (saved.contains("setup") && saved["setup"] != R::setup_json(o))
                fail(Status::invalid_state, "setup" + json_util::first_difference(saved["setup"], R::setup_json(o)) +
                                                ": differs from what the options decide");
        } else if (saved.contains("setup")) {
            fail(Status::invalid_state, "setup: " + std::string(R::name) + " has no setup");
        }
        const json &start_json = json_util::member(saved, "start", "", json::value_t::object);
        const State start = read_start(o, start_json);
        if (R::phase(start) == Phase::over)
            fail(Status::invalid_state, "start.result: a game is never over at its start");
        const json &history = json_util::member(saved, "history", "", json::value_t::array);
        // A game with a history was played from its ruleset's setup, unless its state says it
        // was played on from a hand-made position; a hand-made position with an empty history
        // may be any position the rules accept.
        const bool hand_made = saved.contains("hand_made_start");
        if (hand_made && saved["hand_made_start"] != true)
            fail(Status::invalid_state, "hand_made_start: true or absent");
        if constexpr (requires { R::ruleset_label(o); }) {
            const State setup = R::initial(o);
            if (hand_made && start == setup)
                fail(Status::invalid_state, "hand_made_start: the start is the setup of " + R::ruleset_label(o));
            if (!hand_made && !history.empty() && !(start == setup))
                fail(Status::invalid_state,
                     "start" + json_util::first_difference(start_json, R::position_json(o, setup)) + ": a game of " +
                         R::ruleset_label(o) + " starts from its setup, and the saved start differs (a game " +
                         "played on from a hand-made position says \"hand_made_start\": true)");
        } else if (hand_made) {
            fail(Status::invalid_state,
                 "hand_made_start: " + std::string(R::name) + " games may start anywhere, and say nothing of it");
        }
        auto game = std::make_unique<RulesGame>(services, o, start);
        if constexpr (HasRepetition<R>) game->replay_window_ = std::make_shared<WindowCounts>();
        for (size_t i = 0; i < history.size(); ++i) game->replay(history[i], "history[" + std::to_string(i) + "]");
        if constexpr (HasRepetition<R>) game->replay_window_.reset();
        const json &position = json_util::member(saved, "position", "", json::value_t::object);
        SavedPosition given = read_position(o, position, "position");
        if (!given.says_end_reason)
            given.state.end_reason = game->state_.end_reason;  // saved before end reasons were written
        if (!(given.state == game->state_))
            fail(Status::invalid_state, "position" +
                                            json_util::first_difference(position, R::position_json(o, game->state_)) +
                                            ": the saved position is not the one its history leads to");
        return game;
    }

    // The saved start; a refusal names the ruleset where the rules have several.
    LUDUS_COLD static State read_start(const Options &o, const json &start_json) {
        try {
            return read_position(o, start_json, "start").state;
        } catch (const Error &e) {
            if constexpr (requires { R::ruleset_label(o); })
                fail(e.status(), std::string(e.what()) + " (in a start of " + R::ruleset_label(o) + ")");
            throw;
        }
    }

    struct SavedPosition {
        State state;
        bool says_end_reason;  // false in states saved before version 1.1 of the library
    };

    // A saved position, read by the rules ("end_reason" too, when it is there).
    LUDUS_COLD static SavedPosition read_position(const Options &o, const json &j, const std::string &field) {
        return {R::position_from_json(o, j, field), j.contains("end_reason")};
    }

    std::string_view id() const override { return R::id; }

    std::unique_ptr<Game> clone() const override {
        history_.share();  // the copy points at the same immutable entries
        return std::make_unique<RulesGame>(*this);
    }

    std::unique_ptr<Game> with_seed(uint64_t seed) const override {
        Options o = *options_;  // shares the resolved options but the seed
        o.resolved.set_seed(seed);
        if constexpr (requires { R::apply_seed(o); }) R::apply_seed(o);
        return create(*services_, std::move(o));
    }

    Phase phase() const override { return R::phase(state_); }
    int to_move() const override { return phase() == Phase::over ? -1 : R::to_move(state_); }
    Result result() const override { return R::result(state_); }
    EndReason end_reason() const override { return state_.end_reason; }

    void legal_actions(std::vector<Action> &out) const override {
        out.clear();
        if (!require_moves()) return;
        R::legal_actions(*options_, state_, out);
        note_listing(out.data(), out.size(), out.size());
    }

    size_t legal_actions(std::span<Action> out) const override {
        if (R::phase(state_) != Phase::move) [[unlikely]]
            return no_moves();
        if constexpr (WritesActions<R>) {
            if (out.size() >= R::max_actions(*options_))
                return note_listing(out.data(), R::write_actions(*options_, state_, out.data()), out.size());
            scratch_.resize(R::max_actions(*options_));  // a small buffer: listed aside, copied if they fit
            scratch_.resize(R::write_actions(*options_, state_, scratch_.data()));
        } else {
            scratch_.clear();
            R::legal_actions(*options_, state_, scratch_);
        }
        note_listing(scratch_.data(), scratch_.size(), scratch_.size());
        if (scratch_.size() <= out.size()) std::copy(scratch_.begin(), scratch_.end(), out.begin());
        return scratch_.size();
    }

    // The fast path: an action of the remembered listing; any other is checked out of line.
    void apply_action(Action action) override {
        if (R::phase(state_) != Phase::move || !listed_.holds(action, changes_)) [[unlikely]]
            return apply_unlisted(action);
        advance<R>(*options_, state_, action, *this);
    }

    LUDUS_COLD std::string action_text(Action action) const override {
        require_legal(action);
        return R::action_text(*options_, action);
    }

    LUDUS_COLD json action_json(Action action) const override {
        require_legal(action);
        return R::action_json(*options_, state_, action);
    }

    Action parse_action(std::string_view text) const override { return R::parse_action(*options_, text); }

    void undo() override {
        if (history_.empty()) fail(Status::nothing_to_undo, "nothing to undo: the game is at the start of its history");
        ++changes_;
        state_ = history_.pop().before;
    }

    LUDUS_COLD void apply_event(const json &event, const std::string &field) override { perform_event(event, field); }

    LUDUS_COLD void agree_draw() override {
        if (!R::allows_agreed_draw) fail(Status::wrong_phase, std::string(R::name) + " has no draws");
        if (phase() == Phase::over) fail(Status::game_over, "the game is over: no draw can be agreed");
        record(state_, Event{Event::Kind::agreed_draw});
        end_game(state_, Result::draw, EndReason::agreed_draw);
    }

    size_t roll_into(std::span<int, max_dice> out) override {
        require_roll_phase();
        if constexpr (R::has_dice) {
            static_assert(dice_count_of<R>() <= static_cast<int>(max_dice));
            const size_t n = static_cast<size_t>(dice_in_roll<R>(*options_));
            Rng rng = state_.rng;
            for (size_t i = 0; i < n; ++i) out[i] = roll_die<R>(rng);
            record(state_, Event::roll(Event::Kind::engine_roll, out.first(n)));
            state_.rng = rng;
            R::set_dice(*options_, state_, out.first(n));  // dice of the game's own generator are valid
            return n;
        }
        return 0;
    }

    void set_dice(std::span<const int> values) override {
        require_roll_phase();
        if constexpr (R::has_dice) {
            State after = state_;
            R::set_dice(*options_, after, values);  // validates before anything changes
            record(state_, Event::roll(Event::Kind::outside_roll, values));
            state_ = after;
        }
    }

    LUDUS_COLD json chance_outcomes() const override {
        require_roll_phase();
        if constexpr (R::has_dice) return R::chance_outcomes(*options_, state_);
        return json::array();
    }

    PlayoutResult random_playout(uint64_t seed, uint32_t max_plies) override {
        if (phase() == Phase::over) fail(Status::game_over, "the game is over: nothing to play out");
        Rng rng{seed};
        scratch_.reserve(256);  // a fresh clone has none: not grown move by move
        return play_randomly<R>(*options_, state_, rng, max_plies, scratch_, *this);
    }

    void random_playouts(uint64_t seed, uint32_t max_plies, std::span<PlayoutResult> out) const override {
        if (out.empty()) return;
        if (phase() == Phase::over) fail(Status::game_over, "the game is over: nothing to play out");
        PlayoutLog<R, RulesGame> log(*this, *options_);
        std::vector<Action> buffer;
        if constexpr (!requires(Rng & rng) { R::random_action(*options_, state_, rng); }) buffer.reserve(256);
        for (size_t i = 0; i < out.size(); ++i) {
            State s = state_;
            Rng rng{seed + i};
            log.keys.clear();
            out[i] = play_randomly<R>(*options_, s, rng, max_plies, buffer, log);
        }
    }

    LUDUS_COLD json to_json() const override {
        json history = json::array();
        for (size_t i = 0; i < history_.size(); ++i)
            history.push_back(event_json(history_[i].before, history_[i].event));
        json out{{"format", "ludus-state"},
                 {"version", state_format_version},
                 {"game", R::id},
                 {"options", R::options_json(*options_)},
                 {"start", R::position_json(*options_, start_)},
                 {"history", std::move(history)},
                 {"position", R::position_json(*options_, state_)}};
        if constexpr (has_setup) out["setup"] = R::setup_json(*options_);
        if (hand_made_start()) out["hand_made_start"] = true;
        return out;
    }

    // A game of a ruleset that started elsewhere than its setup: from a hand-made position.
    bool hand_made_start() const {
        if constexpr (requires(const Options &o) { R::ruleset_label(o); })
            return !(start_ == R::initial(*options_));
        else
            return false;
    }

    LUDUS_COLD json position_json() const override { return R::position_json(*options_, state_); }

    // Pictures of the current state and the last move, as bound by the registry.
    LUDUS_COLD std::string render_svg(const json &render_options) const override {
        return services_->render_svg(*options_, state_, history_.last_move(), render_options);
    }
    LUDUS_COLD std::string render_text(const json &render_options) const override {
        return services_->render_text(*options_, state_, history_.last_move(), render_options);
    }

    // The computer player bound by the registry, told the earlier positions that can recur.
    LUDUS_COLD json ai_choose(const json &ai_options) const override {
        if (services_->ai_choose == nullptr)
            fail(Status::internal, "this build of the library has no computer players");
        std::vector<uint64_t> earlier;
        if constexpr (HasRepetition<R>)
            for (size_t i = history_.size() - std::min(history_.size(), R::repetition_window(state_));
                 i < history_.size(); ++i)
                earlier.push_back(R::key(history_[i].before));
        return services_->ai_choose(*options_, state_, earlier, ai_options);
    }

    // Direct access for code that is written for one game (tests, playouts).
    const Options &options() const { return *options_; }
    const State &state() const { return state_; }

    // The recorder interface of advance() and play_randomly(). Every change of the state but
    // undo is recorded first, so this is where the state's change count moves.
    [[gnu::always_inline]] void record(const State &before, const Event &event) {
        ++changes_;
        history_.push(before, event);
    }
    size_t count_recent(uint64_t key, size_t window) const {
        size_t n = 0;
        if constexpr (HasRepetition<R>) {
            if (replay_window_) return replay_window_->count(history_, key, window);
            for (size_t i = history_.size(); i > 0 && window > 0; --i, --window)
                n += R::key(history_[i - 1].before) == key;
        }
        return n;
    }

private:
    void require_legal(Action action) const {
        if (R::phase(state_) != Phase::move || !is_legal(action)) [[unlikely]]
            not_legal(action);
    }

    [[gnu::noinline]] void apply_unlisted(Action action) {
        require_legal(action);
        advance<R>(*options_, state_, action, *this);
    }

    // Why there are no moves: wrong_phase before the roll, none (0) when the game is over.
    [[gnu::cold, gnu::noinline]] size_t no_moves() const {
        require_moves();
        return 0;
    }

    [[noreturn, gnu::cold, gnu::noinline]] void not_legal(Action action) const {
        if (phase() == Phase::over) fail(Status::game_over, "the game is over: no more moves");
        if (phase() == Phase::roll) fail(Status::wrong_phase, "the dice must be rolled first");
        fail(Status::illegal_move, "action " + std::to_string(action) + " is not a legal move in this position");
    }

    // Remembers a short listing (ShortListing) for the state as it is now; returns n.
    size_t note_listing(const Action *actions, size_t n, size_t readable) const {
        listed_.note(actions, n, readable, changes_);
        return n;
    }

    bool is_legal(Action action) const {
        if (listed_.remembers(changes_)) return listed_.holds(action, changes_);
        if constexpr (requires { R::is_legal(*options_, state_, action); }) {
            return R::is_legal(*options_, state_, action);
        } else {
            scratch_.clear();
            R::legal_actions(*options_, state_, scratch_);
            return std::find(scratch_.begin(), scratch_.end(), action) != scratch_.end();
        }
    }

    // False when the game is over (no moves); wrong_phase before the roll.
    bool require_moves() const {
        if (phase() == Phase::roll)
            fail(Status::wrong_phase, "the dice must be rolled first: there are no moves before the roll");
        return phase() != Phase::over;
    }

    // Inline (every roll passes here); the messages are built out of line.
    void require_roll_phase() const {
        if (!R::has_dice || R::phase(state_) != Phase::roll) [[unlikely]]
            not_roll_phase();
    }

    [[noreturn, gnu::cold, gnu::noinline]] void not_roll_phase() const {
        if (!R::has_dice) fail(Status::wrong_phase, std::string(R::name) + " is played without dice");
        if (phase() == Phase::over) fail(Status::game_over, "the game is over: no more rolls");
        fail(Status::wrong_phase, "the dice have been rolled already: play a move");
    }

    LUDUS_COLD static std::string dice_text(std::span<const int> dice) {
        std::string text = "roll";
        for (int d : dice) text.append(" ").append(std::to_string(d));
        return text;
    }

    LUDUS_COLD json event_json(const State &before, const Event &event) const {
        json entry{{"player", R::to_move(before)}};
        std::vector<int> dice(event.dice.begin(), event.dice.begin() + event.dice_count);
        switch (event.kind) {
        case Event::Kind::move: entry["text"] = R::action_text(*options_, event.action); break;
        case Event::Kind::engine_roll:
            entry["text"] = dice_text(dice);
            entry["dice_from"] = "engine";
            break;
        case Event::Kind::outside_roll:
            entry["text"] = dice_text(dice);
            entry["dice_from"] = "outside";
            break;
        case Event::Kind::agreed_draw: entry["text"] = "draw agreed"; break;
        }
        return entry;
    }

    // Replays one saved history entry, checking it against the rules: every refusal is
    // invalid_state (the saved state is inconsistent), naming `field`.
    LUDUS_COLD void replay(const json &entry, const std::string &field) {
        perform_event(entry, field, Status::invalid_state);
    }

    // One entry of a saved history ({"player", "text", "dice_from"}, as event_json writes it)
    // done on the game; nothing changes on failure. An entry not of that form, or a roll of the
    // engine that the game's generator does not repeat, is invalid_state; what the rules refuse
    // keeps the rules' status unless `rules_status` says otherwise (replay: invalid_state).
    LUDUS_COLD void perform_event(const json &entry, const std::string &field,
                                  std::optional<Status> rules_status = std::nullopt) {
        if (!entry.is_object()) fail(Status::invalid_state, field + ": must be an object");
        json_util::only_keys(entry, {"player", "text", "dice_from"}, field);
        const std::string text = json_util::member(entry, "text", field, json::value_t::string).get<std::string>();
        if (entry.contains("player")) {
            const json &player = entry["player"];
            if (!player.is_number_integer() || player.get<int64_t>() != R::to_move(state_))
                fail(Status::invalid_state,
                     field + ".player: it is player " + std::to_string(R::to_move(state_)) + "'s turn here");
        }
        try {
            if (text == "draw agreed") {
                agree_draw();
            } else if (text.rfind("roll", 0) == 0) {
                replay_roll(entry, text, field);
            } else {
                apply_action(parse_action(text));
            }
        } catch (const Error &e) { fail(rules_status.value_or(e.status()), field + ": " + e.what()); }
    }

    // A roll's entry: the engine's dice rolled again by the game's generator, or dice from
    // outside set.
    LUDUS_COLD void replay_roll(const json &entry, const std::string &text, const std::string &field) {
        std::vector<int> dice = json_util::parse_roll_text(text, field + ".text");
        std::string from =
            entry.contains("dice_from") && entry["dice_from"].is_string() ? entry["dice_from"].get<std::string>() : "";
        if (from == "engine") {
            std::vector<int> rolled = roll();
            if (rolled != dice) {
                undo();  // the roll just made: the game stays as it was
                fail(Status::invalid_state,
                     "the game's generator rolls " + dice_text(rolled) + " here, not " + json_util::quote(text));
            }
        } else if (from == "outside") {
            set_dice(dice);
        } else {
            fail(Status::invalid_state, "dice_from must be \"engine\" or \"outside\"");
        }
    }

    // While a saved game is replayed: how often each key occurs in the repetition window, kept
    // as the window grows by a ply, so that replaying n quiet plies costs O(n) and not O(n^2)
    // (the fuzz corpus's Schaedler game of 10,861 plies took 10 s and more to load under the
    // fuzzer's instrumentation, most of it in the scan of count_recent).
    struct WindowCounts {
        std::unordered_map<uint64_t, uint32_t> counts;
        size_t window = 0, history_size = 0;  // the last `window` entries of a history of this size

        size_t count(const History<State> &history, uint64_t key, size_t new_window) {
            new_window = std::min(new_window, history.size());
            if (history.size() == history_size + 1 && new_window == window + 1) {
                ++counts[R::key(history[history.size() - 1].before)];
            } else if (history.size() != history_size || new_window != window) {  // a capture, or any other change
                counts.clear();
                for (size_t i = history.size() - new_window; i < history.size(); ++i)
                    ++counts[R::key(history[i].before)];
            }
            window = new_window, history_size = history.size();
            const auto found = counts.find(key);
            return found == counts.end() ? 0 : found->second;
        }
    };

    const Services<R> *services_;             // the registry's, which outlive every game
    std::shared_ptr<const Options> options_;  // shared by clones: cloning copies no options
    State start_;
    State state_;
    History<State> history_;
    mutable std::vector<Action> scratch_;
    uint64_t changes_ = 0;  // how many times the state has changed (note_listing's clock)
    mutable ShortListing listed_;
    std::shared_ptr<WindowCounts> replay_window_;  // only while from_json replays the history (null in any copy)
};

}  // namespace ludus
