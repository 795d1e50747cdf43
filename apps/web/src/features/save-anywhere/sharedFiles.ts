/**
 * Pictures shared to the installed app (the web manifest's share target, a POST of multipart form data):
 * the service worker (public/sw.js) keeps each in this cache under its key and opens the save window with
 * `?shared={key}`; the window takes it out once (decision 101).
 */
const CACHE = 'pinboard-shared-files';

export async function takeSharedFile(key: string): Promise<Blob | null> {
  if (typeof caches === 'undefined') return null;
  const cache = await caches.open(CACHE);
  const address = `/pin/create/share/file/${key}`;
  const answer = await cache.match(address);
  if (!answer) return null;
  const blob = await answer.blob();
  await cache.delete(address);
  return blob.type.startsWith('image/') ? blob : null;
}
