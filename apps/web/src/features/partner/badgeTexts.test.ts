/**
 * A merchant's badges read the page's language: a `de` page shows the
 * catalogue's German for a badge it knows, and the words the server sent for
 * one it does not. en-US keeps the shared catalogue's words exactly.
 */
import { INSPIRATIONAL_BADGES } from '@pinboard/shared/constants/badges';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';

/** A catalogue's source (an import would give the compiled messages). */
const source = (part: string) =>
  JSON.parse(readFileSync(new URL(`../../../../../packages/shared/src/locales/en-US/${part}.json`, import.meta.url), 'utf8')) as Record<string, string>;

describe('badge texts', () => {
  it('en-US has every badge with the shared catalogue’s words', () => {
    const texts = source('texts');
    const more = source('moreTexts');
    for (const badge of INSPIRATIONAL_BADGES) {
      expect(texts[`partnerBadge.${badge.id}.label`]).toBe(badge.label);
      expect(more[`partnerBadge.${badge.id}.description`]).toBe(badge.description);
      expect(more[`partnerBadge.${badge.id}.tooltip`]).toBe(badge.controlsTooltip);
    }
  });

  describe('on a de page', () => {
    beforeAll(() => {
      vi.resetModules();
      vi.stubGlobal('document', { documentElement: { getAttribute: () => 'de', lang: '', dir: '' } });
      vi.stubGlobal('window', { location: { search: '' } });
    });
    afterAll(() => {
      vi.unstubAllGlobals();
      vi.resetModules();
    });

    it('shows German, and the server’s words for a badge the catalogue does not know', async () => {
      await import('../../lib/allTexts');
      const { badgeText } = await import('./badgeTexts');
      const handmade = INSPIRATIONAL_BADGES.find((badge) => badge.id === 'handmade')!;
      expect(badgeText(handmade, 'label')).toBe('Handgemacht');
      expect(badgeText(handmade, 'description')).toBe('Die Produkte werden in kleinen Serien von Hand gefertigt.');
      expect(badgeText(handmade, 'tooltip')).toMatch(/^Zeigen Sie dieses Abzeichen/);
      const unknown = { id: 'carbon_neutral', label: 'Carbon neutral', description: 'Offsets all emissions.', controlsTooltip: 'Show this when…' };
      expect(badgeText(unknown, 'label')).toBe('Carbon neutral');
      expect(badgeText(unknown, 'tooltip')).toBe('Show this when…');
    });
  });
});
