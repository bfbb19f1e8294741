// Speed of libludus: random playouts through the C++ core, through the C ABI step by step,
// and through ludus_game_random_playout; Petteia move counting (perft); bytes per handle.
// Run by `meson test --benchmark` or alone: bench [seconds per measurement] [runs] [duodecim: its paths only]
// Random play: a uniformly random legal move (and random dice) until the end of the game,
// or a cap of 10,000 plies, counted as a draw and reported.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <new>
#include <string>
#include <vector>

#ifdef __linux__
#  include <sched.h>
#endif
#ifdef __GLIBC__
#  include <malloc.h>
#endif

#include "duodecim/duodecim.hpp"
#include "latrunculi/latrunculi.hpp"
#include "latrunculi/schaedler.hpp"
#include "ludus/ludus.h"
#include "petteia/petteia.hpp"
#include "rules_game.hpp"
#include "xii_scripta/xii_scripta.hpp"

// The replacements below pair malloc with free; GCC cannot see that through inlining.
#if defined(__GNUC__) && !defined(__clang__)
#  pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
// Counts the heap bytes of the whole process (the library included), for bytes per handle.
static std::atomic<size_t> heap_bytes{0};
void *operator new(size_t n) {
    heap_bytes += n;
    if (void *p = std::malloc(n)) return p;
    throw std::bad_alloc();
}
void operator delete(void *p) noexcept { std::free(p); }
void operator delete(void *p, size_t) noexcept { std::free(p); }

using namespace ludus;

namespace {

constexpr uint32_t ply_cap = 10000;
double seconds_per_run = 1.0;
int runs = 5;

struct Rate {
    double plies_per_s, games_per_s;
    uint64_t capped;  // games that reached the cap
};

// One run: `one_game(seed)` (returning {plies, capped}) with seeds from `first_seed` on,
// repeatedly for the time of a run.
template <class OneGame>
Rate timed_run(OneGame &one_game, uint64_t first_seed) {
    uint64_t plies = 0, games = 0, capped = 0, seed = first_seed;
    const auto start = std::chrono::steady_clock::now();
    double elapsed = 0;
    do {
        for (int i = 0; i < 16; ++i, ++games) {
            auto [n, cap] = one_game(seed++);
            plies += n;
            capped += cap;
        }
        elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    } while (elapsed < seconds_per_run);
    return {plies / elapsed, games / elapsed, capped};
}

Rate median(std::vector<Rate> rates) {
    std::sort(rates.begin(), rates.end(), [](const Rate &a, const Rate &b) { return a.plies_per_s < b.plies_per_s; });
    return rates[rates.size() / 2];
}

// The median of `runs` runs.
template <class OneGame>
Rate measure(OneGame one_game) {
    std::vector<Rate> rates;
    for (int r = 0; r < runs; ++r) rates.push_back(timed_run(one_game, 1));
    return median(rates);
}

using OneGame = std::function<std::pair<uint64_t, uint64_t>(uint64_t)>;

// Ways compared: their runs alternate (so that the machine's slow and fast spells fall on all
// alike) and play the same seeds; the median of each.
std::vector<Rate> measure_alternating(std::vector<OneGame> ways) {
    std::vector<std::vector<Rate>> rates(ways.size());
    for (int r = 0; r < runs; ++r)
        for (size_t w = 0; w < ways.size(); ++w) rates[w].push_back(timed_run(ways[w], 1));
    std::vector<Rate> medians;
    for (auto &r : rates) medians.push_back(median(r));
    return medians;
}

// Two ways compared, alternating likewise.
template <class A, class B>
std::pair<Rate, Rate> measure_pair(A a, B b) {
    const std::vector<Rate> r = measure_alternating({a, b});
    return {r[0], r[1]};
}

void report(const char *game, const char *path, Rate r, double core = 0, double listing = 0) {
    std::printf("%-9s %-30s %12.0f plies/s %10.0f games/s  capped %llu", game, path, r.plies_per_s, r.games_per_s,
                static_cast<unsigned long long>(r.capped));
    if (core > 0) std::printf("  %4.0f %% of the core", 100.0 * r.plies_per_s / core);
    if (listing > 0) std::printf(", %4.0f %% of the listing core", 100.0 * r.plies_per_s / listing);
    std::printf("\n");
}

// A measured game through the core: the start and a generator for the seed, the key log
// emptied, then play(state, rng, actions, log) gives {plies, capped}.
template <class R, class Play>
auto core_game_by(const typename R::Options &o, Play play) {
    return [&o, play, actions = std::vector<Action>(4096), log = KeyLog<R>{}](uint64_t seed) mutable {
        typename R::State s = R::initial(o);
        Rng rng{seed};
        log.keys.clear();
        return play(s, rng, actions, log);
    };
}

// Through the core: the rules on a plain state, no history.
template <class R>
auto core_game(const typename R::Options &o) {
    return core_game_by<R>(o, [&o](typename R::State &s, Rng &rng, std::vector<Action> &buffer, KeyLog<R> &log) {
        PlayoutResult p = play_randomly<R>(o, s, rng, ply_cap, buffer, log);
        return std::pair<uint64_t, uint64_t>{p.plies, p.result == Result::ongoing};
    });
}

template <class R>
Rate core_playouts(const typename R::Options &o) {
    return measure(core_game<R>(o));
}

// Through the core, choosing like a C ABI caller: list every legal move, pick one.
template <class R>
auto core_listing_game(const typename R::Options &o) {
    return core_game_by<R>(o, [&o](typename R::State &s, Rng &rng, std::vector<Action> &moves, KeyLog<R> &log) {
        uint64_t plies = 0;
        for (; R::phase(s) != Phase::over && plies < ply_cap; ++plies) {
            if constexpr (R::has_dice) {
                if (R::phase(s) == Phase::roll) {
                    std::array<int, 2> dice{rng.die(), rng.die()};
                    R::set_dice(o, s, dice);
                    --plies;
                    continue;
                }
            }
            moves.clear();
            R::legal_actions(o, s, moves);
            advance<R>(o, s, moves[rng.below(static_cast<uint32_t>(moves.size()))], log);
        }
        return std::pair<uint64_t, uint64_t>{plies, plies >= ply_cap};
    });
}

ludus_game *new_game(const char *id, const char *options) {
    ludus_game *g = nullptr;
    if (ludus_game_new(id, options, &g) != LUDUS_OK) {
        std::fprintf(stderr, "ludus_game_new: %s\n", ludus_last_error());
        std::exit(1);
    }
    return g;
}

// Through the C ABI, one call per step: actions, a random choice, apply_action (and roll).
// A game to clone for each playout (as a searching program does): options are read once.
std::shared_ptr<ludus_game> prototype(const char *id, const char *options) {
    return {new_game(id, options), ludus_game_free};
}

ludus_game *clone_of(const std::shared_ptr<ludus_game> &prototype) {
    ludus_game *g = nullptr;
    ludus_game_clone(prototype.get(), &g);
    return g;
}

auto capi_steps_game(const char *id, const char *options) {
    return [start = prototype(id, options), actions = std::vector<int32_t>(4096)](uint64_t seed) mutable {
        ludus_game *g = clone_of(start);
        Rng rng{seed};
        uint64_t plies = 0;
        int dice[4];
        size_t n = 0;
        for (ludus_phase phase; (phase = ludus_game_phase(g)) != LUDUS_PHASE_OVER && plies < ply_cap;) {
            if (phase == LUDUS_PHASE_ROLL) {
                ludus_game_roll(g, dice, 4, &n);
                continue;
            }
            ludus_game_actions(g, actions.data(), actions.size(), &n);
            ludus_game_apply_action(g, actions[rng.below(static_cast<uint32_t>(n))]);
            ++plies;
        }
        ludus_game_free(g);
        return std::pair<uint64_t, uint64_t>{plies, plies >= ply_cap};
    };
}

// Plays game g out with ludus_game_random_playout and frees it: {plies, capped}.
std::pair<uint64_t, uint64_t> played_out(ludus_game *g, uint64_t seed) {
    ludus_result result;
    uint32_t plies = 0;
    ludus_game_random_playout(g, seed, ply_cap, &result, &plies);
    ludus_game_free(g);
    return {plies, result == LUDUS_RESULT_ONGOING};
}

// Through ludus_game_random_playout: the whole game in one call.
auto capi_playout_game(const char *id, const char *options) {
    return [start = prototype(id, options)](uint64_t seed) { return played_out(clone_of(start), seed); };
}

// Through ludus_game_playouts: the game is not changed, so no clone; one playout a call here
// (a caller asking for many at once saves even the call).
auto capi_batch_game(const char *id, const char *options) {
    return [start = prototype(id, options)](uint64_t seed) {
        ludus_result result;
        uint32_t plies = 0;
        ludus_game_playouts(start.get(), seed, 1, ply_cap, &result, &plies);
        return std::pair<uint64_t, uint64_t>{plies, result == LUDUS_RESULT_ONGOING};
    };
}

// Every path of one game, alternating: the core choosing without listing, the core listing
// every move, the C ABI a call per step, ludus_game_random_playout, ludus_game_playouts.
template <class R>
void report_paths(const char *game, const typename R::Options &o, const char *id, const char *options) {
    const std::vector<Rate> r =
        measure_alternating({core_game<R>(o), core_listing_game<R>(o), capi_steps_game(id, options),
                             capi_playout_game(id, options), capi_batch_game(id, options)});
    const double core = r[0].plies_per_s;
    report(game, "core, random move (no listing)", r[0]);
    report(game, "core, listing every move", r[1], core);
    report(game, "C ABI, a call per step", r[2], core, r[1].plies_per_s);
    report(game, "ludus_game_random_playout", r[3], core);
    report(game, "ludus_game_playouts", r[4], core);
}

template <class R>
uint64_t perft(const typename R::Options &o, const typename R::State &s, int depth,
               std::vector<std::vector<Action>> &lists) {
    std::vector<Action> &moves = lists[depth];
    moves.clear();
    R::legal_actions(o, s, moves);
    if (depth == 1) return moves.size();
    uint64_t nodes = 0;
    for (Action a : moves) {
        typename R::State t = s;
        R::apply(o, t, a);
        nodes += R::phase(t) == Phase::over ? 0 : perft<R>(o, t, depth - 1, lists);
    }
    return nodes;
}

size_t bytes_per_handle(const char *id, const char *options) {
    const size_t before = heap_bytes;
    ludus_game *g = new_game(id, options);
    const size_t bytes = heap_bytes - before;
    ludus_game_free(g);
    return bytes;
}

const char *const xii_rulesets[] = {"murray", "ludii", "tabletop_murray", "tabletop_schaedler"};

std::string xii_options(const std::string &ruleset) { return "{\"seed\": 1, \"ruleset\": \"" + ruleset + "\"}"; }

// XII Scripta, each ruleset: the core and ludus_game_random_playout.
void report_xii() {
    for (const char *ruleset : xii_rulesets) {
        const std::string options = xii_options(ruleset);
        const XiiOptions o = XiiScriptaRules::parse_options(json::parse(options));
        const auto [core, playout] =
            measure_pair(core_game<XiiScriptaRules>(o), capi_playout_game("xii_scripta", options.c_str()));
        const std::string name = std::string("xii ") + ruleset;
        std::printf("%-28s\n", name.c_str());
        report("xii", "core", core);
        report("xii", "ludus_game_random_playout", playout, core.plies_per_s);
    }
}

}  // namespace

// Latrunculi, one ruleset: "RULESET-core" or "RULESET-playout" (count mode).
const char *latrunculi_options(const std::string &ruleset) {
    static std::string text;
    text = "{\"ruleset\": \"" + ruleset + "\", \"seed\": 1}";
    return text.c_str();
}

int latrunculi_count(const std::string &what, uint64_t games) {
    const size_t dash = what.rfind('-');
    const std::string ruleset = what.substr(0, dash), path = what.substr(dash + 1);
    uint64_t plies = 0;
    auto run = [&](auto one_game) {
        for (uint64_t seed = 1; seed <= games; ++seed) plies += one_game(seed).first;
    };
    const bool schaedler = find_schaedler_ruleset(ruleset) != nullptr;
    const LatrunculiOptions o =
        LatrunculiRules::parse_options(json::parse(latrunculi_options(schaedler ? "quintana" : ruleset)));
    const SchaedlerOptions so =
        SchaedlerRules::parse_options(json::parse(latrunculi_options(schaedler ? ruleset : "schaedler")));
    if (path == "core" && schaedler)
        run(core_game<SchaedlerRules>(so));
    else if (path == "core" && o.rows * o.cols <= 64)
        run(core_game<LatrunculiRules>(o));
    else if (path == "core")
        run(core_game<LatrunculiWideRules>(o));
    else if (path == "playout")
        run(capi_playout_game("latrunculi", latrunculi_options(ruleset)));
    else
        return std::fprintf(stderr, "unknown mode latrunculi-%s\n", what.c_str()), 2;
    std::printf("%llu\n", static_cast<unsigned long long>(plies));
    return 0;
}

// Every ruleset: the core's random play and ludus_game_random_playout, compared.
void latrunculi_benchmarks() {
    for (const LatrunculiRuleset &r : latrunculi_rulesets()) {
        const std::string id(r.id);
        const LatrunculiOptions o = LatrunculiRules::parse_options(json::parse(latrunculi_options(id)));
        const std::string options = latrunculi_options(id);
        const auto [core, playout] =
            o.rows * o.cols <= 64
                ? measure_pair(core_game<LatrunculiRules>(o), capi_playout_game("latrunculi", options.c_str()))
                : measure_pair(core_game<LatrunculiWideRules>(o), capi_playout_game("latrunculi", options.c_str()));
        report("latrunc.", (id + ", core").c_str(), core);
        report("latrunc.", (id + ", random_playout").c_str(), playout, core.plies_per_s);
    }
    for (const SchaedlerRuleset &r : schaedler_rulesets()) {  // rules of their own
        const std::string id(r.id), options = latrunculi_options(id);
        const SchaedlerOptions o = SchaedlerRules::parse_options(json::parse(options));
        const auto [core, playout] =
            measure_pair(core_game<SchaedlerRules>(o), capi_playout_game("latrunculi", options.c_str()));
        report("latrunc.", (id + ", core").c_str(), core);
        report("latrunc.", (id + ", random_playout").c_str(), playout, core.plies_per_s);
    }
}

// Every ruleset of every game of the catalogue, as a program playing whole random games through
// the C ABI does: its label, game id and options (each with a seed: a game without one draws a
// fresh one and is never cloned from a prepared start).
struct RulesetCase {
    std::string label, id, options;
};

// The label of a game's ruleset, as the figures in docs/ name the rows: the game's id for a game
// of one set of rules; else the id's first three letters and the ruleset (xii-murray, lat-bell,
// ur-finkel), or the whole id where another game's id begins with the same three letters.
std::string ruleset_label(const json &catalogue, const std::string &id, const std::string &ruleset) {
    if (ruleset.empty()) return id;
    const std::string prefix = id.substr(0, 3);
    for (const json &other : catalogue) {
        const std::string other_id = other["id"];
        if (other_id != id && other_id.compare(0, 3, prefix) == 0) return id + "-" + ruleset;
    }
    return prefix + "-" + ruleset;
}

std::vector<RulesetCase> catalogue_rulesets() {
    std::vector<RulesetCase> out;
    const json catalogue = games_catalogue();
    for (const json &game : catalogue) {
        const std::string id = game["id"];
        if (game["rulesets"].empty()) out.push_back({ruleset_label(catalogue, id, ""), id, "{\"seed\": 1}"});
        for (const json &r : game["rulesets"]) {
            const std::string ruleset = r["id"];
            out.push_back(
                {ruleset_label(catalogue, id, ruleset), id, "{\"ruleset\": \"" + ruleset + "\", \"seed\": 1}"});
        }
    }
    return out;
}

const std::vector<RulesetCase> &ruleset_cases() {
    static const std::vector<RulesetCase> cases = [] {
        std::vector<RulesetCase> out = catalogue_rulesets();
#ifdef __GLIBC__
        // The catalogue's JSON, freed, leaves many small free chunks that the next large
        // allocation merges (malloc_consolidate, about 100,000 instructions counted in the first
        // game measured): merged here, before anything is counted.
        malloc_trim(0);
#endif
        return out;
    }();
    return cases;
}

// A whole game from its options: ludus_game_new, ludus_game_random_playout, ludus_game_free.
auto new_playout_game(const char *id, const char *options) {
    return [id, options](uint64_t seed) { return played_out(new_game(id, options), seed); };
}

// The set-up alone: ludus_game_new and ludus_game_free, no ply.
auto new_only_game(const char *id, const char *options) {
    return [id, options](uint64_t) {
        ludus_game_free(new_game(id, options));
        return std::pair<uint64_t, uint64_t>{0, 0};
    };
}

// `bench rulesets [seconds] [runs] [label]`: plies per second of every ruleset (or one), a game from its options
// (ludus_game_new + ludus_game_random_playout) and a game cloned from a prepared start
// (ludus_game_clone + ludus_game_random_playout), their runs alternating.
void report_rulesets(const std::string &only) {
    std::printf("%-24s %14s %14s %12s %14s\n", "ruleset", "new, plies/s", "clone, plies/s", "games/s", "plies a game");
    for (const RulesetCase &c : ruleset_cases()) {
        if (!only.empty() && only != c.label) continue;
        const auto [fresh, cloned] = measure_pair(new_playout_game(c.id.c_str(), c.options.c_str()),
                                                  capi_playout_game(c.id.c_str(), c.options.c_str()));
        std::printf("%-24s %14.0f %14.0f %12.0f %14.1f\n", c.label.c_str(), fresh.plies_per_s, cloned.plies_per_s,
                    fresh.games_per_s, fresh.plies_per_s / fresh.games_per_s);
    }
}

// The options of `c` with another seed, or none (seed < 0), the seed first or last (`seed_first`)
// among the members, as a caller may write them.
std::string options_with_seed(const RulesetCase &c, int64_t seed, bool seed_first) {
    std::string rest(c.options);
    const size_t at = rest.find("\"seed\"");
    rest.erase(at, rest.find_first_of(",}", at) - at);  // "seed": 1 taken out ...
    if (rest.find(", }") != std::string::npos) rest.erase(rest.find(", }"), 2);
    if (seed < 0) return rest;
    const std::string member = "\"seed\": " + std::to_string(seed);  // ... and put back where asked
    if (rest == "{}") return "{" + member + "}";
    return seed_first ? "{" + member + ", " + rest.substr(1) : rest.substr(0, rest.size() - 1) + ", " + member + "}";
}

// The set-up alone from options that differ game by game: ludus_game_new and ludus_game_free
// with a seed of its own for each game, the seed first and last in turn, or without a seed (each
// game draws one).
void new_games_of_options(const RulesetCase &c, bool seeded, uint64_t games) {
    std::vector<std::string> texts;
    for (uint64_t i = 0; i < games; ++i)
        texts.push_back(options_with_seed(c, seeded ? static_cast<int64_t>(i + 1) : -1, i % 2 == 1));
    for (const std::string &text : texts) ludus_game_free(new_game(c.id.c_str(), text.c_str()));
}

// `bench count LABEL/setup-all GAMES` (tests/bench/setup.sh): GAMES games of the same options
// text, then GAMES with a seed each, then GAMES without a seed.
int setup_count(const RulesetCase &c, uint64_t games) {
    for (uint64_t i = 0; i < games; ++i) ludus_game_free(new_game(c.id.c_str(), c.options.c_str()));
    new_games_of_options(c, true, games);
    new_games_of_options(c, false, games);
    std::printf("0\n");
    return 0;
}

// Count modes of every ruleset: LABEL/new (ludus_game_new + random playout), LABEL/setup
// (ludus_game_new alone), LABEL/clone (ludus_game_clone + random playout), and LABEL/setup-all
// (setup_count).
int ruleset_count(const std::string &mode, uint64_t games) {
    const size_t slash = mode.find('/');
    const std::string label = mode.substr(0, slash), path = slash == std::string::npos ? "" : mode.substr(slash + 1);
    for (const RulesetCase &c : ruleset_cases()) {
        if (label != c.label) continue;
        uint64_t plies = 0;
        auto run = [&](auto one_game) {
            for (uint64_t seed = 1; seed <= games; ++seed) plies += one_game(seed).first;
        };
        if (path == "setup-all") return setup_count(c, games);
        if (path == "new")
            run(new_playout_game(c.id.c_str(), c.options.c_str()));
        else if (path == "setup")
            run(new_only_game(c.id.c_str(), c.options.c_str()));
        else if (path == "clone")
            run(capi_playout_game(c.id.c_str(), c.options.c_str()));
        else
            break;
        std::printf("%llu\n", static_cast<unsigned long long>(plies));
        return 0;
    }
    return std::fprintf(stderr, "unknown mode %s\n", mode.c_str()), 2;
}

// `bench count MODE GAMES`: plays GAMES games (seeds 1..GAMES) and prints the plies, for
// instruction counts under callgrind (tests/bench/callgrind.sh).
int count_mode(const std::string &mode, uint64_t games) {
    const char *petteia_options = "{\"rows\": 8, \"cols\": 8, \"seed\": 1}";
    const char *duodecim_options = "{\"seed\": 1}";
    const PetteiaOptions po = PetteiaRules::parse_options(json::parse(petteia_options));
    const DuodecimOptions dopt = DuodecimRules::parse_options(json::parse(duodecim_options));
    seconds_per_run = 0;  // one pass of `games` games
    uint64_t plies = 0;
    auto run = [&](auto one_game) {
        for (uint64_t seed = 1; seed <= games; ++seed) plies += one_game(seed).first;
    };
    if (mode.find('/') != std::string::npos) return ruleset_count(mode, games);
    if (mode == "petteia-core")
        run(core_game<PetteiaBitRules>(po));
    else if (mode == "petteia12-core")
        run(core_game<PetteiaRules>(PetteiaRules::parse_options(json{{"rows", 12}, {"cols", 12}, {"seed", 1}})));
    else if (mode == "petteia-core-listing")
        run(core_listing_game<PetteiaBitRules>(po));
    else if (mode == "duodecim-core-listing")
        run(core_listing_game<DuodecimRules>(dopt));
    else if (mode == "petteia-capi")
        run(capi_steps_game("petteia", petteia_options));
    else if (mode == "petteia-playout")
        run(capi_playout_game("petteia", petteia_options));
    else if (mode == "duodecim-core")
        run(core_game<DuodecimRules>(dopt));
    else if (mode == "duodecim-capi")
        run(capi_steps_game("duodecim", duodecim_options));
    else if (mode == "duodecim-playout")
        run(capi_playout_game("duodecim", duodecim_options));
    else if (mode == "petteia-batch")
        run(capi_batch_game("petteia", petteia_options));
    else if (mode == "duodecim-batch")
        run(capi_batch_game("duodecim", duodecim_options));
    else if (mode.rfind("xii-", 0) == 0) {  // xii-RULESET-core, xii-RULESET-playout
        const size_t dash = mode.rfind('-');
        const std::string ruleset = mode.substr(4, dash - 4), options = xii_options(ruleset);
        const XiiOptions o = XiiScriptaRules::parse_options(json::parse(options));
        if (mode.substr(dash + 1) == "core")
            run(core_game<XiiScriptaRules>(o));
        else
            run(capi_playout_game("xii_scripta", options.c_str()));
    } else if (mode.rfind("latrunculi-", 0) == 0)
        return latrunculi_count(mode.substr(11), games);
    else
        return std::fprintf(stderr, "unknown mode %s\n", mode.c_str()), 2;
    std::printf("%llu\n", static_cast<unsigned long long>(plies));
    return 0;
}

// Keeps the benchmark on the CPU it started on: moved between this machine's two CPUs, runs
// fell into a slow mode at random (Duodecim's core 18 M instead of 23 M plies/s, its C ABI
// path 74-80 % of the core instead of 88-91 %), which no median of 5 can undo. Returns the
// CPU, or -1 where that is not possible.
int pin_to_this_cpu() {
#ifdef __linux__
    const int cpu = sched_getcpu();
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (cpu >= 0 && sched_setaffinity(0, sizeof set, &set) == 0) return cpu;
#endif
    return -1;
}

int main(int argc, char **argv) {
    if (argc == 2 && std::string(argv[1]) == "labels") {  // every ruleset's label, one a line (rulesets.sh)
        for (const RulesetCase &c : ruleset_cases()) std::printf("%s\n", c.label.c_str());
        return 0;
    }
    if (argc == 4 && std::string(argv[1]) == "count") return count_mode(argv[2], std::strtoull(argv[3], nullptr, 10));
    if (argc > 1) seconds_per_run = std::atof(argv[1]);
    if (argc > 2) runs = std::atoi(argv[2]);
    const std::string only = argc > 3 ? argv[3] : "";  // "duodecim": that game's paths only
    if (argc > 1 && std::string(argv[1]) == "rulesets") {
        seconds_per_run = argc > 2 ? std::atof(argv[2]) : 1.0;
        runs = argc > 3 ? std::atoi(argv[3]) : 3;
        pin_to_this_cpu();
        report_rulesets(argc > 4 ? argv[4] : "");
        return 0;
    }
    const int cpu = pin_to_this_cpu();
    const std::string pinned = cpu >= 0 ? "pinned to CPU " + std::to_string(cpu) : "not pinned";
    std::printf("libludus %s: medians of %d runs of %.1f s, one thread (%s); random play capped at %u plies\n\n",
                ludus_version(), runs, seconds_per_run, pinned.c_str(), ply_cap);
    if (only == "duodecim") {
        const DuodecimOptions o = DuodecimRules::parse_options(json{{"seed", 1}});
        report_paths<DuodecimRules>("duodecim", o, "duodecim", "{\"seed\": 1}");
        return 0;
    }
    const char *petteia_options = "{\"rows\": 8, \"cols\": 8, \"seed\": 1}";
    const PetteiaOptions po = PetteiaRules::parse_options(json::parse(petteia_options));
    report_paths<PetteiaBitRules>("petteia", po, "petteia", petteia_options);
    const PetteiaOptions big = PetteiaRules::parse_options(json{{"rows", 12}, {"cols", 12}, {"seed", 1}});
    report("petteia", "core (cell board 12x12)", core_playouts<PetteiaRules>(big));
    std::printf("\n");
    const char *duodecim_options = "{\"seed\": 1}";
    const DuodecimOptions dopt = DuodecimRules::parse_options(json::parse(duodecim_options));
    report_paths<DuodecimRules>("duodecim", dopt, "duodecim", duodecim_options);

    report_xii();
    latrunculi_benchmarks();

    std::vector<std::vector<Action>> lists(8);
    for (auto &l : lists) l.reserve(4096);
    const PetteiaBitState start = PetteiaBitRules::initial(po);
    const auto t0 = std::chrono::steady_clock::now();
    const uint64_t nodes = perft<PetteiaBitRules>(po, start, 4, lists);
    const double perft_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("\npetteia   perft(4) from the 8x8 start: %llu nodes in %.3f s = %.0f nodes/s\n",
                static_cast<unsigned long long>(nodes), perft_s, nodes / perft_s);

    std::printf("\nbytes per game handle (heap, at the start): petteia 8x8 %zu, petteia 26x26 %zu, duodecim %zu\n",
                bytes_per_handle("petteia", petteia_options),
                bytes_per_handle("petteia", "{\"rows\": 26, \"cols\": 26, \"seed\": 1}"),
                bytes_per_handle("duodecim", duodecim_options));
    std::printf("state sizes: petteia bitboard %zu bytes, cell board %zu bytes, duodecim %zu bytes\n",
                sizeof(PetteiaBitState), sizeof(PetteiaState), sizeof(DuodecimState));
    return 0;
}
