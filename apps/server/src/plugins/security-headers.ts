import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A real Content-Security-Policy: only our own origin runs scripts; images may be data/blob URLs for previews. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  // Videos: our own files, the upload preview (blob:) and the Media Source hls.js plays through (blob:).
  "media-src 'self' blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

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
}

export async function securityHeadersPlugin(app: FastifyInstance, opts: SecurityHeadersOptions) {
  const publicHttps = opts.publicUrl.startsWith('https:');
  app.decorateRequest('isHttps', {
    getter(this: FastifyRequest) {
      return publicHttps || this.protocol === 'https';
    },
  });
  const hsts = opts.hstsMaxAgeSeconds > 0 ? `max-age=${opts.hstsMaxAgeSeconds}` : null;
  app.addHook('onSend', async (req, reply) => {
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    // Browsers heed it over HTTPS only; it keeps them from ever trying plain HTTP again.
    if (hsts && req.isHttps) reply.header('strict-transport-security', hsts);
  });
}
