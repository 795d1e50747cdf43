import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { migrate } from './migrate';
import { openDatabase } from './open';

const dir = mkdtempSync(join(tmpdir(), 'pinboard-open-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('opening the embedded database', () => {
  it('creates, migrates, keeps data across restarts, and re-running migrations does nothing', async () => {
    const config = loadConfig({ DATA_DIR: dir });
    const first = await openDatabase(config);
    await first.query("INSERT INTO users (id, username, email, password_hash) VALUES (1, 'keep', 'keep@example.com', 'x')");
    await first.close();
    const second = await openDatabase(config);
    expect(await second.one('SELECT username FROM users WHERE id = 1')).toEqual({ username: 'keep' });
    expect(await migrate(second)).toEqual([]);
    await second.close();
  }, 60_000);

  it('refuses to open a data directory another live process holds', async () => {
    const other = mkdtempSync(join(tmpdir(), 'pinboard-lock-'));
    writeFileSync(join(other, 'pglite.lock'), String(process.ppid)); // a live process that is not us
    await expect(openDatabase(loadConfig({ DATA_DIR: other }))).rejects.toThrow(/Another server/);
    rmSync(other, { recursive: true, force: true });
  });
});
