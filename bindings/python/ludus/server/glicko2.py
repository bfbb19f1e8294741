"""Glicko-2 ratings, as Mark Glickman's "Example of the Glicko-2 system" (2013) computes them.

A rating is (r, RD, sigma): the strength on the Glicko scale (1500 for a newcomer), its rating
deviation (how uncertain it is, 350 for a newcomer) and its volatility (how erratic the player's
results are, 0.06). :func:`update` is the paper's steps 1 to 8 for one rating period; the server
makes each rated game a period of its own, so a rating moves after every game.
"""
from __future__ import annotations

import math
from typing import NamedTuple, Sequence, Tuple

__all__ = ["Rating", "update", "NEWCOMER", "TAU", "SCALE"]

#: the paper's conversion between the Glicko scale and Glicko-2's
SCALE = 173.7178
#: the system constant: how much the volatility may change in a period (the paper's example, 0.5)
TAU = 0.5
#: the convergence tolerance of the volatility's iteration (the paper's)
EPSILON = 0.000001


class Rating(NamedTuple):
    rating: float
    deviation: float
    volatility: float


#: a player who has not played: the paper's defaults
NEWCOMER = Rating(1500.0, 350.0, 0.06)


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm of the paper."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Rating, results: Sequence[Tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after a period with ``results``: (the opponent's rating before the
    period, the player's score: 1 a win, 0.5 a draw, 0 a loss). No result: only the deviation
    grows (step 6)."""
    mu = (player.rating - 1500.0) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not results:
        return Rating(player.rating, min(NEWCOMER.deviation, math.sqrt(phi * phi + sigma * sigma) * SCALE), sigma)
    opponents = [((o.rating - 1500.0) / SCALE, o.deviation / SCALE, float(s)) for o, s in results]
    v_inverse = 0.0
    improvement = 0.0
    for mu_j, phi_j, score in opponents:
        g, e = _g(phi_j), _expected(mu, mu_j, phi_j)
        v_inverse += g * g * e * (1.0 - e)
        improvement += g * (score - e)
    v = 1.0 / v_inverse
    delta = v * improvement
    new_sigma = _volatility(phi, sigma, delta, v, tau)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * improvement
    return Rating(SCALE * new_mu + 1500.0, SCALE * new_phi, new_sigma)
