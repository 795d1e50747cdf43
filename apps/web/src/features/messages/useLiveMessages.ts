import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { conversationEventsUrl, fetchMessagesSince, type Message } from './messages.api';
import { messageKeys } from './inbox.queries';
import { addMessagesToCache, compareIds, type MessagePages } from './messages.queries';

/** How often to catch up when the live stream is not available. */
const POLL_MS = 4000;

function isMessage(value: unknown): value is Message {
  if (!value || typeof value !== 'object') return false;
  const m = value as Record<string, unknown>;
  return typeof m.id === 'string' && typeof m.text === 'string' && typeof m.sender_id === 'string';
}

/**
 * Keeps a conversation's cached messages live: an EventSource on
 * /v3/conversations/{id}/events/ (each `message` event carries a message).
 * When the stream cannot be opened (closed for good), it catches up with
 * since_id every few seconds instead. Messages that arrive also refresh the
 * inbox (its latest-message lines).
 */
export function useLiveMessages(conversationId: string, enabled: boolean) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled || !/^\d+$/.test(conversationId)) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let source: EventSource | null = null;
    const controller = new AbortController();

    const newestKnownId = (): string | null => {
      const data = queryClient.getQueryData<MessagePages>(messageKeys.messages(conversationId));
      let newest: string | null = null;
      for (const page of data?.pages ?? []) {
        for (const message of page.data) if (newest === null || compareIds(message.id, newest) > 0) newest = message.id;
      }
      return newest;
    };

    const arrived = (messages: Message[]) => {
      if (messages.length === 0) return;
      addMessagesToCache(queryClient, conversationId, messages);
      void queryClient.invalidateQueries({ queryKey: messageKeys.inbox });
    };

    /** Reads what is newer than the newest known message (which also marks the conversation read). */
    const catchUp = async () => {
      const since = newestKnownId();
      if (!since) return;
      try {
        const page = await fetchMessagesSince(conversationId, since, controller.signal);
        if (!stopped) arrived(page.data);
      } catch {
        // A failed catch-up is tried again on the next tick or event.
      }
    };

    const poll = () => {
      if (stopped) return;
      timer = setTimeout(async () => {
        await catchUp();
        poll();
      }, POLL_MS);
    };

    if (typeof EventSource === 'undefined') {
      poll();
    } else {
      source = new EventSource(conversationEventsUrl(conversationId));
      let opened = false;
      source.addEventListener('open', () => {
        // After a reconnection, anything missed while away.
        if (opened) void catchUp();
        opened = true;
      });
      source.addEventListener('message', (event: MessageEvent<string>) => {
        try {
          const message: unknown = JSON.parse(event.data);
          if (isMessage(message) && message.conversation_id === conversationId) {
            const before = newestKnownId();
            arrived([message]);
            // Reading past it marks the conversation read.
            if (before) void fetchMessagesSince(conversationId, before, controller.signal).catch(() => undefined);
          }
        } catch {
          // Not a message: ignored.
        }
      });
      source.addEventListener('error', () => {
        if (source?.readyState === EventSource.CLOSED && !stopped) {
          source = null;
          poll();
        }
      });
    }

    return () => {
      stopped = true;
      controller.abort();
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, [conversationId, enabled, queryClient]);
}
