// Offline: every file of the app is cached when the service worker installs, and requests are
// answered from the cache first (a museum tablet keeps working with the network off); a new
// version of the app is a new CACHE name, which replaces the old cache when it activates.
const CACHE = "ludus-web-v4";
const FILES = ["./", "index.html", "app.js", "i18n.js", "ai-worker.js", "markdown.js", "style.css", "ludus-engine.js", "ludus.mjs",
  "ludus.wasm", "manifest.webmanifest", "icon.svg", "first-board.svg", "i18n/it.json", "i18n/en.json",
  ...["duodecim", "petteia", "latrunculi", "xii_scripta"].flatMap((id) => [`rules/it/${id}.md`, `rules/en/${id}.md`, `rules/spec/${id}.md`])];

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
  event.respondWith(caches.match(event.request, { ignoreSearch: true }).then((cached) => cached ?? fetch(event.request).then((response) => {
    if (response.ok && new URL(event.request.url).origin === location.origin) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(event.request, copy));
    }
    return response;
  })));
});
