import { describe, expect, it } from 'vitest';
import { isAppPath } from './appPaths';

const segs = (path: string) => path.split('/').filter(Boolean);

describe('isAppPath', () => {
  it.each(['/login/', '/pin/123/', '/pin/123/edit/', '/ideas/travel/', '/board/create/', '/board/5/create_section/', '/search/me/', '/settings/privacy/', '/invited/', '/today/', '/today/best/weekend-trips/123/'])(
    '%s is a page of the app',
    (path) => expect(isAppPath(segs(path))).toBe(true),
  );

  it.each(['/', '/pin/abc/', '/pin/123/x/y/', '/ideas/not-a-category/', '/today/news/x/123/', '/today/best/x/abc/', '/inbox/', '/board/', '/settings/a/b/', '/login/x/'])(
    '%s is not',
    (path) => expect(isAppPath(segs(path))).toBe(false),
  );
});
