#!/usr/bin/env bash
# The web app's figures (a benchmark, not a test: it prints, it asserts nothing):
# - its size: every file a visitor downloads (wasm, JavaScript, CSS, HTML, catalogues, rules,
#   icon), each gzipped at level 9, and the total in KiB;
# - Lighthouse 12.2.3 (node_modules, pinned in package-lock.json) on the built app served from
#   127.0.0.1, with its default mobile emulation (a mid-range phone, throttled network and CPU),
#   through Debian's Chromium: the performance, accessibility and best-practices scores.
#   bash examples/web/benchmark.sh [SITE_DIR]     (default: build-wasm/examples/web, built first)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
site=${1:-}
if [ -z "$site" ]; then
  site=$(mktemp -d)
  LUDUS_SKIP_SETUP=1 bash "$root/.ci/web" --build-only "$site" >/dev/null
fi
echo "size of the app in $site (gzip -9 per file):"
total=0
while IFS= read -r -d '' file; do
  bytes=$(gzip -9c "$file" | wc -c)
  total=$((total + bytes))
  printf '  %8d  %s\n' "$bytes" "${file#"$site"/}"
done < <(find "$site" -type f ! -name '*.py' ! -name '*.sh' -print0 | sort -z)
echo "total: $((total / 1024)) KiB gzip ($total bytes)"

port=$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# A static server as a web host would be: gzip for the files that compress, a day's caching.
(cd "$site" && exec /usr/bin/python3 -c '
import gzip, http.server, sys
class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript", ".wasm": "application/wasm",
                      ".webmanifest": "application/manifest+json", ".md": "text/markdown; charset=utf-8"}
    def log_message(self, *args): pass
    def send_head(self):
        path = self.translate_path(self.path)
        if self.path.endswith("/"): path += "index.html"
        if "gzip" not in self.headers.get("Accept-Encoding", "") or not path.endswith((".html", ".js", ".mjs", ".wasm", ".css", ".json", ".md", ".svg", ".webmanifest")):
            return super().send_head()
        try: body = gzip.compress(open(path, "rb").read(), 9)
        except OSError: return super().send_head()
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "max-age=86400")
        self.end_headers()
        import io
        return io.BytesIO(body)
http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()' "$port" >/dev/null 2>&1) &
server=$!
trap 'kill $server' EXIT
sleep 1
report=$(mktemp --suffix=.json)
CHROME_PATH=/usr/bin/chromium "$root/node_modules/.bin/lighthouse" "http://127.0.0.1:$port/" --quiet \
  --only-categories=performance,accessibility,best-practices --output=json --output-path="$report" \
  --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage" >/dev/null
node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  console.log(`lighthouse ${r.lighthouseVersion}, ${r.configSettings.formFactor} emulation, ${r.finalDisplayedUrl}`);
  for (const [id, c] of Object.entries(r.categories)) console.log(`  ${c.title}: ${Math.round(c.score * 100)}`);
  for (const id of ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"])
    console.log(`  ${r.audits[id].title}: ${r.audits[id].displayValue}`);
  const failed = Object.values(r.categories).flatMap((c) => c.auditRefs).map((a) => r.audits[a.id])
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "manual");
  console.log("  audits below full marks: " + failed.map((a) => a.id).join(", "));' "$report"
