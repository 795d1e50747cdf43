/**
 * The domain-event bus (decision 070): listeners run in subscription order,
 * each awaited, an error reaching the emitter; an in-transaction event's
 * listeners run inside the write's transaction (a failure rolls the write
 * back); an after-commit event comes once the write is done.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus } from '../src/events/bus';
import { buildTestApp, type TestApp } from './test-app';

describe('the event bus', () => {
  it('runs the listeners in subscription order, each awaited, and stops at an error, which reaches the emitter', async () => {
    const bus = createEventBus();
    const seen: string[] = [];
    bus.on('account.removed', async ({ userId }) => {
      await new Promise((resolve) => setImmediate(resolve));
      seen.push(`first ${userId}`);
    });
    const off = bus.on('account.removed', ({ userId }) => seen.push(`second ${userId}`));
    await bus.emit('account.removed', { userId: '1' });
    expect(seen).toEqual(['first 1', 'second 1']);

    off();
    bus.on('account.removed', () => {
      throw new Error('listener failed');
    });
    bus.on('account.removed', ({ userId }) => seen.push(`never ${userId}`));
    await expect(bus.emit('account.removed', { userId: '2' })).rejects.toThrow('listener failed');
    expect(seen).toEqual(['first 1', 'second 1', 'first 2']);
    await bus.emit('session.ended', { tokenHashes: ['x'] });
  });
});

describe('events of a running app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('runs an in-transaction listener inside the write: it sees the change through tx, and its failure rolls the write back', async () => {
    const owner = await t.person('Events Owner', 'ev');
    const board = (await owner.c.resource('BoardResource', 'create', { name: 'Made secret' })).data as { id: string };
    const seenInTx: string[] = [];
    const off = t.services.events.on('board.privacyChanged', async ({ tx, boardId, from, to }) => {
      const [row] = await tx.query<{ privacy: string }>('SELECT privacy FROM boards WHERE id = $1', [boardId]);
      seenInTx.push(`${from}->${to} as ${row!.privacy}`);
      throw new Error('a reaction failed');
    });
    const failed = await owner.c.resource('BoardResource', 'update', { board_id: board.id, privacy: 'secret' });
    off();
    expect(failed.httpStatus).toBeGreaterThanOrEqual(500);
    expect(seenInTx).toEqual(['public->secret as secret']);
    const [after] = await t.db.query<{ privacy: string }>('SELECT privacy FROM boards WHERE id = $1', [board.id]);
    expect(after!.privacy).toBe('public');

    const ok = await owner.c.resource('BoardResource', 'update', { board_id: board.id, privacy: 'secret' });
    expect(ok.httpStatus).toBe(200);
    expect(seenInTx).toHaveLength(1);
  });

  it('announces ended sessions after the log-out, to listeners after the message bus', async () => {
    const person = await t.person('Events Leaver', 'ev');
    const ended: string[][] = [];
    const off = t.services.events.on('session.ended', async ({ tokenHashes }) => {
      const [row] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE token_hash = ANY($1::text[])', [tokenHashes]);
      expect(row!.n).toBe(0);
      ended.push(tokenHashes);
    });
    const out = await person.c.resource('UserSessionResource', 'delete', {});
    off();
    expect(out.httpStatus).toBe(200);
    expect(ended).toHaveLength(1);
    expect(ended[0]).toHaveLength(1);
  });
});
