import { describe, expect, it } from 'vitest';
import { sensitiveLook } from './sensitive';

const board = (o: { is_sensitive?: boolean; is_owner?: boolean; collaborated_by_me?: boolean }) => ({
  is_owner: false,
  is_sensitive: false,
  collaborated_by_me: false,
  ...o,
});

describe('sensitiveLook', () => {
  it('draws boards that are not marked as they are, for everyone', () => {
    expect(sensitiveLook(board({}), false)).toBe('plain');
    expect(sensitiveLook(board({ is_sensitive: false }), false)).toBe('plain');
    expect(sensitiveLook(board({ is_sensitive: false, is_owner: true }), false)).toBe('plain');
  });

  it('veils a marked board for visitors until they show it', () => {
    expect(sensitiveLook(board({ is_sensitive: true }), false)).toBe('veiled');
    expect(sensitiveLook(board({ is_sensitive: true }), true)).toBe('plain');
  });

  it('shows the owner and collaborators a marked board as it is, with the label', () => {
    expect(sensitiveLook(board({ is_sensitive: true, is_owner: true }), false)).toBe('marked');
    expect(sensitiveLook(board({ is_sensitive: true, collaborated_by_me: true }), false)).toBe('marked');
    expect(sensitiveLook(board({ is_sensitive: true, is_owner: true }), true)).toBe('marked');
  });
});
