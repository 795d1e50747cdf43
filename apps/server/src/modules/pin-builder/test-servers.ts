/**
 * Local fixture servers for the pin-builder tests: plain HTTP on 127.0.0.1
 * and HTTPS for the made-up host name `fixture.test` (a self-signed
 * certificate, valid 2000-2100, trusted by passing FIXTURE_CA as `ca`).
 * Test support only; nothing in the server imports this.
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { FetchRefusedError } from './fetch-errors';

export const FIXTURE_HOST = 'fixture.test';

const FIXTURE_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg7CBeL+14tgKwWqfo
KKmx+k/zaAZNswlnlpev6v5uhNihRANCAAT+X8MBAy4b48be//FRFzTOiWSMYS5a
uzBD2DjBjM4w1oNyE5wkCM4tAa33IhFnC9hKLLpHk3RrgjgZElzt2kjC
-----END PRIVATE KEY-----
`;

export const FIXTURE_CA = `-----BEGIN CERTIFICATE-----
MIIBajCCARCgAwIBAgIBATAKBggqhkjOPQQDAjAXMRUwEwYDVQQDDAxmaXh0dXJl
LnRlc3QwIBcNMDAwMTAxMDAwMDAwWhgPMjEwMDAxMDEwMDAwMDBaMBcxFTATBgNV
BAMMDGZpeHR1cmUudGVzdDBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABP5fwwED
Lhvjxt7/8VEXNM6JZIxhLlq7MEPYOMGMzjDWg3ITnCQIzi0BrfciEWcL2EosukeT
dGuCOBkSXO3aSMKjSzBJMA8GA1UdEwEB/wQFMAMBAf8wFwYDVR0RBBAwDoIMZml4
dHVyZS50ZXN0MB0GA1UdDgQWBBTt6MeYxV2TgV44spu0ivqrdERy4zAKBggqhkjO
PQQDAgNIADBFAiBIJeVHVs5JjLb3rWCtaKYkuRfa/wapN2pT0y64g3vTDwIhAIiF
WzO+V6fSRtuYiqq6HGxifJRteY+0dGKkOmMM77yQ
-----END CERTIFICATE-----
`;

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface Fixture {
  /** e.g. http://127.0.0.1:34567 */
  origin: string;
  port: number;
  /** Requests seen, in order. */
  requests: { url: string; headers: http.IncomingHttpHeaders }[];
  close(): Promise<void>;
}

export async function startFixture(handler: Handler, opts: { tls?: boolean } = {}): Promise<Fixture> {
  const requests: Fixture['requests'] = [];
  const listener: Handler = (req, res) => {
    requests.push({ url: req.url ?? '', headers: req.headers });
    handler(req, res);
  };
  const server = opts.tls ? https.createServer({ key: FIXTURE_KEY, cert: FIXTURE_CA }, listener) : http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `${opts.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The refusal a fetch ends in; fails the test when it ends in a result or another error. */
export async function refusal(promise: Promise<unknown>): Promise<FetchRefusedError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof FetchRefusedError) return err;
    throw err;
  }
  throw new Error('expected a FetchRefusedError, got a result');
}
