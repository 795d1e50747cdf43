/**
 * The share target's POST when no service worker answered it (decision 101): the server sends the save window
 * the shared title, text and link, and a key for a picture that holds nothing, so the window asks to share it
 * again; it needs no session and no CSRF token, and keeps nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function shareForm(fields: Record<string, string>, picture?: Buffer) {
  const boundary = '----share' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (picture)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      picture,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const share = (form: ReturnType<typeof shareForm>) => t.app.inject({ method: 'POST', url: '/pin/create/share/', ...form });

describe('the share target without its service worker', () => {
  it('sends a shared link with its title and text to the save window, without a session or CSRF token', async () => {
    const res = await share(shareForm({ title: 'Lake trail', text: 'Look at this https://trails.example/lake', url: 'https://trails.example/lake' }));
    expect(res.statusCode).toBe(303);
    const to = new URL(res.headers.location as string, 'http://x');
    expect(to.pathname).toBe('/pin/create/share/');
    expect(Object.fromEntries(to.searchParams)).toEqual({
      title: 'Lake trail',
      text: 'Look at this https://trails.example/lake',
      url: 'https://trails.example/lake',
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('reads a shared picture through, keeps nothing, and sends the window a key that holds nothing', async () => {
    const res = await share(shareForm({ title: 'Sunset' }, Buffer.alloc(200_000, 7)));
    expect(res.statusCode).toBe(303);
    const to = new URL(res.headers.location as string, 'http://x');
    expect(Object.fromEntries(to.searchParams)).toEqual({ title: 'Sunset', shared: 'missed' });
  });

  it('leaves out empty and unknown fields, and cuts very long ones', async () => {
    const res = await share(shareForm({ title: '  ', other: 'x', url: `https://a.example/${'a'.repeat(5000)}` }));
    const to = new URL(res.headers.location as string, 'http://x');
    expect([...to.searchParams.keys()]).toEqual(['url']);
    expect(to.searchParams.get('url')).toHaveLength(2048);
  });

  it('answers a body that is not multipart with the empty save window, and a broken one with the envelope', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/pin/create/share/' });
    expect(empty.statusCode).toBe(303);
    expect(empty.headers.location).toBe('/pin/create/share/');
    const broken = await t.app.inject({
      method: 'POST',
      url: '/pin/create/share/',
      headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
      payload: '--zzz\r\nContent-Disposition: form-data; name="title"\r\n\r\nno end',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ status: 'failure' });
  });
});
