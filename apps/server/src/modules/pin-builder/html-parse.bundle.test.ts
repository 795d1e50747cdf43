/**
 * The parse worker is found and runs wherever the server runs: from the
 * sources under the tsx loader (npm start, npm run dev), and from a bundle
 * with the worker bundled beside it (dist/main.js + dist/html-parse.worker.js,
 * or .mjs). Each case runs in a process of its own, which must also exit by
 * itself: idle workers keep nothing alive.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
const scrapePageTs = fileURLToPath(new URL('./scrape-page.ts', import.meta.url));
const workerEntry = fileURLToPath(new URL('./html-parse.worker.mjs', import.meta.url));

const program = (from: string) => `import { scrapePage } from ${JSON.stringify(from)};
const page = await scrapePage('<title>Bundled &amp; fine</title><img src="/a.jpg" width="300">', 'https://example.com/x/');
console.log(JSON.stringify(page));
`;
const expected = { title: 'Bundled & fine', description: null, images: [{ url: 'https://example.com/a.jpg', width: 300, source: 'img' }] };

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pinboard-parse-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the parse worker', () => {
  it('runs from the sources under the tsx loader', async () => {
    const main = join(dir, 'from-sources.mts');
    await writeFile(main, program(scrapePageTs));
    const { stdout } = await run(process.execPath, ['--import', 'tsx', main], { cwd: repoRoot, timeout: 20_000 });
    expect(JSON.parse(stdout)).toEqual(expected);
  });

  it.each([['.js'], ['.mjs']])('runs from a bundle, the worker bundled beside it (%s)', async (extension) => {
    const esbuild = await import('esbuild');
    const src = join(dir, `entry${extension}.mts`);
    const out = join(dir, `dist${extension}`);
    await mkdir(out, { recursive: true });
    await writeFile(src, program(scrapePageTs));
    // An ESM package, as apps/server is.
    await writeFile(join(out, 'package.json'), '{ "type": "module" }');
    await esbuild.build({
      entryPoints: { main: src, 'html-parse.worker': workerEntry },
      bundle: true,
      platform: 'node',
      format: 'esm',
      outdir: out,
      outExtension: { '.js': extension },
      logLevel: 'silent',
    });
    // Run from a directory with no sources and no node_modules: only the bundle.
    const { stdout } = await run(process.execPath, [join(out, `main${extension}`)], { cwd: out, timeout: 20_000 });
    expect(JSON.parse(stdout)).toEqual(expected);
  });
});
