import { describe, expect, it } from 'vitest';
import { alreadySavedText, orderBoards, rememberUse } from './boards';
import { challengeOf, makeVerifier, sha256Hex } from './pkce';
import { serverOrigin } from './session';

const boards = [
  { id: '1', name: 'Weeknight dinners' },
  { id: '2', name: 'Garden' },
  { id: '3', name: 'Cafés in Paris' },
  { id: '4', name: 'Apartment ideas' },
];

describe('the board list', () => {
  it('puts the last used first, most recent first, then the rest by name', () => {
    expect(orderBoards(boards, ['3', '1']).map((board) => board.name)).toEqual(['Cafés in Paris', 'Weeknight dinners', 'Apartment ideas', 'Garden']);
    expect(orderBoards(boards, []).map((board) => board.id)).toEqual(['4', '3', '2', '1']);
  });

  it('searches by every word, case and accents aside, keeping that order', () => {
    expect(orderBoards(boards, ['1'], 'CAFE').map((board) => board.id)).toEqual(['3']);
    expect(orderBoards(boards, ['2'], 'AR').map((board) => board.id)).toEqual(['2', '4', '3']);
    expect(orderBoards(boards, [], 'paris cafés').map((board) => board.id)).toEqual(['3']);
    expect(orderBoards(boards, [], 'nothing')).toEqual([]);
  });

  it('remembers a use: first, once, at most ten', () => {
    expect(rememberUse(['2', '1', '3'], '1')).toEqual(['1', '2', '3']);
    expect(rememberUse(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'], '10')).toHaveLength(10);
  });
});

describe('"Already saved to {board}"', () => {
  const say = (names: string) => `Already saved to ${names}`;
  it('names the boards, or says nothing', () => {
    expect(alreadySavedText([{ name: 'Garden' }], say)).toBe('Already saved to Garden');
    expect(alreadySavedText([{ name: 'Garden' }, { name: 'Cafés in Paris' }], say)).toBe('Already saved to Garden, Cafés in Paris');
    expect(alreadySavedText([], say)).toBeNull();
  });
});

describe('PKCE', () => {
  it('makes the S256 challenge of RFC 7636’s example', async () => {
    expect(await challengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('makes a fresh 43-character verifier of unreserved characters each time', () => {
    const one = makeVerifier();
    expect(one).toMatch(/^[\w-]{43}$/);
    expect(makeVerifier()).not.toBe(one);
  });

  it('hashes a picture’s bytes to hex', async () => {
    expect(await sha256Hex(new TextEncoder().encode('abc').buffer)).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('the server address', () => {
  it('takes an origin from what the person types', () => {
    expect(serverOrigin('pins.example.org')).toBe('https://pins.example.org');
    expect(serverOrigin(' http://127.0.0.1:3000/some/page ')).toBe('http://127.0.0.1:3000');
    expect(serverOrigin('')).toBeNull();
    expect(serverOrigin('ftp://files.example')).toBeNull();
  });
});
