"""ludus serve's lobby: Glicko-2 against Glickman's worked example, two strangers paired through
the lobby on two server processes sharing PostgreSQL and rated as Glicko-2 says, quick games,
the abuse limits, move deadlines (live and correspondence), the answers against the schemas.

Loopback only; every wait is bounded (the clients' timeouts, the processes' startup)."""
import asyncio
import random
import sqlite3
import time

import pytest

import ludus
from ludus.server import glicko2
from ludus.server.glicko2 import NEWCOMER, Rating, update

aiohttp = pytest.importorskip("aiohttp")
jsonschema = pytest.importorskip("jsonschema")
pytest.importorskip("qrcode")

from ludus.server.client import GameClient, LobbyClient, ServerError  # noqa: E402
from ludus.server.protocol import load_schema  # noqa: E402
from ludus.server.testing import ServerProcess, play_seat  # noqa: E402

from conftest import child_env  # noqa: E402
from test_server import FAST, run  # noqa: E402

HTTP = load_schema("http.schema.json")
MESSAGES = load_schema("server-message.schema.json")

# Games from the catalogue: one with rulesets (its default and another), and the others
CATALOGUE = ludus.games()
RULED = next(entry for entry in CATALOGUE if "ruleset" in entry["options"])
WITH_RULESETS = RULED["id"]
DEFAULT_RULES = RULED["options"]["ruleset"]["default"]
OTHER_RULES = next(v for v in RULED["options"]["ruleset"]["values"] if v != DEFAULT_RULES)
PLAIN = next(entry["id"] for entry in CATALOGUE if "ruleset" not in entry["options"])  # ruleset "standard"
KINDS = [entry["id"] for entry in CATALOGUE]


def check(definition, value, document=HTTP):
    """``value`` is valid for the schema's ``definition``."""
    schema = dict(document["$defs"][definition], **{"$defs": document["$defs"]})
    jsonschema.Draft202012Validator(schema).validate(value)


# ---- Glicko-2 ------------------------------------------------------------------------------------


def test_glicko2_gives_glickmans_worked_example():
    """Glickman, "Example of the Glicko-2 system": a player of 1500, RD 200, volatility 0.06 (tau
    0.5) beats a 1400/30, loses to a 1550/100 and to a 1700/300 in one period: r' = 1464.06,
    RD' = 151.52, sigma' = 0.05999 (mu' = -0.2069, phi' = 0.8722 on the Glicko-2 scale)."""
    assert glicko2.TAU == 0.5
    after = update(
        Rating(1500, 200, 0.06),
        [(Rating(1400, 30, 0.06), 1), (Rating(1550, 100, 0.06), 0), (Rating(1700, 300, 0.06), 0)],
    )
    assert abs(after.rating - 1464.06) < 0.01
    assert abs(after.deviation - 151.52) < 0.01
    assert abs(after.volatility - 0.05999) < 0.00001
    assert round((after.rating - 1500) / glicko2.SCALE, 4) == -0.2069
    assert round(after.deviation / glicko2.SCALE, 4) == 0.8722


def test_glicko2_next_to_the_example():
    """The cases around it: a period without games only widens the deviation; a draw between equals
    keeps both ratings and narrows both deviations; a win and a loss move two newcomers equally
    apart; beating a stronger player gains more than beating a weaker one."""
    idle = update(Rating(1500, 200, 0.06), [])
    assert idle.rating == 1500 and idle.volatility == 0.06
    assert abs(idle.deviation - (200**2 + (0.06 * glicko2.SCALE) ** 2) ** 0.5) < 1e-9
    assert update(Rating(1500, 349.9, 0.06), []).deviation == 350.0  # never past a newcomer's
    drawn = update(NEWCOMER, [(NEWCOMER, 0.5)])
    assert abs(drawn.rating - 1500) < 1e-9 and drawn.deviation < NEWCOMER.deviation
    won, lost = update(NEWCOMER, [(NEWCOMER, 1)]), update(NEWCOMER, [(NEWCOMER, 0)])
    assert abs((won.rating - 1500) - (1500 - lost.rating)) < 1e-9 and won.rating > 1600
    strong, weak = Rating(1800, 80, 0.06), Rating(1200, 80, 0.06)
    me = Rating(1500, 100, 0.06)
    assert update(me, [(strong, 1)]).rating - 1500 > update(me, [(weak, 1)]).rating - 1500 > 0


# ---- helpers -------------------------------------------------------------------------------------


async def play_out(clients, seed, max_plies=100000):
    """Both seats play random moves to the end; returns the final view."""
    acked = []
    try:
        for client in clients:
            await client.connect()
        await asyncio.gather(
            *(play_seat(c, random.Random(seed + i), acked, max_plies, timeout=60) for i, c in enumerate(clients))
        )
        view = await clients[0].wait_until(lambda v: v["status"] == "over", 30)
    finally:
        for client in clients:
            await client.close()
    return view, acked


def expected_ratings(before, winner):
    """Both players' ratings after a game between ``before`` (by seat) that ``winner`` won."""
    score = 0.5 if winner is None else 1.0 if winner == 0 else 0.0
    return [update(before[0], [(before[1], score)]), update(before[1], [(before[0], 1 - score)])]


def stored_ratings(cursor, players, game, ruleset, placeholder):
    found = []
    for player in players:
        cursor.execute(
            "SELECT rating, deviation, volatility, games FROM ratings WHERE player = {0} AND game = {0} "
            "AND ruleset = {0}".format(placeholder),
            (player, game, ruleset),
        )
        row = cursor.fetchone()
        found.append((Rating(*row[:3]), row[3]))
    return found


def sqlite_server(tmp_path, *extra):
    path = tmp_path / "games.sqlite3"
    server = ServerProcess(
        f"sqlite:{path}", extra=FAST + list(extra), env=child_env(), log_path=str(tmp_path / "server.log")
    ).start()
    return server, path


# ---- two strangers on two processes ------------------------------------------------------------


def test_two_strangers_paired_through_the_lobby_on_two_processes(postgres, tmp_path):
    """A stranger opens a seek on one process; another, on the other process, finds it in the list
    and accepts it; the first learns of it (NOTIFY) while waiting. They play Ur to its end, each on
    their own process; both ratings are Glicko-2's, to the last digit. A second game, by two
    quick-game requests on the two processes, rates them again from their new ratings."""
    import psycopg2

    servers = [
        ServerProcess(postgres.dsn, extra=FAST, env=child_env(), log_path=str(tmp_path / f"server{i}.log")).start()
        for i in range(2)
    ]

    async def main():
        async with aiohttp.ClientSession() as session:
            anna, bruno = LobbyClient(servers[0].url, session=session), LobbyClient(servers[1].url, session=session)
            check("player", await anna.register())
            await bruno.register()
            seek = await anna.seek("ur", pace="live")
            check("open_seek", seek)
            waiting = asyncio.ensure_future(anna.wait(seek["id"], 20))
            listed = [s for s in await bruno.seeks() if s["id"] == seek["id"]]
            accepted = await bruno.accept(seek["id"])
            paired = await waiting
            watched = await bruno.live()
            first = await play_out([anna.game(paired), bruno.game(accepted)], seed=7)
            me_after_first = [await anna.me(), await bruno.me()]
            # the second game: two quick requests, one on each process
            opened = await bruno.quick("ur", pace="live")
            waiting = asyncio.ensure_future(bruno.wait(opened["id"], 20))
            quick = await anna.quick("ur", pace="live")
            quick_waited = await waiting
            second = await play_out([anna.game(quick), bruno.game(quick_waited)], seed=11)
            me_after_second = [await anna.me(), await bruno.me()]
            # two quick requests at once, one on each process: paired with each other all the same
            at_once = await asyncio.gather(anna.quick(PLAIN, pace="live"), bruno.quick(PLAIN, pace="live"))
            opened_at_once = next((a for a in at_once if a["status"] == "open"), None)
            waited_at_once = await (anna if at_once[0] is opened_at_once else bruno).wait(opened_at_once["id"], 10)
            return dict(locals(), players=(anna.player, bruno.player))

    try:
        found = run(main(), timeout=240)
    finally:
        for server in servers:
            server.stop()
    seek, listed, accepted, paired, watched = (found[k] for k in ("seek", "listed", "accepted", "paired", "watched"))
    first, me_first, opened, quick = (found[k] for k in ("first", "me_after_first", "opened", "quick"))
    quick_waited, second, me_second, players = (
        found[k] for k in ("quick_waited", "second", "me_after_second", "players")
    )
    anna, bruno = players
    assert seek["status"] == "open" and seek["ruleset"] == "finkel" and seek["player"] == anna
    assert listed and listed[0]["rating"] == {"rating": 1500, "deviation": 350}
    check("paired", accepted)
    assert accepted["status"] == "paired" and accepted["opponent"] == anna
    assert paired["status"] == "paired" and paired["game_id"] == accepted["game_id"]
    assert {paired["seat"], accepted["seat"]} == {0, 1}
    check("live_games", {"games": watched})
    assert [g["id"] for g in watched] == [accepted["game_id"]]
    assert {p["player"] for p in watched[0]["players"]} == {anna, bruno}
    # the first game's ratings: Glicko-2 from two newcomers
    view1, acked1 = first
    assert view1["status"] == "over" and len(acked1) > 10
    check("view", view1, MESSAGES)
    by_seat = [anna, bruno] if paired["seat"] == 0 else [bruno, anna]
    after1 = expected_ratings([NEWCOMER, NEWCOMER], view1["winner"])
    for me in me_first:
        check("me", me)
        seat = by_seat.index(me["player"])
        (rating,) = me["ratings"]
        assert (rating["game"], rating["ruleset"], rating["games"]) == ("ur", "finkel", 1)
        assert rating["rating"] == round(after1[seat].rating) and rating["deviation"] == round(after1[seat].deviation)
        (game,) = me["games"]
        assert game["id"] == paired["game_id"] and game["status"] == "over" and not game["your_turn"]
        assert game["result"] == ("win" if view1["winner"] == seat else "loss")
        assert game["rating"] == {
            "before": 1500,
            "after": round(after1[seat].rating),
            "deviation": round(after1[seat].deviation),
        }
    # the second game, paired by quick requests on the two processes, rated from the first's
    assert opened["status"] == "open" and quick["status"] == "paired" and quick["opponent"] == bruno
    assert quick_waited["status"] == "paired" and quick_waited["game_id"] == quick["game_id"]
    view2, _ = second
    by_seat2 = [anna, bruno] if quick["seat"] == 0 else [bruno, anna]
    before2 = [after1[by_seat.index(p)] for p in by_seat2]
    after2 = expected_ratings(before2, view2["winner"])
    with psycopg2.connect(postgres.dsn) as db, db.cursor() as cursor:
        stored = stored_ratings(cursor, by_seat2, "ur", "finkel", "%s")
    for (rating, games), expected in zip(stored, after2):
        assert games == 2
        assert all(abs(a - b) < 1e-9 for a, b in zip(rating, expected)), (rating, expected)
    for me in me_second:
        assert len(me["games"]) == 2 and me["games"][0]["id"] == quick["game_id"]
    at_once, waited_at_once = found["at_once"], found["waited_at_once"]
    assert sorted(a["status"] for a in at_once) == ["open", "paired"], at_once
    paired_at_once = next(a for a in at_once if a["status"] == "paired")
    assert waited_at_once["status"] == "paired" and waited_at_once["game_id"] == paired_at_once["game_id"]


# ---- quick games ---------------------------------------------------------------------------------


def test_a_quick_game_pairs_the_next_two_alike(tmp_path):
    """Quick requests are paired only with one alike (game, ruleset, pace, days), the oldest first,
    never with the player's own seek (asking again gives it back)."""
    server, _ = sqlite_server(tmp_path)

    async def main():
        async with aiohttp.ClientSession() as session:
            people = [LobbyClient(server.url, session=session) for _ in range(7)]
            for person in people:
                await person.register()
            a, b, c, d, e, f, g = people
            answers = {
                "a": await a.quick(WITH_RULESETS, pace="live"),
                "a again": await a.quick(WITH_RULESETS, pace="live"),
                "b": await b.quick(WITH_RULESETS, pace="correspondence", days=3),
                "c": await c.quick(WITH_RULESETS, pace="live", ruleset=OTHER_RULES),
                "d": await d.quick(PLAIN, pace="live"),
                "e": await e.quick(WITH_RULESETS, pace="correspondence", days=2),
                "f": await f.quick(WITH_RULESETS, pace="live"),
                "g": await g.quick(WITH_RULESETS, pace="correspondence", days=3),
            }
            answers["a waited"] = await a.wait(answers["a"]["id"], 0)
            answers["open"] = await a.seeks()
            return answers, [p.player for p in people]

    try:
        answers, players = run(main(), timeout=60)
    finally:
        server.stop()
    a, b, c, d, e, f, g = players
    assert answers["a"]["status"] == "open"
    assert answers["a again"] == answers["a"]
    for name in ("b", "c", "d", "e"):
        assert answers[name]["status"] == "open", name
    assert answers["c"]["ruleset"] == OTHER_RULES and answers["d"]["ruleset"] == "standard"
    assert answers["f"]["status"] == "paired" and answers["f"]["opponent"] == a
    assert answers["g"]["status"] == "paired" and answers["g"]["opponent"] == b and answers["g"]["days"] == 3
    assert answers["a waited"]["game_id"] == answers["f"]["game_id"]
    assert sorted(s["player"] for s in answers["open"]) == sorted([c, d, e])


# ---- abuse limits --------------------------------------------------------------------------------


def test_the_lobbys_limits_and_refusals(tmp_path):
    """Seeks per player, lobby games and seeks per address (behind a proxy, addresses from
    X-Forwarded-For), new players per address; a missing or unknown token, one's own seek, a seek
    taken, an unknown ruleset, a pace without its days: each refused with its code, and as the
    schema says."""
    server, _ = sqlite_server(
        tmp_path,
        "--trust-proxy",
        "--seeks-per-player",
        "2",
        "--games-per-address",
        "3",
        "--players-per-hour",
        "4",
    )

    async def refused(call):
        with pytest.raises(ServerError) as info:
            await call
        return info.value.code

    async def main():
        codes = {}
        async with aiohttp.ClientSession() as session:
            here = {"X-Forwarded-For": "203.0.113.7"}
            one, two, three = (LobbyClient(server.url, session=session, headers=here) for _ in range(3))
            for person in (one, two, three):
                await person.register()
            codes["fifth player"] = [
                await LobbyClient(server.url, session=session, headers=here).register() is not None,
                await refused(LobbyClient(server.url, session=session, headers=here).register()),
            ]
            elsewhere = LobbyClient(server.url, session=session, headers={"X-Forwarded-For": "198.51.100.9"})
            await elsewhere.register()  # another address: its own count
            first = await one.seek(KINDS[0])
            await one.seek(KINDS[1])
            codes["third seek"] = await refused(one.seek(KINDS[2]))
            await one.cancel(first["id"])
            codes["after a cancel"] = (await one.seek(KINDS[2]))["status"]
            await two.seek(WITH_RULESETS)  # the address's third
            codes["fourth of the address"] = await refused(three.seek(WITH_RULESETS))
            taken = (await one.me())["seeks"][0]["id"]
            codes["own seek"] = await refused(one.accept(taken))
            # a game paired from elsewhere: the address's seek became a game, still counted
            await elsewhere.accept(taken)
            codes["seek taken"] = await refused(three.accept(taken))
            (still_open,) = (await one.me())["seeks"]
            codes["not theirs"] = [
                await refused(three.cancel(still_open["id"])),
                await refused(three.wait(still_open["id"], 0)),
            ]
            codes["still four"] = await refused(three.seek(WITH_RULESETS))
            codes["cancelled twice"] = await refused(one.cancel(first["id"]))
            codes["no token"] = await refused(LobbyClient(server.url, session=session).me())
            codes["unknown token"] = await refused(LobbyClient(server.url, "x" * 43, session=session).me())
            codes["ruleset"] = await refused(elsewhere.seek(WITH_RULESETS, ruleset="nonesuch"))
            codes["game"] = await refused(elsewhere.seek("chess"))
            codes["live with days"] = await refused(elsewhere.seek(WITH_RULESETS, pace="live", days=2))
            codes["correspondence without days"] = await refused(elsewhere.seek(WITH_RULESETS, pace="correspondence"))
            codes["days"] = await refused(elsewhere.seek(WITH_RULESETS, pace="correspondence", days=15))
            async with session.post(server.url + "/api/lobby/seeks", json={"game": PLAIN, "pace": "live"}) as response:
                codes["answer"] = (response.status, await response.json())
        return codes

    try:
        codes = run(main(), timeout=60)
    finally:
        server.stop()
    assert codes["fifth player"] == [True, "too_many_players"]
    assert codes["third seek"] == "too_many_seeks" and codes["after a cancel"] == "open"
    assert codes["fourth of the address"] == "too_many_games"
    assert codes["own seek"] == "own_seek"
    assert codes["seek taken"] == "no_seek" and codes["cancelled twice"] == "no_seek"
    assert codes["not theirs"] == ["no_seek", "no_seek"]
    assert codes["still four"] == "too_many_games"
    assert codes["no token"] == codes["unknown token"] == "no_player"
    assert codes["ruleset"] == codes["game"] == "bad_game"
    for key in ("live with days", "correspondence without days", "days"):
        assert codes[key] == "bad_message", key
    status, body = codes["answer"]
    assert status == 401 and body["error"] == "no_player"
    check("error", body)


def test_every_lobby_request_counts_against_the_addresss_request_rate(tmp_path):
    """--requests-per-minute 6: an address's lobby requests (GETs too: a player's games, the
    lists, a seek's wait) are refused as rate_limited past it; another address is not."""
    server = ServerProcess(
        f"sqlite:{tmp_path / 'games.sqlite3'}",
        extra=["--trust-proxy", "--requests-per-minute", "6"],
        env=child_env(),
        log_path=str(tmp_path / "server.log"),
    ).start()

    async def main():
        async with aiohttp.ClientSession() as session:
            here = LobbyClient(server.url, session=session, headers={"X-Forwarded-For": "203.0.113.7"})
            there = LobbyClient(server.url, session=session, headers={"X-Forwarded-For": "198.51.100.9"})
            await here.register()
            seek = await here.seek(PLAIN)
            await here.wait(seek["id"], 0)
            await here.me()
            await here.seeks()
            await here.live()
            with pytest.raises(ServerError) as info:
                await here.me()
            return info.value.code, await there.seeks()

    try:
        code, listed = run(main(), timeout=60)
    finally:
        server.stop()
    assert code == "rate_limited" and [s["game"] for s in listed] == [PLAIN]


# ---- deadlines -----------------------------------------------------------------------------------


async def live_petteia(server, session):
    """Two new players paired in a live game of Petteia: (the seeker, the one who accepted, the
    seeker's pairing, {seat: connected GameClient})."""
    a, b = LobbyClient(server.url, session=session), LobbyClient(server.url, session=session)
    await a.register()
    await b.register()
    seek = await a.seek("petteia")
    accepted = await b.accept(seek["id"])
    paired = await a.wait(seek["id"], 5)
    clients = {paired["seat"]: a.game(paired), accepted["seat"]: b.game(accepted)}
    for client in clients.values():
        await client.connect()
    return a, b, paired, clients


def test_a_live_game_whose_player_does_not_move_is_lost_on_time(tmp_path):
    """--live-move-seconds 4: the player to move who does not is lost on time (end reason timeout,
    the opponent the winner, both rated); the deadline is in the view and moves on with a move.
    A spectator from the list of games being played (its watch link, as the app's "Watch") sees
    the move and the end, and cannot play."""
    server, _ = sqlite_server(tmp_path, "--live-move-seconds", "4")

    async def main():
        async with aiohttp.ClientSession() as session:
            a, b, paired, clients = await live_petteia(server, session)
            (live,) = await LobbyClient(server.url, session=session).live()
            assert live["links"]["watch"].endswith(f"/#watch={live['id']}")
            spectator = GameClient(server.url, live["id"], session=session)
            await spectator.connect()
            first = clients[0].view
            started = time.time()
            await clients[0].move(first["legal"][0])  # seat 0 moves first in Petteia
            after_move = clients[0].view
            seen = await spectator.wait_until(lambda v: v["version"] == after_move["version"], 5)
            with pytest.raises(ServerError) as refused:
                await spectator.move(seen["legal"][0])
            over = await clients[1].wait_until(lambda v: v["status"] == "over", 15)
            ended = time.time() - started
            watched = await spectator.wait_until(lambda v: v["status"] == "over", 5)
            for client in [*clients.values(), spectator]:
                await client.close()
            return (
                first,
                after_move,
                over,
                ended,
                await a.me(),
                await b.me(),
                paired["seat"],
                (spectator, seen, watched, refused.value),
            )

    try:
        first, after_move, over, ended, me_a, me_b, seat_a, watcher = run(main(), timeout=60)
    finally:
        server.stop()
    spectator, seen, watched, refused = watcher
    assert spectator.seat is None and refused.code == "spectator"
    assert seen["position"] == after_move["position"] and watched == over
    assert [e["kind"] for e in spectator.events] == ["move", "timeout"]
    assert first["status"] == "playing" and first["deadline"] > time.time() - 60
    assert after_move["deadline"] > first["deadline"]
    assert over["end_reason"] == "timeout" and over["winner"] == 0 and over["deadline"] is None
    check("view", over, MESSAGES)
    assert 3.5 < ended < 15
    winner_me = me_a if seat_a == 0 else me_b
    loser_me = me_b if seat_a == 0 else me_a
    assert winner_me["games"][0]["result"] == "win" and loser_me["games"][0]["result"] == "loss"
    assert winner_me["ratings"][0]["rating"] == round(update(NEWCOMER, [(NEWCOMER, 1)]).rating)


def test_only_a_move_starts_the_clock_again(tmp_path):
    """Offers and their refusals cost nothing, so they leave the deadline as it was (else a player
    could keep a lost game alive for ever); a declined offer is made again only after a move; a
    move starts the clock again, and lets its player's own pending offer lapse; the player to move
    whose own offer waits unanswered loses on time (the one asked does not)."""
    server, _ = sqlite_server(tmp_path, "--live-move-seconds", "6")

    async def main():
        async with aiohttp.ClientSession() as session:
            _, _, _, seats = await live_petteia(server, session)
            first, second = seats[0], seats[1]  # seat 0 moves first in Petteia

            async def seen():  # both have the last change
                version = max(first.version, second.version)
                for client in (first, second):
                    await client.wait_until(lambda v: v["version"] == version, 5)
                return first.view["deadline"]

            deadlines, refusals = [await seen()], []
            await second.offer("draw")
            deadlines.append(await seen())
            await first.answer("draw", False)
            deadlines.append(await seen())
            await first.offer("draw")
            deadlines.append(await seen())
            await second.answer("draw", False)
            deadlines.append(await seen())
            for client in (first, second):
                try:
                    await client.offer("draw")
                except ServerError as e:
                    refusals.append(e.code)
            await first.move(first.view["legal"][0])
            after_move = await seen()
            await second.offer("draw")  # again, after a move
            await second.move(second.view["legal"][0])  # the offer lapses
            after_second_move = await seen()
            lapsed = first.view["offer"]
            await first.offer("draw")  # and nobody answers
            offered = await seen()
            over = await second.wait_until(lambda v: v["status"] == "over", 20)
            events = second.events
            for client in seats.values():
                await client.close()
            return deadlines, refusals, after_move, after_second_move, lapsed, offered, over, events

    try:
        deadlines, refusals, after_move, after_second_move, lapsed, offered, over, events = run(main(), timeout=60)
    finally:
        server.stop()
    assert len(set(deadlines)) == 1, deadlines  # two offers and two refusals: the same deadline
    assert refusals == ["offer_declined", "offer_declined"]
    assert deadlines[0] < after_move < after_second_move == offered
    assert lapsed is None
    assert over["end_reason"] == "timeout" and over["winner"] == 1
    assert events[-1]["kind"] == "timeout" and events[-1]["seat"] == 0


def test_a_correspondence_game_is_kept_and_its_deadline_enforced(tmp_path):
    """Days a move: the deadline stored is the last change's time and the days; the game is kept
    however long it idles (not archived, --archive-after 1); a player coming back is told it is
    their turn (GET /api/players/me), the turn passing with a move; a deadline passed ends the
    game on time, the player to move the loser, and rates both."""
    server, path = sqlite_server(tmp_path, "--archive-after", "1")

    def stored(game_id):
        with sqlite3.connect(str(path)) as db:
            return db.execute(
                "SELECT l.deadline, l.to_act, l.status, g.status, g.updated FROM lobby_games l "
                "JOIN games g ON g.id = l.game_id WHERE l.game_id = ?",
                (game_id,),
            ).fetchone()

    async def main():
        loop = asyncio.get_running_loop()
        async with aiohttp.ClientSession() as session:
            a, b = LobbyClient(server.url, session=session), LobbyClient(server.url, session=session)
            await a.register()
            await b.register()
            seek = await a.seek("petteia", pace="correspondence", days=2)
            accepted = await b.accept(seek["id"])
            game_id = accepted["game_id"]
            at_pairing = await loop.run_in_executor(None, stored, game_id)
            await asyncio.sleep(2.5)  # idle past --archive-after
            # the players come back (their tokens kept by their devices)
            tokens = {a.player: a.token, b.player: b.token}
            back = {p: LobbyClient(server.url, t, session=session) for p, t in tokens.items()}
            told = {p: (await c.me())["your_turn"] for p, c in back.items()}
            mover = next(p for p, n in told.items() if n)
            client = GameClient(server.url, game_id, tokens[mover], session=session)
            await client.connect()
            kept = client.view["status"]
            await client.move(client.view["legal"][0])
            after_move = await loop.run_in_executor(None, stored, game_id)
            told_after = {p: (await c.me())["your_turn"] for p, c in back.items()}
            with sqlite3.connect(str(path)) as db:  # two days pass
                db.execute("UPDATE lobby_games SET deadline = ? WHERE game_id = ?", (time.time() - 1, game_id))
            over = await client.wait_until(lambda v: v["status"] == "over", 15)
            await client.close()
            finals = {p: await c.me() for p, c in back.items()}
            return at_pairing, told, mover, kept, after_move, told_after, over, finals, client.seat, client.events

    try:
        at_pairing, told, mover, kept, after_move, told_after, over, finals, seat, events = run(main(), timeout=60)
    finally:
        server.stop()
    deadline, to_act, lobby_status, status, updated = at_pairing
    assert abs(deadline - (updated + 2 * 86400)) < 5 and to_act == 0 and lobby_status == status == "playing"
    assert sorted(told.values()) == [0, 1] and kept == "playing" and seat == 0
    deadline, to_act, _, status, updated = after_move
    assert abs(deadline - (updated + 2 * 86400)) < 5 and to_act == 1 and status == "playing"
    assert told_after[mover] == 0 and sorted(told_after.values()) == [0, 1]
    assert over["end_reason"] == "timeout" and over["winner"] == 0
    assert events[-1]["kind"] == "timeout" and events[-1]["seat"] == 1
    for player, me in finals.items():
        (game,) = me["games"]
        assert game["result"] == ("win" if player == mover else "loss") and game["status"] == "over"
        assert me["ratings"][0]["games"] == 1
