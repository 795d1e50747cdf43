/**
 * Live delivery of new messages to the open event streams of a conversation,
 * and of the news that sessions ended, so that the streams they hold close.
 *
 * The messages service publishes through this interface only. The in-process
 * bus below reaches the streams held by this process, which is all there is
 * with one server; with several server processes on one database, REDIS_URL
 * switches to the Redis pub/sub bus (messages.redis-bus.ts), so a message
 * sent through one server reaches streams held by every other.
 */
import { EventEmitter } from 'node:events';
import type { PresentedMessage } from './messages.present';

export type MessageListener = (message: PresentedMessage) => void;
/** A listener of any live channel (decision 086): what was published there, as JSON carries it. */
export type ChannelListener = (payload: unknown) => void;

export interface MessageBus {
  /** Delivers the message to every subscriber of the conversation. Never rejects for a subscriber's fault. */
  publish(conversationId: string, message: PresentedMessage): Promise<void>;
  /**
   * Resolves, once every message published from then on will reach the listener, to the function
   * that unsubscribes; calling that more than once is harmless.
   */
  subscribe(conversationId: string, listener: MessageListener): Promise<() => void>;
  /** Listeners held by this process (for tests and metrics). */
  subscriberCount(conversationId: string): number;
  /**
   * Any named live channel (decision 086: `notifications:<userId>`, a person's unread count), delivered like a
   * conversation's messages (a conversation is channel `conversation:<id>`), on every server with Redis.
   */
  publishOn(name: string, payload: unknown): Promise<void>;
  /** As subscribe, for a named channel. */
  subscribeOn(name: string, listener: ChannelListener): Promise<() => void>;
  /**
   * Tells the streams of every process that these sessions ended (log-out, "log out of all devices",
   * a password change), by their token hashes, so that the streams they hold close. Never rejects.
   */
  endSessions(tokenHashes: string[]): Promise<void>;
  /** Resolves, once every later endSessions will reach the listener, to the function that stops it. */
  onSessionsEnded(listener: SessionsEndedListener): Promise<() => void>;
  close(): Promise<void>;
}

type SessionsEndedListener = (tokenHashes: string[]) => void;

export const channel = (conversationId: string) => `conversation:${conversationId}`;
export const SESSIONS_ENDED_CHANNEL = 'sessions:ended';

export function createMessageBus(): MessageBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0); // one listener per open stream; many tabs are normal
  const publishOn = async (name: string, payload: unknown) => void emitter.emit(name, payload);
  const subscribeOn = async (name: string, listener: ChannelListener) => {
    const safe: ChannelListener = (payload) => {
      try {
        listener(payload);
      } catch {
        // One broken stream must not keep the message from the others.
      }
    };
    emitter.on(name, safe);
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      emitter.off(name, safe);
    };
  };
  return {
    publish: (conversationId, message) => publishOn(channel(conversationId), message),
    subscribe: (conversationId, listener) => subscribeOn(channel(conversationId), listener as ChannelListener),
    subscriberCount: (conversationId) => emitter.listenerCount(channel(conversationId)),
    publishOn,
    subscribeOn,

    async endSessions(tokenHashes) {
      if (tokenHashes.length > 0) emitter.emit(SESSIONS_ENDED_CHANNEL, tokenHashes);
    },

    async onSessionsEnded(listener) {
      const safe: SessionsEndedListener = (hashes) => {
        try {
          listener(hashes);
        } catch {
          // A broken listener must not keep the others from hearing it.
        }
      };
      emitter.on(SESSIONS_ENDED_CHANNEL, safe);
      return () => void emitter.off(SESSIONS_ENDED_CHANNEL, safe);
    },

    async close() {
      emitter.removeAllListeners();
    },
  };
}
