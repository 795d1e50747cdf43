/**
 * The message bus contract, for the in-process bus and (when TEST_REDIS_URL
 * is set) the Redis bus, where two buses stand for two server processes.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMessageBus, type MessageBus } from './messages.bus';
import type { PresentedMessage } from './messages.present';
import { createRedisMessageBus } from './messages.redis-bus';

const redisUrl = process.env.TEST_REDIS_URL;
const message = (id: string) => ({ id, conversation_id: '7', text: `hello ${id}` }) as unknown as PresentedMessage;
const eventually = async (ok: () => boolean) => {
  for (let i = 0; i < 100 && !ok(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(ok()).toBe(true);
};

type Pair = { sender: MessageBus; receiver: MessageBus; close: () => Promise<void> };
const kinds: [string, () => Pair][] = [
  [
    'in-process',
    () => {
      const bus = createMessageBus();
      return { sender: bus, receiver: bus, close: () => bus.close() };
    },
  ],
];
if (redisUrl) {
  kinds.push([
    'Redis (two processes)',
    () => {
      const prefix = `test:${randomBytes(4).toString('hex')}:`;
      const sender = createRedisMessageBus(redisUrl, { prefix });
      const receiver = createRedisMessageBus(redisUrl, { prefix });
      return { sender, receiver, close: async () => void (await Promise.all([sender.close(), receiver.close()])) };
    },
  ]);
}

describe.each(kinds)('%s message bus', (_name, make) => {
  const { sender, receiver, close } = make();
  afterAll(close);

  it('delivers a message published after subscribing to every listener of that conversation only', async () => {
    const got: string[] = [];
    const other: string[] = [];
    const off1 = await receiver.subscribe('7', (m) => got.push(`a:${m.id}`));
    const off2 = await receiver.subscribe('7', (m) => got.push(`b:${m.id}`));
    const off3 = await receiver.subscribe('8', (m) => other.push(m.id));
    expect(receiver.subscriberCount('7')).toBe(2);
    await sender.publish('7', message('1'));
    await eventually(() => got.length === 2);
    expect(got.sort()).toEqual(['a:1', 'b:1']);
    expect(other).toEqual([]);
    off1();
    off1(); // harmless twice
    await sender.publish('7', message('2'));
    await eventually(() => got.length === 3);
    expect(got[2]).toBe('b:2');
    off2();
    off3();
    expect(receiver.subscriberCount('7')).toBe(0);
  });

  it('keeps delivering to the others when one listener throws', async () => {
    const got: string[] = [];
    const offBad = await receiver.subscribe('9', () => {
      throw new Error('a broken stream');
    });
    const off = await receiver.subscribe('9', (m) => got.push(m.id));
    await sender.publish('9', message('3'));
    await eventually(() => got.length === 1);
    offBad();
    off();
  });

  it('subscribes again after the last listener left', async () => {
    const got: string[] = [];
    (await receiver.subscribe('10', () => {}))();
    const off = await receiver.subscribe('10', (m) => got.push(m.id));
    await sender.publish('10', message('4'));
    await eventually(() => got.length === 1);
    off();
  });

  it('tells every listener which sessions ended, and stops telling one that stopped', async () => {
    const heard: string[][] = [];
    const other: string[][] = [];
    const off = await receiver.onSessionsEnded((hashes) => heard.push(hashes));
    const offOther = await receiver.onSessionsEnded((hashes) => other.push(hashes));
    await sender.endSessions(['aa', 'bb']);
    await sender.endSessions([]);
    await eventually(() => heard.length === 1 && other.length === 1);
    expect(heard).toEqual([['aa', 'bb']]);
    offOther();
    await sender.endSessions(['cc']);
    await eventually(() => heard.length === 2);
    expect(heard[1]).toEqual(['cc']);
    expect(other).toHaveLength(1);
    off();
  });
});

describe.runIf(redisUrl)('Redis message bus', () => {
  it('holds a Redis subscription only while this process has listeners', async () => {
    const prefix = `test:${randomBytes(4).toString('hex')}:`;
    const bus = createRedisMessageBus(redisUrl!, { prefix });
    const probe = new Redis(redisUrl!);
    const subscribers = async () => Number(((await probe.pubsub('NUMSUB', `${prefix}conversation:11`)) as [string, number])[1]);
    try {
      const off = await bus.subscribe('11', () => {});
      expect(await subscribers()).toBe(1);
      off();
      for (let i = 0; i < 50 && (await subscribers()) !== 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await subscribers()).toBe(0);
    } finally {
      await bus.close();
      await probe.quit();
    }
  });

  it('does not fail a send when Redis cannot be reached; it reports the error', async () => {
    const errors: unknown[] = [];
    const bus = createRedisMessageBus('redis://127.0.0.1:1', { onError: (e) => errors.push(e) });
    await expect(bus.publish('12', message('5'))).resolves.toBeUndefined();
    expect(errors.length).toBeGreaterThan(0);
    await bus.close();
  });
});
