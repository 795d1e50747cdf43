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
 *
 * While Redis is down (decision 054) a PUBLISH fails at once (no offline
 * queue) and the message goes to this process's own streams instead, so live
 * messages reach at least the server they were sent through; a stream opens
 * on the in-process bus alone, and this process SUBSCRIBEs again to every
 * channel it holds streams of when its connection is back.
 */
import { Redis } from 'ioredis';
import { channel, createMessageBus, SESSIONS_ENDED_CHANNEL, type ChannelListener, type MessageBus } from './messages.bus';

/** How long closing waits for QUIT before dropping the connections. */
const CLOSE_WAIT_MS = 1000;
const COMMAND_TIMEOUT_MS = 1000;
/** After a failed PUBLISH, how long messages go to this process's streams without asking Redis (a Redis that hangs). */
const RETRY_AFTER_FAILURE_MS = 2000;

export function createRedisMessageBus(url: string, opts: { prefix?: string; onError?: (err: unknown) => void } = {}): MessageBus {
  const prefix = opts.prefix ?? 'pinboard:';
  const onError = opts.onError ?? (() => {});
  // A command that gets no answer fails after COMMAND_TIMEOUT_MS: sending a message or opening a stream never hangs on Redis.
  // No offline queue: while the connection is down a command fails at once instead of waiting for it.
  const options = { maxRetriesPerRequest: 1, commandTimeout: COMMAND_TIMEOUT_MS, enableOfflineQueue: false };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  const local = createMessageBus();
  /** Channels this process has SUBSCRIBEd to (or is subscribing to). */
  const subscriptions = new Map<string, Promise<unknown>>();
  /** Redis's name of a live channel (a conversation is `conversation:<id>`; decision 086 adds others). */
  const redisName = (name: string) => prefix + name;
  const localName = (name: string) => (name.startsWith(prefix) ? name.slice(prefix.length) : null);
  /** Listeners of named channels held here (the in-process bus counts conversations' itself). */
  const namedCounts = new Map<string, number>();

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
    const target = localName(name);
    if (!target) return;
    let message: unknown;
    try {
      message = JSON.parse(payload) as unknown;
    } catch (err) {
      onError(err);
      return;
    }
    void local.publishOn(target, message);
  });
  // A connection that keeps failing reports once per outage, not at every reconnection attempt.
  const reportOnce = () => {
    let reported = false;
    return {
      error: (err: unknown) => {
        if (reported) return;
        reported = true;
        onError(err);
      },
      ready: () => void (reported = false),
    };
  };
  const publisherReports = reportOnce();
  const subscriberReports = reportOnce();
  /** performance.now() before which, after a failed PUBLISH, messages are delivered in process only. */
  let restUntil = 0;
  publisher.on('error', publisherReports.error).on('ready', () => {
    publisherReports.ready();
    restUntil = 0;
  });
  subscriber.on('error', subscriberReports.error).on('ready', subscriberReports.ready);
  // Back after an outage (or connected late): SUBSCRIBE to every channel this process wants (again: harmless).
  subscriber.on('ready', () => {
    const names = [...subscriptions.keys(), ...(sessionsSubscription ? [sessionsChannel] : [])];
    if (names.length > 0) subscriber.subscribe(...names).catch(onError);
  });
  /** The first connection, waited for briefly so that the first streams subscribe in Redis. */
  const connected = (conn: Redis) =>
    !['wait', 'connecting', 'connect'].includes(conn.status)
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            conn.off('ready', done).off('error', done).off('end', done);
            resolve();
          };
          const timer = setTimeout(done, COMMAND_TIMEOUT_MS);
          conn.once('ready', done).once('error', done).once('end', done);
        });
  /** SUBSCRIBE, or when Redis cannot take it now, leave it to the 'ready' handler above. */
  const subscribeInRedis = async (name: string) => {
    await connected(subscriber);
    if (subscriber.status !== 'ready') return;
    await subscriber.subscribe(name).catch(onError);
  };

  const publishOn = async (name: string, payload: unknown) => {
    // Resting after a failure: this process's own streams get it without waiting on Redis again.
    if (performance.now() < restUntil) return local.publishOn(name, payload);
    try {
      await connected(publisher);
      await publisher.publish(redisName(name), JSON.stringify(payload));
    } catch (err) {
      restUntil = performance.now() + RETRY_AFTER_FAILURE_MS;
      onError(err);
      // Redis did not take it: this process's own streams get it all the same.
      await local.publishOn(name, payload);
    }
  };

  const subscribeOn = async (name: string, listener: ChannelListener) => {
    const inRedis = redisName(name);
    const unsubscribeLocal = await local.subscribeOn(name, listener);
    namedCounts.set(name, (namedCounts.get(name) ?? 0) + 1);
    let subscribing = subscriptions.get(inRedis);
    if (!subscribing) {
      subscribing = subscribeInRedis(inRedis);
      subscriptions.set(inRedis, subscribing);
    }
    await subscribing;
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      unsubscribeLocal();
      const left = namedCounts.get(name)! - 1;
      if (left === 0) namedCounts.delete(name);
      else namedCounts.set(name, left);
      if (left === 0 && subscriptions.has(inRedis)) {
        // Commands on one connection run in order, so a later SUBSCRIBE to this channel still wins.
        subscriptions.delete(inRedis);
        subscriber.unsubscribe(inRedis).catch(onError);
      }
    };
  };

  return {
    publish: (conversationId, message) => publishOn(channel(conversationId), message),
    subscribe: (conversationId, listener) => subscribeOn(channel(conversationId), listener as ChannelListener),
    subscriberCount: (conversationId) => local.subscriberCount(conversationId),
    publishOn,
    subscribeOn,

    async endSessions(tokenHashes) {
      if (tokenHashes.length === 0) return;
      try {
        await publisher.publish(sessionsChannel, JSON.stringify(tokenHashes));
      } catch (err) {
        // This process's streams hear it all the same; one held by another server closes at its next
        // session check (messages.routes.ts).
        onError(err);
        await local.endSessions(tokenHashes);
      }
    },

    async onSessionsEnded(listener) {
      const off = await local.onSessionsEnded(listener);
      sessionsSubscription ??= subscribeInRedis(sessionsChannel);
      await sessionsSubscription;
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
