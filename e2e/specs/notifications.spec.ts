import { mkdirSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { createBoard, createPin, registerUser, type ApiUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture } from '../support/images';

/*
 * Notifications (decision 087): someone follows Ana and saves her Pin through
 * the API; her bell's badge goes up while she looks (the live stream); the
 * page says who did what, aggregated, and opening it clears the badge. The
 * settings' switches are saved. Screenshots at desktop and phone sizes go to
 * e2e/.artifacts/screenshots/ for a person to look at.
 */

const OUT = new URL('../.artifacts/screenshots/', import.meta.url).pathname;

async function call(request: APIRequestContext, path: string, options: Record<string, unknown>) {
  const token = (await request.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  const response = await request.post(path, { headers: { 'X-CSRFToken': token }, data: { options } });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
}

/** Someone new, signed in through their own request context, who follows Ana and saves her Pin. */
async function fan(
  playwright: { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } },
  baseURL: string | undefined,
  name: string,
  ana: ApiUser,
  pinId: string,
) {
  const request = await playwright.request.newContext({ baseURL });
  const user = await registerUser(request, name, name.split(' ')[0]!.toLowerCase());
  const board = await createBoard(request, 'Kept');
  return {
    user,
    follow: () => call(request, '/resource/UserFollowResource/create/', { user_id: ana.id }),
    save: () => call(request, '/resource/RepinResource/create/', { pin_id: pinId, board_id: board.id }),
    dispose: () => request.dispose(),
  };
}

test('the bell counts live, the page tells who did what and clears it, the settings are kept', async ({ page, playwright, baseURL }) => {
  mkdirSync(OUT, { recursive: true });
  const ana = await registerUser(page.request, 'Ana Notified', 'ana');
  const board = await createBoard(page.request, 'Gardens');
  const pin = await createPin(page.request, await makePicture({ width: 600, height: 800, sky: ['#a8dadc', '#457b9d'], ground: '#1d3557' }), {
    board_id: board.id,
    title: 'A walled garden',
  });
  const bea = await fan(playwright, baseURL, 'Bea Follows', ana, pin.id);
  const cy = await fan(playwright, baseURL, 'Cy Saves', ana, pin.id);

  await page.goto('/');
  const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  await test.step('a follow and saves raise the badge while Ana looks', async () => {
    await bea.follow();
    await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/);
    await bea.save();
    await cy.save();
    await expect(bell).not.toHaveAccessibleName('Notifications, 1 unread');
    await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/);
  });

  await test.step('the page tells who did what, and opening it clears the badge', async () => {
    await bell.click();
    await expect(page).toHaveURL('/notifications/');
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(`${bea.user.username} followed you`) })).toHaveAttribute('href', `/${bea.user.username}/`);
    const saved = page.getByRole('link', {
      name: new RegExp(`(${cy.user.username} and ${bea.user.username}|${bea.user.username} and ${cy.user.username}) saved your Pin`),
    });
    await expect(saved).toHaveAttribute('href', `/pin/${pin.id}/`);
    await expect(bell).toHaveAccessibleName('Notifications');
    await page.screenshot({ path: `${OUT}notifications-page-1280x800.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${OUT}notifications-page-390x844.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    await expect(saved).toBeVisible();
    await expect(page.getByRole('img', { name: 'Unread' })).toHaveCount(0);
  });

  await test.step('settings: a switch is saved and kept', async () => {
    await page.goto('/settings/notifications/');
    const email = page.getByRole('switch', { name: 'Mentions: Email' });
    await expect(email).toBeVisible();
    const was = await email.isChecked();
    const saved = page.waitForResponse((r) => r.url().includes('/resource/NotificationSettingsResource/update/'));
    await email.click({ force: true });
    expect((await saved).ok()).toBe(true);
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Mentions: Email' })).toBeChecked({ checked: !was });
    await page.screenshot({ path: `${OUT}notifications-settings-1280x800.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${OUT}notifications-settings-390x844.png`, fullPage: true });
    await page.goto('/');
    await page.screenshot({ path: `${OUT}notifications-header-390x844.png` });
  });

  await bea.dispose();
  await cy.dispose();
});
