"""Benchmark of ludus.analysis (meson test --benchmark analysis): games a second between random
players with 1 worker (in this process) and 2 Dask workers, and the overhead of the analysis's
in-process path against calling random_playout in a loop over the same games (the same seeds).
Prints figures; asserts nothing about time. The machine may be shared and its speed drifts:
each round measures the four ways one after the other and gives its own ratios (the loop's and
the analysis's CPU time, 1 and 2 workers' wall-clock time); the summary is the median round's.
The load average is printed with every round. LUDUS_BENCH_GAMES (400,000) and
LUDUS_BENCH_ROUNDS (3) set the size."""
import importlib.util
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bindings", "python"))

from ludus import Game  # noqa: E402
from ludus.analysis import play, run  # noqa: E402

GAME, OPTIONS = "petteia", {"draw_plies_without_capture": 200}
GAMES = int(os.environ.get("LUDUS_BENCH_GAMES", "400000"))
ROUNDS = int(os.environ.get("LUDUS_BENCH_ROUNDS", "3"))


def seeds_of(tasks):
    """The seeds of the analysis's games (computed before the loop is timed)."""
    return [play.mix_seed(play.derive_seed(task["seed"], task["config"], task["chunk"]), index)
            for task in tasks for index in range(task["start"], task["stop"])]


def bare_loop(seeds):
    """random_playout in a loop over the same games as the analysis, nothing recorded."""
    plies = 0
    for seed in seeds:
        with Game(GAME, dict(OPTIONS, seed=seed)) as game:
            plies += game.random_playout(seed, 2000)[1]
    return plies


def bare_loops_in_parallel(seeds, processes=2):
    """The machine's own ceiling for 2 workers: the bare loop split over two processes, no Dask."""
    import multiprocessing
    with multiprocessing.get_context("fork").Pool(processes) as pool:
        wall = time.perf_counter()
        pool.map(bare_loop, [seeds[i::processes] for i in range(processes)])
        return time.perf_counter() - wall


def processes_cpu(pids):
    """The CPU seconds the processes have used so far (psutil, which Dask needs)."""
    import psutil
    total = 0.0
    for pid in pids:
        times = psutil.Process(pid).cpu_times()
        total += times.user + times.system
    return total


def measured_chunk(task):
    """A chunk's records with the CPU time the worker spent on it."""
    started = time.process_time()
    records = play.play_chunk(task)
    return records, time.process_time() - started


def median(values):
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def timed(function, *args):
    """(wall, CPU) seconds of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    function(*args)
    return time.perf_counter() - wall, time.process_time() - cpu


def main():
    tasks = run.tasks(GAME, run.configurations(OPTIONS, {}, ["random"]), GAMES, 1, None, 2000, detail=0)
    seeds = seeds_of(tasks)
    have_dask = importlib.util.find_spec("distributed") is not None
    print(f"{GAME} 8x8, random against random, {GAMES} games without per-ply metrics ({len(tasks)} chunks), "
          f"{ROUNDS} rounds; load average {os.getloadavg()[0]:.1f} at the start, on {os.cpu_count()} cores")
    cluster = None
    if have_dask:
        started = time.perf_counter()
        cluster = run.local_cluster(2)
        startup = time.perf_counter() - started
        address = cluster.scheduler_address
        run.run_chunks(tasks[:2], scheduler=address, function=measured_chunk)  # the workers import the package
        from distributed import Client
        with Client(address) as client:
            pids = list(client.run(os.getpid).values())
        print(f"2-worker LocalCluster started in {startup:.1f} s (not counted below)")
    rows = []
    try:
        for number in range(1, ROUNDS + 1):
            # One round measures everything back to back, so that its ratios compare figures taken
            # minutes apart at most: this machine's speed drifts by 10 % and more between rounds.
            row = {}
            row["wall_bare"], row["cpu_bare"] = timed(bare_loop, seeds)
            row["wall_one"], row["cpu_one"] = timed(run.run_chunks, tasks, 1)
            if cluster is not None:
                row["wall_bare_two"] = bare_loops_in_parallel(seeds)
                wall, cpu, workers = time.perf_counter(), time.process_time(), processes_cpu(pids)
                results = run.run_chunks(tasks, scheduler=address, function=measured_chunk)
                row["wall_two"] = time.perf_counter() - wall
                row["cpu_client"] = time.process_time() - cpu
                row["cpu_workers"] = processes_cpu(pids) - workers
                row["cpu_chunks"] = sum(cpu for _, cpu in results)
                del results
            row["overhead"] = row["cpu_one"] / row["cpu_bare"] - 1
            line = (f"round {number}: loop {GAMES / row['wall_bare']:6.0f} games/s ({GAMES / row['cpu_bare']:6.0f}/CPU-s); "
                    f"1 worker {GAMES / row['wall_one']:6.0f} games/s, overhead {100 * row['overhead']:+.1f} % CPU "
                    f"({100 * (row['wall_one'] / row['wall_bare'] - 1):+.1f} % wall)")
            if cluster is not None:
                row["ceiling"] = row["wall_bare"] / row["wall_bare_two"]
                row["speedup"] = row["wall_one"] / row["wall_two"]
                line += (f"; 2 bare processes {row['ceiling']:.2f} x; 2 Dask workers {GAMES / row['wall_two']:6.0f} "
                         f"games/s = {row['speedup']:.2f} x 1 worker (workers' CPU in the chunks {row['cpu_chunks']:.1f} s, "
                         f"in all {row['cpu_workers']:.1f} s; client, scheduler and nannies {row['cpu_client']:.1f} s)")
            print(line + f"; load average {os.getloadavg()[0]:.1f}", flush=True)
            rows.append(row)
    finally:
        if cluster is not None:
            cluster.close()
    print(f"median of {ROUNDS} rounds: overhead of the analysis in one process {100 * median(r['overhead'] for r in rows):+.1f} % "
          f"CPU (aim under 5 %)", end="")
    if cluster is not None:
        print(f"; 2 Dask workers {median(r['speedup'] for r in rows):.2f} x 1 worker (aim at least 1.8 x), "
              f"2 bare processes {median(r['ceiling'] for r in rows):.2f} x 1 (the machine's own ceiling)")
    else:
        print("; 2 workers: Dask distributed is not installed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
