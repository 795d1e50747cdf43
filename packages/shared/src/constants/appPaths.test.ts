import { describe, expect, it } from 'vitest';
import { isAppPath } from './appPaths';

const segs = (path: string) => path.split('/').filter(Boolean);

describe('isAppPath', () => {
  it.each([
    '/login/',
    '/pin/123/',
    '/pin/123/edit/',
    '/ideas/travel/',
    '/board/create/',
    '/board/5/create_section/',
    '/search/me/',
    '/settings/privacy/',
    '/invited/',
    '/advertiser/12/reporting/campaigns/',
    '/advertiser/12/billing/',
    '/advertiser/12/experiments/manage/77/',
    '/advertiser/12/campaign-insights/5/product-group/6/',
    '/advertiser/12/quick-promote/',
    '/today/',
    '/today/best/weekend-trips/123/',
  ])('%s is a page of the app', (path) => expect(isAppPath(segs(path))).toBe(true));

  it.each([
    '/',
    '/pin/abc/',
    '/pin/123/x/y/',
    '/ideas/not-a-category/',
    '/inbox/',
    '/board/',
    '/settings/a/b/',
    '/login/x/',
    '/advertiser/12/',
    '/advertiser/12/nope/',
    '/advertiser/12/reporting/everything/',
    '/advertiser/x/billing/',
    '/advertiser/12/campaign-insights/abc/',
    '/today/news/x/123/',
    '/today/best/x/abc/',
  ])('%s is not', (path) => expect(isAppPath(segs(path))).toBe(false));
});
