import { describe, expect, it } from 'vitest';
import { boardUrlAfterCreate, canOrganize } from './boards.api';

describe('boardUrlAfterCreate', () => {
  it('is the board url, with the acting-as subject only for a secret board', () => {
    expect(boardUrlAfterCreate({ url: '/ann/trips/', privacy: 'public' }, null)).toBe('/ann/trips/');
    expect(boardUrlAfterCreate({ url: '/ann/trips/', privacy: 'secret' }, null)).toBe('/ann/trips/');
    expect(boardUrlAfterCreate({ url: '/ann/trips/', privacy: 'public' }, '42')).toBe('/ann/trips/');
    expect(boardUrlAfterCreate({ url: '/ann/trips/', privacy: 'secret' }, '42')).toBe('/ann/trips/?orbac_subject_id=42');
  });
});

describe('canOrganize', () => {
  it('lets owners and collaborators organise', () => {
    expect(canOrganize({ is_owner: true, collaborated_by_me: false })).toBe(true);
    expect(canOrganize({ is_owner: false, collaborated_by_me: true })).toBe(true);
    expect(canOrganize({ is_owner: false, collaborated_by_me: false })).toBe(false);
  });
});
