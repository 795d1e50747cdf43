/**
 * Delivering one push (decision 088), the `push` job's work: the payload is encrypted for the subscription's
 * browser (aes128gcm, RFC 8291) and signed with the VAPID key (RFC 8292) by the web-push library, then POSTed
 * to the endpoint by us through the same guard as the Pin builder's fetching: https only, every DNS answer
 * public, the connection made to the vetted addresses (no DNS rebinding) and its peer checked again.
 *
 * The push service's answer decides: 2xx delivered (the failures forgotten); 404 or 410 the subscription is
 * gone and is removed; 429, 5xx or no answer are tried again with the queue's backoff, and after the last try
 * count one failure; any other answer (400, 401, 403, 413: the same request would fail again) and an endpoint
 * the guard refuses count one failure at once. MAX_FAILURES failures in a row remove the subscription.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { canonicalAddress, FetchRefusedError, isPublicAddress, pinnedLookup, vetUrl } from '../pin-builder';
import { vapidKeys, type VapidKeys } from './push.keys';
import { pushRepo } from './push.repo';

/** How long a push service keeps a push for a browser that is offline (seconds). */
const PUSH_TTL_SECONDS = 24 * 3600;
/** Failures in a row (each after all its retries) that remove a subscription. */
const MAX_FAILURES = 5;
/** The plaintext's most bytes: below the 4078 a record can carry, with room to spare (decision 088). */
const PUSH_PAYLOAD_MAX_BYTES = 3072;
const TIMEOUT_MS = 10_000;

/** What a push says: the notification's title and body, the address it opens, and its tag (a newer one of a tag replaces the older). */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** The `push` job's payload: one subscription, one message. */
export const pushJobPayload = z.object({
  subscription_id: z.string().regex(/^\d+$/),
  title: z.string().max(1000),
  body: z.string().max(PUSH_PAYLOAD_MAX_BYTES),
  url: z.string().max(2000),
  tag: z.string().max(200),
});
export type PushJob = z.infer<typeof pushJobPayload>;

/** The message cut to fit: title, address and tag within bounds, then the body shortened until the JSON is under the limit. */
export function fittedMessage(m: PushMessage): PushMessage {
  const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
  const fitted = { title: cut(m.title, 200), body: cut(m.body, 2000), url: m.url.length > 2000 ? '/' : m.url, tag: m.tag.slice(0, 200) };
  while (Buffer.byteLength(JSON.stringify(fitted)) > PUSH_PAYLOAD_MAX_BYTES && fitted.body.length > 0) {
    fitted.body = cut(fitted.body, Math.floor(fitted.body.length * 0.8));
  }
  return fitted;
}

/** The push service's answer that is worth another try later. */
class PushRetry extends Error {
  override name = 'PushRetry';
}

/** A failure that another try would not mend. */
export class PushRefused extends Error {
  override name = 'PushRefused';
}

interface DeliverDeps {
  db: Db;
  config: { vapidKeys: VapidKeys | null; vapidSubject: string; fetchAllowPrivateAddresses: boolean };
  signal: AbortSignal;
  /** No retry follows: a failure now counts. */
  lastAttempt: boolean;
}

/**
 * Sends one push. Throws PushRefused when it failed for good (counted), another error when the queue should try
 * again (counted on the last attempt); answers what happened otherwise.
 */
export async function deliverPush(job: PushJob, d: DeliverDeps): Promise<'delivered' | 'gone' | 'unsubscribed'> {
  const sub = await pushRepo.byId(d.db, job.subscription_id);
  if (!sub) return 'unsubscribed';
  const keys = await vapidKeys(d.db, d.config);
  const { title, body, url, tag } = job;
  const details = webpush.generateRequestDetails(
    { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    JSON.stringify({ title, body, url, tag }),
    {
      vapidDetails: { subject: d.config.vapidSubject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: PUSH_TTL_SECONDS,
      urgency: 'normal',
      contentEncoding: 'aes128gcm',
      // A push of the same tag still waiting at the push service is replaced by this one (RFC 8030, section 5.4).
      topic: createHash('sha256').update(tag).digest('base64url').slice(0, 32),
    },
  );
  const fail = async (err: Error, counts: boolean) => {
    if (counts) await pushRepo.failed(d.db, sub.id, sub.endpoint, MAX_FAILURES);
    throw err;
  };
  let status: number;
  try {
    status = await postPush(details, { allowPrivate: d.config.fetchAllowPrivateAddresses, signal: d.signal });
  } catch (err) {
    if (err instanceof FetchRefusedError && err.reason !== 'unreachable' && err.reason !== 'timeout') {
      return fail(new PushRefused(`The push endpoint is refused: ${err.message}`, { cause: err }), true);
    }
    return fail(new PushRetry(`The push service could not be reached: ${(err as Error).message}`, { cause: err }), d.lastAttempt);
  }
  if (status >= 200 && status < 300) {
    await pushRepo.delivered(d.db, sub.id, sub.endpoint);
    return 'delivered';
  }
  if (status === 404 || status === 410) {
    await pushRepo.remove(d.db, sub.id, sub.endpoint);
    return 'gone';
  }
  if (status === 429 || status >= 500) return fail(new PushRetry(`The push service answered ${status}`), d.lastAttempt);
  return fail(new PushRefused(`The push service refused the push: ${status}`), true);
}

/** POSTs the encrypted push to its endpoint through the address guard; answers the HTTP status. */
async function postPush(details: webpush.RequestDetails, o: { allowPrivate: boolean; signal: AbortSignal }): Promise<number> {
  const url = new URL(details.endpoint);
  if (url.protocol !== 'https:' && !(o.allowPrivate && url.protocol === 'http:')) throw new FetchRefusedError('invalid_url');
  const signal = AbortSignal.any([o.signal, AbortSignal.timeout(TIMEOUT_MS)]);
  const vetted = await vetUrl(url, o.allowPrivate, { signal });
  const allowed = new Set(vetted.addresses.map((a) => canonicalAddress(a.address)));
  const secure = url.protocol === 'https:';
  return new Promise<number>((resolve, reject) => {
    const req = (secure ? https : http).request({
      protocol: url.protocol,
      host: vetted.host,
      port: url.port === '' ? (secure ? 443 : 80) : Number(url.port),
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      headers: { ...details.headers, Host: url.host, Connection: 'close' },
      agent: false,
      lookup: pinnedLookup(vetted.addresses),
      signal,
      ...(secure ? { servername: vetted.host.replace(/\.$/, '') } : {}),
    });
    req.once('socket', (socket) => {
      socket.once('connect', () => {
        const peer = socket.remoteAddress ?? '';
        if (!allowed.has(canonicalAddress(peer)) || !(o.allowPrivate || isPublicAddress(peer))) req.destroy(new FetchRefusedError('blocked_address'));
      });
    });
    req.once('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(details.body ?? undefined);
  });
}
