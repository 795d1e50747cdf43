/**
 * Builds the browser extension (decision 101): one folder per browser, each loadable unpacked —
 * dist/chromium (Manifest V3 with a background service worker and the `key` that fixes its id) and
 * dist/firefox (a background script and the gecko id). esbuild bundles the two scripts; nothing is fetched.
 */
import { build } from 'esbuild';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { EXTENSION_CLIENT } from '@pinboard/shared/schemas/oauth';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const VERSION = '1.0.0';

const common = {
  manifest_version: 3,
  name: '__MSG_extName__',
  description: '__MSG_extDescription__',
  version: VERSION,
  default_locale: 'en',
  icons: { '16': 'icons/icon-16.png', '32': 'icons/icon-32.png', '48': 'icons/icon-48.png', '128': 'icons/icon-128.png' },
  action: { default_title: '__MSG_actionTitle__', default_popup: 'picker.html', default_icon: { '16': 'icons/icon-16.png', '32': 'icons/icon-32.png' } },
  // Reading a page's pictures (scripting in an isolated world), fetching a picture to know whether it is
  // already saved, and the server the person names: any web address.
  permissions: ['contextMenus', 'identity', 'scripting', 'storage', 'activeTab'],
  host_permissions: ['<all_urls>'],
};

const manifests = {
  chromium: { ...common, key: EXTENSION_CLIENT.manifestKey, background: { service_worker: 'background.js', type: 'module' }, minimum_chrome_version: '116' },
  firefox: {
    ...common,
    background: { scripts: ['background.js'], type: 'module' },
    browser_specific_settings: { gecko: { id: EXTENSION_CLIENT.geckoId, strict_min_version: '115.0' } },
  },
};

for (const [browser, manifest] of Object.entries(manifests)) {
  const out = here(`./dist/${browser}/`);
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  await build({
    entryPoints: [here('./src/background.ts'), here('./src/picker.ts')],
    outdir: out,
    bundle: true,
    format: 'esm',
    target: ['chrome116', 'firefox115'],
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    define: { 'process.env.PINBOARD_SERVER_URL': JSON.stringify(process.env.PINBOARD_SERVER_URL ?? 'http://localhost:3000') },
  });
  await cp(here('./static/'), out, { recursive: true });
  await writeFile(`${out}manifest.json`, `${JSON.stringify(manifest, null, 2)}\n`);
}
console.log('extension: dist/chromium and dist/firefox');
