/**
 * /metrics on a port of its own (METRICS_PORT, on HOST), a plain node:http server apart from the app's: a
 * scrape never waits behind the app's requests, and the port can stay inside the network (decision 104).
 */
import { createServer, type Server } from 'node:http';
import type { Metrics } from './index';

export interface MetricsServer {
  /** The port it listens on (the one asked for, or the one given for 0). */
  readonly port: number;
  close(): Promise<void>;
}

export function serveMetrics(metrics: Metrics, port: number, host: string): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: metrics are at /metrics\n');
      return;
    }
    metrics.text().then(
      (text) => res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' }).end(req.method === 'HEAD' ? undefined : text),
      (err: unknown) => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`Collecting the metrics failed: ${(err as Error).message}\n`),
    );
  });
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
