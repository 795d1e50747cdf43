/**
 * `npm run bench:media`: the media stores side by side (decision 052). For the disk store and an
 * S3 bucket (s3rver, started here like the tests do), the real app in its own process on one
 * embedded PostgreSQL: Pin upload latency (p50/p95, 2 at a time) and the public 236x image's
 * req/s from a warm memory cache (MEDIA_MEMORY_CACHE_MB=64: answered before the framework)
 * and a cold one (MEDIA_MEMORY_CACHE_MB=0: every request reads the store).
 *
 * BENCH_MEDIA_UPLOADS (default 20) uploads of BENCH_MEDIA_UPLOAD_SIZE (default 3000x2000),
 * BENCH_DURATION (default 10) seconds per image run at BENCH_CONNECTIONS (default 16).
 * The figures go to stdout and scripts/bench/results/media-store-<time>.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded/embedded-postgres';
import { openPostgres } from '../../apps/server/src/db/client';
import { migrate } from '../../apps/server/src/db/migrate';
import { createDatabaseIfMissing } from '../../apps/server/src/db/open';
import { makeTestImage } from '../../apps/server/src/media-pipeline/test-images';
import { startS3Server } from '../../apps/server/test/s3-server';
import { BenchClient, multipartBody } from './http';
import { runLoad } from './load';

import { percentile, serve, servedHere, stop } from './app-process';

const SELF = fileURLToPath(import.meta.url);

if (
  !(await servedHere({
    env: {
      LOGIN_RATE_LIMIT_ACCOUNT: '1000000',
      LOGIN_RATE_LIMIT_CLIENT: '1000000',
      SIGNUP_RATE_LIMIT_CLIENT: '1000000',
      RATE_LIMIT_PIN_UPLOAD: '1000000',
      VIDEO_TRANSCODE_CONCURRENCY: '0',
    },
    poolSize: 4,
  }))
)
  await main();

async function main() {
  const uploads = Number(process.env.BENCH_MEDIA_UPLOADS ?? 20);
  const [w, h] = (process.env.BENCH_MEDIA_UPLOAD_SIZE ?? '3000x2000').split('x').map(Number);
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
  const root = mkdtempSync(join(tmpdir(), 'pinboard-bench-media-'));
  const pg = await startEmbeddedPostgres({ dataDir: join(root, 'postgres'), durable: false });
  const s3 = await startS3Server('bench-media');
  const results: Record<string, unknown>[] = [];
  try {
    await createDatabaseIfMissing(pg.url('postgres'), 'bench_media');
    const migrating = openPostgres(pg.url('bench_media'), { max: 1 });
    await migrate(migrating);
    await migrating.close();
    const jpeg = await makeTestImage({ width: w!, height: h!, format: 'jpeg' });
    console.log(
      `Upload: a ${w}x${h} JPEG of ${(jpeg.length / 1e6).toFixed(2)} MB, ${uploads} times, 2 at a time; images: ${duration} s at ${connections} connections`,
    );

    for (const store of ['disk', 's3'] as const) {
      const env = {
        DATABASE_URL: pg.url('bench_media'),
        DATA_DIR: join(root, `data-${store}`),
        WEB_DIST_DIR: join(root, 'no-web'),
        ...(store === 's3' ? s3.env : {}),
      };
      // Uploads, and the image to read, on a server with the memory cache on.
      let server = await serve(SELF, { ...env, MEDIA_MEMORY_CACHE_MB: '64' });
      const c = new BenchClient(server.base);
      await c.request('GET', '/', { headers: { accept: 'text/html' } });
      const signedUp = await c.resource('UserRegisterResource', 'create', { email: `bench-${store}@example.com`, password: 'correct horse battery' });
      if (signedUp.status !== 200) throw new Error(`sign-up: ${signedUp.text}`);
      const board = ((await c.resource('BoardResource', 'create', { name: `Bench ${store}` })).json as { resource_response: { data: { id: string } } })
        .resource_response.data;
      const times: number[] = [];
      let image = '';
      let next = 0;
      const uploader = async () => {
        while (next < uploads) {
          next++;
          const form = multipartBody(
            { options: JSON.stringify({ board_id: board.id, title: 'Bench' }) },
            { field: 'image', filename: 'photo.jpg', contentType: 'image/jpeg', data: jpeg },
          );
          const started = performance.now();
          const r = await c.request('POST', '/resource/PinResource/create/', { body: form.body, headers: { 'content-type': form.contentType } });
          times.push(performance.now() - started);
          if (r.status !== 200) throw new Error(`upload: ${r.status} ${r.text.slice(0, 200)}`);
          image ||= (r.json as { resource_response: { data: { images: Record<string, { url: string }> } } }).resource_response.data.images['236x']!.url;
        }
      };
      await Promise.all([uploader(), uploader()]);
      times.sort((a, b) => a - b);
      const upload = { p50Ms: +percentile(times, 50).toFixed(1), p95Ms: +percentile(times, 95).toFixed(1) };

      const readImage = async (base: string) => {
        const first = await fetch(base + image);
        if (first.status !== 200) throw new Error(`image: ${first.status}`);
        await first.arrayBuffer();
        const load = await runLoad({ url: base + image, method: 'GET', headers: { accept: 'image/*' }, connections, durationSec: duration });
        if (load.non2xx || load.errors) throw new Error(`image load: ${load.non2xx} non-2xx, ${load.errors} errors`);
        return { reqPerSec: Math.round(load.reqPerSec), p99Ms: load.p99Ms };
      };
      const warm = await readImage(server.base);
      await stop(server.child);
      server = await serve(SELF, { ...env, MEDIA_MEMORY_CACHE_MB: '0' });
      const cold = await readImage(server.base);
      await stop(server.child);

      const row = {
        store,
        uploadP50Ms: upload.p50Ms,
        uploadP95Ms: upload.p95Ms,
        image236WarmReqPerSec: warm.reqPerSec,
        image236WarmP99Ms: warm.p99Ms,
        image236ColdReqPerSec: cold.reqPerSec,
        image236ColdP99Ms: cold.p99Ms,
      };
      console.log(JSON.stringify(row));
      results.push(row);
    }
    const out = join(fileURLToPath(new URL('.', import.meta.url)), 'results');
    mkdirSync(out, { recursive: true });
    const file = join(out, `media-store-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, JSON.stringify({ uploads, upload: `${w}x${h}`, duration, connections, results }, null, 2));
    console.log(`Written to ${file}`);
  } finally {
    await s3.close();
    await pg.stop();
    rmSync(root, { recursive: true, force: true });
  }
}
