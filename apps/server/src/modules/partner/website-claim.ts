/**
 * Claiming a website: the business puts a meta tag with its own code on the
 * home page of its profile's website, and the server reads the page (through
 * the guarded fetch: public addresses only) to check it. A business account
 * whose claimed website is its profile website is a verified merchant.
 * The page is read off the main thread, like the Pin builder's pages
 * (pin-builder/html-parse.ts).
 */
import { randomBytes } from 'node:crypto';
import { normalizeLink } from '@pinboard/shared/text/links';
import { sharedHtmlParser, type HtmlParser, safeFetch, decodeHtmlBody } from '../pin-builder';

const VERIFY_META_NAME = 'p:domain_verify';
const PAGE_MAX_BYTES = 2 * 1024 * 1024;

export function newVerifyCode() {
  return randomBytes(16).toString('hex');
}

export function verifyMetaTag(code: string) {
  return `<meta name="${VERIFY_META_NAME}" content="${code}"/>`;
}

/**
 * Whether the page carries `<meta name="p:domain_verify" content="{code}">`
 * (attributes in any order and quoting, as an HTML parser reads them: not
 * inside comments or scripts). Read in a worker thread; throws
 * FetchRefusedError `unreadable` or `busy` like the Pin builder.
 */
export async function pageHasCode(html: string, code: string, parser: HtmlParser = sharedHtmlParser()): Promise<boolean> {
  const { metas } = await parser.extract(html, { metaKeys: { exact: [VERIFY_META_NAME], prefixes: [] } });
  return metas.some((tag) => tag.name?.trim().toLowerCase() === VERIFY_META_NAME && tag.content?.trim() === code);
}

export async function readWebsite(url: string, allowPrivateAddresses: boolean): Promise<string> {
  const res = await safeFetch(normalizeLink(url), { allowPrivateAddresses, maxBytes: PAGE_MAX_BYTES, accept: 'text/html,*/*;q=0.5', subject: 'page' });
  return decodeHtmlBody(res.body, res.contentType);
}
