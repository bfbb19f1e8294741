// The rules that play a game of Latrunculi (rules_choice.hpp): Schädler's rulesets have rules of
// their own; the others are played on 64-bit boards where they fit, on 128-bit ones for
// Kowalski's larger boards.
#pragma once

#include <string>
#include <utility>

#include "latrunculi.hpp"
#include "schaedler.hpp"

namespace ludus {

struct LatrunculiChoice {
    using Rules = LatrunculiRules;
    template <class Play>
    static auto with_rules(const json &options, Play &&play) {
        if (names_schaedler_ruleset(options))
            return play.template operator()<SchaedlerRules>(SchaedlerRules::parse_options(options));
        LatrunculiOptions o = LatrunculiRules::parse_options(options);
        const bool fits_64_squares = o.rows * o.cols <= 64;
        return fits_64_squares ? play.template operator()<LatrunculiRules>(std::move(o))
                               : play.template operator()<LatrunculiWideRules>(std::move(o));
    }

private:
    // Read before the options are parsed: Schädler's rules parse their own.
    static bool names_schaedler_ruleset(const json &options) {
        return options.is_object() && options.contains("ruleset") && options["ruleset"].is_string() &&
               find_schaedler_ruleset(options["ruleset"].get<std::string>()) != nullptr;
    }
};

}  // namespace ludus
