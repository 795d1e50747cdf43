import { MESSAGES } from '@pinboard/shared/constants/messages';
import { createBoard, createPin, registerUser } from '../support/api';
import { NOT_FOUND_CONSOLE_LINE, expect, test } from '../support/fixtures';
import { makePicture } from '../support/images';
import { logIn } from '../support/session';

test.use({ allowedConsoleErrors: [NOT_FOUND_CONSOLE_LINE] });

test('a second person cannot reach a secret board, its Pins or its images', async ({ page, playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  await registerUser(api, 'Sara Secret', 'sara');
  const board = await createBoard(api, 'Surprise party', '', 'secret');
  const pin = await createPin(api, await makePicture({ width: 500, height: 600, sky: ['#cdb4db', '#ffafcc'], ground: '#6d597a' }), {
    board_id: board.id,
    title: 'Cake ideas',
  });
  const imageUrl = pin.images['236x']?.url ?? '';
  expect(imageUrl).toMatch(/^\/media\//);

  await test.step('the owner can load the image', async () => {
    const owner = await api.get(imageUrl);
    expect(owner.status()).toBe(200);
  });
  await api.dispose();

  const otherApi = await playwright.request.newContext({ baseURL });
  const other = await registerUser(otherApi, 'Tom Other', 'tom');
  await otherApi.dispose();
  await logIn(page, other);

  await test.step('the board page is a 404', async () => {
    await page.goto(board.url);
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.board.notFound })).toBeVisible();
    await expect(page.getByText('Cake ideas')).toHaveCount(0);
  });

  await test.step('the Pin page is a 404', async () => {
    await page.goto(`/pin/${pin.id}/`);
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.board.notFound })).toBeVisible();
  });

  await test.step('the image answers 404, signed in and signed out', async () => {
    expect((await page.request.get(imageUrl)).status()).toBe(404);
    const anonymous = await playwright.request.newContext({ baseURL });
    expect((await anonymous.get(imageUrl)).status()).toBe(404);
    await anonymous.dispose();
  });
});
