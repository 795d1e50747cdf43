/**
 * A server-sent events client for tests: opens a stream with a person's
 * session and reads its events until one matches (message and notification
 * streams).
 */
import type { TestClient } from './test-app';

export interface SseEvent {
  event: string | null;
  id: string | null;
  data: string;
  comments: string[];
}

function parseEvent(block: string): SseEvent {
  const ev: SseEvent = { event: null, id: null, data: '', comments: [] };
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) ev.comments.push(line.slice(1).trim());
    else if (line.startsWith('event: ')) ev.event = line.slice(7);
    else if (line.startsWith('id: ')) ev.id = line.slice(4);
    else if (line.startsWith('data: ')) ev.data += line.slice(6);
  }
  return ev;
}

export const cookieOf = (c: TestClient) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** Opens `url` as `c`; `next` reads events until one matches, or fails after its timeout. */
export async function openEventStream(c: TestClient, url: string, headers: Record<string, string> = {}, defaultTimeoutMs = 5000) {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { cookie: cookieOf(c), accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    res,
    async next(match: (e: SseEvent) => boolean, timeoutMs = defaultTimeoutMs): Promise<SseEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const ev = parseEvent(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (match(ev)) return ev;
        }
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('no matching event in time')), Math.max(0, deadline - Date.now()));
        });
        try {
          const chunk = await Promise.race([reader.read(), timeout]);
          if (chunk.done) throw new Error('the stream ended');
          buffer += decoder.decode(chunk.value, { stream: true });
        } finally {
          clearTimeout(timer);
        }
      }
    },
    close: () => abort.abort(),
  };
}
