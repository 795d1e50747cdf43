import { describe, expect, it } from 'vitest';
import { followListEmptyText } from './followListEmpty';

describe('empty follow lists', () => {
  it("speak of the owner's boards when they have some, else of the owner", () => {
    expect(followListEmptyText('followers', { isOwner: true, name: 'Ana', ownerHasBoards: true })).toBe('Nobody has followed your boards yet');
    expect(followListEmptyText('followers', { isOwner: true, name: 'Ana', ownerHasBoards: false })).toBe('No one is following you');
    expect(followListEmptyText('following', { isOwner: true, name: 'Ana', ownerHasBoards: true })).toBe("You haven't followed anyone yet");
    expect(followListEmptyText('followers', { isOwner: false, name: 'Ana', ownerHasBoards: true })).toContain('Ana');
  });
});
