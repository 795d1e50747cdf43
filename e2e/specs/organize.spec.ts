import { MESSAGES } from '@pinboard/shared/constants/messages';
import { createBoard, createPin, createSection, registerUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture, PALETTES } from '../support/images';
import { ERROR_CODES } from '@pinboard/shared/api/error-codes';

const TITLES = ['Fern', 'Moss', 'Lichen', 'Birch', 'Heather'];

test('three Pins are moved to another board in Organize mode', async ({ page }) => {
  await registerUser(page.request, 'Otto Organizer', 'otto');
  const from = await createBoard(page.request, 'Forest walks');
  const to = await createBoard(page.request, 'Plant ideas');
  for (const [index, title] of TITLES.entries()) {
    const palette = PALETTES[index % PALETTES.length] ?? PALETTES[0]!;
    await createPin(page.request, await makePicture({ width: 500, height: 600 + index * 40, ...palette }), { board_id: from.id, title });
  }

  await page.goto(from.url);
  const pins = page.getByRole('list', { name: from.name });
  await expect(pins.getByRole('listitem')).toHaveCount(5);

  await test.step('Organize: pick three Pins', async () => {
    await page.getByRole('button', { name: 'Organize' }).click();
    const toolbar = page.getByRole('toolbar', { name: 'Organize Pins' });
    await expect(toolbar.getByText('Select Pins to move or delete')).toBeVisible();
    await expect(toolbar.getByRole('button', { name: 'Move' })).toBeDisabled();
    for (const title of ['Fern', 'Moss', 'Lichen']) await pins.getByRole('checkbox', { name: title }).check();
    await expect(toolbar.getByText('3 Pins selected')).toBeVisible();
  });

  await test.step('Select all, then leave two out: the count follows', async () => {
    const toolbar = page.getByRole('toolbar', { name: 'Organize Pins' });
    await toolbar.getByRole('button', { name: 'Select all' }).click();
    await expect(toolbar.getByText('5 Pins selected')).toBeVisible();
    await pins.getByRole('checkbox', { name: 'Birch' }).uncheck();
    await pins.getByRole('checkbox', { name: 'Heather' }).uncheck();
    await expect(toolbar.getByText('3 Pins selected')).toBeVisible();
    await expect(pins.getByRole('checkbox', { name: 'Fern' })).toBeChecked();
  });

  await test.step('Move to the other board', async () => {
    const toolbar = page.getByRole('toolbar', { name: 'Organize Pins' });
    const moved = page.waitForRequest((request) => request.url().includes('/resource/PinMoveResource/create/'));
    await toolbar.getByRole('button', { name: 'Move' }).click();
    const picker = page.getByRole('dialog', { name: 'Move to' });
    await picker.getByRole('option', { name: /Plant ideas/ }).click();
    const body = (await moved).postDataJSON() as { options: Record<string, unknown> };
    expect(body.options).toMatchObject({ board_id: from.id, new_board_id: to.id, select_all: true });
    expect(new Set(body.options.excluded_pin_ids as string[]).size).toBe(2);
    await expect(page.getByRole('alert').filter({ hasText: 'Moved to Plant ideas' })).toBeVisible();
    await expect(pins.getByRole('listitem')).toHaveCount(2);
    await expect(page.getByText('2 Pins', { exact: true })).toBeVisible();
  });

  await test.step('they are on the other board', async () => {
    await page.goto(to.url);
    const moved = page.getByRole('list', { name: to.name });
    for (const title of ['Fern', 'Moss', 'Lichen']) await expect(moved.getByRole('link', { name: title }).first()).toBeVisible();
    await expect(page.getByText('3 Pins', { exact: true })).toBeVisible();
  });
});

test('Pins moved into a section: the toast names the section and its board', async ({ page }) => {
  await registerUser(page.request, 'Sara Sections', 'sara');
  const from = await createBoard(page.request, 'Garden walks');
  await createBoard(page.request, 'Plant shelf').then((to) => createSection(page.request, to.id, 'Succulents'));
  await createPin(page.request, await makePicture({ width: 500, height: 600, ...PALETTES[0]! }), { board_id: from.id, title: 'Aloe' });
  await page.goto(from.url);
  const pins = page.getByRole('list', { name: from.name });
  await page.getByRole('button', { name: 'Organize' }).click();
  await pins.getByRole('checkbox', { name: 'Aloe' }).check();
  await page.getByRole('toolbar', { name: 'Organize Pins' }).getByRole('button', { name: 'Move' }).click();
  const picker = page.getByRole('dialog', { name: 'Move to' });
  await picker.getByRole('option', { name: /Plant shelf/ }).click();
  await picker
    .getByRole('listbox', { name: 'Sections of Plant shelf' })
    .getByRole('option', { name: /Succulents/ })
    .click();
  await expect(page.getByRole('alert').filter({ hasText: 'Moved to Succulents in Plant shelf' })).toBeVisible();
  await expect(pins.getByRole('listitem')).toHaveCount(0);
});

test.describe('when the board is busy', () => {
  // The refused move answers 409, which Chromium logs.
  test.use({ allowedConsoleErrors: [/the server responded with a status of 409/] });

  test('a refused move puts the Pins back and says to wait', async ({ page }) => {
    await registerUser(page.request, 'Bo Busy', 'bo');
    const from = await createBoard(page.request, 'Desk setups');
    await createBoard(page.request, 'Lamps');
    await createPin(page.request, await makePicture({ width: 500, height: 500, sky: ['#fde2e4', '#fad2e1'], ground: '#b56576' }), {
      board_id: from.id,
      title: 'Standing desk',
    });

    // Another action is still running on the board: the server answers with code 2171.
    await page.route('**/resource/PinMoveResource/create/', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({
          resource_response: {
            status: 'failure',
            error: { http_status: 409, code: ERROR_CODES.BOARD_ACTION_RUNNING.code, message: 'Another action is running.' },
          },
        }),
      }),
    );

    await page.goto(from.url);
    await page.getByRole('button', { name: 'Organize' }).click();
    const pins = page.getByRole('list', { name: from.name });
    await pins.getByRole('checkbox', { name: 'Standing desk' }).check();
    await page.getByRole('toolbar', { name: 'Organize Pins' }).getByRole('button', { name: 'Move' }).click();
    await page.getByRole('dialog', { name: 'Move to' }).getByRole('option', { name: /Lamps/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.board.previousActionPending })).toBeVisible();
    await expect(pins.getByRole('checkbox', { name: 'Standing desk' })).toBeChecked();
  });
});

test('bulk delete asks first', async ({ page }) => {
  await registerUser(page.request, 'Dee Delete', 'dee');
  const board = await createBoard(page.request, 'Old stuff');
  // Each Pin its own picture: one person holds one Pin of a picture per board (decision 095).
  for (const [index, title] of ['Chair', 'Table'].entries()) {
    await createPin(page.request, await makePicture({ width: 400, height: 400 + index * 40, sky: ['#ffe8d6', '#ddbea9'], ground: '#6b705c' }), {
      board_id: board.id,
      title,
    });
  }
  await page.goto(board.url);
  await page.getByRole('button', { name: 'Organize' }).click();
  const pins = page.getByRole('list', { name: board.name });
  await pins.getByRole('checkbox', { name: 'Chair' }).check();
  await page.getByRole('toolbar', { name: 'Organize Pins' }).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this Pin?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '1 Pin deleted' })).toBeVisible();
  await expect(pins.getByRole('listitem')).toHaveCount(1);
  await expect(pins.getByRole('link', { name: 'Table' }).first()).toBeVisible();
});
