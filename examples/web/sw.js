// Offline: every file of the app is cached when the service worker installs, and requests are
// answered from the cache first (a museum tablet keeps working with the network off); a new
// version of the app is a new CACHE name, which replaces the old cache when it activates.
const CACHE = "ludus-web-v10";
// Each language of i18n/languages.json (the app's one list) brings its catalogue; the games'
// rules pages are in files.json (meson.build lists every page the build copied).
const languageFiles = (languages) => languages.map((tag) => `i18n/${tag}.json`);

self.addEventListener("install", (event) => {
  const list = (path) => fetch(path).then((response) => response.json());
  // files.json: the app's files, as meson.build lists them
  event.waitUntil(
    Promise.all([list("files.json"), list("i18n/languages.json")])
      .then(([files, languages]) =>
        caches.open(CACHE).then((cache) => cache.addAll([...files, ...languageFiles(languages)])),
      )
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  // The game server's answers (ludus serve: health, games, WebSockets) are never the cache's.
  const path = new URL(event.request.url).pathname;
  if (path.endsWith("/health") || path.includes("/api/")) return;
  // The Royal Game of Ur's solved tables (app/table-reader.js) are read a few bytes at a time, by
  // byte ranges, from the server: never the cache's (a 206 cannot be cached, a whole table is
  // hundreds of MB).
  if (path.endsWith(".table")) return;
  // The kiosk's settings file, which the museum edits: the server's copy first, the cache's offline.
  if (new URL(event.request.url).pathname.endsWith("/kiosk.json")) {
    event.respondWith(fetch(event.request).catch(() => caches.match(event.request, { ignoreSearch: true })));
    return;
  }
  event.respondWith(
    caches.match(event.request, { ignoreSearch: true }).then(
      (cached) =>
        cached ??
        fetch(event.request).then((response) => {
          if (response.ok && new URL(event.request.url).origin === location.origin) {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put(event.request, copy));
          }
          return response;
        }),
    ),
  );
});
