import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error';
import { requireViewer } from '../../lib/context';
import { isId } from '../../lib/ids';
import { action, pagedAction, type ResourceRegistry } from '../../lib/resources';
import { contextOf } from '../../plugins/session';
import type { Services } from '../../services';
import type { PresentedMessage, ViewerMessage } from './messages.present';
import { sessionStreams } from './session-streams';
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

const messageEvent = (m: ViewerMessage) => `event: message\nid: ${m.id}\ndata: ${JSON.stringify(m)}\n\n`;

/**
 * GET /v3/conversations/{id}/events/: server-sent events for one
 * conversation, members only (401 signed out, 404 otherwise). Each new
 * message arrives as `event: message` with the message JSON as data and its
 * id as the event id; a client reconnecting with Last-Event-ID first gets
 * what it missed. Each message is presented for the stream's viewer (a sent
 * Pin only when they may see it), in the order the messages came. Closing
 * the connection unsubscribes. The stream belongs to its session, pings and
 * ends as `session-streams.ts` says.
 */
export function registerMessageEventsRoute(app: FastifyInstance, s: Pick<Services, 'messages' | 'auth' | 'limits'>, opts: { pingMs?: number } = {}) {
  const streams = sessionStreams(app, s, 'messages', opts);
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
      const { stream, write, onClose } = streams.open(req, reply, ctx);
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
      onClose(unsubscribe);

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
      return streams.send(reply, stream);
    },
  });
}
