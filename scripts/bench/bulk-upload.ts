/**
 * `npm run bench:bulk-upload`: a bulk upload of BENCH_BULK_IMAGES (default 200) images by one person
 * (decision 098), as the web app sends it: a real tus client (tus-js-client) uploading
 * BENCH_BULK_AT_ONCE (default 3) at a time to the real app in its own process on an embedded
 * PostgreSQL, media on disk. Per image: the upload (creation to last byte) and the time until its
 * draft is ready (processed by the queue), p50 and p95; then the publish of the batch onto a board.
 * Counts every answer of 503: there must be none (the person stays within their upload budget), and
 * the script fails otherwise.
 *
 * BENCH_BULK_SIZE (default 1600x1200) is each JPEG's size; each image differs (no duplicates).
 * The figures go to stdout and scripts/bench/results/bulk-upload-<time>.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Upload } from 'tus-js-client';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded/embedded-postgres';
import { openPostgres } from '../../apps/server/src/db/client';
import { migrate } from '../../apps/server/src/db/migrate';
import { createDatabaseIfMissing } from '../../apps/server/src/db/open';
import { makeTestImage } from '../../apps/server/src/media-pipeline/test-images';
import { BenchClient } from './http';

import { percentile, serve, servedHere, stop } from './app-process';

const SELF = fileURLToPath(import.meta.url);

if (!(await servedHere({ env: { SIGNUP_RATE_LIMIT_CLIENT: '1000000', VIDEO_TRANSCODE_CONCURRENCY: '0' }, poolSize: 8 }))) await main();

function stats(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50Ms: +percentile(sorted, 50).toFixed(1), p95Ms: +percentile(sorted, 95).toFixed(1), maxMs: +(sorted.at(-1) ?? 0).toFixed(1) };
}

interface Draft {
  id: string;
  file_name: string;
  status: string;
}

async function main() {
  const count = Number(process.env.BENCH_BULK_IMAGES ?? 200);
  const atOnce = Number(process.env.BENCH_BULK_AT_ONCE ?? 3);
  const [w, h] = (process.env.BENCH_BULK_SIZE ?? '1600x1200').split('x').map(Number);
  const root = mkdtempSync(join(tmpdir(), 'pinboard-bench-bulk-'));
  const pg = await startEmbeddedPostgres({ dataDir: join(root, 'postgres'), durable: false });
  try {
    await createDatabaseIfMissing(pg.url('postgres'), 'bench_bulk');
    const migrating = openPostgres(pg.url('bench_bulk'), { max: 1 });
    await migrate(migrating);
    await migrating.close();
    const images = await Promise.all(Array.from({ length: count }, (_, seed) => makeTestImage({ width: w!, height: h!, format: 'jpeg', seed })));
    const mb = images.reduce((sum, b) => sum + b.length, 0) / 1e6;
    console.log(`Bulk upload: ${count} JPEGs of ${w}x${h} (${mb.toFixed(1)} MB in all), ${atOnce} at a time, with tus`);

    const server = await serve(SELF, { DATABASE_URL: pg.url('bench_bulk'), DATA_DIR: join(root, 'data'), WEB_DIST_DIR: join(root, 'no-web') });
    try {
      const c = new BenchClient(server.base);
      await c.request('GET', '/', { headers: { accept: 'text/html' } });
      const signedUp = await c.resource('UserRegisterResource', 'create', { email: 'bench-bulk@example.com', password: 'correct horse battery' });
      if (signedUp.status !== 200) throw new Error(`sign-up: ${signedUp.text}`);
      const board = ((await c.resource('BoardResource', 'create', { name: 'Bench bulk' })).json as { resource_response: { data: { id: string } } })
        .resource_response.data;
      const batch = `bench${Date.now().toString(36)}`;

      const statuses = new Map<number, number>();
      const uploadMs: number[] = [];
      const finishedAt = new Map<string, number>();
      const failures: string[] = [];
      let next = 0;
      const send = (i: number) =>
        new Promise<void>((resolve) => {
          const name = `image-${String(i).padStart(3, '0')}.jpg`;
          const started = performance.now();
          const upload = new Upload(images[i]!, {
            endpoint: `${server.base}/v3/uploads/`,
            uploadSize: images[i]!.length,
            metadata: { batch, filename: name, filetype: 'image/jpeg' },
            headers: c.headersFor('POST'),
            retryDelays: [0, 500, 1000, 2000],
            onAfterResponse: (_req, res) => {
              statuses.set(res.getStatus(), (statuses.get(res.getStatus()) ?? 0) + 1);
            },
            onSuccess: () => {
              uploadMs.push(performance.now() - started);
              finishedAt.set(name, performance.now());
              resolve();
            },
            onError: (err) => {
              failures.push(`${name}: ${err.message.slice(0, 200)}`);
              resolve();
            },
          });
          upload.start();
        });
      const uploader = async () => {
        while (next < count) await send(next++);
      };
      const t0 = performance.now();
      await Promise.all(Array.from({ length: atOnce }, uploader));
      const uploadedIn = performance.now() - t0;

      // Each draft's time from its last byte to ready, read as the web app reads it (every 250 ms here).
      const readyMs: number[] = [];
      const seen = new Set<string>();
      const deadline = Date.now() + 30 * 60_000;
      for (;;) {
        const r = await c.resource('BulkUploadResource', 'get', { batch_id: batch });
        const drafts = (r.json as { resource_response: { data: Draft[] } }).resource_response.data;
        for (const d of drafts) {
          if (seen.has(d.id) || (d.status !== 'ready' && d.status !== 'failed')) continue;
          seen.add(d.id);
          if (d.status === 'failed') failures.push(`${d.file_name}: processing failed`);
          else readyMs.push(performance.now() - (finishedAt.get(d.file_name) ?? t0));
        }
        if (drafts.every((d) => d.status !== 'uploading' && d.status !== 'processing')) break;
        if (Date.now() > deadline) throw new Error('drafts still processing after 30 minutes');
        await new Promise((r) => setTimeout(r, 250));
      }
      const allReadyIn = performance.now() - t0;

      const p0 = performance.now();
      const published = await c.resource('BulkUploadPublishResource', 'create', { batch_id: batch, board_id: board.id });
      const publishMs = performance.now() - p0;
      if (published.status !== 200) throw new Error(`publish: ${published.status} ${published.text.slice(0, 200)}`);
      const pins = (published.json as { resource_response: { data: { pin_ids: string[] } } }).resource_response.data.pin_ids.length;

      const row = {
        images: count,
        atOnce,
        size: `${w}x${h}`,
        upload: stats(uploadMs),
        untilReady: stats(readyMs),
        uploadedInS: +(uploadedIn / 1000).toFixed(1),
        allReadyInS: +(allReadyIn / 1000).toFixed(1),
        publishMs: Math.round(publishMs),
        pins,
        answers: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
        answers503: statuses.get(503) ?? 0,
        failures,
      };
      console.log(JSON.stringify(row, null, 2));
      const out = join(fileURLToPath(new URL('.', import.meta.url)), 'results');
      mkdirSync(out, { recursive: true });
      const file = join(out, `bulk-upload-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
      writeFileSync(file, JSON.stringify(row, null, 2));
      console.log(`Written to ${file}`);
      if (row.answers503 > 0 || failures.length > 0 || pins !== count) {
        console.error(`FAILED: ${row.answers503} answers of 503, ${failures.length} failures, ${pins} of ${count} Pins published`);
        process.exitCode = 1;
      }
    } finally {
      await stop(server.child);
    }
  } finally {
    await pg.stop();
    rmSync(root, { recursive: true, force: true });
  }
}
