/**
 * Live delivery of new messages to the open event streams of a conversation.
 *
 * The messages service publishes through this interface only, so the
 * in-process bus below can be replaced by a Redis pub/sub adapter when more
 * than one server process serves the same database (the in-process bus only
 * reaches streams held by this process). Such an adapter would PUBLISH the
 * message JSON on a channel per conversation, keep one shared subscriber
 * connection, SUBSCRIBE on a channel's first local listener and UNSUBSCRIBE
 * after its last, and be passed to createMessagesService({ db, bus }).
 * It is not written yet.
 */
import { EventEmitter } from 'node:events';
import type { PresentedMessage } from './messages.present';

export type MessageListener = (message: PresentedMessage) => void;

export interface MessageBus {
  /** Delivers the message to every subscriber of the conversation. Never rejects for a subscriber's fault. */
  publish(conversationId: string, message: PresentedMessage): Promise<void>;
  /** Returns the function that unsubscribes; calling it more than once is harmless. */
  subscribe(conversationId: string, listener: MessageListener): () => void;
  /** Listeners held by this process (for tests and metrics). */
  subscriberCount(conversationId: string): number;
}

const channel = (conversationId: string) => `conversation:${conversationId}`;

export function createMessageBus(): MessageBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0); // one listener per open stream; many tabs are normal
  return {
    async publish(conversationId, message) {
      emitter.emit(channel(conversationId), message);
    },

    subscribe(conversationId, listener) {
      const safe: MessageListener = (message) => {
        try {
          listener(message);
        } catch {
          // One broken stream must not keep the message from the others.
        }
      };
      emitter.on(channel(conversationId), safe);
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        emitter.off(channel(conversationId), safe);
      };
    },

    subscriberCount: (conversationId) => emitter.listenerCount(channel(conversationId)),
  };
}
