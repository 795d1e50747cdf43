/** The pin-builder module's public face: guarded fetching and page parsing for other modules. */
export type { PinBuilder } from './pin-builder.service';
export { FetchRefusedError, isFetchRefusedError } from './fetch-errors';
export { createHtmlParser, sharedHtmlParser, type HtmlParser } from './html-parse';
export { safeFetch } from './safe-fetch';
export { decodeHtmlBody } from './scrape-page';
