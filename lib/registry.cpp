// The catalogue: every game the library knows, each game's rules bound to its pictures and its
// computer player. A new game is one folder (its rules, pictures and player: docs/adding-a-game.md)
// and one entry in RegisteredGames (registry_games.hpp). All of it is cold (the catalogue, a new or
// restored game: lib/cold_code.hpp) but the games' own members, which RulesGame marks itself.
#include "registry.hpp"

#include "cold_code.hpp"
#include "game.hpp"
#include "json_util.hpp"
#include "playout.hpp"
#include "registry_games.hpp"
#include "rules_choice.hpp"

namespace ludus {

namespace {

// The levels of R's computer player; none in a build without players.
template <class R>
LUDUS_COLD json levels_of() {
#ifdef LUDUS_WITHOUT_PLAYERS
    return {{"levels", json::array()},
            {"other_levels", json::array()},
            {"default_level", nullptr},
            {"search_values", json::object()}};
#else
    return ai_levels<R>();
#endif
}

LUDUS_COLD const json &saved_options(const json &saved) {
    return json_util::member(saved, "options", "", json::value_t::object);
}

// The board and the dice of a game of rules R with options `o` (the catalogue's "board" and
// "dice": null for a game without dice).
template <class R>
LUDUS_COLD json board_and_dice(const typename R::Options &o) {
    json out{{"board", R::board_json(o)}, {"dice", nullptr}};
    if constexpr (R::has_dice) {
        const auto [lowest, highest] = die_faces<R>();
        json faces = json::array();
        for (int face = lowest; face <= highest; ++face) faces.push_back(face);
        out["dice"] = {{"kind", R::dice_kind}, {"count", dice_in_roll<R>(o)}, {"faces", std::move(faces)}};
    }
    return out;
}

// What the catalogue says of the game of G (its Rules, or the rules its options choose) besides
// its options: its kind, the board and dice of its default options, and its rulesets (where it
// has several), each with its source and the board and dice of its own defaults. Read from the
// rules themselves; the seed is fixed so that no seed is drawn.
template <class G>
LUDUS_COLD json facts_of() {
    auto board_and_dice_of = [](json options) LUDUS_COLD {
        options["seed"] = 0;
        if constexpr (RulesChoice<G>)
            return G::with_rules(options, []<class Chosen>(typename Chosen::Options o)
                                              LUDUS_COLD { return board_and_dice<Chosen>(o); });
        else
            return board_and_dice<G>(G::parse_options(options));
    };
    using R = typename NamingRules<G>::type;
    json out = board_and_dice_of(json::object());
    out["kind"] = R::kind;
    out["rulesets"] = json::array();
    if constexpr (requires { R::rulesets_json(); }) {
        for (json ruleset : R::rulesets_json()) {
            ruleset.update(board_and_dice_of({{"ruleset", ruleset["id"]}}));
            out["rulesets"].push_back(std::move(ruleset));
        }
    }
    return out;
}

struct GameType {
    std::string_view id;
    std::string_view name;
    bool agreed_draws;  // whether ludus_game_agree_draw can end a game of it
    json (*options)();
    json (*render_options)();  // {"svg": ..., "text": ...}, from the specs the pictures check against
    json (*levels)();  // {"levels", "other_levels", "default_level", "search_values"}, from the computer player's table
    json (*facts)();   // {"kind", "board", "dice", "rulesets"}: facts_of
    std::unique_ptr<Game> (*create)(const json &);
    std::unique_ptr<Game> (*restore)(const json &);
};

// A game of one rules type G, or of the rules type its options choose (G a RulesChoice:
// rules_choice.hpp); G's Rules names the game (its id, name and options).
template <class G>
LUDUS_COLD GameType bind() {
    using R = typename NamingRules<G>::type;
    GameType type{
        R::id,   R::name, R::allows_agreed_draw, &R::options_catalogue, &R::render_options, &levels_of<R>, &facts_of<G>,
        nullptr, nullptr};
    if constexpr (RulesChoice<G>) {
        type.create = [](const json &options) LUDUS_COLD {
            return G::with_rules(options,
                                 []<class Chosen>(typename Chosen::Options o) LUDUS_COLD -> std::unique_ptr<Game> {
                                     return RulesGame<Chosen>::create(services_of<Chosen>(), std::move(o));
                                 });
        };
        type.restore = [](const json &saved) LUDUS_COLD {
            return G::with_rules(saved_options(saved),
                                 [&]<class Chosen>(const typename Chosen::Options &)
                                     LUDUS_COLD -> std::unique_ptr<Game> {
                                         return RulesGame<Chosen>::restore(services_of<Chosen>(), saved);
                                     });
        };
    } else {
        type.create = [](const json &options) LUDUS_COLD { return RulesGame<G>::create(services_of<G>(), options); };
        type.restore = [](const json &saved) LUDUS_COLD { return RulesGame<G>::restore(services_of<G>(), saved); };
    }
    return type;
}

template <class... G>
LUDUS_COLD std::vector<GameType> bind_all(GameList<G...>) {
    return {bind<G>()...};
}

LUDUS_COLD const std::vector<GameType> &types() {
    static const std::vector<GameType> all = bind_all(RegisteredGames{});
    return all;
}

LUDUS_COLD const GameType &find_type(std::string_view id, Status status_if_unknown) {
    for (const GameType &t : types())
        if (t.id == id) return t;
    std::string ids;
    for (const GameType &t : types()) ids += (ids.empty() ? "" : ", ") + std::string(t.id);
    fail(status_if_unknown, "unknown game " + json_util::quote(id) + " (games: " + ids + ")");
}

}  // namespace

LUDUS_COLD json games_catalogue() {
    json out = json::array();
    for (const GameType &t : types()) {
        json entry{{"id", t.id},
                   {"name", t.name},
                   {"agreed_draws", t.agreed_draws},
                   {"options", t.options()},
                   {"render_options", t.render_options()}};
        entry.update(t.levels());
        entry.update(t.facts());
        out.push_back(std::move(entry));
    }
    return out;
}

LUDUS_COLD std::unique_ptr<Game> new_game(std::string_view id, const json &options) {
    return find_type(id, Status::unknown_game).create(options);
}

LUDUS_COLD std::unique_ptr<Game> game_from_json(const json &state) {
    if (!state.is_object())
        fail(Status::bad_json, std::string("a saved state must be a JSON object, not ") + state.type_name());
    json_util::only_keys(
        state, {"format", "version", "game", "options", "setup", "start", "hand_made_start", "history", "position"},
        "");
    if (json_util::member(state, "format", "", json::value_t::string) != "ludus-state")
        fail(Status::invalid_state, "format: must be \"ludus-state\"");
    json_util::integer_member(state, "version", "", 1, state_format_version);
    const std::string id = json_util::member(state, "game", "", json::value_t::string).get<std::string>();
    return find_type(id, Status::invalid_state).restore(state);
}

}  // namespace ludus
