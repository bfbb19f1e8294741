"""Benchmark of ludus.analysis (meson test --benchmark analysis): games a second between random
players with 1 worker (in this process) and 2 Dask workers, and the overhead of the analysis's
in-process path against calling random_playout in a loop over the same games (the same seeds).
Prints figures; asserts nothing about time. This virtual machine's speed drifts by 10 to 30 %
from one half minute to the next, even with nothing else running, so the figures are paired:
the overhead compares the loop and the analysis chunk by chunk in turn (the same 1000 games
each, in CPU time); the 2 workers' speed-up sums rounds of the four runs (the loop, 1 worker,
the loop in 2 processes, 2 Dask workers), every other round in reverse order. The load average
is printed with every figure. LUDUS_BENCH_GAMES (400,000) and LUDUS_BENCH_ROUNDS (4) set the size."""
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bindings", "python"))

from ludus import Game  # noqa: E402
from ludus.analysis import play, run  # noqa: E402

GAME, OPTIONS = "petteia", {"draw_plies_without_capture": 200}
GAMES = int(os.environ.get("LUDUS_BENCH_GAMES", "400000"))
ROUNDS = int(os.environ.get("LUDUS_BENCH_ROUNDS", "4"))


def seeds_of(tasks):
    """The seeds of the analysis's games (computed before the loop is timed)."""
    return [
        play.mix_seed(play.derive_seed(task["seed"], task["config"], task["chunk"]), index)
        for task in tasks
        for index in range(task["start"], task["stop"])
    ]


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


def timed(function, *args):
    """(wall, CPU) seconds of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    function(*args)
    return time.perf_counter() - wall, time.process_time() - cpu


def interleaved_overhead(tasks):
    """CPU seconds of the bare loop and of the analysis in this process, chunk by chunk in turn
    (the first of the two alternating), so that both meet the same drifts of the machine's speed.
    The analysis's records are kept to the end, as a run keeps them."""
    cpu_bare = cpu_one = 0.0
    kept = []
    for number, task in enumerate(tasks):
        seeds = seeds_of([task])
        for phase in (0, 1) if number % 2 == 0 else (1, 0):
            started = time.process_time()
            if phase == 0:
                bare_loop(seeds)
                cpu_bare += time.process_time() - started
            else:
                kept.append(run.run_chunks([task], 1))
                cpu_one += time.process_time() - started
    return cpu_bare, cpu_one


def instructions(mode, games):
    """The instructions this script's ``--instructions MODE GAMES`` child runs under cachegrind."""
    result = subprocess.run(
        [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
            sys.executable,
            os.path.abspath(__file__),
            "--instructions",
            mode,
            str(games),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(re.search(r"I\s+refs:\s+([\d,]+)", result.stderr).group(1).replace(",", ""))


def instruction_overhead(small=1000, large=3000):
    """The analysis's extra instructions a game over the loop's, from runs of ``large`` games less
    runs of ``small`` (which cancels the start-up): counts that repeat from run to run, whatever
    the machine's load or speed."""
    loop = (instructions("loop", large) - instructions("loop", small)) / (large - small)
    analysis = (instructions("analysis", large) - instructions("analysis", small)) / (large - small)
    return loop, analysis


def instructions_child(mode, games):
    """What ``instructions`` counts: the seeds computed (both ways), then the loop or the analysis."""
    tasks = run.tasks(GAME, run.configurations(OPTIONS, {}, ["random"]), games, 1, None, 2000, detail=0)
    seeds = seeds_of(tasks)
    if mode == "loop":
        bare_loop(seeds)
    else:
        run.run_chunks(tasks, 1)


def main():
    tasks = run.tasks(GAME, run.configurations(OPTIONS, {}, ["random"]), GAMES, 1, None, 2000, detail=0)
    seeds = seeds_of(tasks)
    have_dask = importlib.util.find_spec("distributed") is not None
    print(
        f"{GAME} 8x8, random against random, {GAMES} games without per-ply metrics ({len(tasks)} chunks); "
        f"load average {os.getloadavg()[0]:.1f} at the start, on {os.cpu_count()} cores"
    )

    if shutil.which("valgrind"):
        loop, analysis = instruction_overhead()
        print(
            f"instructions a game (valgrind --tool=cachegrind, 3000 games less 1000): loop {loop / 1000:.1f} thousand, "
            f"analysis {analysis / 1000:.1f} thousand: overhead {100 * (analysis / loop - 1):+.2f} %",
            flush=True,
        )
    cpu_bare, cpu_one = interleaved_overhead(tasks)
    print(
        f"overhead, the loop and the analysis in one process chunk by chunk in turn: loop {GAMES / cpu_bare:.0f} "
        f"games/CPU-s, analysis {GAMES / cpu_one:.0f}: overhead {100 * (cpu_one / cpu_bare - 1):+.1f} % CPU (aim under 5 %); "
        f"load average {os.getloadavg()[0]:.1f}",
        flush=True,
    )
    if not have_dask:
        print("2 workers: Dask distributed is not installed")
        return 0

    started = time.perf_counter()
    cluster = run.local_cluster(2)
    try:
        startup = time.perf_counter() - started
        address = cluster.scheduler_address
        run.run_chunks(tasks[:2], scheduler=address, function=measured_chunk)  # the workers import the package
        from distributed import Client

        with Client(address) as client:
            pids = list(client.run(os.getpid).values())
        print(f"2-worker LocalCluster started in {startup:.1f} s (not counted below)")

        def two_workers():
            wall, cpu, workers = time.perf_counter(), time.process_time(), processes_cpu(pids)
            results = run.run_chunks(tasks, scheduler=address, function=measured_chunk)
            return {
                "wall_two": time.perf_counter() - wall,
                "cpu_client": time.process_time() - cpu,
                "cpu_workers": processes_cpu(pids) - workers,
                "cpu_chunks": sum(cpu for _, cpu in results),
            }

        phases = [
            ("wall_bare", lambda: {"wall_bare": timed(bare_loop, seeds)[0]}),
            ("wall_one", lambda: {"wall_one": timed(run.run_chunks, tasks, 1)[0]}),
            ("wall_bare_two", lambda: {"wall_bare_two": bare_loops_in_parallel(seeds)}),
            ("wall_two", two_workers),
        ]
        rows = []
        for number in range(1, ROUNDS + 1):
            # The four runs one after the other, in reverse order every other round (ABBA), so that
            # a drift of the machine's speed over a round weighs on both sides of each ratio alike.
            row = {}
            for _, phase in phases if number % 2 else phases[::-1]:
                row.update(phase())
            print(
                f"round {number}: loop {GAMES / row['wall_bare']:6.0f} games/s, 1 worker {GAMES / row['wall_one']:6.0f}, "
                f"2 bare processes {GAMES / row['wall_bare_two']:6.0f} = {row['wall_bare'] / row['wall_bare_two']:.2f} x the loop, "
                f"2 Dask workers {GAMES / row['wall_two']:6.0f} = {row['wall_one'] / row['wall_two']:.2f} x 1 worker "
                f"(workers' CPU in the chunks {row['cpu_chunks']:.1f} s, in all {row['cpu_workers']:.1f} s; client, "
                f"scheduler and nannies {row['cpu_client']:.1f} s); load average {os.getloadavg()[0]:.1f}",
                flush=True,
            )
            rows.append(row)
    finally:
        cluster.close()
    total = {key: sum(r[key] for r in rows) for key in ("wall_bare", "wall_one", "wall_bare_two", "wall_two")}
    print(
        f"all {ROUNDS} rounds: 2 Dask workers {total['wall_one'] / total['wall_two']:.2f} x 1 worker (aim at least 1.8 x); "
        f"2 bare processes {total['wall_bare'] / total['wall_bare_two']:.2f} x the loop (the machine's own ceiling); "
        f"1 worker {100 * (total['wall_one'] / total['wall_bare'] - 1):+.1f} % wall against the loop"
    )
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--instructions"]:
        sys.exit(instructions_child(sys.argv[2], int(sys.argv[3])))
    sys.exit(main())
