// Game options described once: the same table gives the catalogue entry, the validation of
// the options a caller passes, and the defaults.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace ludus {

struct OptionSpec {
    enum class Kind { integer, choice, seed };
    std::string name;
    Kind kind;
    nlohmann::json default_value;       // for seed: null (drawn from the operating system)
    int64_t min = 0, max = 0;           // integer: inclusive range
    std::vector<nlohmann::json> values; // choice: the allowed values
    std::string description;
};

// {"name": {"type": ..., "default": ..., "min"/"max" or "values", "description"}, ...}
nlohmann::json options_catalogue(const std::vector<OptionSpec> &specs);

// Checks the caller's options (unknown_option, invalid_option naming the option) and returns
// every option resolved: defaults filled in, the seed drawn if absent.
nlohmann::json resolve_options(const std::vector<OptionSpec> &specs, const nlohmann::json &given);

}  // namespace ludus
