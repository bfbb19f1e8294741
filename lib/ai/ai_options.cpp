#include "ai_options.hpp"

#include <cmath>
#include <exception>
#include <string>
#include <thread>
#include <vector>

#include "../cold_code.hpp"
#include "../json_util.hpp"

namespace ludus::ai {

namespace {

LUDUS_COLD int64_t integer_option(const json &value, const std::string &name, int64_t min, int64_t max) {
    const bool ok = value.is_number_integer() &&
                    (value.is_number_unsigned() ? value.get<uint64_t>() >= static_cast<uint64_t>(min) &&
                                                      value.get<uint64_t>() <= static_cast<uint64_t>(max)
                                                : value.get<int64_t>() >= min && value.get<int64_t>() <= max);
    if (!ok)
        fail(Status::invalid_option, "option \"" + name + "\": " + json_util::quote_json(value) +
                                         " is not an integer " + std::to_string(min) + ".." + std::to_string(max));
    return value.get<int64_t>();
}

}  // namespace

LUDUS_COLD AiOptions parse_options(const json &given, std::span<const Level> levels, int max_depth) {
    if (!given.is_object()) fail(Status::bad_json, "the options must be a JSON object");
    AiOptions o;
    o.level = levels.back();
    bool timed_by_caller = false, nodes_by_caller = false;
    const char *search_option = nullptr;  // depth or max_nodes: not for "uct"
    const char *uct_option = nullptr;     // max_playouts or exploration: only for "uct"
    for (auto it = given.begin(); it != given.end(); ++it) {
        const std::string &key = it.key();
        const json &value = it.value();
        if (key == "level") {
            std::string names;
            bool found = false;
            for (const Level &l : levels) {
                names += (names.empty() ? "\"" : ", \"") + std::string(l.name) + "\"";
                if (value.is_string() && value.get<std::string>() == l.name) o.level = l, found = true;
            }
            names += ", \"" + std::string(uct_level.name) + "\"";
            if (value.is_string() && value.get<std::string>() == uct_level.name) o.level = uct_level, found = true;
            if (!found)
                fail(Status::invalid_option,
                     "option \"level\": " + json_util::quote_json(value) + " is not one of " + names);
        } else if (key == "depth") {
            o.depth = static_cast<int>(integer_option(value, key, 1, max_depth));
            search_option = "depth";
        } else if (key == "seed") {
            o.seed = json_util::seed_from_json(value, key);
        } else if (key == "max_time_ms") {
            o.max_time_ms = integer_option(value, key, 1, 3'600'000);
            timed_by_caller = true;
        } else if (key == "max_nodes") {
            o.max_nodes = static_cast<uint64_t>(integer_option(value, key, 1, int64_t{1} << 40));
            nodes_by_caller = true;
            search_option = "max_nodes";
        } else if (key == "max_playouts") {
            o.max_playouts = static_cast<uint64_t>(integer_option(value, key, 1, int64_t{1} << 40));
            uct_option = "max_playouts";
        } else if (key == "exploration") {
            if (!value.is_number() || !std::isfinite(value.get<double>()) || value.get<double>() <= 0 ||
                value.get<double>() > 100)
                fail(Status::invalid_option, "option \"exploration\": " + json_util::quote_json(value) +
                                                 " is not a number above 0 and at most 100");
            o.exploration = value.get<double>();
            uct_option = "exploration";
        } else if (key == "threads") {
            o.threads = static_cast<int>(integer_option(value, key, 1, max_threads));
        } else {
            fail(Status::unknown_option, "unknown option " + json_util::quote(key) +
                                             ": the computer player takes level, depth, seed, max_time_ms, max_nodes, "
                                             "threads, max_playouts, exploration");
        }
    }
    const bool uct = o.level.name == uct_level.name;
    if (uct && search_option)
        fail(Status::invalid_option,
             "option \"" + std::string(search_option) +
                 "\" is not for level \"uct\", which counts playouts: give max_playouts or max_time_ms");
    if (!uct && uct_option)
        fail(Status::invalid_option, "option \"" + std::string(uct_option) + "\" is for level \"uct\" only");
    if (o.depth == 0) o.depth = o.level.timed ? max_depth : o.level.depth;
    if (o.level.timed && !timed_by_caller && !nodes_by_caller && o.max_playouts == 0) o.max_time_ms = 1000;
    return o;
}

LUDUS_COLD json levels_json(std::span<const Level> levels, std::string_view value_unit,
                            std::string_view best_value_unit) {
    json ranked = json::array(), values = json::object();
    for (const Level &l : levels) {
        ranked.push_back(l.name);
        values[l.name] =
            l.depth == 0 ? json() : json(l.timed && !best_value_unit.empty() ? best_value_unit : value_unit);
    }
    values[uct_level.name] = "chance";
    return {{"levels", std::move(ranked)},
            {"other_levels", {uct_level.name}},
            {"default_level", levels.back().name},
            {"search_values", std::move(values)}};
}

LUDUS_COLD json search_json(const AiOptions &o, int depth, uint64_t nodes, double value, int64_t time_ms) {
    return {{"level", o.level.name},
            {"depth", depth},
            {"nodes", json_util::exact_json(nodes)},
            {"value", value},
            {"time_ms", time_ms}};
}

void run_on_threads(size_t count, const std::function<void(size_t)> &work) {
    std::vector<std::exception_ptr> errors(count);
    auto guarded = [&](size_t k) {
        try {
            work(k);
        } catch (...) { errors[k] = std::current_exception(); }
    };
    std::vector<std::thread> threads;
    for (size_t k = 1; k < count; ++k) threads.emplace_back(guarded, k);
    guarded(0);
    for (std::thread &t : threads) t.join();
    for (const std::exception_ptr &e : errors)
        if (e) std::rethrow_exception(e);
}

}  // namespace ludus::ai
