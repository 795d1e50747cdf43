/**
 * Every folder of `src/modules/` declares itself in one manifest (decision 081):
 * `<name>.module.ts` (or its index.ts) exports `defineModule({ name: '<name>', … })`,
 * the manifest has its line in `src/modules/manifests.ts`, and the composition
 * root (app.ts, services.ts) reaches a module's routes only through it.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MODULES } from '../../src/modules/manifests';

const SRC = join(__dirname, '../../src');

const read = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : '');
const importsOf = (text: string) => [...text.matchAll(/^(?:import|export)\b[^;]*?\bfrom '([^']+)'/gms)].map((m) => m[1]!);

/** What is wrong with the modules' manifests under `srcDir`, one line each. */
function manifestProblems(srcDir: string): string[] {
  const modulesDir = join(srcDir, 'modules');
  const folders = readdirSync(modulesDir).filter((name) => statSync(join(modulesDir, name)).isDirectory());
  const list = read(join(modulesDir, 'manifests.ts'));
  // The identifiers the list imports, by the file they come from, and the ones it lists.
  const imported = new Map([...list.matchAll(/import \{ (\w+) \} from '\.\/([^']+)';/g)].map((m) => [m[1]!, m[2]!]));
  const listed = new Set([...(/MODULES = \[([^\]]*)\]/.exec(list)?.[1] ?? '').matchAll(/\w+/g)].map((m) => m[0]));
  const problems: string[] = [];
  for (const folder of folders) {
    const found = [`${folder}.module.ts`, 'index.ts']
      .map((file) => ({ file, text: read(join(modulesDir, folder, file)) }))
      .flatMap(({ file, text }) =>
        [...text.matchAll(/export const (\w+) = defineModule\(\{\s*name: '([^']+)'/g)].map((m) => ({ file, id: m[1]!, name: m[2]! })),
      );
    if (found.length !== 1) {
      problems.push(
        `${folder}: ${found.length} manifests (one \`export const … = defineModule({ name: '${folder}', … })\` in ${folder}.module.ts or index.ts)`,
      );
      continue;
    }
    const { file, id, name } = found[0]!;
    if (name !== folder) problems.push(`${folder}: its manifest is named '${name}'`);
    const from = `${folder}/${file.replace(/\.ts$/, '')}`;
    if (imported.get(id) !== from && !(file === 'index.ts' && imported.get(id) === folder))
      problems.push(`${folder}: manifests.ts does not import ${id} from './${from}'`);
    if (!listed.has(id)) problems.push(`${folder}: ${id} is not in the MODULES list`);
  }
  return problems;
}

/** The imports of the composition root's files that reach into a module's routes file, or into its services (services.ts builds them from the manifests). */
function rootReachesAround(srcDir: string): string[] {
  return ['app.ts', 'services.ts'].flatMap((file) =>
    importsOf(read(join(srcDir, file)))
      .filter((spec) => /^\.\/modules\/[^/]+\/[^/]+\.(routes|service)$/.test(spec))
      .map((spec) => `${file} imports ${spec}`),
  );
}

describe('the server modules declare themselves in manifests', () => {
  it('each folder has one manifest, named by the folder and listed once in manifests.ts', () => {
    expect(manifestProblems(SRC)).toEqual([]);
  });

  it('the list holds every module once, by the name of its folder', () => {
    const folders = readdirSync(join(SRC, 'modules')).filter((name) => statSync(join(SRC, 'modules', name)).isDirectory());
    const names = MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(folders.sort());
  });

  it('app.ts and services.ts import no routes or service file of a module', () => {
    expect(rootReachesAround(SRC)).toEqual([]);
  });
});

describe('the manifest checks', () => {
  const dir = mkdtempSync(join(tmpdir(), 'module-manifests-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };

  it('name a folder without a manifest, a manifest not in the list, and app.ts importing a routes file', () => {
    write('modules/a/a.module.ts', "export const aModule = defineModule({ name: 'a' });\n");
    write('modules/b/b.service.ts', 'export const b = 1;\n');
    write('modules/c/index.ts', "export const cModule = defineModule({\n  name: 'c',\n});\n");
    write('modules/d/d.module.ts', "export const dModule = defineModule({ name: 'e' });\n");
    write(
      'modules/manifests.ts',
      "import { aModule } from './a/a.module';\nimport { cModule } from './c';\nimport { dModule } from './d/d.module';\nexport const MODULES = [aModule, dModule] as const;\n",
    );
    write('app.ts', "import { registerA } from './modules/a/a.routes';\nimport { MODULES } from './modules/manifests';\n");
    write('services.ts', "import { createB } from './modules/b/b.service';\n");
    expect(manifestProblems(dir)).toEqual([
      "b: 0 manifests (one `export const … = defineModule({ name: 'b', … })` in b.module.ts or index.ts)",
      'c: cModule is not in the MODULES list',
      "d: its manifest is named 'e'",
    ]);
    expect(rootReachesAround(dir)).toEqual(['app.ts imports ./modules/a/a.routes', 'services.ts imports ./modules/b/b.service']);
  });
});
