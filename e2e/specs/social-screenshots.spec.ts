import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { createBoard, createPin, registerUser, type ApiUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture, PALETTES } from '../support/images';
import { follow, logIn, sendMessage, updateProfile } from '../support/social';

/**
 * Screenshots of the social pages (a profile as its owner and as a visitor,
 * a private profile, the inbox) at desktop and phone sizes, written to
 * e2e/.artifacts/screenshots/ for a person to look at; each page is also
 * checked for sideways scrolling.
 */
const OUT = new URL('../.artifacts/screenshots/', import.meta.url).pathname;
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

let owner: ApiUser;
let hidden: ApiUser;
let visitor: ApiUser;

test.beforeAll(async ({ playwright, baseURL }) => {
  mkdirSync(OUT, { recursive: true });
  const ownerApi = await playwright.request.newContext({ baseURL });
  owner = await registerUser(ownerApi, 'Camille Fontaine-Delacroix', 'camille');
  await updateProfile(ownerApi, {
    about:
      'Ceramicist and slow traveller. I collect quiet kitchens, hand-thrown bowls and the colours of harbour towns. Currently restoring a farmhouse in the hills above Nice, one wall at a time.',
    website_url: 'https://camille-ceramics.example.com',
    location: 'Nice, France',
    pronouns: ['she/her'],
  });
  const boards = [
    await createBoard(ownerApi, 'Harbour towns'),
    await createBoard(ownerApi, 'Hand-thrown bowls'),
    await createBoard(ownerApi, 'Farmhouse kitchen'),
  ];
  for (let index = 0; index < 10; index += 1) {
    const palette = PALETTES[index % PALETTES.length] ?? PALETTES[0]!;
    const image = await makePicture({ width: 600, height: [800, 900, 600, 750][index % 4] ?? 800, ...palette });
    await createPin(ownerApi, image, {
      title: [
        'Blue door in Menton',
        'Stacked bowls',
        'Morning kitchen',
        'Old port at dusk',
        'Glaze tests',
        'Olive wood board',
        'Tiles from Vallauris',
        'Fishing boats',
        'Linen and clay',
        'Terrace lunch',
      ][index],
      ...(index < 7 ? { board_id: boards[index % 3]!.id } : {}),
    });
  }

  const hiddenApi = await playwright.request.newContext({ baseURL });
  hidden = await registerUser(hiddenApi, 'Paul Private', 'paul');
  await updateProfile(hiddenApi, { is_private_profile: true, about: 'Notes to self.' });
  await createBoard(hiddenApi, 'Secret garden');

  const visitorApi = await playwright.request.newContext({ baseURL });
  visitor = await registerUser(visitorApi, 'Omar Haddad', 'omar');
  await follow(visitorApi, owner.id);
  await follow(hiddenApi, owner.id);
  await sendMessage(visitorApi, [owner.id], `Hello Camille! Your profile is lovely: ${baseURL}/${owner.username}/`);
  await sendMessage(ownerApi, [visitor.id], 'Thank you, Omar! The bowls are from a small studio in Vallauris.');
  await sendMessage(visitorApi, [owner.id], 'Do they ship abroad?');
  await sendMessage(hiddenApi, [visitor.id], 'Are you coming to the market on Saturday?');
  await Promise.all([ownerApi.dispose(), hiddenApi.dispose(), visitorApi.dispose()]);
});

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
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

async function shoot(page: Page, name: string, width: number, height: number, fullPage = false) {
  await settle(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${OUT}social-${name}-${width}x${height}.png`, fullPage });
}

for (const { width, height } of VIEWPORTS) {
  test.describe(`${width}×${height}`, () => {
    test.use({ viewport: { width, height } });

    test('profile, seen by a visitor who follows', async ({ page }) => {
      await logIn(page, visitor);
      await page.goto(`/${owner.username}/`);
      await expect(page.getByRole('heading', { level: 1, name: owner.fullName })).toBeVisible();
      await expect(page.getByRole('link', { name: /Harbour towns/ })).toBeVisible();
      await shoot(page, 'profile', width, height);
      await shoot(page, 'profile-full', width, height, true);
    });

    test('own profile with unorganized ideas', async ({ page }) => {
      await logIn(page, owner);
      await page.goto(`/${owner.username}/`);
      await expect(page.getByRole('heading', { name: 'Unorganized ideas' })).toBeVisible();
      await shoot(page, 'profile-own', width, height, true);
    });

    test('private profile', async ({ page }) => {
      await logIn(page, visitor);
      await page.goto(`/${hidden.username}/`);
      await expect(page.getByRole('heading', { name: 'This profile is private' })).toBeVisible();
      await shoot(page, 'private-profile', width, height);
    });

    test('inbox and a conversation', async ({ page }) => {
      await logIn(page, visitor);
      await page.goto('/messages/');
      await expect(page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: new RegExp(owner.fullName) })).toBeVisible();
      await shoot(page, 'inbox', width, height);
      await page
        .getByRole('navigation', { name: 'Conversations' })
        .getByRole('link', { name: new RegExp(owner.fullName) })
        .click();
      await expect(page.getByRole('list', { name: 'Messages in this conversation' }).getByText('Do they ship abroad?')).toBeVisible();
      await shoot(page, 'conversation', width, height);
    });
  });
}
