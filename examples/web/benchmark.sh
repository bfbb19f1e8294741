#!/usr/bin/env bash
# The web app's figures (a benchmark, not a test: it prints, it asserts nothing):
# - its size: every file a visitor downloads (wasm, JavaScript, CSS, HTML, catalogues, rules,
#   icon), each gzipped at level 9, and the total in KiB;
# - Lighthouse 12.2.3 (node_modules, pinned in package-lock.json) on the built app served from
#   127.0.0.1, with its default mobile emulation (a mid-range phone, throttled network and CPU),
#   through Debian's Chromium: the performance, accessibility and best-practices scores.
#   bash examples/web/benchmark.sh [SITE_DIR]     (default: build-wasm/examples/web, built first)
#   RUNS=5 REPORTS=/tmp/lh bash examples/web/benchmark.sh   (runs, and where the JSON reports go)
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
# Lighthouse's figures vary from run to run (more so on a shared machine): RUNS runs (default
# 3), each with the load average before it, then the median of each figure. The JSON reports
# stay in REPORTS (default: a new temporary folder) for a closer look.
runs=${RUNS:-3}
reports=${REPORTS:-$(mktemp -d)}
mkdir -p "$reports"
for run in $(seq 1 "$runs"); do
  echo "run $run: load average $(cut -d' ' -f1-3 /proc/loadavg)" >"$reports/load-$run.txt"
  CHROME_PATH=/usr/bin/chromium "$root/node_modules/.bin/lighthouse" "http://127.0.0.1:$port/" --quiet \
    --only-categories=performance,accessibility,best-practices --output=json --output-path="$reports/report-$run.json" \
    --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage" >/dev/null
done
node -e '
  const fs = require("fs");
  const [dir, runs] = [process.argv[1], Number(process.argv[2])];
  const reports = Array.from({ length: runs }, (_, i) => JSON.parse(fs.readFileSync(`${dir}/report-${i + 1}.json`, "utf8")));
  const median = (values) => { const v = [...values].sort((a, b) => a - b); return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2; };
  const metrics = { "first-contentful-paint": "FCP", "largest-contentful-paint": "LCP", "total-blocking-time": "TBT", "cumulative-layout-shift": "CLS", "speed-index": "Speed Index" };
  const show = (id, value) => (id === "cumulative-layout-shift" ? value.toFixed(3) : `${Math.round(value)} ms`);
  const r0 = reports[0];
  console.log(`lighthouse ${r0.lighthouseVersion}, ${r0.configSettings.formFactor} emulation, ${r0.finalDisplayedUrl}, ${runs} run(s), reports in ${dir}`);
  reports.forEach((r, i) => {
    const load = fs.readFileSync(`${dir}/load-${i + 1}.txt`, "utf8").trim();
    const scores = Object.values(r.categories).map((c) => `${c.title} ${Math.round(c.score * 100)}`).join(", ");
    const figures = Object.entries(metrics).map(([id, name]) => `${name} ${show(id, r.audits[id].numericValue)}`).join(", ");
    console.log(`  ${load}: ${scores}; ${figures}`);
  });
  console.log("  median:");
  for (const id of Object.keys(r0.categories)) console.log(`    ${r0.categories[id].title}: ${Math.round(median(reports.map((r) => r.categories[id].score * 100)))}`);
  for (const [id, name] of Object.entries(metrics)) console.log(`    ${r0.audits[id].title} (${name}): ${show(id, median(reports.map((r) => r.audits[id].numericValue)))}`);
  const failed = Object.values(r0.categories).flatMap((c) => c.auditRefs).map((a) => r0.audits[a.id])
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "manual");
  console.log("  audits below full marks (run 1): " + failed.map((a) => a.id).join(", "));' "$reports" "$runs"
