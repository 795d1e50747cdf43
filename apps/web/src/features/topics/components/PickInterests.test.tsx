import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEXTS } from '../../../lib/allTexts';
import { renderInApp, type Answer, type SentRequest } from '../../../lib/renderInApp';
import { PickInterests } from './PickInterests';

const topic = (id: string, slug: string, name: string) => ({ id, slug, name, parent_id: null });
const CATALOGUE = [topic('1', 'art', 'Art'), topic('2', 'beauty', 'Beauty'), topic('3', 'travel', 'Travel'), topic('4', 'weddings', 'Weddings')];

const server = (r: SentRequest): Answer | undefined => {
  if (r.path === '/resource/InterestsResource/get/') return { data: CATALOGUE };
  if (r.path === '/resource/UserInterestsResource/update/') return { data: [] };
  return undefined;
};

describe('PickInterests', () => {
  it('keeps Next off until 3 topics are chosen, then follows exactly those and goes on', async () => {
    const onDone = vi.fn();
    const { user, sent } = renderInApp(<PickInterests onDone={onDone} />, server);
    const next = screen.getByRole('button', { name: TEXTS.signupInterests.next });
    const art = await screen.findByRole('button', { name: 'Art' });
    expect(next).toHaveProperty('disabled', true);
    await user.click(art);
    await user.click(screen.getByRole('button', { name: 'Beauty' }));
    expect(next).toHaveProperty('disabled', true);
    // Choosing again leaves it out.
    await user.click(art);
    expect(art.getAttribute('aria-pressed')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Travel' }));
    await user.click(screen.getByRole('button', { name: 'Weddings' }));
    expect(next).toHaveProperty('disabled', false);
    await user.click(next);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const update = sent.find((r) => r.path === '/resource/UserInterestsResource/update/');
    expect(update?.body).toEqual({ interest_ids: ['2', '3', '4'] });
  });
});
