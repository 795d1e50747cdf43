import { describe, expect, it } from 'vitest';
import { parsePinIds } from './pinIds';

describe('parsePinIds', () => {
  it('reads ids and Pin addresses, once each, and names what is neither', () => {
    expect(parsePinIds('123\nhttps://example.com/pin/456/, 123  /pin/789/edit/ nope')).toEqual({ ids: ['123', '456', '789'], bad: ['nope'] });
    expect(parsePinIds('')).toEqual({ ids: [], bad: [] });
  });
});
