import { describe, expect, it } from 'vitest';
import { takeEmbeddedViewer } from './embeddedViewer';

/** A document holding (or not) the first HTML's `#viewer-data` element. */
function documentWith(text: string | null) {
  let element: { textContent: string; remove(): void } | null = null;
  if (text !== null) element = { textContent: text, remove: () => (element = null) };
  return { getElementById: (id: string) => (id === 'viewer-data' ? element : null) } as unknown as Document;
}

describe('takeEmbeddedViewer', () => {
  const viewer = { isAuth: true, id: '7', username: 'ada', full_name: 'Ada', isPartner: false };

  it('reads the signed-in Viewer once, then leaves the rest to the server', () => {
    const doc = documentWith(JSON.stringify(viewer));
    expect(takeEmbeddedViewer(doc)).toEqual(viewer);
    expect(takeEmbeddedViewer(doc)).toBeUndefined();
  });

  it('takes nothing that is missing, broken or not a signed-in Viewer', () => {
    expect(takeEmbeddedViewer(documentWith(null))).toBeUndefined();
    expect(takeEmbeddedViewer(documentWith('{"isAuth":true'))).toBeUndefined();
    expect(takeEmbeddedViewer(documentWith('{"isAuth":false}'))).toBeUndefined();
    expect(takeEmbeddedViewer(documentWith('null'))).toBeUndefined();
    expect(takeEmbeddedViewer(undefined)).toBeUndefined();
  });
});
