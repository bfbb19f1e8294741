// Game options described once: the same table gives the catalogue entry, the validation of
// the options a caller passes, and the defaults.
#pragma once

#include <cstdint>
#include <string>
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

// Checks the caller's options (unknown_option, invalid_option naming the option) and returns
// every option resolved: defaults filled in, the seed drawn if absent. A seed is written as
// json_util::exact_json writes it (a string from 2^53 up, so that every JSON parser keeps it).
nlohmann::json resolve_options(const std::vector<OptionSpec> &specs, const nlohmann::json &given);

// The seed of options resolve_options returned.
uint64_t resolved_seed(const nlohmann::json &resolved);

}  // namespace ludus
