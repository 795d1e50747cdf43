import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp, type Answer, type SentRequest } from '../../../lib/renderInApp';
import { AlreadySavedNote, alreadySavedText } from './AlreadySavedNote';

const board = (n: number) => ({ id: String(100 + n), name: `Board ${n}`, url: `/dee/board-${n}/` });

function serverWith(boards: object[]) {
  return (r: SentRequest): Answer | undefined => {
    if (r.path === '/resource/UserSessionResource/get/') return { data: { isAuth: true, id: '20', username: 'dee' } };
    if (r.path === '/resource/AlreadySavedResource/get/') return { data: { boards } };
    return undefined;
  };
}

describe('alreadySavedText (decision 095)', () => {
  it('names one board, two, two and one other, two and a count', () => {
    expect(alreadySavedText(['Soups'])).toBe('Already saved to Soups');
    expect(alreadySavedText(['Soups', 'Dinners'])).toBe('Already saved to Soups and Dinners');
    expect(alreadySavedText(['Soups', 'Dinners', 'Winter'])).toBe('Already saved to Soups, Dinners and one other board');
    expect(alreadySavedText(['Soups', 'Dinners', 'Winter', 'Green'])).toBe('Already saved to Soups, Dinners and 2 other boards');
  });
});

describe('AlreadySavedNote', () => {
  it('says where the viewer already saved it, linking the first board', async () => {
    const { sent } = renderInApp(<AlreadySavedNote query={{ pin_id: '7' }} />, serverWith([board(1), board(2)]));
    const link = await screen.findByRole('link', { name: 'Already saved to Board 1 and Board 2' });
    expect(link.getAttribute('href')).toBe('/dee/board-1/');
    expect(sent.some((r) => r.path === '/resource/AlreadySavedResource/get/')).toBe(true);
  });

  it('shows nothing when the viewer saved it nowhere', async () => {
    const { sent } = renderInApp(<AlreadySavedNote query={{ link: 'https://example.com/' }} />, serverWith([]));
    await expect.poll(() => sent.some((r) => r.path === '/resource/AlreadySavedResource/get/')).toBe(true);
    expect(screen.queryByTestId('already-saved')).toBeNull();
  });
});
