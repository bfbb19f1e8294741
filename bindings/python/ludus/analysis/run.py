"""Handing the games out: chunks of games with seeds derived from (seed, configuration, chunk,
game), played in this process (``workers=1``, Dask is not imported) or by Dask distributed (a
``LocalCluster`` with a worker process per core, or an existing scheduler)."""
from __future__ import annotations

import itertools
import os
import pickle
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, TextIO

from .play import play_chunk

__all__ = ["Config", "configurations", "tasks", "run_chunks", "local_cluster", "Progress", "SchedulerError"]

# Games a chunk: fixed by the configuration, so the chunks (and their seeds) do not depend on the
# workers. Random games without per-ply metrics take some 50 microseconds each: a Dask task needs
# a thousand of them to outweigh its own cost.
CHUNK_GAMES = 50
FAST_CHUNK_GAMES = 1000
CONNECT_SECONDS = 3  # how long to try an unreachable scheduler before saying so


class SchedulerError(RuntimeError):
    """The Dask scheduler cannot be reached or the cluster cannot be started."""


@dataclass
class Config:
    """One configuration of a run: the game's options (a point of the sweep) and a pairing of levels."""

    name: str
    options: Dict[str, Any]
    levels: List[str]
    swept: Dict[str, Any] = field(default_factory=dict)


def configurations(
    options: Mapping[str, Any], sweep: Mapping[str, Sequence[Any]], levels: Sequence[str]
) -> List[Config]:
    """Every point of the sweep (the product of its options' values) with every pairing: one level
    plays itself; several levels play every pair of different ones."""
    pairings = [[levels[0], levels[0]]] if len(levels) == 1 else [list(p) for p in itertools.combinations(levels, 2)]
    names = list(sweep)
    out = []
    for values in itertools.product(*(sweep[k] for k in names)) if names else [()]:
        swept = dict(zip(names, values))
        for a, b in pairings:
            label = ",".join(f"{k}={v}" for k, v in swept.items())
            name = f"{a}-{b}" + (f"@{label}" if label else "")
            out.append(Config(name, dict(options, **swept), [a, b], swept))
    return out


def tasks(
    game_id: str,
    configs: Sequence[Config],
    games: int,
    seed: int,
    budget: Optional[int],
    max_plies: int,
    detail: Optional[int] = None,
    chunk_games: Optional[int] = None,
) -> List[Dict[str, Any]]:
    """The chunks of the run, each a dict for :func:`ludus.analysis.play.play_chunk`. ``detail``:
    how many games of a configuration between random players get the per-ply metrics (spread
    evenly, every ``ceil(games / detail)``-th game; None for all). ``chunk_games``: games a chunk
    (by default FAST_CHUNK_GAMES for random players with ``detail`` set, else CHUNK_GAMES)."""
    every = 1 if detail is None or detail >= games else max(1, -(-games // max(detail, 1)))
    out = []
    for config in configs:
        fast = detail is not None and config.levels == ["random", "random"]
        size = chunk_games or (FAST_CHUNK_GAMES if fast else CHUNK_GAMES)
        for chunk, start in enumerate(range(0, games, size)):
            out.append(
                {
                    "game": game_id,
                    "options": config.options,
                    "levels": config.levels,
                    "config": config.name,
                    "chunk": chunk,
                    "start": start,
                    "stop": min(games, start + size),
                    "seed": seed,
                    "budget": budget,
                    "max_plies": max_plies,
                    "detail_every": every if detail != 0 else 0,
                }
            )
    return out


class Progress:
    """A one-line progress bar on ``out`` (standard error): games done, elapsed, rate, time left."""

    def __init__(self, total: int, out: Optional[TextIO]) -> None:
        self.total, self.out, self.done, self.started = total, out, 0, time.monotonic()
        self.draw()

    def add(self, games: int) -> None:
        """Count ``games`` more and redraw."""
        self.done += games
        self.draw()

    def draw(self) -> None:
        """Write the bar (nothing without a stream)."""
        if self.out is None:
            return
        width = 30
        filled = width * self.done // max(self.total, 1)
        elapsed = time.monotonic() - self.started
        rate = self.done / elapsed if elapsed > 0 else 0.0
        left = (self.total - self.done) / rate if rate > 0 else 0.0
        self.out.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} games "
            f"{elapsed:5.0f}s {rate:7.1f}/s left {left:5.0f}s "
        )
        if self.done >= self.total:
            self.out.write("\n")
        self.out.flush()


def run_chunks(
    chunk_tasks: Sequence[Mapping[str, Any]],
    workers: Optional[int] = None,
    scheduler: Optional[str] = None,
    progress: Optional[TextIO] = None,
    function: Callable[[Mapping[str, Any]], Any] = play_chunk,
) -> List[Any]:
    """Run every task with ``function`` and return their results in the tasks' order. ``workers=1``
    without a scheduler runs them here; otherwise Dask runs them (on ``scheduler``, an address such
    as ``tcp://host:8786``, or on a LocalCluster of ``workers`` processes, one per core by
    default). A chunk whose worker dies is run again by the scheduler (Dask's
    ``allowed-failures``); its result is the same, as it depends on the task only."""
    bar = Progress(sum(t["stop"] - t["start"] for t in chunk_tasks), progress)
    if scheduler is None and workers == 1:
        results = []
        for task in chunk_tasks:
            results.append(function(task))
            bar.add(task["stop"] - task["start"])
        return results
    return _run_dask(chunk_tasks, workers, scheduler, bar, function)


def _run_dask(
    chunk_tasks: Sequence[Mapping[str, Any]],
    workers: Optional[int],
    scheduler: Optional[str],
    bar: Progress,
    function: Callable[[Mapping[str, Any]], Any],
) -> List[Any]:
    import logging

    from distributed import Client, as_completed

    logging.getLogger("distributed").setLevel(logging.ERROR)
    cluster = None
    try:
        if scheduler is not None:
            try:
                client = Client(scheduler, timeout=f"{CONNECT_SECONDS}s")
            except (OSError, TimeoutError) as e:
                raise SchedulerError(f"cannot reach the Dask scheduler at {scheduler}: {e}") from None
        else:
            cluster = local_cluster(workers)
            client = Client(cluster)
        with client:
            batches = _batches(len(chunk_tasks), sum(client.nthreads().values()))
            # One map for all the batches, not a submit each: Dask's client reads and tokenizes the
            # caller's source at every submit (Client._get_computation_code), about 1 ms a task.
            run_id = f"{os.getpid()}-{time.time_ns()}"
            keys = [f"ludus-chunks-{b.start}-{b.stop}-{run_id}" for b in batches]
            futures = {
                future: batch
                for future, batch in zip(
                    client.map(
                        _pickled,
                        [function] * len(batches),
                        [[chunk_tasks[i] for i in b] for b in batches],
                        key=keys,
                        pure=False,
                    ),
                    batches,
                )
            }
            results: List[Any] = [None] * len(chunk_tasks)
            for future in as_completed(futures):
                batch = futures[future]
                results[batch.start : batch.stop] = pickle.loads(future.result())
                bar.add(sum(chunk_tasks[i]["stop"] - chunk_tasks[i]["start"] for i in batch))
            return results
    finally:
        if cluster is not None:
            cluster.close()


def _batches(count: int, slots: int) -> List[range]:
    """The chunks 0..count-1 grouped into Dask tasks of consecutive chunks, the largest first: each
    task takes 1/(4 slots) of the chunks still left, and at least one (guided self-scheduling).
    Dask costs 5 to 8 ms of the client's process's CPU a task and 3 to 5 ms of the worker's,
    against some 60 ms for a chunk of 1000 random games, so the long tasks at the start pay it less
    often, and the single chunks at the end let the workers finish together. The chunks, and so
    the seeds and the records, are the same whatever the grouping. Without threads yet (a
    scheduler whose workers have not joined), one chunk a task."""
    out, start = [], 0
    while start < count:
        size = max(1, (count - start) // (4 * slots)) if slots > 0 else 1
        out.append(range(start, start + size))
        start += size
    return out


def _pickled(function: Callable[[Mapping[str, Any]], Any], tasks: Sequence[Mapping[str, Any]]) -> bytes:
    """``[function(task) for task in tasks]`` as one pickled string: Dask's own serialisation walks
    a chunk's thousand small records one by one in the client (measured: 4 of the client's 5 CPU
    seconds in a 200,000-game run on 2 cores, where the client shares the cores with the workers)."""
    return pickle.dumps([function(task) for task in tasks], protocol=pickle.HIGHEST_PROTOCOL)


def local_cluster(workers: Optional[int] = None) -> Any:
    """A Dask LocalCluster of ``workers`` processes (one per core by default), one thread each.

    The searching levels allocate and free a transposition table of up to 8 MiB every move. Dask
    sets glibc's ``MALLOC_TRIM_THRESHOLD_`` in its workers (``distributed.nanny.pre-spawn-environ``),
    which also fixes the size above which malloc maps fresh pages at 128 KiB: every move then
    faulted its table in page by page (2048 page faults, ten times the CPU of the search). The
    workers here serve allocations up to 16 MiB from the heap and keep up to 256 MiB of it.

    Two of Dask's diagnostics are off or slower, as nothing here reads them: the statistical
    profiler (a thread in every worker and scheduler sampling the stacks every 10 ms, for the
    dashboard) and the event loops' health check (every 20 ms, here every second). An idle
    2-worker cluster took 110 ms of CPU a second with them, 50 ms without, and a run shares the
    cores with them."""
    import logging

    import dask
    from distributed import LocalCluster

    settings = {
        "distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": 256 * 2**20,
        "distributed.nanny.pre-spawn-environ.MALLOC_MMAP_THRESHOLD_": 16 * 2**20,
        "distributed.worker.profile.enabled": False,
        "distributed.admin.tick.interval": "1s",
    }
    with dask.config.set(settings):
        return LocalCluster(
            n_workers=workers or os.cpu_count() or 1,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            silence_logs=logging.ERROR,
        )


def default_progress(total_games: int) -> Optional[TextIO]:
    """Standard error for a long run at a terminal, else nothing."""
    return sys.stderr if sys.stderr.isatty() and total_games >= 200 else None
