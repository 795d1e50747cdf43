import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEXTS } from '../../../lib/allTexts';
import { renderInApp, type SentRequest } from '../../../lib/renderInApp';
import { HeaderSearch } from './HeaderSearch';

const suggestions = {
  recent: [{ query: 'sourdough', url: '/search/pins/?q=sourdough' }],
  trending: [
    { query: 'cats', url: '/search/pins/?q=cats' },
    { query: 'gardens', url: '/search/pins/?q=gardens' },
  ],
};

/** The server: the empty box's suggestions until they are cleared. */
function server() {
  let cleared = false;
  return (request: SentRequest) => {
    if (request.path === '/resource/SearchSuggestionsResource/get/') return { data: cleared ? { ...suggestions, recent: [] } : suggestions };
    if (request.path === '/resource/RecentSearchesResource/delete/') {
      cleared = true;
      return { data: { cleared: 1 } };
    }
    return undefined;
  };
}

describe('the header search box, empty (decision 084)', () => {
  it('offers recent and trending searches in two titled groups', async () => {
    const { user } = renderInApp(<HeaderSearch />, server());
    await user.click(screen.getByRole('combobox', { name: TEXTS.nav.searchLabel }));
    const recent = await screen.findByRole('group', { name: TEXTS.search.recent });
    expect(
      within(recent)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['sourdough', TEXTS.search.clearRecent]);
    const trending = screen.getByRole('group', { name: TEXTS.search.trending });
    expect(
      within(trending)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['cats', 'gardens']);
  });

  it('moves through the options of both groups with the arrow keys', async () => {
    const { user } = renderInApp(<HeaderSearch />, server());
    const box = screen.getByRole('combobox', { name: TEXTS.nav.searchLabel });
    await user.click(box);
    await screen.findByRole('group', { name: TEXTS.search.trending });
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    const active = document.getElementById(box.getAttribute('aria-activedescendant') ?? '');
    expect(active?.textContent).toBe('cats');
  });

  it('clears the recent searches with their last option, and keeps the trending ones', async () => {
    const { user, sent } = renderInApp(<HeaderSearch />, server());
    await user.click(screen.getByRole('combobox', { name: TEXTS.nav.searchLabel }));
    await user.click(await screen.findByRole('option', { name: TEXTS.search.clearRecent }));
    await waitFor(() => expect(screen.queryByRole('group', { name: TEXTS.search.recent })).toBeNull());
    expect(screen.getByRole('group', { name: TEXTS.search.trending })).toBeTruthy();
    expect(sent.some((r) => r.path === '/resource/RecentSearchesResource/delete/')).toBe(true);
  });

  it('shows nothing while the box is not focused', () => {
    renderInApp(<HeaderSearch />, server());
    expect(screen.queryByRole('option')).toBeNull();
  });
});
