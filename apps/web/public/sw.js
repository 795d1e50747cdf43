/*
 * The app's service worker (decision 087), served from the root (/sw.js) so
 * that its scope is the whole app. It shows pushes: each push is JSON
 * `{ title, body, url, tag }`; a click focuses a tab already on the app
 * (taking it to `url`) or opens `url`. And it receives what is shared to the
 * installed app (decision 101): the web manifest's share target POSTs
 * multipart form data to /pin/create/share/; a picture is kept in a cache under
 * a new key, and the save window opens with the link, title and text in its
 * address. Every other request goes to the network untouched.
 */
const ICON = '/apple-touch-icon.png';
const SHARE_PATH = '/pin/create/share/';
const SHARED_FILES = 'pinboard-shared-files';

self.addEventListener('install', (event) => {
  self.skipWaiting();
  // Only the share target's POST needs this worker: where the browser has static routes, every other request
  // goes to the network without waking it (a fetch listener otherwise sees every request of every page).
  if (typeof event.addRoutes === 'function') {
    event.waitUntil(event.addRoutes([{ condition: { not: { requestMethod: 'POST' } }, source: 'network' }]).catch(() => undefined));
  }
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  let payload;
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Pinboard';
  const url = typeof payload.url === 'string' ? payload.url : '/notifications/';
  const options = { body: typeof payload.body === 'string' ? payload.body : '', data: { url }, icon: ICON, badge: ICON };
  if (typeof payload.tag === 'string' && payload.tag) options.tag = payload.tag;
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || '/notifications/', self.location.origin);
  // Only our own pages: a push cannot send a click elsewhere.
  const url = target.origin === self.location.origin ? target.href : new URL('/notifications/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (clients) => {
      const tab = clients.find((client) => new URL(client.url).origin === self.location.origin);
      if (tab) {
        const focused = await tab.focus();
        return 'navigate' in focused ? focused.navigate(url) : focused;
      }
      return self.clients.openWindow(url);
    }),
  );
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'POST' || url.origin !== self.location.origin || url.pathname !== SHARE_PATH) return;
  event.respondWith(receiveShare(event.request));
});

async function receiveShare(request) {
  const target = new URL(SHARE_PATH, self.location.origin);
  try {
    const form = await request.formData();
    for (const name of ['title', 'text', 'url']) {
      const value = form.get(name);
      if (typeof value === 'string' && value.trim()) target.searchParams.set(name, value.trim());
    }
    const file = form.getAll('image').find((value) => typeof value !== 'string' && value.type.startsWith('image/'));
    if (file) {
      const key = Date.now().toString(36) + Math.random().toString(36).slice(2, 10);
      const cache = await caches.open(SHARED_FILES);
      await cache.put(`${SHARE_PATH}file/${key}`, new Response(file, { headers: { 'content-type': file.type } }));
      target.searchParams.set('shared', key);
    }
  } catch {
    // An unreadable share opens the save window empty, which says so.
  }
  return Response.redirect(target.href, 303);
}
