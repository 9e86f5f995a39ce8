// Caja's service worker: keeps the app shell (HTML, JS, both wasm modules, CSS, icons)
// so the chat opens without a connection. The API is never cached: data
// always comes from the Worker, and offline messages wait in the outbox.
const CACHE = 'caja-shell-v3';

// The shell: the page and every asset it names (Trunk hashes their names).
async function cacheShell() {
  const cache = await caches.open(CACHE);
  const page = await fetch('/', { cache: 'no-store' });
  const html = await page.clone().text();
  await cache.put('/', page);
  const assets = new Set(html.match(/(?:\/[A-Za-z0-9._-]+)+\.(?:js|wasm|css|svg|webmanifest)/g) ?? []);
  // The engine (the core itself) is loaded by the page, not named by it.
  assets.add('/caja-engine.js');
  assets.add('/caja-engine_bg.wasm');
  await cache.addAll([...assets]);
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  const isApi = url.pathname.startsWith('/api/') || url.pathname.startsWith('/telegram/') || url.pathname === '/health';
  if (event.request.method !== 'GET' || url.origin !== self.location.origin || isApi) return;
  // Network first, so a new build is picked up at once; the cache when offline.
  const key = event.request.mode === 'navigate' ? '/' : event.request;
  event.respondWith(
    fetch(event.request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(key, copy));
        }
        return response;
      })
      .catch(() => caches.match(key).then((hit) => hit ?? Response.error())),
  );
});
