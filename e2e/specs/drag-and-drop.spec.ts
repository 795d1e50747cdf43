import type { Locator, Page } from '@playwright/test';
import { createBoard, createPin, createSection, registerUser, type ApiBoard } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture, PALETTES } from '../support/images';

/*
 * Dragging Pins on a board (decision 065): to a new place in the board's
 * custom order with the mouse and with the keyboard, and onto a section.
 * Each checks what it did after a reload.
 */

const TITLES = ['Alder', 'Beech', 'Cedar', 'Douglas', 'Elm'];
/** Where to write screenshots of the dragging states, when set (looked at by hand, at both sizes). */
const SHOTS = process.env.DND_SHOTS_DIR;

async function boardWithPins(page: Page, name: string, username: string): Promise<ApiBoard> {
  await registerUser(page.request, 'Dana Dragger', username);
  const board = await createBoard(page.request, name);
  for (const [index, title] of TITLES.entries()) {
    const palette = PALETTES[index % PALETTES.length] ?? PALETTES[0]!;
    await createPin(page.request, await makePicture({ width: 400, height: 500 + index * 30, ...palette }), { board_id: board.id, title });
  }
  return board;
}

/** The Pins' titles in the order the board shows them (each card's drag handle names its Pin). */
async function order(pins: Locator): Promise<string[]> {
  const labels = await pins.getByRole('button', { name: /^Move / }).evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/^Move /, ''));
}

async function center(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test.describe('with the mouse', () => {
  // The refused move below: the browser logs the 500 answer.
  test.use({ allowedConsoleErrors: [/^Failed to load resource: the server responded with a status of 500/] });

  test('a Pin is dragged with the mouse to a new place, which stays after a reload; a failed move comes back', async ({ page }) => {
    const board = await boardWithPins(page, 'Trees by mouse', 'dmouse');
    await page.goto(board.url);
    const pins = page.getByRole('list', { name: board.name });
    await expect(pins.getByRole('button', { name: /^Move / })).toHaveCount(5);
    expect(await order(pins)).toEqual(['Elm', 'Douglas', 'Cedar', 'Beech', 'Alder']);

    await test.step('drag Alder onto Douglas: a bar shows where it goes, and it takes that place', async () => {
      const card = pins.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Move Alder' }) });
      await card.hover();
      const handle = pins.getByRole('button', { name: 'Move Alder' });
      const from = await center(handle);
      const target = await center(pins.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Move Douglas' }) }));
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(from.x + 10, from.y + 10, { steps: 3 });
      await page.mouse.move(target.x, target.y, { steps: 12 });
      await expect(pins.locator('[data-drop="before"]')).toHaveCount(1);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/dragging-${page.viewportSize()?.width}.png` });
      const saved = page.waitForResponse((r) => r.url().includes('/resource/BoardPinOrderResource/update/'));
      await page.mouse.up();
      const body = (await saved).request().postDataJSON() as { options: Record<string, unknown> };
      expect((await saved).status()).toBe(200);
      expect(body.options).toMatchObject({ board_id: board.id });
      expect(await order(pins)).toEqual(['Elm', 'Alder', 'Douglas', 'Cedar', 'Beech']);
    });

    await test.step('after a reload the order is the same', async () => {
      await page.reload();
      await expect(pins.getByRole('button', { name: /^Move / })).toHaveCount(5);
      expect(await order(pins)).toEqual(['Elm', 'Alder', 'Douglas', 'Cedar', 'Beech']);
    });

    await test.step('when the server refuses, the Pin goes back and a toast says so', async () => {
      await page.route('**/resource/BoardPinOrderResource/update/', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"resource_response":{"status":"failure","code":0,"message":"no","http_status":500}}',
        }),
      );
      await pins
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: 'Move Beech' }) })
        .hover();
      const from = await center(pins.getByRole('button', { name: 'Move Beech' }));
      const target = await center(pins.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Move Elm' }) }));
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(from.x + 10, from.y + 10, { steps: 3 });
      await page.mouse.move(target.x, target.y, { steps: 12 });
      await page.mouse.up();
      await expect(page.getByRole('alert').filter({ hasText: "Couldn't move the Pin. It's back where it was." })).toBeVisible();
      await expect.poll(() => order(pins)).toEqual(['Elm', 'Alder', 'Douglas', 'Cedar', 'Beech']);
    });
  });
});

test('a Pin is moved with the keyboard: Space picks it up, arrows move it, Space drops it, Escape cancels', async ({ page }) => {
  const board = await boardWithPins(page, 'Trees by keyboard', 'dkeys');
  await page.goto(board.url);
  const pins = page.getByRole('list', { name: board.name });
  await expect(pins.getByRole('button', { name: /^Move / })).toHaveCount(5);
  const live = page.locator('[id^="DndLiveRegion"]');

  await test.step('Escape puts it back', async () => {
    await pins.getByRole('button', { name: 'Move Elm' }).focus();
    await page.keyboard.press('Space');
    await expect(live).toContainText('Picked up Elm.');
    await page.keyboard.press('ArrowRight');
    await expect(live).toContainText('Elm is over the place of Douglas.');
    await page.keyboard.press('Escape');
    await expect(live).toContainText('Moving stopped. Elm is back in its place.');
    expect(await order(pins)).toEqual(['Elm', 'Douglas', 'Cedar', 'Beech', 'Alder']);
  });

  await test.step('two places to the right, dropped with Space', async () => {
    await pins.getByRole('button', { name: 'Move Elm' }).focus();
    await page.keyboard.press('Space');
    await expect(live).toContainText('Picked up Elm.');
    await page.keyboard.press('ArrowRight');
    await expect(live).toContainText('Elm is over the place of Douglas.');
    await page.keyboard.press('ArrowRight');
    await expect(live).toContainText('Elm is over the place of Cedar.');
    await expect(pins.locator('[data-drop="after"]')).toHaveCount(1);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/keyboard-${page.viewportSize()?.width}.png` });
    const saved = page.waitForResponse((r) => r.url().includes('/resource/BoardPinOrderResource/update/'));
    await page.keyboard.press('Space');
    expect((await saved).status()).toBe(200);
    await expect(live).toContainText('Elm was dropped in the place of Cedar.');
    expect(await order(pins)).toEqual(['Douglas', 'Cedar', 'Elm', 'Beech', 'Alder']);
  });

  await test.step('after a reload the order is the same', async () => {
    await page.reload();
    await expect(pins.getByRole('button', { name: /^Move / })).toHaveCount(5);
    expect(await order(pins)).toEqual(['Douglas', 'Cedar', 'Elm', 'Beech', 'Alder']);
  });
});

test('a Pin dragged onto a section moves there, and stays there after a reload', async ({ page }) => {
  const board = await boardWithPins(page, 'Trees by section', 'dsection');
  const section = await createSection(page.request, board.id, 'Conifers');
  await page.goto(board.url);
  const pins = page.getByRole('list', { name: board.name });
  await expect(pins.getByRole('button', { name: /^Move / })).toHaveCount(5);
  const card = page.getByRole('link', { name: /Conifers/ });
  await expect(card).toContainText('0 Pins');

  await pins
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'Move Cedar' }) })
    .hover();
  const from = await center(pins.getByRole('button', { name: 'Move Cedar' }));
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 10, from.y - 10, { steps: 3 });
  // Up to the top edge: the page scrolls back to the sections (on a phone they are out of sight).
  await page.mouse.move(from.x, 20, { steps: 10 });
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  const target = await center(card);
  await page.mouse.move(target.x, target.y, { steps: 15 });
  await expect(page.locator('[data-over]')).toHaveCount(1);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/section-${page.viewportSize()?.width}.png` });
  const moved = page.waitForRequest((r) => r.url().includes('/resource/PinMoveResource/create/'));
  await page.mouse.up();
  const body = (await moved).postDataJSON() as { options: Record<string, unknown> };
  expect(body.options).toMatchObject({ board_id: board.id, new_board_id: board.id, new_section_id: section.id });
  expect(body.options.pin_ids).toHaveLength(1);
  await expect(page.getByRole('alert').filter({ hasText: 'Moved to Conifers' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('link', { name: /Conifers/ })).toContainText('1 Pin');
  await page.getByRole('link', { name: /Conifers/ }).click();
  const inSection = page.getByRole('list', { name: 'Conifers' });
  await expect(inSection.getByRole('link', { name: 'Cedar' }).first()).toBeVisible();
  await expect(inSection.getByRole('listitem')).toHaveCount(1);
});
