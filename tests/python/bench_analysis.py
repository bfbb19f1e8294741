"""Benchmark of ludus.analysis (meson test --benchmark analysis): games a second between random
players with 1 worker (in this process) and 2 Dask workers, and the overhead of the analysis's
in-process path against calling random_playout in a loop over the same games (the same seeds).
Prints figures; asserts nothing about time. The machine may be shared: each figure is the best
of three runs, CPU time (which other programs barely change) is printed beside the wall-clock
time, and the load average is printed before and after."""
import importlib.util
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bindings", "python"))

from ludus import Game  # noqa: E402
from ludus.analysis import play, run  # noqa: E402

GAME, OPTIONS = "petteia", {"draw_plies_without_capture": 200}
GAMES = int(os.environ.get("LUDUS_BENCH_GAMES", "100000"))
REPEATS = 3


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


def best(function, *args):
    """The least (wall, CPU) seconds of REPEATS calls."""
    walls, cpus = [], []
    for _ in range(REPEATS):
        wall, cpu = time.perf_counter(), time.process_time()
        function(*args)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return min(walls), min(cpus)


def main():
    tasks = run.tasks(GAME, run.configurations(OPTIONS, {}, ["random"]), GAMES, 1, None, 2000, detail=0)
    seeds = seeds_of(tasks)
    load = os.getloadavg()[0]
    wall_bare, cpu_bare = best(bare_loop, seeds)
    wall_one, cpu_one = best(run.run_chunks, tasks, 1)
    print(f"{GAME} 8x8, random against random, {GAMES} games without per-ply metrics "
          f"({len(tasks)} chunks); load average {load:.1f} at the start, {os.getloadavg()[0]:.1f} now, "
          f"on {os.cpu_count()} cores")
    print(f"random_playout in a loop: {GAMES / wall_bare:8.0f} games/s wall, {GAMES / cpu_bare:8.0f} games/CPU-s")
    print(f"analysis, 1 worker:       {GAMES / wall_one:8.0f} games/s wall, {GAMES / cpu_one:8.0f} games/CPU-s; "
          f"overhead {100 * (cpu_one / cpu_bare - 1):+.1f}% CPU ({100 * (wall_one / wall_bare - 1):+.1f}% wall)")
    if importlib.util.find_spec("distributed") is None:
        print("2 workers: Dask distributed is not installed")
        return 0
    wall_bare_two = min(bare_loops_in_parallel(seeds) for _ in range(REPEATS))
    print(f"random_playout in 2 processes: {GAMES / wall_bare_two:5.0f} games/s wall = "
          f"{wall_bare / wall_bare_two:.2f} x 1 process (the most 2 workers can reach on this machine)")
    started = time.perf_counter()
    with run.local_cluster(2) as cluster:
        startup = time.perf_counter() - started
        address = cluster.scheduler_address
        run.run_chunks(tasks[:2], scheduler=address, function=measured_chunk)  # the workers import the package
        from distributed import Client
        with Client(address) as client:
            pids = list(client.run(os.getpid).values())
        walls, chunk_cpu, worker_cpu, client_cpu = [], [], [], []
        for _ in range(REPEATS):
            wall, cpu, workers = time.perf_counter(), time.process_time(), processes_cpu(pids)
            results = run.run_chunks(tasks, scheduler=address, function=measured_chunk)
            walls.append(time.perf_counter() - wall)
            client_cpu.append(time.process_time() - cpu)
            worker_cpu.append(processes_cpu(pids) - workers)
            chunk_cpu.append(sum(cpu for _, cpu in results))
    wall_two = min(walls)
    print(f"analysis, 2 Dask workers: {GAMES / wall_two:8.0f} games/s wall = {wall_one / wall_two:.2f} x 1 worker "
          f"(cluster start {startup:.1f} s not counted); the workers' CPU in the chunks {min(chunk_cpu):.2f} s against "
          f"{cpu_one:.2f} s in one process, their processes' CPU {min(worker_cpu):.2f} s; the client's, scheduler's "
          f"and nannies' CPU {min(client_cpu):.2f} s; wall {wall_two:.2f} s against the ideal {cpu_one / 2:.2f} s; "
          f"load average {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
