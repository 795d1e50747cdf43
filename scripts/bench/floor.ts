/**
 * The floor, in a process of its own (forked by bench.ts, like the server
 * process): a raw node:http server that answers every request with one
 * recorded response of the app, byte for byte the same status, headers and
 * body. Loaded with the same autocannon settings as the app, it shows what
 * this machine, loopback and load generator can do for that exact answer;
 * the bench reports the app's requests per second as a ratio to it.
 *
 * Node adds Date, Connection and Keep-Alive itself, as it does for the app,
 * so those are not replayed; the body is already de-chunked, and is sent with
 * the app's Content-Length when the app sent one.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FloorFromServer, FloorToServer } from './protocol';

const send = (msg: FloorFromServer) => process.send?.(msg);
if (!process.send) {
  console.error('scripts/bench/floor.ts is started by scripts/bench/bench.ts (npm run bench), not directly.');
  process.exit(2);
}

const NOT_REPLAYED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

let status = 200;
let headers: string[] = ['content-type', 'text/plain', 'content-length', '11'];
let body = Buffer.from('hello world');

const server = createServer((req, res) => {
  // Read (and drop) any request body, as the app does, before answering.
  req.resume();
  req.on('end', () => {
    res.writeHead(status, headers);
    res.end(body);
  });
});
server.keepAliveTimeout = 72_000; // Fastify's default, so neither side closes idle connections during a run
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

process.on('message', (msg: FloorToServer) => {
  switch (msg.type) {
    case 'respond': {
      status = msg.status;
      headers = [];
      for (let i = 0; i < msg.rawHeaders.length; i += 2) {
        const name = msg.rawHeaders[i]!;
        if (!NOT_REPLAYED.has(name.toLowerCase())) headers.push(name, msg.rawHeaders[i + 1]!);
      }
      body = Buffer.from(msg.bodyBase64, 'base64');
      send({ type: 'responding' });
      break;
    }
    case 'shutdown':
      server.closeAllConnections();
      server.close(() => process.exit(0));
  }
});
process.on('disconnect', () => process.exit(1));

send({ type: 'ready', port: (server.address() as AddressInfo).port });
