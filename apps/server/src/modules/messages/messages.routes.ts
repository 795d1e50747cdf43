import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error';
import { requireViewer } from '../../lib/context';
import { isId } from '../../lib/ids';
import { action, pagedAction, type ResourceRegistry } from '../../lib/resources';
import { contextOf, readSessionToken } from '../../plugins/session';
import { hashToken } from '../../lib/tokens';
import type { Services } from '../../services';
import type { PresentedMessage, ViewerMessage } from './messages.present';
import {
  zCreateConversation,
  zCreateMessage,
  zGetConversation,
  zGetConversations,
  zGetMessages,
  zGetShareSuggestions,
} from '@pinboard/shared/schemas/messages';

export function registerMessageResources(registry: ResourceRegistry, s: Pick<Services, 'messages'>) {
  registry.add({
    name: 'ConversationsResource',
    description:
      "The viewer's conversations (the inbox), and starting one: a message to people, added to the conversation with exactly them when there is one.",
    actions: {
      get: pagedAction({
        summary: 'Read the inbox, newest activity first',
        options: zGetConversations,
        auth: 'required',
        read: (ctx, _o, page) => s.messages.inbox(ctx, page),
      }),
      create: action({
        summary: 'Send a message to people (user_ids, text), starting the conversation when needed',
        options: zCreateConversation,
        auth: 'required',
        handler: (ctx, o) => s.messages.create(ctx, o),
      }),
    },
  });

  registry.add({
    name: 'ConversationResource',
    description: 'One conversation of the viewer, with its members and latest message.',
    actions: {
      get: action({ summary: 'Read a conversation', options: zGetConversation, auth: 'required', handler: (ctx, o) => s.messages.get(ctx, o.conversation_id) }),
    },
  });

  registry.add({
    name: 'ConversationMessagesResource',
    description:
      "A conversation's messages, for its members only. Newest first with bookmark going back; with since_id, the newer ones oldest first. Reading marks the conversation read.",
    actions: {
      get: pagedAction({
        summary: "Read a conversation's messages",
        options: zGetMessages,
        auth: 'required',
        read: (ctx, o, page) => s.messages.messages(ctx, o.conversation_id, { ...page, sinceId: o.since_id }),
      }),
      create: action({ summary: 'Send a message in a conversation', options: zCreateMessage, auth: 'required', handler: (ctx, o) => s.messages.send(ctx, o) }),
    },
  });

  registry.add({
    name: 'ShareSuggestionsResource',
    description: 'People to share with (those one talks with, then those one follows; with query, anyone whose name starts with it), then an email candidate.',
    actions: {
      get: action({
        summary: 'Read share suggestions',
        options: zGetShareSuggestions,
        auth: 'required',
        handler: (ctx, o) => s.messages.shareSuggestions(ctx, o),
      }),
    },
  });
}

export const MESSAGE_EVENTS_PATH = '/v3/conversations/:id/events/';
const MESSAGE_EVENTS_PING_MS = 25_000;

/** Sent just before the server closes a stream whose session ended (the client should not reconnect with it). */
const SESSION_ENDED_EVENT = 'event: session_ended\ndata: {}\n\n';

const messageEvent = (m: ViewerMessage) => `event: message\nid: ${m.id}\ndata: ${JSON.stringify(m)}\n\n`;

/**
 * GET /v3/conversations/{id}/events/: server-sent events for one
 * conversation, members only (401 signed out, 404 otherwise). Each new
 * message arrives as `event: message` with the message JSON as data and its
 * id as the event id; a client reconnecting with Last-Event-ID first gets
 * what it missed. Each message is presented for the stream's viewer (a sent
 * Pin only when they may see it), in the order the messages came. A comment line every 25 s keeps proxies from closing the
 * connection. Closing the connection unsubscribes; closing the app ends
 * every stream. A stream belongs to the session that opened it: when that
 * session ends (log-out, log out of all devices, a password change; heard
 * through the message bus from any server process) the stream gets
 * `event: session_ended` and closes at once; an expired session, or an ending
 * this process missed, closes it at the next ping. A person, and a client
 * address, hold at most a few streams at once on each server (429 past that;
 * rate-limit/limits.ts).
 */
export function registerMessageEventsRoute(app: FastifyInstance, s: Pick<Services, 'messages' | 'auth' | 'limits'>, opts: { pingMs?: number } = {}) {
  const pingMs = opts.pingMs ?? MESSAGE_EVENTS_PING_MS;
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
  // The server is going away (a deploy, a scale-down): each stream is told to come back after a
  // moment (`retry:`, spread over a few seconds so the clients do not all return at once), which the
  // load balancer sends to a server that is still ready; Last-Event-ID brings what it missed.
  app.addHook('preClose', async () => {
    stopHearing?.();
    for (const stream of open.keys()) {
      if (!stream.destroyed && !stream.writableEnded) stream.write(`retry: ${1000 + Math.floor(Math.random() * 4000)}\n: server closing\n\n`);
      stream.end();
    }
  });

  app.route<{ Params: { id: string } }>({
    method: 'GET',
    url: MESSAGE_EVENTS_PATH,
    exposeHeadRoute: false,
    async handler(req, reply) {
      const ctx = contextOf(req);
      requireViewer(ctx);
      const conversationId = req.params.id;
      if (!isId(conversationId)) throw notFound('conversation');
      await s.messages.assertCanWatch(ctx, conversationId);
      const token = readSessionToken(req) ?? '';
      const release = s.limits.hold(ctx, 'message_streams_person', 'message_streams_client');

      const stream = new PassThrough();
      stream.once('close', release);
      const write = (chunk: string) => {
        if (!stream.destroyed && !stream.writableEnded) stream.write(chunk);
      };
      // Presenting for the viewer reads the database; a chain keeps the messages in order.
      let delivery = Promise.resolve();
      const deliver = (messages: PresentedMessage[]) => {
        delivery = delivery
          .then(async () => {
            if (stream.destroyed || messages.length === 0) return;
            for (const m of await s.messages.forViewer(ctx, messages)) write(messageEvent(m));
          })
          .catch(() => {
            // The client catches up through since_id or Last-Event-ID.
          });
      };
      // Messages published while the missed ones are read are held, then sent once each.
      let held: PresentedMessage[] | null = [];
      const unsubscribe = await s.messages
        .subscribe(conversationId, (m) => (held ? held.push(m) : deliver([m])))
        .catch((err: unknown) => {
          stream.destroy();
          throw err;
        });
      const ping = setInterval(() => {
        write(': ping\n\n');
        // A session that expired, or whose ending this process did not hear of, ends its stream here.
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
      const cleanup = () => {
        clearInterval(ping);
        unsubscribe();
        open.delete(stream);
      };
      stream.once('close', cleanup);
      reply.raw.once('close', () => stream.destroy());
      open.set(stream, hashToken(token));

      try {
        write('retry: 3000\n: connected\n\n');
        const lastEventId = req.headers['last-event-id'];
        const sent = new Set<string>();
        if (typeof lastEventId === 'string' && isId(lastEventId)) {
          const missed = await s.messages.missedSince(conversationId, lastEventId);
          for (const m of missed) sent.add(m.id);
          deliver(missed);
        }
        const pending: PresentedMessage[] = held;
        held = null;
        deliver(pending.filter((m) => !sent.has(m.id)));
      } catch (err) {
        stream.destroy();
        throw err;
      }

      reply
        .header('content-type', 'text/event-stream')
        .header('cache-control', 'private, no-store')
        .header('x-accel-buffering', 'no')
        // The socket closes with the stream: a client that let go is not kept as an idle
        // keep-alive connection that would hold up the server's shutdown until it times out.
        .header('connection', 'close');
      return reply.send(stream);
    },
  });
}
