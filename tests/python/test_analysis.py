"""ludus.analysis and `ludus analyze`: each metric on hand-made games with known answers, the
records against the library's own playouts, identical results for 1 and 2 Dask workers, a killed
worker's chunk run again, one clear line for each bad argument, every ruleset (Ur's too) in the
published study, and the reading of Ur's solution through the level perfect."""
import csv
import json
import math
import os
import pickle
import random
import sys
from pathlib import Path

import pytest

import ludus
from conftest import ending_soon, every_ruleset
from ludus import Game, Phase, analysis, cli
from ludus.analysis import metrics, play, run, study
from ludus.analysis.records import RecordTable

DOCS = Path(__file__).resolve().parents[2] / "docs"


# ---- metrics on hand-made games ------------------------------------------------------------


def test_lead_change_counts_leader_sets_as_ludii_does():
    # Leaders: 0, 0, 1, both (level), 0: three changes; Ludii counts the first state too, over L = 5.
    evaluations = [0.5, 0.3, -0.2, 0.0, 0.4]
    assert metrics.leaders(evaluations) == [0, 0, 1, -1, 0]
    assert metrics.lead_changes(evaluations) == 3
    assert metrics.lead_change(evaluations, 5) == pytest.approx(4 / 5)
    assert metrics.lead_change([0.1] * 10, 10) == pytest.approx(1 / 10)  # Ludii's minimum: 1/L
    assert metrics.lead_change([], 0) is None


def test_stability_is_the_sum_of_both_players_variances():
    assert metrics.stability([1.0, -1.0]) == pytest.approx(2.0)  # Var(e_0) = 1, and e_1 = -e_0
    assert metrics.stability([0.3, 0.3, 0.3]) == pytest.approx(0.0)
    assert metrics.stability([0.0, 0.5, 1.0]) == pytest.approx(2 * (0.25 + 0 + 0.25) / 3)


def test_drama_is_how_far_behind_the_winner_was():
    evaluations = [-0.5, -0.5, 0.5]  # player 0 behind twice, then ahead
    assert metrics.drama(evaluations, 0) == pytest.approx((1.0 + 1.0 + 0.0) / 3)
    assert metrics.drama(evaluations, 1) == pytest.approx((0.0 + 0.0 + 1.0) / 3)
    assert metrics.drama(evaluations, None) == pytest.approx(0.5)  # a draw: both are winners
    assert metrics.drama([0.2, 0.9], 0) == 0.0  # the winner always led


def test_branching_decisions_turns_and_coverage():
    branching = [1, 3, 1, 2]
    assert metrics.branching_mean(branching) == pytest.approx(1.75)
    assert metrics.decision_share(branching) == pytest.approx(0.5)
    assert metrics.turns_of([0, 0, 1, 1, 1, 0]) == 3
    assert metrics.turns_of([]) == 0
    assert metrics.coverage(["a1", "b2", "a1"], 4) == pytest.approx(0.5)


def test_mean_interval_known_values():
    s = metrics.mean_interval([1, 2, 3, 4])
    assert s["mean"] == 2.5
    assert s["sd"] == pytest.approx(math.sqrt(1.25))  # population, as DurationTurnsStdDev
    assert s["high"] - s["mean"] == pytest.approx(1.96 * math.sqrt(5 / 3 / 4))
    assert metrics.wilson(0, 10) == (0.0, pytest.approx(1.96**2 / (10 + 1.96**2)))  # no successes: z^2 / (n + z^2)


def _record(winner, end, first=0, levels=("a", "b"), plies=10):
    return {"winner": winner, "end": end, "first": first, "levels": list(levels), "plies": plies, "config": "c"}


def test_summary_outcomes_follow_ludii():
    records = [_record(0, "win"), _record(1, "win"), _record(None, "draw"), _record(None, "timeout")]
    s = metrics.summarize(records)
    assert s["completion"]["value"] == 0.5
    assert s["draws"]["value"] == 0.25 and s["timeouts"]["value"] == 0.25
    assert s["drawishness"]["value"] == 0.5  # Ludii as coded: a timeout is a draw
    assert s["advantage_first"]["value"] == 0.5  # (1 + 0 + 0.5 + 0.5) / 4
    assert s["balance"]["value"] == 1.0
    assert s["completion"]["low"] == pytest.approx(metrics.wilson(2, 4)[0])
    # The first player wins all three: AdvantageP1 1, Balance 1 - |1 - 0| = 0.
    s = metrics.summarize([_record(0, "win"), _record(1, "win", first=1), _record(0, "win")])
    assert s["advantage_first"]["value"] == 1.0
    assert s["balance"]["value"] == pytest.approx(1 - abs(2 / 3 - 1 / 3))


def test_summary_pairing_counts_the_levels_not_the_seats():
    # Level a is player 0 in the first game and player 1 in the second; it wins both.
    s = metrics.summarize([_record(0, "win", levels=("a", "b")), _record(1, "win", levels=("b", "a"))])
    assert s["pairing"]["a"] == "a" and s["pairing"]["a_wins"] == 2 and s["pairing"]["b_wins"] == 0
    assert s["pairing"]["a_score"]["value"] == 1.0


def test_histogram_counts_every_value():
    h = metrics.histogram([1, 2, 2, 10], bins=3)
    assert sum(h["counts"]) == 4 and h["counts"][0] == 3 and h["counts"][-1] == 1


# ---- positions read by the metrics ---------------------------------------------------------


def test_board_features_count_sites_and_material():
    position = {"ranks": ["00.", "...", ".11"], "pieces": [2, 2]}
    f = play.features("petteia", None, position)
    assert f.sites == {(0, 0), (0, 1), (2, 1), (2, 2)} and f.total_sites == 9 and f.on_board == 4
    assert f.evaluation == 0.0
    f = play.features("petteia", None, {"ranks": ["0..", "...", ".11"], "pieces": [1, 2]})
    assert f.evaluation == pytest.approx(math.tanh(-1))  # one piece down: Ludii's default heuristic


def test_race_features_count_the_race():
    zeros = [0] * 24
    position = {"hand": [5, 6], "entry": [[1, 0, 0, 0, 0, 0], [0] * 6], "track": [zeros, zeros], "off": [0, 0]}
    f = play.features("duodecim", None, position)
    # Player 0: 5 in hand (31 each) and one on entry cell I (progress 1): 185; player 1: 186.
    assert f.evaluation == pytest.approx(math.tanh((186 - 185) / 7.0))
    assert f.sites == {("entry", 0, 0)} and f.on_board == 1 and f.material == (6, 6)
    track = [[0] * 36, [0] * 36]
    track[0][35], track[1][12] = 1, 1  # player 0 at progress 36, player 1 at progress 13: the same cell
    position = {"hand": [0, 0], "bar": [0, 0], "track": track, "off": [14, 14]}
    assert len(play.features("xii_scripta", "murray", position).sites) == 1
    assert len(play.features("xii_scripta", "tabletop_murray", position).sites) == 2
    # A board of squares both players run in the same order (each square its piece's owner or null),
    # read as any race game's without routes: square k is progress k, shared.
    position = {"squares": [0, None, 1, None, 0], "hand": [1, 0], "off": [0, 1]}
    f = play.features("duodecim", None, position)
    # Player 0: one in hand (6 to go) and pieces at 1 and 5 (5 and 1): 12; player 1 at 3: 3.
    assert f.evaluation == pytest.approx(math.tanh((3 - 12) / 7.0))
    assert f.sites == {("track", 0), ("track", 2), ("track", 4)} and f.on_board == 3 and f.material == (3, 1)


ROUTED = [
    (entry["id"], ruleset["id"] if ruleset is not entry else None)
    for entry in ludus.games()
    for ruleset in [entry, *entry["rulesets"]]
    if ruleset["board"].get("routes")
]


@pytest.mark.parametrize("game_id,ruleset", ROUTED, ids=[f"{g}-{r}" for g, r in ROUTED])
def test_race_features_follow_each_route(game_id, ruleset):
    """In every race game whose board names its routes (the catalogue's), every square a move
    reaches is the square the features place that piece on (the moves' to_cell, from the
    library), and the race counts every piece's way to go, off included."""
    read = play.reading(game_id, ruleset)
    options = {"ruleset": ruleset} if ruleset else {}
    reached = set()
    for seed in range(6):
        with Game(game_id, seed=seed, **options) as game:
            chooser = random.Random(seed)
            while not game.is_over:
                if game.phase == Phase.ROLL:
                    game.roll()
                    continue
                moves = game.legal_moves
                move = moves[chooser.randrange(len(moves))]
                if move.get("to_cell"):
                    assert read.routes[move["player"]][move["to"] - 1] == move["to_cell"]
                    reached.add(move["to_cell"])
                game.play(move)
    assert len(reached) <= read.total_sites
    length = len(read.routes[0])
    track = [[0] * length, [0] * length]
    track[0][length - 1], track[1][0] = 1, 1
    position = {"hand": [6, 5], "track": track, "off": [0, 1]}
    f = play.features(game_id, ruleset, position)
    left = [6 * (length + 1) + 1, 5 * (length + 1) + length]
    assert f.evaluation == pytest.approx(math.tanh((left[1] - left[0]) / read.race_unit))
    assert f.on_board == 2 and f.material == (7, 6)
    assert len(f.sites) == (1 if read.routes[0][length - 1] == read.routes[1][0] else 2)


def test_search_values_become_player_0s_evaluation():
    searched = {"level": "best", "nodes": 10}
    board, two_dice = play.reading("petteia", None), play.reading("duodecim", None)
    three_dice, binary = play.reading("xii_scripta", None), play.reading("ur", None)
    # the race unit: a throw's pips on average (two six-sided dice, three, four binary, three binary)
    assert (two_dice.race_unit, three_dice.race_unit, binary.race_unit) == (7.0, 10.5, 2.0)
    assert play.reading("ur", "masters").race_unit == 1.5
    assert play._evaluation_of(board, dict(searched, value=1.0), 0) == pytest.approx(math.tanh(1.0))
    assert play._evaluation_of(board, dict(searched, value=1.0), 1) == pytest.approx(-math.tanh(1.0))
    assert play._evaluation_of(two_dice, dict(searched, value=0.75), 1) == pytest.approx(-0.5)  # a chance
    # XII Scripta's medium counts steps (its catalogue's search_values), its best a chance
    medium = {"level": "medium", "nodes": 10, "value": 10.5}
    assert play._evaluation_of(three_dice, medium, 0) == pytest.approx(math.tanh(1.0))
    assert play._evaluation_of(three_dice, dict(searched, value=0.75), 0) == pytest.approx(0.5)
    assert play._evaluation_of(board, {"level": "uct", "nodes": 5, "value": 0.25}, 0) == pytest.approx(-0.5)
    assert play._evaluation_of(two_dice, {"level": "best", "nodes": 0, "value": 0.0}, 0) is None  # forced
    assert play._evaluation_of(binary, dict(searched, value=0.25), 0) == pytest.approx(-0.5)  # a chance


# ---- records from real games ---------------------------------------------------------------


def test_fast_record_is_the_library_playout():
    seed = play.mix_seed(play.derive_seed(1, "x", 0), 0)
    record = play.play_game("petteia", {"rows": 5, "cols": 5}, ["random", "random"], seed, detailed=False)
    with Game("petteia", rows=5, cols=5, seed=seed) as game:
        result, plies = game.random_playout(seed, 2000)
    assert (record["winner"], record["plies"]) == (result.winner, plies)


def test_detailed_record_is_consistent():
    record = play.play_game("duodecim", {"pieces": 2}, ["random", "greedy"], 7)
    assert record["end"] == "win" and record["winner"] in (0, 1)
    assert len(record["branching"]) == record["plies"]
    assert record["turns"] <= record["plies"]
    assert record["pieces_left"] == 2  # the loser's pieces: the winner bore both off
    assert 0 < record["board_coverage"] <= 1
    assert record["eval_drama"] is not None  # greedy's search values


@pytest.mark.parametrize(
    "game_id,options", every_ruleset(), ids=[f"{g}-{o.get('ruleset', '')}" for g, o in every_ruleset()]
)
def test_every_game_and_ruleset_is_recorded(game_id, options):
    """Every game of the catalogue, in each of its rulesets, is played and read by the analysis
    (random against greedy, with the per-ply metrics), none named here."""
    record = play.play_game(game_id, ending_soon(game_id, options), ["random", "greedy"], 5, max_plies=400)
    assert record["end"] in ("win", "draw", "timeout") and len(record["branching"]) == record["plies"]
    assert record["pieces_left"] == record["pieces_left_0"] + record["pieces_left_1"] >= 0
    assert 0 < record["board_coverage"] <= 1 and record["eval_drama"] is not None


def test_the_study_plays_every_ruleset_and_its_index_is_made_from_the_reports(tmp_path):
    """The study plays every ruleset of the catalogue (Ur's four too); docs/analysis/index.md is
    what ``--index`` writes from the reports published there, whichever rulesets have one (a game
    added is studied when its report is published, and its page of rules links it)."""
    names = [game + (f"-{ruleset}" if ruleset else "") for game, ruleset in study.rulesets()]
    assert {"ur-finkel", "ur-masters", "ur-blitz", "ur-murray"} <= set(names)
    published = DOCS / "analysis"
    heads = study.read_heads(str(published))
    assert heads, "no report published in docs/analysis"
    study.write_index(str(tmp_path), heads)
    index = (published / "index.md").read_text(encoding="utf-8")
    assert (tmp_path / "index.md").read_text(
        encoding="utf-8"
    ) == index, (
        "docs/analysis/index.md differs from its reports: python3 -m ludus.analysis.study --index --out docs/analysis"
    )
    for head in heads:
        assert f"({head['name']}/report.md)" in index, head["name"]
    assert "(ur/solution.md)" in index


def test_the_index_leaves_out_what_is_not_published(tmp_path):
    """Step off the path: a ruleset without a report has no row, and one with a report has."""
    published = DOCS / "analysis"
    first = study.read_heads(str(published))[0]["name"]
    (tmp_path / first).mkdir()
    (tmp_path / first / "summary.json").write_bytes((published / first / "summary.json").read_bytes())
    assert [h["name"] for h in study.read_heads(str(tmp_path))] == [first]
    study.write_index(str(tmp_path), study.read_heads(str(tmp_path)))
    rows = [line for line in (tmp_path / "index.md").read_text().splitlines() if line.startswith("| [")]
    assert rows and all(line.startswith(f"| [{first}]") for line in rows)


def test_positions_read_are_the_saved_positions():
    with Game("latrunculi", ruleset="bell", seed=4) as game:
        game.random_playout(4, 30)
        assert play._position(game) == json.loads(game.to_json())["position"]


def test_seeds_depend_on_the_chunk_not_the_workers():
    random_players = run.configurations({}, {}, ["random"])
    assert len(run.tasks("duodecim", random_players, 2500, 5, None, 2000, detail=10)) == 3  # 1000 a chunk
    assert len(run.tasks("duodecim", random_players, 2500, 5, None, 2000)) == 50  # 50 a chunk
    tasks = run.tasks("duodecim", random_players, 120, 5, None, 2000, detail=10, chunk_games=50)
    assert [(t["start"], t["stop"]) for t in tasks] == [(0, 50), (50, 100), (100, 120)]
    assert tasks[0]["detail_every"] == 12
    first = play.play_chunk(tasks[1])
    assert first == play.play_chunk(tasks[1])
    assert [r["index"] for r in first] == list(range(50, 100))
    assert sum(1 for r in first if "branching" in r) == len([i for i in range(50, 100) if i % 12 == 0])


def test_record_table_reads_back_every_record_as_given():
    records = [
        play.play_game("duodecim", {"pieces": 2}, ["random", "greedy"], 7),
        play.play_game("petteia", {"rows": 5, "cols": 5}, ["random", "random"], 3, detailed=False),
        play.play_game("petteia", {"rows": 5, "cols": 5}, ["random", "random"], 4, detailed=False),
    ]
    for index, (record, config) in enumerate(zip(records, ["a", "b", "a"])):
        record.update(index=index, config=config)
    table = RecordTable(records)
    assert table == records and list(table) == records and table[-1] == records[2] and table[1:] == records[1:]
    assert [list(r) for r in table] == [list(r) for r in records]  # the keys in the same order
    assert json.dumps(list(table)) == json.dumps(records)
    assert pickle.loads(pickle.dumps(table)) == records
    assert table.column("winner") == [r["winner"] for r in records]
    assert table.column("drama") == [records[0]["drama"], None, None]
    assert table.by_config()["a"] == [records[0], records[2]] and table.by_config()["b"] == [records[1]]
    merged = RecordTable.concat([RecordTable(records[1:]), table])  # other numbering of levels and configs
    assert merged == records[1:] + records
    table.rename_config("a", "c")
    assert table.column("config") == ["c", "b", "c"]
    table[0]["winner"] = 5  # a copy: the table is unchanged
    assert table[0] == records[0] | {"config": "c"}
    with pytest.raises(IndexError):
        table[3]


def test_a_random_chunk_is_27_bytes_a_game():
    task = run.tasks(
        "petteia", run.configurations({"rows": 5, "cols": 5}, {}, ["random"]), 1000, 1, None, 2000, detail=0
    )[0]
    size = len(pickle.dumps(play.play_chunk(task), protocol=pickle.HIGHEST_PROTOCOL))
    assert 27 * 1000 <= size < 28 * 1000


def test_dask_tasks_group_consecutive_chunks_largest_first():
    batches = run._batches(100, 2)
    assert [i for b in batches for i in b] == list(range(100))
    sizes = [len(b) for b in batches]
    assert sizes == sorted(sizes, reverse=True) and sizes[0] == 12 and sizes[-1] == 1 and len(sizes) == 31
    assert [len(b) for b in run._batches(3, 2)] == [1, 1, 1]
    assert [len(b) for b in run._batches(5, 0)] == [1] * 5  # no threads known: a chunk a task


def test_sweep_makes_every_point_with_every_pairing():
    configs = run.configurations(
        {"pieces": 3}, {"pieces": [1, 2], "first_player": [0, 1]}, ["random", "greedy", "best"]
    )
    assert len(configs) == 4 * 3
    assert configs[0].options == {"pieces": 1, "first_player": 0} and configs[0].levels == ["random", "greedy"]


# ---- workers -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def two_workers():
    """A local Dask cluster of two worker processes, shared by the tests that need one."""
    pytest.importorskip("distributed")
    import cloudpickle
    import sys

    cloudpickle.register_pickle_by_value(sys.modules[__name__])  # the workers cannot import this file
    with run.local_cluster(2) as cluster:
        yield cluster.scheduler_address


def _records(**where):
    result = analysis.analyze("duodecim", {"pieces": 2}, levels=["random", "greedy"], games=60, seed=11, **where)
    return json.dumps(list(result["records"]), sort_keys=True), json.dumps(result["configs"], sort_keys=True)


def test_one_and_two_workers_give_identical_results(two_workers):
    assert _records(workers=1) == _records(scheduler=two_workers)


def _dying_chunk(task):
    """Kills its worker process the first time it gets chunk 1, then plays normally."""
    marker = task["marker"]
    if task["chunk"] == 1 and not os.path.exists(marker):
        with open(marker, "w") as f:
            f.write("killed")
        os._exit(1)
    return play.play_chunk(task)


def test_a_killed_workers_chunk_is_run_again(tmp_path, two_workers):
    marker = str(tmp_path / "killed")
    tasks = run.tasks(
        "duodecim", run.configurations({"pieces": 1}, {}, ["random"]), 150, 3, None, 2000, detail=0, chunk_games=50
    )
    for t in tasks:
        t["marker"] = marker
    expected = run.run_chunks(tasks, workers=1)
    got = run.run_chunks(tasks, scheduler=two_workers, function=_dying_chunk)
    assert os.path.exists(marker)  # the worker did die
    assert got == expected


# ---- the command line ----------------------------------------------------------------------


def _analyze(capsys, *args):
    status = cli.main(["analyze", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize(
    "args, status, words",
    [
        (["petteia", "--option", "colour=red"], 2, "petteia has no option --colour"),
        (["petteia", "--sweep", "rows="], 2, "empty value"),
        (["petteia", "--sweep", "rows=5,,7"], 2, "empty value"),
        (["petteia", "--sweep", "rows=99"], 2, "rows"),
        (["petteia", "--players", "random,wizard"], 2, "no level 'wizard'"),
        (["petteia", "--games", "0"], 2, "--games"),
        (["latrunculi", "--ruleset", "nobody"], 2, "ruleset"),
        (["petteia", "--scheduler", "tcp://127.0.0.1:1", "--games", "1"], 1, "cannot reach the Dask scheduler"),
    ],
)
def test_bad_arguments_give_one_line(capsys, tmp_path, args, status, words):
    got, out, err = _analyze(capsys, *args, "--out", str(tmp_path / "out"))
    assert got == status
    assert err.count("\n") == 1 and err.startswith("ludus analyze: ") and words in err, err
    assert not (tmp_path / "out").exists()


def test_command_writes_records_summary_and_report(capsys, tmp_path):
    out = tmp_path / "out"
    status, text, err = _analyze(
        capsys,
        "duodecim",
        "--sweep",
        "pieces=1,2",
        "--option",
        "first_player=1",
        "--players",
        "random,greedy",
        "--games",
        "4",
        "--workers",
        "1",
        "--out",
        str(out),
    )
    assert status == 0, err
    assert "8 games" in text
    with open(out / "records.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 8 and {r["config"] for r in rows} == {"random-greedy@pieces=1", "random-greedy@pieces=2"}
    assert {r["first"] for r in rows} == {"1"}
    assert json.loads((out / "records.json").read_text())[0]["branching"]
    summary = json.loads((out / "summary.json").read_text())
    assert summary["configs"]["random-greedy@pieces=1"]["games"] == 4
    report = (out / "report.md").read_text()
    for picture in ("scores.png", "lengths.png", "branching.png", "sweep.png"):
        assert f"({picture})" in report and (out / picture).stat().st_size > 1000


def test_the_plots_are_saved_whole(capsys, tmp_path):
    """Nothing drawn touches a plot's edge: a label cut off by the figure's border would."""
    image = pytest.importorskip("matplotlib.image")
    out = tmp_path / "out"
    status, _, err = _analyze(
        capsys,
        "duodecim",
        "--players",
        "random,greedy",
        "--games",
        "4",
        "--workers",
        "1",
        "--no-progress",
        "--out",
        str(out),
    )
    assert status == 0, err
    for picture in ("scores.png", "lengths.png", "branching.png"):
        pixels = image.imread(out / picture)[:, :, :3]
        edges = [pixels[:4], pixels[-4:], pixels[:, :4], pixels[:, -4:]]  # the saved margin is 8 px
        assert all(edge.min() > 0.95 for edge in edges), f"{picture}: something drawn reaches its edge"


def test_ruleset_is_an_option(capsys, tmp_path):
    out = tmp_path / "out"
    status, text, err = _analyze(
        capsys, "latrunculi", "--ruleset", "bell", "--games", "2", "--detail", "0", "--workers", "1", "--out", str(out)
    )
    assert status == 0, err
    assert json.loads((out / "summary.json").read_text())["options"]["ruleset"] == "bell"


@pytest.mark.parametrize(
    "hidden, args, words",
    [
        ("distributed", [], "python3-distributed"),  # the default: a local Dask cluster
        ("matplotlib", ["--workers", "1"], "python3-matplotlib"),  # the report's plots, even in this process
    ],
)
def test_a_missing_package_is_one_line_before_any_game(capsys, tmp_path, monkeypatch, hidden, args, words):
    import importlib.util

    find_spec = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *rest: None if name == hidden else find_spec(name, *rest)
    )
    got, out, err = _analyze(capsys, "petteia", "--games", "1", *args, "--out", str(tmp_path / "out"))
    assert got == 1
    assert err.count("\n") == 1 and err.startswith(f"ludus analyze needs {hidden}, ") and words in err, err
    assert f"this Python ({sys.executable}) cannot import" in err and "pip install '.[analysis]'" in err
    assert not (tmp_path / "out").exists()


# ---- the reading of Ur's solution ----------------------------------------------------------


@pytest.fixture(scope="module")
def finkel_two_pieces(tmp_path_factory):
    """The solved table of Finkel's rules with two pieces a side (seconds), and the solver's summary."""
    from conftest import run_python
    from ludus.cli import solve

    if solve.solver_path() is None:
        pytest.skip("ludus-ur-solve is not built")
    table = tmp_path_factory.mktemp("ur") / "ur-finkel-2-4.table"
    result = run_python(["-m", "ludus", "solve", "ur", "--pieces", "2", "-o", str(table), "--quiet"])
    assert result.returncode == 0, result.stdout + result.stderr
    return str(table), json.loads(result.stdout)


def test_ur_solution_is_read_through_the_perfect_level(finkel_two_pieces, tmp_path):
    from ludus.analysis import ur_solution

    table, summary = finkel_two_pieces
    options = {"ruleset": "finkel", "pieces": 2, "dice": 4}
    solution = ur_solution.Solution(table)
    start = ur_solution.start_reading(solution, options)
    first = start["first_player"]
    assert first == pytest.approx(summary["first_player_wins"], abs=1e-6)
    assert first == pytest.approx(0.518572907, abs=1e-6)  # docs/computer-players.md, two pieces
    # The start's chance is each throw's chance times its best move's; a throw of 0 passes the start over.
    assert sum(t["chance"] * t["best"] for t in start["throws"]) == pytest.approx(first, abs=1e-6)
    assert start["throws"][0]["moves"] == [("pass", pytest.approx(1 - first, abs=1e-6))]
    assert [t["moves"][0][0] for t in start["throws"][1:]] == ["H-1", "H-2", "H-3", "H-4"]
    # After the rosette: pass on 0, enter or move on with 1..3, only move on with 4 (the rosette is held).
    assert [len(t["moves"]) for t in start["after_4"]] == [1, 2, 2, 2, 1]
    rosettes = ur_solution.rosette_reading(solution, options, games=4, seed=1)
    assert rosettes["decisions"] > 0 and rosettes["extra_throw"]["n"] > 0
    assert 0 < rosettes["extra_throw"]["mean"] < 1
    path = ur_solution.write_reading(str(tmp_path), ur_solution.table_header(table), start, rosettes, 1.0, 1.0)
    assert "Finkel" in open(path, encoding="utf-8").read()
