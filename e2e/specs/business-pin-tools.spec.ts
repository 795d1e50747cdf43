import { mkdirSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { MESSAGES } from '@pinboard/shared/constants/messages';
import { addCollaborator, createBoard, createPin, registerUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture } from '../support/images';

const SHOTS = new URL('../../docs/screenshots/issue-11/', import.meta.url).pathname;

async function call<T>(request: APIRequestContext, name: string, action: 'get' | 'create' | 'update', options: Record<string, unknown>): Promise<T> {
  const token = (await request.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  const response =
    action === 'get'
      ? await request.get(`/resource/${name}/get/?data=${encodeURIComponent(JSON.stringify({ options }))}`)
      : await request[action === 'create' ? 'post' : 'put'](`/resource/${name}/${action}/`, { headers: { 'X-CSRFToken': token }, data: { options } });
  expect(response.ok(), `${name} ${action}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { resource_response: { data: T } }).resource_response.data;
}

test('switched to a business, a publisher creates a board and a Pin and saves a Pin, all as the business', async ({ page, playwright, baseURL }) => {
  mkdirSync(SHOTS, { recursive: true });
  // The business, with an ad account, gives a person (two-factor sign-in on) profile publisher access.
  const shopApi = await playwright.request.newContext({ baseURL });
  const shop = await registerUser(shopApi, 'Fjord Linen', 'fjord');
  await call(shopApi, 'BusinessAccountResource', 'create', {});
  await call(shopApi, 'AdvertiserResource', 'create', { name: 'Fjord ads', country: 'US', currency: 'USD' });
  const shopBoard = await createBoard(shopApi, 'Fjord favourites');
  await createBoard(shopApi, 'Fjord drafts', '', 'secret');
  const person = await registerUser(page.request, 'Pia Publisher', 'pia');
  await call(page.request, 'BusinessAccountResource', 'create', {});
  const { secret } = await call<{ secret: string }>(page.request, 'UserMfaResource', 'create', {});
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
  await call(page.request, 'UserMfaResource', 'update', { code });
  await call(shopApi, 'BusinessAccessResource', 'create', { business_id: shop.id, username: person.username, permissions: ['PROFILE_PUBLISHER'] });
  // Someone else's Pin to save.
  const otherApi = await playwright.request.newContext({ baseURL });
  await registerUser(otherApi, 'Otto Other', 'otto');
  const otherBoard = await createBoard(otherApi, 'Coastal walks');
  const otherPin = await createPin(otherApi, await makePicture({ width: 600, height: 750, sky: ['#caf0f8', '#90e0ef'], ground: '#0077b6' }), {
    board_id: otherBoard.id,
    title: 'Fjord at dawn',
  });

  await test.step('switch to the business in the header', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Acting as Pia Publisher. Switch profile' }).click();
    await page.getByRole('menuitem', { name: /Fjord Linen/ }).click();
    await expect(page.getByRole('button', { name: 'Acting as Fjord Linen. Switch profile' })).toBeVisible();
  });

  await test.step('the board form on the ad account: protected, chosen by the account’s owner only', async () => {
    await page.goto('/board/create/');
    await expect(page.getByText('Creating as Fjord Linen')).toBeVisible();
    const toggle = page.getByLabel(MESSAGES.board.protectedBoard);
    await expect(toggle).toBeChecked();
    await expect(toggle).toBeDisabled();
    await expect(page.getByLabel(MESSAGES.board.keepSecret)).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}protected-toggle-create.png` });
    await page.getByLabel('Name').fill('Launch shelf');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Launch shelf' })).toBeVisible();
    const boards = await call<{ name: string; privacy: string }[]>(shopApi, 'BoardsResource', 'get', { username: shop.username });
    expect(boards.find((b) => b.name === 'Launch shelf')?.privacy).toBe('protected');
  });

  await test.step('create a Pin: the business’s boards are offered and the Pin is the business’s', async () => {
    await page.goto('/pin-creation-tool/');
    await expect(page.getByText('Creating as Fjord Linen')).toBeVisible();
    const photo = await makePicture({ width: 600, height: 800, sky: ['#ede0d4', '#e6ccb2'], ground: '#7f5539' });
    await page.getByLabel('Choose an image').setInputFiles({ name: 'linen.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByLabel('Title', { exact: true }).fill('Stonewashed linen');
    await page.getByLabel('Board', { exact: true }).selectOption({ label: shopBoard.name });
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page).toHaveURL(/\/pin\/\d+\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Stonewashed linen' })).toBeVisible();
    const pins = await call<{ title: string; pinner: { id: string } }[]>(shopApi, 'BoardFeedResource', 'get', { board_id: shopBoard.id });
    expect(pins.find((p) => p.title === 'Stonewashed linen')?.pinner.id).toBe(shop.id);
  });

  await test.step('the Idea Pin builder: the business’s boards and sections, published as the business', async () => {
    const ideaBoard = await createBoard(shopApi, 'Fjord ideas');
    const section = await call<{ id: string }>(shopApi, 'BoardSectionResource', 'create', { board_id: ideaBoard.id, title: 'Throws' });
    await page.goto('/idea-pin-builder/');
    await expect(page.getByRole('heading', { name: 'Create Idea Pin' })).toBeVisible();
    await expect(page.getByText('Creating as Fjord Linen')).toBeVisible();
    const photo = await makePicture({ width: 540, height: 960, sky: ['#f1e3d3', '#e3d5ca'], ground: '#6f4e37' });
    await page.getByLabel('Add page').setInputFiles([{ name: 'throw.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    await expect(page.getByText('1 of 20 pages')).toBeVisible();
    await page.getByLabel('Title', { exact: true }).fill('Linen throw ideas');
    await page.getByLabel('Board', { exact: true }).selectOption({ label: ideaBoard.name });
    await page.getByLabel('Section', { exact: true }).selectOption({ label: 'Throws' });
    await page.screenshot({ path: `${SHOTS}idea-pin-as-business.png` });
    const sent = page.waitForRequest((request) => request.url().includes('/resource/StoryPinResource/create/'));
    await expect(page.getByRole('button', { name: 'Publish' })).toBeEnabled();
    await page.getByRole('button', { name: 'Publish' }).click();
    const options = ((await sent).postDataJSON() as { options: Record<string, string> }).options;
    // The page names no business: the server acts as the session does (decision 059).
    expect([options.orbac_subject_id, options.board_id, options.section_id]).toEqual([undefined, ideaBoard.id, section.id]);
    await page.waitForURL(/\/pin\/\d+\/$/);
    const pins = await call<{ title: string; pinner: { id: string } }[]>(shopApi, 'BoardFeedResource', 'get', { board_id: ideaBoard.id });
    expect(pins.find((p) => p.title === 'Linen throw ideas')?.pinner.id).toBe(shop.id);
  });
  await test.step('save someone else’s Pin to the business’s board through the picker', async () => {
    await page.goto(otherBoard.url);
    const card = page
      .getByRole('list', { name: otherBoard.name })
      .getByRole('listitem')
      .filter({ has: page.getByRole('img', { name: 'Fjord at dawn' }) });
    await card.hover();
    await card.getByRole('button', { name: 'Save' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose a board to save to' });
    const boards = picker.getByRole('listbox', { name: 'Boards' });
    await expect(boards.getByRole('option', { name: /Fjord favourites/ })).toBeVisible();
    await expect(boards.getByRole('option', { name: /Launch shelf/ })).toBeVisible();
    // On the business's ad account the picker hides its secret boards.
    await expect(boards.getByRole('option', { name: /Fjord drafts/ })).toHaveCount(0);
    // The Profile option saves to the business's profile, so it shows the business's avatar (its initial here), not the person's.
    await expect(
      boards
        .getByRole('option', { name: /^Profile/ })
        .locator('span[aria-hidden="true"]')
        .first(),
    ).toHaveText('F');
    await page.screenshot({ path: `${SHOTS}picker-as-business.png` });
    const saved = page.waitForRequest((request) => request.url().includes('/resource/RepinResource/create/'));
    await boards.getByRole('option', { name: /Fjord favourites/ }).click();
    expect(((await saved).postDataJSON() as { options: Record<string, string> }).options.orbac_subject_id).toBeUndefined();
    await expect(page.getByText(/Saved to/).first()).toBeVisible();
    const pins = await call<{ id: string; title: string; pinner: { id: string } }[]>(shopApi, 'BoardFeedResource', 'get', { board_id: shopBoard.id });
    expect(pins.find((p) => p.title === 'Fjord at dawn')?.pinner.id).toBe(shop.id);
    expect(otherPin.id).toBeTruthy();
  });

  await test.step('editing the business’s boards: the publisher flips the protected toggle; an ads-only board keeps its name', async () => {
    const adsOnly = await call<{ id: string; url: string }>(shopApi, 'BoardResource', 'create', {
      name: 'Spring ads',
      is_ads_only: true,
      advertiser_id: (await call<{ id: string }[]>(shopApi, 'AdvertiserResource', 'get', {}))[0]!.id,
    });
    await page.goto(`${adsOnly.url}?orbac_subject_id=${shop.id}`);
    await page.getByRole('button', { name: 'Edit board' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit your board' });
    await expect(dialog.getByLabel('Name')).toBeDisabled();
    await expect(dialog.getByText("An ads-only board's name can't be changed.")).toBeVisible();
    const toggle = dialog.getByLabel(MESSAGES.board.protectedBoard);
    await expect(toggle).toBeEnabled();
    await toggle.check();
    await page.screenshot({ path: `${SHOTS}ads-only-board-edit.png` });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    const boards = await call<{ name: string; privacy: string }[]>(shopApi, 'BoardsResource', 'get', { username: shop.username });
    expect(boards.find((b) => b.name === 'Spring ads')?.privacy).toBe('protected');
  });

  await test.step("the business's people page lists what the person did as it", async () => {
    const members = await call<{ audit: { action: string; actor_id: string }[] }>(shopApi, 'BusinessAccessResource', 'get', { business_id: shop.id });
    const actions = members.audit.filter((a) => a.actor_id === person.id).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['board.create', 'pin.create', 'pin.save', 'board.update']));
    expect(actions.filter((a) => a === 'pin.create')).toHaveLength(2);
  });
  await shopApi.dispose();
  await otherApi.dispose();
});

test('a person tells their gender and age range in account settings, or prefers not to say', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  await registerUser(page.request, 'Tove Teller', 'tove');
  await page.goto('/settings/account-settings/');
  const gender = page.getByLabel('Gender', { exact: true });
  const age = page.getByLabel('Age range', { exact: true });
  await expect(gender).toHaveValue('');
  await gender.selectOption({ label: 'Female' });
  await expect(page.getByText('Your profile was saved')).toBeVisible();
  await age.selectOption('25-34');
  await expect(age).toHaveValue('25-34');
  await page.screenshot({ path: `${SHOTS}account-settings-gender-age.png` });
  const viewer = async () =>
    (
      (await (await page.request.get('/resource/UserSessionResource/get/')).json()) as {
        resource_response: { data: { gender: string | null; age_group: string | null } };
      }
    ).resource_response.data;
  await expect.poll(async () => [(await viewer()).gender, (await viewer()).age_group]).toEqual(['female', '25-34']);
  await gender.selectOption({ label: 'Prefer not to say' });
  await expect.poll(async () => (await viewer()).gender).toBeNull();
});

test('a collaborator on an ads-only board also sets its homefeed recommendations; on another board only their email setting', async ({
  page,
  playwright,
  baseURL,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const shopApi = await playwright.request.newContext({ baseURL });
  await registerUser(shopApi, 'Heron Goods', 'heron');
  await call(shopApi, 'BusinessAccountResource', 'create', {});
  const account = await call<{ id: string }>(shopApi, 'AdvertiserResource', 'create', { name: 'Heron ads', country: 'US', currency: 'USD' });
  const adsOnly = await call<{ id: string; url: string }>(shopApi, 'BoardResource', 'create', {
    name: 'Heron campaign',
    is_ads_only: true,
    advertiser_id: account.id,
  });
  const plain = await createBoard(shopApi, 'Heron journal');
  const collaborator = await registerUser(page.request, 'Cleo Collab', 'cleo');
  for (const board of [adsOnly, plain]) await addCollaborator(shopApi, page.request, board.id, collaborator.id);

  await test.step('an ads-only board: the email setting and the homefeed toggle', async () => {
    await page.goto(adsOnly.url);
    await page.getByRole('button', { name: 'Edit board' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit your board' });
    await expect(dialog.getByText("Only the board's owner (Heron Goods) can manage the rest of its features")).toBeVisible();
    await expect(dialog.getByLabel('Name')).toHaveCount(0);
    const homefeed = dialog.getByRole('checkbox', { name: /Home feed recommendations/ });
    await expect(homefeed).toBeChecked();
    await homefeed.uncheck();
    await page.screenshot({ path: `${SHOTS}collaborator-ads-only-board.png` });
    const saved = page.waitForRequest((request) => request.url().includes('/resource/BoardResource/update/'));
    await dialog.getByRole('button', { name: 'Done' }).click();
    expect(((await saved).postDataJSON() as { options: unknown }).options).toEqual({ board_id: adsOnly.id, allow_homefeed_recommendations: false });
    await expect(page.getByRole('alert').filter({ hasText: 'Board saved' })).toBeVisible();
    const stored = await call<{ allow_homefeed_recommendations: boolean }>(shopApi, 'BoardResource', 'get', { board_id: adsOnly.id });
    expect(stored.allow_homefeed_recommendations).toBe(false);
  });

  await test.step('another board: no homefeed toggle', async () => {
    await page.goto(plain.url);
    await page.getByRole('button', { name: 'Edit board' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit your board' });
    await expect(dialog.getByRole('checkbox', { name: /Email notifications/ })).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: /Home feed recommendations/ })).toHaveCount(0);
  });
});

test('acting as a business, a person without an ad account of their own promotes its Pin with an account their role allows', async ({
  page,
  playwright,
  baseURL,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const businesses: { id: string; account: string; api: APIRequestContext }[] = [];
  for (const [name, username] of [
    ['Birch Outfitters', 'birch'],
    ['Cedar Supply', 'cedar'],
  ] as const) {
    const api = await playwright.request.newContext({ baseURL });
    const user = await registerUser(api, name, username);
    await call(api, 'BusinessAccountResource', 'create', {});
    const account = await call<{ id: string }>(api, 'AdvertiserResource', 'create', { name: `${name} ads`, country: 'US', currency: 'USD' });
    businesses.push({ id: user.id, account: account.id, api });
  }
  const [birch, cedar] = businesses as [(typeof businesses)[0], (typeof businesses)[0]];
  const board = await createBoard(birch.api, 'Trail gear');
  const pin = await createPin(birch.api, await makePicture({ width: 600, height: 750, sky: ['#d8f3dc', '#95d5b2'], ground: '#2d6a4f' }), {
    board_id: board.id,
    title: 'Trail pack',
  });
  const person = await registerUser(page.request, 'Ada Admin', 'ada');
  await call(page.request, 'BusinessAccountResource', 'create', {});
  const { secret } = await call<{ secret: string }>(page.request, 'UserMfaResource', 'create', {});
  await call(page.request, 'UserMfaResource', 'update', {
    code: new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate(),
  });
  for (const b of [birch, cedar])
    await call(b.api, 'BusinessAccessResource', 'create', { business_id: b.id, username: person.username, permissions: ['ADMIN'] });

  await page.goto('/');
  await page.getByRole('button', { name: 'Acting as Ada Admin. Switch profile' }).click();
  await page.getByRole('menuitem', { name: /Birch Outfitters/ }).click();
  // The switch is kept with the session once its request answers: wait for it before leaving the page.
  await expect(page.getByRole('button', { name: 'Acting as Birch Outfitters. Switch profile' })).toBeVisible();
  await page.goto(`/pin/${pin.id}/`);
  await page.getByRole('button', { name: 'Promote' }).click();
  const modal = page.getByRole('dialog', { name: 'Promote your Pin' });
  await modal.getByRole('button', { name: 'Next' }).click();
  await expect(modal.getByRole('heading', { name: 'Your ad account' })).toBeVisible();
  // Not the "create an ad account" step: the accounts their role allows, the business they act as first.
  await expect(modal.getByLabel('Ad account name')).toHaveCount(0);
  const choice = modal.getByLabel('Promote with the ad account');
  await expect(choice).toHaveValue(birch.account);
  await expect(choice.getByRole('option')).toHaveText([/Birch Outfitters ads/, /Cedar Supply ads/]);
  await page.screenshot({ path: `${SHOTS}quick-promote-account-choice.png` });
  await modal.getByRole('button', { name: 'Next' }).click();
  await expect(modal.getByRole('heading', { name: 'Budget and schedule' })).toBeVisible();
  await modal.getByRole('button', { name: 'Next' }).click();
  const sent = page.waitForRequest((request) => request.url().includes('/quick_promote/'));
  await modal.getByRole('button', { name: 'Promote' }).click();
  expect((await sent).url()).toContain(`/ads/v4/advertisers/${birch.account}/pins/${pin.id}/quick_promote/`);
  await expect(page.getByRole('dialog', { name: 'Your Pin is being promoted' })).toBeVisible();
  const campaigns = await call<{ name: string }[]>(birch.api, 'CampaignsResource', 'get', { advertiser_id: birch.account });
  expect(campaigns).toHaveLength(1);
  for (const b of businesses) await b.api.dispose();
});
