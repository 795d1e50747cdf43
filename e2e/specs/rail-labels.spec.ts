import type { Locator, Page } from '@playwright/test';
import { IDEA_CATEGORIES_LONG, IDEA_CATEGORIES_SHORT } from '@pinboard/shared/constants/ideas';
import { registerUser } from '../support/api';
import { expect, test } from '../support/fixtures';

/**
 * The idea rail (wide screens) and its chips (narrow screens) show every
 * category's name whole in every locale: a long German word wraps or fits,
 * it is never cut off, and the rail does not scroll sideways.
 */

/** The account's locale (it wins over the browser's). */
const LOCALES = ['de', 'en-US', 'es', 'fr', 'ja', 'pt-BR'] as const;

/** Each label that does not fit its own box or its link's box, as "text: scroll > client". */
async function clippedLabels(labels: Locator): Promise<string[]> {
  return labels.evaluateAll((nodes) =>
    nodes.flatMap((node) => {
      const el = node as HTMLElement;
      const boxes = [el, el.parentElement!].filter(Boolean);
      return boxes.flatMap((box) =>
        box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight
          ? [`${el.textContent}: ${box.scrollWidth}×${box.scrollHeight} in ${box.clientWidth}×${box.clientHeight}`]
          : [],
      );
    }),
  );
}

async function signedInHome(page: Page, locale: string) {
  await registerUser(page.request, 'Rail Reader', `rail${locale.slice(0, 2)}`);
  const token = (await page.request.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  const saved = await page.request.put('/resource/UserResource/update/', { headers: { 'X-CSRFToken': token }, data: { options: { locale } } });
  expect(saved.ok()).toBe(true);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

for (const locale of LOCALES) {
  test.describe(`in ${locale}`, () => {
    test('every label of the idea rail is whole on a wide screen', async ({ page }) => {
      await signedInHome(page, locale);
      // The rail is the navigation with a heading over its list (the chips have none).
      const rail = page.locator('nav').filter({ has: page.locator('p[aria-hidden="true"]') });
      const links = rail.locator('a[href^="/ideas/"]');
      await expect(links).toHaveCount(IDEA_CATEGORIES_LONG.length);
      const labels = links.locator('span:not([aria-hidden])');
      await expect(labels).toHaveCount(IDEA_CATEGORIES_LONG.length);
      expect(await clippedLabels(labels)).toEqual([]);
      // The rail itself never scrolls sideways (a word wider than it would make it).
      expect(await rail.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    });

    test('every chip label is whole on a phone', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signedInHome(page, locale);
      const chips = page.locator('nav[aria-label] a[href^="/ideas/"]');
      await expect(chips).toHaveCount(IDEA_CATEGORIES_SHORT.length);
      expect(await clippedLabels(chips)).toEqual([]);
    });
  });
}
