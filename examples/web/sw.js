// Offline once loaded: every file of the app is cached when the service worker installs, and
// each request is answered from the network when it can (so an update shows at once) and from
// the cache when it cannot (a tablet in a museum without a network).
const CACHE = "ludus-web-v1";
const FILES = ["./", "index.html", "app.js", "ai-worker.js", "markdown.js", "style.css", "ludus-engine.js", "ludus.mjs",
  "ludus.wasm", "manifest.webmanifest", "icon.svg", "rules/duodecim.md", "rules/petteia.md"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith(fetch(event.request)
    .then((response) => {
      if (response.ok) {
        const copy = response.clone();
        caches.open(CACHE).then((cache) => cache.put(event.request, copy));
      }
      return response;
    })
    .catch(() => caches.match(event.request, { ignoreSearch: true })));
});
