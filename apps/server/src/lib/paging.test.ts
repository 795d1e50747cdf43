import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PAGE_SIZE_DEFAULT } from '@pinboard/shared/constants/limits';
import { describe, expect, it } from 'vitest';
import { decodeCursor, pageOf } from './cursor';
import { pageRequestOf } from './paging';

const SRC = join(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('paging', () => {
  it('asks for the page the options name, or the first of the default size', () => {
    expect(pageRequestOf({})).toEqual({ bookmark: undefined, pageSize: PAGE_SIZE_DEFAULT });
    expect(pageRequestOf({ bookmark: 'WyIxMiJd', page_size: 5 })).toEqual({ bookmark: 'WyIxMiJd', pageSize: 5 });
  });

  it('walks a list page by page to its end, each row once', () => {
    const ids = Array.from({ length: 12 }, (_, i) => String(100 - i));
    const read = (bookmark: string | undefined, pageSize: number) => {
      const after = decodeCursor(bookmark, ['id']);
      const rows = ids.filter((id) => !after || BigInt(id) < BigInt(after[0])).slice(0, pageSize + 1);
      return pageOf(rows, pageSize, (id) => [id]);
    };
    const seen: string[] = [];
    let bookmark: string | undefined;
    let pages = 0;
    do {
      const page = read(bookmark, pageRequestOf({ bookmark, page_size: 5 }).pageSize);
      seen.push(...page.items);
      bookmark = page.bookmark ?? undefined;
      pages++;
    } while (bookmark);
    expect(seen).toEqual(ids);
    expect(pages).toBe(3);
    // A list that ends exactly on a page's last row says so on that page.
    expect(read(undefined, 12).bookmark).toBeNull();
  });

  // Lists that are not paged (suggestions) take their own `page_size` as a plain limit.
  it('is the one place that gives a page its default size', () => {
    const found = sources(SRC)
      .filter((path) => !path.endsWith('/lib/paging.ts'))
      .flatMap((path) => (/\bPAGE_SIZE_DEFAULT\b/.test(readFileSync(path, 'utf8')) ? [relative(SRC, path)] : []));
    expect(found).toEqual([]);
  });
});
