import { describe, expect, it } from 'vitest';
import { boardPrivacyControls } from './boardAds';

describe('the board form’s privacy controls on an ad account', () => {
  it('without an ad account: the secret toggle only', () => {
    expect(boardPrivacyControls(null, 'create')).toEqual({ protectedToggle: false, protectedEnabled: false, forcedProtected: false, secretToggle: true });
  });
  it('the owner chooses a new board’s privacy; everyone else gets protected', () => {
    expect(boardPrivacyControls({ role: 'OWNER' }, 'create')).toEqual({
      protectedToggle: true,
      protectedEnabled: true,
      forcedProtected: false,
      secretToggle: true,
    });
    for (const role of ['ADMIN', 'PROFILE_PUBLISHER', 'ANALYST']) {
      expect(boardPrivacyControls({ role }, 'create'), role).toEqual({
        protectedToggle: true,
        protectedEnabled: false,
        forcedProtected: true,
        secretToggle: false,
      });
    }
  });
  it('on a board being edited the toggle is disabled for non-owners unless profile publisher', () => {
    const enabled = (role: string) => boardPrivacyControls({ role }, 'edit').protectedEnabled;
    expect(['OWNER', 'ADMIN', 'PROFILE_PUBLISHER', 'ANALYST'].map(enabled)).toEqual([true, false, true, false]);
  });
});
