import { MESSAGES } from '@pinboard/shared/constants/messages';
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { createBoard, createPin, registerUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture, PALETTES } from '../support/images';

/**
 * Experiences: the organize tip on the owner's unorganized ideas, the create
 * pulsar in the header and the profile picture pulsar on the owner's avatar.
 */
const OUT = new URL('../.artifacts/screenshots/', import.meta.url).pathname;
const ORGANIZE_TIP = 'Group these Pins into boards so your ideas are easy to find later.';
const CREATE_TIP = 'Start here: make your first Pin or board.';
const PICTURE_TIP = "Add a profile picture so people know it's you.";

/** An owner with one board and two Pins saved without a board. */
async function ownerWithUnorganizedPins(page: Page, name: string, prefix: string) {
  const me = await registerUser(page.request, name, prefix);
  await createBoard(page.request, 'Kitchen');
  for (const [index, title] of ['Copper pans', 'Open shelves'].entries()) {
    await createPin(page.request, await makePicture({ width: 600, height: 800, ...(PALETTES[index] ?? PALETTES[0]!) }), { title });
  }
  return me;
}

/** Opens the page and waits for the answer about the placement's experience. */
async function openAndWaitForExperiences(page: Page, path: string, reload = false) {
  const answered = page.waitForResponse((r) => r.url().includes('/resource/ExperiencesResource/get/') && r.url().includes('1000464'));
  if (reload) await page.reload();
  else await page.goto(path);
  await answered;
}

test('the organize tip points at Organize; Got it completes it for good', async ({ page }) => {
  const me = await ownerWithUnorganizedPins(page, 'Tessa Tips', 'tessa');
  // Tall enough for the unorganized ideas to be in view without scrolling (a scroll would dismiss the tip after 3 s).
  await page.setViewportSize({ width: 1280, height: 1400 });
  await openAndWaitForExperiences(page, `/${me.username}/`);
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'Unorganized ideas' }) });
  const organize = section.getByRole('button', { name: 'Organize', exact: true });
  const tip = page.getByRole('dialog', { name: ORGANIZE_TIP });

  await test.step('the tip shows below the Organize button, without covering it', async () => {
    await expect(tip).toBeVisible();
    await expect(tip).toHaveAttribute('aria-modal', 'false');
    const [button, box] = [await organize.boundingBox(), await tip.boundingBox()];
    expect(box!.y >= button!.y + button!.height || box!.y + box!.height <= button!.y).toBe(true);
    expect(await tip.evaluate((el) => getComputedStyle(el).zIndex)).toBe('5000');
    // Nothing has the focus taken from it.
    await expect(tip.getByRole('button', { name: 'Got it' })).not.toBeFocused();
    mkdirSync(OUT, { recursive: true });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${OUT}experience-tooltip.png` });
  });

  await test.step('Got it completes it; it does not come back', async () => {
    await tip.getByRole('button', { name: 'Got it' }).click();
    await expect(tip).toBeHidden();
    await openAndWaitForExperiences(page, '', true);
    await expect(section.getByRole('listitem')).toHaveCount(2);
    await expect(tip).toBeHidden();
  });
});

test('Escape dismisses the organize tip, and its own close button is keyboard usable', async ({ page }) => {
  const me = await ownerWithUnorganizedPins(page, 'Emil Escape', 'emil');
  await openAndWaitForExperiences(page, `/${me.username}/`);
  const tip = page.getByRole('dialog', { name: ORGANIZE_TIP });
  await expect(tip).toBeVisible();
  await expect(tip.getByRole('button', { name: 'Dismiss tip' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tip).toBeHidden();
  await openAndWaitForExperiences(page, '', true);
  await expect(page.getByRole('heading', { name: 'Unorganized ideas' })).toBeVisible();
  await expect(tip).toBeHidden();
});

test('using Organize completes the tip', async ({ page }) => {
  const me = await ownerWithUnorganizedPins(page, 'Uma Uses', 'uma');
  await openAndWaitForExperiences(page, `/${me.username}/`);
  const tip = page.getByRole('dialog', { name: ORGANIZE_TIP });
  await expect(tip).toBeVisible();
  await page.getByRole('button', { name: 'Organize', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Organize your ideas' })).toBeVisible();
  await expect(tip).toBeHidden();
  await page.keyboard.press('Escape');
  await openAndWaitForExperiences(page, '', true);
  await expect(page.getByRole('heading', { name: 'Unorganized ideas' })).toBeVisible();
  await expect(tip).toBeHidden();
});

test('the create pulsar opens its tip; the profile picture pulsar leads to settings', async ({ page }) => {
  const me = await registerUser(page.request, 'Nina New', 'nina');
  await openAndWaitForExperiences(page, '/');
  const tip = page.getByRole('dialog', { name: CREATE_TIP });

  await test.step('a new person sees a pulsar on Create; it opens the tip, focused; Escape dismisses it', async () => {
    await expect(tip).toBeHidden();
    await page.getByRole('button', { name: 'Show tip' }).click();
    await expect(tip).toBeVisible();
    await expect(tip.getByRole('button', { name: 'Got it' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(tip).toBeHidden();
    await expect(page.getByRole('button', { name: 'Show tip' })).toBeHidden();
    await openAndWaitForExperiences(page, '', true);
    await expect(page.getByRole('button', { name: 'Show tip' })).toBeHidden();
  });

  await test.step('on the own profile, the avatar pulsar opens the picture tip, whose button goes to settings', async () => {
    const answered = page.waitForResponse((r) => r.url().includes('/resource/ExperiencesResource/get/') && r.url().includes('%3A19'));
    await page.goto(`/${me.username}/`);
    await answered;
    await page.getByRole('button', { name: 'Show tip' }).click();
    const picture = page.getByRole('dialog', { name: PICTURE_TIP });
    await expect(picture).toBeVisible();
    await picture.getByRole('link', { name: 'Add a picture' }).click();
    await expect(page).toHaveURL(/\/settings\/edit-profile\/$/);
    await expect(picture).toBeHidden();
    const answeredAgain = page.waitForResponse((r) => r.url().includes('/resource/ExperiencesResource/get/') && r.url().includes('%3A19'));
    await page.goto(`/${me.username}/`);
    await answeredAgain;
    await expect(page.getByRole('heading', { level: 1, name: 'Nina New' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Show tip' })).toBeHidden();
  });
});

test('using Create completes the create pulsar', async ({ page }) => {
  await registerUser(page.request, 'Carl Create', 'carl');
  await openAndWaitForExperiences(page, '/');
  await expect(page.getByRole('button', { name: 'Show tip' })).toBeVisible();
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('dialog', { name: MESSAGES.createMenu.addPinOrBoard })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show tip' })).toBeHidden();
  await page.keyboard.press('Escape');
  await openAndWaitForExperiences(page, '', true);
  await expect(page.getByRole('button', { name: 'Show tip' })).toBeHidden();
});
