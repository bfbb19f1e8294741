// The catalogue: every game the library knows, each game's rules bound to its pictures and its
// computer player. A new game is one folder (its rules, pictures and player) and one entry in
// `types`.
#include "registry.hpp"

#include "duodecim/duodecim.hpp"
#include "game.hpp"
#include "json_util.hpp"
#include "latrunculi/latrunculi.hpp"
#include "latrunculi/schaedler.hpp"
#include "petteia/petteia.hpp"
#include "ur/ur.hpp"
#include "xii_scripta/xii_scripta.hpp"
#ifndef LUDUS_WITHOUT_PLAYERS
#include "ai/ai.hpp"
#endif

namespace ludus {

template <class R>
const Services<R> &services_of() {
#ifdef LUDUS_WITHOUT_PLAYERS
    static const Services<R> bound{&R::render_svg, &R::render_text, nullptr};
#else
    static const Services<R> bound{&R::render_svg, &R::render_text, &ai_choose<R>};
#endif
    return bound;
}

// The levels of R's computer player; none in a build without players.
template <class R>
json levels_of() {
#ifdef LUDUS_WITHOUT_PLAYERS
    return {{"levels", json::array()}, {"other_levels", json::array()}, {"default_level", nullptr}};
#else
    return ai_levels<R>();
#endif
}

template const Services<DuodecimRules> &services_of<DuodecimRules>();
template const Services<PetteiaRules> &services_of<PetteiaRules>();
template const Services<PetteiaBitRules> &services_of<PetteiaBitRules>();
template const Services<LatrunculiRules> &services_of<LatrunculiRules>();
template const Services<LatrunculiWideRules> &services_of<LatrunculiWideRules>();
template const Services<SchaedlerRules> &services_of<SchaedlerRules>();
template const Services<XiiScriptaRules> &services_of<XiiScriptaRules>();
template const Services<UrRules> &services_of<UrRules>();

namespace {

template <class R>
std::unique_ptr<Game> create(const json &options) {
    return RulesGame<R>::create(services_of<R>(), options);
}

template <class R>
std::unique_ptr<Game> create_parsed(typename R::Options o) {
    return RulesGame<R>::create(services_of<R>(), std::move(o));
}

template <class R>
std::unique_ptr<Game> restore(const json &saved) {
    return RulesGame<R>::restore(services_of<R>(), saved);
}

const json &saved_options(const json &saved) { return json_util::member(saved, "options", "", json::value_t::object); }

// Petteia on bitboards where the board fits in 64 squares.
std::unique_ptr<Game> create_petteia(const json &options) {
    PetteiaOptions o = PetteiaRules::parse_options(options);  // parsed once, for the choice and the game
    return o.bits ? create_parsed<PetteiaBitRules>(std::move(o)) : create_parsed<PetteiaRules>(std::move(o));
}

std::unique_ptr<Game> restore_petteia(const json &saved) {
    return PetteiaRules::parse_options(saved_options(saved)).bits ? restore<PetteiaBitRules>(saved) : restore<PetteiaRules>(saved);
}

// Latrunculi: Schaedler's rulesets have rules of their own; the others 64-bit boards where
// they fit, 128-bit ones for Kowalski's larger boards.
bool is_schaedler(const json &options) {
    return options.is_object() && options.contains("ruleset") && options["ruleset"].is_string() &&
           find_schaedler_ruleset(options["ruleset"].get<std::string>()) != nullptr;
}

bool fits_64_squares(const LatrunculiOptions &o) { return o.rows * o.cols <= 64; }

std::unique_ptr<Game> create_latrunculi(const json &options) {
    if (is_schaedler(options)) return create<SchaedlerRules>(options);
    LatrunculiOptions o = LatrunculiRules::parse_options(options);  // parsed once, for the choice and the game
    return fits_64_squares(o) ? create_parsed<LatrunculiRules>(std::move(o)) : create_parsed<LatrunculiWideRules>(std::move(o));
}

std::unique_ptr<Game> restore_latrunculi(const json &saved) {
    if (saved.is_object() && saved.contains("options") && is_schaedler(saved["options"])) return restore<SchaedlerRules>(saved);
    return fits_64_squares(LatrunculiRules::parse_options(saved_options(saved))) ? restore<LatrunculiRules>(saved) : restore<LatrunculiWideRules>(saved);
}

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

// A game of one rules type; Rules names the game (its id, name and options) where several
// rules types play it.
template <class Rules>
GameType type_of(std::unique_ptr<Game> (*create_game)(const json &) = &create<Rules>,
                 std::unique_ptr<Game> (*restore_game)(const json &) = &restore<Rules>) {
    return {Rules::id, Rules::name, Rules::allows_agreed_draw, &Rules::options_catalogue, &Rules::render_options, &levels_of<Rules>, create_game,
            restore_game};
}

const std::vector<GameType> &types() {
    static const std::vector<GameType> all = {
        type_of<DuodecimRules>(),
        type_of<PetteiaRules>(&create_petteia, &restore_petteia),
        type_of<XiiScriptaRules>(),
        type_of<LatrunculiRules>(&create_latrunculi, &restore_latrunculi),
        type_of<UrRules>(),
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
