"""Benchmark of ludus.analysis (meson test --benchmark analysis): games a second between random
players with 1 worker (in this process) and 2 Dask workers, and the overhead of the analysis's
in-process path against calling random_playout in a loop. Prints figures; asserts nothing about time."""
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bindings", "python"))

from ludus import Game  # noqa: E402
from ludus.analysis import run  # noqa: E402

GAME, OPTIONS = "petteia", {"draw_plies_without_capture": 200}
GAMES = int(os.environ.get("LUDUS_BENCH_GAMES", "20000"))
REPEATS = 3


def chunk_tasks():
    return run.tasks(GAME, run.configurations(OPTIONS, {}, ["random"]), GAMES, 1, None, 2000, detail=0)


def bare_loop(tasks):
    """random_playout in a loop over as many games, nothing recorded."""
    plies = 0
    for task in tasks:
        for index in range(task["start"], task["stop"]):
            seed = task["seed"] + index
            with Game(GAME, dict(OPTIONS, seed=seed)) as game:
                plies += game.random_playout(seed, 2000)[1]
    return plies


def timed(function, *args, **kwargs):
    started = time.perf_counter()
    function(*args, **kwargs)
    return time.perf_counter() - started


def main():
    tasks = chunk_tasks()
    bare, ours = [], []
    for _ in range(REPEATS):  # alternated, the least of each: the machine is shared
        bare.append(timed(bare_loop, tasks))
        ours.append(timed(run.run_chunks, tasks, workers=1))
    t_bare, t_one = min(bare), min(ours)
    print(f"{GAME}, random against random, {GAMES} games (per-ply metrics off)")
    print(f"random_playout in a loop:   {GAMES / t_bare:9.0f} games/s")
    print(f"analysis, 1 worker:         {GAMES / t_one:9.0f} games/s  (overhead {100 * (t_one / t_bare - 1):+.1f}%)")
    try:
        from distributed import LocalCluster
    except ImportError:
        print("2 workers: Dask distributed is not installed")
        return 0
    import logging
    started = time.perf_counter()
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                      silence_logs=logging.ERROR) as cluster:
        startup = time.perf_counter() - started
        run.run_chunks(tasks[:4], scheduler=cluster.scheduler_address)  # workers import the package
        t_two = min(timed(run.run_chunks, tasks, scheduler=cluster.scheduler_address) for _ in range(REPEATS))
    print(f"analysis, 2 Dask workers:   {GAMES / t_two:9.0f} games/s  ({t_one / t_two:.2f} x 1 worker; "
          f"the cluster's start, {startup:.1f} s, not counted)")
    print(f"cores: {os.cpu_count()}, load average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
