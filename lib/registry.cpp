// The catalogue: every game the library knows. A new game adds one line to `types`.
#include "duodecim/duodecim.hpp"
#include "game.hpp"
#include "json_util.hpp"
#include "latrunculi/latrunculi.hpp"
#include "petteia/petteia.hpp"
#include "rules_game.hpp"
#include "xii_scripta/xii_scripta.hpp"

namespace ludus {

namespace {

struct GameType {
    std::string_view id;
    std::string_view name;
    bool agreed_draws;  // whether ludus_game_agree_draw can end a game of it
    json (*options)();
    std::unique_ptr<Game> (*create)(const json &);
    std::unique_ptr<Game> (*restore)(const json &);
};

template <class R>
GameType type_of() {
    return {R::id, R::name, R::allows_agreed_draw, &R::options_catalogue, &RulesGame<R>::create, &RulesGame<R>::restore};
}

const std::vector<GameType> &types() {
    static const std::vector<GameType> all = {type_of<DuodecimRules>(), {PetteiaRules::id, PetteiaRules::name, PetteiaRules::allows_agreed_draw, &PetteiaRules::options_catalogue, &create_petteia, &restore_petteia},
                                                type_of<XiiScriptaRules>(),
        {LatrunculiRules::id, LatrunculiRules::name, LatrunculiRules::allows_agreed_draw, &LatrunculiRules::options_catalogue, &create_latrunculi, &restore_latrunculi}};
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
    for (const GameType &t : types()) out.push_back({{"id", t.id}, {"name", t.name}, {"agreed_draws", t.agreed_draws}, {"options", t.options()}});
    return out;
}

std::unique_ptr<Game> new_game(std::string_view id, const json &options) { return find_type(id, Status::unknown_game).create(options); }

std::unique_ptr<Game> game_from_json(const json &state) {
    if (!state.is_object()) fail(Status::bad_json, std::string("a saved state must be a JSON object, not ") + state.type_name());
    json_util::only_keys(state, {"format", "version", "game", "options", "setup", "start", "history", "position"}, "");
    if (json_util::member(state, "format", "", json::value_t::string) != "ludus-state")
        fail(Status::invalid_state, "format: must be \"ludus-state\"");
    json_util::integer_member(state, "version", "", 1, state_format_version);
    const std::string id = json_util::member(state, "game", "", json::value_t::string).get<std::string>();
    return find_type(id, Status::invalid_state).restore(state);
}

}  // namespace ludus
