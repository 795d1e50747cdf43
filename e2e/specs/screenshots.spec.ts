import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { createBoard, createPin, createSection, registerUser, type ApiBoard, type ApiPin, type ApiSection, type ApiUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture, PALETTES } from '../support/images';
import { logIn } from '../support/session';

/**
 * Screenshots of the main pages at desktop and phone sizes, written to
 * e2e/.artifacts/ for a person to look at. Each page is also checked for
 * horizontal scrolling.
 */
const OUT = new URL('../.artifacts/screenshots/', import.meta.url).pathname;
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

const TITLES = [
  'Morning light on the terrace',
  'Quiet harbour',
  'Lavender fields',
  'Desert road trip',
  'Lake cabin weekend',
  'Red cliffs at dusk',
  'Olive grove walk',
  'Pink hour',
  'Autumn ridge',
  'Snowy pass',
  'Coastal path',
  'Garden at noon',
  'Valley view',
  'First light',
];
const SHAPES: readonly [number, number][] = [
  [600, 800],
  [600, 900],
  [600, 600],
  [600, 450],
  [600, 1000],
  [600, 750],
];

let owner: ApiUser;
let board: ApiBoard;
let pin: ApiPin;
let section: ApiSection;

test.beforeAll(async ({ playwright, baseURL }) => {
  mkdirSync(OUT, { recursive: true });
  const api = await playwright.request.newContext({ baseURL });
  owner = await registerUser(api, 'Ines Moreau', 'ines');
  board = await createBoard(api, 'Slow travel', 'Places to stay a while: quiet roads, small harbours and long evenings.');
  const second = await createBoard(api, 'Garden ideas');
  await createBoard(api, 'Someday trips');
  section = await createSection(api, board.id, 'Harbours');
  const sections = [section, await createSection(api, board.id, 'Mountain roads'), await createSection(api, board.id, 'Islands')];
  for (const [index, title] of TITLES.entries()) {
    const [width, height] = SHAPES[index % SHAPES.length] ?? [600, 800];
    const palette = PALETTES[index % PALETTES.length] ?? PALETTES[0]!;
    const image = await makePicture({ width, height, ...palette });
    const created = await createPin(api, image, {
      board_id: index % 3 === 2 ? second.id : board.id,
      // Most of the board's Pins also sit in one of its sections.
      section_id: index % 3 === 2 ? undefined : sections[index % sections.length]?.id,
      title,
      description: index === 0 ? 'Breakfast outside while the town wakes up: warm stone, a little wind, coffee that goes cold too fast.' : undefined,
      link: index % 4 === 0 ? `https://example.com/places/${index}` : undefined,
    });
    if (index === 0) pin = created;
  }
  await api.dispose();
});

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  // Images in view have loaded and faded in.
  await page.waitForFunction(() =>
    [...document.images]
      .filter((image) => {
        const box = image.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
      })
      .every((image) => image.complete && image.naturalWidth > 0),
  );
  await page.waitForTimeout(400);
}

async function shoot(page: Page, name: string, width: number, height: number) {
  await settle(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${OUT}${name}-${width}x${height}.png` });
}

for (const { width, height } of VIEWPORTS) {
  test.describe(`${width}×${height}`, () => {
    test.use({ viewport: { width, height } });

    test('home', async ({ page }) => {
      await page.goto('/');
      // Specs running beside this one add public Pins too, so ours may have moved down the feed: any Pin will do.
      await expect(page.getByRole('list', { name: 'Your home feed' }).getByRole('link').first()).toBeVisible();
      await shoot(page, 'home', width, height);
    });

    test('pin', async ({ page }) => {
      await page.goto(`/pin/${pin.id}/`);
      await expect(page.getByRole('heading', { level: 1, name: TITLES[0] })).toBeVisible();
      await shoot(page, 'pin', width, height);
    });

    test('profile', async ({ page }) => {
      await page.goto(`/${owner.username}/`);
      await expect(page.getByRole('heading', { level: 1, name: owner.fullName })).toBeVisible();
      await expect(page.getByRole('link', { name: /Slow travel/ })).toBeVisible();
      await shoot(page, 'profile', width, height);
    });

    test('board', async ({ page }) => {
      await page.goto(board.url);
      await expect(page.getByRole('heading', { level: 1, name: board.name })).toBeVisible();
      await shoot(page, 'board', width, height);
    });

    test('section page', async ({ page }) => {
      await page.goto(section.url);
      await expect(page.getByRole('heading', { level: 1, name: 'Harbours' })).toBeVisible();
      await shoot(page, 'section', width, height);
    });

    test('signed in: board with sections, the board picker, Organize and the create menu', async ({ page }) => {
      await logIn(page, owner);
      await page.goto(board.url);
      await expect(page.getByRole('region', { name: 'Sections' }).getByRole('link', { name: /Harbours/ })).toBeVisible();
      await shoot(page, 'board-signed-in', width, height);

      const card = page.getByRole('list', { name: board.name }).getByRole('listitem').first();
      await card.hover();
      await card.getByRole('button', { name: 'Save' }).click();
      const picker = page.getByRole('dialog', { name: 'Choose a board to save to' });
      await expect(picker.getByRole('option', { name: /Garden ideas/ }).first()).toBeVisible();
      await settle(page);
      await page.screenshot({ path: `${OUT}board-picker-${width}x${height}.png` });
      // The board is a top choice (listed once).
      await picker
        .getByRole('listbox', { name: 'Boards' })
        .getByRole('option', { name: /Slow travel/ })
        .last()
        .click();
      await expect(picker.getByRole('listbox', { name: 'Sections of Slow travel' }).getByRole('option', { name: 'Islands' })).toBeVisible();
      await page.waitForTimeout(600);
      await page.screenshot({ path: `${OUT}board-picker-sections-${width}x${height}.png` });
      await page.keyboard.press('Escape');
      await expect(picker).toBeHidden();

      await page.getByRole('button', { name: 'Organize' }).click();
      const pins = page.getByRole('list', { name: board.name });
      await pins.getByRole('checkbox').nth(0).check();
      await pins.getByRole('checkbox').nth(1).check();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${OUT}organize-${width}x${height}.png` });
      await page.getByRole('button', { name: 'Done' }).click();

      await page.getByRole('button', { name: 'Create' }).click();
      const menu = page.getByRole('dialog', { name: 'Add a Pin or section' });
      await menu.getByRole('button', { name: /^Website link/ }).click();
      await menu.getByRole('button', { name: 'Next' }).click();
      await expect(menu.getByRole('alert')).toBeVisible();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${OUT}create-menu-${width}x${height}.png` });
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Edit board' }).click();
      await expect(page.getByRole('dialog', { name: 'Edit your board' })).toBeVisible();
      await settle(page);
      await page.screenshot({ path: `${OUT}edit-board-${width}x${height}.png` });
    });

    test('signed in: home, create board dialog and Pin upload', async ({ page }) => {
      await page.goto('/login/');
      await page.getByLabel('Email or username').fill(owner.username);
      await page.getByLabel('Password').fill(owner.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page.getByRole('button', { name: 'Your account' })).toBeVisible();
      await shoot(page, 'home-signed-in', width, height);

      await page.getByRole('button', { name: 'Create' }).click();
      await page
        .getByRole('dialog', { name: 'Add a Pin or board' })
        .getByRole('button', { name: /^Board/ })
        .click();
      await expect(page.getByRole('dialog', { name: 'Create board' })).toBeVisible();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${OUT}create-board-${width}x${height}.png` });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      await page.goto('/pin-creation-tool/');
      await expect(page.getByRole('heading', { name: 'Create Pin' })).toBeVisible();
      await shoot(page, 'pin-creation-tool', width, height);
    });
  });
}
