import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { MESSAGES } from '@pinboard/shared/constants/messages';
import { createBoard, createSection, registerUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { joinExperiments } from '../support/session';
import { makePicture } from '../support/images';
import { makeVideo } from '../support/videos';

const SHOTS = new URL('../../docs/screenshots/pin-creation-tools/', import.meta.url).pathname;
const VTT = 'WEBVTT\n\n00:00.000 --> 00:02.000\nA test pattern\n';

async function call<T>(request: APIRequestContext, name: string, action: 'get' | 'create' | 'update', options: Record<string, unknown>): Promise<T> {
  const token = (await request.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  const response =
    action === 'get'
      ? await request.get(`/resource/${name}/get/?data=${encodeURIComponent(JSON.stringify({ options }))}`)
      : await request[action === 'create' ? 'post' : 'put'](`/resource/${name}/${action}/`, { headers: { 'X-CSRFToken': token }, data: { options } });
  expect(response.ok(), `${name} ${action}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { resource_response: { data: T } }).resource_response.data;
}

const picture = (seed: number) =>
  makePicture({ width: 600, height: 750, sky: [`#${(0xcaf0f8 - seed * 0x101010).toString(16)}`, '#90e0ef'], ground: '#0077b6' });

async function openCreateMenu(page: Page) {
  await page.getByRole('button', { name: 'Create' }).click();
  return page.getByRole('dialog', { name: MESSAGES.createMenu.addPinOrBoard });
}

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('Create → Photo has an address of its own: reload, Back and Forward reopen the photo', async ({ page }) => {
  await registerUser(page.request, 'Rhea Reload', 'rhea');
  await page.goto('/');
  const menu = await openCreateMenu(page);
  const chooser = page.waitForEvent('filechooser');
  await menu.getByRole('button', { name: /^Photo/ }).click();
  await (await chooser).setFiles({ name: 'lake.jpg', mimeType: 'image/jpeg', buffer: await picture(1) });
  await expect(page).toHaveURL(/\/pin\/create\/uploaded\/\?draft=[a-z0-9]+$/);
  const preview = page.getByRole('img', { name: 'Preview of your photo' });
  await expect(preview).toBeVisible();
  const address = page.url();

  await page.reload();
  await expect(preview).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await page.goForward();
  await expect(page).toHaveURL(address);
  await expect(preview).toBeVisible();
  // The same address in a fresh history entry (no navigation state) still opens the photo.
  await page.goto(address);
  await expect(preview).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill('Lake, reloaded');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lake, reloaded' })).toBeVisible();
});

test('the create menu offers the Idea Pin builder, unless publishing is off or the acting profile may not publish', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const person = await registerUser(page.request, 'Ines Idea', 'ines');
  await page.goto('/');
  let menu = await openCreateMenu(page);
  await expect(menu.getByRole('button', { name: /^Idea Pin/ })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}create-menu-idea-pin.png` });
  await menu.getByRole('button', { name: /^Idea Pin/ }).click();
  await expect(page).toHaveURL('/idea-pin-builder/');
  await expect(page.getByRole('heading', { name: 'Create Idea Pin' })).toBeVisible();

  await test.step('acting as a business as an analyst: no Idea Pin', async () => {
    const shopApi = await playwright.request.newContext({ baseURL });
    const shop = await registerUser(shopApi, 'Quill Shop', 'quill');
    await call(shopApi, 'BusinessAccountResource', 'create', {});
    await call(page.request, 'BusinessAccountResource', 'create', {});
    const { secret } = await call<{ secret: string }>(page.request, 'UserMfaResource', 'create', {});
    await call(page.request, 'UserMfaResource', 'update', {
      code: new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate(),
    });
    await call(shopApi, 'BusinessAccessResource', 'create', { business_id: shop.id, username: person.username, permissions: ['ANALYST'] });
    await call(page.request, 'BusinessActingResource', 'update', { business_id: shop.id });
    await page.goto('/');
    menu = await openCreateMenu(page);
    await expect(menu.getByRole('button', { name: /^Photo/ })).toBeVisible();
    await expect(menu.getByRole('button', { name: /^Idea Pin/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await call(page.request, 'BusinessActingResource', 'update', { business_id: null });
    await shopApi.dispose();
  });

  await test.step('publishing switched off by the experiment: no Idea Pin', async () => {
    await joinExperiments(page, { pin_creation: 'disable_web_pins' });
    await page.goto('/');
    menu = await openCreateMenu(page);
    await expect(menu.getByRole('button', { name: /^Photo/ })).toBeVisible();
    await expect(menu.getByRole('button', { name: /^Idea Pin/ })).toHaveCount(0);
  });
});

test('the Pin creation tool: choose a board, then a section of it', async ({ page }) => {
  await registerUser(page.request, 'Sami Section', 'sami');
  const board = await createBoard(page.request, 'Kitchen');
  const section = await createSection(page.request, board.id, 'Knives');
  await createBoard(page.request, 'Garden');
  await page.goto('/pin-creation-tool/');
  await page.getByLabel('Choose an image').setInputFiles({ name: 'knife.jpg', mimeType: 'image/jpeg', buffer: await picture(2) });
  await page.getByLabel('Title', { exact: true }).fill('Chef’s knife');
  await page.getByLabel('Board', { exact: true }).selectOption({ label: 'Garden' });
  await expect(page.getByLabel('Section', { exact: true })).toHaveCount(0);
  await page.getByLabel('Board', { exact: true }).selectOption({ label: 'Kitchen' });
  await page.getByLabel('Section', { exact: true }).selectOption({ label: 'Knives' });
  await page.screenshot({ path: `${SHOTS}tool-section-picker.png` });
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page).toHaveURL(/\/pin\/\d+\/$/);
  const inSection = await call<{ title: string }[]>(page.request, 'BoardFeedResource', 'get', { board_id: board.id, section_id: section.id });
  expect(inSection.map((p) => p.title)).toEqual(['Chef’s knife']);
});

test('the captions picker is the product’s file picker: reached by the keyboard, naming the chosen file', async ({ page }) => {
  await registerUser(page.request, 'Cleo Captions', 'cleoc');
  await page.goto('/pin-creation-tool/');
  await page
    .getByLabel('Choose an image')
    .setInputFiles({ name: 'talk.mp4', mimeType: 'video/mp4', buffer: makeVideo({ seconds: 2, width: 320, height: 240 }) });
  const picker = page.getByLabel('Captions file (WebVTT)');
  await expect(picker).toBeVisible();
  await expect(page.getByText('No file chosen')).toBeVisible();
  // The keyboard reaches it from the field before.
  await page.getByLabel('Alt text').focus();
  await page.keyboard.press('Tab');
  await expect(picker).toBeFocused();
  await picker.setInputFiles({ name: 'talk-captions.vtt', mimeType: 'text/vtt', buffer: Buffer.from(VTT) });
  await expect(page.getByText('Chosen: talk-captions.vtt')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}captions-picker.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByText('Chosen: talk-captions.vtt').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}captions-picker-phone.png` });
});

test('several images at once: a draft Pin of each, published one by one or all together', async ({ page }) => {
  test.setTimeout(120_000);
  await registerUser(page.request, 'Mona Many', 'mona');
  const board = await createBoard(page.request, 'Batch');
  await page.goto('/pin-creation-tool/');
  await page.getByLabel('Choose an image').setInputFiles([
    { name: 'one.jpg', mimeType: 'image/jpeg', buffer: await picture(1) },
    { name: 'two.jpg', mimeType: 'image/jpeg', buffer: await picture(2) },
    { name: 'three.jpg', mimeType: 'image/jpeg', buffer: await picture(3) },
  ]);
  const drafts = page.getByRole('region', { name: '3 drafts' });
  await expect(drafts).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit draft 1: one.jpg' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Title', { exact: true }).fill('First');
  await page.getByRole('button', { name: 'Edit draft 2: two.jpg' }).click();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');
  await page.getByLabel('Title', { exact: true }).fill('Second');
  await page.getByRole('button', { name: 'Edit draft 3: three.jpg' }).click();
  await page.getByLabel('Title', { exact: true }).fill('Third');
  await page.getByRole('button', { name: 'Edit draft 1: one.jpg' }).click();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('First');
  await page.getByLabel('Board', { exact: true }).selectOption({ label: 'Batch' });
  await page.screenshot({ path: `${SHOTS}drafts.png` });

  // One by one: the first is published, the tool stays with the others.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('region', { name: '2 drafts' })).toBeVisible();
  await expect(page).toHaveURL('/pin-creation-tool/');
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Second');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}drafts-phone.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The rest at once.
  await page.getByRole('button', { name: 'Publish all (2)' }).click();
  await expect(page).toHaveURL(/\/pin\/\d+\/$/);
  const pins = await call<{ title: string }[]>(page.request, 'BoardFeedResource', 'get', { board_id: board.id });
  expect(pins.map((p) => p.title).sort()).toEqual(['First', 'Second', 'Third']);
});
