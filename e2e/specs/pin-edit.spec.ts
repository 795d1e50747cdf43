import { MESSAGES } from '@pinboard/shared/constants/messages';
import { createBoard, createPin, createSection, registerUser } from '../support/api';
import { NOT_FOUND_CONSOLE_LINE, expect, test } from '../support/fixtures';
import { makePicture } from '../support/images';

test.use({ allowedConsoleErrors: [NOT_FOUND_CONSOLE_LINE] });

test('the pinner edits a Pin, moves it into a section of another board, then deletes it', async ({ page }) => {
  await registerUser(page.request, 'Pete Pinner', 'pete');
  const first = await createBoard(page.request, 'Bikes');
  const second = await createBoard(page.request, 'Trips by bike');
  const section = await createSection(page.request, second.id, 'Coast');
  const pin = await createPin(page.request, await makePicture({ width: 600, height: 400, sky: ['#a2d2ff', '#bde0fe'], ground: '#2a9d8f' }), {
    board_id: first.id,
    title: 'Gravel bike',
  });

  await page.goto(`/pin/${pin.id}/`);
  await page.getByRole('link', { name: 'Edit Pin' }).click();
  await expect(page).toHaveURL(`/pin/${pin.id}/edit/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit this Pin' })).toBeVisible();

  await test.step('an invalid link is explained', async () => {
    const link = page.getByLabel('Link', { exact: true });
    await link.fill('nope');
    await link.blur();
    await expect(page.getByText(MESSAGES.invalidUrl)).toBeVisible();
    await link.fill('bikes.example.com/gravel');
  });

  await test.step('new title and a section of another board', async () => {
    await page.getByLabel('Title', { exact: true }).fill('Gravel bike on the coast road');
    await page.getByLabel('Board', { exact: true }).selectOption({ label: second.name });
    await page.getByLabel('Section', { exact: true }).selectOption({ label: 'Coast' });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(`/pin/${pin.id}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Gravel bike on the coast road' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'bikes.example.com' })).toBeVisible();
    await page.goto(section.url);
    await expect(page.getByRole('list', { name: 'Coast' }).getByRole('link', { name: 'Gravel bike on the coast road' }).first()).toBeVisible();
  });

  await test.step('delete, after saying yes', async () => {
    await page.goto(`/pin/${pin.id}/edit/`);
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this Pin?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await page.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Pin deleted' })).toBeVisible();
    await expect(page).toHaveURL(second.url);
    await page.goto(`/pin/${pin.id}/`);
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.board.notFound })).toBeVisible();
  });
});

test('someone else cannot edit the Pin', async ({ page, playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  await registerUser(api, 'Ola Owner', 'ola');
  const board = await createBoard(api, 'Mine');
  const pin = await createPin(api, await makePicture({ width: 300, height: 300, sky: ['#cdb4db', '#ffafcc'], ground: '#6d597a' }), {
    board_id: board.id,
    title: 'Not yours',
  });
  await api.dispose();
  await registerUser(page.request, 'Nick Nosy', 'nick');
  await page.goto(`/pin/${pin.id}/`);
  await expect(page.getByRole('link', { name: 'Edit Pin' })).toHaveCount(0);
  await page.goto(`/pin/${pin.id}/edit/`);
  await expect(page.getByText('Only the person who saved this Pin can edit it.')).toBeVisible();
});
