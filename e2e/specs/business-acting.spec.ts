import { mkdirSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { createBoard, createPin, registerUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture } from '../support/images';

const SHOTS = new URL('../../docs/screenshots/acting-with-the-session/', import.meta.url).pathname;

async function call<T>(request: APIRequestContext, name: string, action: 'get' | 'create' | 'update', options: Record<string, unknown>): Promise<T> {
  const token = (await request.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  const response =
    action === 'get'
      ? await request.get(`/resource/${name}/get/?data=${encodeURIComponent(JSON.stringify({ options }))}`)
      : await request[action === 'create' ? 'post' : 'put'](`/resource/${name}/${action}/`, { headers: { 'X-CSRFToken': token }, data: { options } });
  expect(response.ok(), `${name} ${action}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { resource_response: { data: T } }).resource_response.data;
}

test('acting as a business is the session’s: every tab shows it, switches at once, and a tab that missed the switch acts as the session says', async ({
  page,
  context,
  browser,
  playwright,
  baseURL,
}) => {
  // Three pages of the app on a shared machine: more than the default minute.
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const shopApi = await playwright.request.newContext({ baseURL });
  const shop = await registerUser(shopApi, 'Kelp Studio', 'kelp');
  await call(shopApi, 'BusinessAccountResource', 'create', {});
  const person = await registerUser(page.request, 'Nora Publisher', 'nora');
  await call(page.request, 'BusinessAccountResource', 'create', {});
  const { secret } = await call<{ secret: string }>(page.request, 'UserMfaResource', 'create', {});
  await call(page.request, 'UserMfaResource', 'update', {
    code: new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate(),
  });
  await call(shopApi, 'BusinessAccessResource', 'create', { business_id: shop.id, username: person.username, permissions: ['PROFILE_PUBLISHER'] });
  const shopBoard = await createBoard(shopApi, 'Kelp favourites');
  const otherApi = await playwright.request.newContext({ baseURL });
  await registerUser(otherApi, 'Olli Other', 'olli');
  const otherBoard = await createBoard(otherApi, 'Tide pools');
  const otherPin = await createPin(otherApi, await makePicture({ width: 600, height: 750, sky: ['#d8f3dc', '#95d5b2'], ground: '#2d6a4f' }), {
    board_id: otherBoard.id,
    title: 'Green tide',
  });

  const first = page;
  const second = await context.newPage();
  // A stale tab: the same session (its cookie), but in a browser context no switch is told to.
  const staleContext = await browser.newContext({ baseURL, storageState: await context.storageState() });
  const stale = await staleContext.newPage();
  for (const p of [first, second, stale]) {
    await p.goto('/');
    await expect(p.getByRole('button', { name: 'Acting as Nora Publisher. Switch profile' })).toBeVisible({ timeout: 30_000 });
  }

  await test.step('switching in one tab switches the other open tab at once', async () => {
    await first.getByRole('button', { name: 'Acting as Nora Publisher. Switch profile' }).click();
    await first.getByRole('menuitem', { name: /Kelp Studio/ }).click();
    await expect(first.getByRole('button', { name: 'Acting as Kelp Studio. Switch profile' })).toBeVisible();
    await expect(second.getByRole('button', { name: 'Acting as Kelp Studio. Switch profile' })).toBeVisible();
    await second.screenshot({ path: `${SHOTS}second-tab-switched.png` });
  });

  await test.step('a tab that missed the switch still saves as the business, as the session says', async () => {
    await expect(stale.getByRole('button', { name: 'Acting as Nora Publisher. Switch profile' })).toBeVisible();
    const saved = await stale.evaluate(async (pinId) => {
      const csrf =
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('csrftoken='))
          ?.slice('csrftoken='.length) ?? '';
      const response = await fetch('/resource/RepinResource/create/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrftoken': csrf },
        body: JSON.stringify({ options: { pin_id: pinId } }),
      });
      return ((await response.json()) as { resource_response: { data: { pinner: { id: string } } } }).resource_response.data;
    }, otherPin.id);
    expect(saved.pinner.id).toBe(shop.id);
    // Its next read of the Viewer brings it up to date.
    await stale.reload();
    await expect(stale.getByRole('button', { name: 'Acting as Kelp Studio. Switch profile' })).toBeVisible({ timeout: 30_000 });
  });

  await test.step('the second tab, which never switched, creates a board as the business', async () => {
    await second.goto('/board/create/');
    await expect(second.getByText('Creating as Kelp Studio')).toBeVisible();
    await second.getByLabel('Name').fill('Kelp launch');
    await second.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(second.getByRole('heading', { level: 1, name: 'Kelp launch' })).toBeVisible();
    const boards = await call<{ name: string }[]>(shopApi, 'BoardsResource', 'get', { username: shop.username });
    expect(boards.map((b) => b.name)).toContain('Kelp launch');
  });

  await test.step('the business’s own profile offers no Follow or Message to itself', async () => {
    await second.goto(`/${shop.username}/`);
    await expect(second.getByRole('heading', { level: 1, name: 'Kelp Studio' })).toBeVisible();
    await expect(
      second
        .getByRole('button', { name: 'Share profile' })
        .or(second.getByRole('button', { name: 'Share' }))
        .first(),
    ).toBeVisible();
    await expect(second.getByRole('button', { name: 'Follow', exact: true })).toHaveCount(0);
    await expect(second.getByRole('button', { name: 'Message', exact: true })).toHaveCount(0);
    await second.screenshot({ path: `${SHOTS}own-business-profile.png` });
  });

  await test.step('the comment box shows the business’s avatar, and the comment is the business’s', async () => {
    await second.goto(`/pin/${otherPin.id}/`);
    const box = second.getByLabel('Add a comment');
    await expect(box).toBeVisible();
    const composer = second.locator('form').filter({ has: box });
    await expect(composer.locator('span[aria-hidden="true"]').first()).toHaveText('K');
    await box.fill('Lovely colours');
    await composer.getByRole('button', { name: 'Post' }).click();
    const mine = second.getByRole('listitem').filter({ hasText: 'Lovely colours' });
    await expect(mine.getByRole('link', { name: 'Kelp Studio' })).toBeVisible();
    // Its own comment: deleted, not reported.
    await expect(mine.getByRole('button', { name: 'Delete' })).toBeVisible();
    await expect(mine.getByRole('button', { name: 'Report' })).toHaveCount(0);
    await second.screenshot({ path: `${SHOTS}comment-as-business.png` });
    await second.setViewportSize({ width: 390, height: 844 });
    await second.screenshot({ path: `${SHOTS}comment-as-business-phone.png` });
    await second.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('switching back in the second tab switches the first; the first then acts as the person', async () => {
    await second.getByRole('button', { name: 'Acting as Kelp Studio. Switch profile' }).click();
    await second.getByRole('menuitem', { name: /Nora Publisher/ }).click();
    await expect(first.getByRole('button', { name: 'Acting as Nora Publisher. Switch profile' })).toBeVisible();
    await first.goto('/board/create/');
    await expect(first.getByLabel('Name')).toBeVisible();
    await expect(first.getByText('Creating as Kelp Studio')).toHaveCount(0);
    await first.getByLabel('Name').fill('Nora notes');
    await first.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(first).toHaveURL(new RegExp(`/${person.username}/nora-notes/$`));
  });

  expect(shopBoard.id).toBeTruthy();
  await staleContext.close();
  await shopApi.dispose();
  await otherApi.dispose();
});
