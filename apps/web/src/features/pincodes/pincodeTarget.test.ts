import { describe, expect, it } from 'vitest';
import { pincodeTarget } from './pincodeTarget';

describe('pincodeTarget', () => {
  const origin = 'https://pins.example.org';
  it('opens a profile or a board on this site', () => {
    expect(pincodeTarget('https://pins.example.org/ada/', origin)).toBe('/ada/');
    expect(pincodeTarget('https://pins.example.org/ada/garden/', origin)).toBe('/ada/garden/');
    expect(pincodeTarget(' /ada/garden/ ', origin)).toBe('/ada/garden/');
  });
  it('refuses another site, another scheme, our API and plain text', () => {
    expect(pincodeTarget('https://evil.example.com/ada/', origin)).toBeNull();
    expect(pincodeTarget('http://pins.example.org/ada/', origin)).toBeNull();
    expect(pincodeTarget('javascript:alert(1)', origin)).toBeNull();
    expect(pincodeTarget('https://pins.example.org/v3/users/ada/pincode/', origin)).toBeNull();
    expect(pincodeTarget('', origin)).toBeNull();
  });
});
