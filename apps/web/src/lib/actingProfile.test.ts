import { describe, expect, it } from 'vitest';
import { actingFromServer, actingProfileOf, actingSubjectId, noteSignedInViewer } from './actingProfile';

const shop = {
  id: '42',
  permissions: ['OWNER' as const],
  user: { username: 'shop', businessName: 'Shop', imgUrl: null, merchantId: null, eligibleForStlTool: false, scheduledPinCount: 0 },
  viewerMeetsMfaRequirement: true,
};

describe('the acting profile the server told', () => {
  it('answers the session’s profile only for the person signed in', () => {
    noteSignedInViewer('7', shop);
    expect(actingProfileOf('7')).toEqual({ id: '42', username: 'shop', businessName: 'Shop', imgUrl: null, permissions: ['OWNER'] });
    expect(actingSubjectId()).toBe('42');
    expect(actingProfileOf('8')).toBeNull();
    expect(actingProfileOf(null)).toBeNull();
  });

  it('follows each answer: null acts as oneself, a sign-out forgets it', () => {
    noteSignedInViewer('7', shop);
    noteSignedInViewer('7', null);
    expect(actingProfileOf('7')).toBeNull();
    noteSignedInViewer('7', shop);
    noteSignedInViewer(null, null);
    expect(actingSubjectId()).toBeUndefined();
    expect(actingFromServer(null)).toBeNull();
  });
});
