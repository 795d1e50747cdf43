/**
 * The domain-event bus (decision 070): how a module's write tells the modules
 * that react to it without importing them. One bus per app, in the process;
 * services.ts makes it, gives it to the services that emit, and subscribes
 * the reactions in the order they ran as direct calls before.
 *
 * `emit` runs the listeners one after the other, in the order they were
 * subscribed, and waits for each: the emitter goes on once all reactions are
 * done, and a listener's error reaches the emitter, as a direct call did.
 * An event whose payload carries `tx` is emitted inside the write's
 * transaction, and its listeners must write through that `tx`: their work
 * commits or rolls back with the write. The others are emitted after the
 * write committed. What must survive a crash is not a reaction here but a
 * job on the queue (jobs/, decision 053), enqueued in the write's
 * transaction.
 */
import type { DomainEvents } from './events';

type EventName = keyof DomainEvents;
type Listener<E extends EventName> = (event: DomainEvents[E]) => Promise<unknown> | unknown;

export interface EventBus {
  /** Runs the event's listeners in subscription order, each awaited. */
  emit<E extends EventName>(name: E, event: DomainEvents[E]): Promise<void>;
  /** Adds a reaction; answers a function that removes it. */
  on<E extends EventName>(name: E, listener: Listener<E>): () => void;
}

/** The part of the bus a service that only announces needs. */
export type EventEmitter = Pick<EventBus, 'emit'>;

export function createEventBus(): EventBus {
  const listeners = new Map<EventName, Listener<EventName>[]>();
  return {
    async emit(name, event) {
      for (const listener of [...(listeners.get(name) ?? [])]) await listener(event);
    },
    on(name, listener) {
      const list = listeners.get(name) ?? [];
      list.push(listener as Listener<EventName>);
      listeners.set(name, list);
      return () => {
        const at = list.indexOf(listener as Listener<EventName>);
        if (at >= 0) list.splice(at, 1);
      };
    },
  };
}
