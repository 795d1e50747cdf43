import { mkdirSync } from 'node:fs';
import { MESSAGES } from '@pinboard/shared/constants/messages';
import { createBoard, createPin, registerUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture } from '../support/images';

const OUT = new URL('../.artifacts/screenshots/', import.meta.url).pathname;
/** For the first look after loading a page in a new browser context, which can take a while on a busy machine. */
const afterLoad = expect.configure({ timeout: 30_000 });

/** Decision 016: the owner marks a board; visitors see it blurred behind the spec's notice until they show it. */
test('the owner marks a board sensitive; a visitor sees it blurred, shows it with the keyboard, and is asked before its Pins', async ({
  page,
  browser,
  baseURL,
}) => {
  // Three people in three browser contexts, each loading the app.
  test.setTimeout(180_000);
  const owner = await registerUser(page.request, 'Nora Night', 'nora');
  const board = await createBoard(page.request, 'Night drawings');
  // Each Pin its own picture: one person holds one Pin of a picture per board (decision 095).
  for (const [index, title] of ['Charcoal study', 'Ink study'].entries()) {
    await createPin(page.request, await makePicture({ width: 500, height: 600 + index * 40, sky: ['#f4a261', '#e76f51'], ground: '#264653' }), {
      board_id: board.id,
      title,
    });
  }
  await createBoard(page.request, 'Daylight');

  await test.step('the owner marks it in the edit dialog', async () => {
    await page.goto(board.url);
    await page.getByRole('button', { name: 'Edit board' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit your board' });
    const mark = dialog.getByRole('checkbox', { name: 'Mark as sensitive' });
    await expect(mark).not.toBeChecked();
    await mark.check();
    const saved = page.waitForRequest((request) => request.url().includes('/resource/BoardResource/update/'));
    await dialog.getByRole('button', { name: 'Done' }).click();
    expect(((await saved).postDataJSON() as { options: unknown }).options).toEqual({ board_id: board.id, is_sensitive: true });
    await expect(page.getByRole('alert').filter({ hasText: 'Board saved' })).toBeVisible();
    await expect(page.getByText('Marked sensitive')).toBeVisible();
    // The owner sees their Pins as they are.
    await expect(page.getByRole('list', { name: board.name }).getByText('Ink study', { exact: true })).toBeVisible();
    await expect(page.getByText(MESSAGES.board.sensitiveContent)).toHaveCount(0);
  });

  await test.step("the owner's profile shows the cover unblurred, with the label", async () => {
    await page.goto(`/${owner.username}/`);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Night drawings' }) });
    await expect(card.getByText('Marked sensitive')).toBeVisible();
    await expect(card.getByText(MESSAGES.board.sensitiveContent)).toHaveCount(0);
    await expect(card.locator('img').first()).toHaveCSS('filter', 'none');
  });

  const context = await browser.newContext({ baseURL });
  const visitor = await context.newPage();
  await registerUser(visitor.request, 'Vic Visitor', 'vic');

  await test.step("a visitor sees it blurred on the owner's profile and shows it with the keyboard", async () => {
    await visitor.goto(`/${owner.username}/`);
    const boards = visitor.getByRole('list', { name: 'Boards' });
    const card = boards.getByRole('listitem').filter({ has: visitor.getByRole('heading', { name: 'Night drawings' }) });
    const other = boards.getByRole('listitem').filter({ has: visitor.getByRole('heading', { name: 'Daylight' }) });
    await afterLoad(card.getByText(MESSAGES.board.sensitiveContent)).toBeVisible();
    await expect(other.getByText(MESSAGES.board.sensitiveContent)).toHaveCount(0);
    const cover = card.locator('img').first();
    await expect(cover).toBeVisible();
    await expect(cover).toHaveCSS('filter', /blur/);
    await expect(card.getByText('Marked sensitive')).toHaveCount(0);
    // The notice covers the collage: the dominant colour and the blurred image show through, the rest of the card stays.
    await card.scrollIntoViewIfNeeded();
    mkdirSync(OUT, { recursive: true });
    await visitor.screenshot({ path: `${OUT}sensitive-board.png` });

    const link = card.getByRole('link', { name: /Night drawings/ });
    const show = card.getByRole('button', { name: 'Show Night drawings' });
    await link.focus();
    await visitor.keyboard.press('Tab');
    await expect(show).toBeFocused();
    await visitor.keyboard.press('Enter');
    await expect(card.getByText(MESSAGES.board.sensitiveContent)).toHaveCount(0);
    await expect(cover).toHaveCSS('filter', 'none');
    await expect(link).toBeFocused();
  });

  await test.step('the board page holds its Pins back behind the notice until the visitor shows them', async () => {
    await visitor.goto(board.url);
    await afterLoad(visitor.getByRole('heading', { level: 1, name: 'Night drawings' })).toBeVisible();
    const notice = visitor.getByRole('region', { name: MESSAGES.board.sensitiveContent });
    await expect(notice.getByText(MESSAGES.board.sensitiveContent)).toBeVisible();
    await expect(visitor.getByRole('list', { name: board.name })).toHaveCount(0);
    await expect(visitor.getByText('Ink study', { exact: true })).toHaveCount(0);
    await expect(visitor.getByText('Marked sensitive')).toHaveCount(0);
    await visitor.screenshot({ path: `${OUT}sensitive-board-page.png` });
    const showPins = notice.getByRole('button', { name: 'Show Pins' });
    await showPins.focus();
    await visitor.keyboard.press('Enter');
    await expect(notice).toHaveCount(0);
    await expect(visitor.getByRole('list', { name: board.name }).getByText('Ink study', { exact: true })).toBeVisible();
  });

  await test.step('signed out, the board is blurred as well', async () => {
    const anonymous = await browser.newContext({ baseURL });
    const stranger = await anonymous.newPage();
    await stranger.goto(`/${owner.username}/`);
    const card = stranger.getByRole('listitem').filter({ has: stranger.getByRole('heading', { name: 'Night drawings' }) });
    await afterLoad(card.getByText(MESSAGES.board.sensitiveContent)).toBeVisible();
    await anonymous.close();
  });

  await context.close();
});
