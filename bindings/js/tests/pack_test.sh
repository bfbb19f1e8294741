#!/usr/bin/env bash
# The package as a user gets it: `npm pack` in the built package folder gives a tarball that
# installs (offline, from the tarball alone) into a fresh project, where it works in Node and,
# bundled by esbuild, in a page in headless Chromium.
#   pack_test.sh BUILT_PACKAGE_DIR SOURCE_ROOT
set -euo pipefail
package_dir=$1
root=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export npm_config_cache="$work/npm-cache" npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false

# The package folder of the build also holds the linker's by-products: pack a clean copy of
# what package.json's "files" names.
mkdir "$work/package"
for f in package.json index.js index.d.ts README.md ludus.mjs ludus.wasm; do cp "$package_dir/$f" "$work/package/"; done
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
const { result } = game.randomPlayout(1);
const report = `ludus ${version()}: ${game.history.length} events, ${result}, ${game.endReason}`;
game.free();
if (typeof document === "undefined") console.log(report);
else document.title = report;
JS
node main.js | tee node.out
grep -q "^ludus .*events" node.out

# Bundled for the browser: ludus.wasm is fetched beside the bundle (new URL(..., import.meta.url)).
"$root/node_modules/.bin/esbuild" main.js --bundle --format=esm --platform=browser --outfile=site/bundle.js \
  --external:node:* --external:fs --external:path --external:crypto --log-level=warning
cp node_modules/ludus-engine/ludus.wasm site/
printf '<!doctype html><meta charset="utf-8"><title>loading</title><script type="module" src="bundle.js"></script>\n' > site/index.html
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
    if not driver.title.startswith("ludus "):
        print("browser log:", driver.get_log("browser"))
        sys.exit(1)
finally:
    driver.quit()
    server.shutdown()
PY
echo "1 passed: the packed tarball installs offline and works in Node and bundled in Chromium"
