/** The pin-builder module's public face: guarded fetching and page parsing for other modules. */
export type { PinBuilder } from './pin-builder.service';
export { FetchRefusedError, isFetchRefusedError } from './fetch-errors';
export { createHtmlParser, sharedHtmlParser, type HtmlParser } from './html-parse';
export { safeFetch } from './safe-fetch';
export { decodeHtmlBody } from './scrape-page';
// The address guard, for other server-side requests to addresses people give (Web Push endpoints: decision 088).
export { pinnedLookup, vetUrl } from './safe-fetch';
export { canonicalAddress, isPublicAddress } from './ip-policy';
