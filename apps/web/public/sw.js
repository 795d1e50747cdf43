/*
 * The app's service worker (decision 087), served from the root (/sw.js) so
 * that its scope is the whole app. For now it only shows pushes: each push is
 * JSON `{ title, body, url, tag }`; a click focuses a tab already on the app
 * (taking it to `url`) or opens `url`. A later offline/PWA step extends it.
 */
const ICON = '/apple-touch-icon.png';

self.addEventListener('install', () => {
  self.skipWaiting();
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
