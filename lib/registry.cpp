// The catalogue: every game the library knows, each game's rules bound to its pictures and its
// computer player. A new game is one folder (its rules, pictures and player: docs/adding-a-game.md)
// and one entry in `types`.
#include "registry.hpp"

#include "duodecim/duodecim.hpp"
#include "game.hpp"
#include "json_util.hpp"
#include "latrunculi/latrunculi_choice.hpp"
#include "petteia/petteia.hpp"
#include "rules_choice.hpp"
#include "ur/ur.hpp"
#include "xii_scripta/xii_scripta.hpp"

namespace ludus {

namespace {

// The levels of R's computer player; none in a build without players.
template <class R>
json levels_of() {
#ifdef LUDUS_WITHOUT_PLAYERS
    return {{"levels", json::array()}, {"other_levels", json::array()}, {"default_level", nullptr}};
#else
    return ai_levels<R>();
#endif
}

const json &saved_options(const json &saved) { return json_util::member(saved, "options", "", json::value_t::object); }

struct GameType {
    std::string_view id;
    std::string_view name;
    bool agreed_draws;  // whether ludus_game_agree_draw can end a game of it
    json (*options)();
    json (*render_options)();  // {"svg": ..., "text": ...}, from the specs the pictures check against
    json (*levels)();          // {"levels", "other_levels", "default_level"}, from the computer player's table
    std::unique_ptr<Game> (*create)(const json &);
    std::unique_ptr<Game> (*restore)(const json &);
};

// A game of one rules type G, or of the rules type its options choose (G a RulesChoice:
// rules_choice.hpp); G's Rules names the game (its id, name and options).
template <class G>
GameType bind() {
    if constexpr (RulesChoice<G>) {
        using R = typename G::Rules;
        return {R::id, R::name, R::allows_agreed_draw, &R::options_catalogue, &R::render_options, &levels_of<R>,
                [](const json &options) {
                    return G::with_rules(options, []<class Chosen>(typename Chosen::Options o) -> std::unique_ptr<Game> {
                        return RulesGame<Chosen>::create(services_of<Chosen>(), std::move(o));
                    });
                },
                [](const json &saved) {
                    return G::with_rules(saved_options(saved), [&]<class Chosen>(const typename Chosen::Options &) -> std::unique_ptr<Game> {
                        return RulesGame<Chosen>::restore(services_of<Chosen>(), saved);
                    });
                }};
    } else {
        return {G::id, G::name, G::allows_agreed_draw, &G::options_catalogue, &G::render_options, &levels_of<G>,
                [](const json &options) { return RulesGame<G>::create(services_of<G>(), options); },
                [](const json &saved) { return RulesGame<G>::restore(services_of<G>(), saved); }};
    }
}

const std::vector<GameType> &types() {
    static const std::vector<GameType> all = {
        bind<DuodecimRules>(),
        bind<PetteiaChoice>(),
        bind<XiiScriptaRules>(),
        bind<LatrunculiChoice>(),
        bind<UrRules>(),
    };
    return all;
}

const GameType &find_type(std::string_view id, Status status_if_unknown) {
    for (const GameType &t : types())
        if (t.id == id) return t;
    std::string ids;
    for (const GameType &t : types()) ids += (ids.empty() ? "" : ", ") + std::string(t.id);
    fail(status_if_unknown, "unknown game " + json_util::quote(id) + " (games: " + ids + ")");
}

}  // namespace

json games_catalogue() {
    json out = json::array();
    for (const GameType &t : types()) {
        json entry{{"id", t.id}, {"name", t.name}, {"agreed_draws", t.agreed_draws}, {"options", t.options()}, {"render_options", t.render_options()}};
        entry.update(t.levels());
        out.push_back(std::move(entry));
    }
    return out;
}

std::unique_ptr<Game> new_game(std::string_view id, const json &options) { return find_type(id, Status::unknown_game).create(options); }

std::unique_ptr<Game> game_from_json(const json &state) {
    if (!state.is_object()) fail(Status::bad_json, std::string("a saved state must be a JSON object, not ") + state.type_name());
    json_util::only_keys(state, {"format", "version", "game", "options", "setup", "start", "hand_made_start", "history", "position"}, "");
    if (json_util::member(state, "format", "", json::value_t::string) != "ludus-state")
        fail(Status::invalid_state, "format: must be \"ludus-state\"");
    json_util::integer_member(state, "version", "", 1, state_format_version);
    const std::string id = json_util::member(state, "game", "", json::value_t::string).get<std::string>();
    return find_type(id, Status::invalid_state).restore(state);
}

}  // namespace ludus
