/**
 * `npm run backup` and `npm run restore` (decision 102), run as the commands they are: content made on one app
 * (people, boards, Pins with real images, a comment), backed up while that app runs, restored into a fresh
 * DATA_DIR (the embedded PostgreSQL) or a fresh database (an external PostgreSQL), the media copied as the README
 * says; an app started on the restored database finds every row and serves every Pin's images.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPostgres, type Db } from '../src/db/client';
import { openDatabase } from '../src/db/open';
import { DiskMediaStore } from '../src/media-pipeline/disk-media-store';
import { MemoryRateLimiter } from '../src/rate-limit';
import { makeBoard, makeComment, makePin, makeStoredImage, makeUser } from '../src/seed/factories';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '../../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const made: string[] = [];

function tempDir(name: string) {
  const dir = mkdtempSync(join(tmpdir(), `pinboard-${name}-`));
  made.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** Runs `npm run <script> -- <file>` the way an operator does, with this environment. */
async function cli(script: 'backup' | 'restore', file: string, env: { DATA_DIR: string; DATABASE_URL?: string }) {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return run(TSX, [join(ROOT, `apps/server/src/cli/${script}.ts`), file], {
    cwd: ROOT,
    env: { ...inherited, LOG_LEVEL: 'silent', ...env },
  });
}

async function startApp(db: Db, dataDir: string) {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_DIST_DIR: join(dataDir, 'no-web') });
  const { app } = await buildApp({ config, db, media: new DiskMediaStore(join(dataDir, 'media')), limiter: new MemoryRateLimiter() }, { logger: false });
  await app.ready();
  return app;
}

/** Two people, a public board each and a secret one, three Pins with real images, a comment. */
async function makeContent(db: Db, dataDir: string) {
  const media = new DiskMediaStore(join(dataDir, 'media'));
  const ada = await makeUser(db, { username: `ada${randomBytes(3).toString('hex')}` });
  const bob = await makeUser(db, { username: `bob${randomBytes(3).toString('hex')}` });
  const adaBoard = await makeBoard(db, ada.id, { name: 'Kitchens' });
  const bobBoard = await makeBoard(db, bob.id, { name: 'Gardens' });
  const secret = await makeBoard(db, bob.id, { name: 'Ideas', privacy: 'secret' });
  const pins = [
    await makePin(db, {
      pinnerId: ada.id,
      boardId: adaBoard.id,
      image: await makeStoredImage(media, { seed: 1, width: 300, height: 400 }),
      title: 'Blue tiles',
    }),
    await makePin(db, { pinnerId: bob.id, boardId: bobBoard.id, image: await makeStoredImage(media, { seed: 2, width: 300, height: 300 }), title: 'Roses' }),
    await makePin(db, { pinnerId: bob.id, boardId: secret.id, image: await makeStoredImage(media, { seed: 3, width: 200, height: 300 }) }),
  ];
  await makeComment(db, { pinId: pins[0]!, authorId: bob.id, text: 'Lovely' });
  return { pins };
}

/** What must come back: every person, board, Pin and comment, as stored (counters included), and the schema's version. */
async function contentOf(db: Db) {
  return {
    users: await db.query('SELECT id, username, email, password_hash, full_name FROM users ORDER BY id'),
    boards: await db.query('SELECT id, owner_id, name, slug, privacy, pin_count FROM boards ORDER BY id'),
    pins: await db.query('SELECT id, pinner_id, board_id, title, media_base, images, comment_count FROM pins ORDER BY id'),
    comments: await db.query('SELECT id, pin_id, author_id, text FROM pin_comments ORDER BY id'),
    migrations: await db.query('SELECT name FROM schema_migrations ORDER BY name'),
  };
}

/** Every image of every Pin is in the restored media, and an app on the restored database serves the public ones. */
async function expectImagesServed(db: Db, dataDir: string, before: Awaited<ReturnType<typeof contentOf>>) {
  const app = await startApp(db, dataDir);
  try {
    let served = 0;
    for (const pin of before.pins as { board_id: string; images: Record<string, { url: string }> }[]) {
      const board = (before.boards as { id: string; privacy: string }[]).find((b) => b.id === pin.board_id);
      for (const { url } of Object.values(pin.images)) {
        const path = new URL(url, 'http://x').pathname;
        expect(existsSync(join(dataDir, path)), path).toBe(true);
        if (board?.privacy !== 'public') continue;
        const res = await app.inject({ method: 'GET', url: path });
        expect(res.statusCode, url).toBe(200);
        expect(res.rawPayload.length).toBeGreaterThan(0);
        served++;
      }
    }
    expect(served).toBeGreaterThanOrEqual(2);
  } finally {
    await app.close();
  }
}

describe('npm run backup / npm run restore', () => {
  it('round-trips the embedded database into a fresh DATA_DIR, backed up while the app runs', async () => {
    const from = tempDir('backup-from');
    const file = join(tempDir('backup-file'), 'pinboard.backup');
    const db = await openDatabase(loadConfig({ DATA_DIR: from }));
    let before;
    try {
      const app = await startApp(db, from);
      try {
        await makeContent(db, from);
        before = await contentOf(db);
        // The app runs (and holds DATA_DIR): the backup reaches its PostgreSQL.
        await cli('backup', file, { DATA_DIR: from });
      } finally {
        await app.close();
      }
    } finally {
      await db.close();
    }
    expect(existsSync(file)).toBe(true);

    const to = tempDir('backup-to');
    await cli('restore', file, { DATA_DIR: to });
    // The README's way for media on disk: copy DATA_DIR/media.
    cpSync(join(from, 'media'), join(to, 'media'), { recursive: true });
    const restored = await openDatabase(loadConfig({ DATA_DIR: to }));
    try {
      expect(await contentOf(restored)).toEqual(before);
      await expectImagesServed(restored, to, before);
    } finally {
      await restored.close();
    }
    // Restoring again into the now filled DATA_DIR is refused, and says why.
    await expect(cli('restore', file, { DATA_DIR: to })).rejects.toMatchObject({ stderr: expect.stringMatching(/not empty/) });
  }, 120_000);

  it('round-trips an external PostgreSQL into a fresh database', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
    const names = [`backup_from_${randomBytes(4).toString('hex')}`, `backup_to_${randomBytes(4).toString('hex')}`];
    const urlOf = (name: string) => {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return url.toString();
    };
    const admin = openPostgres(adminUrl, { max: 1 });
    for (const name of names) await admin.query(`CREATE DATABASE ${name}`);
    try {
      const dataDir = tempDir('backup-external');
      const file = join(dataDir, 'pinboard.backup');
      const db = await openDatabase(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: urlOf(names[0]!) }));
      let before;
      try {
        await makeContent(db, dataDir);
        before = await contentOf(db);
        await cli('backup', file, { DATA_DIR: dataDir, DATABASE_URL: urlOf(names[0]!) });
      } finally {
        await db.close();
      }
      await cli('restore', file, { DATA_DIR: dataDir, DATABASE_URL: urlOf(names[1]!) });
      const restored = await openDatabase(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: urlOf(names[1]!) }));
      try {
        expect(await contentOf(restored)).toEqual(before);
        await expectImagesServed(restored, dataDir, before);
      } finally {
        await restored.close();
      }
    } finally {
      for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    }
  }, 120_000);
});
