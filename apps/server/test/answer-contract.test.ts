/**
 * Every action the server registers has its answer's schema in the shared
 * contract (packages/shared/src/contract), the OpenAPI document shows it, and
 * under the test harness's strict check an answer that strays from it fails
 * loudly (decision 073).
 */
import fastifyMultipart from '@fastify/multipart';
import Fastify from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@pinboard/shared/contract';
import { zPinFavorite } from '@pinboard/shared/schemas/pin-filters';
import { action, ResourceRegistry } from '../src/lib/resources';
import { errorHandlerPlugin } from '../src/plugins/error-handler';
import { resourceDispatcherPlugin, type AnswerCheck } from '../src/plugins/resource-dispatcher';
import { buildTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the answer contract', () => {
  it('has an output schema for every registered action', () => {
    expect(t.registry.withoutOutput()).toEqual([]);
  });

  it('names the input schema of every registered action (decision 080)', () => {
    expect(t.registry.withoutInput()).toEqual([]);
  });

  it('names no resource or action the server does not register', () => {
    const registered = new Set(t.registry.all().flatMap((r) => Object.keys(r.actions).map((a) => `${r.name}.${a}`)));
    const named = Object.entries(contract).flatMap(([name, actions]) => Object.keys(actions).map((a) => `${name}.${a}`));
    expect(named.filter((key) => !registered.has(key))).toEqual([]);
  });

  it('refuses an action whose options schema is not the contract’s input schema', () => {
    const registry = new ResourceRegistry();
    const register = () =>
      registry.add({
        name: 'PinFavoriteResource',
        description: 'test',
        actions: { create: action({ summary: 'test', options: z.strictObject({ pin_id: z.string() }), handler: async () => null }) },
      });
    expect(register).toThrow(/PinFavoriteResource\.create: its options schema is not the contract's input schema/);
  });

  it('shows each action’s answer schema in the OpenAPI document', async () => {
    const doc = (await t.client().request('GET', '/api/openapi.json')).json();
    const get = doc.paths['/resource/BoardResource/get/'].get.responses['200'].content['application/json'].schema;
    // Shared entities are components the answers reference.
    expect(get.properties.resource_response.properties.data).toEqual({ $ref: '#/components/schemas/BoardPage' });
    const board = doc.components.schemas.BoardPage;
    expect(board.properties.name).toEqual({ type: 'string' });
    expect(board.additionalProperties).toBe(false);
    expect(JSON.stringify(doc)).not.toContain('#/$defs/');
    for (const r of t.registry.all()) {
      for (const a of Object.keys(r.actions)) {
        const path = doc.paths[`/resource/${r.name}/${a}/`];
        const op = path[Object.keys(path)[0]!];
        expect(op.responses['200'].content['application/json'].schema.properties?.resource_response.properties.data, `${r.name}.${a}`).toBeDefined();
      }
    }
  });
});

describe('the strict answer check', () => {
  // A resource borrowing the name of a contract entry whose answer strays from it.
  async function appAnswering(answer: unknown, answerCheck: AnswerCheck) {
    const registry = new ResourceRegistry();
    registry.add({
      name: 'PinFavoriteResource',
      description: 'test',
      actions: { create: action({ summary: 'test', options: zPinFavorite, handler: async () => answer }) },
    });
    const app = Fastify({ logger: false });
    await app.register(fastifyMultipart);
    await errorHandlerPlugin(app);
    await resourceDispatcherPlugin(app, { registry, answerCheck, actAs: (ctx, _subject, _need, fn) => fn(ctx) });
    return app;
  }
  const post = (app: Awaited<ReturnType<typeof appAnswering>>) =>
    app.inject({ method: 'POST', url: '/resource/PinFavoriteResource/create/', payload: { options: { pin_id: '1' } } });

  it('passes an answer of the contract’s shape', async () => {
    const app = await appAnswering({ pin_id: '1', is_favorite: true }, 'strict');
    expect((await post(app)).statusCode).toBe(200);
  });

  it('fails an answer with a field the contract does not name, and says where', async () => {
    const app = await appAnswering({ pin_id: '1', is_favorite: true, secret: 'x' }, 'strict');
    const res = await post(app);
    expect(res.statusCode).toBe(500);
    expect(res.json().resource_response.error.message_detail).toMatch(/PinFavoriteResource\.create.*(\(data\)|secret).*[Uu]nrecognized key.*secret/);
  });

  it('fails an answer with a field of the wrong type, naming its path', async () => {
    const app = await appAnswering({ pin_id: 1, is_favorite: true }, 'strict');
    const res = await post(app);
    expect(res.statusCode).toBe(500);
    expect(res.json().resource_response.error.message_detail).toMatch(/pin_id: /);
  });

  it('does not parse answers when off (production)', async () => {
    const app = await appAnswering({ pin_id: 1, surprise: true }, 'off');
    expect((await post(app)).statusCode).toBe(200);
  });

  it('is on in the test harness', async () => {
    expect(t.answerCheck).toBe('strict');
  });
});
