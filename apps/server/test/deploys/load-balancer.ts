/**
 * A small load balancer for tests, the way one sits in front of several app servers: it polls each
 * server's /readyz and sends each request to the next server whose last answer was 200 (round robin).
 * It never retries a request: a request a server fails or drops is answered 502 and counted, so a
 * test sees every failure a real balancer would have passed on. While no server is ready, a request
 * waits (up to `waitForReadyMs`) for one to become ready.
 */
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Backend {
  name: string;
  base: string;
  ready: boolean;
}

export interface LoadBalancer {
  base: string;
  backends: Backend[];
  /** Requests answered 502 because the server they were sent to failed them (refused, reset, dropped). */
  failures: { backend: string; method: string; url: string; error: string }[];
  /** Requests sent to each backend, by name. */
  sent: Map<string, number>;
  /** Resolves once the named backend has been seen ready (or, with `ready = false`, not ready). */
  seen(name: string, ready: boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Hop-by-hop headers: about one connection, never passed on (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade']);

function passOn(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([k]) => !HOP_BY_HOP.has(k)));
}

export async function startLoadBalancer(
  backends: { name: string; base: string }[],
  opts: { pollMs?: number; probeTimeoutMs?: number; waitForReadyMs?: number } = {},
): Promise<LoadBalancer> {
  const pollMs = opts.pollMs ?? 100;
  const probeTimeoutMs = opts.probeTimeoutMs ?? 1000;
  const waitForReadyMs = opts.waitForReadyMs ?? 30_000;
  const list: Backend[] = backends.map((b) => ({ ...b, ready: false }));
  const failures: LoadBalancer['failures'] = [];
  const sent = new Map<string, number>();
  let closed = false;
  let next = 0;

  // One poll loop per backend: a slow probe of one does not delay the other's.
  const probe = async (b: Backend) => {
    const base = b.base;
    let ok: boolean;
    try {
      const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(probeTimeoutMs) });
      await res.arrayBuffer();
      ok = res.status === 200;
    } catch {
      ok = false;
    }
    if (b.base === base) b.ready = ok;
  };
  const loops = list.map(async (b) => {
    while (!closed) {
      await probe(b);
      await new Promise((r) => setTimeout(r, pollMs));
    }
  });

  const pick = async (): Promise<Backend | null> => {
    const deadline = Date.now() + waitForReadyMs;
    for (;;) {
      const ready = list.filter((b) => b.ready);
      if (ready.length > 0) return ready[next++ % ready.length]!;
      if (Date.now() > deadline || closed) return null;
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const backend = await pick();
      if (!backend) {
        res.writeHead(503, { 'content-type': 'text/plain' }).end('no server is ready');
        failures.push({ backend: '-', method: req.method ?? '', url: req.url ?? '', error: 'no server ready' });
        return;
      }
      sent.set(backend.name, (sent.get(backend.name) ?? 0) + 1);
      const target = new URL(backend.base);
      // A new connection per request (no keep-alive to the servers): no request lands on a connection the
      // server is closing, which a balancer with pooled connections would retry by itself.
      const upstream = request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: passOn(req.headers), agent: false },
        (up) => {
          res.writeHead(up.statusCode ?? 502, passOn(up.headers));
          up.pipe(res);
          up.on('error', () => res.destroy());
        },
      );
      upstream.on('error', (err) => {
        failures.push({ backend: backend.name, method: req.method ?? '', url: req.url ?? '', error: err.message });
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end(`upstream ${backend.name}: ${err.message}`);
        else res.destroy();
      });
      req.pipe(upstream);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    base: `http://127.0.0.1:${port}`,
    backends: list,
    failures,
    sent,
    async seen(name, ready, timeoutMs = 120_000) {
      const b = list.find((x) => x.name === name);
      if (!b) throw new Error(`no backend ${name}`);
      const deadline = Date.now() + timeoutMs;
      while (b.ready !== ready) {
        if (Date.now() > deadline) throw new Error(`backend ${name} not seen ${ready ? 'ready' : 'not ready'} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      closed = true;
      await Promise.all(loops);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
