#!/usr/bin/python3
"""The web app in a real browser: headless Chromium (Debian's chromium + chromium-driver) driven
by Selenium, on the built app (build-wasm/examples/web) served from 127.0.0.1 on a free port;
axe-core (node_modules/axe-core/axe.min.js, pinned in package-lock.json) injected into the page.

    /usr/bin/python3 examples/web/browser_test.py SITE_DIR SCREENSHOT_DIR AXE_JS

One browser for everything:
- at the five sizes (360x740, 740x360, 768x1024, 1024x768, 1280x800), each game of the catalogue
  with its default options: every square, cell and tray of the board and every button is at
  least 44x44 CSS px, the page has no horizontal overflow, the board and the status line are
  on screen, axe finds no serious or critical violation;
- in Italian at 360x740 and in English at 1024x768, a whole game of every game by
  taps against the computer (Latrunculi as Bell's and Schaedler's rulesets, through their
  placement phases), and in German (chosen in the language selector, which names every language
  of i18n/languages.json in itself) at 360x740 Duodecim and Latrunculi (Kowalski's rules): the
  test taps what the page marks (a piece, then a target; a square to place on), rolls with the
  button (every third roll typed in as from physical dice), passes when told to; the
  end-of-game panel names the winner (the German games' boards and buttons measured again at
  the five sizes); the new-game, rules (each game's page), "more" dialogs and the end panel pass axe; an illegal
  tap is explained;
- in each language, no string of another language's catalogue (nor, but in English, the
  library's English words) on the page, in its dialogs, rules pages and messages; the rules'
  Markdown emphasis rendered (no star left); one <main> landmark holding the board;
- the app's earlier defects: no draw offered where the catalogue says a game has none, the computer's
  draw answer and a failing or crashed worker leave no spinner and no library English; the
  computer's turn followed in words (statuses as spoken, its roll and moves written out on
  screen, each shown for the pace at least, the opening roll and who starts);
- the levels in the new-game dialog weakest first, the Monte Carlo player apart under "altro";
- every ruleset at its default options at the five sizes, while its pieces are placed and after:
  44 px (a board too fine for the screen zoomed, its area on screen, its cursor in view, a move by
  taps on it), the dice clear of the buttons; Petteia 26x26 zoomed; no message box over the
  board after an illegal tap or a hint (360x740, 740x360); the page links its language's manifest;
- kiosk mode with a 5 s idle time: the attract screen in the museum's language, no zoom, no text
  selection, no specification; a visitor's language, game and move, then the attract screen
  again with all of it cleared, also after a reload;
- the printed board of every game and ruleset (print_sheet): printed to PDF by Chromium, two
  landscape A4 or A3 pages, the empty board with cells of 20 mm or more, the counters, the rules
  in brief in the page's language;
- Learn to play: every step of every game's lesson by taps in Italian (Latrunculi in English,
  XII Scripta in German, the Royal Game of Ur in English and German too), a mistake in each game
  explained, the way back to the game; a lesson's progress (part lesson_progress) kept over a
  reload, started over, the strategy chapter resumed, nothing kept in the kiosk;
- the analysis board's set-up by taps on the race boards (part race_setup: every race board,
  a piece moved, a position refused with the library's message), its pieces under the board on
  a phone's first screen (setup_first_screen), every game's whole name beside the board at
  740x360 (landscape_titles), the review's board row fitting a square board on a phone and the
  analysis board's on a tablet (review_first_screen); each race board's trays named with their side's name, on the board and
  by the keyboard's cursor for screen readers (tray_owners); the trays of the pieces still to
  place labelled clear of the library's count and pieces (placing_trays); every race board's
  trays within its board's ends, every ruleset at three sizes (race_trays);
- the Royal Game of Ur (part ur_game): a whole game by taps on an Italian phone against the
  computer and on an English tablet between two people, a few turns in German on both; its
  rosettes, trays, tetrahedral dice and their total, the computer's turn in words, the end panel;
- the Royal Game of Ur's perfect player (part ur_perfect): a three-piece table made by the native
  ludus-ur-solve, served in byte ranges; offered in the new-game dialog, a game against it to
  its end, the review's line the table's (the native library's values); not offered without the
  table or from a server that ignores byte ranges;
- a game against a friend (part friend): `ludus serve` (a native libludus: LUDUS_LIBRARY, or
  build/capi/ beside this build) on a free port, an Italian phone and an English tablet playing
  Duodecim through it, a dropped connection and a killed server, both pages back in the game;
- two strangers through the lobby (part lobby): an Italian phone's quick game of the Royal Game
  of Ur accepted from the list by an English tablet, played to the end, each page's new rating
  (Glicko-2's), the lobby off in a kiosk unless kiosk.json turns it on;
- the app loads again with the server stopped (the service worker);
- screenshots of the Italian phone and tablet pages (SCREENSHOT_DIR/web-*.png).
Exits non-zero on any failure. BROWSER_TEST_ONLY=kiosk,offline (names from parts()) runs only
those parts.
"""
import base64
import collections
import functools
import http.server
import io
import json
import os
import random
import re
import shutil
import subprocess
import sys
import threading
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.support.select import Select

SITE, SHOTS, AXE = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]), sys.argv[3]
SIZES = [(360, 740), (740, 360), (768, 1024), (1024, 768), (1280, 800)]
MIN_TARGET = 44
rng = random.Random(2026)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """The built app, as a static web server gives it; one byte range asked for (Range:
    bytes=A-B) is answered with a 206, as nginx and Apache answer (the Royal Game of Ur's solved
    table is read so); the folder `tables` (part ur_perfect) served as /tables/, each request
    for it noted in `table_requests` (the range asked for, or None)."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
        ".json": "application/json",
    }
    ranges = True
    tables = None
    table_requests = []

    def log_message(self, *args):
        pass

    def translate_path(self, path):
        clean = path.split("?")[0].split("#")[0]
        if QuietHandler.tables and clean.startswith("/tables/"):
            return os.path.join(QuietHandler.tables, os.path.basename(clean))
        return super().translate_path(path)

    def send_head(self):
        path = self.translate_path(self.path)
        wanted = re.fullmatch(r"bytes=(\d+)-(\d+)", self.headers.get("Range", "").strip())
        if self.path.startswith("/tables/"):
            QuietHandler.table_requests.append((self.command, wanted and (int(wanted[1]), int(wanted[2]))))
        if not (self.ranges and wanted and os.path.isfile(path)):
            return super().send_head()
        size = os.path.getsize(path)
        first, last = int(wanted[1]), min(int(wanted[2]), size - 1)
        if first > last:
            self.send_response(416)
            self.send_header("Content-Range", f"bytes */{size}")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        with open(path, "rb") as f:
            f.seek(first)
            body = f.read(last - first + 1)
        self.send_response(206)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Range", f"bytes {first}-{last}/{size}")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def copyfile(self, source, outputfile):
        try:
            super().copyfile(source, outputfile)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the browser stopped reading (a table's probe aborts a whole file)


def serve():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=SITE))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def browser():
    options = webdriver.ChromeOptions()
    for flag in [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=1280,900",
        "--lang=en-GB",
    ]:
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
        time.sleep(0.03)
    raise AssertionError(f"timed out waiting for {what}")


class App:
    def __init__(self, driver, base):
        self.d, self.base = driver, base
        self.axe_source = open(AXE, encoding="utf-8").read()
        self.axe_runs = 0
        self.rolls = self.typed_rolls = 0
        self.targets_measured = 0
        self.print_sizes = []
        self.width = None  # the device's width while emulated (size())
        self.phase = None  # the game's phase as the last step() found it

    def js(self, script, *args):
        return self.d.execute_script(script, *args)

    def size(self, width, height):
        self.width = width
        self.d.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 800},
        )
        self.js("window.dispatchEvent(new Event('resize'))")
        self.settled()

    def settled(self):
        """Two frames drawn and the tasks they queued run: the board drawn again for the window,
        its box checked (board.js), the title fitted (status.js). (A fixed 0.15 s could measure a
        layout half done on a busy machine: Senet's board was once found 4 px off screen at
        740x360, never again in every ruleset at that size in each language.)"""
        self.d.execute_async_script(
            "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))"
        )

    def open(self, language, query="pace=30", clear=True):
        if clear:
            # the device's storage cleared from a file of the same site that is not the app (the
            # app loaded once to clear it, then again, cost a load of the engine each time)
            self.d.get(self.base + "kiosk.json")
            self.js("localStorage.clear(); localStorage.setItem('ludus.language', arguments[0])", language)
        self.d.get(self.base + "?" + query)
        self.wait_ready()

    def wait_ready(self):
        wait_for(
            lambda: self.js("return document.body.dataset.ready === 'true' && !!document.querySelector('#board svg')"),
            "the app to start",
        )

    def status(self):
        return self.js(
            "const s = document.querySelector('#status'); return {text: s.textContent, phase: s.dataset.phase, result: s.dataset.result};"
        )

    def visible(self, selector):
        found = [e for e in self.d.find_elements(By.CSS_SELECTOR, selector) if e.is_displayed() and e.is_enabled()]
        return found[0] if found else None

    def tap(self, element):
        """A click of the mouse's button at the element's centre, as the browser's own input (the
        page sees pointer, mouse and click events as from a hand), the element scrolled into
        view first where it is not, as WebDriver's actions do. Three calls to the browser: the
        actions took a dozen (over 0.4 s a tap on a busy machine, most of a whole game's time)."""
        x, y = self.js(TAP_POINT, element)
        for kind in ("mousePressed", "mouseReleased"):
            self.d.execute_cdp_cmd(
                "Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}
            )

    def tap_if_there(self, element):
        """Taps an element found a moment ago; False if the page has drawn it again since (a
        friend's move arriving from the server redraws the board and the buttons)."""
        try:
            self.tap(element)
            return True
        except StaleElementReferenceException:
            return False

    def button(self, selector):
        element = wait_for(lambda: self.visible(selector), selector, 10)
        self.tap(element)

    # ---- checks ------------------------------------------------------------------------------

    def check_targets(self, where, board_places=True):
        """Every board place (unless the board takes no tap: the end, the review) and every
        visible button, select and input: 44x44 px or more; no horizontal overflow; the board
        (the area a zoomed board scrolls in) and the status line on screen."""
        small = self.js(
            """
            const [min, boardPlaces, deviceWidth] = arguments, out = [];
            const seen = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; };
            const places = boardPlaces ? [...document.querySelectorAll('#board .square[data-square], #board [data-position0], #board [data-tray-position] rect.tray')] : [];
            const controls = [...document.querySelectorAll('button, select, input, a')].filter((e) => seen(e) && !e.closest('dialog:not([open])'));
            for (const e of [...places, ...controls]) {
              const r = e.getBoundingClientRect();
              if (r.width + 0.01 < min || r.height + 0.01 < min) out.push(`${e.tagName} ${e.id || e.dataset.square || e.dataset.cell || e.getAttribute('class') || e.textContent.trim().slice(0, 20)}: ${r.width.toFixed(1)}x${r.height.toFixed(1)}`);
            }
            return {small: out, count: places.length + controls.length,
                    // A phone widens its layout to what overflows (and zooms the page out), so the
                    // page's width is measured against the device's, not against innerWidth.
                    overflow: Math.max(document.documentElement.scrollWidth, window.innerWidth) - (deviceWidth ?? window.innerWidth),
                    board: (() => { const r = document.querySelector('#board-area[data-zoomed]')?.getBoundingClientRect() ?? document.querySelector('#board svg').getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right]; })(),
                    status: document.querySelector('#status').getBoundingClientRect().bottom, height: innerHeight, width: innerWidth,
                    dice: (() => { const dice = document.querySelector('#dice'); if (dice.hidden) return null;
                                   const r = dice.getBoundingClientRect(), a = document.querySelector('#actions').getBoundingClientRect();
                                   return {bottom: r.bottom, right: r.right, under: r.bottom > a.top && r.top < a.bottom && r.right > a.left && r.left < a.right}; })(),
                    // a page that does not scroll: every button of the actions' row on screen
                    offscreen: getComputedStyle(document.body).overflowY !== 'hidden' ? [] : [...document.querySelectorAll('#actions button')].filter(seen)
                                 .filter((e) => { const r = e.getBoundingClientRect(); return r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5 || r.top < -0.5; })
                                 .map((e) => `${e.id}: ${Math.round(e.getBoundingClientRect().bottom)}`)};""",
            MIN_TARGET,
            board_places,
            self.width,
        )
        assert not small["small"], f"{where}: targets under {MIN_TARGET} px: {small['small'][:8]}"
        assert small["overflow"] <= 0, f"{where}: {small['overflow']} px of horizontal overflow"
        top, bottom, left, right = small["board"]
        assert (
            top >= -1 and bottom <= small["height"] + 1 and left >= -1 and right <= small["width"] + 1
        ), f"{where}: the board is not on screen: {small['board']}"
        assert small["status"] <= small["height"], f"{where}: the status line is below the fold"
        dice = small["dice"]
        assert not dice or (
            dice["bottom"] <= small["height"] and dice["right"] <= small["width"] and not dice["under"]
        ), f"{where}: the dice are cut off: {dice}"
        assert not small["offscreen"], f"{where}: buttons below the fold: {small['offscreen']}"
        self.targets_measured += small["count"]

    def check_axe(self, where):
        if not self.js("return !!window.axe"):
            self.js(self.axe_source)
        result = self.d.execute_async_script(
            """
            const done = arguments[arguments.length - 1];
            axe.run(document, {resultTypes: ['violations']}).then((r) => done(r.violations.map((v) => ({id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' '))}))))
               .catch((e) => done([{id: 'axe failed', impact: 'critical', nodes: [String(e)]}]));"""
        )
        bad = [v for v in result if v["impact"] in ("serious", "critical")]
        assert not bad, f"{where}: axe: {bad}"
        self.axe_runs += 1

    def check_no_leak(self, where):
        """No phrase of another language's catalogue (nor, on a page not in English, the
        library's English words) in the page's text, labels, pictures and open dialogs."""
        language = self.js("return document.documentElement.lang")
        text = self.js(
            """
            // a line marked as in another language (the kiosk's invitation's second line) is no leak
            let body = document.body.innerText;
            for (const e of document.body.querySelectorAll('[lang]'))
              if (e.lang !== document.documentElement.lang && e.innerText) body = body.split(e.innerText).join('');
            const parts = [body, document.title];
            for (const e of document.querySelectorAll('[aria-label], [title], [placeholder]'))
              parts.push(e.getAttribute('aria-label') || '', e.getAttribute('title') || '', e.getAttribute('placeholder') || '');
            for (const e of document.querySelectorAll('svg text, svg title')) parts.push(e.textContent);
            parts.push(...[...document.querySelectorAll('dialog[open]')].map((d) => d.innerText));
            return parts.join('\\n');"""
        )
        found = sorted({phrase for phrase, pattern in FOREIGN[language] if pattern.search(text)})
        assert not found, f"{where}: another language on the page in {language}: {found[:10]}"

    # ---- playing -----------------------------------------------------------------------------

    def choose_card(self, game):
        """Taps the new-game dialog's card of `game`."""
        card = self.js(
            "const card = document.querySelector(`#game-choice input[value='${arguments[0]}']`).closest('label'); card.scrollIntoView({block: 'center'}); return card",
            game,
        )
        self.tap(card)
        assert self.js(
            "return document.querySelector(`#game-choice input[value='${arguments[0]}']`).checked", game
        ), f"the new-game dialog: {game} not chosen by a tap on its card"

    def new_game(self, game, options, opponent="greedy", computer=1):
        self.button("#new-game")
        wait_for(lambda: self.js("return document.querySelector('#new-game-dialog').open"), "the new-game dialog")
        self.choose_card(game)
        self.js(
            """
            const [options, opponent, computer] = arguments;
            for (const [name, value] of Object.entries(options)) {
              const input = document.querySelector(`[data-option='${name}']`);
              if (input.type === 'checkbox') input.checked = value;
              else input.value = input.tagName === 'SELECT' ? JSON.stringify(value) : String(value);
              input.dispatchEvent(new Event('change'));
            }
            const select = document.querySelector('#opponent');
            select.value = opponent;
            select.dispatchEvent(new Event('change'));
            document.querySelector('#computer').value = String(computer);""",
            options,
            opponent,
            computer,
        )
        self.tap(self.d.find_element(By.ID, "start"))
        wait_for(
            lambda: self.js("return document.querySelector('#board').dataset.game") == game
            and self.status()["phase"] != "over",
            "the new game",
        )

    def moves_played(self):
        return self.js("return JSON.parse(localStorage.getItem('ludus.current')).state.history.length")

    def step(self, typed_dice=True):
        """One human action, chosen from what the page marks; False when there is none now.
        With typed_dice, every third roll is typed in as from physical dice."""
        shown = self.js(
            """
            const on = (e) => e && !e.hidden && !e.disabled && e.getClientRects().length > 0;
            return {choice: [...document.querySelectorAll('#choices button')].find(on) || null, roll: on(document.querySelector('#roll')) ? document.querySelector('#roll') : null,
                    movable: [...document.querySelectorAll('#board .movable:not(.mark)')], played: JSON.parse(localStorage.getItem('ludus.current')).state.history.length,
                    phase: document.querySelector('#status').dataset.phase};"""
        )
        self.phase = shown["phase"]  # the game's, as the step found it (a loop to the end reads it: no call of its own)
        if typed_dice and shown["roll"] and not shown["choice"]:
            self.rolls += 1
            if self.rolls % 3 == 0:  # every third roll from "physical" dice, typed in
                self.button("#own-dice")
                inputs = wait_for(
                    lambda: self.js(
                        """return [...document.querySelectorAll('#dice-inputs input')].filter((e) => e.getClientRects().length > 0)
                                  .map((e) => [e, Number(e.min), Number(e.max)])"""
                    ),
                    "the dice fields",
                    5,
                )
                for field, least, most in inputs:  # a die's faces as the field takes them (Ur's: 0 or 1)
                    field.send_keys(str(rng.randint(least, most)))
                self.tap(self.d.find_element(By.CSS_SELECTOR, "#dice-form button[value=set]"))
                wait_for(
                    lambda: self.js(
                        "return JSON.parse(localStorage.getItem('ludus.current')).state.history.at(-1)?.dice_from === 'outside'"
                    ),
                    "the typed dice played",
                )
                self.typed_rolls += 1
                return True
        if shown["choice"] or shown["roll"]:
            return self.tap_if_there(shown["choice"] or shown["roll"])
        if not shown["movable"] or not self.tap_if_there(rng.choice(shown["movable"])):
            return False
        # a placing: one tap plays it (against a friend, once the server has announced it); else
        # the targets marked, on the board or as buttons (a choice between moves)
        marked = wait_for(
            lambda: self.js(
                """if (JSON.parse(localStorage.getItem('ludus.current')).state.history.length !== arguments[0]) return 'played';
                   const board = [...document.querySelectorAll('#board .target:not(.mark)')], buttons = [...document.querySelectorAll('#choices button')];
                   return board.length || buttons.length ? board.length ? board : buttons : null;""",
                shown["played"],
            ),
            "a move played or its targets marked",
            5,
        )
        if marked != "played":
            self.tap(rng.choice(marked))
        return True

    def play_to_the_end(self, name, max_actions=1500):
        """Plays the person's side by taps to the end; once, at the first marked pieces, taps a
        place that starts no move and reads why."""
        actions, probed = 0, False
        while True:
            assert actions < max_actions, f"{name}: not over after {max_actions} actions"
            if not probed and self.js("return document.querySelectorAll('#board .movable').length > 0"):
                self.illegal_tap(self.explain_words)
                self.check_no_leak(f"{name}: an illegal tap explained")
                probed = True
            if self.step():
                actions += 1
            elif self.phase == "over":
                return actions
            else:
                time.sleep(0.03)  # the computer's turn: its worker is thinking

    def illegal_tap(self, expect_words):
        """A tap on a place that starts no move: the page says why (role=alert)."""
        place = self.js(
            """
            const marked = new Set([...document.querySelectorAll('#board .movable')]);
            return [...document.querySelectorAll('#board .square[data-square], #board [data-position0]')].find((p) => !marked.has(p)) || null;"""
        )
        if place is None:
            return
        self.tap(place)
        message = wait_for(lambda: self.d.find_element(By.ID, "message").text, "a message for an illegal tap", 5)
        assert any(word in message for word in expect_words), f"illegal tap: {message!r}"


def foreign_phrases():
    """For each language of i18n/languages.json, the phrases of the other catalogues that its own
    does not have (what is left of a message around its {placeholders}, 4 characters or more),
    and on a page not in English the library's English words."""

    def values(tag):
        out = []
        for value in json.load(open(os.path.join(SITE, "i18n", f"{tag}.json"), encoding="utf-8")).values():
            out.extend(value.values() if isinstance(value, dict) else [value])
        return set(out)

    catalogues = {tag: values(tag) for tag in LANGUAGES}
    foreign = {}
    for tag, own in catalogues.items():
        phrases = set()
        for message in set().union(*(messages for other, messages in catalogues.items() if other != tag)) - own:
            for fragment in re.split(r"\{\w+\}", message):
                fragment = fragment.strip(" .,:;!?()“”„\"'…")
                if len(fragment) >= 4 and re.search(r"[A-Za-zÄÖÜäöüß]{3}", fragment):
                    phrases.add(fragment)
        if tag != "en":  # the library's own English words (its pictures' status line and trays)
            phrases.update(
                ["player 0", "player 1", "to move", "to roll", "in hand", "borne off", "last:", "no step yet"]
            )
        foreign[tag] = phrases
    return foreign


LANGUAGES = json.load(open(os.path.join(SITE, "i18n", "languages.json"), encoding="utf-8"))
# Where App.tap clicks: the element's centre in the window (its first box's, as WebDriver's), the
# element scrolled into view where that centre is off screen or scrolled out of its container
# (a zoomed board's area, a dialog).
TAP_POINT = """
const element = arguments[0];
const centre = () => { const r = element.getClientRects()[0];
  if (!r || r.width === 0 || r.height === 0) throw new Error(`not to be tapped, no size: ${element.outerHTML.slice(0, 80)}`);
  return [r.left + r.width / 2, r.top + r.height / 2]; };
let [x, y] = centre();
const shown = () => x >= 0 && y >= 0 && x <= innerWidth && y <= innerHeight && document.elementsFromPoint(x, y).includes(element);
if (!shown()) { element.scrollIntoView({block: 'nearest', inline: 'nearest'}); [x, y] = centre(); }
return [x, y];"""
# each phrase with its pattern, compiled once: compiled at each search (more phrases than the
# regular expressions' cache holds), they took 1.5 s of every check of a page
FOREIGN = {
    tag: [(phrase, re.compile(r"(?<![\w])" + re.escape(phrase) + r"(?![\w])")) for phrase in sorted(phrases)]
    for tag, phrases in foreign_phrases().items()
}


# The test's parts, in the order they run; BROWSER_TEST_ONLY=name,name runs only those (while
# editing: the whole test is for CI).
def parts():
    return [
        ("sizes", sizes),
        ("targets", targets),
        ("messages", messages),
        ("manifest", manifest),
        ("landmarks", check_landmarks),
        ("draw_offers", draw_offers_and_worker_faults),
        ("computer_turn", computer_turn_in_words),
        ("games", games_in_each_language),
        ("monte_carlo", monte_carlo),
        ("levels", levels),
        ("ostia_board", ostia_board),
        ("print_sheet", print_sheet),
        ("review", review),
        ("lessons", lessons),
        ("lesson_progress", lesson_progress),
        ("attract", attract),
        ("dice_and_sound", dice_and_sound),
        ("pace_control", pace_control),
        ("engine_load_error", engine_load_error),
        ("visitor_defects", visitor_defects),
        ("square_names", square_names),
        ("senet_screens", senet_screens),
        ("review_and_analysis", review_and_analysis),
        ("capture_values", capture_values),
        ("analysis_setup", analysis_setup),
        ("race_setup", race_setup),
        ("tray_owners", tray_owners),
        ("placing_trays", placing_trays),
        ("race_trays", race_trays),
        ("setup_first_screen", setup_first_screen),
        ("landscape_titles", landscape_titles),
        ("review_first_screen", review_first_screen),
        ("analysis_pass", analysis_pass),
        ("ur_game", ur_game),
        ("ur_perfect", ur_perfect),
        ("kiosk", kiosk),
        ("friend", friend),
        ("lobby", lobby),
        ("offline", offline),
    ]


def main():
    server = serve()
    driver = browser()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    app = App(driver, base)
    app.server = server
    only = [name for name in os.environ.get("BROWSER_TEST_ONLY", "").split(",") if name]
    unknown = set(only) - {name for name, _ in parts()}
    assert not unknown, f"BROWSER_TEST_ONLY names no part {sorted(unknown)}"
    failures = 0
    started = time.time()
    try:
        for name, part in parts():
            if only and name not in only:
                continue
            t0 = time.time()
            part(app)
            print(f"-- {name}: {time.time() - t0:.0f} s")
        # (the offline part stops the server, the lessons part blocks lessons.json: those failures
        # are the tests')
        errors = [
            e
            for e in driver.get_log("browser")
            if e["level"] == "SEVERE" and not re.search(EXPECTED_CONSOLE_ERRORS, e["message"])
        ]
        assert not errors, f"console errors: {errors}"
        print(
            f"axe: {app.axe_runs} screens, 0 serious or critical violations; {app.targets_measured} targets measured; {app.typed_rolls} rolls typed in"
        )
    except AssertionError as e:
        print(f"FAILED: {e}")
        failures += 1
        os.makedirs(SHOTS, exist_ok=True)
        driver.save_screenshot(os.path.join(SHOTS, "failure.png"))
    finally:
        driver.quit()
    print(f"browser test: {'FAILED' if failures else 'passed'} in {time.time() - started:.0f} s")
    return 1 if failures else 0


def sizes(app):
    """Every game at its default options, in Italian (longer words), at the five sizes."""
    app.open("it")
    for game in site_games():
        app.new_game(game, {})
        for width, height in SIZES:
            app.size(width, height)
            app.check_targets(f"{game} at {width}x{height}")
            app.check_no_leak(f"{game} at {width}x{height}")
            if (width, height) in ((360, 740), (1024, 768)):
                app.check_axe(f"{game} at {width}x{height}")
        print(
            f"{game}: board and buttons >= {MIN_TARGET} px, no overflow, at {', '.join(f'{w}x{h}' for w, h in SIZES)}"
        )


def rulesets_offered(app):
    """Each game of the new-game dialog with its rulesets (the catalogue's), [None] where it has none."""
    app.button("#new-game")
    wait_for(lambda: app.js("return document.querySelector('#new-game-dialog').open"), "the new-game dialog")
    offered = {}
    for game in app.js("return [...document.querySelectorAll('#game-choice input[name=game]')].map((e) => e.value)"):
        app.js(
            "const input = document.querySelector(`#game-choice input[value='${arguments[0]}']`); input.checked = true; input.dispatchEvent(new Event('change'))",
            game,
        )
        offered[game] = app.js(
            "return [...(document.querySelector('[data-option=ruleset]')?.options ?? [])].map((o) => JSON.parse(o.value))"
        ) or [None]
    app.js("document.querySelector('#new-game-dialog').close()")
    return offered


def targets(app):
    """Every ruleset of every game at its default options, at the five sizes: while its pieces are
    placed (Bell's and Schädler's rules) and once they are all on the board, every place and
    button at least 44 px (a board too fine for the screen zoomed, its area on screen); in English
    and German every ruleset at 740x360 and 360x740 likewise, the board and the buttons on screen;
    and the zoom's button shows the whole board and the zoomed one again."""
    app.open("it")
    checked = 0
    for game, rulesets in rulesets_offered(app).items():
        for ruleset in rulesets:
            name = f"{game} {ruleset or ''}".strip()
            app.new_game(game, {"ruleset": ruleset} if ruleset else {}, opponent="human")
            if app.visible("#roll"):  # the dice on screen too
                app.button("#roll")
                wait_for(lambda: app.status()["phase"] == "move", "the dice rolled", 5)
            placing = lambda: app.js("return !document.querySelector('#in-hand').hidden")
            phases = ["placing", "moving"] if placing() else ["moving"]
            for phase in phases:
                if phase == "moving":
                    while placing():
                        if not app.step(typed_dice=False):
                            time.sleep(0.03)
                for width, height in SIZES:
                    app.size(width, height)
                    app.check_targets(f"{name} ({phase}) at {width}x{height}")
                    checked += 1
            app.size(360, 740)
            print(f"targets: {name}: {' and '.join(phases)}, >= {MIN_TARGET} px at the five sizes")
    # On a phone, upright and on its side, in the other languages too (their words are longer:
    # the status line and the buttons take more room), every ruleset after its first throw.
    for language in [tag for tag in LANGUAGES if tag != "it"]:
        app.open(language)
        for game, rulesets in rulesets_offered(app).items():
            for ruleset in rulesets:
                name = f"{game} {ruleset or ''} {language}".replace("  ", " ")
                app.new_game(game, {"ruleset": ruleset} if ruleset else {}, opponent="human")
                if app.visible("#roll"):
                    app.button("#roll")
                    wait_for(lambda: app.status()["phase"] == "move", "the dice rolled", 5)
                for width, height in ((740, 360), (360, 740)):
                    app.size(width, height)
                    app.check_targets(f"{name} at {width}x{height}")
                    checked += 1
        print(f"targets: every ruleset in {language} at 740x360 and 360x740")
    ur_throw_of_nothing(app)
    app.new_game("petteia", {"rows": 10, "cols": 11}, opponent="human")  # (no reply that could end the game)
    app.size(360, 740)
    zoomed = lambda: app.js("return document.querySelector('#board-area').hasAttribute('data-zoomed')")
    assert zoomed() and app.visible("#zoom"), "Petteia 10x11 on a phone: the board is not zoomed"
    app.button("#zoom")
    wait_for(lambda: not zoomed(), "the whole board", 5)
    app.button("#zoom")
    wait_for(zoomed, "the zoomed board again", 5)
    # The keyboard's cursor scrolls into view; a tap on the zoomed board still plays.
    board = app.d.find_element(By.ID, "board")
    board.send_keys(*[Keys.ARROW_RIGHT] * 10)
    inside = app.js(
        """const c = document.querySelector('#board .mark.cursor')?.getBoundingClientRect(), a = document.querySelector('#board-area').getBoundingClientRect();
                       return !!c && c.left >= a.left - 1 && c.right <= a.right + 1 && c.top >= a.top - 1 && c.bottom <= a.bottom + 1"""
    )
    assert inside, "the zoomed board: the keyboard's cursor out of view"
    before = app.moves_played()
    while app.moves_played() == before:
        app.step(typed_dice=False)
    # Petteia's largest board (the catalogue's 26x26): zoomed, not limited.
    app.new_game("petteia", {"rows": 26, "cols": 26})
    for width, height in SIZES:
        app.size(width, height)
        app.check_targets(f"petteia 26x26 at {width}x{height}")
    app.size(360, 740)
    print(
        f"targets: {checked} screens; Petteia 10x11 on a phone zoomed, the whole board and back by its button, the cursor in view, "
        "a move by taps; Petteia 26x26 zoomed at the five sizes"
    )


def ur_throw_of_nothing(app):
    """The Royal Game of Ur's throw of 0 (typed in), in each language: the dice, the status line
    and **Pass** all on screen, the dice under no button, on a phone on its side (the side
    column's fullest case: the longest status line, the dice and the buttons) and upright, and on a
    tablet."""
    for language in LANGUAGES:
        app.open(language)
        app.new_game("ur", {}, opponent="human")
        app.button("#own-dice")
        fields = wait_for(
            lambda: [e for e in app.d.find_elements(By.CSS_SELECTOR, "#dice-inputs input") if e.is_displayed()],
            "the dice fields",
            5,
        )
        for field in fields:
            field.send_keys("0")
        app.tap(app.d.find_element(By.CSS_SELECTOR, "#dice-form button[value=set]"))
        wait_for(lambda: app.visible("#pass"), "the Pass button after a throw of 0", 5)
        for width, height in [(740, 360), (640, 360), (360, 740), (768, 1024)]:
            app.size(width, height)
            app.check_targets(f"ur, a throw of 0, {language} at {width}x{height}")
        app.size(360, 740)
    print(
        f"targets: the Royal Game of Ur's throw of 0 with Pass in {', '.join(LANGUAGES)}, on a phone on its side and upright, a tablet"
    )


def messages(app):
    """The message after an illegal tap and the hint's never cover the board (its picture where
    it lies in its area) on a phone upright and on its side; they go at the next tap."""
    app.open("it")
    overlap = """
        const m = document.querySelector('#message'), svg = document.querySelector('#board svg'), area = document.querySelector('#board-area');
        if (!m.textContent || !m.getClientRects().length) return null;
        const a = m.getBoundingClientRect(), s = svg.getBoundingClientRect(), r = area.getBoundingClientRect();
        const b = {left: Math.max(s.left, r.left), right: Math.min(s.right, r.right), top: Math.max(s.top, r.top), bottom: Math.min(s.bottom, r.bottom)};
        return {text: m.textContent, covers: a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top,
                message: [a.left, a.top, a.right, a.bottom].map(Math.round), board: [b.left, b.top, b.right, b.bottom].map(Math.round)};"""
    for width, height in [(360, 740), (740, 360)]:
        app.size(width, height)
        app.new_game("petteia", {}, opponent="greedy", computer=1)
        app.size(width, height)
        app.illegal_tap(["Qui non", "Questa pedina", "Mossa non", "Nessuna"])
        shown = wait_for(lambda: app.js(overlap), "the illegal tap's message", 5)
        assert not shown["covers"], f"{width}x{height}: the message covers the board: {shown}"
        app.button("#hint")
        shown = wait_for(
            lambda: app.js("return document.querySelector('#message').dataset.kind === 'hint'") and app.js(overlap),
            "the hint",
            15,
        )
        assert not shown["covers"], f"{width}x{height}: the hint covers the board: {shown}"
        app.tap(app.d.find_element(By.ID, "status"))
        wait_for(lambda: not app.d.find_element(By.ID, "message").text, "the message to go at the next tap", 5)
        print(
            f"messages at {width}x{height}: an illegal tap's and the hint's above the board ({shown['message']} vs {shown['board']}), gone at the next tap"
        )


def manifest(app):
    """The page links the manifest of its language (also after the language selector), which
    parses and is in that language."""
    app.open("it")
    for tag in LANGUAGES:
        Select(app.d.find_element(By.ID, "language")).select_by_value(tag)
        wait_for(lambda: app.js("return document.documentElement.lang") == tag, f"the page in {tag}", 10)
        linked = app.d.execute_async_script(
            """
            const done = arguments[arguments.length - 1], link = document.querySelector('link[rel=manifest]');
            fetch(link.href).then((r) => r.json()).then((m) => done({href: link.getAttribute('href'), lang: m.lang, name: m.name})).catch((e) => done({error: String(e)}));"""
        )
        assert linked.get("lang") == tag, f"the page in {tag} links {linked}"
    print(f"manifest: the page links its language's manifest ({', '.join(LANGUAGES)})")


def games_in_each_language(app):
    """Each language through its games; German, the language added last, on a phone through two
    of them, chosen in the language selector."""
    driver = app.d
    for language, (width, height), latrunculi, played in [
        ("it", (360, 740), "bell", site_games()),
        ("en", (1024, 768), "schaedler", site_games()),
        ("de", (360, 740), "kowalski", ["duodecim", "latrunculi"]),
    ]:
        if language == "de":
            choose_language(app, "Deutsch", "de")
        else:
            app.open(language)
        app.size(width, height)
        dialogs_checked = False
        for game, options in [
            ("duodecim", {"pieces": 2, "first_player": 0}),
            ("petteia", {"rows": 6, "cols": 6, "draw_plies_without_capture": 40}),
            ("latrunculi", {"ruleset": latrunculi, "draw_plies_without_capture": 30}),
            ("xii_scripta", {"pieces": 2}),
        ]:
            if game not in played:
                continue
            t0 = time.time()
            app.new_game(game, options)
            app.check_no_leak(f"{game} ({language})")
            if language == "de":  # German's words are the longest: its buttons at the five sizes too
                for size in SIZES:
                    app.size(*size)
                    app.check_targets(f"{game} ({language}) at {size[0]}x{size[1]}")
                app.size(width, height)
            if game == "petteia" and language == "it":
                keyboard_move(app)
            if not dialogs_checked:
                check_dialogs(app, language)
                dialogs_checked = True
            app.explain_words = {
                "it": ["Qui non", "Questa pedina", "Mossa non", "Nessuna"],
                "en": ["There is no", "This piece", "Not allowed", "No move"],
                "de": ["Hier steht kein", "Dieser Stein", "Zug nicht", "Kein Zug"],
            }[language]
            actions = app.play_to_the_end(f"{game} ({language})")
            wait_for(lambda: app.visible("#end-panel"), "the end-of-game panel", 10)
            heading = driver.find_element(By.ID, "end-heading").text
            shown = app.status()
            assert shown["result"] in ("player 0 won", "player 1 won", "draw"), shown
            if shown["result"] != "draw":
                side = {"it": ["Chiaro", "Scuro"], "en": ["Light", "Dark"], "de": ["Hell", "Dunkel"]}[language][
                    int(shown["result"][7])
                ]
                assert side in heading, f"{game}: the end panel names {heading!r}, the result is {shown['result']}"
            # The library's reason (libludus 1.1's "end_reason") is written out in the panel.
            reason = app.js(
                "return JSON.parse(localStorage.getItem('ludus.current')).state.position.end_reason ?? null"
            )
            if reason:
                assert driver.find_element(
                    By.ID, "end-reason"
                ).text.strip(), f"{game}: the end panel does not say why ({reason})"
            app.check_axe(f"{game} end panel ({language})")
            app.check_no_leak(f"{game} end panel ({language})")
            history = app.js(
                "return JSON.parse(localStorage.getItem('ludus.current')).state.history.map((e) => e.player)"
            )
            assert 0 in history and 1 in history, f"{game}: both sides played"
            print(
                f"{language} {width}x{height} {game}: over after {actions} taps in {time.time() - t0:.1f} s: {heading} "
                f"{driver.find_element(By.ID, 'end-reason').get_attribute('textContent')}"
            )
        if language == "it":
            app.new_game("duodecim", {})
            screenshot(app, "web-phone-it", 360, 740)
            app.size(768, 1024)
            app.new_game("latrunculi", {"ruleset": "kowalski"})
            app.step()
            app.step()
            screenshot(app, "web-tablet-it", 768, 1024)
    assert app.typed_rolls > 0, "no dice were typed in"


def monte_carlo(app):
    """The Monte Carlo level (uct) plays from the worker like the others: it opens a game."""
    app.open("it")
    app.new_game("petteia", {"rows": 5, "cols": 5}, opponent="uct", computer=0)
    wait_for(lambda: app.moves_played() == 1, "the Monte Carlo computer's first move")
    print("Monte Carlo opponent: it played the first move")


def offline(app):
    """The service worker answers once the server is gone (the last part: it stops the server)."""
    app.open("it", clear=False)
    wait_for(
        lambda: app.js("return navigator.serviceWorker.controller !== null"),
        "the service worker to control the page",
        20,
    )
    app.server.shutdown()
    app.server.server_close()
    app.d.refresh()
    app.wait_ready()
    print("offline: the app loaded again with the server stopped (service worker)")


# ---- a game against a friend through `ludus serve` -------------------------------------------------

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Every WebSocket the page opens, kept for the test to close (a dropped connection), and sent to
# a port nobody listens on while window.blockSockets is true (the network gone).
SOCKET_SPY = """
  const Real = window.WebSocket;
  window.sockets = [];
  window.blockSockets = false;
  window.WebSocket = class extends Real {
    constructor(url, ...rest) {
      super(window.blockSockets ? 'ws://127.0.0.1:9/' : url, ...rest);
      window.sockets.push(this);
      this.addEventListener('message', (e) => window.socketLog.push('in ' + e.data.slice(0, 160)));
    }
    send(text) { window.socketLog.push('out ' + text); super.send(text); }
  };
  window.socketLog = [];"""


def native_file(variable, relative):
    """A file of the native build (the browser runs the WebAssembly build): the environment
    variable's path, else the file in a native build beside this one (.ci/run's, LUDUS_BUILD_DIR
    or build-ci/, or build/)."""
    builds = [os.environ.get("LUDUS_BUILD_DIR") or "build-ci", "build"]
    for path in [os.environ.get(variable)] + [os.path.join(ROOT, b, relative) for b in builds]:
        if path and os.path.isfile(path):
            return path
    return None


def native_library():
    """libludus for `ludus serve` and the Python package: LUDUS_LIBRARY, else a native build's."""
    return native_file("LUDUS_LIBRARY", os.path.join("capi", "libludus.so.1"))


def native_package(library):
    """The Python package of the source tree on the native `library` (the catalogue, the solved
    table's values, the server's test process read through it)."""
    os.environ["LUDUS_LIBRARY"] = library
    package = os.path.join(ROOT, "bindings", "python")
    if package not in sys.path:
        sys.path.insert(0, package)
    import ludus

    return ludus


def game_server(library, directory, app_dir=SITE):
    """`ludus serve` on a free loopback port, serving the built app (ludus.server.testing's
    process: kill() is SIGKILL, start() again the same port and database)."""
    native_package(library)
    from ludus.server.testing import ServerProcess

    env = {**os.environ, "PYTHONPATH": os.path.join(ROOT, "bindings", "python"), "PYTHONDONTWRITEBYTECODE": "1"}
    server = ServerProcess(
        f"sqlite:{os.path.join(directory, 'games.sqlite3')}",
        env=env,
        extra=["--app", app_dir],
        log_path=os.path.join(directory, "server.log"),
    )
    return server.start()


def online(app):
    return app.js(
        "return {connection: document.body.dataset.online, version: Number(document.body.dataset.onlineVersion ?? -1), "
        "status: document.querySelector('#status').textContent, phase: document.querySelector('#status').dataset.phase, "
        "history: [...document.querySelectorAll('#history li')].length, message: document.querySelector('#message').textContent}"
    )


def friend(app):
    """Two devices, one game held by `ludus serve`: an Italian phone creates it, shows the
    invitation (its link and QR code), an English tablet opens the link and takes the other
    side; every move and roll goes through the server. One page's connection dropped while the
    other plays: it reconnects by itself and shows the position the server has; then the server
    killed (SIGKILL) and started again: both pages come back and finish the game. Without a
    server (the static one) the option is not offered."""
    app.open("it")
    wait_for(lambda: app.js("return document.body.dataset.server") == "none", "the app to find no game server")
    assert app.js("return document.querySelector('#play-friend').hidden"), "play a friend offered without a server"
    asked = app.js(
        "return performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.endsWith('/health'))"
    )
    assert not asked, f"a static host's page asks for a game server: {asked}"
    library = native_library()
    assert (
        library
    ), "no native libludus for ludus serve: build it (meson setup build; meson compile -C build) or set LUDUS_LIBRARY"
    import tempfile

    directory = tempfile.mkdtemp(prefix="ludus-friend-")
    server = game_server(library, directory)
    base = server.url + "/"
    guest_driver = browser()
    try:
        host, guest = App(app.d, base), App(guest_driver, base)
        for page in (host, guest):
            page.d.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SOCKET_SPY})
        host.open("it")
        host.size(360, 740)
        guest.open("en")
        guest.size(768, 1024)
        it, en = catalogue_of("it"), catalogue_of("en")
        # the Italian phone creates the game and shows the invitation
        wait_for(lambda: host.js("return document.body.dataset.server") == "found", "the app to find ludus serve")
        host.button("#new-game")
        wait_for(lambda: host.js("return document.querySelector('#new-game-dialog').open"), "the new-game dialog")
        host.choose_card("duodecim")
        host.button("#play-friend")
        wait_for(
            lambda: host.js(
                "return document.querySelector('#invite-dialog').open && document.querySelector('#invite-qr').complete "
                "&& document.querySelector('#invite-qr').naturalWidth > 0"
            ),
            "the invitation with its QR code",
        )
        link = host.js("return document.querySelector('#invite-link').value")
        assert link.startswith(base + "#join="), f"the join link: {link}"
        assert host.js("return document.querySelector('#invite-qr').alt") == it["invite.qr"]
        wait_for(lambda: online(host)["status"] == it["online.waiting"], "the phone to wait for the friend")
        host.check_targets("the invitation on the phone")
        host.check_axe("the invitation on the phone")
        host.check_no_leak("the invitation on the phone")
        screenshot(host, "web-friend-invite-phone", 360, 740)
        screenshot(host, "web-friend-invite-tablet", 768, 1024)
        host.size(360, 740)
        host.tap(host.d.find_element(By.CSS_SELECTOR, "#invite-dialog button[value=close]"))
        # the English tablet opens the link and takes the other side
        guest.d.get(link)
        guest.wait_ready()
        wait_for(lambda: online(guest)["connection"] == "open" and online(guest)["version"] >= 1, "the friend to join")
        assert "#join=" not in guest.d.current_url, "the used invitation stays in the address"
        wait_for(
            lambda: guest.d.find_element(By.ID, "message").text == en["online.joined"].replace("{side}", en["side.1"]),
            "the friend told their side",
        )
        wait_for(lambda: online(host)["version"] == online(guest)["version"], "the phone to see the friend joined")
        guest.check_targets("the friend's page on the tablet")
        guest.check_axe("the friend's page on the tablet")
        guest.check_no_leak("the friend's page on the tablet")
        screenshot(guest, "web-friend-joined-tablet", 768, 1024)
        # one side is to play (the opening roll decides which), the other says it waits for its friend
        guest_plays = can_act(guest)
        assert guest_plays != can_act(host), f"both or neither page to play: {online(host)} / {online(guest)}"
        waiting, words, mover = (host, it, 1) if guest_plays else (guest, en, 0)
        assert online(waiting)["status"] == words["online.friend_turn"].replace(
            "{side}", words[f"side.{mover}"]
        ), f"the page waiting: {online(waiting)}"
        actions = play_between(host, guest, 8)
        actions += check_friend_narrated(host, guest, it, en)
        while not can_act(host) and online(host)["phase"] != "over":  # the drop comes when the phone is to play
            actions += play_between(host, guest, 1)
        # the tablet's connection dropped and kept down while the phone plays: it comes back at the server's position
        guest.js("window.blockSockets = true; for (const s of window.sockets) s.close();")
        wait_for(lambda: online(guest)["connection"] == "lost", "the tablet to see its connection lost")
        assert online(guest)["status"] == en["online.reconnecting"], f"the tablet while offline: {online(guest)}"
        before = online(guest)["version"]
        while can_act(host):  # the phone plays its turn meanwhile
            version = online(host)["version"]
            assert host.step(typed_dice=False), f"the phone could not act: {online(host)}"
            wait_for(lambda: online(host)["version"] > version, "the phone's action stored", 15)
            actions += 1
        assert (
            online(host)["version"] > before and online(guest)["version"] == before
        ), f"the tablet followed the game while offline: {online(guest)}"
        guest.js("window.blockSockets = false;")
        wait_for(
            lambda: online(guest)["connection"] == "open" and online(guest)["version"] == online(host)["version"],
            "the tablet to reconnect and catch up",
            20,
        )
        same_board(host, guest, "after the tablet's reconnection")
        undo_offered(host, guest, it, en)
        # the server killed and started again: both pages reconnect, the game goes on
        actions += play_between(host, guest, 6)
        version = online(host)["version"]
        server.kill()
        wait_for(
            lambda: online(host)["connection"] == "lost" and online(guest)["connection"] == "lost",
            "both pages to see the server gone",
        )
        assert (
            online(host)["status"] == it["online.reconnecting"]
        ), f"the phone while the server is down: {online(host)}"
        server.start()
        wait_for(
            lambda: all(online(p)["connection"] == "open" and online(p)["version"] == version for p in (host, guest)),
            "both pages back at the stored position",
            30,
        )
        same_board(host, guest, "after the server's restart")
        actions += play_between(host, guest, 2000)
        assert online(host)["phase"] == online(guest)["phase"] == "over", "the game did not end"
        result = [p.js("return document.querySelector('#status').dataset.result") for p in (host, guest)]
        assert result[0] == result[1], f"the two pages disagree on the result: {result}"
        host.check_no_leak("the end of a game against a friend, Italian")
        guest.check_no_leak("the end of a game against a friend, English")
        real_dice_online(host, guest, it, en)
        print(
            f"friend: Duodecim between an Italian phone and an English tablet through ludus serve, {actions} actions, "
            f"{online(host)['version']} versions, result {result[0]}; the invitation's QR code and link; the tablet's "
            "connection dropped while the phone played, back at the server's position; an undo asked, declined, asked "
            "again at once and refused, after a move and agreed; the server killed and restarted, both back; a game of real dice agreed and a roll typed in; "
            "no option without a server"
        )
        app.axe_runs += host.axe_runs + guest.axe_runs
        app.targets_measured += host.targets_measured + guest.targets_measured
    finally:
        guest_driver.quit()
        server.stop()
        shutil.rmtree(directory, ignore_errors=True)


# ---- a game against a stranger through the lobby of `ludus serve` ---------------------------------


def lobby_state(app):
    return app.js(
        "return {lobby: document.body.dataset.lobby ?? null, rating: document.body.dataset.lobbyRating ?? null, "
        "me: document.querySelector('#lobby-me').textContent, waiting: document.querySelector('#lobby-waiting').textContent, "
        "endRating: document.querySelector('#end-rating').hidden ? null : document.querySelector('#end-rating').textContent}"
    )


def open_lobby(page):
    page.button("#new-game")
    wait_for(lambda: page.js("return document.querySelector('#new-game-dialog').open"), "the new-game dialog")
    page.button("#play-lobby")
    wait_for(lambda: page.js("return document.querySelector('#lobby-dialog').open"), "the lobby")
    wait_for(lambda: lobby_state(page)["me"], "the lobby to show the player's rating")


def lobby(app):
    """Two strangers through the lobby of `ludus serve`: an Italian phone asks for a quick game of
    the Royal Game of Ur and waits; an English tablet finds it among the players waiting (with its
    rating) and plays it; the two play to the end through the server; each page then shows its
    new rating, Glicko-2's for two newcomers (the winner's and the loser's), and the lobby lists
    the game with the rating's change. A third page, in German, watches the game from the lobby's
    list of games being played: the same board, its moves as they are played, nothing it may do.
    In a kiosk the lobby is off unless kiosk.json turns it on."""
    library = native_library()
    assert library, "no native libludus for ludus serve: build it or set LUDUS_LIBRARY"
    import tempfile

    directory = tempfile.mkdtemp(prefix="ludus-lobby-")
    site = os.path.join(directory, "site")  # the app, its kiosk.json rewritten by the test
    shutil.copytree(SITE, site)
    kiosk_file = os.path.join(site, "kiosk.json")
    server = game_server(library, directory, site)
    from ludus.server.glicko2 import NEWCOMER, update  # the package game_server put on the path

    base = server.url + "/"
    guest_driver = browser()
    try:
        host, guest = App(app.d, base), App(guest_driver, base)
        # a kiosk: no lobby, unless kiosk.json turns it on
        for on in (False, True):
            with open(kiosk_file, "w", encoding="utf-8") as file:
                json.dump({"museum": "", "lang": "it", "lobby": on}, file)
            host.open("it", "kiosk=1&pace=30")
            wait_for(lambda: lobby_state(host)["lobby"] in ("on", "off"), "the kiosk to decide on the lobby")
            assert lobby_state(host)["lobby"] == ("on" if on else "off"), f"kiosk.json lobby {on}: {lobby_state(host)}"
            assert host.js("return document.querySelector('#play-lobby').hidden") != on
        with open(kiosk_file, "w", encoding="utf-8") as file:
            json.dump({"museum": "", "lang": "it", "lobby": False}, file)
        host.js("localStorage.clear()")
        host.open("it")
        host.size(360, 740)
        guest.open("en")
        guest.size(768, 1024)
        it, en = catalogue_of("it"), catalogue_of("en")
        wait_for(lambda: lobby_state(host)["lobby"] == "on", "the phone to offer the lobby")
        # the Italian phone asks for a quick game of Ur and waits
        open_lobby(host)
        first_game = host.js("return document.querySelector('#lobby-game').value")  # the game on the board
        assert lobby_state(host)["me"] == it["lobby.no_rating"].replace("{game}", it[f"game.{first_game}"])
        Select(host.d.find_element(By.ID, "lobby-game")).select_by_value("ur")
        wait_for(
            lambda: lobby_state(host)["me"] == it["lobby.no_rating"].replace("{game}", it["game.ur"]),
            "the phone's rating in the Royal Game of Ur",
        )
        host.check_targets("the lobby on the phone", board_places=False)
        host.check_axe("the lobby on the phone")
        host.check_no_leak("the lobby on the phone")
        host.button("#lobby-quick")
        wait_for(
            lambda: lobby_state(host)["waiting"].startswith(it["lobby.waiting"].split("{")[0]), "the phone to wait"
        )
        screenshot(host, "web-lobby-waiting-phone", 360, 740)
        host.size(360, 740)
        # the English tablet finds the phone's seek and plays it
        open_lobby(guest)
        seek = wait_for(
            lambda: guest.js(
                "const b = document.querySelector('#lobby-seeks button[data-lobby=seek]');"
                "return b && b.parentElement.textContent"
            ),
            "the phone's seek in the tablet's lobby",
        )
        assert "1500" in seek and en["game.ur"] in seek, f"the seek as listed: {seek!r}"
        guest.check_targets("the lobby on the tablet", board_places=False)
        guest.check_axe("the lobby on the tablet")
        guest.check_no_leak("the lobby on the tablet")
        screenshot(guest, "web-lobby-tablet", 768, 1024)
        guest.size(768, 1024)
        guest.button("#lobby-seeks button[data-lobby=seek]")
        wait_for(
            lambda: all(online(p)["connection"] == "open" and online(p)["version"] >= 0 for p in (host, guest)),
            "both pages in the lobby's game",
        )
        assert not host.js("return document.querySelector('#lobby-dialog').open"), "the phone's lobby still open"
        wait_for(lambda: can_act(host) != can_act(guest), "one page to play, the other to wait")
        waiting_page, words = (guest, en) if can_act(host) else (host, it)
        assert online(waiting_page)["status"].endswith(
            words["lobby.opponent_turn"].split("}")[1]
        ), f"the page waiting: {online(waiting_page)}"
        # a third device, in German, watches the game from the lobby's list of games being played
        watcher_driver = browser()
        try:
            watcher, de = App(watcher_driver, base), catalogue_of("de")
            watcher.open("de")
            watcher.size(768, 1024)
            wait_for(lambda: lobby_state(watcher)["lobby"] == "on", "the watcher's page to offer the lobby")
            open_lobby(watcher)
            wait_for(
                lambda: watcher.js("return document.querySelector('#lobby-live button[data-lobby=watch]') !== null"),
                "the game among the games being played, with its Watch button",
            )
            watcher.button("#lobby-live button[data-lobby=watch]")
            wait_for(
                lambda: online(watcher)["connection"] == "open"
                and online(watcher)["version"] == online(host)["version"],
                "the watcher on the game",
            )
            # the stranger's rolls and moves written out as an opponent's, not a friend's
            actions = play_between(host, guest, 6)
            wait_for(lambda: online(watcher)["version"] == online(host)["version"], "the moves on the watcher's board")
            same_board(host, watcher, "the watcher")
            watching = online(watcher)["status"]
            assert watching.endswith(de["online.watching"].split("}")[1]), f"the watcher's status: {watching!r}"
            assert not can_act(watcher) and watcher.js("return document.querySelector('#resign').disabled")
            watcher.check_no_leak("a lobby game watched, German")
            print(f"lobby: a third page, German, watched {online(watcher)['version']} versions: {watching!r}")
        finally:
            watcher_driver.quit()
        narration = lambda page: page.js("return document.querySelector('#narration').textContent")
        opening = {
            p: os.path.commonprefix([w[f"narrate.opponent_{k}"] for k in ("rolled", "rolled_played", "played")])
            for p, w in ((host, it), (guest, en))
        }
        said = wait_for(
            lambda: next((narration(p) for p in (host, guest) if narration(p).startswith(opening[p])), None),
            "the stranger's action written out on the other page",
            10,
        )
        actions += play_between(host, guest, 3000)
        assert online(host)["phase"] == online(guest)["phase"] == "over", "the game did not end"
        result = [p.js("return document.querySelector('#status').dataset.result") for p in (host, guest)]
        assert result[0] == result[1], f"the two pages disagree on the result: {result}"
        # each page's new rating: Glicko-2's, from two newcomers
        won = round(update(NEWCOMER, [(NEWCOMER, 1)]).rating)
        lost = round(update(NEWCOMER, [(NEWCOMER, 0)]).rating)
        shown = {}
        for page, words in ((host, it), (guest, en)):
            shown[page] = wait_for(lambda: lobby_state(page)["endRating"], "the new rating in the end panel", 15)
        winner_seat = int(result[0].split()[1])
        host_seat = host.js("return JSON.parse(localStorage.getItem('ludus.online')).seat")
        for page, words, seat in ((host, it, host_seat), (guest, en, 1 - host_seat)):
            after = won if seat == winner_seat else lost
            expected = words["lobby.rated"].replace("{after}", str(after)).replace("{before}", "1500")
            assert shown[page] == expected, f"the rating shown: {shown[page]!r}, not {expected!r}"
        host.check_no_leak("the end of a lobby game, Italian")
        guest.check_no_leak("the end of a lobby game, English")
        screenshot(host, "web-lobby-rated-phone", 360, 740)
        host.size(360, 740)
        # the lobby again: the rating and the game among the player's games
        open_lobby(host)
        after = won if host_seat == winner_seat else lost
        assert lobby_state(host)["rating"] == str(after), lobby_state(host)
        games = host.js("return [...document.querySelectorAll('#lobby-games li')].map((li) => li.textContent)")
        assert len(games) == 1 and f"1500 → {after}" in games[0], f"the phone's games: {games}"
        host.check_no_leak("the lobby after a game, Italian")
        print(
            f"lobby: the Royal Game of Ur between an Italian phone (a quick game, waiting) and an English tablet "
            f"(the seek accepted from the list) through ludus serve, {actions} actions, result {result[0]}; {said!r}; "
            f"ratings shown {after} and {won + lost - after} (Glicko-2 from 1500); off in a kiosk unless kiosk.json"
        )
        app.axe_runs += host.axe_runs + guest.axe_runs
        app.targets_measured += host.targets_measured + guest.targets_measured
    finally:
        guest_driver.quit()
        server.stop()
        shutil.rmtree(directory, ignore_errors=True)


def check_friend_narrated(host, guest, it, en):
    """A friend's rolls and moves written out on the other device as the computer's are ("Your
    friend rolled 3 + 4 and plays: ..."); after a reload the page does not tell the opening roll
    and who starts again. Returns the actions played."""
    actions = 0
    narration = lambda page: page.js("return document.querySelector('#narration').textContent")
    for _ in range(4):
        actor = wait_for(lambda: next((page for page in (host, guest) if can_act(page)), None), "a page to play", 15)
        other, words = (guest, en) if actor is host else (host, it)
        friend = os.path.commonprefix(
            [words[f"narrate.friend_{key}"] for key in ("rolled", "rolled_played", "played")]
        ).strip()
        actions += play_between(host, guest, 1)
        wait_for(
            lambda: narration(other).startswith(friend),
            f"the friend's action written out on the other page ({narration(other)!r})",
            10,
        )
    said = narration(other)
    host.d.refresh()
    host.wait_ready()
    wait_for(
        lambda: online(host)["connection"] == "open" and online(host)["version"] == online(guest)["version"],
        "the phone back in the game after a reload",
        20,
    )
    told = [it[key].split("{")[0].strip() for key in ("opening.roll", "starts.side")]
    again = [phrase for phrase in told if phrase and phrase in narration(host)]
    assert not again, f"after a reload the phone tells the opening again: {narration(host)!r}"
    print(f"  a friend's action written out on the other page ({said!r}); no opening told again after a reload")
    return actions


def real_dice_online(host, guest, it, en):
    """A friend's game with the players' own dice: the creator chooses them, the friend agrees on
    opening the link, and a roll typed in on the page to roll is the roll on both pages."""
    host.button("#new-game")
    wait_for(lambda: host.js("return document.querySelector('#new-game-dialog').open"), "the new-game dialog")
    host.choose_card("petteia")
    assert host.js("return document.querySelector('#friend-dice').hidden"), "real dice offered for a game without dice"
    host.choose_card("duodecim")
    host.button("#friend-real-dice")
    host.button("#play-friend")
    wait_for(lambda: host.js("return document.querySelector('#invite-dialog').open"), "the invitation")
    link = host.js("return document.querySelector('#invite-link').value")
    host.tap(host.d.find_element(By.CSS_SELECTOR, "#invite-dialog button[value=close]"))
    guest.d.get(link)
    guest.wait_ready()
    asked = lambda: guest.js(
        "return document.querySelector('#confirm-dialog').open && document.querySelector('#confirm-text').textContent"
    )
    try:
        wait_for(lambda: asked() == en["online.real_dice_agree"], "the friend asked to agree to real dice", 15)
    except AssertionError:
        dialogs = guest.js("return [...document.querySelectorAll('dialog[open]')].map((d) => d.id)")
        console = [e["message"][:200] for e in guest.d.get_log("browser")][-4:]
        raise AssertionError(
            f"the friend not asked to agree to real dice: link {link}, the page {guest.d.current_url}, {online(guest)}, "
            f"dialogs open {dialogs}, console {console}"
        ) from None
    guest.check_no_leak("the agreement to real dice")
    guest.button("#confirm-yes")
    wait_for(
        lambda: all(online(p)["connection"] == "open" and online(p)["version"] >= 1 for p in (host, guest))
        and online(host)["version"] == online(guest)["version"],
        "the friend to join the game of real dice",
    )
    roller = wait_for(
        lambda: next(
            (p for p in (host, guest) if p.js("return document.querySelector('#roll').offsetParent !== null")), None
        ),
        "a page to roll",
    )
    roller.button("#roll")
    inputs = wait_for(
        lambda: [e for e in roller.d.find_elements(By.CSS_SELECTOR, "#dice-inputs input") if e.is_displayed()],
        "the dice fields",
        5,
    )
    thrown = [rng.randint(1, 6) for _ in inputs]
    for field, value in zip(inputs, thrown):
        field.send_keys(str(value))
    roller.tap(roller.d.find_element(By.CSS_SELECTOR, "#dice-form button[value=set]"))
    last = lambda p: p.js("return JSON.parse(localStorage.getItem('ludus.current')).state.history.at(-1)?.text")
    wait_for(
        lambda: last(host) == last(guest) == "roll " + " ".join(map(str, thrown)),
        f"the typed roll {thrown} on both pages",
        15,
    )


def undo_offered(host, guest, it, en):
    """Against a friend, undo is an offer the friend answers: the page whose side moved last asks,
    the other page asks its visitor (in its language); declined, the game is unchanged and the
    asker told so; asked again at once, refused in words (a declined offer waits for a move);
    asked again after the friend's next action and accepted, both pages take the move back."""
    history = lambda page: page.js(
        "return JSON.parse(localStorage.getItem('ludus.current')).state.history.map((e) => [e.player, e.text])"
    )
    last_mover = next(player for player, text in reversed(history(host)) if not text.startswith("roll"))
    asker, answerer, asked, answered = (host, guest, it, en) if last_mover == 0 else (guest, host, en, it)
    dialog = lambda: answerer.js(
        "const d = document.querySelector('#confirm-dialog'); return d.open ? document.querySelector('#confirm-text').textContent : null"
    )
    before = history(host)
    for accept in (False, True):
        asker.button("#undo")
        wait_for(lambda: dialog() == answered["online.offer.undo"], "the friend asked to take a move back", 15)
        wait_for(
            lambda: online(asker)["message"] == asked["online.offer_sent.undo"], "the asker told the offer is sent"
        )
        assert asker.js("return document.querySelector('#undo').disabled"), "a second offer allowed while one waits"
        answerer.check_no_leak("the friend's undo offer")
        answerer.check_axe("the friend's undo offer")
        answerer.button("#confirm-yes" if accept else "#confirm-no")
        if not accept:
            wait_for(
                lambda: online(asker)["message"] == asked["online.declined.undo"],
                "the asker told the undo is declined",
                15,
            )
            assert history(host) == history(guest) == before, "a declined undo changed the game"
            asker.button("#undo")
            wait_for(
                lambda: online(asker)["message"] == asked["server.error.offer_declined"],
                "the asker told a declined offer waits for a move",
                15,
            )
            assert dialog() is None and history(host) == before, "an offer declined made again at once"
            play_between(host, guest, 1)  # the friend's next action
            before = history(host)
    wait_for(
        lambda: all(online(p)["connection"] == "open" and len(history(p)) < len(before) for p in (host, guest))
        and online(host)["version"] == online(guest)["version"],
        "both pages to take the move back",
        20,
    )
    wait_for(
        lambda: online(host)["message"] == it["online.undone"] and online(guest)["message"] == en["online.undone"],
        "both told the move is taken back",
    )
    same_board(host, guest, "after the agreed undo")
    assert (
        history(host) == before[: len(history(host))]
    ), f"the undo took back something else: {before[-4:]} -> {history(host)[-4:]}"


def can_act(app):
    """The page's side is to play: the dice to roll, a piece marked or a choice offered."""
    return app.js(
        "const on = (e) => e && !e.hidden && e.getClientRects().length > 0;"
        "return on(document.querySelector('#roll')) || document.querySelectorAll('#board .movable:not(.mark)').length > 0 "
        "|| [...document.querySelectorAll('#choices button')].some(on)"
    )


def same_board(a, b, where):
    """The two pages show the same game: the same history and the same picture of the board."""
    history = [
        p.js("return JSON.parse(localStorage.getItem('ludus.current')).state.history.map((e) => e.text)")
        for p in (a, b)
    ]
    assert history[0] == history[1], f"{where}: the pages' games differ: {history[0][-5:]} / {history[1][-5:]}"


def play_between(host, guest, limit):
    """Up to `limit` actions by whichever page is to play, each waited for until the server's
    update is on both pages."""
    actions = stalls = 0
    while actions < limit and online(host)["phase"] != "over":
        version = online(host)["version"]
        acting = next((page for page in (host, guest) if page.step(typed_dice=False)), None)
        if acting is None:
            time.sleep(0.05)
            continue
        both = lambda: online(host)["version"] > version and online(guest)["version"] == online(host)["version"]
        # a choice between moves is offered before anything is sent (a pass, once tapped, waits for the server)
        choosing = lambda: acting.js(
            "return [...document.querySelectorAll('#choices button:not(#pass)')].some((b) => b.getClientRects().length > 0)"
        )
        try:
            wait_for(lambda: both() or choosing(), "the action on both pages", 5)
            stalls = 0
        except AssertionError:
            stalls += 1  # a tap lost in an animation: tried again
            if stalls < 5:
                continue
            raise AssertionError(
                f"the action at version {version} not on both pages: {online(host)} / {online(guest)}; "
                f"the socket of the page that acted: {acting.js('return window.socketLog.slice(-6)')}; "
                f"its errors: {[e['message'] for e in acting.d.get_log('browser') if e['level'] == 'SEVERE'][-3:]}"
            ) from None
        actions += both()  # else a choice between moves is offered: the next step taps it
    return actions


def catalogue_of(language):
    return json.load(open(os.path.join(SITE, "i18n", f"{language}.json"), encoding="utf-8"))


# Installed before the app's scripts on a page opened with ?worker_fault=...: the app's worker
# answers a hint with a library error ("error") or crashes on it ("crash").
WORKER_FAULT = """
const fault = new URLSearchParams(location.search).get('worker_fault');
if (fault) {
  const Real = window.Worker;
  window.Worker = class extends Real {
    postMessage(message, ...rest) {
      if (message?.kind !== 'hint') return super.postMessage(message, ...rest);
      setTimeout(() => this.dispatchEvent(fault === 'crash' ? new Event('error')
        : new MessageEvent('message', {data: {id: message.id, kind: message.kind, error: 'Ludus Duodecim Scriptorum has no draws', status: 'LUDUS_E_INVALID_STATE'}})), 50);
    }
  };
}"""


def draw_offers_and_worker_faults(app):
    """A draw is offered only in the games whose catalogue entry has agreed
    draws (not Duodecim, not XII Scripta); in Petteia the computer answers an offer and the page
    is playable again; a worker that answers with a library error or crashes leaves no spinner,
    the buttons usable and no library English (the page's own words instead)."""
    d = app.d
    italian = catalogue_of("it")
    app.open("it")
    app.size(360, 740)
    busy = lambda: app.js("return document.querySelector('#status').classList.contains('busy')")
    hint_usable = lambda: app.js("const b = document.querySelector('#hint'); return !b.hidden && !b.disabled")
    for game in ["duodecim", "xii_scripta"]:
        app.new_game(game, {})
        app.button("#more")
        wait_for(lambda: app.js("return document.querySelector('#more-dialog').open"), "the more dialog")
        assert not app.visible("#offer-draw"), f"{game}: a draw is offered in a game without draws"
        app.js("document.querySelector('#more-dialog').close()")
    app.new_game("petteia", {"rows": 6, "cols": 6})
    app.button("#more")
    app.button("#offer-draw")
    wait_for(
        lambda: not busy()
        and (
            app.status()["phase"] == "over"
            or italian["draw.declined_computer"] in d.find_element(By.ID, "message").text
        ),
        "the computer's answer to a draw offer",
        15,
    )
    accepted = app.status()["phase"] == "over"
    if accepted:
        wait_for(lambda: app.visible("#end-panel"), "the end panel of an agreed draw", 5)
    else:
        assert hint_usable(), "petteia: the hint is not usable after a declined draw"
    print(f"draw offers: none in Duodecim and XII Scripta; Petteia's computer {'accepted' if accepted else 'declined'}")
    script = d.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WORKER_FAULT})["identifier"]
    try:
        for fault in ["error", "crash"]:
            app.open("it", query=f"pace=30&worker_fault={fault}", clear=False)
            app.new_game("petteia", {"rows": 6, "cols": 6})
            app.button("#hint")
            wait_for(
                lambda: not busy() and hint_usable() and d.find_element(By.ID, "message").text,
                f"the spinner to go after a worker {fault}",
                10,
            )
            message = d.find_element(By.ID, "message").text
            if fault == "error":
                assert (
                    message == f"{italian['error.hint']} {italian['error.invalid_state']}"
                ), f"worker error: {message!r}"
            else:
                assert message.startswith("Suggerimento:"), f"worker crash: the page did not search itself: {message!r}"
            app.check_no_leak(f"worker {fault}")
            print(f"worker {fault}: {message!r}, the buttons usable again")
    finally:
        d.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script})


# Every change of the status line and of the line of the computer's turn, timed.
WATCH_TURN = """
window.seen = [];
const note = () => window.seen.push({t: performance.now(), status: document.querySelector('#status').textContent,
                                     said: document.querySelector('#narration')?.textContent ?? ''});
for (const line of document.querySelectorAll('#status, #narration'))
  new MutationObserver(note).observe(line, {childList: true, characterData: true, subtree: true});"""


def computer_turn_in_words(app):
    """A game of Duodecim against the computer, who starts is decided by the
    opening roll. The statuses read as a person speaks ("Tocca a te", "Il computer pensa…", never
    "Tocca al computer (Scuro (computer))"); the opening roll and who starts are written on
    screen; the computer's roll and each of its moves are written out in a visible line, each
    shown alone for the pace at least (?pace=400 in Italian, the default in English)."""
    words = {
        "it": (
            "Tocca a te",
            "Il computer pensa…",
            "Il computer ha tirato {dice}",
            "Tiro d'apertura:",
            "Cominci tu.",
            "Comincia il computer.",
            {"": "da {from} a {to}", "H": "entra in {to}", "O": "esce da {from}"},
        ),
        "en": (
            "Your turn",
            "The computer is thinking…",
            "The computer rolled {dice}",
            "Opening roll:",
            "You start.",
            "The computer starts.",
            {"": "from {from} to {to}", "H": "enters on {to}", "O": "bears off from {from}"},
        ),
    }
    for language, pace, shortest in [("it", 400, 0.36), ("en", None, 1.0)]:
        yours, thinking, rolled, opening, you_start, it_starts, step = words[language]
        app.open(language, query=f"pace={pace}" if pace else "")
        app.size(360, 740)
        app.js(WATCH_TURN)
        app.new_game("duodecim", {"first_player": "roll"}, opponent="greedy", computer=1)
        narration = "const e = document.querySelector('#narration'); return e && e.getClientRects().length > 0 ? e.innerText : null"
        said = app.js(narration) or ""
        started = time.time()
        first = app.js("return JSON.parse(localStorage.getItem('ludus.current')).state.setup.first_player")
        assert (
            opening in said and (you_start if first == 0 else it_starts) in said
        ), f"{language}: the opening roll and who starts not said: {said!r}"
        if first == 1:  # the computer starts: the opening is read alone for two paces
            wait_for(lambda: opening not in (app.js(narration) or ""), "the computer's first roll", 10)
            assert (
                time.time() - started >= 2 * shortest
            ), f"{language}: the opening shown for {time.time() - started:.2f} s only"
        history = "return JSON.parse(localStorage.getItem('ludus.current')).state.history"
        # Play until the computer has played a whole turn and it is the person's turn again; once the
        # computer has moved the test only waits (a tap of the person's would clear the line).
        while True:
            computer_moved = any(e["player"] == 1 and not e["text"].startswith("roll") for e in app.js(history))
            if computer_moved:
                if app.status()["phase"] == "roll" and app.js(
                    "return document.querySelector('#roll').offsetParent !== null"
                ):
                    break
                time.sleep(0.03)
            elif not app.step(typed_dice=False):
                time.sleep(0.03)
        events = app.js(history)
        last_roll = max(i for i, e in enumerate(events) if e["player"] == 1 and e["text"].startswith("roll"))
        dice = " + ".join(events[last_roll]["text"].split()[1:])
        steps = [e["text"] for e in events[last_roll + 1 :] if e["player"] == 1 and "-" in e["text"]]
        line = app.js(narration)
        assert (
            line and rolled.format(dice=dice) in line
        ), f"{language}: the computer's roll not written out on screen: {line!r} {events[-6:]} {app.js('return window.seen')[-4:]}"
        for text in steps:
            origin, target = text.split(":")[0].split("-")
            written = step["H" if origin == "H" else "O" if target == "O" else ""].format(
                **{"from": origin, "to": target}
            )
            # a cell the board shows on both sides is named with its side: "IV (Dark)"
            cell = lambda name: re.escape(name) + r"(?![\w])(?: \([^)]*\))?"
            pattern = re.escape(step["H" if origin == "H" else "O" if target == "O" else ""])
            pattern = pattern.replace(re.escape("{from}"), cell(origin)).replace(re.escape("{to}"), cell(target))
            assert re.search(
                pattern, line
            ), f"{language}: the computer's move {text} not written out as {written!r}: {line!r}"
        seen = app.js("return window.seen")
        statuses = {entry["status"] for entry in seen}
        assert not [
            s for s in statuses if "(" in s
        ], f"{language}: a status names players in brackets: {sorted(statuses)}"
        assert (
            any(s.startswith(yours) for s in statuses) and thinking in statuses
        ), f"{language}: statuses {sorted(statuses)}"
        # Each of the computer's actions in the line stays alone for the pace at least before the
        # next of the same turn is added to it (the last stays until the person acts).
        changes = [
            entry
            for i, entry in enumerate(seen)
            if entry["said"]
            and (i == 0 or entry["said"] != seen[i - 1]["said"])
            and rolled.split("{")[0] in entry["said"]
        ]
        gaps = [
            (b["t"] - a["t"]) / 1000
            for a, b in zip(changes, changes[1:])
            if b["said"].startswith(a["said"].rstrip("."))
        ]
        assert (
            gaps and min(gaps) >= shortest
        ), f"{language}: the computer's actions shown {gaps} s apart (at least {shortest} s)"
        app.check_no_leak("the computer's turn")
        if language == "it":  # the project's screenshots: the computer's turn written out
            screenshot(app, "web-computer-phone-it", 360, 740)
            screenshot(app, "web-computer-tablet-it", 768, 1024)
            screenshot(app, "web-computer-phone-landscape-it", 740, 360)
            check_narration_clear(app, "740x360")
        print(
            f"{language}: the opening and who starts said; the computer's turn written out ({line!r}), its actions {min(gaps):.2f} s apart or more"
        )


def keyboard_move(app):
    """The board by keyboard (Petteia 6x6, light to move): the cursor starts on a1; Up, Enter
    chooses a2's piece, Escape lets it go, Enter chooses it again, Up, Enter plays a2-a3; the
    move is announced in the aria-live region."""
    board = app.d.find_element(By.ID, "board")
    before = app.moves_played()
    app.js(
        """window.announced = []; const live = document.querySelector('#announce');
              new MutationObserver(() => window.announced.push(live.textContent)).observe(live, {childList: true, characterData: true, subtree: true});"""
    )
    board.send_keys(Keys.ARROW_UP, Keys.ENTER)
    wait_for(
        lambda: app.js("return document.querySelector('#board .chosen')?.dataset.square") == "a2",
        "a2 chosen by Enter",
        5,
    )
    board.send_keys(Keys.ESCAPE)
    wait_for(lambda: not app.js("return document.querySelector('#board .chosen')"), "Escape to let go", 5)
    board.send_keys(Keys.ENTER, Keys.ARROW_UP, Keys.ENTER)
    wait_for(
        lambda: app.js(
            "return JSON.parse(localStorage.getItem('ludus.current')).state.history[arguments[0]]?.text", before
        )
        == "a2-a3",
        "the move played by keyboard",
        10,
    )
    # What the live region said (the computer's reply may have been announced since).
    announced = wait_for(
        lambda: [text for text in app.js("return window.announced") if "a2" in text and "a3" in text],
        "the move announced",
        5,
    )[0]
    print(f"keyboard: a2-a3 by arrows and Enter, Escape lets go; announced {announced!r}")


def check_dialogs(app, language):
    """The new-game, rules and "more" dialogs: axe, tap targets inside, no other language."""
    for opener, dialog in [
        ("#new-game", "#new-game-dialog"),
        ("#show-rules", "#rules-dialog"),
        ("#more", "#more-dialog"),
    ]:
        app.button(opener)
        wait_for(lambda: app.js(f"return document.querySelector('{dialog}').open"), dialog)
        if dialog == "#rules-dialog":
            check_rules_pages(app, language)
        app.check_axe(f"{dialog} ({language})")
        small = app.js(
            """
            return [...document.querySelectorAll(arguments[0] + ' button, ' + arguments[0] + ' select, ' + arguments[0] + ' input:not([type=radio])')]
              .map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0 && (r.width < 44 || r.height < 44)).length""",
            dialog,
        )
        assert small == 0, f"{dialog}: {small} controls under 44 px"
        app.check_no_leak(f"{dialog} ({language})")
        app.js(f"document.querySelector('{dialog}').close()")
    print(f"{language}: the new-game, rules and more dialogs pass axe")


def check_rules_pages(app, language):
    """Each game's rules page (its tab in the rules dialog), in the page's language: its pictures
    drawn, no other language; Markdown's *emphasis* rendered (Petteia names the *ludus
    latrunculorum*), no star left in the text."""
    for index in range(len(site_games())):
        tab = app.d.find_elements(By.CSS_SELECTOR, "#rules-tabs button")[index]
        name = tab.text
        app.tap(tab)
        wait_for(
            lambda: app.js(
                "return document.querySelector('#rules h2')?.textContent === arguments[0] && document.querySelectorAll('#rules figure svg').length > 0",
                name,
            ),
            f"the rules of {name}",
            10,
        )
        app.check_no_leak(f"the rules of {name} ({language})")
        text = app.js("return document.querySelector('#rules').innerText")
        assert (
            "*" not in text
        ), f"the rules of {name} ({language}): a Markdown star shown: {text[text.index('*') - 30:text.index('*') + 30]!r}"
        if name == "Petteia":
            assert app.js("return [...document.querySelectorAll('#rules em')].map((e) => e.textContent)") == [
                "ludus latrunculorum"
            ], f"Petteia's rules ({language}): no emphasis"
    print(f"{language}: the rules of {len(site_games())} games, emphasis rendered, no other language")


def check_landmarks(app):
    """The page's landmarks: one main, holding the board and the actions (axe wants the page's
    content in landmarks)."""
    app.open("it")
    found = app.js(
        "return [document.querySelectorAll('main').length, !!document.querySelector('main #board'), !!document.querySelector('main #actions')]"
    )
    assert found == [1, True, True], f"the page's <main>: {found}"


def choose_language(app, name, tag):
    """The language selector lists every language by its own name; choosing one translates the
    page at once (nothing said before it left in the other language) and is remembered."""
    app.open("it")
    while app.moves_played() == 0:  # something said in Italian first (a roll, a move)
        if not app.step(typed_dice=False):
            time.sleep(0.05)
    select = app.d.find_element(By.ID, "language")
    offered = app.js("return [...arguments[0].options].map((o) => `${o.lang}:${o.text}`)", select)
    assert [option.split(":")[0] for option in offered] == LANGUAGES and {
        "it:Italiano",
        "en:English",
        "de:Deutsch",
    } <= set(offered), f"the language selector: {offered}"
    Select(select).select_by_visible_text(name)
    wait_for(
        lambda: app.js("return document.documentElement.lang") == tag
        and app.js("return localStorage.getItem('ludus.language')") == tag,
        f"the page in {name}",
        10,
    )
    assert app.js("return document.querySelector('#language').value") == tag
    app.check_no_leak(f"the page just switched to {name}")


def kiosk(app):
    """Kiosk mode with a 5 s idle time (the language, the settings, zoom,
    selection and the specification): the museum's language whatever a visit before stored, no
    pinch zoom, no text selection, no specification; a visitor's language and game settings
    gone at the idle reset and after a reload; ?lang= sets the museum's language."""
    d = app.d
    lang = lambda: app.js("return document.documentElement.lang")
    attract_text = lambda: d.find_element(By.ID, "attract").text
    app.open("en", query="kiosk=1&idle=5&pace=30")  # English stored by an earlier visit
    app.size(768, 1024)
    wait_for(lambda: app.visible("#attract"), "the attract screen")
    assert "Tocca per giocare" in attract_text(), f"kiosk: not in the museum's language: {attract_text()!r}"
    app.check_axe("kiosk attract screen")
    app.check_no_leak("kiosk attract screen")
    fixed = app.js(
        """return {viewport: document.querySelector('meta[name=viewport]').content, touch: getComputedStyle(document.body).touchAction,
                              select: getComputedStyle(document.querySelector('#app')).userSelect || getComputedStyle(document.querySelector('#app')).webkitUserSelect};"""
    )
    assert (
        "user-scalable=no" in fixed["viewport"] and "maximum-scale=1" in fixed["viewport"]
    ), f"kiosk: the viewport can be zoomed: {fixed}"
    assert fixed["touch"] == "pan-x pan-y", f"kiosk: pinch zoom left on: {fixed}"
    assert fixed["select"] == "none", f"kiosk: text can be selected: {fixed}"
    app.tap(d.find_element(By.ID, "attract"))
    wait_for(lambda: not app.visible("#attract"), "the attract screen to go")
    assert (
        app.js("return getComputedStyle(document.querySelector('#print')).display") == "none"
    ), "kiosk: no print button"
    app.button("#show-rules")
    wait_for(lambda: d.find_elements(By.CSS_SELECTOR, "#rules figure svg"), "the kiosk's rules", 10)
    spec = app.js(
        "return [...document.querySelectorAll('#rules a')].map((a) => a.textContent + ' ' + a.getAttribute('href'))"
    )
    assert not spec and "regole esatte" not in d.find_element(By.ID, "rules").text, f"kiosk: the rules lead to {spec}"
    app.js("document.querySelector('#rules-dialog').close()")
    # A visitor: English, then a game of Petteia against a person, one move.
    Select(d.find_element(By.ID, "language")).select_by_value("en")
    wait_for(lambda: lang() == "en", "English")
    app.new_game("petteia", {"rows": 6, "cols": 6}, opponent="human")
    visitor_moves = "return JSON.parse(localStorage.getItem('ludus.current')).state.history.filter((e) => e.player === 0 && !e.text.startsWith('roll')).length"
    while app.js(visitor_moves) == 0:
        if not app.step(typed_dice=False):
            time.sleep(0.05)
    wait_for(lambda: app.visible("#attract"), "the attract screen after 5 s idle", 15)
    wait_for(lambda: "Tocca per giocare" in attract_text(), "the museum's language after the idle reset", 5)
    saved = app.js("return JSON.parse(localStorage.getItem('ludus.current'))")
    assert (
        lang() == "it" and saved["settings"]["game"] == "duodecim" and saved["settings"]["opponent"] == "easy"
    ), f"kiosk: the last visitor's language or settings were kept: {lang()}, {saved['settings']}"
    # The fresh game: no move of the visitor's side (the computer may have opened it already).
    left = app.js(visitor_moves)
    assert left == 0, f"kiosk: the last visitor's game was kept ({left} moves)"
    # The next visitor chooses English; a reload (the tablet restarted) is Italian again.
    app.tap(d.find_element(By.ID, "attract"))
    Select(d.find_element(By.ID, "language")).select_by_value("en")
    wait_for(lambda: lang() == "en", "English")
    d.refresh()
    app.wait_ready()
    wait_for(lambda: app.visible("#attract"), "the attract screen after a reload")
    assert (
        lang() == "it" and "Tocca per giocare" in attract_text()
    ), f"kiosk: a visitor's language kept after a reload: {lang()} {attract_text()!r}"
    # The museum's language from the kiosk's address.
    app.open("it", query="kiosk=1&lang=en&idle=5&pace=30", clear=False)
    wait_for(lambda: app.visible("#attract"), "the English kiosk's attract screen")
    assert lang() == "en" and "Tap to play" in attract_text(), f"kiosk ?lang=en: {lang()} {attract_text()!r}"
    app.tap(d.find_element(By.ID, "attract"))
    Select(d.find_element(By.ID, "language")).select_by_value("it")
    wait_for(lambda: lang() == "it", "Italian")
    d.refresh()
    app.wait_ready()
    assert lang() == "en", "kiosk ?lang=en: a visitor's Italian kept after a reload"
    print(
        "kiosk: the museum's language (Italian, or ?lang=), no zoom, no selection, no specification; after 5 s idle "
        "and after a reload the visitor's language, settings and game are gone"
    )


def check_narration_clear(app, where):
    """The computer's narration is on screen whole, over no button, no word of the column and no
    part of the board's picture (beside a race board on a landscape phone it is under the board)."""
    found = app.js(
        """
        const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
        const line = document.querySelector('#narration');
        const others = [...document.querySelectorAll('#app button, #app select, #status, #title, #board svg #content')]
          .filter((e) => e.getClientRects().length > 0).map((e) => [e.id || e.tagName, box(e)]);
        return { line: box(line), full: line.scrollHeight <= line.clientHeight + 1, text: line.innerText, others,
                 viewport: [innerWidth, innerHeight] };"""
    )
    left, top, right, bottom = found["line"]
    assert (
        found["text"]
        and found["full"]
        and left >= 0
        and top >= 0
        and right <= found["viewport"][0]
        and bottom <= found["viewport"][1]
    ), f"{where}: the narration is not on screen whole: {found}"
    overlaps = [
        name
        for name, (l, t, r, b) in found["others"]
        if l < right - 1 and left < r - 1 and t < bottom - 1 and top < b - 1
    ]
    assert not overlaps, f"{where}: the narration {found['text']!r} lies over {overlaps}"


def screenshot(app, name, width, height):
    app.size(width, height)
    time.sleep(0.4)
    os.makedirs(SHOTS, exist_ok=True)
    path = os.path.join(SHOTS, f"{name}.png")
    app.d.save_screenshot(path)
    print(f"  screenshot {path}")


def levels(app):
    """The computer's levels in the new-game dialog, weakest first, the Monte
    Carlo player (another style, not a step of the ladder) apart, under "altro"."""
    app.open("it")
    app.tap(app.d.find_element(By.ID, "new-game"))
    wait_for(lambda: app.js("return document.querySelector('#new-game-dialog').open"), "the new-game dialog")
    shown = app.js(
        """return [...document.querySelector('#opponent').children].map((e) =>
        e.tagName === 'OPTGROUP' ? {group: e.label, options: [...e.children].map((o) => o.value)} : e.value)"""
    )
    assert shown[:6] == ["human", "random", "greedy", "easy", "medium", "best"], shown
    assert shown[6:] == [{"group": "altro", "options": ["uct"]}], shown
    app.js("document.querySelector('#new-game-dialog').close()")
    print("levels: weakest to strongest, the Monte Carlo player apart under 'altro'")


# The Ostia board (Duodecim): the trays' names in each language, and the rules' words for the route
# on the board drawn flat and turned a quarter (a tall screen).
TRAY_WORDS = {"it": ("in mano", "uscite"), "en": ("in hand", "borne off"), "de": ("im Vorrat", "vom Brett")}
SIDE_WORDS = {"it": ("Chiaro", "Scuro"), "en": ("Light", "Dark"), "de": ("Hell", "Dunkel")}


def tray_labels(language, kinds=("hand", "off")):
    """The labels of a race board's trays of these kinds (its lines joined), each side's: its name
    over the tray's words."""
    return sorted(
        (kind, f"{side} {TRAY_WORDS[language][kind == 'off']}") for side in SIDE_WORDS[language] for kind in kinds
    )


ROUTE_WORDS = {
    "it": {
        "flat": [
            "il Chiaro a sinistra",
            "la riga in alto da destra a sinistra",
            "poi la riga in basso da sinistra a destra",
        ],
        "turned": [
            "il Chiaro in alto",
            "la colonna di destra dal basso verso l'alto",
            "poi la colonna di sinistra dall'alto verso il basso",
        ],
    },
    "en": {
        "flat": ["Light on the left", "the top row from right to left", "then the bottom row from left to right"],
        "turned": [
            "Light at the top",
            "the right-hand column from bottom to top",
            "then the left-hand column from top to bottom",
        ],
    },
    "de": {
        "flat": ["Hell links", "die obere Reihe von rechts nach links", "dann die untere Reihe von links nach rechts"],
        "turned": ["Hell oben", "die rechte Spalte von unten nach oben", "dann die linke Spalte von oben nach unten"],
    },
}
# Where the cells stand on screen, and what the picture draws: its route's stretches, its trays'
# labels (each inside its tray), the cell names shown.
BOARD_FACTS = """
    const svg = arguments[0] ? document.querySelector(arguments[0]) : document.querySelector('#board svg');
    const centre = (e) => { const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2, Math.min(r.width, r.height)]; };
    const cell = (player, name) => { const e = svg.querySelector(`rect[data-cell][data-position${player}="${name}"]`); return e ? centre(e) : null; };
    const roman = ['I', 'II', 'III', 'IV', 'V', 'VI'];
    const inside = (label, tray) => { const a = label.getBoundingClientRect(), b = tray.getBoundingClientRect();
      return a.width > 0 && a.left >= b.left - 1 && a.right <= b.right + 1 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1; };
    return {
      stretches: [...svg.querySelectorAll('g.route g.stretch')].map((g) => g.dataset.stretch),
      trays: [...svg.querySelectorAll('g.hand, g.off')].filter((g) => g.querySelector('rect.tray')).map((g) => ({kind: g.classList[0],
        label: [...g.querySelectorAll('.tray-label text')].map((t) => t.textContent).join(' '),
        inside: [...g.querySelectorAll('.tray-label text')].every((t) => inside(t, g.querySelector('rect.tray')))})),
      names: [...svg.querySelectorAll('text.inscription')].map((t) => t.textContent),
      otherRoute: [...svg.querySelectorAll('text.other-route')].map((t) => t.textContent),
      light: roman.map((n) => cell(0, n)), dark: roman.map((n) => cell(1, n)),
      track: Array.from({length: 24}, (_, i) => cell(0, String(i + 1))),
    };"""


def route_orientation(facts):
    """How the board in `facts` lays the route out on screen: "flat" (Light's entry left of
    Dark's, 1..12 right to left above, 13..24 left to right below) or "turned" (Light's entry
    above Dark's, 1..12 bottom to top on the right, 13..24 top to bottom on the left); None if
    neither."""
    light, dark, track = facts["light"], facts["dark"], facts["track"]

    def runs(cells, axis, sign):
        return all(sign * (b[axis] - a[axis]) > 0 for a, b in zip(cells, cells[1:]))

    top, bottom = track[:12], track[12:]
    across = lambda axis: (sum(c[axis] for c in light) / 6)
    if (
        runs(light + dark, 0, 1)
        and runs(top[:6], 0, -1)
        and runs(top[6:], 0, -1)
        and runs(bottom[:6], 0, 1)
        and runs(bottom[6:], 0, 1)
        and all(c[1] < across(1) for c in top)
        and all(c[1] > across(1) for c in bottom)
    ):
        return "flat"
    if (
        runs(light + dark, 1, 1)
        and runs(top[:6], 1, -1)
        and runs(top[6:], 1, -1)
        and runs(bottom[:6], 1, 1)
        and runs(bottom[6:], 1, 1)
        and all(c[0] > across(0) for c in top)
        and all(c[0] < across(0) for c in bottom)
    ):
        return "turned"
    return None


def check_ostia_picture(facts, language, where):
    assert facts["stretches"] == ["A", "B", "C", "D", "E"], f"{where}: the route's stretches: {facts['stretches']}"
    labels = sorted((tray["kind"], tray["label"]) for tray in facts["trays"])
    assert labels == tray_labels(language), f"{where}: the trays' labels: {labels}"
    assert all(
        tray["inside"] for tray in facts["trays"]
    ), f"{where}: a tray's label runs out of its tray: {facts['trays']}"


def ostia_board(app):
    """Duodecim's board as the board of Ostia: its route's letters A..E drawn, the trays named in
    the page's language, one numbering (the person's entry cells I..VI), the computer's entry
    cells named apart (in italics, so that its moves name cells the visitor finds);
    at 360x740 the board turned and the rules page's words for the route those of the turned
    board (checked against the cells on screen), at 1024x768 those of the flat board; the rules'
    picture drawn as the board (turned on the phone, its cells 40 px or more). XII Scripta's
    trays named alike."""
    for language in ("it", "en", "de"):
        app.open(language)
        app.new_game("duodecim", {})
        for width, height, expected in ((360, 740, "turned"), (1024, 768, "flat")):
            where = f"duodecim at {width}x{height} ({language})"
            app.size(width, height)
            facts = app.js(BOARD_FACTS, None)
            check_ostia_picture(facts, language, where)
            assert (
                facts["names"].count("VI") == 1 and facts["names"].count("24") == 1
            ), f"{where}: not one numbering: {facts['names']}"
            assert sorted(facts["otherRoute"]) == sorted(
                ["I", "II", "III", "IV", "V", "VI"]
            ), f"{where}: the other side's entry cells not named apart: {facts['otherRoute']}"
            shown = route_orientation(facts)
            assert shown == expected, f"{where}: the board is drawn {shown}, expected {expected}"
            app.button("#show-rules")
            wait_for(
                lambda: app.js(
                    "return document.querySelector('#rules-dialog').open && !!document.querySelector('#rules figure svg')"
                ),
                "the rules of Duodecim",
                10,
            )
            text = app.js("return document.querySelector('#rules').innerText")
            other = "flat" if shown == "turned" else "turned"
            missing = [words for words in ROUTE_WORDS[language][shown] if words not in text]
            wrong = [words for words in ROUTE_WORDS[language][other] if words in text]
            assert (
                not missing and not wrong
            ), f"{where}: the rules' words for the {shown} board: missing {missing}, those of the {other} board shown: {wrong}"
            picture = app.js(BOARD_FACTS, "#rules figure svg")
            check_ostia_picture(picture, language, f"{where}, the rules' picture")
            assert (
                route_orientation(picture) == shown
            ), f"{where}: the rules' picture is drawn {route_orientation(picture)}, the board {shown}"
            smallest = min(c[2] for c in picture["light"] + picture["track"])
            assert smallest >= 40, f"{where}: the rules' picture's cells are {smallest:.0f} px"
            app.check_no_leak(f"{where}, the rules")
            if width == 360 and language in ("it", "en"):
                screenshot(app, f"ostia-rules-{language}-{width}x{height}", width, height)
            app.js("document.querySelector('#rules-dialog').close()")
        for width, height in ((360, 740), (740, 360), (768, 1024), (1024, 768)):
            if language in ("it", "en"):
                screenshot(app, f"ostia-{language}-{width}x{height}", width, height)
            app.check_targets(f"duodecim at {width}x{height} ({language})")
        print(
            f"{language}: the Ostia board's route A..E, its trays named, one numbering; the rules' words and picture as the board (turned at 360x740, flat at 1024x768)"
        )
    app.new_game("xii_scripta", {})
    for width, height in ((360, 740), (1024, 768)):
        app.size(width, height)
        facts = app.js(BOARD_FACTS, None)
        trays = sorted((tray["kind"], tray["label"]) for tray in facts["trays"])
        assert trays == tray_labels("de"), f"xii_scripta at {width}x{height}: the trays' labels: {trays}"
        assert all(
            tray["inside"] for tray in facts["trays"]
        ), f"xii_scripta at {width}x{height}: a tray's label runs out of its tray"
    print("xii_scripta: its trays named alike")


# The printed sheet: game, options, page language, and each side's pieces as the rules give them
# (men, duxes): every ruleset, Petteia also on a larger board. A game of the catalogue these do
# not name is printed too, with its defaults (print_sheet: its counters as many on each side).
PRINT_CASES = [
    ("duodecim", {}, "it", (6, 0)),
    ("petteia", {}, "it", (16, 0)),
    ("latrunculi", {}, "it", (12, 1)),
    ("xii_scripta", {}, "it", (15, 0)),
    ("latrunculi", {"ruleset": "bell"}, "it", (16, 1)),
    ("latrunculi", {"ruleset": "bell_8x7"}, "it", (16, 1)),
    ("latrunculi", {"ruleset": "schaedler"}, "it", (16, 0)),
    ("latrunculi", {"ruleset": "schaedler_2001"}, "it", (16, 0)),
    ("xii_scripta", {"ruleset": "ludii"}, "it", (15, 0)),
    ("xii_scripta", {"ruleset": "tabletop_schaedler"}, "it", (15, 0)),
    ("petteia", {"rows": 10, "cols": 10}, "it", (20, 0)),
    ("latrunculi", {"ruleset": "quintana"}, "en", (16, 0)),
    ("duodecim", {}, "en", (6, 0)),
    ("xii_scripta", {"ruleset": "tabletop_murray"}, "de", (15, 0)),
    ("duodecim", {}, "de", (6, 0)),
    ("ur", {}, "it", (7, 0)),
    ("ur", {"ruleset": "masters"}, "en", (7, 0)),
    ("ur", {"ruleset": "blitz"}, "en", (5, 0)),
    ("ur", {"ruleset": "murray"}, "de", (7, 0)),
]
PX_PER_MM = 96 / 25.4
PAPER_POINTS = {"A4": (841.89, 595.28), "A3": (1190.55, 841.89)}  # landscape
PRINT_MEASURE = """
const sheet = document.querySelector('#print-sheet'), board = sheet.querySelector('svg.sheet-board');
if (!board) return {missing: sheet.innerHTML.slice(0, 200)};
const side = (r) => Math.min(r.width, r.height);
const cells = [...board.querySelectorAll('.square[data-square], rect[data-cell]')].map((e) => side(e.getBoundingClientRect()));
const counters = [...sheet.querySelectorAll('.counter')].map((e) => e.getBoundingClientRect());
const pages = [...sheet.querySelectorAll('.sheet-page')].map((p) => {
  const box = p.getBoundingClientRect();
  const inside = [...p.querySelectorAll('*')].every((e) => { const r = e.getBoundingClientRect(); return r.width === 0 || (r.bottom <= box.bottom + 0.5 && r.right <= box.right + 0.5); });
  return {height: box.height, inside};
});
return {paper: sheet.dataset.paper, cells: cells.length, cell: Math.min(...cells),
        drawn: board.querySelectorAll('.piece, .unit, .disc, .in-hand, .captured, .last-move, .status, .die, [data-count]').length,
        counters: [0, 1].map((p) => [sheet.querySelectorAll(`.counter.player${p}:not(.dux)`).length, sheet.querySelectorAll(`.counter.player${p}.dux`).length]),
        counter: Math.min(...counters.map(side)), pages, trays: board.querySelectorAll('rect.tray').length,
        trayLabels: [...board.querySelectorAll('.tray-label')].map((label) => [...label.querySelectorAll('text')].map((t) => t.textContent).join(' ')),
        app: getComputedStyle(document.querySelector('#app')).display,
        rules: sheet.querySelector('.sheet-rules').innerText, text: sheet.innerText};"""


def pdf_pages(path, pdf):
    """The PDF's page sizes in points, by pdfinfo (poppler-utils), else its page objects counted."""
    if shutil.which("pdfinfo"):
        out = subprocess.run(
            ["pdfinfo", "-f", "1", "-l", "99", path], capture_output=True, text=True, check=True
        ).stdout
        return [(float(w), float(h)) for w, h in re.findall(r"Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)", out)]
    boxes = re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)
    assert len(boxes) == len(re.findall(rb"/Type\s*/Page(?!s)", pdf)), "a page without its size"
    return [(float(w), float(h)) for w, h in boxes]


def print_sheet(app):
    """The printed board, a board to play on at home: the print button's sheet printed to PDF by
    Chromium (Page.printToPDF at the page's CSS size): two landscape pages of A4 (A3 where 20 mm
    cells need it), no blank page; the board empty (no pieces, no last move, no status), its cells
    20 mm or more and the counters as large, as many as each side's pieces; the app itself not
    printed; the legend, the race boards' trays and the rules in brief in the page's language."""
    app.open("it")
    app.button("#new-game")
    wait_for(lambda: app.js("return document.querySelector('#new-game-dialog').open"), "the new-game dialog")
    offered = app.js("return [...document.querySelectorAll('#game-choice input[name=game]')].map((e) => e.value)")
    app.js("document.querySelector('#new-game-dialog').close()")
    named = {case[0] for case in PRINT_CASES}
    cases = PRINT_CASES + [(game, {}, "it", None) for game in offered if game not in named]
    shown_language = None
    for game, options, language, pieces in cases:
        name = "-".join([game, *map(str, options.values()), language])
        if language != shown_language:
            app.open(language)
            shown_language = language
        app.new_game(game, options, opponent="human")
        # every cell of the board on the screen is on the sheet
        cells_shown = app.js(
            "return document.querySelectorAll('#board .square[data-square], #board rect[data-cell]').length"
        )
        app.js("window.printed = 0; window.print = () => { window.printed += 1; };")
        app.button("#more")
        app.button("#print")
        wait_for(lambda: app.js("return window.printed") == 1, "the print sheet", 10)
        app.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        try:
            m = app.js(PRINT_MEASURE)
        finally:
            app.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
        assert "missing" not in m, f"{name}: no board on the print sheet: {m.get('missing')!r}"
        pdf = base64.b64decode(
            app.d.execute_cdp_cmd("Page.printToPDF", {"printBackground": True, "preferCSSPageSize": True})["data"]
        )
        os.makedirs(SHOTS, exist_ok=True)
        path = os.path.join(SHOTS, f"print-{name}.pdf")
        with open(path, "wb") as f:
            f.write(pdf)
        sizes = pdf_pages(path, pdf)
        want = PAPER_POINTS.get(m["paper"])
        assert want, f"{name}: paper {m['paper']!r}"
        if game == "latrunculi" and not options:  # the default ruleset (Kowalski's 12 x 8) on A4, its legend overleaf
            assert m["paper"] == "A4", f"{name}: the default Latrunculi printed on {m['paper']}, not A4"
        assert len(sizes) == 2, f"{name}: {len(sizes)} pages printed ({sizes}), not the board's and the counters' pages"
        assert all(
            abs(w - want[0]) < 2 and abs(h - want[1]) < 2 for w, h in sizes
        ), f"{name}: pages of {sizes} pt, not {m['paper']} landscape {want}"
        assert all(p["inside"] for p in m["pages"]), f"{name}: something drawn outside its page: {m['pages']}"
        assert m["app"] == "none", f"{name}: the app's own page is printed (#app display {m['app']})"
        cell_mm = m["cell"] / PX_PER_MM
        assert (
            cells_shown > 0 and m["cells"] >= cells_shown and cell_mm >= 20
        ), f"{name}: cells of {cell_mm:.1f} mm printed ({m['cells']} cells of the {cells_shown} shown), under 20 mm"
        assert m["drawn"] == 0, f"{name}: the printed board shows {m['drawn']} pieces, moves or counts"
        if pieces is None:  # a game the cases do not name: as many counters on each side
            assert m["counters"][0] == m["counters"][1] and m["counters"][0][0] > 0, f"{name}: counters {m['counters']}"
        else:
            assert m["counters"] == [
                list(pieces),
                list(pieces),
            ], f"{name}: counters {m['counters']}, not {pieces[0]} men and {pieces[1]} dux a side"
        assert m["counter"] / PX_PER_MM >= 0.8 * 20, f"{name}: counters of {m['counter'] / PX_PER_MM:.1f} mm"
        words = catalogue_of(language)
        # a tray of pieces to enter and one borne off a side, or borne off only where no piece is in hand
        keys = ("board.to_enter", "board.borne_off") if m["trays"] == 4 else ("board.borne_off",) * (m["trays"] // 2)
        labels = [f"{words[f'side.{side}']} {words[key]}" for key in keys for side in (0, 1)]
        assert sorted(m["trayLabels"]) == sorted(labels), f"{name}: the trays labelled {m['trayLabels']}, not {labels}"
        family = f"latrunculi.{options.get('ruleset', 'kowalski').split('_')[0]}" if game == "latrunculi" else game
        win = words[f"print.rules.{family}.win"]
        assert (
            win in m["rules"] and words["print.rules.title"] in m["rules"]
        ), f"{name}: the rules in brief are not {language}'s: {m['rules'][:200]!r}"
        found = sorted({p for p, pattern in FOREIGN[language] if pattern.search(m["text"])})
        assert not found, f"{name}: another language on the printed sheet: {found[:10]}"
        app.print_sizes.append(
            f"{name}: {len(sizes)} pages {m['paper']} landscape ({sizes[0][0]:.0f}x{sizes[0][1]:.0f} pt), cells {cell_mm:.1f} mm"
        )
        print(f"  print {app.print_sizes[-1]}")
        if name == "duodecim-it" and shutil.which("pdftoppm"):
            subprocess.run(["pdftoppm", "-png", "-r", "60", path, os.path.join(SHOTS, "web-print-it")], check=True)
            print(f"  rendered {os.path.join(SHOTS, 'web-print-it-1.png')}")
    print(
        f"print sheet: {len(cases)} sheets of two landscape pages, empty boards with cells of 20 mm or more, rules in the page's language"
    )


def review(app):
    """The end of a game and its review: a short game of Duodecim (Italian, phone) and of
    Latrunculi (English, tablet) played to the end by taps; the board stays in view and is not
    covered (no modal dialog, the last move's marks hit the board), the deciding move marked, the
    summary (the winner, the moves, pieces borne off or captured, the length); the review from the
    end panel: the evaluation's progress shown, then a chart with a point for each position, the
    worst moves marked (on the chart and listed, with the strongest level's choice), the positions
    stepped through by the buttons and by the keyboard (arrows, Home, End), each position's move
    marked on the board. The current game's review from the "more" dialog too."""
    d = app.d
    history = "return JSON.parse(localStorage.getItem('ludus.current')).state.history"
    for language, size, game, options, words in [
        (
            "it",
            (360, 740),
            "duodecim",
            {"pieces": 2, "first_player": 0},
            {
                "moves": "Mosse: ",
                "count": "Pedine portate fuori",
                "better": "Meglio",
                "start": "posizione iniziale",
                "status": "Revisione: mossa {} di {}",
                "strongest": "Il computer più forte",
            },
        ),
        (
            "en",
            (768, 1024),
            "latrunculi",
            {"ruleset": "kowalski", "draw_plies_without_capture": 30},
            {
                "moves": "Moves: ",
                "count": "Pieces captured",
                "better": "Better",
                "start": "starting position",
                "status": "Review: move {} of {}",
                "strongest": "The strongest computer",
            },
        ),
    ]:
        app.open(language)
        app.size(*size)
        app.new_game(game, options)
        if game == "latrunculi":
            review_during_the_game(app, words, game, options)
        play_out(app, f"review, {game}")
        wait_for(lambda: app.visible("#end-panel"), "the end panel", 10)
        steps = [e for e in app.js(history) if not re.match(r"^roll( \d+)+$", e["text"])]
        check_board_uncovered(app, f"{game} end", steps[-1]["text"])
        summary = d.find_element(By.ID, "end-summary").text
        heading = d.find_element(By.ID, "end-heading").text
        result = app.status()["result"]
        if result != "draw":
            side = {"it": ["Chiaro", "Scuro"], "en": ["Light", "Dark"]}[language][int(result[7])]
            assert side in heading, f"review, {game}: the end names {heading!r}, the result is {result}"
        moves = sum(1 for e in steps if e["text"] != "draw agreed")
        assert (
            f"{words['moves']}{moves} " in summary
            and words["count"] in summary
            and ("min" in summary or " s" in summary)
        ), f"review, {game}: the summary {summary!r} ({moves} moves)"
        position = app.js("return JSON.parse(localStorage.getItem('ludus.current')).state.position")
        if game == "duodecim":
            assert f"{position['off'][0]}," in summary and summary.rstrip().split("\n")[1].endswith(
                str(position["off"][1])
            ), f"review: the pieces borne off {position['off']} not in {summary!r}"
        app.check_axe(f"{game} end panel")
        app.check_targets(f"{game} end panel", board_places=False)
        app.check_no_leak(f"{game} end panel")
        if game == "duodecim":
            screenshot(app, "web-end-phone-it", *size)
        # The review from the end panel: its progress, then the chart.
        app.js(
            """window.reviewProgress = []; const p = document.querySelector('#review-progress-text');
                  new MutationObserver(() => window.reviewProgress.push(p.textContent)).observe(p, {childList: true, characterData: true, subtree: true});"""
        )
        started = time.time()
        app.button("#end-review")
        wait_for(
            lambda: app.js(
                "return !!document.querySelector('#review-chart-box svg[data-positions]') && !document.querySelector('#review-chart').hidden"
            ),
            "the review's chart",
            60,
        )
        evaluated = time.time() - started
        progress = app.js("return window.reviewProgress")
        assert any(
            f" {len(steps) + 1}" in text for text in progress
        ), f"review, {game}: no progress shown: {progress[-3:]}"
        points = app.js(
            "return document.querySelector('#review-chart polyline.curve').getAttribute('points').trim().split(/\\s+/).length"
        )
        assert points == len(steps) + 1, f"review, {game}: {points} points in the chart for {len(steps) + 1} positions"
        labels = check_review_labels(app, f"review, {game}", steps)
        drops = [(step, label) for step, label in labels.items() if label in ("inaccuracy", "mistake", "blunder")]
        drops.sort(key=lambda d: -["inaccuracy", "mistake", "blunder"].index(d[1]))
        marked = app.js(
            "return [...document.querySelectorAll('#review-chart line.drop')].map((p) => Number(p.dataset.step))"
        )
        count = len(steps)
        at = lambda: app.js("return document.querySelector('#status').textContent")
        shown_move = lambda: app.js("return document.querySelector('#board g.last-move')?.dataset.move ?? null")
        marked_for = (
            lambda k: steps[k - 1]["text"] if steps[k - 1]["text"] not in ("pass", "draw agreed") else None
        )  # a pass marks nothing
        assert at() == words["status"].format(count, count), at()
        check_board_uncovered(app, f"{game} review", steps[-1]["text"])
        app.button("#review-back")
        wait_for(lambda: at() == words["status"].format(count - 1, count), "one move back")
        assert shown_move() == marked_for(
            count - 1
        ), f"review, {game}: back shows {shown_move()}, not {marked_for(count - 1)}"
        app.button("#review-forward")
        wait_for(lambda: at() == words["status"].format(count, count), "one move forward")
        body = d.find_element(By.TAG_NAME, "body")
        body.send_keys(Keys.HOME)
        wait_for(lambda: at() == words["status"].format(0, count), "Home: the start")
        assert shown_move() is None and words["start"] in d.find_element(By.ID, "review-move").text
        body.send_keys(Keys.ARROW_RIGHT)
        wait_for(lambda: at() == words["status"].format(1, count), "ArrowRight")
        assert shown_move() == marked_for(
            1
        ), f"review, {game}: the first move shown as {shown_move()}, not {marked_for(1)}"
        body.send_keys(Keys.ARROW_RIGHT, Keys.ARROW_LEFT, Keys.ARROW_LEFT)
        wait_for(lambda: at() == words["status"].format(0, count), "ArrowLeft")
        body.send_keys(Keys.END)
        wait_for(lambda: at() == words["status"].format(count, count), "End")
        for step, _ in drops[:1]:  # the worst move's position, from its button in the line
            button = d.find_element(By.CSS_SELECTOR, f"#review-line button[data-step='{step}']")
            app.js("arguments[0].scrollIntoView({block: 'center'})", button)
            app.tap(button)
            wait_for(lambda: at() == words["status"].format(step, count), "the worst move's position")
            said = d.find_element(By.ID, "review-move").text
            assert (
                shown_move() == marked_for(step) and words["strongest"] in said
            ), f"review, {game}: the worst move's position: {shown_move()} {said!r}"
        app.check_axe(f"{game} review")
        app.check_targets(f"{game} review", board_places=False)
        app.check_no_leak(f"{game} review")
        if game == "duodecim":
            screenshot(app, "web-review-phone-it", *size)
        else:
            screenshot(app, "web-review-tablet-en", *size)
        app.button("#review-close")
        wait_for(lambda: app.visible("#end-panel") and not app.visible("#review-panel"), "the end panel again")
        if game == "latrunculi":  # the losing move taken back from the end panel: the game goes on
            app.button("#end-undo")
            wait_for(
                lambda: app.status()["phase"] != "over" and app.visible("#actions") and not app.visible("#end-panel"),
                "the game again after undo",
            )
            play_out(app, f"review, {game} after undo")
            wait_for(lambda: app.visible("#end-panel"), "the end panel after the game ended again", 10)
        print(
            f"review {language} {size[0]}x{size[1]} {game}: {count} moves evaluated in {evaluated:.1f} s, {points} points, drops at {sorted(marked)}; "
            f"stepped by buttons and keys; summary {summary!r}"
        )
    # The tablet in Italian, for the project's screenshots: the review of the Latrunculi game just played.
    Select(d.find_element(By.ID, "language")).select_by_value("it")
    wait_for(lambda: app.js("return document.documentElement.lang") == "it", "Italian")
    app.button("#end-review")
    wait_for(
        lambda: app.js(
            "return !!document.querySelector('#review-chart-box svg[data-positions]') && !document.querySelector('#review-chart').hidden"
        ),
        "the review's chart",
        60,
    )
    app.check_no_leak("the review in Italian")
    screenshot(app, "web-review-tablet-it", 768, 1024)
    app.button("#review-close")


REVIEW_LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")


def check_review_labels(app, where, steps):
    """The review's line of the game: a button for each move, in the order played; every move
    with a choice labelled with one of the five labels (a word on it), a forced move or a draw
    agreed not; the mistakes and blunders marked on the chart; each side's accuracy a whole
    percentage, or said to have no move judged. Returns {step: label}."""
    line = app.js(
        """return [...document.querySelectorAll('#review-line button')].map((b) => ({step: Number(b.dataset.step), label: b.dataset.label ?? null,
                  word: b.querySelector('.label')?.textContent ?? null, text: b.textContent}))"""
    )
    assert [entry["step"] for entry in line] == list(
        range(1, len(steps) + 1)
    ), f"{where}: the line has {len(line)} moves for {len(steps)}"
    labels = {entry["step"]: entry["label"] for entry in line}
    assert all(
        label is None or label in REVIEW_LABELS for label in labels.values()
    ), f"{where}: labels {set(labels.values())}"
    assert all(
        (entry["label"] is None) == (entry["word"] is None) for entry in line
    ), f"{where}: a label without its word: {line[:3]}"
    assert any(label is not None for label in labels.values()), f"{where}: no move labelled"
    marked = app.js(
        "return [...document.querySelectorAll('#review-chart line.drop')].map((p) => Number(p.dataset.step))"
    )
    assert sorted(marked) == sorted(
        step for step, label in labels.items() if label in ("mistake", "blunder")
    ), f"{where}: the chart marks {marked}, the line {labels}"
    accuracy = app.js(
        "return [...document.querySelectorAll('#review-accuracy-list li')].map((li) => ({text: li.textContent, value: li.dataset.accuracy ?? null, player: Number(li.dataset.player)}))"
    )
    assert [a["player"] for a in accuracy] == [0, 1], f"{where}: accuracy {accuracy}"
    for side in accuracy:
        moved = any(labels[step] is not None for step in labels if steps[step - 1]["player"] == side["player"])
        assert (side["value"] is not None) == moved, f"{where}: accuracy {side} (a judged move: {moved})"
        if side["value"] is not None:
            value = float(side["value"])
            assert 0 <= value <= 100 and re.search(rf"\b{round(value)}\s?%", side["text"]), f"{where}: accuracy {side}"
    return labels


def play_out(app, where, seconds=240):
    """The person's side played by taps (app.step) to the end of the game, within `seconds`."""
    end = time.time() + seconds
    while True:
        if time.time() > end:
            mode = app.js("return document.querySelector('#app').dataset.mode")
            raise AssertionError(f"{where}: not over after {seconds} s: {app.status()}, mode {mode}")
        if app.step(typed_dice=False):
            continue
        if app.phase == "over":
            return
        time.sleep(0.03)


def review_during_the_game(app, words, game, options):
    """The current game's review from the "more" dialog: the positions so far; back to the game
    (a game that ends within its first moves, as a dux walled in by its own men, is started again)."""
    end = time.time() + 120
    persons_turn = lambda: app.js(
        "return !document.querySelector('#status').classList.contains('busy')"
    ) and app.visible("#board .movable")
    while True:
        assert time.time() < end, f"review during the game: {app.moves_played()} moves after 120 s"
        if app.status()["phase"] == "over":
            app.new_game(game, options)
        elif app.moves_played() >= 4 and persons_turn():
            break
        elif not app.step(typed_dice=False):
            time.sleep(0.03)
    app.button("#more")
    app.button("#review-open")
    wait_for(lambda: app.visible("#review-panel"), "the review panel")
    count = app.js("return JSON.parse(localStorage.getItem('ludus.current')).state.history.length")
    assert app.js("return document.querySelector('#status').textContent") == words["status"].format(count, count)
    wait_for(
        lambda: app.js(
            "return document.querySelector('#review-chart polyline.curve')?.getAttribute('points').trim().split(/\\s+/).length"
        )
        == count + 1,
        "the chart of the game so far",
        30,
    )
    app.button("#review-close")
    wait_for(lambda: app.visible("#actions") and app.visible("#board .movable"), "the game again")


def check_board_uncovered(app, where, last_move):
    """The board in view, no modal dialog over it, the last move marked and its marks not covered."""
    found = app.js(
        """
        const open = [...document.querySelectorAll('dialog[open]')].map((d) => d.id);
        const group = document.querySelector('#board g.last-move');
        const marks = group ? [...group.querySelectorAll('rect, path, circle')] : [];
        const hits = marks.map((m) => { const r = m.getBoundingClientRect(); const e = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                                        return !!e && !!e.closest('#board'); });
        const b = document.querySelector('#board svg').getBoundingClientRect();
        const panels = [...document.querySelectorAll('.panel')].filter((p) => !p.hidden).map((p) => p.getBoundingClientRect());
        const overlap = panels.some((p) => p.left < b.right - 1 && p.right > b.left + 1 && p.top < b.bottom - 1 && p.bottom > b.top + 1);
        return {open, move: group?.dataset.move ?? null, hits, overlap, board: [b.top, b.bottom, b.left, b.right, innerHeight, innerWidth]};"""
    )
    assert not found["open"], f"{where}: a dialog covers the board: {found['open']}"
    assert found["move"] == last_move, f"{where}: the last move marked is {found['move']}, not {last_move}"
    assert found["hits"] and all(found["hits"]), f"{where}: the last move's marks are covered: {found['hits']}"
    assert not found["overlap"], f"{where}: a panel overlaps the board {found['board']}"
    top, bottom, left, right, height, width = found["board"]
    assert (
        top >= -1 and bottom <= height + 1 and left >= -1 and right <= width + 1 and bottom - top > 100
    ), f"{where}: the board is not in view: {found['board']}"


# Learn to play: each step's answer as the visitor's taps (origin, arrival: the library's position
# names for Light) and each game's first mistake (the step, its taps, the goal's reason key), from
# the site's lessons.json: each step's "right" move and "mistake" in the library's notation
# (lib/<id>/app/lesson.json; "H-6:6" is the taps H, 6).
def move_taps(text):
    return tuple(text.split(":")[0].split("-"))


def lesson_answers(game):
    return [move_taps(step["right"]) for step in site_lessons()[game]["steps"]]


def lesson_mistake(game):
    step = site_lessons()[game]["steps"][0]
    return (0, move_taps(step["mistake"]), f"lesson.why.{step['goal'].get('reason', step['goal']['type'])}")


def lesson_place(app, name):
    """The board's place of a position name for Light (a square, a cell, a tray), as app/board.js finds it."""
    return app.js(
        """
        const name = arguments[0];
        return [...document.querySelectorAll('#board .square[data-square], #board [data-position0], #board [data-tray-position] rect.tray')].find((p) => {
          if (p.dataset.square) return p.dataset.square === name;
          const tray = p.closest('[data-tray-position]');
          if (tray) return tray.classList.contains('player0') && tray.dataset.trayPosition.split(' ').includes(name);
          return p.dataset.position0 === name;
        }) || null;""",
        name,
    )


def lesson_text(app):
    return app.js(
        """return {title: document.querySelector('#lesson-title').textContent,
                     task: document.querySelector('#lesson-task').textContent, feedback: document.querySelector('#lesson-feedback').textContent,
                     kind: document.querySelector('#lesson-feedback').dataset.kind}"""
    )


def lesson_taps(app, taps):
    for name in taps:
        place = wait_for(lambda: lesson_place(app, name), f"the place {name}", 5)
        app.tap(place)


def check_lesson_layout(app, where):
    """The task above the board (stacked) or beside it (side), never over it."""
    box = app.js(
        """const r = (s) => document.querySelector(s).getBoundingClientRect();
                    const l = r('#lesson'), b = r('#board svg');
                    return {lesson: [l.top, l.bottom, l.left, l.right], board: [b.top, b.bottom, b.left, b.right]};"""
    )
    (lt, lb, ll, lr), (bt, bb, bl, br) = box["lesson"], box["board"]
    assert lb > lt, f"{where}: no lesson panel"
    assert lb <= bt + 1 or ll >= br - 1 or lr <= bl + 1, f"{where}: the lesson's words cover the board: {box}"


def play_lesson(app, game, language, words, mistake=True, last_button=None, shot=None):
    """Plays every step of a game's lesson by taps: the mistake refused and explained (a
    screenshot of it, named shot), the answer praised, Next; "show me" on the last step marks the
    answer."""
    steps, ids = lesson_answers(game), lesson_step_ids()[game]
    for index, answer in enumerate(steps):
        expected = words["lesson.title"].format(game=words[f"game.{game}"], step=index + 1, steps=len(steps))
        wait_for(lambda: lesson_text(app)["title"] == expected, f"{game} ({language}): step {index + 1}", 10)
        shown = lesson_text(app)
        assert shown["task"] == words[f"lesson.{game}.{ids[index]}.task"], f"{game} ({language}): the task {shown}"
        if mistake and lesson_mistake(game)[0] == index:
            _, taps, reason = lesson_mistake(game)
            lesson_taps(app, taps)
            said = wait_for(lambda: lesson_text(app)["feedback"], f"{game} ({language}): the mistake explained", 5)
            why = words[reason]
            why = (why["one"] if isinstance(why, dict) else why).split("{")[0]
            assert (
                why in said and lesson_text(app)["kind"] == "error"
            ), f"{game} ({language}): the mistake {taps} said {said!r}, not {why!r}"
            assert lesson_text(app)["title"] == expected, f"{game} ({language}): a mistake moved the lesson on"
            app.check_no_leak(f"{game} lesson, a mistake ({language})")
            print(f"  {language} {game}: {'-'.join(taps)} refused: {said!r}")
            if shot:
                width, height = app.js("return [innerWidth, innerHeight]")
                screenshot(app, shot, width, height)
        if index == len(steps) - 1:
            app.button("#lesson-show")
            marked = wait_for(
                lambda: app.js("return [...document.querySelectorAll('#board .hint:not(.mark)')]"),
                "the answer shown",
                5,
            )
            assert {m.id for m in marked} == {lesson_place(app, name).id for name in answer} and len(marked) == len(
                set(answer)
            ), f"{game} ({language}): 'show me' marks {len(marked)} places, not {answer}"
        lesson_taps(app, answer)
        wait_for(
            lambda: lesson_text(app)["kind"] == "praise",
            f"{game} ({language}): step {index + 1} praised after {answer}",
            5,
        )
        said = lesson_text(app)["feedback"]
        assert (
            words["lesson.well_done"] in said and words[f"lesson.{game}.{ids[index]}.done"] in said
        ), f"{game} ({language}): praise {said!r}"
        app.check_no_leak(f"{game} lesson step {index + 1} ({language})")
        check_lesson_layout(app, f"{game} lesson step {index + 1} ({language})")
        app.check_targets(f"{game} lesson step {index + 1} ({language})")
        if index < len(steps) - 1 or last_button:
            button = app.visible("#lesson-next")
            assert (
                button is not None and button.text == words["lesson.next" if index < len(steps) - 1 else "lesson.play"]
            ), f"{game}: the next button"
            if index < len(steps) - 1:
                app.tap(button)
    print(f"  {language} {game}: {len(steps)} steps played")


def site_games():
    """The games the site has: each game's folder (lib/<id>/app/) gives its lesson, its words and
    its rules pages, so lessons.json names them all, in the catalogue's order."""
    return list(site_lessons())


def site_lessons():
    """Each game's lesson, from the site's lessons.json (read when the part runs: a site without
    lessons fails in the part, not at the start of the whole test)."""
    path = os.path.join(SITE, "lessons.json")
    assert os.path.exists(path), f"no lessons: {path}"
    return {lesson["game"]: lesson for lesson in json.load(open(path, encoding="utf-8"))["lessons"]}


def lesson_step_ids():
    """Each game's step ids (site_lessons)."""
    return {game: [step["id"] for step in lesson["steps"]] for game, lesson in site_lessons().items()}


def open_lesson_from(app, how, game):
    """A lesson opened from the title bar, the new-game dialog or a game's rules."""
    if how == "bar":
        app.button("#learn")
    elif how == "new":
        app.button("#new-game")
        wait_for(lambda: app.js("return document.querySelector('#new-game-dialog').open"), "the new-game dialog")
        app.choose_card(game)
        app.js("document.querySelector('#new-learn').scrollIntoView({block: 'center'})")
        app.button("#new-learn")
    else:
        app.button("#show-rules")
        wait_for(lambda: app.js("return document.querySelector('#rules-dialog').open"), "the rules dialog")
        tab = [
            b
            for b in app.d.find_elements(By.CSS_SELECTOR, "#rules-tabs button")
            if b.text == catalogue_of(app.js("return document.documentElement.lang"))[f"game.{game}"]
        ][0]
        app.tap(tab)
        wait_for(
            lambda: app.js("return document.querySelector('#rules-learn').dataset.game") == game,
            "the rules' lesson button",
        )
        app.button("#rules-learn")
    wait_for(
        lambda: app.js("return document.body.dataset.screen === 'lesson' && !document.querySelector('dialog[open]')"),
        f"the {game} lesson from {how}",
        10,
    )
    wait_for(
        lambda: app.js("return document.querySelector('#board').dataset.game") == game, f"the {game} lesson's board", 5
    )


def check_lessons_out_of_reach(app, words):
    """The lessons out of reach (no network, nothing cached), asked for while the computer
    plays its turn: said in the page's words for the time a message is shown (status.js), not
    wiped by the computer's move; the game stays."""
    app.open("it", query="pace=300")
    app.size(360, 740)
    app.new_game("duodecim", {"first_player": 1}, opponent="greedy", computer=1)
    app.js(
        """window.messages = [];
        new MutationObserver(() => window.messages.push([performance.now(), document.querySelector('#message').textContent]))
          .observe(document.querySelector('#message'), {childList: true, characterData: true, subtree: true});"""
    )
    app.d.execute_cdp_cmd("Network.enable", {})
    app.d.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": True})
    app.d.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*lessons.json"]})
    app.button("#learn")
    said = wait_for(
        lambda: app.js("return window.messages.find(([, text]) => text)"), "the lessons out of reach said", 10
    )
    assert said[1] == words["lesson.unavailable"] and not app.js(
        "return document.body.dataset.screen"
    ), f"lessons out of reach: {said!r}"
    wait_for(lambda: app.moves_played() >= 2, "the computer's roll and move beside the message", 30)
    wiped = app.js("return window.messages.find(([at, text]) => !text && at > arguments[0])", said[0])
    shown_for = (wiped[0] - said[0]) / 1000 if wiped else None
    assert (
        shown_for is None or shown_for >= 4
    ), f"lessons out of reach: the message wiped after {shown_for:.2f} s, as the computer played"
    app.d.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    app.d.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": False})


def lessons(app):
    """Learn to play: in Italian on a phone every step of every game's lesson (from the title
    bar, the new-game dialog and a game's rules), a mistake in each game explained in the goal's
    words, the answer praised, "show me", the task never over the board, axe and tap targets;
    back to the game, which is unchanged; the last step's "play a game"; Latrunculi in English on a
    tablet, XII Scripta in German on a landscape phone; a lesson in kiosk mode."""
    words = catalogue_of("it")
    current = lambda: app.js("return localStorage.getItem('ludus.current')")
    check_lessons_out_of_reach(app, words)
    app.open("it")
    app.size(360, 740)
    # every game's lesson: the page's game's from the title bar, the others from the new-game
    # dialog and the rules in turn
    shown = app.js("return document.querySelector('#board').dataset.game")
    others = iter(["new", "rules"] * len(site_games()))
    for game in site_games():
        how = "bar" if game == shown else next(others)
        open_lesson_from(app, how, game)
        saved = current()  # the game left aside: the computer, if it was to play, waits
        if game == "duodecim":
            app.check_targets("a lesson at 360x740")
            app.check_axe("a lesson at 360x740")
            screenshot(app, "lesson-phone-it", 360, 740)
            app.size(768, 1024)
            check_lesson_layout(app, "a lesson at 768x1024")
            app.check_targets("a lesson at 768x1024")
            screenshot(app, "lesson-tablet-it", 768, 1024)
            app.size(360, 740)
        play_lesson(
            app, game, "it", words, shot={"duodecim": "lesson-mistake-phone-it", "ur": "ur-lesson-phone-it"}.get(game)
        )
        if game == "latrunculi":
            app.check_axe("a lesson's praise at 360x740")
        assert current() == saved, f"{game} lesson: the saved game changed"
        app.button("#lesson-back")
        wait_for(
            lambda: app.js("return !document.body.dataset.screen && document.querySelector('#lesson').hidden"),
            "the way back to the game",
        )
        # the same game goes on (the computer may have played on since, at its pace)
        before, after = json.loads(saved), json.loads(current())
        assert (
            after["settings"] == before["settings"]
            and after["state"]["history"][: len(before["state"]["history"])] == before["state"]["history"]
        ), f"back from the {game} lesson: the game is not the one left"
        assert app.js("return document.querySelector('#board').dataset.game") == before["settings"]["game"]
    # The last step's "play a game": a new game of the lesson's game, against the computer.
    open_lesson_from(app, "new", "xii_scripta")
    play_lesson(app, "xii_scripta", "it", words, mistake=False, last_button=True)
    app.button("#lesson-next")
    wait_for(
        lambda: app.js(
            "return !document.body.dataset.screen && document.querySelector('#board').dataset.game === 'xii_scripta'"
        ),
        "the game after the lesson",
    )
    settings = json.loads(app.js("return localStorage.getItem('ludus.current')"))["settings"]
    assert settings["opponent"] != "human" and settings["game"] == "xii_scripta", settings
    print(
        f"lessons (it, 360x740): the {len(site_games())} games, from the bar, the new-game dialog and the rules; back to the game unchanged; then a game"
    )
    for language, size, game, how in [
        ("en", (768, 1024), "latrunculi", "rules"),
        ("de", (740, 360), "xii_scripta", "new"),
        ("en", (360, 740), "ur", "new"),
        ("de", (768, 1024), "ur", "new"),
    ]:
        app.open(language)
        app.size(*size)
        open_lesson_from(app, how, game)
        app.check_targets(f"a lesson ({language}) at {size[0]}x{size[1]}")
        play_lesson(app, game, language, catalogue_of(language), shot=f"lesson-mistake-{language}-{size[0]}x{size[1]}")
        app.check_axe(f"a lesson ({language})")
        app.button("#lesson-back")
    # Kiosk mode: the lesson from the title bar, one step, back.
    app.open("it", query="kiosk=1&idle=60&pace=30")
    app.size(768, 1024)
    app.button("#attract")
    open_lesson_from(app, "bar", "duodecim")
    lesson_taps(app, lesson_answers("duodecim")[0])
    wait_for(lambda: lesson_text(app)["kind"] == "praise", "kiosk: the lesson's first step praised", 5)
    app.button("#lesson-back")
    wait_for(lambda: app.js("return !document.body.dataset.screen"), "kiosk: back to the game")
    print(
        "lessons: Latrunculi in English at 768x1024, XII Scripta in German at 740x360, Ur in English at 360x740 and in German at 768x1024; a lesson in kiosk mode"
    )


LESSON_PROGRESS = """return {progress: document.querySelector('#lesson-progress').textContent,
  shown: !document.querySelector('.lesson-progress').hidden,
  ticks: document.querySelectorAll('#lesson-steps li[data-done]').length,
  current: [...document.querySelectorAll('#lesson-steps li')].findIndex((li) => li.dataset.current),
  restart: !document.querySelector('#lesson-restart').hidden,
  kept: Object.keys(localStorage).filter((key) => key.startsWith('ludus.lesson.'))}"""


def lesson_progress(app):
    """A lesson's progress kept on the device: a step finished is ticked and counted, kept over a
    reload (the lesson goes on at the next step), started over on request; a strategy step
    reached from a progress kept; in the kiosk nothing kept and none shown. A phone in Italian and
    German, a tablet in English; axe on each."""
    lesson = site_lessons()["ur"]
    steps = lesson["steps"]
    rules = [step["id"] for step in steps if step.get("chapter", "rules") == "rules"]
    for language, size in [("it", (360, 740)), ("en", (768, 1024)), ("de", (360, 740))]:
        where = f"lesson progress ({language}, {size[0]}x{size[1]})"
        words = catalogue_of(language)
        progress = lambda done, chapter="rules": words["lesson.progress"].format(
            chapter=words[f"lesson.chapter.{chapter}"], done=done, steps=len(steps)
        )
        title = lambda step: words["lesson.title"].format(game=words["game.ur"], step=step, steps=len(steps))
        app.open(language)
        app.size(*size)
        open_lesson_from(app, "new", "ur")
        shown = app.js(LESSON_PROGRESS)
        assert shown["progress"] == progress(0) and shown["shown"] and shown["ticks"] == 0, f"{where}: {shown}"
        assert not shown["restart"] and shown["current"] == 0, f"{where}: {shown}"
        lesson_taps(app, lesson_answers("ur")[0])
        wait_for(lambda: lesson_text(app)["kind"] == "praise", f"{where}: the first step praised", 5)
        shown = app.js(LESSON_PROGRESS)
        assert shown["progress"] == progress(1) and shown["ticks"] == 1 and shown["restart"], f"{where}: {shown}"
        assert shown["kept"] == ["ludus.lesson.ur"], f"{where}: {shown}"
        # a reload: the lesson goes on at the second step, the first ticked
        app.open(language, clear=False)
        open_lesson_from(app, "new", "ur")
        wait_for(lambda: lesson_text(app)["title"] == title(2), f"{where}: the lesson resumed at step 2", 10)
        shown = app.js(LESSON_PROGRESS)
        assert shown["progress"] == progress(1) and shown["ticks"] == 1 and shown["current"] == 1, f"{where}: {shown}"
        app.check_axe(where)
        app.check_targets(where)
        # start over: the first step, nothing finished
        app.button("#lesson-restart")
        wait_for(lambda: lesson_text(app)["title"] == title(1), f"{where}: started over", 5)
        shown = app.js(LESSON_PROGRESS)
        assert shown["progress"] == progress(0) and shown["ticks"] == 0 and not shown["restart"], f"{where}: {shown}"
        assert shown["kept"] == [], f"{where}: the progress not forgotten: {shown}"
        # the rules finished (as a former visit left them): the lesson opens at the strategy chapter
        app.js("localStorage.setItem('ludus.lesson.ur', JSON.stringify(arguments[0]))", rules)
        app.open(language, clear=False)
        open_lesson_from(app, "new", "ur")
        wait_for(lambda: lesson_text(app)["title"] == title(len(rules) + 1), f"{where}: the strategy chapter", 10)
        shown = app.js(LESSON_PROGRESS)
        assert shown["progress"] == progress(len(rules), "strategy") and shown["ticks"] == len(
            rules
        ), f"{where}: {shown}"
        assert lesson_text(app)["task"] == words[f"lesson.ur.{steps[len(rules)]['id']}.task"], where
        app.check_axe(f"{where}, the strategy chapter")
        screenshot(app, f"lesson-strategy-{language}-{size[0]}x{size[1]}", *size)
        print(f"  {where}: a step kept over a reload, started over, the strategy chapter resumed")
    # the kiosk: nothing kept, nothing shown, the next visitor starts at the first step
    app.open("it", query="kiosk=1&idle=60&pace=30")
    app.size(768, 1024)
    app.button("#attract")
    game = app.js("return document.querySelector('#board').dataset.game")
    open_lesson_from(app, "bar", game)
    lesson_taps(app, lesson_answers(game)[0])
    wait_for(lambda: lesson_text(app)["kind"] == "praise", "kiosk: the lesson's first step praised", 5)
    shown = app.js(LESSON_PROGRESS)
    assert not shown["shown"] and not shown["restart"] and shown["kept"] == [], f"kiosk: progress {shown}"
    app.check_axe("a lesson in the kiosk")
    app.open("it", query="kiosk=1&idle=60&pace=30", clear=False)
    app.button("#attract")
    open_lesson_from(app, "bar", game)
    words = catalogue_of("it")
    first = words["lesson.title"].format(game=words[f"game.{game}"], step=1, steps=len(site_lessons()[game]["steps"]))
    wait_for(lambda: lesson_text(app)["title"] == first, "kiosk: the lesson starts at its first step again", 10)
    print("lesson progress: kept on a phone and a tablet in three languages, none in the kiosk")


# Console errors that are the tests' own (a refused or blocked address; the icon Chromium asks for
# beside kiosk.json, the file App.open clears the storage from: the app names its icons). A static
# host's page asks for no game server, so it logs no failed /health.
EXPECTED_CONSOLE_ERRORS = r"ERR_CONNECTION_REFUSED|ERR_BLOCKED_BY_CLIENT|/favicon\.ico - Failed to load resource: the server responded with a status of 404"


class SpecialSite(QuietHandler):
    """The app as another server gives it: no HTTP caching, no byte ranges (a Range asked for
    is answered with the whole file), the engine's module broken while `broken_wasm` is set,
    held back until `wasm_released` is set (a stalled download), a kiosk settings file of the
    test's (`kiosk_json`)."""

    ranges = False
    broken_wasm = False
    wasm_released = threading.Event()
    wasm_released.set()
    kiosk_json = None

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def do_GET(self):
        path = self.path.split("?")[0]
        body = None
        if path.endswith("/ludus.wasm"):
            SpecialSite.wasm_released.wait(120)
        if path.endswith("/ludus.wasm") and SpecialSite.broken_wasm:
            body, kind = b"\\0asm broken", "application/wasm"
        elif path.endswith("/kiosk.json") and SpecialSite.kiosk_json is not None:
            body, kind = SpecialSite.kiosk_json.encode(), "application/json"
        if body is None:
            return super().do_GET()
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def special_site(app):
    """The second server (started once): its address."""
    if not hasattr(app, "special"):
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(SpecialSite, directory=SITE))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        app.special = f"http://127.0.0.1:{server.server_address[1]}/"
    return app.special


def reduced_motion(app, on):
    app.d.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"features": [{"name": "prefers-reduced-motion", "value": "reduce" if on else ""}]},
    )


ATTRACT = """const b = document.querySelector('#attract-board svg'), r = b && b.getBoundingClientRect();
  const pieces = b ? [...b.querySelectorAll('.piece, [class*=piece], circle')].map((e) => e.outerHTML).join('') : '';
  return {shown: !document.querySelector('#attract').hidden, plies: Number(document.querySelector('#attract-board').dataset.plies ?? -1), pieces,
          board: r ? [r.width, r.height] : null, text: document.querySelector('#attract-text').innerText,
          second: document.querySelector('#attract-second').hidden ? null : [document.querySelector('#attract-second').lang, document.querySelector('#attract-second').innerText],
          museum: document.querySelector('#attract-museum').hidden ? null : document.querySelector('#attract-museum').innerText};"""


def attract(app):
    """The kiosk's attract screen: the computer plays itself on a board behind the invitation
    (its pieces change within seconds, a new game once one is over), the invitation in the
    museum's language and in English below it (marked lang=en), the museum's name from
    ?museum= or from kiosk.json (the address wins); a still board under reduced motion; one tap
    starts the visitor's game. Screenshots at the four sizes."""
    d = app.d
    museum = "Museo Archeologico di Prova"
    app.open("it", query="kiosk=1&pace=100&museum=" + museum.replace(" ", "%20"))
    app.size(1024, 768)
    shown = wait_for(
        lambda: (lambda s: s if s["shown"] and s["plies"] >= 0 else None)(app.js(ATTRACT)), "the attract screen"
    )
    assert shown["text"] == "Tocca per giocare" and shown["second"] == [
        "en",
        "Tap to play",
    ], f"attract: the invitation {shown}"
    assert shown["museum"] == museum, f"attract: the museum's name {shown['museum']!r}"
    assert shown["board"] and shown["board"][0] > 300, f"attract: no board or a small one: {shown['board']}"
    first = shown["pieces"]
    later = wait_for(
        lambda: (lambda s: s if s["plies"] >= 3 and s["pieces"] != first else None)(app.js(ATTRACT)),
        "the attract game to move",
        15,
    )
    # One game to its end and a new one (the demo's games are short at this pace).
    wait_for(lambda: app.js(ATTRACT)["plies"] < later["plies"], "a new attract game after the last", 90)
    app.check_axe("attract screen")
    app.check_no_leak("attract screen")
    for width, height in [(360, 740), (740, 360), (768, 1024), (1024, 768)]:
        app.size(width, height)
        box = app.js(
            """const r = (s) => document.querySelector(s).getBoundingClientRect();
            const b = document.querySelector('#attract-board svg').getBoundingClientRect();
            return {board: [b.left, b.top, b.right, b.bottom], text: r('#attract-text').bottom, second: r('#attract-second').bottom, w: innerWidth, h: innerHeight};"""
        )
        left, top, right, bottom = box["board"]
        assert (
            left >= -1 and top >= -1 and right <= box["w"] + 1 and bottom <= box["h"] + 1
        ), f"attract at {width}x{height}: the board off screen {box}"
        assert (
            box["second"] <= box["h"] and box["text"] <= box["h"]
        ), f"attract at {width}x{height}: the invitation below the fold {box}"
        name = {
            (360, 740): "phone",
            (740, 360): "phone-landscape",
            (768, 1024): "tablet-portrait",
            (1024, 768): "tablet",
        }[(width, height)]
        screenshot(app, f"web-attract-{name}-it", width, height)
    # Under reduced motion a still board.
    reduced_motion(app, True)
    time.sleep(0.6)
    still = app.js(ATTRACT)["pieces"]
    time.sleep(2.5)
    assert app.js(ATTRACT)["pieces"] == still, "attract: the board moves under reduced motion"
    reduced_motion(app, False)
    # One tap anywhere: the visitor's game, the attract game stopped.
    app.tap(d.find_element(By.ID, "attract"))
    wait_for(lambda: not app.visible("#attract") and app.visible("#board svg"), "the visitor's game after one tap", 5)
    assert app.js("return document.querySelector('#status').innerText").strip(), "attract: no status after the tap"
    plies = app.js(ATTRACT)["plies"]
    time.sleep(1.5)
    assert app.js(ATTRACT)["plies"] == plies, "attract: the attract game plays on behind the visitor's"
    # kiosk.json: the museum's name and language from the file; the address's win over it.
    SpecialSite.kiosk_json = json.dumps({"museum": "Museo dal file", "lang": "en"})
    try:
        d.get(special_site(app) + "?kiosk=1&pace=400")
        app.wait_ready()
        shown = wait_for(
            lambda: (lambda s: s if s["shown"] and s["second"] else None)(app.js(ATTRACT)),
            "the attract screen of kiosk.json",
        )
        assert (
            shown["museum"] == "Museo dal file"
            and shown["text"] == "Tap to play"
            and shown["second"] == ["it", "Tocca per giocare"]
        ), f"kiosk.json: {shown}"
        d.get(special_site(app) + "?kiosk=1&pace=400&lang=it&museum=Museo%20Civico")
        app.wait_ready()
        shown = wait_for(
            lambda: (lambda s: s if s["shown"] and s["second"] else None)(app.js(ATTRACT)),
            "the attract screen of the address",
        )
        assert (
            shown["museum"] == "Museo Civico" and shown["text"] == "Tocca per giocare"
        ), f"the address over kiosk.json: {shown}"
    finally:
        SpecialSite.kiosk_json = None
    print(
        f"attract: the computer's own game behind the invitation (Italian, English), moving and starting again; "
        f"the museum's name from ?museum= and kiosk.json; still under reduced motion; one tap starts a game"
    )


# Installed before the app's scripts: counts the sounds started (Web Audio sources) in window.sounds.
COUNT_SOUNDS = """
window.sounds = 0;
for (const kind of ['AudioScheduledSourceNode', 'AudioBufferSourceNode', 'OscillatorNode']) {
  const proto = window[kind]?.prototype;
  if (!proto || !Object.hasOwn(proto, 'start')) continue;
  const start = proto.start;
  proto.start = function (...args) { window.sounds += 1; return start.apply(this, args); };
}"""

WATCH_DICE = """
window.diceSeen = [];
const box = document.querySelector('#dice');
const record = () => window.diceSeen.push({t: performance.now(), rolling: box.dataset.rolling === 'true',
  faces: [...box.querySelectorAll('.die')].map((d) => d.querySelectorAll('.pip').length),
  values: [...box.querySelectorAll('.die')].map((d) => Number(d.dataset.value))});
new MutationObserver(record).observe(box, {childList: true, subtree: true, attributes: true});"""


def roll_and_watch(app):
    """The visitor rolls; what the dice showed until they settled."""
    app.js(WATCH_DICE)
    app.button("#roll")
    wait_for(lambda: app.js("return document.querySelectorAll('#dice .die').length > 0"), "the dice", 5)
    time.sleep(1.0)
    return app.js("return window.diceSeen")


def dice_and_sound(app):
    """A roll: the dice tumble (other faces, data-rolling) for about half a second, then show the
    values thrown as pips, large, with their values in words; none under reduced motion. The
    sound switch in the title bar: off at first, a roll with it on starts sounds (Web Audio),
    remembered after a reload; in the kiosk off whatever was stored, never stored, off again
    for the next visitor."""
    d = app.d
    script = d.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": COUNT_SOUNDS})["identifier"]
    try:
        app.open("it", query="pace=1200")
        app.size(360, 740)
        assert (
            app.js("return document.querySelector('#sound').getAttribute('aria-pressed')") == "false"
        ), "sound: not off by default"
        app.new_game("duodecim", {"first_player": 0}, opponent="human")
        seen = roll_and_watch(app)
        tumbling = [s for s in seen if s["rolling"]]
        assert len({tuple(s["faces"]) for s in tumbling}) >= 3, f"dice: no tumbling faces: {seen[:6]}"
        started = seen.index(tumbling[0])
        landed = next((s for s in seen[started:] if not s["rolling"]), None)
        span = (landed["t"] - tumbling[0]["t"]) / 1000 if landed else None
        assert span is not None and 0.3 <= span <= 1.2, f"dice: the throw lasted {span} s: {seen}"
        last = app.js(
            """const box = document.querySelector('#dice');
            return {rolling: box.dataset.rolling ?? null, label: box.getAttribute('aria-label'), dice: [...box.querySelectorAll('.die')].map((e) => {
              const r = e.getBoundingClientRect(); return {pips: e.querySelectorAll('.pip').length, value: Number(e.dataset.value), title: e.title, size: Math.min(r.width, r.height)}; })}"""
        )
        thrown = app.js("return JSON.parse(localStorage.getItem('ludus.current')).state.history.at(-1).text").split()[
            1:
        ]
        assert last["rolling"] is None and [die["pips"] for die in last["dice"]] == [
            int(v) for v in thrown
        ], f"dice: landed on {last}, thrown {thrown}"
        assert all(
            die["size"] >= 36 and die["title"] == str(die["value"]) for die in last["dice"]
        ), f"dice: small or untitled {last}"
        assert " + ".join(thrown) in last["label"], f"dice: the values not in words: {last['label']!r}"
        assert app.js("return window.sounds") == 0, "sound: played while off"
        # Reduced motion: the values at once.
        reduced_motion(app, True)
        app.new_game("duodecim", {"first_player": 0}, opponent="human")
        seen = roll_and_watch(app)
        assert (
            not any(s["rolling"] for s in seen) and len({tuple(s["faces"]) for s in seen if s["faces"]}) == 1
        ), f"dice: tumbling under reduced motion: {seen[:4]}"
        reduced_motion(app, False)
        # The switch: on, a roll sounds; remembered.
        app.button("#sound")
        assert app.js(
            "return [document.querySelector('#sound').getAttribute('aria-pressed'), localStorage.getItem('ludus.sound')]"
        ) == ["true", "on"]
        app.new_game("duodecim", {"first_player": 0}, opponent="human")
        roll_and_watch(app)
        assert app.js("return window.sounds") > 0, "sound: a roll with the sound on started no sound"
        app.d.refresh()
        app.wait_ready()
        assert (
            app.js("return document.querySelector('#sound').getAttribute('aria-pressed')") == "true"
        ), "sound: not remembered"
        app.check_targets("the sound switch at 360x740")
        # The kiosk: off although stored on; a visitor's switch is not stored and is off again after the idle reset.
        app.open("it", query="kiosk=1&idle=4&pace=30", clear=False)
        wait_for(lambda: app.visible("#attract"), "the attract screen")
        app.tap(d.find_element(By.ID, "attract"))
        pressed = lambda: app.js("return document.querySelector('#sound').getAttribute('aria-pressed')")
        assert pressed() == "false", "sound: on in the kiosk"
        app.button("#sound")
        assert pressed() == "true"
        app.button("#sound")
        app.button("#sound")
        assert (
            app.js("return localStorage.getItem('ludus.sound')") == "on"
        ), "sound: the kiosk stored a visitor's switch"
        wait_for(lambda: app.visible("#attract"), "the attract screen after the idle time", 15)
        assert pressed() == "false", "sound: left on for the kiosk's next visitor"
    finally:
        d.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script})
        reduced_motion(app, False)
    print(
        f"dice: tumbled for {span:.2f} s then showed {' + '.join(thrown)} as pips; none under reduced motion; "
        "sound off by default, on and remembered, off and never stored in the kiosk"
    )


WATCH_NARRATION = """
window.said = [];
const line = document.querySelector('#narration');
new MutationObserver(() => { if (window.said.at(-1)?.text !== line.textContent) window.said.push({t: performance.now(), text: line.textContent}); })
  .observe(line, {childList: true, characterData: true, subtree: true});"""


UR_FACTS = """
const dice = document.querySelector('#dice');
return {dice: dice.hidden ? null : [...dice.querySelectorAll('.die')].map((d) => ({value: Number(d.dataset.value), binary: d.classList.contains('binary'),
                                                                             tetrahedron: !!d.querySelector('polygon.face'), tip: !!d.querySelector('circle.tip')})),
        total: dice.querySelector('.dice-total')?.textContent ?? null, label: dice.getAttribute('aria-label'),
        narration: document.querySelector('#narration').innerText,
        trays: [...document.querySelectorAll('#board g.tray-label')].map((label) => [...label.querySelectorAll('text')].map((t) => t.textContent).join(' ')),
        rosettes: document.querySelectorAll('#board .cell.rosette').length, phase: document.querySelector('#status').dataset.phase,
        // a throw that leaves no move: the button's words and the status line's
        passing: (() => { const b = document.querySelector('#pass'); return b && b.getClientRects().length > 0 ? [b.textContent, document.querySelector('#status').textContent] : null; })()};"""


def ur_game(app):
    """The Royal Game of Ur, by taps to its end in Italian on a phone (360x740) against the
    computer; for a few turns in English on a tablet (768x1024) between two people and in German
    on a phone and a tablet (a second whole game, over 300 taps, added minutes to CI and no check). Its board is the British Museum's (five rosettes), its trays named in
    the page's language; the four binary dice drawn as tetrahedra, a marked tip where a die counts
    1, their total beside them and in words; the computer's turn written out (it enters; a rosette
    throws again; captures and bearing off where the game had them); the end panel names the winner
    and the reason; 44 px targets, no other language, axe; screenshots web-ur-*."""
    for language, (width, height), opponent, whole in [
        ("it", (360, 740), "greedy", True),
        ("en", (768, 1024), "human", False),
        ("de", (360, 740), "greedy", False),
        ("de", (768, 1024), "human", False),
    ]:
        words = catalogue_of(language)
        app.size(width, height)  # the page loaded at its size, as a visitor's device opens it
        app.open(language)
        t0 = time.time()
        app.new_game("ur", {}, opponent=opponent, computer=1)
        where = f"ur ({language}, {width}x{height}, {'the computer' if opponent != 'human' else 'two people'})"
        facts = app.js(UR_FACTS)
        assert facts["rosettes"] == 5, f"{where}: {facts['rosettes']} rosettes on the board"
        trays = sorted(facts["trays"])
        assert trays == sorted(
            f"{words[f'side.{side}']} {words[key]}" for key in ("board.to_enter", "board.borne_off") for side in (0, 1)
        ), f"{where}: the trays named {trays}"
        app.check_targets(where)
        app.check_no_leak(where)
        app.check_axe(where)
        app.explain_words = {
            "it": ["Qui non", "Questa pedina", "Mossa non", "Nessuna"],
            "en": ["There is no", "This piece", "Not allowed", "No move"],
            "de": ["Hier steht kein", "Dieser Stein", "Zug nicht", "Kein Zug"],
        }[language]
        seen_dice = narrations = passes = 0
        said = set()
        shots = {"dice": False, "computer": False}
        actions, probed, limit = 0, False, 2500 if whole else 40
        while actions < limit:
            facts = app.js(UR_FACTS)
            if facts["phase"] == "over":
                break
            if facts["dice"]:
                dice = [d["value"] for d in facts["dice"]]
                assert len(dice) == 4 and all(
                    d["binary"] and d["tetrahedron"] and d["tip"] == (d["value"] == 1) for d in facts["dice"]
                ), f"{where}: the dice {facts['dice']}"
                assert facts["total"] == f"= {sum(dice)}", f"{where}: the dice {dice} total {facts['total']!r}"
                assert (
                    facts["label"].startswith(words["dice.label"].split("{")[0]) and str(sum(dice)) in facts["label"]
                ), f"{where}: the dice's words {facts['label']!r}"
                seen_dice += 1
                if (
                    not shots["dice"]
                    and sum(dice) > 0
                    and app.js("return document.querySelectorAll('#board .movable').length > 0")
                ):
                    screenshot(app, f"web-ur-{language}-{width}x{height}", width, height)
                    shots["dice"] = True
            if facts["narration"]:
                narrations += 1
                said.add(facts["narration"])
                if not shots["computer"] and words["move.rosette_again"] in facts["narration"]:
                    check_narration_clear(app, f"{where}: the computer's turn")
                    os.makedirs(SHOTS, exist_ok=True)  # at once: at the test's pace the computer plays on
                    app.d.save_screenshot(os.path.join(SHOTS, f"web-ur-computer-{language}-{width}x{height}.png"))
                    shots["computer"] = True
            # a throw that leaves no move: the button says "pass", the status line why
            passing = facts["passing"]
            if passing:
                said_why = words["status.your_pass"] if opponent != "human" else words["status.pass"].split("{who}")[1]
                assert passing[0] == words["action.pass"] and passing[1].endswith(
                    said_why
                ), f"{where}: passing, {passing}"
                passes += 1
            if not probed and app.js("return document.querySelectorAll('#board .movable').length > 0"):
                app.illegal_tap(app.explain_words)
                probed = True
            if actions % 25 == 0:
                app.check_no_leak(f"{where}: after {actions} actions")
                app.check_targets(f"{where}: after {actions} actions")
            if app.step():
                actions += 1
            else:
                time.sleep(0.03)
        assert seen_dice > 0, f"{where}: no dice seen"
        assert passes > 0 or not whole, f"{where}: a whole game and never a throw without a move"
        text = " ".join(sorted(said))
        if opponent != "human":
            enters = words["said.from_H"].split("{")[0].strip()
            assert enters in text, f"{where}: the computer's entering not written out ({enters!r}): {text[:300]!r}"
        if whole:
            wait_for(lambda: app.visible("#end-panel"), f"{where}: the end-of-game panel", 10)
            shown = app.status()
            assert shown["result"] in ("player 0 won", "player 1 won"), shown
            heading = app.d.find_element(By.ID, "end-heading").text
            side = words[f"side.{shown['result'][7]}"]
            assert side in heading, f"{where}: the end panel names {heading!r}, the result is {shown['result']}"
            reason = app.d.find_element(By.ID, "end-reason").text
            assert (
                words["reason.borne_off"].split("{winner}")[1].strip(" .") in reason
            ), f"{where}: the end's reason {reason!r}"
            app.check_targets(f"{where}: the end", board_places=False)
            app.check_no_leak(f"{where}: the end")
            app.check_axe(f"{where}: the end")
            screenshot(app, f"web-ur-end-{language}-{width}x{height}", width, height)
            history = app.js(
                "return JSON.parse(localStorage.getItem('ludus.current')).state.history.map((e) => e.text)"
            )
            moved = [text for text in history if not text.startswith("roll")]
            print(
                f"  {where}: over after {actions} taps, {len(moved)} moves, in {time.time() - t0:.0f} s: {heading} {reason}"
            )
            if opponent != "human":
                found = {
                    key: (words[key] if isinstance(words[key], str) else words[key]["one"]).split("{")[0].strip()
                    for key in ("said.from_H", "move.rosette_again", "move.captures", "said.to_O")
                }
                print(
                    f"  the computer's turns written out ({narrations} seen): "
                    + ", ".join(
                        f"{key} {'yes' if phrase and phrase in text else 'no'}" for key, phrase in found.items()
                    )
                )
        else:
            screenshot(app, f"web-ur-play-{language}-{width}x{height}", width, height)
            print(f"  {where}: {actions} taps, {seen_dice} throws seen")
    print(
        "ur: a whole game on a phone against the computer (it); a few turns between two people on a tablet (en) and in German"
    )


def ur_perfect(app):
    """The Royal Game of Ur's perfect player and the review's exact chance of winning, from a
    solved table (three pieces, made here by the native build's ludus-ur-solve) served in byte
    ranges from /tables/: the new-game dialog offers "perfect" with its line for those options
    and not for four pieces; a game against it on an Italian phone to its end, the table read in
    ranges of 4 KiB and never whole; the review's caption says the chance is exact, each of its
    points is the native library's value from the same table (to 1e-6), none of the computer's
    moves marked as costly; the dialog and the review in each language on a phone and a tablet
    (screenshots web-ur-perfect-*). Without the table, and from a server that ignores byte
    ranges, "perfect" is not offered."""
    import tempfile

    solver = native_file("LUDUS_UR_SOLVE", os.path.join("lib", "ur", "tools", "ludus-ur-solve"))
    library = native_library()
    assert (
        solver and library
    ), "no native ludus-ur-solve and libludus: build them (meson setup build; meson compile -C build) or set LUDUS_UR_SOLVE and LUDUS_LIBRARY"
    directory = tempfile.mkdtemp(prefix="ludus-tables-")
    table = os.path.join(directory, "ur-finkel-3-4.table")
    t0 = time.time()
    solved = json.loads(
        subprocess.run(
            [solver, "--pieces", "3", "--output", table, "--quiet"], check=True, capture_output=True, text=True
        ).stdout
    )
    print(
        f"  the three-piece Finkel table: {os.path.getsize(table)} bytes, first player's chance {solved['first_player_wins']:.6f}, solved in {time.time() - t0:.1f} s"
    )
    d = app.d
    found = lambda: app.js("return document.querySelector('#opponent').dataset.table ?? null")

    def dialog(pieces):
        """The new-game dialog with the Royal Game of Ur chosen at `pieces`: whether it found the table."""
        if not app.js("return document.querySelector('#new-game-dialog').open"):
            app.button("#new-game")
            wait_for(lambda: app.js("return document.querySelector('#new-game-dialog').open"), "the new-game dialog")
        app.choose_card("ur")
        app.js(
            """const input = document.querySelector("[data-option='pieces']"); delete document.querySelector('#opponent').dataset.table;
                  input.value = String(arguments[0]); input.dispatchEvent(new Event('change', {bubbles: true}));""",
            pieces,
        )
        return wait_for(found, f"the table looked for ({pieces} pieces)", 15) == "found"

    def offered():
        return app.js(
            """return {levels: [...document.querySelectorAll('#opponent option')].map((o) => o.value),
                                 help: document.querySelector('#perfect-help').hidden ? null : document.querySelector('#perfect-help').textContent}"""
        )

    QuietHandler.tables, QuietHandler.table_requests = directory, []
    native_ludus = None
    try:
        words = catalogue_of("it")
        app.size(360, 740)
        app.open("it")
        assert (
            dialog(4) is False and "perfect" not in offered()["levels"]
        ), f"perfect offered for four pieces: {offered()}"
        assert dialog(3) is True, "the three-piece table not found"
        shown = offered()
        assert (
            shown["levels"][shown["levels"].index("best") + 1] == "perfect"
            and shown["help"] == words["opponent.perfect_help"]
        ), f"the perfect level offered: {shown}"
        app.check_axe("the new-game dialog with the perfect level")
        app.check_no_leak("the new-game dialog with the perfect level")
        Select(d.find_element(By.ID, "opponent")).select_by_value("perfect")
        Select(d.find_element(By.ID, "computer")).select_by_value("1")
        app.tap(d.find_element(By.ID, "start"))
        wait_for(
            lambda: app.js("return document.querySelector('#board').dataset.game") == "ur"
            and app.status()["phase"] != "over",
            "the game against the perfect player",
        )
        settings = app.js("return JSON.parse(localStorage.getItem('ludus.current')).settings")
        assert settings["opponent"] == "perfect" and settings["options"]["pieces"] == 3, settings
        players = app.js("return document.querySelector('#players').textContent")
        assert f"({words['level.perfect']})" in players, f"the players named {players!r}"
        play_out(app, "ur against the perfect player", seconds=90)
        wait_for(lambda: app.visible("#end-panel"), "the end panel", 10)
        reads = [r for method, r in QuietHandler.table_requests if method == "GET" and r]
        assert reads and all(
            last - first < 4096 and first % 4096 == 0 for first, last in reads[1:]
        ), f"the table read in ranges: {QuietHandler.table_requests[:10]}"
        assert not any(
            method == "GET" and r is None for method, r in QuietHandler.table_requests
        ), f"the table asked for whole: {QuietHandler.table_requests}"
        during_game = len(reads)
        saved = app.js("return JSON.parse(localStorage.getItem('ludus.current')).state")
        app.button("#end-review")
        wait_for(
            lambda: app.js(
                "return !!document.querySelector('#review-chart-box svg[data-points]') && !document.querySelector('#review-chart').hidden"
            ),
            "the review's chart",
            30,
        )
        caption = d.find_element(By.ID, "review-scale").text
        assert caption.startswith(
            words["review.scale_chance_exact"].split("{who}")[0]
        ), f"the review's caption: {caption!r}"
        points = [float(x) for x in app.js("return document.querySelector('#review-chart svg').dataset.points").split()]
        # The same positions evaluated by the native library from the same file.
        native_ludus = native_package(library).Game.from_json({**saved, "history": [], "position": saved["start"]})
        expected = []
        for event in saved["history"]:
            if not re.match(r"^roll( \d+)+$", event["text"]):
                search = native_ludus.ai_move("perfect", table=table, seed=0)["search"]
                value = (
                    search["value"] if search["nodes"] > 0 else None
                )  # not searched: the next position's (review-model.js)
                expected.append(
                    None if value is None else value if native_ludus.to_move == 0 else 1 - value
                )  # the person's side: Light
            native_ludus.apply_event(event)
        for i in range(len(expected) - 1, -1, -1):
            if expected[i] is None:
                expected[i] = expected[i + 1] if i + 1 < len(expected) else points[-1]
        assert len(points) == len(expected) + 1, f"{len(points)} points for {len(expected)} moves"
        worst = max(abs(a - b) for a, b in zip(points, expected))
        assert (
            worst < 1e-6
        ), f"the review's line is not the table's: {worst} apart ({points[:5]} against {expected[:5]})"
        assert points[-1] in (0.0, 1.0), f"the review's last point {points[-1]}"
        steps = [e for e in saved["history"] if not re.match(r"^roll( \d+)+$", e["text"])]
        costly = [
            step
            for step, label in check_review_labels(app, "the review with the exact chance", steps).items()
            if label in ("inaccuracy", "mistake", "blunder")
        ]
        assert all(
            steps[step - 1]["player"] == 0 for step in costly
        ), f"a move of the perfect player marked as costly: {costly}"
        if costly:  # a costly move's position names the perfect move
            button = d.find_element(By.CSS_SELECTOR, f"#review-line button[data-step='{costly[0]}']")
            app.js("arguments[0].scrollIntoView({block: 'center'})", button)
            app.tap(button)
            better = words["review.better_exact"].split("{move}")[0]
            wait_for(
                lambda: better in d.find_element(By.ID, "review-move").text,
                f"{better!r} in the costly move's position",
                5,
            )
        print(
            f"  a game against the perfect player: {len(steps)} moves, the table read in {during_game} ranges; the review's {len(points)} points "
            f"are the native library's to {worst:.1e}, {len(reads) - during_game} more ranges; moves marked {costly}"
        )
        app.check_axe("the review with the exact chance")
        app.check_no_leak("the review with the exact chance")
        # Each language on a phone and a tablet: the review, then the dialog (for the screenshots).
        for language, name in [("it", "Italiano"), ("en", "English"), ("de", "Deutsch")]:
            if language != "it":
                app.button("#review-close")
                Select(d.find_element(By.ID, "language")).select_by_value(language)
                wait_for(lambda: app.js("return document.documentElement.lang") == language, name)
                app.button("#end-review")
                wait_for(
                    lambda: app.js(
                        "return !!document.querySelector('#review-chart-box svg[data-points]') && !document.querySelector('#review-chart').hidden"
                    ),
                    "the review's chart",
                    30,
                )
            caption = d.find_element(By.ID, "review-scale").text
            assert caption.startswith(
                catalogue_of(language)["review.scale_chance_exact"].split("{who}")[0]
            ), f"the review's caption in {language}: {caption!r}"
            for width, height in [(360, 740), (768, 1024)]:
                app.size(width, height)
                app.js(
                    "document.scrollingElement.scrollTop = 0"
                )  # the review's page scrolls on a tall screen: back to its board
                app.check_targets(f"the exact review ({language}, {width}x{height})", board_places=False)
                app.js("document.querySelector('#review-chart-box').scrollIntoView({block: 'center'})")
                screenshot(app, f"web-ur-perfect-review-{language}-{width}x{height}", width, height)
            app.check_no_leak(f"the exact review ({language})")
            app.button("#new-game")
            wait_for(
                lambda: app.js("return document.querySelector('#new-game-dialog').open") and offered()["help"],
                "the dialog with the perfect level",
            )
            assert (
                app.js("return document.querySelector('#opponent').value") == "perfect"
            ), "the last game's level not chosen again"
            assert offered()["help"] == catalogue_of(language)["opponent.perfect_help"]
            app.check_no_leak(f"the dialog with the perfect level ({language})")
            for width, height in [(360, 740), (768, 1024)]:
                app.size(width, height)
                app.js("document.querySelector('#perfect-help').scrollIntoView({block: 'center'})")
                screenshot(app, f"web-ur-perfect-dialog-{language}-{width}x{height}", width, height)
            app.js("document.querySelector('#new-game-dialog').close()")
    finally:
        QuietHandler.tables = None
        if native_ludus is not None:
            native_ludus.close()
    # Without the table: not offered (the page loaded again: a table is looked for once a page).
    app.size(360, 740)
    app.open("en")
    assert (
        dialog(3) is False and "perfect" not in offered()["levels"] and offered()["help"] is None
    ), f"without the table: {offered()}"
    app.js("document.querySelector('#new-game-dialog').close()")
    # A server that ignores byte ranges (the second server), the table there: not offered.
    QuietHandler.tables = directory
    try:
        d.get(special_site(app) + "?pace=30&lang=en")
        app.wait_ready()
        assert dialog(3) is False and "perfect" not in offered()["levels"], f"a server without byte ranges: {offered()}"
        app.js("document.querySelector('#new-game-dialog').close()")
    finally:
        QuietHandler.tables = None
    shutil.rmtree(directory, ignore_errors=True)
    print(
        "ur perfect: offered where its table is found, played to the end on a phone, the review's line the table's; not offered without the table or byte ranges"
    )


def computer_gaps(app):
    """The times between the computer's actions in its first turn of a new game, in s."""
    app.new_game("duodecim", {"first_player": 1}, opponent="greedy", computer=1)
    app.js(WATCH_NARRATION)
    wait_for(
        lambda: app.js(
            "return document.querySelector('#roll').offsetParent !== null && !document.querySelector('#roll').hidden"
        ),
        "the person's turn",
        20,
    )
    said = [s for s in app.js("return window.said") if s["text"]]
    gaps = [(b["t"] - a["t"]) / 1000 for a, b in zip(said, said[1:])]
    assert gaps, f"pace: the computer's turn not seen: {said}"
    return gaps


def pace_control(app):
    """The pace of the computer's actions in the "Altro" dialog: slow, normal, fast (a factor of
    the address's pace); each action of the computer's shown for that long; remembered on the
    device, not in the kiosk."""
    d = app.d
    base = 400
    app.open("it", query=f"pace={base}")
    app.size(360, 740)
    choose = lambda value: (
        app.button("#more"),
        app.tap(d.find_element(By.CSS_SELECTOR, f"#pace input[value={value}]")),
        app.js("document.querySelector('#more-dialog').close()"),
    )
    checked = lambda: app.js("return document.querySelector('#pace input:checked')?.value ?? null")
    assert checked() == "normal", f"pace: {checked()} at first"
    app.button("#more")
    app.check_axe("the more dialog with the pace")
    app.check_no_leak("the more dialog with the pace")
    app.js("document.querySelector('#more-dialog').close()")
    choose("slow")
    slow = computer_gaps(app)
    assert min(slow) >= 2 * base / 1000 * 0.95, f"pace slow: the computer's actions {slow} s apart"
    choose("fast")
    fast = computer_gaps(app)
    assert (
        min(fast) >= base / 2 / 1000 * 0.95 and sorted(fast)[len(fast) // 2] < 1.5 * base / 1000
    ), f"pace fast: the computer's actions {fast} s apart"
    d.refresh()
    app.wait_ready()
    assert checked() == "fast" and app.js("return localStorage.getItem('ludus.pace')") == "fast", "pace: not remembered"
    app.open("it", query="kiosk=1&pace=400", clear=False)
    wait_for(lambda: app.visible("#attract"), "the attract screen")
    app.tap(d.find_element(By.ID, "attract"))
    assert checked() == "normal", f"pace: the kiosk starts at {checked()}"
    choose("slow")
    assert app.js("return localStorage.getItem('ludus.pace')") == "fast", "pace: the kiosk stored a visitor's pace"
    print(
        f"pace: slow {min(slow):.2f} s or more between the computer's actions, fast {min(fast):.2f}-{max(fast):.2f} s; remembered, not in the kiosk"
    )


# ---- the defects a visitor met (issue 55), each checked at a phone's and a tablet's size in each
# language (part visitor_defects)

DEFECT_SIZES = [(360, 740), (768, 1024)]


def check_lesson_dice(app, game, where):
    """A lesson's dice (Duodecim's and XII Scripta's first step) drawn as large as the game's: each
    die 30 px or more, on screen (they were 2.4 px wide: a die's picture had no size of its own)."""
    open_lesson_from(app, "new", game)
    dice = wait_for(
        lambda: app.js(
            """
        const box = document.querySelector('#lesson-dice');
        if (box.hidden || !box.children.length) return null;
        return {box: box.getBoundingClientRect().width, label: box.getAttribute('aria-label'), height: innerHeight, width: innerWidth,
                dice: [...box.querySelectorAll('.die')].map((d) => { const r = d.getBoundingClientRect(); return [r.width, r.height, r.right, r.bottom]; })};"""
        ),
        f"{where}: the {game} lesson's dice",
        10,
    )
    assert dice["dice"] and all(
        w >= 30 and h >= 30 and right <= dice["width"] and bottom <= dice["height"]
        for w, h, right, bottom in dice["dice"]
    ), f"{where}: the {game} lesson's dice ({dice['label']}) are not in view: box {dice['box']:.1f} px wide, dice {dice['dice']}"
    check_first_screen(app, f"{where}: the {game} lesson")


def check_first_screen(app, where):
    """The whole board on the first screen, unzoomed, its places 44 px or more (a German narration
    of three lines pushed it into zoom and cut it)."""
    zoomed = app.js("return document.querySelector('#board-area').hasAttribute('data-zoomed')")
    assert not zoomed, f"{where}: the board does not fit the screen (zoomed)"
    app.check_targets(where)


def check_option_names(app, words, where):
    """Every option of every game in the new-game dialog (the library's catalogue, all of it)
    named in the page's language (the game's own label option.ID.NAME, else the app's), no value a bare 0 that nothing explains; XII Scripta's rulesets
    named for scholars, not programs; Kowalski's 10x11 not offered (its first move wins)."""
    app.button("#new-game")
    wait_for(lambda: app.js("return document.querySelector('#new-game-dialog').open"), "the new-game dialog")
    games = app.js("return [...document.querySelectorAll('#game-choice input[name=game]')].map((e) => e.value)")
    problems = []
    for game in games:
        app.js(
            "const input = document.querySelector(`#game-choice input[value='${arguments[0]}']`); input.checked = true; input.dispatchEvent(new Event('change'))",
            game,
        )
        fields = app.js(
            """return [...document.querySelectorAll('#new-game-dialog [data-option]')].map((input) => ({
            name: input.dataset.option, caption: input.closest('label').querySelector('span').textContent,
            values: input.tagName === 'SELECT' ? [...input.options].map((o) => [JSON.parse(o.value), o.textContent]) : []}))"""
        )
        for field in fields:
            if not (
                field["caption"]
                and field["caption"] != field["name"]
                and field["caption"]
                == words.get(f"option.{game}.{field['name']}", words.get(f"option.{field['name']}"))
            ):
                problems.append(f"{game}'s option {field['name']} named {field['caption']!r}")
            if sorted(map(str, (value for value, _ in field["values"]))) == ["False", "True"]:
                problems.append(f"{game}'s option {field['name']} a list of false and true, not a switch")
            if any(text.strip() == "0" for _, text in field["values"]) and "0 =" not in field["caption"]:
                problems.append(f"{game}'s option {field['caption']!r} offers a bare 0 that nothing explains")
            if field["name"] == "ruleset":
                software = [text for _, text in field["values"] if re.search(r"Ludii|Tabletop", text)]
                if software:
                    problems.append(f"{game}'s rulesets named after programs: {software}")
                if "kowalski_10x11" in [value for value, _ in field["values"]]:
                    problems.append(f"Kowalski 10x11 offered (its first move wins)")
    # the race boards' cards: a picture with cells a visitor can tell apart (it was 68x25 px)
    cards = app.js(
        """return [...document.querySelectorAll('.game-card')].map((card) => {
        const cells = [...card.querySelectorAll('rect[data-position0]')].map((c) => c.getBoundingClientRect());
        const picture = card.querySelector('.card-picture').getBoundingClientRect();
        return {game: card.querySelector('input').value, kind: card.dataset.kind, picture: [Math.round(picture.width), Math.round(picture.height)], cell: cells.length ? Math.min(...cells.map((r) => Math.min(r.width, r.height))) : null};})"""
    )
    small = [card for card in cards if card["cell"] is not None and card["cell"] < 18]
    if small:
        problems.append(f"the new-game cards' race boards too small to read: {small}")
    race = [card for card in cards if card["kind"] == "race"]
    assert race and all(card["cell"] is not None for card in race), f"{where}: the race boards' cards: {cards}"
    assert not problems, f"{where}: the new-game dialog: {problems}"
    app.check_no_leak(f"{where}: the new-game dialog")
    app.js("document.querySelector('#new-game-dialog').close()")


def computer_turn_cells(app, computer):
    """The cells the computer's last turn moved from and to (trays left out), each with the name
    the board shows on it ('' for none) and how many cells show that name."""
    return app.js(
        """
        const [computer] = arguments;
        const history = JSON.parse(localStorage.getItem('ludus.current')).state.history;
        let first = history.length;
        while (first > 0 && history[first - 1].player === computer && !/^roll /.test(history[first - 1].text)) first--;
        const moves = history.slice(first).filter((e) => e.player === computer && e.text !== 'pass');
        const labels = [...document.querySelectorAll('#board text.inscription, #board text.other-route')];
        const inside = (text, cell) => { const [x, y] = ['x', 'y'].map((n) => Number(text.getAttribute(n)));
          const [cx, cy, w, h] = ['x', 'y', 'width', 'height'].map((n) => Number(cell.getAttribute(n))); return x >= cx && x <= cx + w && y >= cy && y <= cy + h; };
        const out = [];
        for (const move of moves) for (const name of move.text.split(':')[0].split('-')) {
          const cell = document.querySelector(`#board rect[data-position${computer}="${name}"]`);
          if (!cell) continue;  // a tray
          const label = labels.find((text) => inside(text, cell))?.textContent ?? '';
          out.push({move: move.text, name, label, count: labels.filter((text) => text.textContent === label).length});
        }
        return out;""",
        computer,
    )


def check_computer_names_cells(app, game, words, where):
    """The computer (Dark, the app's default) plays first; its moves written out name each cell as the board shows it (the
    cells of its own route that the board left unnumbered, Duodecim's entry cells, Ur's first and
    last squares, are numbered; XII Scripta's cells said by the board's numbers, not its route's),
    with its side where the board shows that name twice; the board on the first screen with that
    narration (German's three lines)."""
    app.new_game(game, {"first_player": 1}, opponent="greedy", computer=1)
    wait_for(
        lambda: app.visible("#roll") and app.js("return document.querySelector('#narration').textContent"),
        f"{where}: {game}: the computer's turn written out",
        30,
    )
    narration = app.js("return document.querySelector('#narration').textContent")
    cells = computer_turn_cells(app, 1)
    for cell in cells:
        assert cell[
            "label"
        ], f"{where}: {game}: the computer's move {cell['move']} names {cell['name']}, a cell the board leaves unnumbered ({narration!r})"
        said = (
            words["position.cell_of"].format(cell=cell["label"], side=words["side.1"])
            if cell["count"] > 1
            else cell["label"]
        )
        assert re.search(
            r"(?<![\w])" + re.escape(said) + r"(?![\w])", narration
        ), f"{where}: {game}: the computer's move {cell['move']} to the cell the board names {said!r}, said {narration!r}"
    check_first_screen(app, f"{where}: {game} after the computer's turn ({narration!r})")
    return len(cells)


def check_review_upright(app, where):
    """The review of a race game drawn as the game draws it: upright on a phone, cells 44 px and
    more, numerals as large as the game's (they were 28x22 px cells and 7 px numerals, the board
    flat above the panel); the review's buttons on the first screen."""
    app.new_game("duodecim", {}, opponent="greedy", computer=1)
    game_cells = app.js(
        "return Math.min(...[...document.querySelectorAll('#board rect[data-position0]')].map((c) => Math.min(c.getBoundingClientRect().width, c.getBoundingClientRect().height)))"
    )
    persons_turn = lambda: app.js("return !document.querySelector('#status').classList.contains('busy')") and (
        app.visible("#board .movable") or app.visible("#roll")
    )
    end = time.time() + 60
    while app.moves_played() < 3 or not persons_turn():
        assert time.time() < end, f"{where}: a game of Duodecim: {app.moves_played()} moves after 60 s"
        if app.moves_played() >= 3 or not app.step(typed_dice=False):
            time.sleep(0.05)
    app.button("#more")
    app.button("#review-open")
    wait_for(lambda: app.visible("#review-panel"), "the review panel")
    facts = app.js(
        """
        const cells = [...document.querySelectorAll('#board rect[data-position0]')].map((c) => c.getBoundingClientRect());
        const svg = document.querySelector('#board svg').getBoundingClientRect();
        const numerals = [...document.querySelectorAll('#board text.inscription')].map((t) => t.getBoundingClientRect().height);
        const nav = [...document.querySelectorAll('.review-nav button')].map((b) => b.getBoundingClientRect().bottom);
        return {cell: Math.min(...cells.map((r) => Math.min(r.width, r.height))), tall: svg.height > svg.width, numeral: Math.min(...numerals),
                nav: Math.max(...nav), height: innerHeight, svg: [svg.width, svg.height]};"""
    )
    assert (
        facts["cell"] >= MIN_TARGET - 0.01 and facts["numeral"] >= 9
    ), f"{where}: the review's board {facts['svg']}: cells {facts['cell']:.1f} px (the game's {game_cells:.1f}), numerals {facts['numeral']:.1f} px"
    if app.width < 800:
        assert facts["tall"], f"{where}: the review's board lies flat on a tall screen: {facts['svg']}"
    assert (
        facts["nav"] <= facts["height"]
    ), f"{where}: the review's buttons below the first screen ({facts['nav']:.0f} > {facts['height']})"
    app.check_axe(f"{where}: the review")
    app.button("#review-close")


def check_one_word_for_the_hand(app, words, where):
    """The pieces not yet entered have one word in a language: the trays' label, the lessons, the
    printed legend and the moves ("entra in" from the hand) all say position.H's word."""
    word = words["position.H"]
    keys = ["board.to_enter", "print.trays"] + [
        key for key in words if re.fullmatch(r"lesson\.\w+\.enter\.(task|hint)", key)
    ]
    missing = [
        key for key in keys if not re.search(r"(?<![\w])" + re.escape(word) + r"(?![\w])", words[key], re.IGNORECASE)
    ]
    assert not missing, f"{where}: the pieces to enter not called {word!r} in {missing}"
    other = {"it": ["da entrare"], "en": ["to enter"], "de": ["Hand"]}.get(
        app.js("return document.documentElement.lang"), []
    )
    stray = sorted(
        {
            key
            for key, value in words.items()
            if isinstance(value, str) and key.startswith(("lesson.", "print.", "board.", "position."))
            for phrase in other
            if re.search(r"(?<![\w])" + re.escape(phrase) + r"(?![\w])", value)
        }
    )
    assert not stray, f"{where}: another word for the pieces to enter in {stray}"
    trays = app.js("return [...document.querySelectorAll('#board g.hand .tray-label')].map((g) => g.textContent)")
    assert trays and all(
        word.lower() in tray.lower() for tray in trays
    ), f"{where}: the trays say {trays}, not {word!r}"


def check_switches_start(app, where):
    """Every switch of a game's options (an option of false and true: Senet's Kendall rules) that
    the new-game dialog lets the visitor turn on, under each ruleset, gives a game the library
    starts; a switch it leaves disabled is off."""
    app.button("#new-game")
    wait_for(lambda: app.js("return document.querySelector('#new-game-dialog').open"), "the new-game dialog")
    games = app.js("return [...document.querySelectorAll('#game-choice input[name=game]')].map((e) => e.value)")
    app.js("document.querySelector('#new-game-dialog').close()")
    started = 0
    for game in games:
        for index in range(8):  # the rulesets offered, one after another (8: more than any game has)
            app.button("#new-game")
            wait_for(lambda: app.js("return document.querySelector('#new-game-dialog').open"), "the new-game dialog")
            app.choose_card(game)
            chosen = app.js(
                """const [index] = arguments;
                const ruleset = document.querySelector('#ruleset-box [data-option=ruleset]');
                if (ruleset && index >= ruleset.options.length) return null;
                if (ruleset) { ruleset.selectedIndex = index; ruleset.dispatchEvent(new Event('change', {bubbles: true})); }
                const switches = [...document.querySelectorAll('#game-options input[type=checkbox][data-option]')];
                if (switches.length === 0 || (!ruleset && index > 0)) return null;
                for (const input of switches) if (!input.disabled && !input.checked) input.click();
                document.querySelector('#opponent').value = 'human';
                document.querySelector('#board').dataset.game = '';
                return {ruleset: ruleset?.value ?? null, on: switches.filter((i) => i.checked).map((i) => i.dataset.option),
                        off: switches.filter((i) => i.disabled && !i.checked).map((i) => i.dataset.option),
                        wrong: switches.filter((i) => i.disabled && i.checked).map((i) => i.dataset.option)};""",
                index,
            )
            if chosen is None:
                app.js("document.querySelector('#new-game-dialog').close()")
                break
            assert not chosen["wrong"], f"{where}: {game} {chosen}: a disabled switch on"
            app.tap(app.d.find_element(By.ID, "start"))
            wait_for(
                lambda: app.js("return document.querySelector('#board').dataset.game") == game,
                f"{where}: {game} {chosen}: the library refused what the dialog allowed",
            )
            started += 1
    print(f"  {where}: {started} games started with every switch the dialog allows")


def contrast(first, second):
    """WCAG's contrast ratio of two colours ("#rrggbb" or "rgb(r, g, b)")."""

    def luminance(colour):
        if colour.startswith("#"):
            channels = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
        else:
            channels = [int(float(n)) for n in re.findall(r"[\d.]+", colour)[:3]]
        linear = [c / 255 / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted([luminance(first), luminance(second)], reverse=True)
    return (light + 0.05) / (dark + 0.05)


@functools.lru_cache(maxsize=None)
def race_boards():
    """The games of the site whose board the catalogue lists as a track of cells (the race games),
    in the site's order."""
    library = native_library()
    assert library, "no native libludus for the catalogue: build it or set LUDUS_LIBRARY"
    tracks = {game["id"] for game in native_package(library).games() if game["board"]["kind"] == "track"}
    return [game for game in site_games() if game in tracks]


def check_cell_numerals(app, where):
    """Every race board's cell names (each game of the site whose board the catalogue lists as a
    track: Duodecim, XII Scripta, Ur, Senet) legible on the screen: 12 px or more, at WCAG AA's
    contrast (4.5:1) on their cell, the other side's names (italic) as well; each in its cell's
    corner, clear of where a piece stands or drawn over it (Duodecim's were 10.5 px, the entry
    row's 3.9:1; Senet's squares' numbers 6.35 units, about 9 px on a phone, in muted ink, and
    its pieces, filling their squares, covered larger ones)."""
    boards = race_boards()
    unnamed = [game for game in boards if not check_cell_numerals_of(app, game, where)]
    assert boards and not unnamed, f"{where}: no cell names found on {unnamed}"


def check_cell_numerals_of(app, game, where):
    """check_cell_numerals for one game; False where its board names no cell."""
    app.new_game(game, {}, opponent="human")
    found = app.js(
        """
        const cells = [...document.querySelectorAll('#board rect[data-position0]')];
        const units = [...document.querySelectorAll('#board g.unit')];
        const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
        return [...document.querySelectorAll('#board text.inscription, #board text.other-route, #board text.cell-name')].map((text) => {
          const r = text.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
          const cell = cells.find((c) => { const b = c.getBoundingClientRect(); return x >= b.left && x <= b.right && y >= b.top && y <= b.bottom; });
          const b = cell?.getBoundingClientRect(), m = text.getScreenCTM();
          return {name: text.textContent, kind: text.getAttribute('class'), size: Number(text.getAttribute('font-size')) * Math.hypot(m.a, m.b),
                  fill: getComputedStyle(text).fill, cell: cell?.getAttribute('fill') ?? null,
                  inside: !!b && r.left >= b.left - 1 && r.right <= b.right + 1,
                  corner: !!b && (y - b.top) / b.height,
                  // a piece drawn over the name (Senet's fill their squares)
                  covered: units.some((unit) => meet(unit.getBoundingClientRect(), r) && text.compareDocumentPosition(unit) & Node.DOCUMENT_POSITION_FOLLOWING)};})"""
    )
    if not found:
        return False
    faint = [
        f"{n['name']} ({n['kind']}): {n['size']:.1f} px, {contrast(n['fill'], n['cell']):.1f}:1"
        for n in found
        if n["cell"] and (n["size"] + 0.05 < 12 or contrast(n["fill"], n["cell"]) < 4.5)
    ]
    assert not faint, f"{where}: {game}: cell names hard to read: {faint[:6]}"
    crowded = [n["name"] for n in found if not n["cell"] or not n["inside"] or n["corner"] > 0.3]
    assert not crowded, f"{where}: {game}: cell names out of their cell's corner: {crowded[:6]}"
    covered = [n["name"] for n in found if n["covered"]]
    assert not covered, f"{where}: {game}: cell names under a piece: {covered[:6]}"
    return True


def check_lesson_titles(app, where):
    """Every game's lesson title beside its dice in two lines at most (the German Royal Game of
    Ur's took three beside its four dice on a phone, Senet's two for a short title)."""
    tall = []
    for game in site_games():
        open_lesson_from(app, "new", game)
        title = wait_for(
            lambda: app.js(
                """const h = document.querySelector('#lesson-title');
                   return h.textContent && [h.textContent, h.getBoundingClientRect().height / parseFloat(getComputedStyle(h).lineHeight)]"""
            ),
            f"{where}: the {game} lesson's title",
            5,
        )
        if title[1] > 2.05:
            tall.append(f"{title[0]!r} in {title[1]:.1f} lines")
        app.button("#lesson-back")
    assert not tall, f"{where}: lesson titles too tall: {tall}"


def check_undo_to_the_computers_start(app, where):
    """Undo before the person has played, in a game the computer started (Ur's Blitz: its rosette's
    throw again), takes the game back to its start and the computer plays its turn again; the game
    stood still there ("the computer throws…"), the computer's turn never scheduled. Undo after
    the person's move goes back to the person's turn."""
    app.new_game("ur", {"ruleset": "blitz", "first_player": 1}, opponent="greedy", computer=1)
    persons_turn = lambda: app.visible("#roll") is not None and app.moves_played() > 0
    wait_for(persons_turn, f"{where}: the person's first turn", 30)
    opening = app.moves_played()
    app.button("#undo")
    wait_for(
        lambda: persons_turn() and app.moves_played() == opening,
        f"{where}: the computer's opening played again after Undo (the game stood at {app.moves_played()} actions: {app.status()['text']!r})",
        30,
    )
    while app.moves_played() == opening or not persons_turn():  # the person's turn played, the computer's after it
        if not app.step(typed_dice=False):
            time.sleep(0.05)
    before = app.moves_played()
    app.button("#undo")
    wait_for(
        lambda: app.moves_played() < before
        and app.js("return !document.querySelector('#status').classList.contains('busy')"),
        f"{where}: Undo after the person's move",
        10,
    )
    time.sleep(0.3)
    assert (
        saved_position(app)["to_move"] == 0 and app.moves_played() >= opening
    ), f"{where}: Undo after the person's move: not the person's turn ({app.status()})"


def check_on_a_fresh_page(app, language, size, name, check, failed):
    """check(where) on the page opened afresh in `language` at `size`; its failure noted in
    `failed` and printed, not raised, so that a part lists every defect left."""
    where = f"{language} {size[0]}x{size[1]}"
    app.open(language)
    app.size(*size)
    try:
        check(where)
    except AssertionError as e:
        failed.append(str(e))
        print(f"  FAILED {where}: {name}: {e}")


def visitor_defects(app):
    """Issue 55's defects, each at 360x740 and 768x1024 in the three languages. Each check runs on
    a page opened afresh, and every failing one is reported (an app that has them all lists them all)."""
    failed, counted = [], [0]
    for language in LANGUAGES:
        words = catalogue_of(language)
        checks = [
            ("options named", lambda where: check_option_names(app, words, where)),
            ("switches", lambda where: check_switches_start(app, where)),
        ]
        checks += [
            (
                f"{game}: the computer's cells",
                lambda where, game=game: counted.append(check_computer_names_cells(app, game, words, where)),
            )
            for game in ("duodecim", "xii_scripta", "ur")
        ]
        checks += [
            (
                "one word for the hand",
                lambda where: (app.new_game("ur", {}), check_one_word_for_the_hand(app, words, where)),
            ),
            ("the review upright", lambda where: check_review_upright(app, where)),
        ]
        checks += [
            (f"{game}: the lesson's dice", lambda where, game=game: check_lesson_dice(app, game, where))
            for game in ("duodecim", "xii_scripta")
        ]
        checks.append(("the cells' names", lambda where: check_cell_numerals(app, where)))
        checks.append(("lesson titles", lambda where: check_lesson_titles(app, where)))
        checks.append(("undo to the computer's start", lambda where: check_undo_to_the_computers_start(app, where)))
        for width, height in DEFECT_SIZES:
            for name, check in checks:
                check_on_a_fresh_page(app, language, (width, height), name, check, failed)
            print(f"visitor defects: {language} {width}x{height}: {len(checks)} checks")
    assert not failed, f"{len(failed)} of the visitor's defects remain: {failed}"
    print(f"visitor defects: none left; {sum(counted[1:])} cells of the computer's moves found by their names")


def square_boards():
    """The squared boards the words name squares on (the catalogue's games whose board is a
    "grid"), as the new-game dialog offers them: each game's default board; each other ruleset
    it offers (games.json's rulesets_not_offered left out); with rows and cols options a wide
    board (turned a quarter on a phone), the smallest and one as wide as the options allow
    (zoomed). Returns the boards every language plays (each game's default, the wide ones, every
    other ruleset) and those English alone plays (the rest): each is played, in half the time."""
    library = native_library()
    assert library, "no native libludus for the catalogue: build it or set LUDUS_LIBRARY"
    ludus = native_package(library)
    with open(os.path.join(SITE, "games.json"), encoding="utf-8") as file:
        facts = json.load(file)
    everywhere, english = [], []
    for game in ludus.games():
        if game["board"]["kind"] != "grid":
            continue
        everywhere.append((game["id"], {}))
        options = game["options"]
        if "rows" in options and "cols" in options:
            rows, cols = options["rows"], options["cols"]
            wide = {"rows": max(rows["min"], rows["default"] - 3), "cols": min(cols["max"], cols["default"] + 4)}
            everywhere.append((game["id"], wide))
            english.append((game["id"], {"rows": rows["min"], "cols": cols["min"]}))
            english.append((game["id"], {"rows": min(rows["max"], 12), "cols": cols["max"]}))
        hidden = facts.get(game["id"], {}).get("rulesets_not_offered", [])
        default = options.get("ruleset", {}).get("default")
        others = [r["id"] for r in game["rulesets"] if r["id"] not in hidden and r["id"] != default]
        for i, ruleset in enumerate(others):
            (everywhere if i % 2 else english).append((game["id"], {"ruleset": ruleset}))
    return everywhere, english


# What the board's square names and the computer's turn say, read on screen: each name drawn
# (text.square-name) with the square it sits in, its size in px, its colours and whether it takes
# taps; the squares of the bottom row and of the left column on screen; the squares the computer's
# last turn named, each with its box.
SQUARE_NAME_FACTS = """
const computer = arguments[0];
const boxOf = (e) => { const r = e.getBoundingClientRect(); return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, cx: (r.left + r.right) / 2, cy: (r.top + r.bottom) / 2}; };
const squares = [...document.querySelectorAll('#board rect.square[data-square]')].map((e) => ({name: e.dataset.square, box: boxOf(e), fill: e.getAttribute('fill')}));
const boardFill = document.querySelector('#board rect.board')?.getAttribute('fill');
const within = (b, x, y) => x >= b.left && x <= b.right && y >= b.top && y <= b.bottom;
const bottom = Math.max(...squares.map((q) => q.box.bottom)), left = Math.min(...squares.map((q) => q.box.left));
// a zoomed board's names follow the area's edges (board.js: followEdges): on the lowest row,
// the leftmost column, seen whole
const area = document.querySelector('#board-area'), zoomed = area.hasAttribute('data-zoomed'), seen = area.getBoundingClientRect();
const size = squares.length ? squares[0].box.bottom - squares[0].box.top : 0;
const onBottom = (b) => zoomed ? b.bottom <= seen.bottom + 1 && b.bottom > Math.min(bottom, seen.bottom) - size - 1 : Math.abs(b.bottom - bottom) < 1;
const onLeft = (b) => zoomed ? b.left >= seen.left - 1 && b.left < Math.max(left, seen.left) + size + 1 : Math.abs(b.left - left) < 1;
const labels = [...document.querySelectorAll('#board text.square-name')].map((text) => {
  const box = boxOf(text), m = text.getScreenCTM(), style = getComputedStyle(text);
  const square = squares.find((q) => within(q.box, box.cx, box.cy));
  const background = square && (square.fill && square.fill !== 'none' ? square.fill : boardFill);
  return {text: text.textContent, box, square: square?.name ?? null, px: Number(text.getAttribute('font-size')) * Math.hypot(m.a, m.b),
          fill: style.fill, background, halo: text.getAttribute('stroke'), taps: style.pointerEvents !== 'none',
          inside: !!square && box.left >= square.box.left - 0.5 && box.right <= square.box.right + 0.5 && box.top >= square.box.top - 0.5 && box.bottom <= square.box.bottom + 0.5,
          onBottom: !!square && onBottom(square.box), onLeft: !!square && onLeft(square.box),
          corner: !square ? null : [(box.cx - square.box.left) / (square.box.right - square.box.left), (box.cy - square.box.top) / (square.box.bottom - square.box.top)]};
});
const history = JSON.parse(localStorage.getItem('ludus.current')).state.history;
let first = history.length;
while (first > 0 && history[first - 1].player === computer) first--;
const named = history.slice(first).flatMap((e) => e.text.match(/[a-z]\d+/g) ?? []);
return {labels, squares: squares.map((q) => ({name: q.name, box: q.box})), named,
        narration: document.querySelector('#narration').textContent,
        smallest: Math.min(...squares.map((q) => Math.min(q.box.right - q.box.left, q.box.bottom - q.box.top))),
        zoomed, turned: document.querySelector('#board svg g#content')?.getAttribute('transform') === 'rotate(90)'};
"""


def check_square_labels(facts, label):
    """The square names of SQUARE_NAME_FACTS (check_square_names); returns the squares' boxes by
    name and the names drawn by their text."""
    squares = {q["name"]: q["box"] for q in facts["squares"]}
    files = sorted({name[0] for name in squares})
    ranks = sorted({name[1:] for name in squares}, key=int)
    labels = facts["labels"]
    by_text = {}
    for name in labels:
        by_text.setdefault(name["text"], []).append(name)
    assert sorted(by_text) == sorted(files + ranks) and all(
        len(found) == 1 for found in by_text.values()
    ), f"{label}: the names drawn {sorted(n['text'] for n in labels)}, not each of the files {files} and ranks {ranks} once"
    turned = facts["turned"]
    along_bottom = "rank" if turned else "file"  # the other kind along the left column
    for name in labels:
        kind = "file" if name["text"].isalpha() else "rank"
        square = name["square"]
        assert square and name["inside"], f"{label}: the name {name['text']!r} not inside a square: {name}"
        part = square[0] if kind == "file" else square[1:]
        assert part == name["text"], f"{label}: the name {name['text']!r} drawn in {square}, not of its {kind}"
        x, y = name["corner"]
        where_drawn = "bottom right" if x > 0.5 and y > 0.5 else "top left" if x < 0.5 and y < 0.5 else "elsewhere"
        expected = ("bottom right", "onBottom") if kind == along_bottom else ("top left", "onLeft")
        assert where_drawn == expected[0] and name[expected[1]], (
            f"{label}: the {kind} name {name['text']!r} at the {where_drawn} of {square} ({x:.2f}, {y:.2f}), "
            f"not at the {expected[0]} of a square of the {'bottom row' if expected[1] == 'onBottom' else 'left column'} "
            f"of the {'turned' if turned else 'flat'} board"
        )
        assert 11 - 0.05 <= name["px"] <= 16 + 0.05, f"{label}: the name {name['text']!r} is {name['px']:.1f} px"
        assert (
            contrast(name["fill"], name["background"]) >= 4.5
        ), f"{label}: the name {name['text']!r} at {contrast(name['fill'], name['background']):.2f}:1 on {square}"
        assert (
            name["halo"] == name["background"]
        ), f"{label}: the name {name['text']!r} ringed in {name['halo']}, its square {name['background']}"
        assert not name["taps"], f"{label}: the name {name['text']!r} takes taps"
    return squares, by_text


def check_square_names(app, game, options, where):
    """One squared board's names, as the computer's first turn is told: every file's letter once
    and every rank's number once, each inside a square of its file or rank on the screen's bottom
    row (at its bottom right) or left column (at its top left), the letters on one edge and the
    numbers on the other (the board turned: the other way round); 11 to 16 px, 4.5:1 on their
    square, ringed in its colour, not taking taps; the squares still 44 px or more on a phone
    while the game takes taps. Each square the narration names is said by its name and has its
    file's letter and its rank's number in line with it on screen. A zoomed board's names at the
    edges of the area seen (near its bottom and left), scrolled to the centre and to the far
    corner. Returns the facts."""
    app.new_game(game, options, opponent="greedy", computer=0)
    wait_for(
        lambda: app.js(
            "return !!document.querySelector('#board .movable') && document.querySelector('#narration').textContent"
        ),
        f"{where}: the computer's first turn written out",
        30,
    )
    facts = app.js(SQUARE_NAME_FACTS, 0)
    label = f"{where}: {game} {options}"
    squares, by_text = check_square_labels(facts, label)
    turned = facts["turned"]
    if app.width < 800:
        assert facts["smallest"] >= MIN_TARGET - 0.01, f"{label}: squares of {facts['smallest']:.1f} px on a phone"
    assert facts["named"], f"{label}: the computer's turn named no square ({facts['narration']!r})"
    for name in facts["named"]:
        assert re.search(
            r"(?<![\w])" + re.escape(name) + r"(?![\w])", facts["narration"]
        ), f"{label}: the computer's square {name} not said in {facts['narration']!r}"
        box = squares[name]
        file, rank = by_text[name[0]][0]["box"], by_text[name[1:]][0]["box"]
        # the letter in line with the square across the board's files, the number across its ranks
        in_column = lambda b: box["left"] <= b["cx"] <= box["right"]
        in_row = lambda b: box["top"] <= b["cy"] <= box["bottom"]
        lined = (in_row(file) and in_column(rank)) if turned else (in_column(file) and in_row(rank))
        assert (
            lined
        ), f"{label}: the square {name} said ({facts['narration']!r}) is not where its letter and number show"
    if facts["zoomed"]:
        # scrolled to the far corner, the names along the edges seen
        app.js("const a = document.querySelector('#board-area'); a.scrollTo(a.scrollWidth, 0)")
        app.settled()
        check_square_labels(app.js(SQUARE_NAME_FACTS, 0), f"{label}, scrolled to its top right")
    return facts


def square_names(app):
    """Issue 55: Petteia's and Latrunculi's narration names squares ("da d7 a d5") that the board
    did not label. Each squared board as the dialog offers it, at 360x740 and 768x1024 in the
    three languages: the file letters and rank numbers drawn inside the board's edge squares
    match the names the computer's moves are told by (check_square_names); screenshots of the
    first Petteia and Latrunculi boards."""
    named = 0
    everywhere, english = square_boards()
    for language in LANGUAGES:
        for width, height in DEFECT_SIZES:
            where = f"{language} {width}x{height}"
            app.open(language)
            app.size(width, height)
            boards = everywhere + (english if language == "en" else [])
            shot = set()
            for game, options in boards:
                facts = check_square_names(app, game, options, where)
                named += len(facts["named"])
                if game not in shot or language == "en":
                    shot.add(game)
                    shape = "".join(f"-{value}" for value in options.values())
                    screenshot(app, f"square-names-{game}{shape}-{language}-{width}x{height}", width, height)
            print(f"square names: {where}: {len(boards)} boards, the computer's squares found by their names")
    print(f"square names: {named} squares of the computer's moves found by their letter and number")


# ---- the review as lichess's and the analysis board (issue 55) ------------------------------------

REVIEW_GAMES = {  # a short game of each kind: a race game on the phone, a capture game on the tablet
    (360, 740): ("duodecim", {"pieces": 2, "first_player": 0}),
    (768, 1024): ("petteia", {"rows": 6, "cols": 6, "draw_plies_without_capture": 20}),
}
# A position the library refuses, made from the shown one (the library's JSON of a position).
ILLEGAL_SETUP = {
    "duodecim": lambda position: {**position, "hand": [position["hand"][0] + 20, position["hand"][1]]},
    "petteia": lambda position: {**position, "pieces": [position["pieces"][0] + 5, position["pieces"][1]]},
}


def said_as(message, text):
    """Whether `text` is the catalogue's `message` with its {placeholders} filled in."""
    pattern = "".join(
        ".+?" if re.fullmatch(r"\{\w+\}", part) else re.escape(part) for part in re.split(r"(\{\w+\})", message)
    )
    return re.fullmatch(pattern, text, re.S) is not None


def swipe(app, dx):
    """A finger drawn across the board's middle by dx px (touch events, as a phone sends them)."""
    box = app.js(
        "const r = document.querySelector('#board').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]"
    )
    x, y = box
    points = lambda px: [{"x": px, "y": y, "id": 1}]
    app.d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points(x)})
    for step in range(1, 6):
        app.d.execute_cdp_cmd(
            "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": points(x + dx * step / 5)}
        )
    app.d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def page_in(app, language):
    """The page switched to `language` by the language selector (nothing done if it is in it)."""
    if app.js("return document.documentElement.lang") != language:
        Select(app.d.find_element(By.ID, "language")).select_by_value(language)
        wait_for(lambda: app.js("return document.documentElement.lang") == language, f"the page in {language}")


def analysis_settled(app):
    """The analysis board's evaluation of the position on the board: {text, value, events}, or None while asked."""
    return app.js(
        """const v = document.querySelector('#analysis-value');
           return v.classList.contains('busy') || v.dataset.events === undefined ? null
                  : {text: v.textContent, value: Number(v.dataset.value), events: Number(v.dataset.events), line: document.querySelector('#analysis-line').textContent};"""
    )


def analysis_events(app):
    return app.js("return Number(document.querySelector('#analysis-panel').dataset.events)")


def analysis_move(app, where):
    """One move tried on the analysis board by taps (a roll first where the dice are to be thrown)."""
    before = analysis_events(app)
    if app.visible("#analysis-roll"):
        app.button("#analysis-roll")
        wait_for(lambda: analysis_events(app) == before + 1, f"{where}: the dice thrown")
        before += 1
    movable = lambda: app.d.find_elements(By.CSS_SELECTOR, "#board .movable:not(.mark)")
    wait_for(lambda: movable() or app.visible("#pass"), f"{where}: pieces to move, or Pass", 10)
    if not movable():  # the dice left no move: Pass, among the analysis board's buttons
        app.button("#pass")
        wait_for(lambda: analysis_events(app) > before, f"{where}: the pass played on the analysis board", 5)
        return
    app.tap(rng.choice(movable()))
    if (
        wait_for(
            lambda: analysis_events(app) > before
            or app.d.find_elements(By.CSS_SELECTOR, "#board .target:not(.mark), #choices button"),
            f"{where}: targets",
            5,
        )
        is not True
    ):
        targets = app.d.find_elements(By.CSS_SELECTOR, "#board .target:not(.mark), #choices button")
        app.tap(rng.choice([t for t in targets if t.tag_name != "button"] or targets))
    wait_for(lambda: analysis_events(app) > before, f"{where}: the move played on the analysis board", 5)


def review_and_analysis(app):
    """A whole game reviewed as lichess reviews one, and the analysis board, at 360x740 (Duodecim)
    and 768x1024 (Petteia) in Italian, English and German: every move in the line of the game
    with its label (best, good, inaccuracy, mistake, blunder) in the page's words, each side's
    accuracy, the mistakes marked on the chart, the moves stepped through by a swipe, the buttons
    and the keys; on the phone the board upright with 44 px cells. The analysis board from a move
    of the review: its evaluation and best line, a move tried for each side (the dice thrown and
    chosen in the race game, the best move by the keyboard), the evaluation asked again after
    each, the branch discarded back to the game's position, a position set up by hand refused
    with the library's message when illegal and taken when legal, back to the review at its
    move. axe, targets and no other language on each screen; screenshots of the phone's review
    with its labels and of the tablet's analysis board."""
    d = app.d
    for size, (game, options) in REVIEW_GAMES.items():
        where = f"{game} {size[0]}x{size[1]}"
        app.open("it")
        app.size(*size)
        app.new_game(game, options)
        play_out(app, f"review and analysis, {where}")
        wait_for(lambda: app.visible("#end-panel"), "the end panel", 10)
        history = app.js("return JSON.parse(localStorage.getItem('ludus.current')).state.history")
        steps = [e for e in history if not re.match(r"^roll( \d+)+$", e["text"])]
        count = len(steps)
        app.button("#end-review")
        wait_for(
            lambda: app.js(
                "return !document.querySelector('#review-chart').hidden && !!document.querySelector('#review-line button')"
            ),
            f"{where}: the review's labels",
            90,
        )
        at = lambda: app.js("return document.querySelector('#status').textContent")
        status = lambda language, n: catalogue_of(language)["review.status"].format(number=n, count=count)
        # the board as the game draws it: upright on the phone (the picture as drawn; a square one
        # is drawn in a square row), its places 44 px
        facts = app.js(
            """const [, , w, h] = document.querySelector('#board svg').getAttribute('viewBox').split(' ').map(Number);
               const places = [...document.querySelectorAll('#board rect[data-position0], #board .square[data-square]')].map((c) => c.getBoundingClientRect());
               return {tall: h >= w * 0.95, place: Math.min(...places.map((r) => Math.min(r.width, r.height)))};"""
        )
        assert facts["place"] >= MIN_TARGET - 0.01, f"{where}: the review's board places {facts['place']:.1f} px"
        if size[0] < 800:
            assert facts["tall"], f"{where}: the review's race board lies flat on a phone"
        # step through: a swipe each way, the buttons and the keys
        d.find_element(By.TAG_NAME, "body").send_keys(Keys.HOME)
        wait_for(lambda: at() == status("it", 0), "Home")
        swipe(app, -160)
        wait_for(lambda: at() == status("it", 1), f"{where}: a swipe to the left, the next move")
        swipe(app, -160)
        wait_for(lambda: at() == status("it", 2), f"{where}: another swipe")
        swipe(app, 160)
        wait_for(lambda: at() == status("it", 1), f"{where}: a swipe to the right, the move before")
        swipe(app, 10)  # a touch, not a swipe: nothing moves
        time.sleep(0.2)
        assert at() == status("it", 1), f"{where}: a short touch stepped: {at()}"
        app.button("#review-forward")
        wait_for(lambda: at() == status("it", 2), "the forward button")
        d.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
        wait_for(lambda: at() == status("it", 3), "ArrowRight")
        d.find_element(By.TAG_NAME, "body").send_keys(Keys.END)
        wait_for(lambda: at() == status("it", count), "End")
        # the line with its labels and the accuracy, in each language
        for language in LANGUAGES:
            words = catalogue_of(language)
            page_in(app, language)
            here = f"{where} {language}"
            labels = check_review_labels(app, f"the review, {here}", steps)
            shown = app.js(
                "return [...document.querySelectorAll('#review-line .label')].map((l) => [l.className.split(' ')[1], l.textContent])"
            )
            for label, word in shown:
                assert word == words[f"review.label_{label}"], f"{here}: the label {label} said {word!r}"
            # the worst move's position says what it lost and the strongest level's move
            judged = [step for step, label in labels.items() if label in ("blunder", "mistake", "inaccuracy", "good")]
            worst = max(
                judged, key=lambda step: ["good", "inaccuracy", "mistake", "blunder"].index(labels[step]), default=None
            )
            if worst is not None:
                button = d.find_element(By.CSS_SELECTOR, f"#review-line button[data-step='{worst}']")
                app.js("arguments[0].scrollIntoView({block: 'center'})", button)
                app.tap(button)
                wait_for(lambda: at() == status(language, worst), f"{here}: the worst move's position")
                said = d.find_element(By.ID, "review-move").text
                opening = words[f"review.judged_{labels[worst]}"].split("{lost}")[0]
                better = words["review.better"].split("{move}")[0]
                assert opening in said and better in said, f"{here}: move {worst} ({labels[worst]}) said {said!r}"
                assert (
                    app.js(
                        "return document.querySelector(`#review-line button[data-step='${arguments[0]}']`).getAttribute('aria-current')",
                        worst,
                    )
                    == "step"
                ), f"{here}: the shown move not marked in the line"
            app.check_axe(f"the review, {here}")
            app.check_targets(f"the review, {here}", board_places=False)
            app.check_no_leak(f"the review, {here}")
            print(
                f"review and analysis: {here}: {count} moves, labels {sorted(collections.Counter(v for v in labels.values() if v).items())}"
            )
        page_in(app, "it")
        if size == (360, 740):  # the line of the game around the move shown, with its labels and the accuracy
            app.js(
                "const top = document.querySelector('#review-accuracy').getBoundingClientRect().top + scrollY; window.scrollTo(0, top - 8)"
            )
            screenshot_as_is(app, "web-review-labels-phone-it")
            app.js("window.scrollTo(0, 0)")
        # the analysis board from a move in the middle of the game
        middle = max(1, count // 2)
        button = d.find_element(By.CSS_SELECTOR, f"#review-line button[data-step='{middle}']")
        app.js("arguments[0].scrollIntoView({block: 'center'})", button)
        app.tap(button)
        wait_for(lambda: at() == status("it", middle), "the middle move")
        position_before = app.js("return document.querySelector('#board svg').innerHTML.length")
        app.button("#review-analyse")
        wait_for(
            lambda: app.visible("#analysis-panel") and not app.visible("#review-panel"), f"{where}: the analysis board"
        )
        for language in LANGUAGES:
            words = catalogue_of(language)
            page_in(app, language)
            here = f"the analysis board, {where} {language}"
            start = analysis_events(app)
            settled = wait_for(lambda: analysis_settled(app), f"{here}: the evaluation", 30)
            assert settled["events"] == start, f"{here}: the evaluation is of another position: {settled}"
            origin = d.find_element(By.ID, "analysis-origin").text
            assert origin == words["analysis.from_move"].format(number=middle), f"{here}: {origin!r}"
            # a move tried for the side to move, then for the other: evaluated again after each
            for turn in range(2):
                analysis_move(app, f"{here}, move {turn + 1}")
                moved = analysis_events(app)
                settled = wait_for(
                    lambda: (lambda s: s if s and s["events"] == analysis_events(app) else None)(analysis_settled(app)),
                    f"{here}: the evaluation after move {turn + 1}",
                    30,
                )
                assert moved == settled["events"]
                said = [
                    key
                    for key in (
                        "analysis.over",
                        "analysis.value_chance",
                        "analysis.value_score",
                        "analysis.value_score_over",
                        "analysis.value_score_under",
                        "analysis.value_win_in",
                        "analysis.value_loss_in",
                    )
                    if any(
                        said_as(message, settled["text"])
                        for message in (words[key].values() if isinstance(words[key], dict) else [words[key]])
                    )
                ]
                assert said, f"{here}: the evaluation said {settled['text']!r}"
                assert (
                    said_as(words["analysis.line"], settled["line"])
                    or settled["line"] == words["analysis.line_roll"]
                    or (said == ["analysis.over"] and not settled["line"])
                ), f"{here}: the best line {settled['line']!r}"
                if app.js("return document.querySelector('#status').dataset.phase") == "over":
                    break
            tried = d.find_element(By.ID, "analysis-tried").text
            assert tried.startswith(words["analysis.tried"].split("{")[0]), f"{here}: the branch {tried!r}"
            app.js("window.scrollTo(0, 0)")  # a tap on a button under the board scrolled the page to it
            app.check_axe(here)
            app.check_targets(here)
            app.check_no_leak(here)
            if language == "it":
                screenshot_as_is(app, f"analysis-{size[0]}x{size[1]}")
            if language == "it" and size[0] >= 768:
                screenshot(app, "web-analysis-tablet-it", *size)
            # the branch discarded: the game's position again
            app.button("#analysis-discard")
            wait_for(
                lambda: analysis_events(app) == start
                and d.find_element(By.ID, "analysis-tried").text == words["analysis.tried_none"],
                f"{here}: the branch discarded",
            )
            assert not d.find_element(By.ID, "analysis-discard").is_enabled()
        # the race game's dice chosen, the best move played by the keyboard
        page_in(app, "it")
        if game == "duodecim":
            if app.visible("#analysis-change-dice"):
                app.button("#analysis-change-dice")
            else:
                while not app.visible("#analysis-dice"):
                    analysis_move(app, f"{where}: to a roll")
                app.button("#analysis-dice")
            inputs = wait_for(
                lambda: [e for e in d.find_elements(By.CSS_SELECTOR, "#dice-inputs input") if e.is_displayed()],
                "the dice fields",
                5,
            )
            for field in inputs:
                field.send_keys("6")
            app.tap(d.find_element(By.CSS_SELECTOR, "#dice-form button[value=set]"))
            wait_for(
                lambda: app.js(
                    "return [...document.querySelectorAll('#dice .die')].map((d) => d.getAttribute('title') || d.textContent).join(' ')"
                )
                != "",
                "the dice chosen",
            )
            settled = wait_for(
                lambda: (lambda s: s if s and s["events"] == analysis_events(app) else None)(analysis_settled(app)),
                f"{where}: the evaluation with the dice chosen",
                30,
            )
        before = analysis_events(app)
        if d.find_element(By.ID, "analysis-best").is_enabled():
            d.find_element(By.ID, "analysis-best").send_keys(Keys.ENTER)
            wait_for(lambda: analysis_events(app) == before + 1, f"{where}: the best move played by the keyboard", 5)
        # a position set up by hand: refused with the library's message when illegal, taken when legal
        app.js("document.querySelector('#analysis-setup').open = document.querySelector('#analysis-json').open = true")
        field = d.find_element(By.ID, "analysis-setup-field")
        position = json.loads(field.get_attribute("value"))
        board_before = app.js("return document.querySelector('#board svg').innerHTML")
        app.js(
            "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))",
            field,
            json.dumps(ILLEGAL_SETUP[game](position)),
        )
        app.button("#analysis-setup-apply")
        refusal = wait_for(lambda: app.visible("#analysis-setup-error"), f"{where}: an illegal set-up refused", 5).text
        library = app.js("return document.querySelector('#analysis-setup-error [lang=en]')?.textContent ?? ''")
        assert (
            refusal.startswith(catalogue_of("it")["analysis.setup_refused"]) and library and library in refusal
        ), f"{where}: the refusal {refusal!r}"
        assert (
            app.js("return document.querySelector('#board svg').innerHTML") == board_before
        ), f"{where}: the board changed after a refused set-up"
        app.check_axe(f"{where}: a set-up refused")
        app.check_no_leak(f"{where}: a set-up refused")
        app.js(
            "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))",
            field,
            json.dumps(position),
        )
        app.button("#analysis-setup-apply")
        wait_for(
            lambda: d.find_element(By.ID, "analysis-origin").text == catalogue_of("it")["analysis.from_setup"],
            f"{where}: a legal set-up taken",
        )
        assert not app.visible("#analysis-setup-error")
        wait_for(lambda: analysis_settled(app), f"{where}: the set-up position evaluated", 30)
        # back to the review at its move, the game as it was
        app.button("#analysis-close")
        wait_for(
            lambda: app.visible("#review-panel") and not app.visible("#analysis-panel"), f"{where}: the review again"
        )
        assert at() == status("it", middle), f"{where}: back at {at()}"
        assert (
            app.js("return document.querySelector('#board svg').innerHTML.length") == position_before
        ), f"{where}: the review's position changed"
        saved = app.js("return JSON.parse(localStorage.getItem('ludus.current')).state.history.length")
        assert saved == len(history), f"{where}: the saved game changed ({saved} events, {len(history)} before)"
        app.button("#review-close")
        wait_for(lambda: app.visible("#end-panel"), f"{where}: the end panel again")


# Positions of the capture games set up on the analysis board (the library's ranks: "0" Light's
# men, "1" Dark's, "D" and "d" their duxes, "." empty) and the words their evaluation is said
# in: [key, count of moves] (a win or a loss the search found) or [key, None] (the evaluation).
# Kowalski's Latrunculi: Dark's dux in a corner beside its own man; Light's man on d7 can shut it in (d7-a7)
DUX_IN_THE_CORNER = ["0000000000..", "......D.....", *["............"] * 4, "...0........", "d1......1111"]
CAPTURE_POSITIONS = {
    ("petteia", (("rows", 6), ("cols", 6))): [
        # Light takes Dark's last man but one at once (f2-d2 flanks c2)
        (["......", ".01..0", "......", "...0..", "......", ".....1"], 0, "analysis.value_win_in", 1),
        # ten men against two: far over ten men's worth in the evaluation, no win found yet
        (["000000", "000000", "......", "......", "......", "11...."], 0, "analysis.value_score_over", None),
        # Dark to move loses on Light's next move, whatever it plays
        (["1.....", "0.....", "......", ".0....", "......", "01.0.."], 1, "analysis.value_loss_in", 1),
        # an even position: the evaluation written out
        (["0.....", "......", "..1...", "......", "......", "00..11"], 0, "analysis.value_score", None),
        # Dark's one legal move, then lost two moves later
        (["10....", "0.....", "......", "......", ".0....", ".10..."], 1, "analysis.value_loss_in", 2),
    ],
    ("latrunculi", ()): [
        # Light to move shuts Dark's dux in at once; Dark to move: the evaluation
        (DUX_IN_THE_CORNER, 0, "analysis.value_win_in", 1),
        (DUX_IN_THE_CORNER, 1, "analysis.value_score", None),
    ],
}


def set_up(app, ranks, to_move):
    """The analysis board's position set up by its JSON text: the shown one's, with these ranks,
    the pieces counted from them and `to_move` to move."""
    app.js("document.querySelector('#analysis-setup').open = document.querySelector('#analysis-json').open = true")
    field = app.d.find_element(By.ID, "analysis-setup-field")
    position = json.loads(field.get_attribute("value"))
    count = lambda piece: sum(rank.count(piece) for rank in ranks)
    position.update(ranks=ranks, to_move=to_move)
    for key, pieces in (("pieces", ("0", "1")), ("men", ("0", "1")), ("duxes", ("D", "d"))):
        if key in position:
            position[key] = [count(pieces[0]), count(pieces[1])]
    app.js(
        "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))", field, json.dumps(position)
    )
    app.button("#analysis-setup-apply")
    assert not app.visible(
        "#analysis-setup-error"
    ), f"set-up refused: {app.d.find_element(By.ID, 'analysis-setup-error').text}"
    app.js("document.querySelector('#analysis-setup').open = false")


def capture_values(app):
    """The capture games' evaluation said honestly on the analysis board, in each language: a win
    or a loss the search found in words with its moves ("vince in 1 mossa"), not as hundreds
    of men; else the search's evaluation named as one (it counts mobility too), written out
    within ten men's worth either way and as "over +10" beyond; in Petteia and Latrunculi. The
    review of a move that missed a win says so, not "298 men lost"."""
    d = app.d
    sizes = [(360, 740), (768, 1024), (740, 360)]
    for index, language in enumerate(LANGUAGES):
        words = catalogue_of(language)
        for (game, options), positions in CAPTURE_POSITIONS.items():
            where = f"{game} {language}"
            app.open(language)
            app.size(*sizes[index % len(sizes)])
            app.new_game(game, dict(options), opponent="human")
            open_analysis(app, where)
            for ranks, to_move, key, count in positions:
                set_up(app, ranks, to_move)
                message = words[key]
                if isinstance(message, dict):
                    message = message["one" if count == 1 else "other"].replace("{count}", str(count))

                def said():
                    settled = analysis_settled(app)
                    return settled if settled and said_as(message, settled["text"]) else None

                try:
                    settled = wait_for(said, f"{where}: {key}", 30)
                except AssertionError:
                    raise AssertionError(
                        f"{where}, {'/'.join(ranks)}: {key} ({count}) not said: {analysis_settled(app)}"
                    )
                numbers = [float(n.replace(",", ".")) for n in re.findall(r"\d+(?:[.,]\d+)?", settled["text"])]
                assert all(n <= 10 for n in numbers), f"{where}: figures over ten men's worth said: {settled['text']!r}"
                if key == "analysis.value_score_over":
                    assert settled["value"] > 10 and "10" in settled["text"], f"{where}: {settled}"
            app.check_no_leak(f"the analysis board's evaluation, {where}")
            app.check_targets(f"the analysis board's evaluation, {where}")
            app.button("#analysis-close")
            app.button("#review-close")
            print(f"capture values: {where}: {', '.join(key.split('.')[1] for _, _, key, _ in positions)}")
        # the review of a move that missed Petteia's win: said in words
        (ranks, to_move, _, _) = CAPTURE_POSITIONS[("petteia", (("rows", 6), ("cols", 6)))][0]
        app.new_game("petteia", {"rows": 6, "cols": 6}, opponent="human")
        app.js(
            """const saved = JSON.parse(localStorage.getItem('ludus.current')), [ranks] = arguments;
               const position = {...saved.state.position, ranks, pieces: [3, 2], to_move: 0};
               saved.state = {...saved.state, start: position, position, history: []};
               localStorage.setItem('ludus.current', JSON.stringify(saved));""",
            ranks,
        )
        d.refresh()
        app.wait_ready()
        for square in ("d4", "d5"):  # not f2-d2, the win
            app.tap(wait_for(lambda: app.visible(f"#board .square[data-square='{square}']"), f"the square {square}", 5))
        wait_for(lambda: app.moves_played() == 1, "d4-d5 played")
        app.button("#more")
        app.button("#review-open")
        wait_for(
            lambda: app.visible("#review-line button[data-step='1']"), f"petteia {language}: the review's labels", 60
        )
        said = d.find_element(By.ID, "review-move").text
        assert (
            words["review.lost_win"] in said and words["review.judged_blunder"].split("{lost}")[0] in said
        ), f"petteia {language}: the win missed said {said!r}"
        assert not re.search(r"\d\d", said.split(".", 2)[-1]), f"petteia {language}: a figure in {said!r}"
        app.button("#review-close")
        print(f"capture values: petteia {language}: the review says a win missed: {said!r}")
    app.size(360, 740)


def open_analysis(app, where):
    """The analysis board opened from the review of the game on the board (through **Altro**)."""
    app.button("#more")
    app.button("#review-open")
    wait_for(lambda: app.visible("#review-panel"), f"{where}: the review panel")
    app.button("#review-analyse")
    wait_for(lambda: app.visible("#analysis-panel"), f"{where}: the analysis board")


def board_pieces(app):
    """The pieces on the board: {square: "player0"/"player1" and "dux" where it is one}."""
    return app.js(
        """const out = {};
           for (const p of document.querySelectorAll('#board .piece[data-square]')) out[p.dataset.square] = [...p.classList].filter((c) => c !== 'piece').sort().join(' ');
           return out;"""
    )


def setup_tap(app, piece, square):
    """A piece chosen among the set-up's buttons (data-piece: "0", "1", "D", "d", ".") and a square tapped."""
    app.button(f"#analysis-pieces button[data-piece='{piece}']")
    assert (
        app.js(
            f"return document.querySelector(\"#analysis-pieces button[data-piece='{piece}']\").getAttribute('aria-pressed')"
        )
        == "true"
    )
    app.tap(app.d.find_element(By.CSS_SELECTOR, f"#board .square[data-square='{square}']"))


def analysis_setup(app):
    """The analysis board's position set up by taps, in each language (Petteia on an Italian phone
    and an English tablet, Kowalski's Latrunculi on a German tablet): a piece of each side
    placed, a piece taken off, one placed by the keyboard, a dux moved, the side to move chosen,
    each change checked by the library and evaluated; a change the library refuses (Dark left
    with one man, a dux taken off) refused with its message and the board unchanged; the
    position's text, for experts, the position shown."""
    d = app.d
    runs = [("it", (360, 740), "petteia"), ("en", (768, 1024), "petteia"), ("de", (768, 1024), "latrunculi")]
    for language, size, game in runs:
        words = catalogue_of(language)
        where = f"the set-up by taps, {game} {language} {size[0]}x{size[1]}"
        app.open(language)
        app.size(*size)
        app.new_game(game, {"rows": 6, "cols": 6} if game == "petteia" else {}, opponent="human")
        open_analysis(app, where)
        app.tap(d.find_element(By.CSS_SELECTOR, "#analysis-setup > summary"))
        wait_for(lambda: app.visible("#analysis-pieces button"), f"{where}: the pieces to place")
        offered = app.js(
            "return [...document.querySelectorAll('#analysis-pieces button')].map((b) => [b.dataset.piece, b.textContent])"
        )
        sides = [words["side.0"], words["side.1"]]
        expected = [
            ["0", words["analysis.setup_man"].format(who=sides[0])],
            ["1", words["analysis.setup_man"].format(who=sides[1])],
        ]
        if game == "latrunculi":
            expected += [[dux, words["analysis.setup_dux"].format(who=sides[i])] for i, dux in enumerate("Dd")]
        assert offered == expected + [[".", words["analysis.setup_empty"]]], f"{where}: the pieces offered {offered}"
        status = d.find_element(By.ID, "status").text
        assert status == words["analysis.setup_status"].format(
            piece=expected[0][1]
        ), f"{where}: the status line {status!r}"
        # a man of each side taken off, then one of each placed on empty squares (Kowalski's
        # sides have all their 12 men: one more is refused)
        light, dark, empty = ("a1", "a6", ("c3", "d3")) if game == "petteia" else ("a1", "a8", ("c4", "d4"))
        setup_tap(app, ".", light)
        wait_for(lambda: light not in board_pieces(app), f"{where}: the man on {light} taken off")
        assert d.find_element(By.ID, "analysis-origin").text == words["analysis.from_setup"]
        setup_tap(app, ".", dark)
        wait_for(lambda: dark not in board_pieces(app), f"{where}: the man on {dark} taken off")
        setup_tap(app, "1", empty[0])
        wait_for(lambda: "player1" in board_pieces(app).get(empty[0], ""), f"{where}: Dark's man placed on {empty[0]}")
        setup_tap(app, "0", empty[1])
        wait_for(lambda: "player0" in board_pieces(app).get(empty[1], ""), f"{where}: Light's man placed on {empty[1]}")
        wait_for(lambda: analysis_settled(app), f"{where}: the position set up evaluated", 30)
        field = json.loads(d.find_element(By.ID, "analysis-setup-field").get_attribute("value"))
        assert (
            field["ranks"][0][0] == "." and field["ranks"][int(empty[0][1]) - 1][2] == "1"
        ), f"{where}: the text {field['ranks']}"
        # by the keyboard: the empty square chosen by Enter, the board's cursor moved to a man, Enter
        d.find_element(By.CSS_SELECTOR, "#analysis-pieces button[data-piece='.']").send_keys(Keys.ENTER)
        board = d.find_element(By.ID, "board")
        board.send_keys(Keys.ARROW_RIGHT)
        cursor = lambda: app.js(
            """const c = document.querySelector('#board .mark.cursor')?.getBoundingClientRect(); if (!c) return null;
               const x = c.x + c.width / 2, y = c.y + c.height / 2;
               return [...document.querySelectorAll('#board .square[data-square]')].find((s) => { const r = s.getBoundingClientRect(); return x > r.left && x < r.right && y > r.top && y < r.bottom; })?.dataset.square ?? null;"""
        )
        man = lambda: (
            lambda square: square
            if "man" in board_pieces(app).get(square, "dux") or (game == "petteia" and square in board_pieces(app))
            else None
        )(cursor())
        for step in range(40):  # up and to the right by turns (the board may be drawn turned), to a man
            if man():
                break
            board.send_keys([Keys.ARROW_UP, Keys.ARROW_RIGHT][step % 2])
        square = man()
        assert square, f"{where}: no man under the cursor"
        board.send_keys(Keys.ENTER)
        wait_for(lambda: square not in board_pieces(app), f"{where}: the man on {square} taken off by the keyboard")
        # the side to move
        Select(d.find_element(By.ID, "analysis-to-move")).select_by_value("1")
        wait_for(
            lambda: json.loads(d.find_element(By.ID, "analysis-setup-field").get_attribute("value"))["to_move"] == 1,
            f"{where}: Dark to move",
        )
        if game == "latrunculi":  # Light's one dux moved from g2 to a4
            setup_tap(app, "D", "a4")
            wait_for(
                lambda: "dux" in board_pieces(app).get("a4", "") and "g2" not in board_pieces(app),
                f"{where}: the dux moved",
            )
        app.check_targets(where)
        app.check_axe(where)
        app.check_no_leak(where)
        if language == "it":
            screenshot_as_is(app, "analysis-setup-360x740")
        # a change the library refuses: said with its message, the board as it was
        if game == "petteia":
            set_up(app, ["0.....", "......", "..1...", "......", "......", "00...1"], 0)
            app.tap(d.find_element(By.CSS_SELECTOR, "#analysis-setup > summary"))
            refused = (".", "c3")  # Dark left with one man
        else:
            refused = (".", "f7")  # Dark's dux taken off: in Kowalski's rules it is never captured
        before = app.js("return document.querySelector('#board svg').innerHTML")
        setup_tap(app, *refused)
        error = wait_for(lambda: app.visible("#analysis-setup-error"), f"{where}: the change refused", 5).text
        library = app.js("return document.querySelector('#analysis-setup-error [lang=en]')?.textContent ?? ''")
        assert error.startswith(words["analysis.setup_refused"]) and library and library in error, f"{where}: {error!r}"
        assert app.js("return document.querySelector('#board svg').innerHTML") == before, f"{where}: the board changed"
        app.check_no_leak(f"{where}: refused")
        print(
            f"analysis set-up: {where}: men placed and taken off by taps and the keyboard, the side to move; refused: {library!r}"
        )
        app.button("#analysis-close")
        app.button("#review-close")
    app.size(360, 740)


# A cell on both players' routes with no piece on it: its names for each player (the picture's
# data-position0/1; a unit's data-position is its player's name of its cell), the middle one.
EMPTY_SHARED_CELL = """
    const held = (player, name) => !!document.querySelector(`#board g.unit.player${player}[data-position="${name}"]`);
    const cells = [...document.querySelectorAll('#board rect[data-position0][data-position1]')]
        .filter((c) => c.dataset.position0 && c.dataset.position1 && !held(0, c.dataset.position0) && !held(1, c.dataset.position1));
    const cell = cells[Math.floor(cells.length / 2)];
    return cell ? [cell.dataset.position0, cell.dataset.position1] : null;"""


def race_lift(app, player):
    """A piece of `player` lifted on the race board being set up: from its hand's tray where it
    has one with a piece in it (a ruleset without a hand draws none), else from a cell where it
    stands. The name of the place, for the player."""
    hands = app.d.find_elements(By.CSS_SELECTOR, f"#board g.hand.player{player}")
    if hands and int(hands[0].get_attribute("data-count")) > 0:
        name = hands[0].get_attribute("data-tray-position").split(" ")[0]
        app.tap(hands[0].find_element(By.CSS_SELECTOR, "rect.tray"))  # (the board is drawn again)
        return name
    name = app.js(f"return document.querySelector('#board g.unit.player{player}[data-position]').dataset.position")
    app.tap(app.d.find_element(By.CSS_SELECTOR, f"#board rect[data-position{player}='{name}']"))
    return name


# Each race board's trays: what each label says (its lines), whether it lies inside its tray, and
# what the keyboard's cursor announces on each (the arrows swept over the whole board).
TRAY_FACTS = """
const inside = (label, tray) => { const a = label.getBoundingClientRect(), b = tray.getBoundingClientRect();
  return a.width > 0 && a.left >= b.left - 1 && a.right <= b.right + 1 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1; };
const ctm = document.querySelector('#board svg').getScreenCTM(), scale = Math.hypot(ctm.a, ctm.b);
const trays = [...document.querySelectorAll('#board g[data-tray-position]')].filter((g) => g.querySelector('rect.tray')).map((g) => ({
  kind: g.classList.contains('hand') ? 'hand' : 'off', player: g.classList.contains('player1') ? 1 : 0, count: Number(g.dataset.count),
  lines: [...g.querySelectorAll('.tray-label text')].map((t) => t.textContent),
  inside: [...g.querySelectorAll('.tray-label text')].every((t) => inside(t, g.querySelector('rect.tray'))),
  // the type's size on screen: the picture's font size by its scale (its text stands upright)
  size: Number(g.querySelector('.tray-label')?.getAttribute('font-size')) * scale}));
const board = document.querySelector('#board'), live = document.querySelector('#announce'), heard = new Set();
board.focus({preventScroll: true, focusVisible: true});  // the cursor drawn (play.js: showCursor)
// the arrows that bring the cursor to each tray, the way a person would press them: towards it
// along the longer way first, else the other; at a place the cursor came back to, the next way in
// turn (the Royal Game of Ur's upright board: Down from its first row's cell 1 goes to the
// bridge's 9, Left from there back to 1)
const centre = (e) => { const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
const cursor = () => [...document.querySelectorAll('#board .cursor')].find((e) => !e.classList.contains('mark'));
const press = (key) => { board.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true, cancelable: true})); heard.add(live.textContent); };
const opposite = {ArrowLeft: 'ArrowRight', ArrowRight: 'ArrowLeft', ArrowUp: 'ArrowDown', ArrowDown: 'ArrowUp'};
press('ArrowLeft');
for (const target of document.querySelectorAll('#board g[data-tray-position] rect.tray')) {
  const visits = new Map();
  for (let step = 0; step < 80 && cursor() && cursor() !== target; step += 1) {
    const [x, y] = centre(cursor()), [tx, ty] = centre(target), was = cursor(), turn = visits.get(was) ?? 0;
    visits.set(was, turn + 1);
    const across = tx > x ? 'ArrowRight' : 'ArrowLeft', down = ty > y ? 'ArrowDown' : 'ArrowUp';
    const [first, second] = Math.abs(tx - x) > Math.abs(ty - y) ? [across, down] : [down, across];
    const keys = [first, second, opposite[second], opposite[first]];
    for (const key of [...keys.slice(turn % 4), ...keys.slice(0, turn % 4)]) { press(key); if (cursor() !== was) break; }
    if (cursor() === was) break;
  }
}
board.blur();
return {trays, heard: [...heard], cells: [...document.querySelectorAll('#board rect[data-cell]')].map((c) => c.dataset.cell).filter((name) => /[a-z]/.test(name))};"""


def tray_owners(app):
    """Whose each tray of a race board is (every race board of the site, found by its trays): its
    label says the side's name over the tray's words (pieces to enter, borne off) in the page's
    language, inside the tray, in type of 9 px at least, upright on a phone (360x740) and flat on a
    landscape tablet (1024x768); the keyboard's cursor on each tray says whose it is, what it holds
    and how many pieces (the board's picture is hidden from screen readers), and on a cell the
    name the board shows, never the library's own ("top 1")."""
    checked = []
    for language in LANGUAGES:
        words = catalogue_of(language)
        app.open(language)
        for game in site_games():
            app.size(360, 740)
            app.new_game(game, {}, opponent="human")
            if not app.js("return !!document.querySelector('#board rect.tray')"):
                continue
            for width, height in ((360, 740), (1024, 768)):
                app.size(width, height)
                where = f"the trays of {game} in {language} at {width}x{height}"
                facts = app.js(TRAY_FACTS)
                players = {tray["player"] for tray in facts["trays"]}
                assert players == {0, 1}, f"{where}: trays of {players}"
                for tray in facts["trays"]:
                    side, what = (
                        words[f"side.{tray['player']}"],
                        words[f"board.{'to_enter' if tray['kind'] == 'hand' else 'borne_off'}"],
                    )
                    assert (
                        tray["lines"] and tray["lines"][0] == side and " ".join(tray["lines"][1:]) == what
                    ), f"{where}: {tray}"
                    assert tray["inside"] and tray["size"] >= 9, f"{where}: the label out of its tray or small: {tray}"
                    said = words["board.tray_said"]["one" if tray["count"] == 1 else "other"]
                    said = said.replace("{side}", side).replace("{tray}", what).replace("{count}", str(tray["count"]))
                    assert said in facts["heard"], f"{where}: the cursor never said {said!r}: {facts['heard']}"
                internal = sorted(set(facts["cells"]) & set(facts["heard"]))
                assert not internal, f"{where}: the cursor says the library's names of cells: {internal}"
            checked.append(f"{game} {language}")
    assert checked, "no race board with trays"
    print(f"tray owners: each tray's side and words on the board and said on the keyboard: {', '.join(checked)}")


# A placing phase's trays of pieces in hand (a squared board's: the library's count and pieces
# from the tray's start): each label's lines, the boxes on screen of its lines, of the tray and
# of what the library drew in it, and the label's type size on screen.
PLACING_TRAY_FACTS = """
const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
const ctm = document.querySelector('#board svg').getScreenCTM(), scale = Math.hypot(ctm.a, ctm.b);
return [...document.querySelectorAll('#board g.hand')].filter((g) => g.querySelector('text.count')).map((g) => ({
  player: g.classList.contains('player1') ? 1 : 0,
  lines: [...g.querySelectorAll('.tray-label text')].map((t) => t.textContent),
  label: [...g.querySelectorAll('.tray-label text')].map(box),
  tray: box(g.querySelector('rect.tray')),
  drawn: [...g.querySelectorAll('.in-hand, text.count')].map(box),
  size: Number(g.querySelector('.tray-label')?.getAttribute('font-size')) * scale}));"""


def placing_trays(app):
    """The trays of the pieces still to place (every ruleset of the new-game dialog whose game
    starts by placing: Latrunculi's Bell's and Schädler's, found by the page, not listed; with the
    most pieces the library takes too): each labelled with its side's name over the tray's words
    in the page's language, inside its tray, clear of the library's count and pieces (the race
    boards' labels, laid over the start of these trays, covered both), in type of 9 px at least,
    at 360x740, 740x360 and 768x1024 in each language, before and after a piece is placed; no
    English of the library's on the Italian and German pages (its trays say "17 in hand" unless
    asked for no words: the foreign words' check must find that)."""
    library = native_library()
    assert library, "no native libludus for the catalogue: build it or set LUDUS_LIBRARY"
    ludus = native_package(library)
    catalogue = {entry["id"]: entry for entry in ludus.games()}
    checked, proved, shot = [], set(), set()
    for language in LANGUAGES:
        words = catalogue_of(language)
        app.open(language)
        app.size(360, 740)
        for game, rulesets in rulesets_offered(app).items():
            pieces = catalogue[game]["options"].get("pieces")
            for ruleset in rulesets:
                boards = [{"ruleset": ruleset} if ruleset else {}]
                if pieces and pieces.get("max"):
                    try:
                        ludus.Game(game, dict(boards[0], pieces=pieces["max"])).close()
                        boards.append(dict(boards[0], pieces=pieces["max"]))
                    except ludus.LudusError:
                        pass  # the ruleset's own number only
                for options in boards:
                    app.size(360, 740)
                    app.new_game(game, options, opponent="human")
                    # (the game before was the same game: its board is drawn again once saved)
                    wait_for(
                        lambda: all(
                            app.js("return JSON.parse(localStorage.getItem('ludus.current')).settings.options")[k] == v
                            for k, v in options.items()
                        )
                        and app.moves_played() == 0,
                        f"{game} {options}: the new game",
                    )
                    if app.js("return document.querySelector('#in-hand').hidden"):
                        break  # no placing in this ruleset
                    name = f"{game} {options} {language}"
                    if language != "en" and language not in proved:
                        with ludus.Game(game, options) as picture:
                            english = picture.svg()
                        leaks = [phrase for phrase, pattern in FOREIGN[language] if pattern.search(english)]
                        assert "in hand" in leaks, f"{name}: the foreign words miss the library's tray: {leaks}"
                        proved.add(language)
                    for placed in (0, 1):
                        for width, height in ((360, 740), (740, 360), (768, 1024)):
                            app.size(width, height)
                            where = f"the trays of {name} at {width}x{height}, {placed} placed"
                            check_placing_trays(app, words, where)
                            app.check_no_leak(where)
                            if placed == 0 and (language not in shot or "pieces" in options):
                                # (the first placing board of the language and the fullest trays)
                                app.js("document.querySelector('#board g.hand').scrollIntoView({block: 'nearest'})")
                                board = "-".join(str(value) for value in options.values())
                                screenshot_as_is(app, f"web-placing-{board}-{language}-{width}x{height}")
                        shot.add(language)
                        if placed == 0:
                            app.size(768, 1024)
                            before = app.moves_played()
                            while app.moves_played() == before:
                                assert app.step(typed_dice=False), f"{name}: no piece to place"
                    checked.append(name)
    assert checked, "no game placing its pieces"
    print(f"placing trays: labelled clear of the pieces at 360x740, 740x360, 768x1024: {'; '.join(checked)}")


def boxes_meet(a, b):
    """Whether two boxes on screen ([left, top, right, bottom]) overlap by more than half a pixel."""
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def box_within(a, b):
    """Whether box `a` lies inside box `b` (a pixel's leeway)."""
    return a[0] >= b[0] - 1 and a[1] >= b[1] - 1 and a[2] <= b[2] + 1 and a[3] <= b[3] + 1


def check_placing_trays(app, words, where):
    trays = app.js(PLACING_TRAY_FACTS)
    assert sorted(tray["player"] for tray in trays) == [0, 1], f"{where}: trays {trays}"
    for tray in trays:
        side = words[f"side.{tray['player']}"]
        assert (
            tray["lines"] and tray["lines"][0] == side and " ".join(tray["lines"][1:]) == words["board.to_enter"]
        ), f"{where}: the label says {tray['lines']}"
        inside = all(box_within(line, tray["tray"]) for line in tray["label"])
        assert inside and tray["size"] >= 9, f"{where}: the label out of its tray or small: {tray}"
        covered = [b for a in tray["label"] for b in tray["drawn"] if boxes_meet(a, b)]
        assert (
            not covered
        ), f"{where}: player {tray['player']}'s label {tray['lines']} lies over the count or pieces at {covered[:3]}"


# A race board's trays on screen: the box of its cells, and of each tray its frame, its label's
# lines and its discs.
RACE_TRAY_FACTS = """
const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
const cells = [...document.querySelectorAll('#board rect[data-cell]')].map(box);
return {cells: [Math.min(...cells.map((c) => c[0])), Math.min(...cells.map((c) => c[1])), Math.max(...cells.map((c) => c[2])), Math.max(...cells.map((c) => c[3]))],
  picture: box(document.querySelector('#board svg')),
  trays: [...document.querySelectorAll('#board g[data-tray-position]')].filter((g) => g.querySelector('rect.tray')).map((g) => ({
    name: g.getAttribute('class'), frame: box(g.querySelector('rect.tray')),
    label: [...g.querySelectorAll('.tray-label text')].map(box), discs: [...g.querySelectorAll('circle.disc')].map(box)}))};"""


def race_trays(app):
    """Every race board's trays (every ruleset of every game of the new-game dialog whose board
    has trays, found by the page) within its board's ends along the board, inside the picture,
    their discs inside them and clear of their labels, at 360x740, 740x360 and 768x1024 in each
    language, with every piece in hand. The Royal Game of Ur's trays lay along the race layout's
    twelve columns, two cells past each end of its eight (on a phone on its side, past the
    board's ends and its smaller cells)."""
    checked = []
    for language in LANGUAGES:
        app.open(language)
        app.size(360, 740)
        for game, rulesets in rulesets_offered(app).items():
            for ruleset in rulesets:
                options = {"ruleset": ruleset} if ruleset else {}
                app.size(360, 740)
                app.new_game(game, options, opponent="human")
                wait_for(
                    lambda: app.js("return JSON.parse(localStorage.getItem('ludus.current')).settings.options").get(
                        "ruleset"
                    )
                    == ruleset
                    and app.moves_played() == 0,
                    f"{game} {options}: the new game",
                )
                if not app.js("return !!document.querySelector('#board g[data-tray-position] rect.tray')"):
                    break  # a board of squares
                for width, height in ((360, 740), (740, 360), (768, 1024)):
                    app.size(width, height)
                    where = f"{game} {ruleset or ''} in {language} at {width}x{height}"
                    facts = app.js(RACE_TRAY_FACTS)
                    cells = facts["cells"]
                    along = 0 if cells[2] - cells[0] > cells[3] - cells[1] else 1  # the board's length on screen
                    for tray in facts["trays"]:
                        frame = tray["frame"]
                        assert (
                            frame[along] >= cells[along] - 1 and frame[along + 2] <= cells[along + 2] + 1
                        ), f"{where}: the tray {tray['name']} {frame} runs past the board's ends {cells}"
                        assert box_within(
                            frame, facts["picture"]
                        ), f"{where}: the tray {tray['name']} out of the picture"
                        assert all(
                            box_within(disc, frame) for disc in tray["discs"]
                        ), f"{where}: a disc out of {tray['name']}"
                        covered = [disc for disc in tray["discs"] for line in tray["label"] if boxes_meet(line, disc)]
                        assert not covered, f"{where}: the label of {tray['name']} over its discs {covered[:3]}"
                    if ruleset == rulesets[0] and game == "ur":
                        screenshot_as_is(app, f"web-ur-trays-{language}-{width}x{height}")
                checked.append(f"{game} {ruleset or ''} {language}".replace("  ", " "))
    assert checked, "no race board with trays"
    print(f"race trays: within the board's ends at 360x740, 740x360, 768x1024: {', '.join(checked)}")


def race_setup(app):
    """The analysis board's position of each race game set up by taps (every game of the catalogue
    whose board is a race board, found on the board, not listed; each in a language and at a size
    in turn, phone, tablet and phone on its side): the pieces' buttons of the grids not offered,
    the race's words instead; a piece lifted (from its hand, else from a cell) and put on an empty
    cell both routes share, the position taken by the library and evaluated, the turn before
    the throw; a piece of the other side put on the same cell refused with the library's message
    in the page's sentence, the board unchanged; the side to move chosen; 0 serious axe
    violations, 44 px targets, no other language's words."""
    d = app.d
    runs = [("it", (360, 740)), ("en", (768, 1024)), ("de", (740, 360))]
    done = []
    for game in site_games():
        language, size = runs[len(done) % len(runs)]
        app.open(language)
        app.size(*size)
        app.new_game(game, {}, opponent="human")
        if not app.js("return !!document.querySelector('#board rect[data-position0]')"):
            continue  # a board of squares: analysis_setup
        done.append(game)
        words = catalogue_of(language)
        sides = [words["side.0"], words["side.1"]]
        where = f"the race set-up by taps, {game} {language} {size[0]}x{size[1]}"
        open_analysis(app, where)
        app.button("#analysis-roll")  # a turn under way: its dice and moves, set aside by the set-up
        wait_for(lambda: app.js("return document.querySelector('#status').dataset.phase") == "move", f"{where}: thrown")
        app.tap(d.find_element(By.CSS_SELECTOR, "#analysis-setup > summary"))
        help_text = wait_for(lambda: app.visible("#analysis-setup-help"), f"{where}: the set-up's help", 5).text
        assert not app.js("return document.querySelector('#board .mark.movable')"), f"{where}: moves marked"
        assert help_text in (
            words["analysis.setup_help_race"],
            words["analysis.setup_help_race.sticks"],
        ), f"{where}: the help {help_text!r}"
        assert not app.visible("#analysis-pieces button"), f"{where}: the grid's pieces offered on a race board"
        # (the status line's words: a phone on its side hides the line in the panel's favour)
        status = lambda: app.js("return document.querySelector('#status').textContent")
        assert status() == words["analysis.setup_status_race"], f"{where}: the status {status()!r}"
        assert not app.visible("#analysis-json[open] #analysis-setup-field"), f"{where}: the text opened, not the taps"
        target = app.js(EMPTY_SHARED_CELL)
        assert target, f"{where}: no empty cell on both routes"
        cell = lambda: d.find_element(By.CSS_SELECTOR, f"#board rect[data-position0='{target[0]}']")
        units = lambda player: app.js(
            f"return [...document.querySelectorAll('#board g.unit.player{player}[data-position=\"{target[player]}\"]')].length"
        )
        player = json.loads(d.find_element(By.ID, "analysis-setup-field").get_attribute("value"))["to_move"]
        # a piece of the player to move lifted and put on the empty cell: taken and evaluated
        race_lift(app, player)
        lifted = status()
        assert said_as(words["analysis.setup_race_lifted"], lifted) and sides[player] in lifted, f"{where}: {lifted!r}"
        assert app.js("return !!document.querySelector('#board .mark.chosen')"), f"{where}: the lifted piece not marked"
        app.tap(cell())
        wait_for(lambda: units(player) == 1, f"{where}: the piece put on {target[player]}", 5)
        assert d.find_element(By.ID, "analysis-origin").text == words["analysis.from_setup"], f"{where}: the origin"
        assert not app.visible(
            "#analysis-setup-error"
        ), f"{where}: {d.find_element(By.ID, 'analysis-setup-error').text}"
        settled = wait_for(lambda: analysis_settled(app), f"{where}: the position set up evaluated", 30)
        assert said_as(words["analysis.value_chance"], settled["text"]) or said_as(
            words["analysis.value_chance_exact"], settled["text"]
        ), f"{where}: the evaluation {settled['text']!r}"
        assert app.visible("#analysis-roll"), f"{where}: the turn set up does not start with the throw"
        # the other side's piece on the same cell: refused, said with the library's message
        before = app.js("return document.querySelector('#board svg').innerHTML")
        race_lift(app, 1 - player)
        app.tap(cell())
        error = wait_for(lambda: app.visible("#analysis-setup-error"), f"{where}: two sides on a cell refused", 5).text
        library = app.js("return document.querySelector('#analysis-setup-error [lang=en]')?.textContent ?? ''")
        assert error.startswith(words["analysis.setup_refused"]) and library and library in error, f"{where}: {error!r}"
        assert app.js("return document.querySelector('#board svg').innerHTML") == before, f"{where}: the board changed"
        assert units(1 - player) == 0 and units(player) == 1
        # the side to move
        Select(d.find_element(By.ID, "analysis-to-move")).select_by_value(str(1 - player))
        wait_for(
            lambda: json.loads(d.find_element(By.ID, "analysis-setup-field").get_attribute("value"))["to_move"]
            == 1 - player,
            f"{where}: the other side to move",
        )
        settled = wait_for(
            lambda: (lambda s: s if s and sides[1 - player] in s["text"] else None)(analysis_settled(app)),
            f"{where}: the evaluation for the other side",
            30,
        )
        app.js("window.scrollTo(0, 0)")
        app.check_targets(where)
        app.check_axe(where)
        app.check_no_leak(where)
        if language == "it":
            screenshot_as_is(app, f"analysis-race-setup-{game}-{size[0]}x{size[1]}")
        print(f"race set-up: {where}: a piece put on {target[player]}, taken and evaluated; refused: {library!r}")
        app.button("#analysis-close")
        app.button("#review-close")
    assert len(done) >= 2, f"race set-up: race boards found only in {done}"
    app.size(360, 740)


def setup_first_screen(app):
    """The analysis board's set-up by taps on a phone (360x740), in each language, for every game
    whose board is a grid of squares (the ones with pieces to place; found on the board): the
    board and every piece to place, with the side to move, on the first screen without
    scrolling, the pieces under the board and not over it (they were below the fold, the board
    between empty bands); 44 px targets, axe."""
    d = app.d
    checked = []
    for language in LANGUAGES:
        app.open(language)
        app.size(360, 740)
        for game in site_games():
            app.new_game(game, {}, opponent="human")
            if not app.js("return !!document.querySelector('#board .square[data-square]')"):
                continue  # a race board: its trays and cells are what a tap moves (race_setup)
            where = f"the set-up's pieces on a phone, {game} {language}"
            open_analysis(app, where)
            app.tap(d.find_element(By.CSS_SELECTOR, "#analysis-setup > summary"))
            wait_for(lambda: app.visible("#analysis-pieces button"), f"{where}: the pieces to place")
            time.sleep(0.3)  # the board drawn again in its area
            shown = app.js(
                """const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom].map(Math.round); };
                   const area = document.querySelector('#board-area').getBoundingClientRect(), svg = document.querySelector('#board svg').getBoundingClientRect();
                   return {scrolled: document.scrollingElement.scrollTop, height: innerHeight,
                           board: [Math.max(area.left, svg.left), Math.max(area.top, svg.top), Math.min(area.right, svg.right), Math.min(area.bottom, svg.bottom)].map(Math.round),
                           palette: [...document.querySelectorAll('#analysis-pieces button, #analysis-to-move')].map(box)};"""
            )
            board, palette = shown["board"], shown["palette"]
            assert shown["scrolled"] == 0, f"{where}: the page scrolled: {shown}"
            assert (
                board[1] >= 0 and board[3] <= shown["height"] and board[3] - board[1] > 200
            ), f"{where}: the board {shown}"
            off = [b for b in palette if b[1] < board[3] - 1 or b[3] > shown["height"]]
            assert not off, f"{where}: pieces to place off the first screen or over the board: {off} (board {board})"
            app.check_targets(where)
            app.check_axe(where)
            if language == "it":
                screenshot_as_is(app, f"analysis-setup-first-screen-{game}-360x740")
            checked.append(f"{game} {language}")
            app.button("#analysis-close")
            app.button("#review-close")
    assert checked, "no game with pieces to place"
    print(f"set-up on a phone: the board and the pieces to place on the first screen: {', '.join(checked)}")


def landscape_titles(app):
    """On a phone on its side (740x360), beside the board, every game's full name in the title bar
    in each language (every game of the site, none listed here): the catalogue's name, nothing
    cut off (no ellipsis, no line clipped), in type of 12 px at least, on screen."""
    for language in LANGUAGES:
        words = catalogue_of(language)
        app.open(language)
        for game in site_games():
            app.new_game(game, {}, opponent="human")
            app.size(740, 360)
            shown = wait_for(
                lambda: app.js(
                    """const t = document.querySelector('#title'), r = t.getBoundingClientRect(), s = getComputedStyle(t);
                       return document.querySelector('#app').dataset.layout === 'side' && {text: t.textContent, cut: t.scrollWidth > t.clientWidth + 1 || t.scrollHeight > t.clientHeight + 1,
                               ellipsis: s.textOverflow === 'ellipsis' && s.whiteSpace === 'nowrap', size: parseFloat(s.fontSize), box: [r.left, r.top, r.right, r.bottom].map(Math.round)};"""
                ),
                f"{game} {language}: the side layout at 740x360",
                5,
            )
            where = f"the title of {game} in {language} at 740x360"
            assert shown["text"] == words[f"game.{game}"], f"{where}: {shown['text']!r}"
            assert not shown["cut"] and not shown["ellipsis"], f"{where}: cut off: {shown}"
            assert shown["size"] >= 12, f"{where}: type of {shown['size']} px"
            box = shown["box"]
            assert box[0] >= 0 and box[1] >= 0 and box[2] <= 740 and box[3] <= 360, f"{where}: off screen {box}"
            app.size(360, 740)
        print(f"landscape titles: {language}: every game's full name at 740x360")


# How the board fills its area: the rows left empty above and below it (the area's height less the
# board's drawn height), the band above it alone, and how much of the area's width or height it
# takes (1: all of one of them).
BOARD_FIT = """
const area = document.querySelector('#board-area').getBoundingClientRect(), svg = document.querySelector('#board svg');
const [, , w, h] = svg.getAttribute('viewBox').split(' ').map(Number), box = svg.getBoundingClientRect();
const scale = Math.min(box.width / w, box.height / h), top = box.top + (box.height - scale * h) / 2;
return {band: Math.round(area.height - scale * h), above: Math.round(top - area.top),
        fill: Math.max(scale * w / area.width, scale * h / area.height)};"""


def review_first_screen(app):
    """The review on a phone (360x740), in each language, of every game of the site: the board's
    row no taller than the board drawn in it (a square board stood between empty bands of 100 px
    and more), the move in words whole on the first screen under it. The analysis board on a
    tablet (768x1024 in each language, 1024x768 in English): the board's row as tight (a flat race
    board stood between empty bands of 100 px and more, under the status line), the board as large
    as its area allows (XII Scripta on a landscape tablet was zoomed for the review's low area,
    small in a corner of its own)."""
    checked = []
    for language in LANGUAGES:
        app.open(language)
        tablets = [(768, 1024)] + [(1024, 768)] * (language == "en")
        for game in site_games():
            app.size(360, 740)
            where = f"the review of {game} on a phone in {language}"
            app.new_game(game, {}, opponent="human")
            app.button("#more")
            app.button("#review-open")
            wait_for(lambda: app.visible("#review-panel"), f"{where}: the review panel")
            time.sleep(0.3)  # the board drawn again in the review's area
            shown = app.js(BOARD_FIT)
            shown.update(
                app.js(
                    """const move = document.querySelector('#review-move').getBoundingClientRect();
                       return {move: Math.round(move.bottom), height: innerHeight, scrolled: document.scrollingElement.scrollTop};"""
                )
            )
            assert shown["band"] <= 24, f"{where}: {shown['band']} px of the board's row left empty: {shown}"
            assert shown["scrolled"] == 0 and shown["move"] <= shown["height"], f"{where}: the move's words: {shown}"
            app.button("#review-close")
            for width, height in tablets:  # the review opened at the tablet's size, as a visitor does
                where = f"the analysis board of {game} at {width}x{height} in {language}"
                app.size(width, height)
                open_analysis(app, where)
                time.sleep(0.3)  # the board drawn again in the analysis board's area
                shown = app.js(BOARD_FIT)
                # (beside the column, the side layout, the board stands in the middle of the screen's height)
                assert app.js("return document.querySelector('#app').dataset.layout") == "side" or (
                    shown["band"] <= 24 and shown["above"] <= 12
                ), f"{where}: {shown['band']} px of the board's row left empty, {shown['above']} above it: {shown}"
                assert shown["fill"] > 0.98, f"{where}: the board smaller than its area: {shown}"
                app.button("#analysis-close")
                app.button("#review-close")
            checked.append(f"{game} {language}")
    app.size(360, 740)
    print(
        "review on a phone: the board's row fits the board, the move in words on the first screen; the analysis "
        f"board's on a tablet likewise, the board as large as its area: {', '.join(checked)}"
    )


def analysis_pass(app):
    """A throw of 0 chosen on the analysis board of the Royal Game of Ur, in each language: Pass
    among the board's buttons (the game's own row is hidden there), and played by a tap."""
    for language in LANGUAGES:
        where = f"the analysis board's Pass, ur {language}"
        app.open(language)
        app.new_game("ur", {}, opponent="human")
        open_analysis(app, where)
        before = analysis_events(app)
        app.button("#analysis-dice")
        fields = wait_for(
            lambda: [e for e in app.d.find_elements(By.CSS_SELECTOR, "#dice-inputs input") if e.is_displayed()],
            f"{where}: the dice fields",
            5,
        )
        for field in fields:
            field.send_keys("0")
        app.tap(app.d.find_element(By.CSS_SELECTOR, "#dice-form button[value=set]"))
        button = wait_for(lambda: app.visible("#analysis-panel #pass"), f"{where}: Pass after a throw of 0", 5)
        assert button.text == catalogue_of(language)["action.pass"], f"{where}: {button.text!r}"
        app.js("window.scrollTo(0, 0)")  # a tap on a button under the board scrolled the page to it
        app.check_targets(where)
        app.tap(button)
        wait_for(lambda: analysis_events(app) == before + 2, f"{where}: the throw and the pass played")
        app.button("#analysis-close")
        app.button("#review-close")
        wait_for(lambda: app.visible("#actions"), f"{where}: the game again")
        assert app.js("return document.querySelector('#choices').parentElement.id") == "actions"
    print(f"analysis board: Pass after a throw of 0 among its buttons, in {', '.join(LANGUAGES)}")


def screenshot_as_is(app, name):
    """The screen as it is scrolled (screenshot() sets the size again, which scrolls to the top)."""
    time.sleep(0.4)
    os.makedirs(SHOTS, exist_ok=True)
    path = os.path.join(SHOTS, f"{name}.png")
    app.d.save_screenshot(path)
    print(f"  screenshot {path}")


def engine_load_error(app):
    """The engine's module fails to load (a broken ludus.wasm): the page says so in its words with
    a "Riprova" button, not "loading" for ever; once the file is right again the button starts the
    app. A download that stalls is said too, and the page starts when it arrives."""
    d = app.d
    italian = catalogue_of("it")
    SpecialSite.broken_wasm = True
    try:
        d.get(special_site(app) + "?pace=30&lang=it")
        error = wait_for(lambda: app.visible("#load-error"), "the engine's load error", 30)
        assert (
            italian["load.failed"] in error.text and d.find_element(By.ID, "retry").text == italian["load.retry"]
        ), f"load error: {error.text!r}"
        assert not app.js("return document.querySelector('#board .loading').textContent"), "load error: still 'loading'"
        size = app.js("const r = document.querySelector('#retry').getBoundingClientRect(); return [r.width, r.height]")
        assert min(size) >= MIN_TARGET, f"load error: the retry button is {size}"
        app.check_axe("the engine's load error")
        app.check_no_leak("the engine's load error")
    finally:
        SpecialSite.broken_wasm = False
    app.tap(d.find_element(By.ID, "retry"))
    app.wait_ready()
    assert not app.visible("#load-error")
    # The broken module's own errors in the console are expected; nothing else.
    errors = [e["message"] for e in d.get_log("browser") if e["level"] == "SEVERE"]
    unexpected = [
        m
        for m in errors
        if not re.search(r"wasm|WebAssembly|ludus|CompileError|magic", m, re.I)
        and not re.search(EXPECTED_CONSOLE_ERRORS, m)
    ]
    assert not unexpected, f"load error: console errors {unexpected}"
    print(
        f"engine load error: said in Italian with 'Riprova'; the retry started the app ({len(errors)} expected console errors)"
    )
    # A download that stalls: said after the time given (?slow=), with the button; the page
    # waits on, and starts the game when the engine arrives after all.
    # The service worker's cache would serve the engine without the network.
    app.js(
        "return Promise.all([navigator.serviceWorker.getRegistrations().then((all) => Promise.all(all.map((r) => r.unregister()))),"
        " caches.keys().then((keys) => Promise.all(keys.map((key) => caches.delete(key))))])"
    )
    SpecialSite.wasm_released.clear()
    try:
        d.get(special_site(app) + "?pace=30&lang=it&slow=1500")
        slow = wait_for(lambda: app.visible("#load-error"), "the slow download's message", 30)
        assert italian["load.slow"] in slow.text and app.visible("#retry"), f"slow download: {slow.text!r}"
        assert app.js("return document.body.dataset.ready") is None, "slow download: the page says it is ready"
    finally:
        SpecialSite.wasm_released.set()
    app.wait_ready()
    assert not app.visible("#load-error"), "slow download: the message stays after the engine arrived"
    print("engine load error: a stalled download said after 1.5 s with 'Riprova'; the page started when it arrived")


# ---- Senet's screens (the defects a visitor met on them) -------------------------------------


def type_throw(app, values):
    """Throws `values` typed in with Dadi veri (the sticks as 0 or 1, Bell's die its face)."""
    app.button("#own-dice")
    fields = wait_for(
        lambda: [e for e in app.d.find_elements(By.CSS_SELECTOR, "#dice-inputs input") if e.is_displayed()],
        "the dice fields",
        5,
    )
    assert len(fields) == len(values), f"{len(fields)} dice fields for the throw {values}"
    for field, value in zip(fields, values):
        field.send_keys(str(value))
    app.tap(app.d.find_element(By.CSS_SELECTOR, "#dice-form button[value=set]"))
    wait_for(lambda: app.status()["phase"] == "move", "the typed throw", 5)


def saved_position(app):
    return app.js("return JSON.parse(localStorage.getItem('ludus.current')).state.position")


def narration(app):
    return app.js("return document.querySelector('#narration').textContent")


def check_senet_trays(app, words, where):
    """A tray of pieces in hand only in a ruleset whose pieces are ever in hand (the library's
    start says so: Piccione's pieces start there); none for Kendall, Bell, Jéquier, whose pieces
    all start on the board and never leave it but off. The new-game card's picture too. Each
    tray along the board, within its ends."""
    wrong = []
    for ruleset in rulesets_offered(app)["senet"]:
        app.new_game("senet", {"ruleset": ruleset}, opponent="human")
        wait_for(
            lambda: app.js("return JSON.parse(localStorage.getItem('ludus.current')).settings.options.ruleset")
            == ruleset,
            f"{where}: the game of {ruleset} saved",
            5,
        )
        in_hand = sum(saved_position(app)["hand"])
        trays = app.js("return document.querySelectorAll('#board g.hand rect.tray').length")
        if (trays > 0) != (in_hand > 0):
            wrong.append(f"{ruleset}: {trays} trays in hand, {in_hand} pieces in hand")
        # along the board, not past its ends (they hung below the board on a tablet)
        out = app.js(
            """const board = document.querySelector('#board rect.frame').getBoundingClientRect(), along = board.height > board.width;
               return [...document.querySelectorAll('#board rect.tray')].map((t) => t.getBoundingClientRect())
                 .filter((t) => along ? t.top < board.top - 1 || t.bottom > board.bottom + 1 : t.left < board.left - 1 || t.right > board.right + 1)
                 .map((t) => along ? [Math.round(t.top - board.top), Math.round(t.bottom - board.bottom)] : [Math.round(t.left - board.left), Math.round(t.right - board.right)]);"""
        )
        if out:
            wrong.append(f"{ruleset}: trays past the board's ends by {out} px")
    app.button("#new-game")
    wait_for(lambda: app.js("return document.querySelector('#new-game-dialog').open"), "the new-game dialog")
    card = app.js(
        "return document.querySelector(`#game-choice input[value='senet']`).closest('label').querySelectorAll('g.hand').length"
    )
    app.js("document.querySelector('#new-game-dialog').close()")
    if card:
        wrong.append(f"the new-game card (Kendall's start): {card} trays in hand")
    assert not wrong, f"{where}: Senet's trays: {wrong}"


def check_senet_opening(app, words, where):
    """The opening's throws said as what they are: throwing to see who starts, each throw, who
    starts; never "no move possible" nor who starts before it is decided (Kendall's: the first 1
    starts; Bell's: one throw each)."""
    # (a catalogue without the key: the key itself, never on the page)
    said = lambda key, **params: re.sub(r"\{(\w+)\}", lambda m: str(params.get(m[1], m[0])), words.get(key, key))
    rule = said("opening.rule.senet")
    app.new_game("senet", {"ruleset": "kendall", "first_player": 0})
    status = app.status()["text"]
    assert status == said("status.your_opening_roll"), f"{where}: Kendall's first throw: the status says {status!r}"
    told = narration(app)
    assert rule in told, f"{where}: the opening's first throw: the narration says {told!r}, not how it goes"
    started = [words[k] for k in ("starts.you", "starts.computer") if words[k] in told]
    assert not started, f"{where}: {started} before anyone has thrown"
    type_throw(app, [1, 1, 0, 0])  # 2: not a 1
    status = app.status()["text"]
    assert status == said(
        "status.your_opening_pass"
    ), f"{where}: a throw of 2 in the opening: the status says {status!r}"
    assert words["status.your_pass"] not in status
    mine = said("opening.throw", who=words["speaker.you"], count=2)
    told = narration(app)
    assert said("opening.throws", throws=mine) in told, f"{where}: a throw of 2: the narration says {told!r}"
    app.illegal_tap([said("illegal.opening_pass")])
    app.button("#pass")
    # the computer throws: then the person's next throw, unless the computer threw the 1
    person = lambda: app.status()["phase"] == "roll" and app.visible("#roll") is not None
    wait_for(lambda: person() or not saved_position(app)["opening"], f"{where}: the person's next opening throw", 20)
    if saved_position(app)["opening"]:
        status = app.status()["text"]
        assert status == said(
            "status.your_opening_roll"
        ), f"{where}: the next opening throw: the status says {status!r}"
        type_throw(app, [1, 0, 0, 0])  # 1: the person starts, moving the piece in front
        told = narration(app)
        assert said("opening.throw", who=words["speaker.you"], count=1) in told, f"{where}: a throw of 1: {told!r}"
        while saved_position(app)["opening"]:
            app.step(typed_dice=False)
    told = narration(app)
    starter = [words[k] for k in ("starts.you", "starts.computer") if words[k] in told]
    assert len(starter) == 1, f"{where}: after the opening the narration says {told!r}, not who starts"
    # Bell's: one throw each, the higher starts
    app.new_game("senet", {"ruleset": "bell", "first_player": 0})
    # (new_game cannot tell two games of Senet apart: the narration read was once Kendall's game's)
    wait_for(
        lambda: app.js("return JSON.parse(localStorage.getItem('ludus.current')).settings.options.ruleset") == "bell",
        f"{where}: the game of Bell's rules saved",
        5,
    )
    assert said("opening.rule.senet.bell") in narration(app), f"{where}: Bell's opening: {narration(app)!r}"
    type_throw(app, [3])
    status = app.status()["text"]
    assert status == said("status.your_opening_pass"), f"{where}: Bell's opening throw: the status says {status!r}"


def check_senet_throw_in_view(app, language, where):
    """The sticks thrown, the status, the computer's turn in words and the buttons on screen and
    apart, at the five sizes, against the computer: an opening throw with Pass, the person's
    throw and move, the person's turn after the computer's (its narration in the column). On a
    German landscape phone the buttons took three rows under the narration and pushed the
    sticks and the board off the screen."""
    home = tuple(map(int, where.split()[-1].split("x")))

    def everywhere(what):
        for width, height in SIZES:
            app.size(width, height)
            app.check_targets(f"{where}: senet, {what}, at {width}x{height}")
        app.size(*home)

    app.new_game("senet", {"ruleset": "kendall", "first_player": 0}, opponent="greedy", computer=1)
    type_throw(app, [1, 1, 0, 0])  # 2: no one starts yet
    wait_for(lambda: app.visible("#pass"), "Pass after an opening throw of 2", 5)
    everywhere("an opening throw with Pass")
    app.button("#pass")
    person = lambda: app.status()["phase"] == "roll" and app.visible("#roll") is not None
    wait_for(lambda: person() or not saved_position(app)["opening"], f"{where}: the person's turn", 20)
    if saved_position(app)["opening"]:
        type_throw(app, [1, 0, 0, 0])  # 1: the person starts, moving the piece in front
        app.step(typed_dice=False)
        wait_for(person, f"{where}: the person's throw again after the 1", 20)
    wait_for(
        lambda: not saved_position(app)["opening"] and person(), f"{where}: the person's turn after the opening", 20
    )
    type_throw(app, [1, 1, 0, 0])  # 2: a move, then the computer's turn
    everywhere("the person's throw of 2")
    before = app.moves_played()
    while app.moves_played() == before:
        app.step(typed_dice=False)
    wait_for(lambda: person() and narration(app), f"{where}: the person's turn after the computer's", 30)
    everywhere("the person's turn after the computer's, written out")
    type_throw(app, [1, 1, 1, 0])
    everywhere("the person's throw of 3")


def check_senet_signs_upright(app, where):
    """On a board turned upright (a phone, a tablet) the squares' signs stand as on the boards:
    the ankh's loop above its cross, the nefer's heart below its windpipe, the water's wavy lines
    and the strokes of 28 and 29 upright (turned with the board they lay on their sides)."""
    app.new_game("senet", {"ruleset": "kendall"}, opponent="human")
    signs = app.js(
        """
        const box = (e) => { const r = e.getBoundingClientRect(); return {x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width, h: r.height}; };
        const out = {turned: (document.querySelector('#board g#content')?.getAttribute('transform') ?? '').includes('rotate'), wrong: []};
        for (const sign of document.querySelectorAll('#board g.sign')) {
          const kind = sign.dataset.sign, whole = box(sign);
          const ok = kind === 'ankh' ? box(sign.querySelector('ellipse')).y < whole.y
                   : kind === 'nefer' ? box(sign.querySelector('circle')).y > whole.y
                   : kind === 'water' ? [...sign.querySelectorAll('path')].every((p) => box(p).w > box(p).h)
                   : kind === 'three' || kind === 'two' ? [...sign.querySelectorAll('line')].every((l) => box(l).h > box(l).w)
                   : true;
          if (!ok) out.wrong.push(kind);
        }
        return out;"""
    )
    if where.endswith("360x740"):
        assert signs["turned"], f"{where}: Senet's board is not turned upright on a phone"
    assert not signs["wrong"], f"{where}: signs lying on their side: {signs['wrong']}"


def senet_screens(app):
    """Senet's screens in each language at 360x740, 740x360 and 768x1024 (the throw in view at
    the five sizes, from a phone on its side): the trays, the opening's words, the throw, the
    narration and the buttons in view, the squares' signs upright. Each check on a page opened
    afresh; every failing one listed."""
    failed = []
    for language in LANGUAGES:
        words = catalogue_of(language)
        checks = [
            ("trays", DEFECT_SIZES + [(740, 360)], lambda where: check_senet_trays(app, words, where)),
            ("opening", DEFECT_SIZES + [(740, 360)], lambda where: check_senet_opening(app, words, where)),
            ("throw in view", [(740, 360)], lambda where: check_senet_throw_in_view(app, language, where)),
            ("signs upright", DEFECT_SIZES, lambda where: check_senet_signs_upright(app, where)),
        ]
        for name, sizes, check in checks:
            for size in sizes:
                check_on_a_fresh_page(app, language, size, f"senet {name}", check, failed)
            print(f"senet screens: {language}: {name} at {', '.join(f'{w}x{h}' for w, h in sizes)}")
    assert not failed, f"{len(failed)} of Senet's defects remain: {failed}"


if __name__ == "__main__":
    sys.exit(main())
