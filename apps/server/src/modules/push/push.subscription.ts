/**
 * What a Web Push subscription must be before it is kept (decision 088): the browser's keys as RFC 8291 needs
 * them (p256dh an uncompressed P-256 point, 65 bytes; auth 16 bytes; both base64url), and an endpoint the
 * server may post to: https on the usual port, no credentials, not a loopback or private address written as
 * such. The host's DNS answers are checked when each push is sent (push.deliver.ts), where they count.
 * FETCH_ALLOW_PRIVATE_ADDRESSES (tests only) lets http and private endpoints through, for the tests' own push service.
 */
import { ECDH } from 'node:crypto';
import { isIP } from 'node:net';
import { keyedError } from '../../lib/app-error';
import { isPublicAddress } from '../pin-builder';

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The bytes of a base64url text (padding tolerated), or null when it is not one. */
function base64url(text: string): Buffer | null {
  if (!BASE64URL.test(text)) return null;
  // Node's decoder reads base64url with or without its padding.
  return Buffer.from(text, 'base64url');
}

/** The browser's keys, checked and written without padding; a keyed 400 names the one that is wrong. */
export function checkedKeys(keys: { p256dh: string; auth: string }): { p256dh: string; auth: string } {
  const point = base64url(keys.p256dh);
  if (!point || point.length !== 65 || point[0] !== 0x04 || !onCurve(point)) throw keyedError('INVALID_INPUT', 'push.p256dh');
  const auth = base64url(keys.auth);
  if (!auth || auth.length !== 16) throw keyedError('INVALID_INPUT', 'push.auth');
  return { p256dh: point.toString('base64url'), auth: auth.toString('base64url') };
}

/** Whether the 65 bytes are a point of P-256 (OpenSSL refuses one that is not). */
function onCurve(point: Buffer): boolean {
  try {
    ECDH.convertKey(point, 'prime256v1', undefined, undefined, 'compressed');
    return true;
  } catch {
    return false;
  }
}

/** The endpoint as kept (the URL's own spelling), or a keyed 400 when the server may not post there. */
export function checkedEndpoint(endpoint: string, allowPrivate: boolean): string {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw keyedError('INVALID_INPUT', 'push.endpoint');
  }
  const schemes = allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol) || url.username !== '' || url.password !== '') throw keyedError('INVALID_INPUT', 'push.endpoint');
  if (!allowPrivate) {
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const literal = isIP(host) !== 0;
    if (url.port !== '' || (literal && !isPublicAddress(host)) || host === 'localhost' || host.endsWith('.localhost') || (!host.includes('.') && !literal)) {
      throw keyedError('INVALID_INPUT', 'push.endpoint');
    }
  }
  return endpoint;
}
