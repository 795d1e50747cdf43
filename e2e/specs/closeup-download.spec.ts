import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { MESSAGES } from '@pinboard/shared/constants/messages';
import { createBoard, createPin, registerUser, type ApiPin, type ApiUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture } from '../support/images';
import { logIn } from '../support/session';

/**
 * The closeup's context menu (docs/product/logged-out-and-business.md §4: "closeup
 * context-menu save and download"): Download image saves the original image
 * for signed-in people; signed out it records the `closeup_download` upsell
 * event and asks to log in, like the other upsells.
 */
const OUT = new URL('../../docs/screenshots/issue-14/', import.meta.url).pathname;

let owner: ApiUser;
let pin: ApiPin;
let original: Buffer;
test.beforeAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  owner = await registerUser(api, 'Dora Download', 'dora');
  const board = await createBoard(api, 'Harbours');
  original = await makePicture({ width: 900, height: 1200, sky: ['#a0c4ff', '#bdb2ff'], ground: '#3a5a40' });
  pin = await createPin(api, original, { board_id: board.id, title: 'Blue harbour at dawn' });
  await api.dispose();
});

const closeupMenu = async (page: Page) => {
  const closeup = page.getByRole('article', { name: 'Blue harbour at dawn' });
  await closeup.getByRole('button', { name: 'More options' }).click();
  return page.getByRole('menuitem', { name: 'Download image' });
};

test('signed out, Download image records the closeup_download upsell event and asks to log in', async ({ page }) => {
  const events: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/resource/UnauthEventResource/create/')) events.push(JSON.parse(request.postData() ?? '{}').options?.event);
  });
  await page.goto(`/pin/${pin.id}/`);
  const download = await closeupMenu(page);
  await expect(download).toBeVisible();
  const recorded = page.waitForRequest(
    (request) => request.url().includes('/resource/UnauthEventResource/create/') && request.postData()?.includes('closeup_download') === true,
  );
  let downloaded = false;
  page.on('download', () => void (downloaded = true));
  await download.click();
  await recorded;
  expect(events).toContain('closeup_download');
  const prompt = page.getByRole('dialog', { name: MESSAGES.loginPrompt.continue });
  await expect(prompt).toBeVisible();
  await page.screenshot({ path: `${OUT}closeup-download-signed-out.png` });
  expect(downloaded).toBe(false);
});

test('signed in, Download image saves the original image', async ({ page, playwright, baseURL }) => {
  const events: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/resource/UnauthEventResource/create/')) events.push(JSON.parse(request.postData() ?? '{}').options?.event);
  });
  const api = await playwright.request.newContext({ baseURL });
  const viewer = await registerUser(api, 'Vic Viewer', 'vic');
  await api.dispose();
  await logIn(page, viewer);
  await page.goto(`/pin/${pin.id}/`);
  const item = await closeupMenu(page);
  await expect(item).toBeVisible();
  await page.screenshot({ path: `${OUT}closeup-download-menu.png` });
  const [download] = await Promise.all([page.waitForEvent('download'), item.click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^pin-${pin.id}\\.\\w+$`));
  const saved = readFileSync((await download.path())!);
  // The original: its full size, not a resized variant.
  const served = await page.request.get(pin.images.orig?.url ?? '');
  expect(served.status()).toBe(200);
  expect(saved.equals(await served.body())).toBe(true);
  expect(saved.length).toBeGreaterThan(0);
  expect(events).not.toContain('closeup_download');
  expect(owner.id).not.toBe(viewer.id);
});
