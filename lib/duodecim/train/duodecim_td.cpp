// Trains a Duodecim network (lib/duodecim/duodecim_net.hpp) by TD(lambda) self-play (duodecim_td.hpp)
// and writes its weights as a C++ header. Regenerate the committed weights with
//
//   build/lib/duodecim/train/duodecim_td > lib/duodecim/duodecim_net_weights.hpp
//   build/lib/duodecim/train/duodecim_td BEST-ARGUMENTS > lib/duodecim/duodecim_best_net_weights.hpp
//
// (the second: `best`'s larger network; its arguments are in that header's first line).
// The committed header stores the weights as int8 (lib/ai/td_net.hpp, QuantizedNetWeights); it
// was made from the float weights of the trainer's defaults by
//
//   build/lib/duodecim/train/duodecim_td quantize 'duodecim_td 1000000 1 0 0.02 0.004 0.7'
//
// which writes the committed network's weights again with this writer (`quantize` HOW: HOW
// the words of the first line saying how those weights were made).
// Arguments: [games] [seed] [every] [first step] [last step] [lambda] [hidden] [name] [searched]
// [warm]: defaults 1000000 1 0 0.02 0.004 0.7 48 net 0 0 (about a minute); `hidden` one of 48,
// 64, 96, 128, `name` the prefix of the header's names (`net`: net_weights(), net_stored,
// net_weights_checksum), `searched` 1: targets from a search a roll deeper (TdTrainerOf), `warm`
// 1: going on from the committed network (duodecim_net_weights.hpp) instead of random weights
// (48 hidden units only). With `every` > 0
// it measures the network every that many games on stderr: the share of 2000 games it wins
// choosing its turn by itself against the same choice by the fitted logistic evaluation
// (duodecim_eval.hpp), and of 20000 games against the same choice by the committed network of
// the levels (duodecim_net_weights.hpp).
#include <cstdio>
#include <cstdlib>
#include <string>

#include "duodecim/duodecim_net_weights.hpp"
#include "duodecim_td.hpp"

using namespace ludus;
using namespace ludus::duodecim_ai;

namespace {

// The share of `games` games (seeds 10^9 on) that the one-turn player valuing turn ends by
// `mine` wins against the one valuing them by `theirs`, playing player g % 2.
template <class Mine, class Theirs>
double one_turn_match(Mine mine, Theirs theirs, int games) {
    std::vector<TurnEnd> ends;
    std::array<std::vector<Action>, 4> buffers;
    int won = 0;
    for (int g = 0; g < games; ++g) {
        const DuodecimOptions o = R::parse_options({{"seed", 1000000000 + g}});
        S s = R::initial(o);
        Rng rng{static_cast<uint64_t>(g) * 0xD1B54A32D192ED03ull + 3};
        const int my_player = g % 2;
        while (s.result == Result::ongoing) {
            const std::array<int, 2> dice = {rng.die(), rng.die()};
            R::set_dice(o, s, dice);
            ends.clear();
            turn_ends(o, s, s.to_move, -1, ends, buffers);
            const int mover = s.to_move;
            const size_t pick =
                highest(ends, [&](const S &e) { return mover == my_player ? mine(e, mover) : theirs(e, mover); }).first;
            s = ends[pick].state;
        }
        won += (s.result == Result::player0_won) == (my_player == 0);
    }
    return static_cast<double>(won) / games;
}

// The generated header after its first line: the weights `w` as `name`_weights().
template <int Hidden>
void print_header(const NetWeightsOf<Hidden> &w, const std::string &name) {
    const std::string type =
        Hidden == net_hidden ? "QuantizedNetWeights" : "QuantizedNetWeightsOf<" + std::to_string(Hidden) + ">";
    ai::td::print_header(w, "duodecim_net.hpp", "ludus::duodecim_ai", type, name);
}

template <int Hidden>
int train(const ai::td::TrainingArguments &args, const std::string &name, bool searched, bool warm) {
    const auto [games, seed, every, first_rate, last_rate, lambda] = args;
    auto made = [&] {
        if constexpr (Hidden == net_hidden)
            if (warm) return TdTrainerOf<Hidden>(seed, net_weights());
        return TdTrainerOf<Hidden>(seed);
    };
    TdTrainerOf<Hidden> trainer = made();
    for (long g = 0; g < games; ++g) {
        trainer.train_game(seed * 1000003 + static_cast<uint64_t>(g), args.rate(g), lambda, searched);
        if (every > 0 && (g + 1) % every == 0) {
            const auto &w = trainer.weights();
            auto mine = [&](const S &e, int p) { return net_win_chance(w, e, p); };
            std::fprintf(stderr,
                         "%ld games: wins %.1f%% against the logistic evaluation, %.2f%% against the committed network "
                         "(one turn each)\n",
                         g + 1,
                         100.0 * one_turn_match(
                                     mine, [](const S &e, int p) { return win_chance(e, p); }, 2000),
                         100.0 *
                             one_turn_match(
                                 mine, [](const S &e, int p) { return net_win_chance(net_weights(), e, p); }, 20000));
        }
    }
    const bool extra = Hidden != net_hidden || name != "net" || searched || warm;
    std::printf("// Generated by lib/duodecim/train/duodecim_td.cpp (`duodecim_td %ld %llu 0 %g %g %g", games,
                static_cast<unsigned long long>(seed), static_cast<double>(first_rate), static_cast<double>(last_rate),
                static_cast<double>(lambda));
    if (extra) std::printf(" %d %s %d %d", Hidden, name.c_str(), searched ? 1 : 0, warm ? 1 : 0);
    std::printf("`): do not edit.\n");
    print_header(trainer.weights(), name);
    return 0;
}

}  // namespace

int main(int argc, char **argv) {
    if (argc == 3 && std::string(argv[1]) == "quantize") {
        std::printf("// Generated by lib/duodecim/train/duodecim_td.cpp (`duodecim_td quantize`: the weights of `%s`, "
                    "stored as int8): do not edit.\n",
                    argv[2]);
        print_header(net_weights(), "net");
        return 0;
    }
    const ai::td::TrainingArguments args(argc, argv, 1000000);
    const int hidden = argc > 7 ? std::atoi(argv[7]) : net_hidden;
    const std::string name = argc > 8 ? argv[8] : "net";
    const bool searched = argc > 9 && std::atoi(argv[9]) != 0;
    const bool warm = argc > 10 && std::atoi(argv[10]) != 0;
    if (warm && hidden != net_hidden) {
        std::fprintf(stderr, "warm: only a network of %d hidden units goes on from the committed one\n", net_hidden);
        return 2;
    }
    switch (hidden) {
    case 48: return train<48>(args, name, searched, warm);
    case 64: return train<64>(args, name, searched, warm);
    case 96: return train<96>(args, name, searched, warm);
    case 128: return train<128>(args, name, searched, warm);
    default: std::fprintf(stderr, "hidden: one of 48, 64, 96, 128\n"); return 2;
    }
}
