/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { openLink, sameOriginLink } from './open-link';

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

// The page asks a waiting worker to take over when the player accepts the update.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/** A push from the server (src/server/push/push.ts): shown as a notification. */
interface PushPayload {
  title: string;
  body: string;
  link: string;
  tag: string;
}

self.addEventListener('push', (event: PushEvent) => {
  let p: Partial<PushPayload> = {};
  try {
    p = (event.data?.json() ?? {}) as Partial<PushPayload>;
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
