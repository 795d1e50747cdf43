import { MESSAGES } from '@pinboard/shared/constants/messages';
import { createPin, registerUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture, PALETTES } from '../support/images';

const TITLES = ['Pebble beach', 'Striped umbrellas', 'Tide pools', 'Lighthouse walk', 'Beach hut row', 'Sandcastle', 'Sea glass'];

test('the owner organizes unorganized Pins into a new board', async ({ page }) => {
  const me = await registerUser(page.request, 'Olga Organizes', 'olga');
  for (const [index, title] of TITLES.entries()) {
    const image = await makePicture({ width: 600, height: 800, ...(PALETTES[index % PALETTES.length] ?? PALETTES[0]!) });
    await createPin(page.request, image, { title });
  }

  await page.goto(`/${me.username}/`);
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'Unorganized ideas' }) });

  await test.step('the strip shows six tiles, the last one +2, and the upsell (no boards yet)', async () => {
    await expect(section.getByRole('listitem')).toHaveCount(6);
    await expect(section.getByRole('button', { name: 'and 2 more' })).toContainText('+2');
    await expect(section.getByRole('heading', { name: 'Organize your ideas' })).toBeVisible();
  });

  await test.step('select Pins: Next waits for a choice', async () => {
    await section.getByRole('button', { name: 'Organize', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Organize your ideas' });
    const next = dialog.getByRole('button', { name: 'Next' });
    await expect(next).toBeDisabled();
    await dialog.getByRole('checkbox', { name: 'Pebble beach' }).check();
    await dialog.getByRole('checkbox', { name: 'Tide pools' }).check();
    await expect(dialog.getByText('2 Pins selected')).toBeVisible();
    await expect(next).toBeEnabled();
    await next.click();
  });

  await test.step('no boards yet: straight to creating one; Back returns to the Pins, still chosen', async () => {
    const create = page.getByRole('dialog', { name: 'Create a board' });
    await expect(create).toBeVisible();
    await create.getByRole('button', { name: 'Back' }).click();
    const select = page.getByRole('dialog', { name: 'Organize your ideas' });
    await expect(select.getByRole('checkbox', { name: 'Pebble beach' })).toBeChecked();
    await select.getByRole('button', { name: 'Next' }).click();
    const name = create.getByLabel('Name');
    await expect(create.getByRole('button', { name: 'Create' })).toBeDisabled();
    await name.fill('Beach days');
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Moved to Beach days' })).toBeVisible();
    await expect(create).toBeHidden();
  });

  await test.step('the board holds the two Pins; five stay unorganized', async () => {
    await expect(page.getByRole('link', { name: /Beach days/ })).toBeVisible();
    await expect(section.getByRole('listitem')).toHaveCount(5);
    await page.getByRole('link', { name: /Beach days/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Beach days' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pebble beach' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Tide pools' }).first()).toBeVisible();
  });

  await test.step('with a board, Next leads to picking it', async () => {
    await page.goto(`/${me.username}/`);
    await section.getByRole('button', { name: 'Organize', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Organize your ideas' });
    await dialog.getByRole('checkbox', { name: 'Sea glass' }).check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    const pick = page.getByRole('dialog', { name: 'Move to a board' });
    await pick.getByRole('button', { name: /Beach days/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.board.movedTo.replace('{boardName}', 'Beach days') })).toBeVisible();
    await expect(section.getByRole('listitem')).toHaveCount(4);
  });
});
