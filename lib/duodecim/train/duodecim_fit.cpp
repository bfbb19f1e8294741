// Fits the weights of the Duodecim evaluation (lib/duodecim/duodecim_eval.hpp) by self-play: games
// between two copies of a one-turn player (the turn whose end has the best chance of winning by
// the current weights; a random turn with a small chance, so that the positions vary), every
// turn's end recorded with its features and whether the player who rolls there won the game;
// then a logistic regression (Newton's method, a little ridge) of the results on the features.
// Each round plays with the weights of the round before. Prints each round's weights and the
// log loss on games held out.
//
//   build/lib/duodecim/train/duodecim_fit [games a round] [rounds] [seed]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "duodecim/duodecim_eval.hpp"

using namespace ludus;
using namespace ludus::duodecim_ai;

namespace {

struct Sample {
    Features f;
    double won;  // 1 when the player who rolls at this position won
};

// One game; appends its turn ends to `out`.
void play(uint64_t seed, const Features &weights, double random_share, std::vector<Sample> &out) {
    const DuodecimOptions o = R::parse_options({{"seed", seed}});
    S s = R::initial(o);
    Rng rng{seed * 0x9E3779B97F4A7C15ull + 1};
    std::vector<TurnEnd> ends;
    std::array<std::vector<Action>, 4> buffers;
    const size_t first = out.size();
    std::vector<int> roller;
    for (int turn = 0; turn < 1000 && s.result == Result::ongoing; ++turn) {
        out.push_back({features(s), 0});
        roller.push_back(s.to_move);
        const std::array<int, 2> dice = {rng.die(), rng.die()};
        R::set_dice(o, s, dice);
        ends.clear();
        turn_ends(o, s, s.to_move, -1, ends, buffers);
        const int mover = s.to_move;
        const size_t pick = rng.below(1000) < random_share * 1000
                                ? rng.below(static_cast<uint32_t>(ends.size()))
                                : highest(ends, [&](const S &e) { return win_chance(e, mover, weights); }).first;
        s = ends[pick].state;
    }
    const int winner = s.result == Result::player0_won ? 0 : s.result == Result::player1_won ? 1 : -1;
    for (size_t i = first; i < out.size(); ++i) out[i].won = roller[i - first] == winner ? 1.0 : 0.0;
}

double log_loss(const std::vector<Sample> &data, const Features &w) {
    double loss = 0;
    for (const Sample &x : data) {
        double z = 0;
        for (size_t i = 0; i < feature_count; ++i) z += w[i] * x.f[i];
        const double p = std::clamp(logistic(z), 1e-9, 1 - 1e-9);
        loss -= x.won * std::log(p) + (1 - x.won) * std::log(1 - p);
    }
    return loss / static_cast<double>(data.size());
}

// From zero weights, where Newton's method for a logistic regression is safe.
Features fit(const std::vector<Sample> &data) {
    constexpr size_t n = feature_count;
    Features w{};
    const double ridge = 1.0;
    for (int iteration = 0; iteration < 12; ++iteration) {
        std::array<std::array<double, n + 1>, n> a{};  // the Hessian with the gradient as last column
        for (size_t i = 0; i < n; ++i) a[i][i] = ridge, a[i][n] = -ridge * w[i];
        for (const Sample &x : data) {
            double z = 0;
            for (size_t i = 0; i < n; ++i) z += w[i] * x.f[i];
            const double p = logistic(z), h = p * (1 - p);
            for (size_t i = 0; i < n; ++i) {
                a[i][n] += (x.won - p) * x.f[i];
                for (size_t j = 0; j < n; ++j) a[i][j] += h * x.f[i] * x.f[j];
            }
        }
        for (size_t c = 0; c < n; ++c) {  // Gaussian elimination with partial pivoting
            size_t pivot = c;
            for (size_t r = c + 1; r < n; ++r)
                if (std::abs(a[r][c]) > std::abs(a[pivot][c])) pivot = r;
            std::swap(a[c], a[pivot]);
            for (size_t r = 0; r < n; ++r) {
                if (r == c) continue;
                const double k = a[r][c] / a[c][c];
                for (size_t j = c; j <= n; ++j) a[r][j] -= k * a[c][j];
            }
        }
        for (size_t i = 0; i < n; ++i) w[i] += a[i][n] / a[i][i];
    }
    return w;
}

void print(const char *label, const Features &w) {
    std::printf("%s {", label);
    for (size_t i = 0; i < feature_count; ++i) std::printf("%s%.4f", i ? ", " : "", w[i]);
    std::printf("}\n");
}

}  // namespace

int main(int argc, char **argv) {
    const int games = argc > 1 ? std::atoi(argv[1]) : 20000;
    const int rounds = argc > 2 ? std::atoi(argv[2]) : 3;
    const uint64_t seed = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 1;
    // The first round plays with a guess (the race lead and the danger to the other side's units).
    Features w = {0.2, 1.0, 0.0, -0.1, 0.1, -0.05, 0.05, -0.3, 0.6, 0.0, 0.0};
    print("start", w);
    for (int round = 0; round < rounds; ++round) {
        std::vector<Sample> train, test;
        for (int g = 0; g < games; ++g)
            play(seed + static_cast<uint64_t>(round) * 1000003 + static_cast<uint64_t>(g), w, 0.1,
                 g % 5 == 4 ? test : train);
        const double before = log_loss(test, w);
        const Features fitted = fit(train);
        std::printf("round %d: %zu positions, held-out log loss %.4f with the weights played, %.4f fitted\n", round + 1,
                    train.size(), before, log_loss(test, fitted));
        w = fitted;
        print("weights", w);
        std::fflush(stdout);
    }
}
