import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FixtureSite {
  /** http://127.0.0.1:{port} */
  origin: string;
  close: () => Promise<void>;
}

/**
 * A tiny web site on the loopback address for the Pin builder to read: each
 * path answers with its body and type. (The server may fetch it only because
 * the browser tests start it with FETCH_ALLOW_PRIVATE_ADDRESSES=true.)
 */
export interface FixtureFile {
  type: string;
  body: string | Buffer;
  /** More headers of the answer (a page's Content-Security-Policy). */
  headers?: Record<string, string>;
}

export async function serveFixtureSite(pages: (origin: string) => Record<string, FixtureFile>): Promise<FixtureSite> {
  let routes: Record<string, FixtureFile> = {};
  const server: Server = createServer((request, response) => {
    const page = routes[new URL(request.url ?? '/', 'http://localhost').pathname];
    if (!page) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { ...page.headers, 'content-type': page.type, 'content-length': Buffer.byteLength(page.body) }).end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  routes = pages(origin);
  return {
    origin,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
