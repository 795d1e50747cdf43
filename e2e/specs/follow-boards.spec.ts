import type { APIRequestContext } from '@playwright/test';
import { MESSAGES } from '@pinboard/shared/constants/messages';
import { createBoard, createPin, registerUser, type ApiBoard } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture } from '../support/images';

// Following boards and following from anywhere (decision 089).

/** Lena, signed in through the API: she owns the board and saves to it while the test runs. */
let lenaApi: APIRequestContext;
let board: ApiBoard;

test.beforeAll(async ({ playwright, baseURL }) => {
  lenaApi = await playwright.request.newContext({ baseURL });
  await registerUser(lenaApi, 'Lena Lakeside', 'lena');
  board = await createBoard(lenaApi, 'Lake houses');
});
test.afterAll(() => lenaApi.dispose());

test('a member follows a board from the keyboard, sees its new Pin in the home feed, and unfollows', async ({ page }) => {
  await registerUser(page.request, 'Finn Follower', 'finn');
  await page.goto(board.url);
  await expect(page.getByRole('heading', { level: 1, name: 'Lake houses' })).toBeVisible();
  await expect(page.getByText('0 followers', { exact: true })).toBeVisible();

  await test.step('follow: the button and the count change at once, and stay after a reload', async () => {
    const followButton = page.getByRole('button', { name: 'Follow board' });
    await followButton.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Following board' })).toBeVisible();
    await expect(page.getByText('1 follower', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Following board' })).toBeVisible();
  });

  await test.step("the board's new Pin shows in the home feed", async () => {
    const image = await makePicture({ width: 400, height: 520, sky: ['#5b8fd6', '#cfe6ff'], ground: '#3b6e4f' });
    await createPin(lenaApi, image, { board_id: board.id, title: 'Cabin on the north shore' });
    await page.goto('/');
    await expect(page.locator('article').filter({ has: page.getByRole('link', { name: 'Cabin on the north shore' }) })).toHaveCount(1);
  });

  await test.step('unfollow', async () => {
    await page.goto(board.url);
    await page.getByRole('button', { name: 'Following board' }).click();
    await expect(page.getByRole('button', { name: 'Follow board' })).toBeVisible();
    await expect(page.getByText('0 followers', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Follow board' })).toBeVisible();
  });
});

test("a member follows a Pin's pinner from its closeup; the board page's owner button agrees", async ({ page, playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  const omar = await registerUser(api, 'Omar Pinner', 'omarp');
  const omarsBoard = await createBoard(api, 'Balconies');
  const image = await makePicture({ width: 400, height: 560, sky: ['#d07a4a', '#ffd2a2'], ground: '#8a4d2d' });
  const pin = await createPin(api, image, { board_id: omarsBoard.id, title: 'Balcony with lemon trees' });
  await api.dispose();

  await registerUser(page.request, 'Pia Closeup', 'piac');
  await page.goto(`/pin/${pin.id}/`);
  const closeup = page.getByRole('article', { name: 'Balcony with lemon trees' });
  await closeup.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(closeup.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
  await page.reload();
  await expect(closeup.getByRole('button', { name: 'Following', exact: true })).toBeVisible();

  await page.goto(omarsBoard.url);
  await expect(page.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
  await page.goto(`/${omar.username}/`);
  await expect(page.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
});

test('a visitor is asked to log in to follow a board', async ({ page }) => {
  await page.goto(board.url);
  await page.getByRole('button', { name: 'Follow board' }).click();
  await expect(page.getByRole('dialog', { name: MESSAGES.loginPrompt.follow })).toBeVisible();
});
