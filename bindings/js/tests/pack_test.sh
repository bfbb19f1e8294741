#!/usr/bin/env bash
# The package as a user gets it: `npm pack` in the built package folder gives a tarball that
# installs (offline, from the tarball alone) into a fresh project. There a small program (a
# game, a move, its SVG) runs in Node, or is bundled for the browser with no options but the
# bundler's plainest (esbuild --bundle --platform=browser; vite build) and runs in a page in
# headless Chromium.
#   pack_test.sh BUILT_PACKAGE_DIR node
#   pack_test.sh BUILT_PACKAGE_DIR esbuild|vite PATH_OF_THE_BUNDLER
set -euo pipefail
package_dir=$1
target=$2
bundler=${3:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export npm_config_cache="$work/npm-cache" npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false

files=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).files.join(" "))' "$package_dir/package.json")
mkdir "$work/package"
for f in package.json $files; do mkdir -p "$work/package/$(dirname "$f")"; cp "$package_dir/$f" "$work/package/$f"; done
tarball=$(cd "$work/package" && npm pack --silent --pack-destination "$work")
echo "packed $tarball: $(tar -tzf "$work/$tarball" | sort | tr '\n' ' ')"

mkdir "$work/app"
cd "$work/app"
printf '{"name": "fresh-project", "private": true, "type": "module"}\n' > package.json
npm install --offline --silent "$work/$tarball"

cat > main.js <<'JS'
import { Game, version } from "ludus-engine";
const game = new Game("latrunculi", { ruleset: "bell", seed: 1 });
game.play(game.legalMoves()[0]);
const svg = game.svg({ size: 320 });
const report = `ludus ${version()}: ${game.history[0].text}, svg ${svg.includes("<svg") ? "drawn" : "missing"}`;
game.close();
if (typeof document === "undefined") {
  console.log(report);
} else {
  document.body.insertAdjacentHTML("beforeend", svg);
  document.title = report;
}
JS
if [ "$target" = node ]; then
  node main.js | tee node.out
  grep -q "^ludus .*, svg drawn" node.out
  echo "1 passed: the packed tarball installs offline and works in Node"
  exit 0
fi

printf '<!doctype html><meta charset="utf-8"><title>loading</title><body><script type="module" src="./main.js"></script></body>\n' > index.html
case $target in
  esbuild)
    # esbuild leaves new URL("ludus.wasm", import.meta.url) as it is: ludus.wasm goes beside the bundle.
    "$bundler" main.js --bundle --platform=browser --format=esm --outfile=site/main.js --log-level=warning
    cp node_modules/ludus-engine/ludus.wasm index.html site/ ;;
  vite)
    # a Node module left in the browser's code is only a warning to Vite (it puts a stub in its
    # place): here it fails
    "$bundler" build --outDir site --logLevel warn 2>&1 | tee vite.log
    if grep -q "externalized for browser" vite.log; then echo "the browser build imports a Node module"; exit 1; fi ;;
  *) echo "unknown target $target"; exit 2 ;;
esac
echo "bundled by $target: $(cd site && find . -type f | sort | tr '\n' ' ')"
/usr/bin/python3 - "$work/app/site" <<'PY'
import functools, http.server, sys, threading, time
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

class Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".js": "text/javascript", ".wasm": "application/wasm"}
    def log_message(self, *args):
        pass

server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=sys.argv[1]))
threading.Thread(target=server.serve_forever, daemon=True).start()
options = webdriver.ChromeOptions()
for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]:
    options.add_argument(flag)
options.binary_location = "/usr/bin/chromium"
options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
try:
    driver.get(f"http://127.0.0.1:{server.server_port}/index.html")
    deadline = time.time() + 60
    while driver.title == "loading" and time.time() < deadline:
        time.sleep(0.2)
    print("in Chromium:", driver.title)
    drawn = driver.execute_script("return document.querySelectorAll('body svg').length")
    print("SVGs in the page:", drawn)
    if not driver.title.startswith("ludus ") or not driver.title.endswith("svg drawn") or drawn != 1:
        print("browser log:", driver.get_log("browser"))
        sys.exit(1)
finally:
    driver.quit()
    server.shutdown()
PY
echo "1 passed: the packed tarball installs offline, and its $target bundle runs in Chromium"
