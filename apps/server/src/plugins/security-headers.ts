import { createHash } from 'node:crypto';
import { THEME_BOOT_SCRIPT } from '@pinboard/shared/constants/theme';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The one inline script a page runs: the theme chosen on this device, set before the first paint (decision 063). */
const THEME_SCRIPT_HASH = `'sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}'`;

/**
 * A real Content-Security-Policy: only our own origin runs scripts (and the theme's inline line, by its hash); images may be data/blob URLs for previews,
 * and come from MEDIA_PUBLIC_URL's origin when public images are fetched from a CDN (decision 052; videos stay here).
 */
function contentSecurityPolicy(mediaOrigin: string | null = null) {
  const media = mediaOrigin ? ` ${mediaOrigin}` : '';
  return [
    "default-src 'self'",
    `script-src 'self' ${THEME_SCRIPT_HASH}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${media}`,
    // Videos: our own files, the upload preview (blob:) and the Media Source hls.js plays through (blob:).
    "media-src 'self' blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Whether the site is served over HTTPS for this request: the connection is TLS, a trusted proxy
     * says so (X-Forwarded-Proto, see TRUST_PROXY), or PUBLIC_URL is https. Cookies are Secure then.
     */
    readonly isHttps: boolean;
  }
}

export interface SecurityHeadersOptions {
  publicUrl: string;
  /** Strict-Transport-Security max-age on HTTPS answers; 0 sends none. */
  hstsMaxAgeSeconds: number;
  /** MEDIA_PUBLIC_URL: where public images are fetched from (null: here). */
  mediaPublicUrl?: string | null;
}

/** The headers every answer carries, whatever it is; with MEDIA_PUBLIC_URL, its origin may serve images. */
export function securityHeaders(mediaPublicUrl: string | null = null): Readonly<Record<string, string>> {
  return {
    'content-security-policy': contentSecurityPolicy(mediaPublicUrl ? new URL(mediaPublicUrl).origin : null),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    // The camera for our own pages only: scanning a Pincode from search (decision 061).
    'permissions-policy': 'camera=(self), microphone=(), geolocation=()',
  };
}

/** Strict-Transport-Security's value, or null when none is sent (HSTS_MAX_AGE_SECONDS=0). */
export function hstsValue(opts: SecurityHeadersOptions) {
  return opts.hstsMaxAgeSeconds > 0 ? `max-age=${opts.hstsMaxAgeSeconds}` : null;
}

export async function securityHeadersPlugin(app: FastifyInstance, opts: SecurityHeadersOptions) {
  const publicHttps = opts.publicUrl.startsWith('https:');
  app.decorateRequest('isHttps', {
    getter(this: FastifyRequest) {
      return publicHttps || this.protocol === 'https';
    },
  });
  const hsts = hstsValue(opts);
  const headers = securityHeaders(opts.mediaPublicUrl ?? null);
  app.addHook('onSend', async (req, reply) => {
    reply.headers(headers);
    // Browsers heed it over HTTPS only; it keeps them from ever trying plain HTTP again.
    if (hsts && req.isHttps) reply.header('strict-transport-security', hsts);
  });
}
