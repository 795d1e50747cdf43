import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { IMAGE_JOB_MEMORY_BYTES, imageConcurrency } from '../media-pipeline/process-image';
import { ACTION_LIMITS, ACTION_NAMES, createActionLimits, defaultLimitValues, limitEnvNames } from './limits';
import { MemoryRateLimiter } from './rate-limiter';

const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
const ctx = (id: string, ip = '198.51.100.1') => ({ viewer: { id, username: `u${id}` }, clientIp: ip });

describe('the table of limits', () => {
  it('is listed in the README: every variable with its default', () => {
    for (const name of ACTION_NAMES) {
      const { limit, windowSeconds } = ACTION_LIMITS[name];
      const env = limitEnvNames(name);
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${env.limit}\``));
      expect(row, env.limit).toBeDefined();
      expect(row, env.limit).toContain(env.window ? `| \`${limit}\`, \`${windowSeconds}\` |` : `| \`${limit}\` |`);
    }
  });

  it('takes its numbers from the environment, and refuses bad ones by name', () => {
    expect(loadConfig({}).actionLimits).toEqual(defaultLimitValues());
    const c = loadConfig({ RATE_LIMIT_PIN_UPLOAD: '7', RATE_LIMIT_PIN_UPLOAD_WINDOW_SECONDS: '60', MAX_MESSAGE_STREAMS_PER_PERSON: '1' });
    expect(c.actionLimits.pin_upload).toEqual({ limit: 7, windowSeconds: 60 });
    expect(c.actionLimits.message_streams_person.limit).toBe(1);
    expect(c.actionLimits.message).toEqual({ limit: 300, windowSeconds: 3600 });
    expect(() => loadConfig({ RATE_LIMIT_MESSAGE: 'lots' })).toThrow(/RATE_LIMIT_MESSAGE/);
    expect(() => loadConfig({ RATE_LIMIT_MESSAGE_WINDOW_SECONDS: '0' })).toThrow(/RATE_LIMIT_MESSAGE_WINDOW_SECONDS/);
    expect(() => loadConfig({ MAX_MESSAGE_STREAMS_PER_CLIENT: '-1' })).toThrow(/MAX_MESSAGE_STREAMS_PER_CLIENT/);
  });
});

describe('places held at once', () => {
  it('are taken under every named limit or none, and given back once', () => {
    const values = defaultLimitValues();
    values.message_streams_person.limit = 2;
    values.message_streams_client.limit = 3;
    const limits = createActionLimits(new MemoryRateLimiter(), values);
    const a1 = limits.hold(ctx('1'), 'message_streams_person', 'message_streams_client');
    limits.hold(ctx('1'), 'message_streams_person', 'message_streams_client');
    expect(() => limits.hold(ctx('1'), 'message_streams_person', 'message_streams_client')).toThrow(/too many conversations open/);
    // The refusal above took no place under the client limit: one is left for someone else there.
    limits.hold(ctx('2'), 'message_streams_person', 'message_streams_client');
    expect(() => limits.hold(ctx('3'), 'message_streams_person', 'message_streams_client')).toThrow(/from your network/);
    a1();
    a1();
    limits.hold(ctx('3'), 'message_streams_person', 'message_streams_client');
    expect(() => limits.hold(ctx('4'), 'message_streams_person', 'message_streams_client')).toThrow(/from your network/);
    // Person 1 holds one place: one more from another address, then none from anywhere.
    limits.hold(ctx('1', '198.51.100.2'), 'message_streams_person', 'message_streams_client');
    expect(() => limits.hold(ctx('1', '198.51.100.3'), 'message_streams_person', 'message_streams_client')).toThrow(/too many conversations open/);
  });
});

describe('image work at once', () => {
  it('is one per core, fewer when memory is short, never none', () => {
    const gb = 1024 ** 3;
    expect(imageConcurrency(8, 64 * gb)).toBe(8);
    expect(imageConcurrency(8, 4 * gb)).toBe(Math.floor(gb / IMAGE_JOB_MEMORY_BYTES));
    expect(imageConcurrency(8, 512 * 1024 ** 2)).toBe(1);
    expect(imageConcurrency(1, 64 * gb)).toBe(1);
  });
});
