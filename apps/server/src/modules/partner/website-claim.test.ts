import { describe, expect, it } from 'vitest';
import { FetchRefusedError, createHtmlParser } from '../pin-builder';
import { pageHasCode, verifyMetaTag } from './website-claim';

const CODE = '0123456789abcdef0123456789abcdef';

describe('pageHasCode', () => {
  it.each<[string, string, boolean]>([
    ['the tag as given', `<html><head>${verifyMetaTag(CODE)}</head></html>`, true],
    ['attributes in any order, single quotes', `<meta content='${CODE}' name='p:domain_verify'>`, true],
    ['no quotes, upper case', `<META NAME=P:DOMAIN_VERIFY CONTENT=${CODE}>`, true],
    ['spaces around the code', `<meta name="p:domain_verify" content="  ${CODE} ">`, true],
    [
      'among other tags',
      `<meta charset="utf-8"><meta name="description" content="Shop"><meta name="p:domain_verify" content="${CODE}"><title>Shop</title>`,
      true,
    ],
    ['another code', '<meta name="p:domain_verify" content="someone-else">', false],
    ['another name', `<meta name="verify" content="${CODE}">`, false],
    ['inside a comment', `<!-- <meta name="p:domain_verify" content="${CODE}"> -->`, false],
    ['inside a script', `<script>document.write('<meta name="p:domain_verify" content="${CODE}">')</script>`, false],
    ['no page', '', false],
  ])('%s', async (_name, html, expected) => {
    expect(await pageHasCode(html, CODE)).toBe(expected);
  });

  it.each<[string, string]>([
    ['unclosed <meta tags', `${verifyMetaTag(CODE)}${'<meta '.repeat(20_000)}`],
    ['one long attribute name', `<meta ${'a'.repeat(60_000)}>${verifyMetaTag(CODE)}`],
  ])('on %s, still finds the code (the page is read in a worker, by a linear tokenizer)', async (_name, hostile) => {
    expect(await pageHasCode(hostile, CODE)).toBe(true);
  });

  it('a page not read within the deadline is refused as unreadable', async () => {
    const parser = createHtmlParser({ deadlineMs: 1 });
    try {
      const page = `${'<p>Lorem ipsum &amp; dolor</p>'.repeat(60_000)}${verifyMetaTag(CODE)}`;
      await expect(pageHasCode(page, CODE, parser)).rejects.toSatisfy((err) => err instanceof FetchRefusedError && err.reason === 'unreadable');
    } finally {
      await parser.close();
    }
  });
});
