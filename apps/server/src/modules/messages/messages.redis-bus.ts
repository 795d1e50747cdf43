/**
 * The message bus over Redis pub/sub, for several server processes on one
 * database: a message is PUBLISHed as JSON on a channel per conversation,
 * and each process keeps one subscriber connection that SUBSCRIBEs to a
 * channel while it holds at least one stream of that conversation, then
 * hands what arrives to its local streams through the in-process bus.
 *
 * Ended sessions go the same way on one more channel, `sessions:ended`, which
 * a process SUBSCRIBEs to once its event-stream route is ready.
 *
 * A failed PUBLISH is reported to `onError` and not thrown: the message is
 * already saved, and a stream that missed it gets it when it reconnects
 * (Last-Event-ID) or when the conversation is read again; a stream that
 * missed its session's end closes at its next ping.
 */
import { Redis } from 'ioredis';
import { channel, createMessageBus, SESSIONS_ENDED_CHANNEL, type MessageBus } from './messages.bus';
import type { PresentedMessage } from './messages.present';

/** How long closing waits for QUIT before dropping the connections. */
const CLOSE_WAIT_MS = 1000;
const COMMAND_TIMEOUT_MS = 5000;

export function createRedisMessageBus(url: string, opts: { prefix?: string; onError?: (err: unknown) => void } = {}): MessageBus {
  const prefix = opts.prefix ?? 'pinboard:';
  const onError = opts.onError ?? (() => {});
  // A command that gets no answer fails after COMMAND_TIMEOUT_MS: sending a message or opening a stream never hangs on Redis.
  const options = { maxRetriesPerRequest: 2, commandTimeout: COMMAND_TIMEOUT_MS };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  const local = createMessageBus();
  /** Channels this process has SUBSCRIBEd to (or is subscribing to). */
  const subscriptions = new Map<string, Promise<unknown>>();
  const channelOf = (conversationId: string) => prefix + channel(conversationId);
  const conversationOf = (name: string) => (name.startsWith(prefix) ? name.slice(prefix.length).replace(/^conversation:/, '') : null);

  const sessionsChannel = prefix + SESSIONS_ENDED_CHANNEL;
  let sessionsSubscription: Promise<unknown> | null = null;

  subscriber.on('message', (name: string, payload: string) => {
    if (name === sessionsChannel) {
      try {
        const hashes = JSON.parse(payload) as unknown;
        if (Array.isArray(hashes)) void local.endSessions(hashes.filter((h): h is string => typeof h === 'string'));
      } catch (err) {
        onError(err);
      }
      return;
    }
    const conversationId = conversationOf(name);
    if (!conversationId) return;
    let message: PresentedMessage;
    try {
      message = JSON.parse(payload) as PresentedMessage;
    } catch (err) {
      onError(err);
      return;
    }
    void local.publish(conversationId, message);
  });
  publisher.on('error', onError);
  subscriber.on('error', onError);

  return {
    async publish(conversationId, message) {
      try {
        await publisher.publish(channelOf(conversationId), JSON.stringify(message));
      } catch (err) {
        onError(err);
      }
    },

    async subscribe(conversationId, listener) {
      const name = channelOf(conversationId);
      const unsubscribeLocal = await local.subscribe(conversationId, listener);
      let subscribing = subscriptions.get(name);
      if (!subscribing) {
        subscribing = subscriber.subscribe(name);
        subscriptions.set(name, subscribing);
      }
      try {
        await subscribing;
      } catch (err) {
        subscriptions.delete(name);
        unsubscribeLocal();
        throw err;
      }
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        unsubscribeLocal();
        if (local.subscriberCount(conversationId) === 0 && subscriptions.has(name)) {
          // Commands on one connection run in order, so a later SUBSCRIBE to this channel still wins.
          subscriptions.delete(name);
          subscriber.unsubscribe(name).catch(onError);
        }
      };
    },

    subscriberCount: (conversationId) => local.subscriberCount(conversationId),

    async endSessions(tokenHashes) {
      if (tokenHashes.length === 0) return;
      try {
        await publisher.publish(sessionsChannel, JSON.stringify(tokenHashes));
      } catch (err) {
        // A stream that missed it still closes at its next session check (messages.routes.ts).
        onError(err);
      }
    },

    async onSessionsEnded(listener) {
      const off = await local.onSessionsEnded(listener);
      sessionsSubscription ??= subscriber.subscribe(sessionsChannel);
      try {
        await sessionsSubscription;
      } catch (err) {
        sessionsSubscription = null;
        off();
        throw err;
      }
      return off;
    },

    async close() {
      await local.close();
      // QUIT lets pending commands finish, but waits forever on a connection that is still
      // (re)connecting; after a moment the connections are dropped instead.
      const quit = Promise.allSettled([publisher.quit(), subscriber.quit()]);
      const timer = new Promise<void>((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref());
      await Promise.race([quit, timer]);
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
