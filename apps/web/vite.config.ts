import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { compiledCatalogues } from './catalogues.plugin.ts';

const API_TARGET = process.env.PINBOARD_API_URL ?? 'http://localhost:3000';
const PROXIED = ['/resource', '/v3', '/vx', '/media', '/healthz', '/api'];

const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/;

/** The chunks of the first download: loaded before anything else, so never worth preloading. */
const ALWAYS_LOADED = /(?:^|\/)(?:react|rolldown-runtime|app|index)-[\w-]+\.js$/;

let initial: Set<string> | null = null;
/** Forgets the module graph of the last build (vite build --watch builds again in the same process). */
const freshModuleGraph: Plugin = { name: 'pinboard:fresh-module-graph', buildStart: () => void (initial = null) };
/** Every module reachable from the entry through static imports: what a first visit runs anyway. */
function initialModules(ctx: ChunkingContext): Set<string> {
  if (initial) return initial;
  const entry = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
  const found = new Set<string>();
  const queue = [entry];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  initial = found;
  return found;
}

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|css|svg|html)$/;

/**
 * Writes file.br (Brotli, quality 11) and file.gz (gzip, level 9) next to
 * every built JS, CSS, SVG and HTML file, once, at build time: the server
 * sends them as they are (apps/server/src/plugins/web-app.ts), so no request
 * pays for compressing and the strongest settings cost nothing at run time.
 * A variant that would not be smaller than the file is not written; the
 * server then sends the file itself.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'pinboard:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const path = join(outDir, file);
          const body = await readFile(path);
          const [br, gzipped] = await Promise.all([
            brotli(body, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gz(body, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < body.length) await writeFile(`${path}.br`, br);
          if (gzipped.length < body.length) await writeFile(`${path}.gz`, gzipped);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [compiledCatalogues(), react(), precompress(), freshModuleGraph],
  server: {
    // No changeOrigin: the server compares the Origin header with Host for CSRF.
    proxy: Object.fromEntries(PROXIED.map((path) => [path, { target: API_TARGET }])),
  },
  build: {
    sourcemap: true,
    modulePreload: {
      // A lazy chunk's preload list leaves out the chunks every page has loaded before any lazy
      // import can run (React, the Rolldown runtime, the app chunk): preloading them did nothing,
      // and naming them in every list cost the first download bytes (decision 028).
      resolveDependencies: (_filename, deps) => deps.filter((dep) => !ALWAYS_LOADED.test(dep)),
    },
    rolldownOptions: {
      output: {
        // React, the router and TanStack Query are on every page and change less often than our
        // code: one chunk of their own caches longer. Every other library is left to the automatic
        // splitting, so it is downloaded with the first chunk that needs it (react-aria with the
        // dialogs and menus, zod with the forms), not on every first visit.
        codeSplitting: {
          groups: [
            { name: 'react', test: FRAMEWORK },
            // Our modules that the entry imports statically (the shell, the home feed, a profile)
            // in one chunk, instead of a small shared chunk for each that a lazy chunk also uses.
            // (Only our own: a library's barrel file imports all of it, used or not.)
            { name: (id, ctx) => (!id.includes('node_modules') && initialModules(ctx).has(id) ? 'app' : null) },
            // Board suggestions and the partner key factory: one request, not two, for the owner's own
            // profile (its sections and the create-from-suggestion page read them; decision 028).
            { name: 'clusters', test: /[\\/]features[\\/]partner[\\/](clusters\.(api|queries)|partnerKeys)\.ts$/ },
          ],
        },
      },
    },
  },
});
