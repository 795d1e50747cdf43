/**
 * Paging, written one way (decision 076). Every list is keyset-paged:
 * - a page is asked for with a PageRequest: the bookmark it starts after (an
 *   opaque cursor of cursor.ts, never an offset) and its size, the options'
 *   `page_size` or PAGE_SIZE_DEFAULT (`pageRequestOf`, the one place that
 *   reads them);
 * - the service decodes the bookmark (`decodeCursor`, with what its cursor
 *   holds), reads pageSize + 1 rows and cuts them with `pageOf` (cursor.ts):
 *   a Page, the items and the next page's bookmark, null on the last page;
 * - a resource action answers it through `pagedAction` (resources.ts), a
 *   spec path through `successBody('spec', page.items, page.bookmark)`.
 */
import { PAGE_SIZE_DEFAULT } from '@pinboard/shared/constants/limits';

/** The paging options of a list's schema, as the client sends them. */
export interface PageOptions {
  bookmark?: string | undefined;
  page_size?: number | undefined;
}

/** A keyset page's request: the bookmark it starts after and its size. */
export interface PageRequest {
  bookmark?: string | undefined;
  pageSize: number;
}

/** One page of a list: its items and the bookmark of the next page (null: this is the last). */
export interface Page<T> {
  items: T[];
  bookmark: string | null;
}

/** The page the options ask for: their bookmark, and their page_size or the default. */
export function pageRequestOf(options: PageOptions): PageRequest {
  return { bookmark: options.bookmark, pageSize: options.page_size ?? PAGE_SIZE_DEFAULT };
}
