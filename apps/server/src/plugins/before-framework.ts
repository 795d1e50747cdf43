/**
 * Answers that are ready before the framework sees a request: a raw handler
 * takes a request it can answer whole (headers, body, log line) and returns
 * true, or returns false and leaves it to Fastify untouched. Used for public
 * images already in memory (modules/media/public-media-fast-path.ts), which
 * need no routing, hooks, session or query: they are sent like a static file.
 * A handler that answers asks `requestId(req)` for the request's id (decision
 * 102), to answer it in X-Request-Id and write it on its log line.
 */
import { createServer, type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';

export type RawHandler = (req: IncomingMessage, res: ServerResponse, requestId: (req: IncomingMessage) => string) => boolean;

export class BeforeFramework {
  private handlers: RawHandler[] = [];
  /** Requests answered here, without the framework. */
  served = 0;

  /** `requestId`: the request's id, the same the framework's genReqId gives (lib/request-id.ts). */
  constructor(private readonly requestId: (req: IncomingMessage) => string) {}

  add(handler: RawHandler) {
    this.handlers.push(handler);
  }

  /** A Fastify server factory whose server offers each request to the raw handlers first. */
  serverFactory(): FastifyServerFactory {
    return (framework, options) => {
      const num = (name: string, fallback: number) => (typeof options[name] === 'number' ? (options[name] as number) : fallback);
      const server = createServer((options.http ?? {}) as ServerOptions, (req, res) => {
        for (const handler of this.handlers) {
          if (handler(req, res, this.requestId)) {
            this.served++;
            return;
          }
        }
        framework(req, res);
      });
      // What Fastify sets on the server it would have made itself.
      server.keepAliveTimeout = num('keepAliveTimeout', 72_000);
      server.requestTimeout = num('requestTimeout', 0);
      server.setTimeout(num('connectionTimeout', 0));
      if (num('maxRequestsPerSocket', 0) > 0) server.maxRequestsPerSocket = num('maxRequestsPerSocket', 0);
      return server;
    };
  }
}
