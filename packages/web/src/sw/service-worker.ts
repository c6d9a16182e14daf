/**
 * The service worker at /vbc/service-worker.js (docs/contracts.md §2), built by vite-plugin-pwa (injectManifest).
 *
 * Offline: pages are network-first and fall back to the saved copy of that address, then to the
 * saved app shell (/vbc/); scripts and styles are cache-first (hashed names); the signed-in person's
 * account, cards, pets and recently viewed cards (API answers and pictures) are network-first with
 * the last answer kept, and so are the conversation list and the threads opened (issue 30). A card
 * visitor downloads only what they use, and the card page they opened asks to be kept (`warm`, sent by
 * card-boot.ts: the page, its scripts and pictures), so it opens again offline in a new tab; a
 * signed-in page asks for the whole app (`cacheApp`) so every screen opens offline. `clearPrivate` (sign-out) drops saved API
 * answers. A new version installs and waits until the page says `skipWaiting` (its Reload button).
 *
 * Push: shows the notification a push carries (`TPushPayload`); a click focuses an open window of
 * the app and navigates it, or opens one, at the payload's `url`.
 */
/// <reference lib="webworker" />
import type { TPushPayload } from '@vbc/shared/push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

const SCOPE = new URL(self.registration.scope).pathname; // '/vbc/'
const VERSION = 'v1';
const SHELL_CACHE = `vbc-shell-${VERSION}`;
const ASSET_CACHE = 'vbc-assets';
const PAGE_CACHE = 'vbc-pages';
const API_CACHE = 'vbc-api';
const MAX_PAGES = 60;
const MAX_API = 300;

// Everything the build produced (injected at build time); icons and the manifest are saved on install.
const MANIFEST = self.__WB_MANIFEST;
const url = (entry: { url: string }) => new URL(entry.url, self.registration.scope).href;
// (The plugin lists the manifest and icons twice; Cache.addAll refuses duplicates.)
const INSTALL_NOW = [...new Set(MANIFEST.filter((e) => /\.(png|svg|webmanifest)$/.test(e.url)).map(url))];
const WHOLE_APP = [...new Set(MANIFEST.filter((e) => /\.(js|css)$/.test(e.url) && !e.url.includes('service-worker')).map(url))];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(SHELL_CACHE).then(async (cache) => {
      await cache.addAll(INSTALL_NOW);
      // The shell: the app at its start address, for any page never saved before.
      await cache.add(new Request(SCOPE, { cache: 'reload' })).catch(() => undefined);
    }),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith('vbc-shell-') && name !== SHELL_CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: string[] } | null;
  if (data?.type === 'skipWaiting') void self.skipWaiting();
  else if (data?.type === 'cacheApp') event.waitUntil(cacheMissing(ASSET_CACHE, WHOLE_APP));
  else if (data?.type === 'warm' && Array.isArray(data.urls)) event.waitUntil(warm(data.urls));
  else if (data?.type === 'clearPrivate') event.waitUntil(caches.delete(API_CACHE));
});

/** Saved API answers and pictures: the account, own cards and pets, recently viewed cards. */
const API_PATTERNS = [
  /^\/api\/personalAccount\/myAccount$/i,
  /^\/api\/vbc\/virtualcontact\/[^/]+$/i,
  /^\/api\/vp\/virtualpet\/[^/]+$/i,
  /^\/api\/vbc\/recents$/i,
  /^\/api\/conversation$/i,
  /^\/api\/conversation\/(?!haveUnseenMessages$)[^/]+$/i,
  /^\/api\/conversation\/[^/]+\/messages$/i,
  /^\/ds\/vbc\/(profilepicture|odisplay|display)\//i,
  /^\/ds\/vp\/i\//i,
];

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const u = new URL(request.url);
  if (u.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && u.pathname.startsWith(SCOPE)) {
    event.respondWith(page(request));
  } else if (u.pathname.startsWith(`${SCOPE}assets/`)) {
    event.respondWith(cacheFirst(request));
  } else if (API_PATTERNS.some((p) => p.test(u.pathname))) {
    event.respondWith(networkFirst(request, API_CACHE, MAX_API));
  }
});

/** A page: the network (saved for later), else this address saved, else the app shell. */
async function page(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok) await put(PAGE_CACHE, request, response.clone(), MAX_PAGES);
    return response;
  } catch (error) {
    const saved = (await caches.match(request, { ignoreSearch: true })) ?? (await caches.match(SCOPE));
    if (saved) return saved;
    throw error;
  }
}

async function cacheFirst(request: Request): Promise<Response> {
  const saved = await caches.match(request);
  if (saved) return saved;
  const response = await fetch(request);
  if (response.ok) await put(ASSET_CACHE, request, response.clone(), 400);
  return response;
}

async function networkFirst(request: Request, cacheName: string, max: number): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok) await put(cacheName, request, response.clone(), max);
    return response;
  } catch (error) {
    const saved = await caches.match(request, { cacheName });
    if (saved) return saved;
    throw error;
  }
}

/** Saves a response, dropping the oldest entries beyond `max`. */
async function put(cacheName: string, request: Request, response: Response, max: number): Promise<void> {
  const cache = await caches.open(cacheName);
  await cache.put(request, response);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(old);
}

async function cacheMissing(cacheName: string, urls: string[]): Promise<void> {
  const cache = await caches.open(cacheName);
  for (const u of urls) {
    if (await cache.match(u)) continue;
    await cache.add(u).catch(() => undefined);
  }
}

/**
 * Fetches and saves addresses the page names: own cards and pets (API answers and their pages), or
 * the card page a visitor opened with its scripts, styles and pictures (a page's view is counted
 * by the page once it shows, so keeping it counts none).
 */
async function warm(urls: string[]): Promise<void> {
  for (const u of urls.slice(0, 100)) {
    const target = new URL(u, self.location.origin);
    if (target.origin !== self.location.origin) continue;
    const isAsset = target.pathname.startsWith(`${SCOPE}assets/`);
    const isPage = target.pathname.startsWith(SCOPE) && !isAsset && !/\.\w+$/.test(target.pathname);
    if (isAsset && (await caches.match(target.href))) continue;
    const headers: Record<string, string> = isPage ? { accept: 'text/html' } : {};
    const request = new Request(target.href, { credentials: 'same-origin', headers });
    try {
      const response = await fetch(request);
      if (!response.ok) continue;
      if (isAsset) await put(ASSET_CACHE, request, response, 400);
      else await put(isPage ? PAGE_CACHE : API_CACHE, request, response, isPage ? MAX_PAGES : MAX_API);
    } catch {
      return; // offline: try again on the next start
    }
  }
}

self.addEventListener('push', (event) => {
  let payload: TPushPayload;
  try {
    payload = event.data?.json() as TPushPayload;
  } catch {
    return;
  }
  if (!payload?.title) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: `${SCOPE}icons/icon-192.png`,
      badge: `${SCOPE}icons/icon-192.png`,
      data: { url: payload.url, kind: payload.kind },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data as { url?: string } | null)?.url ?? SCOPE, self.location.origin);
  // Only addresses inside the app.
  const href =
    target.origin === self.location.origin && target.pathname.startsWith(SCOPE) ? target.href : new URL(SCOPE, self.location.origin).href;
  event.waitUntil(openOrFocus(href));
});

/** Focuses an open window of the app and sends it to `href`, or opens a new one. */
async function openOrFocus(href: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).pathname.startsWith(SCOPE));
  if (open) {
    await open.focus().catch(() => undefined);
    open.postMessage({ type: 'navigate', url: href });
    return;
  }
  await self.clients.openWindow(href);
}
