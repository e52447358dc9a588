// GET /sw.js - the service worker: an offline page for navigations, and Web Push notifications.
// Served by the app (not public/) so that it is never cached long: a browser checks it for updates.

import { NOTIFICATIONS_PATH } from "@/features/notifications/constants";

const OFFLINE_URL = "/offline";
const CACHE = "community-offline-v1";

// Plain JavaScript for the browser; nothing here runs on the server.
const SCRIPT = `
const OFFLINE_URL = ${JSON.stringify(OFFLINE_URL)};
const CACHE = ${JSON.stringify(CACHE)};
const NOTIFICATIONS_PATH = ${JSON.stringify(NOTIFICATIONS_PATH)};

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.add(new Request(OFFLINE_URL, { cache: "reload" }))).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name)))).then(() => self.clients.claim()),
  );
});

// Pages come from the network; without one, the offline page. Nothing else is cached: members' pages are private.
self.addEventListener("fetch", (event) => {
  if (event.request.mode !== "navigate") return;
  event.respondWith(fetch(event.request).catch(() => caches.open(CACHE).then((cache) => cache.match(OFFLINE_URL))));
});

// The one rule for a same-site path (src/lib/same-site-path.ts), as the browser follows it: a link
// that would leave this site, or a path that is not plainly one, opens her notifications instead.
function sameSiteUrl(path) {
  const fallback = new URL(NOTIFICATIONS_PATH, self.location.origin).href;
  if (typeof path !== "string" || !path.startsWith("/") || /[\u0000-\u001F\u007F\\\\]/.test(path)) return fallback;
  try {
    const url = new URL(path, self.location.origin);
    return url.origin === self.location.origin && !(url.pathname + url.search + url.hash).startsWith("//") ? url.href : fallback;
  } catch (error) {
    return fallback;
  }
}

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (error) {
    data = { title: event.data ? event.data.text() : "" };
  }
  const title = data.title || "Something new in the community";
  event.waitUntil(self.registration.showNotification(title, { tag: data.tag, data: { url: sameSiteUrl(data.url) }, icon: "/icons/icon-192.png", badge: "/icons/icon-192.png" }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = sameSiteUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
`;

export const dynamic = "force-static";

export function GET() {
  return new Response(SCRIPT, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache",
      "Service-Worker-Allowed": "/",
    },
  });
}
