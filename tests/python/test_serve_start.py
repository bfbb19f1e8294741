"""`ludus serve` at its start: it says where it listens, which database it uses and what the
invitation links open; without --app those links open a page of the server (not a 404) that says
how to take the seat. And a missing package is named with the interpreter that missed it; the
event loop is uvloop's when it can be imported, else asyncio's."""
import asyncio
import json
import os
import sys
import urllib.request
from urllib.parse import urlsplit

import pytest

from conftest import child_env, run_python

pytest.importorskip("aiohttp")
pytest.importorskip("qrcode")
from ludus.server.testing import ServerProcess  # noqa: E402


def started(tmp_path, extra=()):
    log = tmp_path / "server.log"
    server = ServerProcess(
        f"sqlite:{tmp_path / 'games.sqlite3'}", extra=list(extra), env=child_env(), log_path=str(log)
    ).start()
    return server, log


def get(url):
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.headers.get("Content-Type", ""), response.read().decode()


def create_game(url):
    request = urllib.request.Request(
        url + "/api/games",
        data=json.dumps({"game": "petteia"}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def start_lines(log):
    return [line for line in log.read_text().splitlines() if line.startswith("ludus serve:")]


def test_without_app_the_links_open_a_page_that_says_how_to_join(tmp_path):
    server, log = started(tmp_path)
    try:
        created = create_game(server.url)
        join = created["links"]["join"]
        page = urlsplit(join)
        assert page.fragment.startswith("join=" + created["id"] + "."), join
        status, content_type, text = get(join)  # the fragment stays in the browser
        assert status == 200 and content_type.startswith("text/html")
        assert "join_game" in text and "--app" in text
        status, _, _ = get(created["links"]["watch"])
        assert status == 200
    finally:
        server.stop()
    lines = start_lines(log)
    assert f"listening at http://127.0.0.1:{server.port}/" in lines[0], lines
    assert any(f"database sqlite:{tmp_path / 'games.sqlite3'}" in line for line in lines), lines
    assert any(
        "no web app (no --app)" in line and f"http://127.0.0.1:{server.port}/#join=" in line for line in lines
    ), lines


def test_with_app_the_start_says_the_app_is_served(tmp_path):
    app = tmp_path / "app"
    app.mkdir()
    (app / "index.html").write_text('<!doctype html><meta name="ludus-server" content="none"><p>the app</p>')
    server, log = started(tmp_path, ["--app", str(app), "--public-url", "https://games.example.org"])
    try:
        status, _, text = get(server.url + "/")
        assert status == 200 and "the app" in text and "join_game" not in text
        assert created_join_base(server.url) == "https://games.example.org/"
    finally:
        server.stop()
    lines = start_lines(log)
    assert any(f"the web app from {app} at https://games.example.org/" in line for line in lines), lines
    assert any("links name https://games.example.org/ (--public-url)" in line for line in lines), lines
    assert not any("no web app" in line for line in lines), lines


def created_join_base(url):
    join = create_game(url)["links"]["join"]
    return join[: join.index("#")]


def test_a_postgresql_password_is_not_printed():
    from ludus.server import describe_database

    shown = describe_database("postgresql://ludus:secret@db.example.org/games")
    assert "secret" not in shown and shown == "postgresql://ludus:***@db.example.org/games"
    assert describe_database("postgresql://ludus@db/games") == "postgresql://ludus@db/games"
    assert describe_database("sqlite:relative.sqlite3").startswith("sqlite:/")


@pytest.mark.parametrize("sees_debian", [True, False])
def test_a_missing_package_is_named_with_the_interpreter(sees_debian):
    # A module no interpreter has stands for the server's packages; without Debian's folder on
    # sys.path (a pyenv python3, a venv without --system-site-packages) the line says to use
    # Debian's interpreter.
    code = f"""
import sys
from ludus._optional import DEBIAN_PACKAGES_DIR, missing_packages
if not {sees_debian}:
    sys.path[:] = [p for p in sys.path if p != DEBIAN_PACKAGES_DIR]
elif DEBIAN_PACKAGES_DIR not in sys.path:
    sys.path.append(DEBIAN_PACKAGES_DIR)
print(missing_packages("ludus serve", {{"json": "python3-json", "no_such_module_x": "python3-no-such"}}, "server"))
"""
    result = run_python(["-c", code])
    assert result.returncode == 0, result.stderr
    line = result.stdout.strip()
    assert line.startswith(f"ludus serve needs no_such_module_x, which this Python ({sys.executable}) cannot import")
    assert "apt install python3-no-such;" in line or "apt install python3-no-such " in line
    assert "python3-json" not in line and "pip install '.[server]'" in line
    assert ("/usr/bin/python3 -m venv --system-site-packages" in line) is (not sees_debian), line


def test_the_start_fails_in_words_without_the_server_packages(tmp_path):
    """`ludus serve` in an interpreter that cannot import aiohttp (the modules hidden): one line."""
    hide = (
        "import sys, importlib.util\n"
        "real = importlib.util.find_spec\n"
        "importlib.util.find_spec = lambda name, *a: None if name == 'qrcode' else real(name, *a)\n"
        "from ludus.cli import main\n"
        "sys.exit(main(['serve', '--port', '9']))\n"
    )
    result = run_python(["-c", hide], cwd=tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"ludus serve needs qrcode, which this Python ({sys.executable}) cannot import" in result.stdout
    assert "Traceback" not in result.stdout + result.stderr
    assert not (tmp_path / "ludus-games.sqlite3").exists()


def without_uvloop(tmp_path):
    """A child's environment in which ``import uvloop`` fails, as on a machine without python3-uvloop."""
    hidden = tmp_path / "hidden" / "uvloop"
    hidden.mkdir(parents=True, exist_ok=True)
    (hidden / "__init__.py").write_text("raise ImportError('uvloop hidden by the test')\n")
    env = child_env()
    env["PYTHONPATH"] = str(hidden.parent) + os.pathsep + env["PYTHONPATH"]
    return env


def plays_a_move(url):
    """A game created, joined and moved in over the server's WebSocket: the event loop serves."""
    from ludus.server.client import GameClient, create_game as create, join_game

    async def main():
        created = await create(url, "petteia", {"rows": 5, "cols": 5}, qr=False)
        joined = await join_game(url, created["id"], created["invite"])
        async with GameClient(url, created["id"], created["token"]) as first:
            async with GameClient(url, created["id"], joined["token"]) as second:
                mover = first if first.view["to_move"] == first.seat else second
                version = await mover.move(mover.view["legal"][0])
                other = second if mover is first else first
                return (await other.wait_until(lambda v: v["version"] >= version, 10))["version"] == version

    return asyncio.run(asyncio.wait_for(main(), 60))


def event_loop_line(log):
    return next(line for line in start_lines(log) if "event loop" in line)


def test_the_server_runs_on_uvloop_when_it_is_installed(tmp_path):
    uvloop = pytest.importorskip("uvloop")
    server, log = started(tmp_path)
    try:
        assert plays_a_move(server.url)
    finally:
        server.stop()
    assert event_loop_line(log) == f"ludus serve: event loop uvloop {uvloop.__version__}"


def test_without_uvloop_the_server_runs_on_asyncio(tmp_path):
    """The fallback: uvloop cannot be imported, the server runs on asyncio's loop and says why;
    asked for uvloop, it refuses to start in words."""
    log = tmp_path / "server.log"
    server = ServerProcess(f"sqlite:{tmp_path / 'g.sqlite3'}", env=without_uvloop(tmp_path), log_path=str(log)).start()
    try:
        assert plays_a_move(server.url)
    finally:
        server.stop()
    assert event_loop_line(log) == "ludus serve: event loop asyncio (uvloop is not installed: python3-uvloop)"
    result = run_python(
        ["-m", "ludus", "serve", "--port", "9", "--event-loop", "uvloop"], cwd=tmp_path, env=without_uvloop(tmp_path)
    )
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"--event-loop uvloop: this Python ({sys.executable}) cannot import uvloop" in result.stdout
    assert "Traceback" not in result.stdout + result.stderr
    assert not (tmp_path / "ludus-games.sqlite3").exists()


def test_the_event_loop_asked_for_is_used(tmp_path):
    server, log = started(tmp_path, ["--event-loop", "asyncio"])
    try:
        assert plays_a_move(server.url)
    finally:
        server.stop()
    assert event_loop_line(log) == "ludus serve: event loop asyncio"
    from ludus.server import new_event_loop

    with pytest.raises(ValueError, match="not 'trio'"):
        new_event_loop("trio")


def test_the_websocket_declines_compression(tmp_path):
    """A browser offers permessage-deflate: the server's handshake accepts no extension, so every
    frame it sends is plain text (the protocol, docs/server.md), and the game goes on."""
    import base64
    import socket

    server, _ = started(tmp_path)
    try:
        game = create_game(server.url)["id"]
        key = base64.b64encode(os.urandom(16)).decode()
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as connection:
            connection.sendall(
                (
                    f"GET /api/games/{game}/ws HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                    "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                    f"Sec-WebSocket-Key: {key}\r\n"
                    "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n\r\n"
                ).encode()
            )
            answer = b""
            while b"\r\n\r\n" not in answer:
                answer += connection.recv(4096)
        head = answer.split(b"\r\n\r\n")[0].decode().lower()
        assert head.startswith("http/1.1 101"), head
        assert "sec-websocket-extensions" not in head, head
        assert plays_a_move(server.url)
    finally:
        server.stop()
