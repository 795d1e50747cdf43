/**
 * Server-sent event streams that belong to the session that opened them: a
 * conversation's messages and the notification count (decision 086). Each
 * gets a comment line every 25 s, so that proxies keep the connection; when
 * its session ends (log-out, log out of all devices, a password change,
 * heard through the message bus from any server process) it gets
 * `event: session_ended` and closes at once, and an expired session, or an
 * ending this process missed, closes it at the next ping. When the server
 * closes (a deploy, a scale-down), each stream is told to come back after a
 * moment (`retry:`, spread over a few seconds so that clients do not all
 * return at once), which the load balancer sends to a server still ready.
 * A person, and a client address, hold at most a few streams at once on
 * each server (429 past that; rate-limit/limits.ts).
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RequestContext } from '../../lib/context';
import { hashToken } from '../../lib/tokens';
import { streamOpened } from '../../metrics';
import { readSessionToken } from '../../plugins/session';
import type { Services } from '../../services';

const PING_MS = 25_000;
/** Sent just before the server closes a stream whose session ended (the client should not reconnect with it). */
const SESSION_ENDED_EVENT = 'event: session_ended\ndata: {}\n\n';

export interface SessionStream {
  stream: PassThrough;
  /** Writes while the stream is open; nothing after. */
  write(chunk: string): void;
  /** Runs `fn` when the stream closes, at once if it closed already (the client left while the caller waited). */
  onClose(fn: () => void): void;
}

/** `kind`: what the streams carry, the label of the metrics' open-streams gauge (decision 104). */
export function sessionStreams(
  app: FastifyInstance,
  s: Pick<Services, 'messages' | 'auth' | 'limits'>,
  kind: 'messages' | 'notifications',
  opts: { pingMs?: number } = {},
) {
  const pingMs = opts.pingMs ?? PING_MS;
  /** Each open stream with the token hash of the session that holds it. */
  const open = new Map<PassThrough, string>();
  const endForSession = (stream: PassThrough) => {
    if (stream.destroyed || stream.writableEnded) return;
    stream.write(SESSION_ENDED_EVENT);
    stream.end();
  };
  let stopHearing: (() => void) | null = null;
  app.addHook('onReady', async () => {
    stopHearing = await s.messages.bus.onSessionsEnded((tokenHashes) => {
      const ended = new Set(tokenHashes);
      for (const [stream, session] of open) if (ended.has(session)) endForSession(stream);
    });
  });
  app.addHook('preClose', async () => {
    stopHearing?.();
    for (const stream of open.keys()) {
      if (!stream.destroyed && !stream.writableEnded) stream.write(`retry: ${1000 + Math.floor(Math.random() * 4000)}\n: server closing\n\n`);
      stream.end();
    }
  });

  return {
    /** A stream for the request's session; it holds the stream limits until it closes, and closes with the connection. */
    open(req: FastifyRequest, reply: FastifyReply, ctx: RequestContext): SessionStream {
      const token = readSessionToken(req) ?? '';
      const release = s.limits.hold(ctx, 'message_streams_person', 'message_streams_client');
      const stream = new PassThrough();
      stream.once('close', release);
      stream.once('close', streamOpened(kind));
      const write = (chunk: string) => {
        if (!stream.destroyed && !stream.writableEnded) stream.write(chunk);
      };
      const ping = setInterval(() => {
        write(': ping\n\n');
        s.auth
          .viewerOf(token)
          .then((viewer) => {
            if (!viewer) endForSession(stream);
          })
          .catch(() => {
            // Checked again at the next ping.
          });
      }, pingMs);
      ping.unref();
      stream.once('close', () => {
        clearInterval(ping);
        open.delete(stream);
      });
      reply.raw.once('close', () => stream.destroy());
      open.set(stream, hashToken(token));
      const onClose = (fn: () => void) => (stream.closed ? fn() : stream.once('close', fn));
      return { stream, write, onClose };
    },

    /** Answers the request with the stream. */
    send(reply: FastifyReply, stream: PassThrough) {
      return (
        reply
          .header('content-type', 'text/event-stream')
          .header('cache-control', 'private, no-store')
          .header('x-accel-buffering', 'no')
          // The socket closes with the stream: a client that let go is not kept as an idle
          // keep-alive connection that would hold up the server's shutdown until it times out.
          .header('connection', 'close')
          .send(stream)
      );
    },
  };
}
