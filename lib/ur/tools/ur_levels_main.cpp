// ludus-ur-levels: every computer level of the Royal Game of Ur measured against the solved
// game (docs/computer-players.md, "Every level against perfection"). Each level plays N games
// against the level "perfect", taking each colour in turn, with seeded dice; at each of its
// moves with a choice, the loss is the mover's chance of winning after the table's best move
// less the chance after the move the level chose (both from the table). Prints a JSON line
// per level: games, score against perfect (wins of the level / games), the score over the
// first 200 games, moves with a choice, mean loss per such move, the share of them that lose
// anything, the largest loss.
//
//   ludus-ur-levels --table FILE [--ruleset R] [--pieces N] [--games N] [--seed S]
//                   [--jobs J] [--level NAME[:JSON options]] ...
//
// Without --level: random, greedy, easy, medium, best ({"max_nodes": 20000}) and uct
// ({"max_playouts": 2000}): budgets of nodes and playouts, not of time, so that a run repeats.
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "ai/ai.hpp"
#include "error.hpp"
#include "flag_value.hpp"
#include "ur/ur.hpp"
#include "ur/ur_solve.hpp"

using namespace ludus;

namespace {

struct Tally {
    int games = 0, wins = 0, wins_first_200 = 0, games_first_200 = 0;
    uint64_t choices = 0, losing_choices = 0;
    double loss = 0, largest = 0;

    void add(const Tally &t) {
        games += t.games, wins += t.wins, wins_first_200 += t.wins_first_200, games_first_200 += t.games_first_200;
        choices += t.choices, losing_choices += t.losing_choices;
        loss += t.loss, largest = std::max(largest, t.largest);
    }
};

// One game of `level` (playing `side`) against perfect; its losses added to `t`.
void play_game(const UrOptions &o, const ur_solve::Index &index, const ur_solve::TableFile &table,
               const std::string &table_path, const json &level, int side, uint64_t seed, Tally &t) {
    UrState s = UrRules::initial(o);
    std::mt19937_64 dice_rng(seed);
    std::vector<Action> moves;
    const json perfect = {{"level", "perfect"}, {"table", table_path}, {"seed", seed}};
    json mine = level;
    mine["seed"] = seed;
    if (mine["level"] == "perfect" && !mine.contains("table")) mine["table"] = table_path;
    for (int ply = 0; s.result == Result::ongoing && ply < 100000; ++ply) {
        std::array<int, 4> dice{};
        for (int d = 0; d < o.dice; ++d) dice[static_cast<size_t>(d)] = static_cast<int>(dice_rng() >> 63);
        UrRules::set_dice(o, s, std::span<const int>(dice.data(), static_cast<size_t>(o.dice)));
        const bool mover_is_level = s.to_move == side;
        const Action chosen = ai_choose<UrRules>(o, s, {}, mover_is_level ? mine : perfect)["action"].get<Action>();
        if (mover_is_level) {
            moves.clear();  // legal_actions appends
            UrRules::legal_actions(o, s, moves);
            if (moves.size() > 1) {
                double best = 0;
                for (Action a : moves) best = std::max(best, ur_solve::value_after(index, table, o, s, a));
                const double loss = best - ur_solve::value_after(index, table, o, s, chosen);
                ++t.choices;
                t.loss += loss;
                t.largest = std::max(t.largest, loss);
                if (loss > 1e-7) ++t.losing_choices;  // float32's resolution near 1
            }
        }
        UrRules::apply(o, s, chosen);
    }
    const bool won = (s.result == Result::player0_won && side == 0) || (s.result == Result::player1_won && side == 1);
    ++t.games;
    t.wins += won;
}

}  // namespace

int main(int argc, char **argv) {
    json given = json::object();
    std::string table_path;
    int games = 1000, jobs = 1;
    uint64_t seed = 1;
    std::vector<std::pair<std::string, json>> levels;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto value = [&] { return flag_value(argc, argv, i); };
        if (arg == "--table")
            table_path = value();
        else if (arg == "--ruleset")
            given["ruleset"] = value();
        else if (arg == "--pieces")
            given["pieces"] = std::stoi(value());
        else if (arg == "--games")
            games = std::stoi(value());
        else if (arg == "--seed")
            seed = std::stoull(value());
        else if (arg == "--jobs")
            jobs = std::max(1, std::stoi(value()));
        else if (arg == "--level") {
            const std::string v = value();
            const size_t colon = v.find(':');
            json options = colon == std::string::npos ? json::object() : json::parse(v.substr(colon + 1));
            options["level"] = v.substr(0, colon);
            levels.emplace_back(v.substr(0, colon), options);
        } else {
            std::fprintf(stderr, "usage: ludus-ur-levels --table FILE [--ruleset R] [--pieces N] [--games N] [--seed "
                                 "S] [--jobs J] [--level NAME[:JSON]] ...\n");
            return 2;
        }
    }
    if (table_path.empty()) {
        std::fprintf(stderr, "ludus-ur-levels: --table FILE is needed (ludus-ur-solve makes it)\n");
        return 2;
    }
    if (levels.empty())
        for (const char *name : {"random", "greedy", "easy", "medium"})
            levels.emplace_back(name, json{{"level", name}});
    if (levels.size() == 4) {
        levels.emplace_back("best", json{{"level", "best"}, {"max_nodes", 20000}});
        levels.emplace_back("uct", json{{"level", "uct"}, {"max_playouts", 2000}});
    }
    try {
        const UrOptions o = UrRules::parse_options(given);
        const ur_solve::Index index(o);
        const auto table = ur_solve::cached_table(table_path);
        if (table->states != index.size() || table->min_off != 0) {
            std::fprintf(stderr, "ludus-ur-levels: %s is not the whole game of these options\n", table_path.c_str());
            return 2;
        }
        for (const auto &level : levels) {
            const std::string &name =
                level.first;  // named, not a structured binding: clang 14's lambdas cannot capture those
            const json &options = level.second;
            std::vector<Tally> tallies(static_cast<size_t>(jobs));
            std::atomic<int> next{0};
            std::vector<std::thread> threads;
            for (int j = 0; j < jobs; ++j)
                threads.emplace_back([&, j] {
                    for (int g; (g = next++) < games;) {
                        Tally one;
                        play_game(o, index, *table, table_path, options, g % 2, seed + static_cast<uint64_t>(g), one);
                        if (g < 200) one.games_first_200 = one.games, one.wins_first_200 = one.wins;
                        tallies[static_cast<size_t>(j)].add(one);
                    }
                });
            for (auto &th : threads) th.join();
            Tally all;
            for (const Tally &t : tallies) all.add(t);
            json line = {
                {"level", name},
                {"options", options},
                {"games", all.games},
                {"score_against_perfect", static_cast<double>(all.wins) / all.games},
                {"score_first_200",
                 all.games_first_200 ? static_cast<double>(all.wins_first_200) / all.games_first_200 : 0.0},
                {"moves_with_a_choice", all.choices},
                {"mean_loss_per_move", all.choices ? all.loss / static_cast<double>(all.choices) : 0.0},
                {"share_of_moves_losing",
                 all.choices ? static_cast<double>(all.losing_choices) / static_cast<double>(all.choices) : 0.0},
                {"largest_loss", all.largest}};
            std::cout << line.dump() << std::endl;
        }
    } catch (const Error &e) {
        std::fprintf(stderr, "ludus-ur-levels: %s\n", e.what());
        return 1;
    }
    return 0;
}
