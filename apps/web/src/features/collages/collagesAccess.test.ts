import { describe, expect, it } from 'vitest';
import { parseProfilePath, tabPath, withCollagesTab } from '../profile/profilePaths';
import type { SignedInViewer } from '../session/session.api';
import { collagesEnabled } from './collagesAccess';

const person: SignedInViewer = {
  isAuth: true,
  id: '1',
  username: 'maker',
  full_name: 'Maker',
  image_medium_url: null,
  isPartner: false,
  boardCount: 0,
  secretBoardCount: 0,
  save_behavior: 0,
  isEmployee: false,
  hasPublishedPins: false,
  shouldDefaultCommentsOff: false,
  has_quicksave_board: false,
  locale: 'en-US',
  country: 'GB',
  gender: null,
  age_group: null,
  allow_messages: true,
  email_verified: true,
  experiments: { collages: 'enabled' },
};

describe('the collages experiment', () => {
  it('is on for signed-in, non-partner people in the enabled group only', () => {
    expect(collagesEnabled(person)).toBe(true);
    expect(collagesEnabled({ ...person, isPartner: true })).toBe(false);
    expect(collagesEnabled({ ...person, experiments: {} })).toBe(false);
    expect(collagesEnabled({ ...person, experiments: { collages: 'control' } })).toBe(false);
    expect(collagesEnabled({ isAuth: false, experiments: { collages: 'enabled' } })).toBe(false);
    expect(collagesEnabled(null)).toBe(false);
  });
});

describe('the Collages tab', () => {
  it('is reached by _collages and the retrieval-hub path collages', () => {
    expect(parseProfilePath(['_collages'])).toEqual({ kind: 'main', tab: 'collages' });
    expect(parseProfilePath(['collages', ''])).toEqual({ kind: 'main', tab: 'collages' });
    expect(tabPath('maker', 'collages')).toBe('/maker/_collages/');
  });

  it('comes last, and only when shown', () => {
    expect(withCollagesTab(['created', 'saved', 'tried'], true)).toEqual(['created', 'saved', 'tried', 'collages']);
    expect(withCollagesTab(['created', 'saved'], false)).toEqual(['created', 'saved']);
  });
});
