import { MESSAGES } from '@pinboard/shared/constants/messages';
import { createBoard, createPin, createSection, registerUser, updateMetadata, type ApiBoard, type ApiPin } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture } from '../support/images';

let theirBoard: ApiBoard;
let theirPin: ApiPin;

test.beforeAll(async ({ playwright, baseURL }) => {
  // Someone else and their Pin, made through the API as their own app would.
  const api = await playwright.request.newContext({ baseURL });
  await registerUser(api, 'Olga Other', 'olga');
  theirBoard = await createBoard(api, 'Mountain huts');
  theirPin = await createPin(api, await makePicture({ width: 600, height: 750, sky: ['#a2d2ff', '#bde0fe'], ground: '#2a9d8f' }), {
    board_id: theirBoard.id,
    title: 'Hut above the lake',
  });
  await api.dispose();
});

test('someone else’s Pin is saved through the board picker into a section', async ({ page }) => {
  await registerUser(page.request, 'Sam Saver', 'sam');
  const trips = await createBoard(page.request, 'Summer trips');
  await createSection(page.request, trips.id, 'Alps');
  const section = await createSection(page.request, trips.id, 'Dolomites');

  await page.goto(theirBoard.url);
  const card = page
    .getByRole('list', { name: theirBoard.name })
    .getByRole('listitem')
    .filter({ has: page.getByRole('img', { name: 'Hut above the lake' }) });

  await test.step('Save opens the board picker (fewer than 5 boards)', async () => {
    await card.hover();
    await card.getByRole('button', { name: 'Save' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose a board to save to' });
    await expect(picker.getByRole('searchbox', { name: 'Search boards' })).toBeFocused();
    // Fewer than 3 boards: the Profile option under its header.
    await expect(picker.getByText(MESSAGES.board.quickSaveHeader)).toBeVisible();
    await expect(picker.getByRole('option', { name: 'Profile' })).toBeVisible();
    await expect(picker.getByRole('option', { name: /Summer trips/ })).toBeVisible();
  });

  const picker = page.getByRole('dialog', { name: 'Choose a board to save to' });
  const boards = picker.getByRole('listbox', { name: 'Boards' });

  await test.step('searching filters from two characters', async () => {
    const search = picker.getByRole('searchbox', { name: 'Search boards' });
    await search.fill('x');
    await expect(boards.getByRole('option', { name: /Summer trips/ })).toBeVisible();
    await search.fill('xq');
    await expect(boards.getByRole('option', { name: /Summer trips/ })).toBeHidden();
    await expect(picker.getByText('No boards match “xq”')).toBeVisible();
    await search.fill('sum');
    await expect(boards.getByRole('option', { name: /Summer trips/ })).toBeVisible();
    await expect(boards.getByRole('option', { name: 'Profile' })).toBeHidden();
  });

  await test.step('a board with sections slides to its sections; picking it again closes them', async () => {
    await boards.getByRole('option', { name: /Summer trips/ }).click();
    const sections = picker.getByRole('listbox', { name: 'Sections of Summer trips' });
    await expect(sections.getByRole('option', { name: 'Dolomites' })).toBeVisible();
    await expect(picker.getByRole('button', { name: 'Create section' })).toBeVisible();
    await picker.getByRole('button', { name: 'Summer trips: close its sections' }).click();
    await expect(boards.getByRole('option', { name: /Summer trips/ })).toBeVisible();
    await boards.getByRole('option', { name: /Summer trips/ }).click();
    await expect(sections.getByRole('option', { name: 'Alps' })).toBeVisible();
  });

  await test.step('pick the section: saved, with a toast', async () => {
    const saved = page.waitForRequest((request) => request.url().includes('/resource/RepinResource/create/'));
    await picker.getByRole('listbox', { name: 'Sections of Summer trips' }).getByRole('option', { name: 'Dolomites' }).click();
    const body = (await saved).postDataJSON() as { options: Record<string, string> };
    expect(body.options).toMatchObject({ pin_id: theirPin.id, board_id: trips.id, section_id: section.id });
    expect(body.options.save_session_id).toMatch(/^[0-9a-f]{32}$/);
    await expect(page.getByRole('alert').filter({ hasText: 'Saved to Dolomites' })).toBeVisible();
    await expect(picker).toBeHidden();
    await expect(card.getByRole('button', { name: 'Saved' })).toBeVisible();
  });

  await test.step('the Pin is in the section', async () => {
    await page.goto(trips.url);
    await page.getByRole('link', { name: /Dolomites/ }).click();
    await expect(page).toHaveURL(section.url);
    await expect(page.getByRole('heading', { level: 1, name: 'Dolomites' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Dolomites' }).getByRole('img', { name: 'Hut above the lake' })).toBeVisible();
  });
});

test('each opening of the picker is a new save session; the keyboard works too', async ({ page }) => {
  await registerUser(page.request, 'Sid Sessions', 'sid');
  await page.goto(`/pin/${theirPin.id}/`);
  const save = page.getByRole('article', { name: 'Hut above the lake' }).getByRole('button', { name: /^Saved?$/ });
  const picker = page.getByRole('dialog', { name: 'Choose a board to save to' });
  const ids: string[] = [];

  await test.step('with the mouse', async () => {
    await save.click();
    const saved = page.waitForRequest((request) => request.url().includes('/resource/RepinResource/create/'));
    await picker.getByRole('option', { name: 'Profile' }).click();
    const body = (await saved).postDataJSON() as { options: Record<string, string> };
    expect(body.options.board_id).toBeUndefined();
    ids.push(body.options.save_session_id ?? '');
    await expect(page.getByRole('alert').filter({ hasText: 'Saved to your profile' })).toBeVisible();
  });

  await test.step('with the keyboard: arrow down to Profile, Enter', async () => {
    await save.focus();
    await page.keyboard.press('Enter');
    await expect(picker.getByRole('searchbox', { name: 'Search boards' })).toBeFocused();
    const saved = page.waitForRequest((request) => request.url().includes('/resource/RepinResource/create/'));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const body = (await saved).postDataJSON() as { options: Record<string, string> };
    ids.push(body.options.save_session_id ?? '');
    await expect(picker).toBeHidden();
  });

  expect(ids[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(ids[1]).toMatch(/^[0-9a-f]{32}$/);
  expect(ids[0]).not.toBe(ids[1]);
});

test('a visitor who is not logged in is asked to log in to save', async ({ page }) => {
  await page.goto(`/pin/${theirPin.id}/`);
  await page.getByRole('article', { name: 'Hut above the lake' }).getByRole('button', { name: 'Save' }).click();
  const prompt = page.getByRole('dialog', { name: MESSAGES.loginPrompt.savePin });
  await expect(prompt.getByText(MESSAGES.loginPrompt.subheader)).toBeVisible();
  await prompt.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(`/login/?next=${encodeURIComponent(`/pin/${theirPin.id}/`)}`);
});

test('with five boards or more, Save goes straight to the most recently used board', async ({ page }) => {
  await registerUser(page.request, 'Fay Five', 'fay');
  const boards = [];
  for (const name of ['Autumn', 'Books', 'Cabins', 'Dogs', 'Espresso']) boards.push(await createBoard(page.request, name));
  // Saving into Cabins makes it the most recently used board.
  await createPin(page.request, await makePicture({ width: 300, height: 300, sky: ['#e9edc9', '#ccd5ae'], ground: '#606c38' }), {
    board_id: boards[2]!.id,
    title: 'Log cabin',
  });

  await page.goto(`/pin/${theirPin.id}/`);
  const closeup = page.getByRole('article', { name: 'Hut above the lake' });
  await expect(closeup.getByRole('button', { name: 'Choose a board to save to: Cabins' })).toBeVisible();
  const saved = page.waitForRequest((request) => request.url().includes('/resource/RepinResource/create/'));
  await closeup.getByRole('button', { name: 'Save', exact: true }).click();
  expect(((await saved).postDataJSON() as { options: Record<string, string> }).options.board_id).toBe(boards[2]!.id);
  await expect(page.getByRole('alert').filter({ hasText: 'Saved to Cabins' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Choose a board to save to' })).toHaveCount(0);

  await test.step('the board name beside Save still opens the picker', async () => {
    await closeup.getByRole('button', { name: 'Choose a board to save to: Cabins' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose a board to save to' });
    await expect(picker.getByText('Top choices')).toBeVisible();
    // A top choice is not listed again under All boards: each board once.
    const options = picker.getByRole('listbox', { name: 'Boards' }).getByRole('option');
    await expect(options.filter({ hasText: 'Cabins' })).toHaveCount(1);
    await expect(options).toHaveCount(5);
    await expect(picker.getByText(MESSAGES.board.quickSaveHeader)).toHaveCount(0);
    await picker.getByRole('listbox', { name: 'Boards' }).getByRole('option', { name: 'Dogs' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Saved to Dogs' })).toBeVisible();
  });
});

test('with save behaviour 0, Save puts the Pin on the profile at once', async ({ page }) => {
  await registerUser(page.request, 'Zoe Zero', 'zoe');
  await createBoard(page.request, 'Anything');
  await updateMetadata(page.request, { save_behavior: 0 });
  await page.goto(`/pin/${theirPin.id}/`);
  const closeup = page.getByRole('article', { name: 'Hut above the lake' });
  const saved = page.waitForRequest((request) => request.url().includes('/resource/RepinResource/create/'));
  await closeup.getByRole('button', { name: 'Save', exact: true }).click();
  expect(((await saved).postDataJSON() as { options: Record<string, string> }).options.board_id).toBeUndefined();
  await expect(page.getByRole('alert').filter({ hasText: 'Saved to your profile' })).toBeVisible();
  await expect(closeup.getByRole('button', { name: 'Saved', exact: true })).toBeVisible();
});

test('a board made inside the picker gets the Pin', async ({ page }) => {
  await registerUser(page.request, 'Nora New', 'nora');
  await page.goto(`/pin/${theirPin.id}/`);
  const closeup = page.getByRole('article', { name: 'Hut above the lake' });
  await closeup.getByRole('button', { name: 'Save', exact: true }).click();
  const picker = page.getByRole('dialog', { name: 'Choose a board to save to' });
  await picker.getByRole('button', { name: 'Create board' }).click();
  const name = picker.getByLabel('Name');
  await expect(name).toBeFocused();
  await name.fill('Huts to visit');
  const created = page.waitForRequest((request) => request.url().includes('/resource/BoardResource/create/'));
  const saved = page.waitForRequest((request) => request.url().includes('/resource/RepinResource/create/'));
  await picker.getByRole('button', { name: 'Create', exact: true }).click();
  expect(((await created).postDataJSON() as { options: Record<string, unknown> }).options).toMatchObject({
    name: 'Huts to visit',
    aux_data: { source: 'board_picker' },
  });
  await saved;
  await expect(page.getByRole('alert').filter({ hasText: 'Saved to Huts to visit' })).toBeVisible();
  await expect(picker).toBeHidden();
});
