/**
 * Component tests' set-up (decision 083): the component in the app's providers (a fresh query
 * client, a router) with a fake `fetch` at the network boundary that answers as the server's
 * envelope and keeps what was sent.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

export interface SentRequest {
  /** The path, without the query. */
  path: string;
  method: string;
  /** A resource call's options (from ?data= or the body's `options`), or a spec path's JSON body. */
  body: Record<string, unknown>;
}

/** An answer: the data of a success, or an error envelope with its status. */
export type Answer = { data: unknown } | { status: number; error: Record<string, unknown> };

function sentOf(url: string, init: RequestInit | undefined): SentRequest {
  const address = new URL(url, 'http://localhost');
  const method = (init?.method ?? 'GET').toUpperCase();
  const raw = address.searchParams.get('data') ?? (typeof init?.body === 'string' ? init.body : null);
  const parsed = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  const body = address.pathname.startsWith('/resource/') ? ((parsed.options as Record<string, unknown> | undefined) ?? {}) : parsed;
  return { path: address.pathname, method, body };
}

/**
 * Renders `ui` with `answer` as the server: it gets each request and gives its answer
 * (undefined: a 404). `at`: the address the router starts at (`/` unless given). Returns the user-event
 * driver and the list of requests sent.
 */
export function renderInApp(ui: ReactElement, answer: (request: SentRequest) => Answer | undefined, { at = '/' }: { at?: string } = {}) {
  const sent: SentRequest[] = [];
  // A CSRF cookie already there: unsafe calls do not ask /healthz for one first.
  document.cookie = 'csrftoken=test';
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const request = sentOf(url, init);
    sent.push(request);
    const a = answer(request);
    const [status, body] =
      a === undefined
        ? [404, { resource_response: { status: 'failure', error: { http_status: 404, message: 'Not found' } } }]
        : 'data' in a
          ? [200, { resource_response: { status: 'success', code: 0, data: a.data } }]
          : [a.status, { resource_response: { status: 'failure', error: { http_status: a.status, ...a.error } } }];
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, user, sent };
}
