/**
 * Request logs never carry the secrets that travel in addresses: mailed
 * board-invite links (`?accept_invite=`), email verification links
 * (`?token=`), private-profile invite codes (`?invite_code=`, and the code in
 * `/v3/invite_code/{code}/redeem/`), any `token` or `code` parameter, the same
 * names inside a resource read's `?data=` JSON options, and addresses nested
 * in a parameter (a login page's `?next=`).
 */
import type { FastifyRequest } from 'fastify';

const REDACTED = '[REDACTED]';

const SENSITIVE_NAMES = new Set(['accept_invite', 'password', 'secret', 'signature']);

/** token, code and every *_token or *_code (invite_code, csrf_token, …). */
const isSensitiveName = (name: string) => {
  const n = name.toLowerCase();
  return SENSITIVE_NAMES.has(n) || /(^|_)(token|code)$/.test(n);
};

const INVITE_CODE_PATH = /^(\/v3\/invite_code\/)(?!attribution\/)[^/?]+/;

function decode(value: string): string | null {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

function redactJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactJson);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isSensitiveName(k) ? REDACTED : redactJson(v)]));
  }
  return value;
}

function redactParam(pair: string, depth: number): string {
  const eq = pair.indexOf('=');
  if (eq < 0) return pair;
  const rawName = pair.slice(0, eq);
  const rawValue = pair.slice(eq + 1);
  const name = decode(rawName) ?? rawName;
  if (isSensitiveName(name)) return `${rawName}=${REDACTED}`;
  const value = decode(rawValue);
  if (value === null) return pair;
  if (name === 'data' && value.startsWith('{')) {
    try {
      const redacted = JSON.stringify(redactJson(JSON.parse(value)));
      return redacted === JSON.stringify(JSON.parse(value)) ? pair : `${rawName}=${encodeURIComponent(redacted)}`;
    } catch {
      return pair;
    }
  }
  // An address inside a parameter (?next=/board/?accept_invite=…) is redacted the same way.
  if (depth < 3 && value.includes('?') && (value.startsWith('/') || /^https?:\/\//i.test(value))) {
    const redacted = redactUrlAt(value, depth + 1);
    return redacted === value ? pair : `${rawName}=${encodeURIComponent(redacted)}`;
  }
  return pair;
}

function redactUrlAt(url: string, depth: number): string {
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).replace(INVITE_CODE_PATH, `$1${REDACTED}`);
  if (q < 0) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => redactParam(pair, depth))
    .join('&');
  return `${path}?${query}`;
}

/**
 * Every sensitive name contains one of these (`isSensitiveName`: the names above, and any name ending in token or
 * code); a nested address's secrets are named the same way.
 */
const SENSITIVE_PARTS = /token|code|password|secret|signature|accept_invite/i;
/** A percent-escaped letter: a name written that way could hide from the test above. */
const ESCAPED_LETTER = /%[4-7][0-9a-f]/i;

/**
 * The request's address as it may be logged. Most addresses name nothing secret: they are returned as they are,
 * without taking the query (and a resource read's `data` JSON) apart, which cost more than the log line itself.
 */
export const redactUrl = (url: string) => (SENSITIVE_PARTS.test(url) || ESCAPED_LETTER.test(url) ? redactUrlAt(url, 0) : url);

/** pino serializers for the app's logger: the request as Fastify logs it, with its address redacted. */
export const logSerializers = {
  req(req: FastifyRequest) {
    return {
      method: req.method,
      url: redactUrl(req.url),
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    };
  },
};
