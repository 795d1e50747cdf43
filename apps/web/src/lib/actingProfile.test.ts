import { describe, expect, it } from 'vitest';
import { actingProfileOf } from './actingProfile';

const shop = { id: '42', username: 'shop', businessName: 'Shop', imgUrl: null };

describe('actingProfileOf', () => {
  it('answers the kept profile only for the person who chose it', () => {
    const raw = JSON.stringify({ viewerId: '7', profile: shop });
    expect(actingProfileOf('7', raw)).toEqual(shop);
    expect(actingProfileOf('8', raw)).toBeNull();
    expect(actingProfileOf(null, raw)).toBeNull();
  });

  it('answers null for nothing kept or something unreadable', () => {
    expect(actingProfileOf('7', null)).toBeNull();
    expect(actingProfileOf('7', '{not json')).toBeNull();
    expect(actingProfileOf('7', JSON.stringify({ viewerId: '7' }))).toBeNull();
  });
});
