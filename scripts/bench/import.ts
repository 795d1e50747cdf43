/**
 * `npm run bench:import`: import throughput (decision 094). A Pinterest export (the current layout,
 * pages of 250 Pins) of BENCH_IMPORT_PINS (default 2,000) Pins on BENCH_IMPORT_BOARDS (default 20)
 * boards, imported by one person from the real app in its own process on an embedded PostgreSQL,
 * media on disk; each Pin's image served by a local image host standing in for Pinterest's
 * (`IMPORT_IMAGE_BASE_URL`), a JPEG of BENCH_IMPORT_SIZE (default 736x1100) made unique per Pin by
 * a comment segment, answered after BENCH_IMPORT_IMAGE_MS (default 20) ms as a distant host would.
 * IMPORT_FETCH_CONCURRENCY (default 4) as the server's setting. Reports Pins per second from the
 * upload's answer to done, and the counts; fails when a Pin is not imported.
 * The figures go to stdout and scripts/bench/results/import-<time>.json.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPostgres } from '../../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded/embedded-postgres';
import { migrate } from '../../apps/server/src/db/migrate';
import { createDatabaseIfMissing } from '../../apps/server/src/db/open';
import { makeTestImage } from '../../apps/server/src/media-pipeline/test-images';
import { fixtureHash, writeCurrentExport, type FixturePin } from '../../apps/server/test/fixtures/pinterest-export';
import { serve, servedHere, stop } from './app-process';
import { BenchClient } from './http';

const SELF = fileURLToPath(import.meta.url);

if (!(await servedHere({ env: { SIGNUP_RATE_LIMIT_CLIENT: '1000000', VIDEO_TRANSCODE_CONCURRENCY: '0', FETCH_ALLOW_PRIVATE_ADDRESSES: 'true' }, poolSize: 8 })))
  await main();

/** The same picture made a different file: a JPEG comment segment (FF FE) right after the start of image. */
function unique(jpeg: Buffer, tag: string) {
  const text = Buffer.from(tag);
  const segment = Buffer.alloc(4 + text.length);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(2 + text.length, 2);
  text.copy(segment, 4);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

async function main() {
  const count = Number(process.env.BENCH_IMPORT_PINS ?? 2000);
  const boards = Number(process.env.BENCH_IMPORT_BOARDS ?? 20);
  const imageMs = Number(process.env.BENCH_IMPORT_IMAGE_MS ?? 20);
  const [w, h] = (process.env.BENCH_IMPORT_SIZE ?? '736x1100').split('x').map(Number);
  const root = mkdtempSync(join(tmpdir(), 'pinboard-bench-import-'));
  const pictures = await Promise.all([1, 2, 3, 4].map((seed) => makeTestImage({ width: w!, height: h!, format: 'jpeg', seed })));
  const host = createServer((req, res) => {
    const m = /\/([0-9a-f]{32})\.jpg$/.exec(req.url ?? '');
    if (!m) return void res.writeHead(404).end();
    const n = parseInt(m[1]!.slice(0, 8), 16);
    setTimeout(() => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(unique(pictures[n % pictures.length]!, m[1]!)), imageMs);
  });
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  const imageBase = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  const pg = await startEmbeddedPostgres({ dataDir: join(root, 'postgres'), durable: false });
  try {
    await createDatabaseIfMissing(pg.url('postgres'), 'bench_import');
    const migrating = openPostgres(pg.url('bench_import'), { max: 1 });
    await migrate(migrating);
    await migrating.close();
    const pins: FixturePin[] = Array.from({ length: count }, (_, i) => ({
      id: String(7_000_000_000 + i),
      title: `Imported idea ${i}`,
      details: `Saved on Pinterest, number ${i}`,
      image: fixtureHash(i + 1),
      boardId: String(900_000 + (i % boards)),
      boardName: `Board ${i % boards}`,
      link: `https://example.com/idea/${i}`,
      createdAt: `2022/0${1 + (i % 9)}/1${i % 10} 10:00:00`,
      alive: true,
    }));
    const pages = Array.from({ length: Math.ceil(count / 250) }, (_, p) => pins.slice(p * 250, p * 250 + 250));
    const { file } = await writeCurrentExport(root, pages);
    const zip = readFileSync(file);
    console.log(`Import: ${count} Pins on ${boards} boards (${(zip.length / 1e6).toFixed(1)} MB export), images ${w}x${h} after ${imageMs} ms`);

    const server = await serve(SELF, {
      DATABASE_URL: pg.url('bench_import'),
      DATA_DIR: join(root, 'data'),
      WEB_DIST_DIR: join(root, 'no-web'),
      IMPORT_IMAGE_BASE_URL: imageBase,
    });
    try {
      const c = new BenchClient(server.base);
      await c.request('GET', '/', { headers: { accept: 'text/html' } });
      const signedUp = await c.resource('UserRegisterResource', 'create', { email: 'bench-import@example.com', password: 'correct horse battery' });
      if (signedUp.status !== 200) throw new Error(`sign-up: ${signedUp.text}`);
      const form = new FormData();
      form.set('file', new Blob([zip]), 'pinterest-export.zip');
      const encoded = new Request('http://local/', { method: 'POST', body: form });
      const body = Buffer.from(await encoded.arrayBuffer());
      const t0 = performance.now();
      const started = await c.request('POST', '/v3/imports/', { body, headers: { 'content-type': encoded.headers.get('content-type')! } });
      if (started.status !== 202) throw new Error(`upload: ${started.status} ${started.text}`);
      const id = (started.json as { data: { id: string } }).data.id;
      type Progress = {
        status: string;
        done: number;
        total: number;
        pins_imported: number;
        images_failed: number;
        duplicates_collapsed: number;
        boards_created: number;
      };
      let last: Progress;
      for (;;) {
        last = ((await c.request('GET', `/v3/imports/${id}/`)).json as { data: Progress }).data;
        if (last.status === 'done' || last.status === 'failed') break;
        await new Promise((r) => setTimeout(r, 250));
      }
      const seconds = (performance.now() - t0) / 1000;
      const result = {
        pins: count,
        boards,
        imageMs,
        fetchConcurrency: Number(process.env.IMPORT_FETCH_CONCURRENCY ?? 4),
        seconds: +seconds.toFixed(1),
        pinsPerSecond: +(last.pins_imported / seconds).toFixed(1),
        ...last,
      };
      console.log(JSON.stringify(result, null, 2));
      const dir = join(import.meta.dirname, 'results');
      mkdirSync(dir, { recursive: true });
      const out = join(dir, `import-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
      writeFileSync(out, JSON.stringify(result, null, 2));
      console.log(`Written to ${out}`);
      if (last.status !== 'done' || last.pins_imported !== count) process.exitCode = 1;
    } finally {
      await stop(server.child);
    }
  } finally {
    await pg.stop();
    host.close();
    rmSync(root, { recursive: true, force: true });
  }
}
