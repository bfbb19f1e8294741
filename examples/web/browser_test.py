#!/usr/bin/python3
"""The web app in a real browser: headless Chromium (Debian's chromium + chromium-driver) driven
by Selenium, on the built app (build-wasm/examples/web) served from 127.0.0.1 on a free port.

    /usr/bin/python3 examples/web/browser_test.py SITE_DIR SCREENSHOT_DIR

For each game, a whole game is played by taps against the computer (which thinks in the Web
Worker): the test taps a highlighted piece, then one of its highlighted targets (the page
highlights them from legalMoves()), rolls with the button or enters dice in the form, passes
when told to. It checks the result shown and the board's, that a reload finds the game where it
was, that Save / Load saved restores a position, that the app loads again with the server
stopped (service worker), and saves PNG screenshots at desktop and 360 px phone width, which
must not be blank. Exits non-zero on any failure.
"""
import functools
import http.server
import os
import random
import struct
import sys
import threading
import time
import zlib

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

SITE, SHOTS = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
rng = random.Random(2024)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                      ".wasm": "application/wasm", ".webmanifest": "application/manifest+json"}

    def log_message(self, *args):
        pass


def serve():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=SITE))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def browser():
    options = webdriver.ChromeOptions()
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,900"]:
        options.add_argument(flag)
    options.binary_location = "/usr/bin/chromium"
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def wait_for(condition, what, seconds=30):
    end = time.time() + seconds
    while time.time() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def wait_ready(driver):
    wait_for(lambda: driver.execute_script("return document.body.dataset.ready === 'true' && !!document.querySelector('#board svg')"),
             "the app to start")


def status(driver):
    return driver.execute_script("const s = document.querySelector('#status'); return {text: s.textContent, phase: s.dataset.phase, result: s.dataset.result};")


def moves_shown(driver):
    return driver.execute_script("return document.querySelector('#history').children.length")


def tap(driver, element):
    ActionChains(driver).move_to_element(element).click().perform()


def visible(driver, selector):
    found = driver.find_elements(By.CSS_SELECTOR, selector)
    return found[0] if found and found[0].is_displayed() and found[0].is_enabled() else None


def new_game(driver, game, opponent, computer=1, **fields):
    driver.find_element(By.ID, "new-game").click()
    driver.execute_script("""
        const [game, opponent, computer, fields] = arguments;
        const form = document.querySelector('#new-game-form');
        form.elements.game.value = game;
        form.dispatchEvent(new Event('change'));
        form.elements.opponent.value = opponent;
        form.elements.computer.value = String(computer);
        for (const [name, value] of Object.entries(fields)) form.elements[name].value = String(value);
        form.dispatchEvent(new Event('change'));""", game, opponent, computer, fields)
    driver.find_element(By.ID, "start").click()
    wait_for(lambda: driver.execute_script("return document.querySelector('#board').dataset.game") == game
             and status(driver)["phase"] != "over" and moves_shown(driver) == 0, "the new game")


rolls = [0]


def take_turn_step(driver):
    """One human action, chosen from what the page highlights; False when there is none now.
    Every third roll is typed into the form, as from physical dice."""
    if visible(driver, "#pass"):
        driver.find_element(By.ID, "pass").click()
        return True
    if visible(driver, "#roll"):
        rolls[0] += 1
        if rolls[0] % 3 == 0:
            driver.find_element(By.ID, "die0").send_keys(str(rng.randint(1, 6)))
            driver.find_element(By.ID, "die1").send_keys(str(rng.randint(1, 6)))
            driver.find_element(By.CSS_SELECTOR, "#dice-form button").click()
        else:
            driver.find_element(By.ID, "roll").click()
        return True
    movable = driver.find_elements(By.CSS_SELECTOR, "#board .movable")
    if not movable:
        return False
    tap(driver, rng.choice(movable))
    targets = wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, "#board .target"), "highlighted targets", 5)
    before = len(driver.execute_script("return document.querySelector('#board svg').outerHTML"))
    tap(driver, rng.choice(targets))
    wait_for(lambda: not driver.find_elements(By.CSS_SELECTOR, "#board .chosen"), "the move to be played", 5)
    return before > 0


def play_to_the_end(driver, name, checks, max_actions=3000):
    """Plays the person's side by taps until the game is over; runs checks[i] after action i."""
    actions = 0
    while status(driver)["phase"] != "over":
        assert actions < max_actions, f"{name}: not over after {max_actions} actions"
        if take_turn_step(driver):
            actions += 1
            if actions in checks:
                checks[actions]()
        else:
            time.sleep(0.05)  # the computer's turn: its worker is thinking
    return actions


def check_reload(driver, name):
    shown, board = moves_shown(driver), driver.execute_script("return document.querySelector('#board svg title').textContent")
    driver.refresh()
    wait_ready(driver)
    wait_for(lambda: moves_shown(driver) >= shown, "the saved game after a reload")
    assert moves_shown(driver) == shown or status(driver)["text"].find("computer") >= 0, f"{name}: the reload lost moves"
    if moves_shown(driver) == shown:
        assert driver.execute_script("return document.querySelector('#board svg title').textContent") == board
    print(f"  {name}: reload found the game with {shown} moves")


def check_save_load(driver, name):
    driver.find_element(By.ID, "save").click()
    saved = moves_shown(driver)
    state = {"saved": saved}

    def load_later():
        driver.find_element(By.ID, "load").click()
        wait_for(lambda: moves_shown(driver) <= saved, "Load saved")
        print(f"  {name}: Load saved went back from {state['then']} to {moves_shown(driver)} moves")
    return state, load_later


def png_is_not_blank(path):
    """Decodes the PNG (8-bit RGB/RGBA, not interlaced) and counts its colours."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, chunks = 8, {}
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunks.setdefault(kind, b"")
        chunks[kind] += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
    assert depth == 8 and colour in (2, 6), f"unexpected PNG format {depth}/{colour}"
    channels = 4 if colour == 6 else 3
    raw, stride = zlib.decompress(chunks[b"IDAT"]), width * channels
    previous, counts = bytearray(stride), {}
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b, c = previous[x], previous[x - channels] if x >= channels else 0
            if kind == 1: line[x] = (line[x] + a) & 255
            elif kind == 2: line[x] = (line[x] + b) & 255
            elif kind == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        previous = line
        for x in range(0, stride, channels * 3):  # every third pixel is plenty
            pixel = bytes(line[x:x + 3])
            counts[pixel] = counts.get(pixel, 0) + 1
    commonest = max(counts.values()) / sum(counts.values())
    assert len(counts) >= 16 and commonest < 0.95, f"{path} looks blank: {len(counts)} colours, {commonest:.0%} one colour"
    return width, height, len(counts)


def screenshots(driver, name):
    os.makedirs(SHOTS, exist_ok=True)
    paths = []
    for label, width, height, mobile in [("desktop", 1280, 900, False), ("phone", 360, 740, True)]:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
        time.sleep(0.4)
        if mobile:
            overflow = driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"{name}: the page is {overflow} px wider than a 360 px phone"
        path = os.path.join(SHOTS, f"{name}-{label}.png")
        driver.save_screenshot(path)
        print(f"  screenshot {path}: {png_is_not_blank(path)}")
        paths.append(path)
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    return paths


def play(driver, name, game, opponent, fields, winner_check):
    new_game(driver, game, opponent, **fields)
    state, load_later = check_save_load(driver, name)
    checks = {6: lambda: state.update(then=moves_shown(driver)) or load_later(), 12: lambda: check_reload(driver, name)}
    started = time.time()
    actions = play_to_the_end(driver, name, checks)
    shown = status(driver)
    board = driver.execute_script("return document.querySelector('#board svg g.status').dataset.result")
    assert shown["result"] in ("player 0 won", "player 1 won", "draw") and shown["result"] == board, f"{name}: {shown} / {board}"
    assert "Game over" in shown["text"] or "drawn" in shown["text"], shown["text"]
    players = driver.execute_script("return [...document.querySelectorAll('#history li')].map(li => li.textContent.split(':')[0])")
    assert any("1" in p for p in players) and any("0" in p for p in players), "both sides moved (the computer too)"
    winner_check(driver, shown["result"])
    if game == "duodecim":
        entered = driver.execute_script("return [...document.querySelectorAll('#history li')].filter(li => li.textContent.includes('dice entered')).length")
        assert entered > 0, "no dice were entered from the form"
        for inscription in ["virtus", "levate", "vincer", "ostia"]:
            Select(driver.find_element(By.ID, "inscription")).select_by_value(inscription)
            board = driver.execute_script("return document.querySelector('#board g.board').dataset.inscription")
            assert board == inscription, f"inscription {inscription}: the board shows {board}"
    print(f"  {name}: over after {actions} taps/rolls in {time.time() - started:.1f} s: {shown['text']}")
    check_reload(driver, name)
    assert status(driver)["result"] == shown["result"], "the finished game after a reload"
    return screenshots(driver, name)


def petteia_winner(driver, result):
    loser = 1 if result == "player 0 won" else 0
    pieces = driver.execute_script(f"return document.querySelectorAll('#board g.pieces .piece.player{loser}').length")
    moves = driver.execute_script("return document.querySelectorAll('#board .movable').length")
    assert pieces <= 1 or moves == 0, f"petteia: the loser still has {pieces} pieces"


def duodecim_winner(pieces):
    def check(driver, result):
        winner = 0 if result == "player 0 won" else 1
        off = driver.execute_script(f"return document.querySelector('#board g.off.player{winner}').dataset.count")
        assert int(off) == pieces, f"duodecim: the winner has {off} of {pieces} pieces off"
    return check


def two_people(driver):
    """Two people on one device: each side's pieces are tapped in turn; undo takes back one move."""
    new_game(driver, "petteia", "human", rows=6, cols=6, first_player=0)
    for _ in range(4):
        assert take_turn_step(driver), "a person could not move"
    assert moves_shown(driver) == 4, f"{moves_shown(driver)} moves shown after 4 taps of a piece and a target"
    players = driver.execute_script("return [...document.querySelectorAll('#history li')].map(li => li.textContent.slice(0, 8))")
    assert players == ["player 0", "player 1", "player 0", "player 1"], players
    driver.find_element(By.ID, "undo").click()
    wait_for(lambda: moves_shown(driver) == 3, "undo of one move")
    print("two people: 4 moves by taps, alternating sides; undo took back one")


def monte_carlo_opponent(driver):
    """The Monte Carlo level (uct) answers in the worker like the others: it opens a game."""
    new_game(driver, "petteia", "uct", computer=0, rows=5, cols=5, first_player=0)
    wait_for(lambda: moves_shown(driver) == 1, "the Monte Carlo computer's first move", 30)
    print("Monte Carlo opponent: it played the first move")


def main():
    server = serve()
    driver = browser()
    failures = 0
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        driver.get(url)
        driver.execute_script("localStorage.clear()")
        driver.refresh()
        wait_ready(driver)
        for name, game, opponent, fields, winner_check in [
                ("duodecim", "duodecim", "greedy", {"pieces": 3, "first_player": 0}, duodecim_winner(3)),
                ("petteia", "petteia", "greedy", {"rows": 5, "cols": 5, "first_player": 0}, petteia_winner)]:
            print(f"{name}: a whole game by taps against the computer ({opponent})")
            play(driver, name, game, opponent, fields, winner_check)
        two_people(driver)
        monte_carlo_opponent(driver)
        # Rules panel: the copied spec, rendered.
        driver.find_element(By.ID, "show-rules").click()
        wait_for(lambda: "custodian" in driver.find_element(By.ID, "rules").text.lower(), "the Petteia rules")
        driver.find_element(By.CSS_SELECTOR, "[data-rules=duodecim]").click()
        wait_for(lambda: "Duodecim" in driver.find_element(By.ID, "rules").text, "the Duodecim rules")
        driver.find_element(By.CSS_SELECTOR, "#rules-dialog .close").click()
        # Offline: the service worker answers once the server is gone.
        wait_for(lambda: driver.execute_script("return navigator.serviceWorker.controller !== null"),
                 "the service worker to control the page", 20)
        server.shutdown()
        server.server_close()
        driver.refresh()
        wait_ready(driver)
        print("offline: the app loaded again with the server stopped (service worker)")
        errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE" and "ERR_CONNECTION_REFUSED" not in e["message"]]
        assert not errors, f"console errors: {errors}"
    except AssertionError as e:
        print(f"FAILED: {e}")
        failures += 1
        os.makedirs(SHOTS, exist_ok=True)
        driver.save_screenshot(os.path.join(SHOTS, "failure.png"))
    finally:
        driver.quit()
    print("browser test:", "FAILED" if failures else "passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
