/**
 * Fetches a page or image that a person named by URL, without letting that
 * URL reach anything but the public internet (docs/product/api-contract.md §6: never loopback,
 * private, link-local or other non-public addresses, after every redirect and
 * every DNS answer).
 *
 * Every hop is vetted by `vetUrl`: http(s) only, no credentials, ports 80/443,
 * and every DNS answer for the host must be public. The connection is then
 * made to the vetted addresses themselves (a `lookup` that hands back what was
 * vetted), so a DNS answer that changes between the check and the connect
 * (DNS rebinding) cannot move it; the Host header and TLS server name stay
 * those of the URL. The socket's peer address is checked once more on
 * connect. Redirects are followed by hand, each one vetted again. The body is
 * counted while it streams (after decompression) and the whole exchange has
 * one deadline.
 *
 * Tests switch the address rule off for their own loopback fixtures with
 * `allowPrivateAddresses: true` (which also allows any port).
 */
import { promises as dns } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { blockedPortMessage, FetchRefusedError, type FetchSubject } from './fetch-errors';
import { canonicalAddress, isPublicAddress } from './ip-policy';

export { FetchRefusedError } from './fetch-errors';

export const USER_AGENT = 'PinboardBot/1.0 (+https://github.com/pinboard)';
const DEFAULT_TIMEOUT_MS = 8000;
const DEFAULT_MAX_REDIRECTS = 5;

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** How host names are resolved; tests inject a fake `lookup`. Defaults to `dns.promises.lookup(host, { all: true })`. */
export interface Resolver {
  lookup?: (host: string) => Promise<ResolvedAddress[]>;
}

export interface VetOptions {
  resolver?: Resolver | undefined;
  /**
   * Exact addresses allowed besides public ones, on any port. Only for tests
   * that need their own loopback fixture while everything else stays refused.
   */
  extraAllowedAddresses?: readonly string[] | undefined;
  /** Gives up waiting for DNS when aborted. */
  signal?: AbortSignal | undefined;
}

interface ResponseHead {
  finalUrl: string;
  status: number;
  contentType: string;
  contentLength: number | null;
}

export interface SafeFetchOptions extends Omit<VetOptions, 'signal'> {
  /** Tests only: allow loopback/private addresses and any port (for local fixture servers). */
  allowPrivateAddresses?: boolean;
  /** Most bytes of (decoded) body accepted; more is `too_large`. */
  maxBytes: number;
  /** Deadline for the whole exchange, redirects and DNS included. Default 8000. */
  timeoutMs?: number;
  /** The Accept header. Default `*\/*`. */
  accept?: string;
  /** Redirects followed before `too_many_redirects`. Default 5. */
  maxRedirects?: number;
  /** Wording of error messages. Default 'page'. */
  subject?: FetchSubject;
  /**
   * Called with the final response's head; returning false skips the body
   * (the result's body is then empty), e.g. when the content type shows it is
   * not wanted. Size limits apply only to bodies that are read.
   */
  readBody?: (head: ResponseHead) => boolean;
  /** Extra trusted CA certificates (PEM), for tests' own HTTPS fixtures. */
  ca?: string | Buffer;
}

export interface SafeFetchResult {
  finalUrl: string;
  status: number;
  contentType: string;
  body: Buffer;
}

export interface VettedUrl {
  url: URL;
  /** The URL's host name without IPv6 brackets. */
  host: string;
  /** Every address the host resolved to, all of them allowed. */
  addresses: ResolvedAddress[];
}

const ALLOWED_PORTS = new Set(['80', '443']);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const defaultLookup = async (host: string): Promise<ResolvedAddress[]> => dns.lookup(host, { all: true });

/**
 * Checks one URL (one hop) and resolves its host. Throws FetchRefusedError:
 * `invalid_url` (not an http(s) URL, credentials in it), `blocked_address`
 * (a non-public DNS answer or literal, a port other than 80/443) or
 * `unreachable` (the host does not resolve).
 */
export async function vetUrl(input: string | URL, allowPrivateAddresses: boolean, opts: VetOptions = {}): Promise<VettedUrl> {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new FetchRefusedError('invalid_url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefusedError('invalid_url');
  if (url.username !== '' || url.password !== '') throw new FetchRefusedError('invalid_url');
  const host = url.hostname.startsWith('[') && url.hostname.endsWith(']') ? url.hostname.slice(1, -1) : url.hostname;
  if (host === '') throw new FetchRefusedError('invalid_url');

  const extra = canonicalSet(opts.extraAllowedAddresses ?? []);
  const allowed = (ip: string) => allowPrivateAddresses || isPublicAddress(ip) || extra.has(canonicalAddress(ip));

  let addresses: ResolvedAddress[];
  const literal = isIP(host);
  if (literal !== 0) {
    addresses = [{ address: host, family: literal }];
  } else {
    const lookup = opts.resolver?.lookup ?? defaultLookup;
    try {
      addresses = await abortable(lookup(host), opts.signal);
    } catch (err) {
      if (opts.signal?.aborted) throw err;
      throw new FetchRefusedError('unreachable', { cause: err });
    }
    if (addresses.length === 0) throw new FetchRefusedError('unreachable');
  }

  // Every answer must be allowed: the connection may go to any of them.
  for (const { address } of addresses) {
    if (!allowed(address)) throw new FetchRefusedError('blocked_address');
  }
  if (url.port !== '' && !ALLOWED_PORTS.has(url.port)) {
    const fixture = addresses.every(({ address }) => extra.has(canonicalAddress(address)));
    if (!allowPrivateAddresses && !fixture) throw new FetchRefusedError('blocked_address', { message: blockedPortMessage() });
  }
  return { url, host, addresses };
}

/**
 * GETs `url`, following up to `maxRedirects` redirects, each hop vetted. Only
 * a 2xx answer is returned; anything else throws FetchRefusedError.
 */
export async function safeFetch(url: string, opts: SafeFetchOptions): Promise<SafeFetchResult> {
  const allowPrivate = opts.allowPrivateAddresses === true;
  const maxRedirects = opts.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const subject = opts.subject ?? 'page';
  if (!(opts.maxBytes >= 0)) throw new RangeError('maxBytes must be a non-negative number');

  const controller = new AbortController();
  const signal = controller.signal;
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: http.IncomingMessage | undefined;
  try {
    let current: string | URL = url;
    for (let hop = 0; ; hop++) {
      const vetted = await vetUrl(current, allowPrivate, {
        resolver: opts.resolver,
        extraAllowedAddresses: opts.extraAllowedAddresses,
        signal,
      });
      response = await send(vetted, opts, allowPrivate, signal);
      const res = response;
      const status = res.statusCode ?? 0;
      const location = res.headers.location;

      if (REDIRECTS.has(status) && location) {
        res.destroy();
        if (hop >= maxRedirects) throw new FetchRefusedError('too_many_redirects', { subject });
        try {
          current = new URL(location, vetted.url);
        } catch {
          throw new FetchRefusedError('invalid_url', { subject });
        }
        continue;
      }
      if (status < 200 || status > 299) {
        res.destroy();
        throw new FetchRefusedError('http_error', { subject, messageDetail: `HTTP ${status}` });
      }

      const contentType = headerValue(res.headers['content-type']);
      const lengthHeader = headerValue(res.headers['content-length']);
      const contentLength = /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : null;
      const head: ResponseHead = { finalUrl: vetted.url.href, status, contentType, contentLength };
      if (opts.readBody && !opts.readBody(head)) {
        res.destroy();
        return { finalUrl: head.finalUrl, status, contentType, body: Buffer.alloc(0) };
      }
      if (contentLength !== null && contentLength > opts.maxBytes) {
        res.destroy();
        throw new FetchRefusedError('too_large', { subject });
      }
      const body = await readLimited(res, opts.maxBytes, subject);
      return { finalUrl: head.finalUrl, status, contentType, body };
    }
  } catch (err) {
    if (err instanceof FetchRefusedError) throw err;
    if (signal.aborted) throw new FetchRefusedError('timeout', { subject, cause: err });
    throw new FetchRefusedError('unreachable', { subject, cause: err });
  } finally {
    clearTimeout(timer);
    response?.destroy();
  }
}

/** Sends the GET to the vetted addresses and resolves with the response head. */
function send(vetted: VettedUrl, opts: SafeFetchOptions, allowPrivate: boolean, signal: AbortSignal): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const { url, host, addresses } = vetted;
    const secure = url.protocol === 'https:';
    const extra = canonicalSet(opts.extraAllowedAddresses ?? []);
    const vettedSet = canonicalSet(addresses.map((a) => a.address));
    const options: https.RequestOptions = {
      protocol: url.protocol,
      host,
      port: url.port === '' ? (secure ? 443 : 80) : Number(url.port),
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers: {
        Host: url.host,
        'User-Agent': USER_AGENT,
        Accept: opts.accept ?? '*/*',
        'Accept-Encoding': 'gzip, deflate, br',
        Connection: 'close',
      },
      // A fresh agent: no pooled socket from another request, and our lookup is used.
      agent: false,
      lookup: pinnedLookup(addresses),
      signal,
    };
    if (secure) {
      // SNI and certificate check by the URL's name (never an IP, never a trailing dot).
      if (isIP(host) === 0) options.servername = host.replace(/\.$/, '');
      if (opts.ca !== undefined) options.ca = opts.ca;
    }

    const req = (secure ? https : http).request(options);
    req.once('socket', (socket) => {
      // Belt and braces: the peer must be one of the vetted addresses.
      socket.once('connect', () => {
        const peer = socket.remoteAddress ?? '';
        const key = canonicalAddress(peer);
        const ok = vettedSet.has(key) && (allowPrivate || isPublicAddress(peer) || extra.has(key));
        if (!ok) req.destroy(new FetchRefusedError('blocked_address'));
      });
    });
    req.once('response', resolve);
    req.on('error', reject);
    req.end();
  });
}

/** A `lookup` for net/tls that answers with the already vetted addresses, whatever the name. */
export function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
    const list = family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : [...addresses];
    process.nextTick(() => {
      const first = list[0];
      if (!first) {
        const err: NodeJS.ErrnoException = new Error('No vetted address of the requested family');
        err.code = 'ENOTFOUND';
        callback(err, '');
      } else if (options.all) {
        callback(
          null,
          list.map((a) => ({ address: a.address, family: a.family })),
        );
      } else {
        callback(null, first.address, first.family);
      }
    });
  };
}

/** Reads the (decoded) body, refusing it as soon as it passes maxBytes. */
async function readLimited(res: http.IncomingMessage, maxBytes: number, subject: FetchSubject): Promise<Buffer> {
  const source = decoded(res, subject);
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of source) {
      const buf = chunk as Buffer;
      total += buf.length;
      if (total > maxBytes) throw new FetchRefusedError('too_large', { subject });
      chunks.push(buf);
    }
  } finally {
    source.destroy();
    res.destroy();
  }
  return Buffer.concat(chunks, total);
}

function decoded(res: http.IncomingMessage, subject: FetchSubject): Readable {
  const encoding = headerValue(res.headers['content-encoding']).toLowerCase();
  let decoder: zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress;
  switch (encoding) {
    case '':
    case 'identity':
      return res;
    case 'gzip':
    case 'x-gzip':
      decoder = zlib.createGunzip();
      break;
    case 'deflate':
      decoder = zlib.createInflate();
      break;
    case 'br':
      decoder = zlib.createBrotliDecompress();
      break;
    default:
      res.destroy();
      throw new FetchRefusedError('http_error', { subject, messageDetail: `Unsupported Content-Encoding ${encoding}` });
  }
  return pipeline(res, decoder, () => {});
}

function canonicalSet(addresses: Iterable<string>): Set<string> {
  return new Set([...addresses].map(canonicalAddress));
}

function headerValue(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? (value[0] ?? '') : (value ?? '')).trim();
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}
