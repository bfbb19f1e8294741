// The options' catalogue and the checking of a caller's options, from one table (options.hpp).
#include <algorithm>

#include "error.hpp"
#include "game.hpp"
#include "json_util.hpp"
#include "options.hpp"
#include "rng.hpp"

namespace ludus {

json options_catalogue(const std::vector<OptionSpec> &specs) {
    json out = json::object();
    for (const OptionSpec &s : specs) {
        json entry{{"description", s.description}, {"default", s.default_value}};
        switch (s.kind) {
        case OptionSpec::Kind::integer:
            entry["type"] = "integer";
            entry["min"] = s.min;
            entry["max"] = s.max;
            break;
        case OptionSpec::Kind::choice:
            entry["type"] = "choice";
            entry["values"] = s.values;
            break;
        case OptionSpec::Kind::seed:
            entry["type"] = "seed";
            entry["min"] = 0;
            // "max" stays the integer it always was; "max_text" beside it is exact in every parser
            entry["max"] = UINT64_MAX;
            entry["max_text"] = std::to_string(UINT64_MAX);
            break;
        }
        out[s.name] = entry;
    }
    return out;
}

json resolve_options(const std::vector<OptionSpec> &specs, const json &given) {
    if (!given.is_object())
        fail(Status::bad_json, std::string("options must be a JSON object, not ") + given.type_name());
    for (auto it = given.begin(); it != given.end(); ++it) {
        bool known = std::any_of(specs.begin(), specs.end(), [&](const OptionSpec &s) { return s.name == it.key(); });
        if (!known) {
            std::string names;
            for (const OptionSpec &s : specs) names += (names.empty() ? "" : ", ") + s.name;
            fail(Status::unknown_option, "unknown option " + json_util::quote(it.key()) + " (options: " + names + ")");
        }
    }
    json out = json::object();
    for (const OptionSpec &s : specs) {
        auto it = given.find(s.name);
        if (it == given.end() || (s.kind == OptionSpec::Kind::seed && it->is_null())) {
            out[s.name] = s.kind == OptionSpec::Kind::seed ? json_util::exact_json(fresh_seed()) : s.default_value;
            continue;
        }
        const json &v = *it;
        const std::string where = "option \"" + s.name + "\": ";
        switch (s.kind) {
        case OptionSpec::Kind::integer:
            if (!v.is_number_integer())
                fail(Status::invalid_option, where + "must be an integer, not " + json_util::quote_json(v));
            if ((v.is_number_unsigned() && v.get<uint64_t>() > static_cast<uint64_t>(s.max)) ||
                v.get<int64_t>() < s.min || v.get<int64_t>() > s.max)
                fail(Status::invalid_option, where + json_util::quote_json(v) + " is outside " + std::to_string(s.min) +
                                                 ".." + std::to_string(s.max));
            break;
        case OptionSpec::Kind::choice:
            // JSON equality takes 1.0 for 1: a choice is one of the values, of the same type
            if (std::none_of(s.values.begin(), s.values.end(), [&](const nlohmann::json &allowed) {
                    return allowed == v && allowed.is_number_float() == v.is_number_float();
                }))
                fail(Status::invalid_option,
                     where + json_util::quote_json(v) + " is not one of " + json(s.values).dump());
            break;
        case OptionSpec::Kind::seed:
            // written as every JSON parser reads it exactly, whichever way it was given
            out[s.name] = json_util::exact_json(json_util::seed_from_json(v, s.name));
            continue;
        }
        out[s.name] = v;
    }
    return out;
}

ResolvedOptions::ResolvedOptions(json resolved) {
    seed_ = json_util::seed_from_json(resolved.at("seed"), "seed");
    resolved.erase("seed");
    rest_ = std::make_shared<const json>(std::move(resolved));
}

const json &ResolvedOptions::operator[](std::string_view name) const {
    const auto it = rest_->find(std::string(name));
    if (it == rest_->end()) fail(Status::internal, "no option " + json_util::quote(name) + " resolved");
    return *it;
}

void ResolvedOptions::erase(std::string_view name) {
    json rest = *rest_;
    rest.erase(std::string(name));
    rest_ = std::make_shared<const json>(std::move(rest));
}

json ResolvedOptions::to_json() const {
    json out = *rest_;
    out["seed"] = json_util::exact_json(seed_);
    return out;
}

}  // namespace ludus
