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
  it('follows the board read’s abilities (decision 080), and is false without them', () => {
    const can = { edit: false, delete: false, invite: false };
    expect(canOrganize({ can: { ...can, add_pins: true } })).toBe(true);
    expect(canOrganize({ can: { ...can, edit: true, delete: true, add_pins: false } })).toBe(false);
    expect(canOrganize({})).toBe(false);
  });
});
