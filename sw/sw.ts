/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import { openLink, sameOriginLink } from './open-link';
import { FLUSH_OUTBOX, OUTBOX_SYNC_TAG, PACKS_SYNC_TAG } from '../src/core/offline/outbox-shape';
import { replayOutbox } from '../src/offline/outbox';
import { readPush, type PushPayload } from './push-payload';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

// The app shell: every built asset, precached and served cache-first.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Client-side routes get the shell; server paths never do.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/dev(\/|$)/, /^\/media(\/|$)/, /^\/healthz(\/|$)/],
  }),
);

// Question packs (fun and learn, daily quiz, bookmarks): fresh from the server when it answers
// (revalidated with their ETag), from the cache when it does not. One player's data: the cache
// is dropped on logout, so the Authorization header need not be part of the key.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/api/packs/'),
  new NetworkFirst({
    cacheName: 'quizhub-packs',
    networkTimeoutSeconds: 4,
    matchOptions: { ignoreVary: true },
  }),
);

// Images and audio of questions and categories (uploads under /media, the demo's under /images
// and /audio): once fetched (a pack warms them), kept for offline play; bounded.
const MEDIA_PATHS = /^\/(media|images|audio)\//;
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && MEDIA_PATHS.test(url.pathname),
  new CacheFirst({
    cacheName: 'quizhub-pack-media',
    // An <audio> element asks for byte ranges: answered from the whole cached file.
    plugins: [
      new RangeRequestsPlugin(),
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 86_400, purgeOnQuotaError: true }),
    ],
  }),
);

// Result posts that could not go: replayed when the browser says the network is back. Throwing
// asks the browser to fire the sync again later (with its own backoff) while some are left.
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
self.addEventListener('sync', ((event: SyncEvent) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  event.waitUntil(
    replayOutbox().then((r) => {
      if (r.retry) throw new Error(`${r.pending} result(s) still waiting`);
    }),
  );
}) as EventListener);

// Periodic Background Sync (an installed app, where the browser grants it): the packs the player
// has are fetched again with the request they were cached under (its bearer included), so they
// stay fresh without the app being opened. Logout deletes the cache, and with it the bearer.
interface PeriodicSyncEvent extends ExtendableEvent {
  readonly tag: string;
}
self.addEventListener('periodicsync', ((event: PeriodicSyncEvent) => {
  if (event.tag !== PACKS_SYNC_TAG) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open('quizhub-packs');
      for (const req of await cache.keys()) {
        const res = await fetch(req).catch(() => null);
        if (res?.ok) await cache.put(req, res);
      }
    })(),
  );
}) as EventListener);

// The first install takes the open page at once (issue 21): without it the page that signed up
// stays uncontrolled for its whole visit and none of its requests reach the caches above. Only
// uncontrolled pages change hands; an update still waits for the player (SKIP_WAITING below).
self.addEventListener('activate', (event: ExtendableEvent) => {
  event.waitUntil(self.clients.claim());
});

// The page asks a waiting worker to take over when the player accepts the update, and asks the
// worker to send the outbox now (the network is back, the app came to the front, a call went
// through): Background Sync only fires on the browser's schedule, and stays for a closed app.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  if (type === FLUSH_OUTBOX) {
    const port = event.ports[0];
    event.waitUntil(
      replayOutbox().then(
        (r) => port?.postMessage({ pending: r.pending, retry: r.retry }),
        () => port?.postMessage({ pending: -1, retry: true }),
      ),
    );
  }
});

// A push from the server (Web Push, or FCM in Firebase mode): shown as a notification.
self.addEventListener('push', (event: PushEvent) => {
  let p: Partial<PushPayload> = {};
  try {
    p = readPush(event.data?.json());
  } catch {
    p = { body: event.data?.text() ?? '' };
  }
  event.waitUntil(
    self.registration.showNotification(p.title || 'QuizHub', {
      body: p.body ?? '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: p.tag,
      data: { link: sameOriginLink(p.link, self.location.origin) },
    }),
  );
});

// A click opens the notification's screen (sw/open-link.ts).
self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const link = sameOriginLink((event.notification.data as { link?: unknown } | null)?.link, self.location.origin);
  event.waitUntil(openLink(self.clients, link));
});
