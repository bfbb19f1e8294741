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
- in Italian at 360x740 and in English at 1024x768, a whole game of each of the four games by
  taps against the computer (Latrunculi as Bell's and Schaedler's rulesets, through their
  placement phases), and in German (chosen in the language selector, which names every language
  of i18n/languages.json in itself) at 360x740 Duodecim and Latrunculi (Kowalski's rules): the
  test taps what the page marks (a piece, then a target; a square to place on), rolls with the
  button (every third roll typed in as from physical dice), passes when told to; the
  end-of-game dialog names the winner (the German games' boards and buttons measured again at
  the five sizes); the new-game, rules (each game's page), "more" and end dialogs pass axe; an illegal
  tap is explained;
- in each language, no string of another language's catalogue (nor, but in English, the
  library's English words) on the page, in its dialogs, rules pages and messages; the rules'
  Markdown emphasis rendered (no star left); one <main> landmark holding the board;
- issue 34's defects: no draw offered where the catalogue says a game has none, the computer's
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
- the app loads again with the server stopped (the service worker);
- screenshots of the Italian phone and tablet pages (SCREENSHOT_DIR/web-*.png).
Exits non-zero on any failure. BROWSER_TEST_ONLY=kiosk,offline (names from parts()) runs only
those parts.
"""
import functools
import http.server
import json
import os
import random
import re
import sys
import threading
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.select import Select

SITE, SHOTS, AXE = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]), sys.argv[3]
SIZES = [(360, 740), (740, 360), (768, 1024), (1024, 768), (1280, 800)]
GAMES = ["duodecim", "petteia", "latrunculi", "xii_scripta"]
MIN_TARGET = 44
rng = random.Random(2026)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                      ".wasm": "application/wasm", ".webmanifest": "application/manifest+json", ".json": "application/json"}

    def log_message(self, *args):
        pass


def serve():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=SITE))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def browser():
    options = webdriver.ChromeOptions()
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,900", "--lang=en-GB"]:
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

    def js(self, script, *args):
        return self.d.execute_script(script, *args)

    def size(self, width, height):
        self.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 800})
        self.js("window.dispatchEvent(new Event('resize'))")
        time.sleep(0.15)

    def open(self, language, query="pace=30", clear=True):
        self.d.get(self.base + "?" + query)
        self.wait_ready()
        if clear:
            self.js("localStorage.clear(); localStorage.setItem('ludus.language', arguments[0])", language)
            self.d.get(self.base + "?" + query)
        self.wait_ready()

    def wait_ready(self):
        wait_for(lambda: self.js("return document.body.dataset.ready === 'true' && !!document.querySelector('#board svg')"), "the app to start")

    def status(self):
        return self.js("const s = document.querySelector('#status'); return {text: s.textContent, phase: s.dataset.phase, result: s.dataset.result};")

    def visible(self, selector):
        found = [e for e in self.d.find_elements(By.CSS_SELECTOR, selector) if e.is_displayed() and e.is_enabled()]
        return found[0] if found else None

    def tap(self, element):
        ActionChains(self.d).move_to_element(element).click().perform()

    def button(self, selector):
        element = wait_for(lambda: self.visible(selector), selector, 10)
        self.tap(element)

    # ---- checks ------------------------------------------------------------------------------

    def check_targets(self, where):
        """Every board place and every visible button, select and input: 44x44 px or more; no
        horizontal overflow; the board (the area a zoomed board scrolls in) and the status line on
        screen."""
        small = self.js("""
            const min = arguments[0], out = [];
            const seen = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; };
            const places = [...document.querySelectorAll('#board .square[data-square], #board [data-position0], #board [data-tray-position] rect.tray')];
            const controls = [...document.querySelectorAll('button, select, input, a')].filter((e) => seen(e) && !e.closest('dialog:not([open])'));
            for (const e of [...places, ...controls]) {
              const r = e.getBoundingClientRect();
              if (r.width + 0.01 < min || r.height + 0.01 < min) out.push(`${e.tagName} ${e.id || e.dataset.square || e.dataset.cell || e.getAttribute('class') || e.textContent.trim().slice(0, 20)}: ${r.width.toFixed(1)}x${r.height.toFixed(1)}`);
            }
            return {small: out, count: places.length + controls.length,
                    overflow: document.documentElement.scrollWidth - window.innerWidth,
                    board: (() => { const r = document.querySelector('#board-area[data-zoomed]')?.getBoundingClientRect() ?? document.querySelector('#board svg').getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right]; })(),
                    status: document.querySelector('#status').getBoundingClientRect().bottom, height: innerHeight, width: innerWidth,
                    dice: (() => { const dice = document.querySelector('#dice'); if (dice.hidden) return null;
                                   const r = dice.getBoundingClientRect(), a = document.querySelector('#actions').getBoundingClientRect();
                                   return {bottom: r.bottom, right: r.right, under: r.bottom > a.top && r.top < a.bottom && r.right > a.left && r.left < a.right}; })()};""", MIN_TARGET)
        assert not small["small"], f"{where}: targets under {MIN_TARGET} px: {small['small'][:8]}"
        assert small["overflow"] <= 0, f"{where}: {small['overflow']} px of horizontal overflow"
        top, bottom, left, right = small["board"]
        assert top >= -1 and bottom <= small["height"] + 1 and left >= -1 and right <= small["width"] + 1, f"{where}: the board is not on screen: {small['board']}"
        assert small["status"] <= small["height"], f"{where}: the status line is below the fold"
        dice = small["dice"]
        assert not dice or (dice["bottom"] <= small["height"] and dice["right"] <= small["width"] and not dice["under"]), f"{where}: the dice are cut off: {dice}"
        self.targets_measured += small["count"]

    def check_axe(self, where):
        if not self.js("return !!window.axe"):
            self.js(self.axe_source)
        result = self.d.execute_async_script("""
            const done = arguments[arguments.length - 1];
            axe.run(document, {resultTypes: ['violations']}).then((r) => done(r.violations.map((v) => ({id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' '))}))))
               .catch((e) => done([{id: 'axe failed', impact: 'critical', nodes: [String(e)]}]));""")
        bad = [v for v in result if v["impact"] in ("serious", "critical")]
        assert not bad, f"{where}: axe: {bad}"
        self.axe_runs += 1

    def check_no_leak(self, where):
        """No phrase of another language's catalogue (nor, on a page not in English, the
        library's English words) in the page's text, labels, pictures and open dialogs."""
        language = self.js("return document.documentElement.lang")
        text = self.js("""
            const parts = [document.body.innerText, document.title];
            for (const e of document.querySelectorAll('[aria-label], [title], [placeholder]'))
              parts.push(e.getAttribute('aria-label') || '', e.getAttribute('title') || '', e.getAttribute('placeholder') || '');
            for (const e of document.querySelectorAll('svg text, svg title')) parts.push(e.textContent);
            parts.push(...[...document.querySelectorAll('dialog[open]')].map((d) => d.innerText));
            return parts.join('\\n');""")
        found = sorted({phrase for phrase in FOREIGN[language] if re.search(r"(?<![\w])" + re.escape(phrase) + r"(?![\w])", text)})
        assert not found, f"{where}: another language on the page in {language}: {found[:10]}"

    # ---- playing -----------------------------------------------------------------------------

    def new_game(self, game, options, opponent="greedy", computer=1):
        self.button("#new-game")
        wait_for(lambda: self.js("return document.querySelector('#new-game-dialog').open"), "the new-game dialog")
        card = self.js("const card = document.querySelector(`#game-choice input[value='${arguments[0]}']`).closest('label'); card.scrollIntoView({block: 'center'}); return card", game)
        self.tap(card)
        assert self.js("return document.querySelector(`#game-choice input[value='${arguments[0]}']`).checked", game), f"the new-game dialog: {game} not chosen by a tap on its card"
        self.js("""
            const [options, opponent, computer] = arguments;
            for (const [name, value] of Object.entries(options)) {
              const input = document.querySelector(`[data-option='${name}']`);
              input.value = input.tagName === 'SELECT' ? JSON.stringify(value) : String(value);
              input.dispatchEvent(new Event('change'));
            }
            const select = document.querySelector('#opponent');
            select.value = opponent;
            select.dispatchEvent(new Event('change'));
            document.querySelector('#computer').value = String(computer);""", options, opponent, computer)
        self.tap(self.d.find_element(By.ID, "start"))
        wait_for(lambda: self.js("return document.querySelector('#board').dataset.game") == game and self.status()["phase"] != "over", "the new game")

    def moves_played(self):
        return self.js("return JSON.parse(localStorage.getItem('ludus.current')).state.history.length")

    def step(self, typed_dice=True):
        """One human action, chosen from what the page marks; False when there is none now.
        With typed_dice, every third roll is typed in as from physical dice."""
        shown = self.js("""
            const on = (e) => e && !e.hidden && !e.disabled && e.getClientRects().length > 0;
            return {choice: [...document.querySelectorAll('#choices button')].find(on) || null, roll: on(document.querySelector('#roll')) ? document.querySelector('#roll') : null,
                    movable: [...document.querySelectorAll('#board .movable:not(.mark)')], played: JSON.parse(localStorage.getItem('ludus.current')).state.history.length};""")
        if typed_dice and shown["roll"] and not shown["choice"]:
            self.rolls += 1
            if self.rolls % 3 == 0:  # every third roll from "physical" dice, typed in
                self.button("#own-dice")
                inputs = wait_for(lambda: [e for e in self.d.find_elements(By.CSS_SELECTOR, "#dice-inputs input") if e.is_displayed()], "the dice fields", 5)
                for field in inputs:
                    field.send_keys(str(rng.randint(1, 6)))
                self.tap(self.d.find_element(By.CSS_SELECTOR, "#dice-form button[value=set]"))
                wait_for(lambda: self.js("return JSON.parse(localStorage.getItem('ludus.current')).state.history.at(-1)?.dice_from === 'outside'"), "the typed dice played")
                self.typed_rolls += 1
                return True
        if shown["choice"] or shown["roll"]:
            self.tap(shown["choice"] or shown["roll"])
            return True
        if not shown["movable"]:
            return False
        self.tap(rng.choice(shown["movable"]))
        if self.moves_played() != shown["played"]:
            return True  # a placing: one tap plays it
        targets = wait_for(lambda: self.d.find_elements(By.CSS_SELECTOR, "#board .target:not(.mark), #choices button"), "marked targets", 5)
        self.tap(rng.choice([t for t in targets if t.tag_name != "button"] or targets))
        return True

    def play_to_the_end(self, name, max_actions=1500):
        """Plays the person's side by taps to the end; once, at the first marked pieces, taps a
        place that starts no move and reads why."""
        actions, probed = 0, False
        while self.status()["phase"] != "over":
            assert actions < max_actions, f"{name}: not over after {max_actions} actions"
            if not probed and self.js("return document.querySelectorAll('#board .movable').length > 0"):
                self.illegal_tap(self.explain_words)
                self.check_no_leak(f"{name}: an illegal tap explained")
                probed = True
            if self.step():
                actions += 1
            else:
                time.sleep(0.03)  # the computer's turn: its worker is thinking
        return actions

    def illegal_tap(self, expect_words):
        """A tap on a place that starts no move: the page says why (role=alert)."""
        place = self.js("""
            const marked = new Set([...document.querySelectorAll('#board .movable')]);
            return [...document.querySelectorAll('#board .square[data-square], #board [data-position0]')].find((p) => !marked.has(p)) || null;""")
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
            phrases.update(["player 0", "player 1", "to move", "to roll", "in hand", "borne off", "last:", "no step yet"])
        foreign[tag] = phrases
    return foreign


LANGUAGES = json.load(open(os.path.join(SITE, "i18n", "languages.json"), encoding="utf-8"))
FOREIGN = foreign_phrases()


# The test's parts, in the order they run; BROWSER_TEST_ONLY=name,name runs only those (while
# editing: the whole test is for CI).
def parts():
    return [("sizes", sizes), ("targets", targets), ("messages", messages), ("manifest", manifest), ("landmarks", check_landmarks), ("draw_offers", draw_offers_and_worker_faults),
            ("computer_turn", computer_turn_in_words), ("games", games_in_each_language), ("monte_carlo", monte_carlo),
            ("levels", levels), ("kiosk", kiosk), ("offline", offline)]


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
        errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE" and "ERR_CONNECTION_REFUSED" not in e["message"]]
        assert not errors, f"console errors: {errors}"
        print(f"axe: {app.axe_runs} screens, 0 serious or critical violations; {app.targets_measured} targets measured; {app.typed_rolls} rolls typed in")
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
    for game in GAMES:
        app.new_game(game, {})
        for width, height in SIZES:
            app.size(width, height)
            app.check_targets(f"{game} at {width}x{height}")
            app.check_no_leak(f"{game} at {width}x{height}")
            if (width, height) in ((360, 740), (1024, 768)):
                app.check_axe(f"{game} at {width}x{height}")
        print(f"{game}: board and buttons >= {MIN_TARGET} px, no overflow, at {', '.join(f'{w}x{h}' for w, h in SIZES)}")


def rulesets_offered(app):
    """Each game of the new-game dialog with its rulesets (the catalogue's), [None] where it has none."""
    app.button("#new-game")
    wait_for(lambda: app.js("return document.querySelector('#new-game-dialog').open"), "the new-game dialog")
    offered = {}
    for game in app.js("return [...document.querySelectorAll('#game-choice input[name=game]')].map((e) => e.value)"):
        app.js("const input = document.querySelector(`#game-choice input[value='${arguments[0]}']`); input.checked = true; input.dispatchEvent(new Event('change'))", game)
        offered[game] = app.js("return [...(document.querySelector('[data-option=ruleset]')?.options ?? [])].map((o) => JSON.parse(o.value))") or [None]
    app.js("document.querySelector('#new-game-dialog').close()")
    return offered


def targets(app):
    """Every ruleset of every game at its default options, at the five sizes: while its pieces are
    placed (Bell's and Schädler's rules) and once they are all on the board, every place and
    button at least 44 px (a board too fine for the screen zoomed, its area on screen); and the
    zoom's button shows the whole board and the zoomed one again."""
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
    app.new_game("latrunculi", {"ruleset": "kowalski_10x11"}, opponent="human")  # (no reply that could end the game)
    app.size(360, 740)
    zoomed = lambda: app.js("return document.querySelector('#board-area').hasAttribute('data-zoomed')")
    assert zoomed() and app.visible("#zoom"), "Kowalski 10x11 on a phone: the board is not zoomed"
    app.button("#zoom")
    wait_for(lambda: not zoomed(), "the whole board", 5)
    app.button("#zoom")
    wait_for(zoomed, "the zoomed board again", 5)
    # The keyboard's cursor scrolls into view; a tap on the zoomed board still plays.
    board = app.d.find_element(By.ID, "board")
    board.send_keys(*[Keys.ARROW_RIGHT] * 10)
    inside = app.js("""const c = document.querySelector('#board .mark.cursor')?.getBoundingClientRect(), a = document.querySelector('#board-area').getBoundingClientRect();
                       return !!c && c.left >= a.left - 1 && c.right <= a.right + 1 && c.top >= a.top - 1 && c.bottom <= a.bottom + 1""")
    assert inside, "the zoomed board: the keyboard's cursor out of view"
    before = app.moves_played()
    while app.moves_played() == before:
        app.step(typed_dice=False)
    app.js("const end = document.querySelector('#end-dialog'); if (end.open) end.close()")  # a first move can end a 10x11 game
    # Petteia's largest board (the catalogue's 26x26): zoomed, not limited.
    app.new_game("petteia", {"rows": 26, "cols": 26})
    for width, height in SIZES:
        app.size(width, height)
        app.check_targets(f"petteia 26x26 at {width}x{height}")
    app.size(360, 740)
    print(f"targets: {checked} screens; Kowalski 10x11 on a phone zoomed, the whole board and back by its button, the cursor in view, "
          "a move by taps; Petteia 26x26 zoomed at the five sizes")


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
        shown = wait_for(lambda: app.js("return document.querySelector('#message').dataset.kind === 'hint'") and app.js(overlap), "the hint", 15)
        assert not shown["covers"], f"{width}x{height}: the hint covers the board: {shown}"
        app.tap(app.d.find_element(By.ID, "status"))
        wait_for(lambda: not app.d.find_element(By.ID, "message").text, "the message to go at the next tap", 5)
        print(f"messages at {width}x{height}: an illegal tap's and the hint's above the board ({shown['message']} vs {shown['board']}), gone at the next tap")


def manifest(app):
    """The page links the manifest of its language (also after the language selector), which
    parses and is in that language."""
    app.open("it")
    for tag in LANGUAGES:
        Select(app.d.find_element(By.ID, "language")).select_by_value(tag)
        wait_for(lambda: app.js("return document.documentElement.lang") == tag, f"the page in {tag}", 10)
        linked = app.d.execute_async_script("""
            const done = arguments[arguments.length - 1], link = document.querySelector('link[rel=manifest]');
            fetch(link.href).then((r) => r.json()).then((m) => done({href: link.getAttribute('href'), lang: m.lang, name: m.name})).catch((e) => done({error: String(e)}));""")
        assert linked.get("lang") == tag, f"the page in {tag} links {linked}"
    print(f"manifest: the page links its language's manifest ({', '.join(LANGUAGES)})")


def games_in_each_language(app):
    """Each language through its games; German, the language added last, on a phone through two
    of them, chosen in the language selector."""
    driver = app.d
    for language, (width, height), latrunculi, played in [("it", (360, 740), "bell", GAMES), ("en", (1024, 768), "schaedler", GAMES),
                                                          ("de", (360, 740), "kowalski", ["duodecim", "latrunculi"])]:
        if language == "de":
            choose_language(app, "Deutsch", "de")
        else:
            app.open(language)
        app.size(width, height)
        dialogs_checked = False
        for game, options in [("duodecim", {"pieces": 2, "first_player": 0}), ("petteia", {"rows": 6, "cols": 6, "draw_plies_without_capture": 40}),
                              ("latrunculi", {"ruleset": latrunculi, "draw_plies_without_capture": 30}), ("xii_scripta", {"pieces": 2})]:
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
            app.explain_words = {"it": ["Qui non", "Questa pedina", "Mossa non", "Nessuna"], "en": ["There is no", "This piece", "Not allowed", "No move"],
                                 "de": ["Hier steht kein", "Dieser Stein", "Zug nicht", "Kein Zug"]}[language]
            actions = app.play_to_the_end(f"{game} ({language})")
            wait_for(lambda: app.js("return document.querySelector('#end-dialog').open"), "the end-of-game dialog", 10)
            heading = driver.find_element(By.ID, "end-heading").text
            shown = app.status()
            assert shown["result"] in ("player 0 won", "player 1 won", "draw"), shown
            if shown["result"] != "draw":
                side = {"it": ["Chiaro", "Scuro"], "en": ["Light", "Dark"], "de": ["Hell", "Dunkel"]}[language][int(shown["result"][7])]
                assert side in heading, f"{game}: the end dialog names {heading!r}, the result is {shown['result']}"
            # The library's reason (libludus 1.1's "end_reason") is written out in the dialog.
            reason = app.js("return JSON.parse(localStorage.getItem('ludus.current')).state.position.end_reason ?? null")
            if reason:
                assert driver.find_element(By.ID, "end-reason").text.strip(), f"{game}: the end dialog does not say why ({reason})"
            app.check_axe(f"{game} end dialog ({language})")
            app.check_no_leak(f"{game} end dialog ({language})")
            history = app.js("return JSON.parse(localStorage.getItem('ludus.current')).state.history.map((e) => e.player)")
            assert 0 in history and 1 in history, f"{game}: both sides played"
            app.tap(driver.find_element(By.CSS_SELECTOR, "#end-dialog button[value=close]"))
            print(f"{language} {width}x{height} {game}: over after {actions} taps in {time.time() - t0:.1f} s: {heading} "
                  f"{driver.find_element(By.ID, 'end-reason').get_attribute('textContent')}")
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
    wait_for(lambda: app.js("return navigator.serviceWorker.controller !== null"), "the service worker to control the page", 20)
    app.server.shutdown()
    app.server.server_close()
    app.d.refresh()
    app.wait_ready()
    print("offline: the app loaded again with the server stopped (service worker)")


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
    """Issue 34, defect 1: a draw is offered only in the games whose catalogue entry has agreed
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
    wait_for(lambda: not busy() and (app.status()["phase"] == "over" or italian["draw.declined_computer"] in d.find_element(By.ID, "message").text),
             "the computer's answer to a draw offer", 15)
    accepted = app.status()["phase"] == "over"
    if accepted:
        wait_for(lambda: app.js("return document.querySelector('#end-dialog').open"), "the end dialog of an agreed draw", 5)
        app.js("document.querySelector('#end-dialog').close()")
    else:
        assert hint_usable(), "petteia: the hint is not usable after a declined draw"
    print(f"draw offers: none in Duodecim and XII Scripta; Petteia's computer {'accepted' if accepted else 'declined'}")
    script = d.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WORKER_FAULT})["identifier"]
    try:
        for fault in ["error", "crash"]:
            app.open("it", query=f"pace=30&worker_fault={fault}", clear=False)
            app.new_game("petteia", {"rows": 6, "cols": 6})
            app.button("#hint")
            wait_for(lambda: not busy() and hint_usable() and d.find_element(By.ID, "message").text, f"the spinner to go after a worker {fault}", 10)
            message = d.find_element(By.ID, "message").text
            if fault == "error":
                assert message == f"{italian['error.hint']} {italian['error.invalid_state']}", f"worker error: {message!r}"
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
    """Issue 34, defect 4: a game of Duodecim against the computer, who starts is decided by the
    opening roll. The statuses read as a person speaks ("Tocca a te", "Il computer pensa…", never
    "Tocca al computer (Scuro (computer))"); the opening roll and who starts are written on
    screen; the computer's roll and each of its moves are written out in a visible line, each
    shown alone for the pace at least (?pace=400 in Italian, the default in English)."""
    words = {"it": ("Tocca a te", "Il computer pensa…", "Il computer ha tirato {dice}", "Tiro d'apertura:", "Cominci tu.", "Comincia il computer.",
                    {"": "da {from} a {to}", "H": "entra in {to}", "O": "esce da {from}"}),
             "en": ("Your turn", "The computer is thinking…", "The computer rolled {dice}", "Opening roll:", "You start.", "The computer starts.",
                    {"": "from {from} to {to}", "H": "enters on {to}", "O": "bears off from {from}"})}
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
        assert opening in said and (you_start if first == 0 else it_starts) in said, f"{language}: the opening roll and who starts not said: {said!r}"
        if first == 1:  # the computer starts: the opening is read alone for two paces
            wait_for(lambda: opening not in (app.js(narration) or ""), "the computer's first roll", 10)
            assert time.time() - started >= 2 * shortest, f"{language}: the opening shown for {time.time() - started:.2f} s only"
        history = "return JSON.parse(localStorage.getItem('ludus.current')).state.history"
        # Play until the computer has played a whole turn and it is the person's turn again; once the
        # computer has moved the test only waits (a tap of the person's would clear the line).
        while True:
            computer_moved = any(e["player"] == 1 and not e["text"].startswith("roll") for e in app.js(history))
            if computer_moved:
                if app.status()["phase"] == "roll" and app.js("return document.querySelector('#roll').offsetParent !== null"):
                    break
                time.sleep(0.03)
            elif not app.step(typed_dice=False):
                time.sleep(0.03)
        events = app.js(history)
        last_roll = max(i for i, e in enumerate(events) if e["player"] == 1 and e["text"].startswith("roll"))
        dice = " + ".join(events[last_roll]["text"].split()[1:])
        steps = [e["text"] for e in events[last_roll + 1:] if e["player"] == 1 and "-" in e["text"]]
        line = app.js(narration)
        assert line and rolled.format(dice=dice) in line, f"{language}: the computer's roll not written out on screen: {line!r} {events[-6:]} {app.js('return window.seen')[-4:]}"
        for text in steps:
            origin, target = text.split(":")[0].split("-")
            written = step["H" if origin == "H" else "O" if target == "O" else ""].format(**{"from": origin, "to": target})
            assert written in line, f"{language}: the computer's move {text} not written out as {written!r}: {line!r}"
        seen = app.js("return window.seen")
        statuses = {entry["status"] for entry in seen}
        assert not [s for s in statuses if "(" in s], f"{language}: a status names players in brackets: {sorted(statuses)}"
        assert any(s.startswith(yours) for s in statuses) and thinking in statuses, f"{language}: statuses {sorted(statuses)}"
        # Each of the computer's actions in the line stays alone for the pace at least before the
        # next of the same turn is added to it (the last stays until the person acts).
        changes = [entry for i, entry in enumerate(seen) if entry["said"] and (i == 0 or entry["said"] != seen[i - 1]["said"]) and rolled.split("{")[0] in entry["said"]]
        gaps = [(b["t"] - a["t"]) / 1000 for a, b in zip(changes, changes[1:]) if b["said"].startswith(a["said"].rstrip("."))]
        assert gaps and min(gaps) >= shortest, f"{language}: the computer's actions shown {gaps} s apart (at least {shortest} s)"
        app.check_no_leak("the computer's turn")
        print(f"{language}: the opening and who starts said; the computer's turn written out ({line!r}), its actions {min(gaps):.2f} s apart or more")


def keyboard_move(app):
    """The board by keyboard (Petteia 6x6, light to move): the cursor starts on a1; Up, Enter
    chooses a2's piece, Escape lets it go, Enter chooses it again, Up, Enter plays a2-a3; the
    move is announced in the aria-live region."""
    board = app.d.find_element(By.ID, "board")
    before = app.moves_played()
    app.js("""window.announced = []; const live = document.querySelector('#announce');
              new MutationObserver(() => window.announced.push(live.textContent)).observe(live, {childList: true, characterData: true, subtree: true});""")
    board.send_keys(Keys.ARROW_UP, Keys.ENTER)
    wait_for(lambda: app.js("return document.querySelector('#board .chosen')?.dataset.square") == "a2", "a2 chosen by Enter", 5)
    board.send_keys(Keys.ESCAPE)
    wait_for(lambda: not app.js("return document.querySelector('#board .chosen')"), "Escape to let go", 5)
    board.send_keys(Keys.ENTER, Keys.ARROW_UP, Keys.ENTER)
    wait_for(lambda: app.js("return JSON.parse(localStorage.getItem('ludus.current')).state.history[arguments[0]]?.text", before) == "a2-a3",
             "the move played by keyboard", 10)
    # What the live region said (the computer's reply may have been announced since).
    announced = wait_for(lambda: [text for text in app.js("return window.announced") if "a2" in text and "a3" in text], "the move announced", 5)[0]
    print(f"keyboard: a2-a3 by arrows and Enter, Escape lets go; announced {announced!r}")


def check_dialogs(app, language):
    """The new-game, rules and "more" dialogs: axe, tap targets inside, no other language."""
    for opener, dialog in [("#new-game", "#new-game-dialog"), ("#show-rules", "#rules-dialog"), ("#more", "#more-dialog")]:
        app.button(opener)
        wait_for(lambda: app.js(f"return document.querySelector('{dialog}').open"), dialog)
        if dialog == "#rules-dialog":
            check_rules_pages(app, language)
        app.check_axe(f"{dialog} ({language})")
        small = app.js("""
            return [...document.querySelectorAll(arguments[0] + ' button, ' + arguments[0] + ' select, ' + arguments[0] + ' input:not([type=radio])')]
              .map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0 && (r.width < 44 || r.height < 44)).length""", dialog)
        assert small == 0, f"{dialog}: {small} controls under 44 px"
        app.check_no_leak(f"{dialog} ({language})")
        app.js(f"document.querySelector('{dialog}').close()")
    print(f"{language}: the new-game, rules and more dialogs pass axe")


def check_rules_pages(app, language):
    """Each game's rules page (its tab in the rules dialog), in the page's language: its pictures
    drawn, no other language; Markdown's *emphasis* rendered (Petteia names the *ludus
    latrunculorum*), no star left in the text."""
    for index in range(len(GAMES)):
        tab = app.d.find_elements(By.CSS_SELECTOR, "#rules-tabs button")[index]
        name = tab.text
        app.tap(tab)
        wait_for(lambda: app.js("return document.querySelector('#rules h2')?.textContent === arguments[0] && document.querySelectorAll('#rules figure svg').length > 0", name),
                 f"the rules of {name}", 10)
        app.check_no_leak(f"the rules of {name} ({language})")
        text = app.js("return document.querySelector('#rules').innerText")
        assert "*" not in text, f"the rules of {name} ({language}): a Markdown star shown: {text[text.index('*') - 30:text.index('*') + 30]!r}"
        if name == "Petteia":
            assert app.js("return [...document.querySelectorAll('#rules em')].map((e) => e.textContent)") == ["ludus latrunculorum"], f"Petteia's rules ({language}): no emphasis"
    print(f"{language}: the rules of {len(GAMES)} games, emphasis rendered, no other language")


def check_landmarks(app):
    """The page's landmarks: one main, holding the board and the actions (axe wants the page's
    content in landmarks)."""
    app.open("it")
    found = app.js("return [document.querySelectorAll('main').length, !!document.querySelector('main #board'), !!document.querySelector('main #actions')]")
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
    assert [option.split(":")[0] for option in offered] == LANGUAGES and {"it:Italiano", "en:English", "de:Deutsch"} <= set(offered), f"the language selector: {offered}"
    Select(select).select_by_visible_text(name)
    wait_for(lambda: app.js("return document.documentElement.lang") == tag and app.js("return localStorage.getItem('ludus.language')") == tag, f"the page in {name}", 10)
    assert app.js("return document.querySelector('#language').value") == tag
    app.check_no_leak(f"the page just switched to {name}")


def kiosk(app):
    """Kiosk mode with a 5 s idle time (issue 34, defect 2 for the language, the settings, zoom,
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
    fixed = app.js("""return {viewport: document.querySelector('meta[name=viewport]').content, touch: getComputedStyle(document.body).touchAction,
                              select: getComputedStyle(document.querySelector('#app')).userSelect || getComputedStyle(document.querySelector('#app')).webkitUserSelect};""")
    assert "user-scalable=no" in fixed["viewport"] and "maximum-scale=1" in fixed["viewport"], f"kiosk: the viewport can be zoomed: {fixed}"
    assert fixed["touch"] == "pan-x pan-y", f"kiosk: pinch zoom left on: {fixed}"
    assert fixed["select"] == "none", f"kiosk: text can be selected: {fixed}"
    app.tap(d.find_element(By.ID, "attract"))
    wait_for(lambda: not app.visible("#attract"), "the attract screen to go")
    assert app.js("return getComputedStyle(document.querySelector('#print')).display") == "none", "kiosk: no print button"
    app.button("#show-rules")
    wait_for(lambda: d.find_elements(By.CSS_SELECTOR, "#rules figure svg"), "the kiosk's rules", 10)
    spec = app.js("return [...document.querySelectorAll('#rules a')].map((a) => a.textContent + ' ' + a.getAttribute('href'))")
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
    assert lang() == "it" and saved["settings"]["game"] == "duodecim" and saved["settings"]["opponent"] == "easy", \
        f"kiosk: the last visitor's language or settings were kept: {lang()}, {saved['settings']}"
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
    assert lang() == "it" and "Tocca per giocare" in attract_text(), f"kiosk: a visitor's language kept after a reload: {lang()} {attract_text()!r}"
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
    print("kiosk: the museum's language (Italian, or ?lang=), no zoom, no selection, no specification; after 5 s idle "
          "and after a reload the visitor's language, settings and game are gone")


def screenshot(app, name, width, height):
    app.size(width, height)
    time.sleep(0.4)
    os.makedirs(SHOTS, exist_ok=True)
    path = os.path.join(SHOTS, f"{name}.png")
    app.d.save_screenshot(path)
    print(f"  screenshot {path}")

def levels(app):
    """Issue 34, defect 8: the computer's levels in the new-game dialog, weakest first, the Monte
    Carlo player (another style, not a step of the ladder) apart, under "altro"."""
    app.open("it")
    app.tap(app.d.find_element(By.ID, "new-game"))
    wait_for(lambda: app.js("return document.querySelector('#new-game-dialog').open"), "the new-game dialog")
    shown = app.js("""return [...document.querySelector('#opponent').children].map((e) =>
        e.tagName === 'OPTGROUP' ? {group: e.label, options: [...e.children].map((o) => o.value)} : e.value)""")
    assert shown[:6] == ["human", "random", "greedy", "easy", "medium", "best"], shown
    assert shown[6:] == [{"group": "altro", "options": ["uct"]}], shown
    app.js("document.querySelector('#new-game-dialog').close()")
    print("levels: weakest to strongest, the Monte Carlo player apart under 'altro'")


if __name__ == "__main__":
    sys.exit(main())

