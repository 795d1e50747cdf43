/**
 * Each request's id (decision 102): the `X-Request-Id` a trusted proxy sent when it is well-formed, else a new
 * UUID, so that ids are unique across servers. It is answered in `X-Request-Id`, written on every log line of the
 * request (Fastify's `reqId`), carried into the jobs the request enqueues, and shown in a 5xx answer's envelope.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What an id from outside may be: short, and safe to write into a log line or a header. */
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

const ID = Symbol('requestId');
type WithId = IncomingMessage & { [ID]?: string };

/**
 * The request's id, made once per request: the incoming header when the peer is a trusted proxy and the value
 * well-formed, else a new UUID. The fast paths before the framework and Fastify's `genReqId` both ask here.
 */
export function requestIdOf(req: IncomingMessage, trustsPeer: (address: string) => boolean): string {
  const r = req as WithId;
  let id = r[ID];
  if (id === undefined) {
    const given = req.headers[REQUEST_ID_HEADER];
    const address = req.socket?.remoteAddress;
    id = typeof given === 'string' && WELL_FORMED.test(given) && address !== undefined && trustsPeer(address) ? given : randomUUID();
    r[ID] = id;
  }
  return id;
}

const current = new AsyncLocalStorage<string>();

/** Runs `fn` (and everything it starts) as part of the request with this id: jobs it enqueues carry the id. */
export function runWithRequestId<T>(id: string, fn: () => T): T {
  return current.run(id, fn);
}

/** The id of the request this code runs for, if any. */
export function currentRequestId(): string | undefined {
  return current.getStore();
}
