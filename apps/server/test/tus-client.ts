/**
 * Bulk upload's tus requests (decision 098) as a browser's tus client sends them: the session cookie, the CSRF
 * header and Tus-Resumable, to one server (a test app; with several, each its own).
 */
import type { TestApp, TestClient } from './test-app';

export const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** One tus request of the browser `c` to `server`. */
export async function tus(
  server: TestApp,
  c: TestClient,
  method: 'POST' | 'HEAD' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string> = {},
  payload?: Buffer,
) {
  await c.ensureCsrf();
  return server.app.inject({
    method,
    url,
    headers: {
      cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrftoken': c.cookies.get('csrftoken') ?? '',
      'tus-resumable': '1.0.0',
      ...headers,
    },
    payload,
  });
}

/** POST: a new upload of `length` bytes in `batch`; answers the response (its Location on success). */
export const createUpload = (server: TestApp, c: TestClient, batch: string, length: number, name = 'photo.png') =>
  tus(server, c, 'POST', '/v3/uploads/', { 'upload-length': String(length), 'upload-metadata': `batch ${b64(batch)},filename ${b64(name)}` });

/** PATCH: `part` at `offset` of the upload at `location`. */
export const patchUpload = (server: TestApp, c: TestClient, location: string, offset: number, part: Buffer) =>
  tus(server, c, 'PATCH', location, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, part);
