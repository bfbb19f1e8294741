// ludus-ur-solve: solves the Royal Game of Ur by value iteration (lib/ur/ur_solve.hpp) and
// writes the table file the "perfect" level plays from (docs/computer-players.md).
//
//   ludus-ur-solve [--ruleset finkel|masters|blitz] [--pieces N] [--dice 3|4]
//                  [--tolerance T] [--min-off K] [--output FILE] [--quiet]
//                  [--values double|float32] [--moves-memory MIB] [--spill-dir DIR]
//
// The values of the groups solved are kept as doubles unless they would take more than 2 GiB
// (Masters' seven pieces: 4 GB), then as float32 (--values chooses); the moves of the pair of
// groups being solved are kept in memory up to 2.5 GiB (--moves-memory), the rest written to a
// temporary file in --spill-dir (default: the output's folder) and read back on every sweep.
// Masters' seven pieces so stay under 6 GB of memory.
//
// Prints a JSON summary: states, seconds, peak memory, sweeps, the first player's chance at
// the start (when the whole game is solved).
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>

#include "error.hpp"
#include "flag_value.hpp"
#include "ur/ur_solve.hpp"

using namespace ludus;

int main(int argc, char **argv) {
    json given = json::object();
    ur_solve::SolveOptions so;
    std::string output;
    bool quiet = false;
    std::string values, spill_dir;
    double moves_mib = 2560;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto value = [&] { return flag_value(argc, argv, i); };
        if (arg == "--ruleset")
            given["ruleset"] = value();
        else if (arg == "--pieces")
            given["pieces"] = std::stoi(value());
        else if (arg == "--dice")
            given["dice"] = std::stoi(value());
        else if (arg == "--tolerance")
            so.tolerance = std::stod(value());
        else if (arg == "--min-off")
            so.min_off = std::stoi(value());
        else if (arg == "--output" || arg == "-o")
            output = value();
        else if (arg == "--quiet")
            quiet = true;
        else if (arg == "--values")
            values = value();
        else if (arg == "--moves-memory")
            moves_mib = std::stod(value());
        else if (arg == "--spill-dir")
            spill_dir = value();
        else {
            std::fprintf(stderr, "usage: ludus-ur-solve [--ruleset finkel|masters|blitz] [--pieces N] [--dice 3|4] "
                                 "[--tolerance T] [--min-off K] "
                                 "[--output FILE] [--quiet] [--values double|float32] [--moves-memory MIB] "
                                 "[--spill-dir DIR]\n");
            return 2;
        }
    }
    if (!values.empty() && values != "double" && values != "float32") {
        std::fprintf(stderr, "ludus-ur-solve: --values is double or float32, not %s\n", values.c_str());
        return 2;
    }
    try {
        const UrOptions o = UrRules::parse_options(given);
        const ur_solve::Index index(o);
        so.float32_values = values.empty() ? index.size() * sizeof(double) > (uint64_t{2} << 30) : values == "float32";
        if (!(moves_mib >= 0)) throw Error(Status::invalid_argument, "--moves-memory must be at least 0");
        so.moves_in_memory = static_cast<uint64_t>(moves_mib * (1 << 20));
        so.spill_dir = !spill_dir.empty() ? spill_dir
                       : output.empty()   ? std::string(".")
                                          : std::filesystem::absolute(output).parent_path().string();
        if (!quiet)
            so.progress = [](int a, int b, int sweeps, double seconds) {
                std::fprintf(stderr, "groups off %d/%d and %d/%d: %d sweeps, %.1f s\n", a, b, b, a, sweeps, seconds);
            };
        const auto t0 = std::chrono::steady_clock::now();
        const ur_solve::Table t = ur_solve::solve(o, so);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        json summary{{"ruleset", UrRules::ruleset_name(o.ruleset)},
                     {"pieces", o.pieces},
                     {"dice", o.dice},
                     {"states", index.size()},
                     {"tolerance", so.tolerance},
                     {"min_off", so.min_off},
                     {"seconds", seconds},
                     {"sweeps", t.sweeps},
                     {"values", so.float32_values ? "float32" : "double"},
                     {"spilled_bytes", t.spilled_bytes}};
        if (so.min_off == 0) {
            UrState start;
            start.in_hand = {static_cast<uint8_t>(o.pieces), static_cast<uint8_t>(o.pieces)};
            summary["first_player_wins"] = t.at(index.encode(start));
        }
        if (!output.empty()) {
            const auto w0 = std::chrono::steady_clock::now();
            ur_solve::write_table(output, t);
            summary["file"] = output;
            summary["write_seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count();
        }
        rusage ru{};
        getrusage(RUSAGE_SELF, &ru);
        summary["peak_rss_mib"] = static_cast<double>(ru.ru_maxrss) / 1024.0;
        std::cout << summary.dump(2) << "\n";
    } catch (const Error &e) {
        std::fprintf(stderr, "ludus-ur-solve: %s\n", e.what());
        return 1;
    }
    return 0;
}
