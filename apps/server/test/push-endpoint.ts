/**
 * A push service of the test's own (decision 088): no browser's push service is reachable from the tests, so
 * this one stands in for it on a local port. A test makes a subscription with `subscriber()`: a real P-256 key
 * pair and auth secret, as a browser makes them, and an endpoint here. Each POST the server sends is checked
 * the way a push service and a browser would: the `Authorization: vapid t=…, k=…` header (RFC 8292: the JWT's
 * ES256 signature verifies with k, `aud` is the endpoint's origin, `exp` is in the future and within 24 hours,
 * `sub` is the subject), `Content-Encoding: aes128gcm` and a TTL; then the body is decrypted with the
 * subscription's private key and auth secret (RFC 8291 and RFC 8188, written here with node:crypto, apart
 * from the library the server encrypts with). What a check finds wrong is kept in `problems` and answered 400.
 *
 * `answer(endpoint, status)` makes the endpoint answer a status instead of 201 (410: the subscription is gone).
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Delivery {
  endpoint: string;
  /** The decrypted payload. */
  plaintext: string;
  headers: IncomingMessage['headers'];
  /** The VAPID public key (k) the push was signed with. */
  vapidKey: string;
  jwt: { aud: string; exp: number; sub: string };
}

export interface Subscriber {
  /** What the browser hands the web app (PushSubscription.toJSON()). */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string }; expirationTime: null };
  endpoint: string;
}

export interface PushEndpoint {
  origin: string;
  /** A new browser's subscription with an endpoint here. */
  subscriber(): Subscriber;
  /** Every push received and decrypted, in order. */
  deliveries: Delivery[];
  /** Every POST that arrived (decrypted or not), by endpoint. */
  posts: string[];
  /** What the checks found wrong. */
  problems: string[];
  /** From now on the endpoint answers `status` (201 again with 201). */
  answer(endpoint: string, status: number): void;
  /** Waits until `count` pushes have arrived at `endpoint` (or at all, without one); past `timeoutMs`, throws. */
  waitFor(count: number, endpoint?: string, timeoutMs?: number): Promise<Delivery[]>;
  close(): Promise<void>;
}

const b64 = (b: Buffer) => b.toString('base64url');

export async function startPushEndpoint(o: { subject: string }): Promise<PushEndpoint> {
  const browsers = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const answers = new Map<string, number>();
  const deliveries: Delivery[] = [];
  const posts: string[] = [];
  const problems: string[] = [];
  let origin = '';
  let made = 0;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const endpoint = `${origin}${req.url ?? ''}`;
      posts.push(endpoint);
      const refuse = (why: string) => {
        problems.push(`${endpoint}: ${why}`);
        res.writeHead(400).end(why);
      };
      try {
        const browser = browsers.get(endpoint);
        if (req.method !== 'POST' || !browser) return refuse(`unexpected ${req.method} to an unknown endpoint`);
        const vapid = checkVapid(req.headers.authorization ?? '', origin, o.subject);
        if (typeof vapid === 'string') return refuse(vapid);
        if (req.headers['content-encoding'] !== 'aes128gcm') return refuse(`Content-Encoding is ${req.headers['content-encoding']}`);
        if (!/^\d+$/.test(String(req.headers.ttl ?? ''))) return refuse(`TTL is ${req.headers.ttl}`);
        const plaintext = decrypt(Buffer.concat(chunks), browser.ecdh, browser.auth);
        const status = answers.get(endpoint) ?? 201;
        if (status === 201) deliveries.push({ endpoint, plaintext, headers: req.headers, ...vapid });
        res.writeHead(status).end();
      } catch (err) {
        refuse(`could not be read: ${(err as Error).message}`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    deliveries,
    posts,
    problems,
    subscriber() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${++made}-${b64(randomBytes(6))}`;
      browsers.set(endpoint, { ecdh, auth });
      return { endpoint, subscription: { endpoint, keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) }, expirationTime: null } };
    },
    answer(endpoint, status) {
      answers.set(endpoint, status);
    },
    async waitFor(count, endpoint, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const got = deliveries.filter((d) => !endpoint || d.endpoint === endpoint);
        if (got.length >= count) return got;
        if (Date.now() > deadline) throw new Error(`${got.length} of ${count} pushes arrived in ${timeoutMs} ms; problems: ${problems.join('; ')}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The VAPID header's token and key checked (RFC 8292, sections 2 and 3); a string says what is wrong. */
function checkVapid(header: string, origin: string, subject: string): { vapidKey: string; jwt: Delivery['jwt'] } | string {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header);
  if (!m) return `Authorization is not "vapid t=…, k=…": ${header}`;
  const [token, vapidKey] = [m[1]!, m[2]!];
  const point = Buffer.from(vapidKey, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return 'k is not an uncompressed P-256 point';
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33)) }, format: 'jwk' });
  const [head, body, signature] = token.split('.') as [string, string, string];
  const header64 = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string; typ?: string };
  if (header64.alg !== 'ES256') return `the JWT's alg is ${header64.alg}`;
  const signed = verify('sha256', Buffer.from(`${head}.${body}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) return "the JWT's signature does not verify with k";
  const jwt = JSON.parse(Buffer.from(body, 'base64url').toString()) as Delivery['jwt'];
  const now = Date.now() / 1000;
  if (jwt.aud !== origin) return `aud is ${jwt.aud}, not ${origin}`;
  if (!(jwt.exp > now && jwt.exp <= now + 24 * 3600)) return `exp ${jwt.exp} is not within the next 24 hours`;
  if (jwt.sub !== subject) return `sub is ${jwt.sub}, not ${subject}`;
  return { vapidKey, jwt };
}

/** RFC 8291 section 3.4 and RFC 8188 section 2: one aes128gcm record decrypted with the browser's private key and auth secret. */
function decrypt(body: Buffer, ecdh: ECDH, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`the key id is ${idLength} bytes, not a P-256 key`);
  if (record.length > recordSize) throw new Error('more than one record');
  const shared = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the last record does not end with its delimiter 0x02');
  return padded.subarray(0, end).toString('utf8');
}
