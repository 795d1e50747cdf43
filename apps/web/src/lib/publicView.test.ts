import { describe, expect, it } from 'vitest';
import { resourceUrl } from './api';
import { isPublicPreviewPath, readsAsPublic } from './publicView';

describe('the public preview reads as a visitor', () => {
  it('knows the preview paths', () => {
    expect(isPublicPreviewPath('/ana/_preview/')).toBe(true);
    expect(isPublicPreviewPath('/ana/_preview/created/')).toBe(true);
    expect(isPublicPreviewPath('/ana/_preview')).toBe(true);
    expect(isPublicPreviewPath('/ana/')).toBe(false);
    expect(isPublicPreviewPath('/ana/my-preview-board/')).toBe(false);
  });

  it("marks only the profile's content reads, only on the preview", () => {
    const profile = resourceUrl('UserResource', 'get', { username: 'ana' });
    const pins = resourceUrl('UserPinsResource', 'get', { username: 'ana' });
    expect(readsAsPublic(profile, 'GET', '/ana/_preview/')).toBe(true);
    expect(readsAsPublic(pins, 'GET', '/ana/_preview/saved/')).toBe(true);
    expect(readsAsPublic(profile, 'GET', '/ana/')).toBe(false);
    // The signed-in frame and anything that changes data stay the viewer's own.
    expect(readsAsPublic(resourceUrl('UserSessionResource', 'get'), 'GET', '/ana/_preview/')).toBe(false);
    expect(readsAsPublic(resourceUrl('ConversationsResource', 'get'), 'GET', '/ana/_preview/')).toBe(false);
    expect(readsAsPublic(resourceUrl('UserFollowResource', 'create'), 'POST', '/ana/_preview/')).toBe(false);
  });
});
