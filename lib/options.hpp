// Game options described once: the same table gives the catalogue entry, the validation of
// the options a caller passes, and the defaults.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace ludus {

struct OptionSpec {
    enum class Kind { integer, choice, seed };
    std::string name;
    Kind kind;
    nlohmann::json default_value;        // for seed: null (a fresh seed drawn: rng.hpp)
    int64_t min = 0, max = 0;            // integer: inclusive range
    std::vector<nlohmann::json> values;  // choice: the allowed values
    std::string description;
};

// The option "seed" of every game: its generator's seed, a fresh one if absent.
inline OptionSpec seed_option_spec() {
    return {"seed",
            OptionSpec::Kind::seed,
            nullptr,
            0,
            0,
            {},
            "seed of the game's random generator, 0..2^64-1 (an integer, or the string of its decimal digits); drawn "
            "at random if absent"};
}

// {"name": {"type": ..., "default": ..., "min"/"max" or "values", "description"}, ...}
nlohmann::json options_catalogue(const std::vector<OptionSpec> &specs);

// Every option of a game as given or defaulted (saved with the game), the seed apart from the
// rest: games of the same options with other seeds share the rest, so that a game made again
// with another seed (Game::with_seed) copies no JSON.
class ResolvedOptions {
public:
    ResolvedOptions() = default;
    // From resolve_options' answer (implicit: `o.resolved = resolve_options(...)`).
    ResolvedOptions(nlohmann::json resolved);

    // Any option but the seed, which seed() answers.
    const nlohmann::json &operator[](std::string_view name) const;
    uint64_t seed() const { return seed_; }
    void set_seed(uint64_t seed) { seed_ = seed; }
    // Leaves an option out (of this game's options alone: the rest is copied).
    void erase(std::string_view name);
    // Every option, the seed as json_util::exact_json writes it.
    nlohmann::json to_json() const;

private:
    std::shared_ptr<const nlohmann::json> rest_;  // every option but the seed, shared by the games of them
    uint64_t seed_ = 0;
};

// Checks the caller's options (unknown_option, invalid_option naming the option) and returns
// every option resolved: defaults filled in, the seed drawn if absent. A seed is written as
// json_util::exact_json writes it (a string from 2^53 up, so that every JSON parser keeps it).
nlohmann::json resolve_options(const std::vector<OptionSpec> &specs, const nlohmann::json &given);

}  // namespace ludus
