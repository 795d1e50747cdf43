/// <reference types="node" />
/*
 * The web app's own source files, read from disk, for the tests that check
 * how the code is laid out (its walls, its texts). Tests only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/web/src */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface SourceFile {
  /** Relative to apps/web/src, with forward slashes: `features/boards/boards.api.ts`. */
  path: string;
  text: string;
}

/** Every .ts and .tsx file under apps/web/src, tests included. */
export function sourceFiles(): SourceFile[] {
  const found: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name)) found.push({ path: relative(SRC, full).split('\\').join('/'), text: readFileSync(full, 'utf8') });
    }
  };
  walk(SRC);
  return found.sort((a, b) => a.path.localeCompare(b.path));
}

export const isTest = (path: string) => /\.test\.tsx?$/.test(path) || path.startsWith('test/');
