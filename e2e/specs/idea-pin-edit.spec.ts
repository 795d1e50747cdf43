import { createBoard, createIdeaPin, registerUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture, PALETTES } from '../support/images';

const SHOTS = 'docs/screenshots/issue-12';

test('the maker of an Idea Pin edits its pages after publishing: removes, reorders, adds a page and changes text', async ({ page }) => {
  test.setTimeout(90_000);
  await registerUser(page.request, 'Eda Edit', 'eda');
  const board = await createBoard(page.request, 'Recipes');
  const pictures = await Promise.all([0, 1, 2, 3].map((i) => makePicture({ width: 540, height: 960, ...PALETTES[i % PALETTES.length]! })));
  const pin = await createIdeaPin(page.request, board.id, 'Soup', [
    { image: pictures[0]!, text: 'Chop the onions' },
    { image: pictures[1]!, text: 'A page to drop' },
    { image: pictures[2]!, text: 'Simmer' },
  ]);

  await page.goto(`/pin/${pin.id}/edit/`);
  await page.getByRole('link', { name: 'Edit pages' }).click();
  await page.waitForURL(new RegExp(`/idea-pin-builder/\\?id=${pin.id}$`));
  await expect(page.getByRole('heading', { name: 'Edit Idea Pin' })).toBeVisible();
  await expect(page.getByText('3 of 20 pages')).toBeVisible();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Soup');

  // Drop the second page, move the last one first, add a new page, change a text.
  await page.getByRole('button', { name: 'Remove page 2' }).click();
  await expect(page.getByText('2 of 20 pages')).toBeVisible();
  await page.getByRole('button', { name: 'Move page earlier 2' }).click();
  await page.getByRole('button', { name: 'Page 1', exact: true }).click();
  await expect(page.getByLabel('Text on this page (1)')).toHaveValue('Simmer');
  await page.getByLabel('Text on this page (1)').fill('Simmer for an hour');
  await page.getByLabel('Add page').setInputFiles([{ name: 'bowl.jpg', mimeType: 'image/jpeg', buffer: pictures[3]! }]);
  await expect(page.getByText('3 of 20 pages')).toBeVisible();
  await page.getByRole('button', { name: 'Page 3', exact: true }).click();
  await page.getByRole('button', { name: 'Add text' }).click();
  await page.getByLabel('Text on this page (1)').fill('Serve hot');
  await page.getByLabel('Title', { exact: true }).fill('Soup, simply');
  await page.getByRole('button', { name: 'Page 3', exact: true }).focus();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/idea-pin-edit.png` });
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  await page.getByRole('button', { name: 'Save' }).click();

  await page.waitForURL(new RegExp(`/pin/${pin.id}/$`));
  const viewer = page.getByRole('region', { name: 'Soup, simply' });
  await expect(viewer.getByText('Page 1 of 3', { exact: true })).toBeVisible();
  await expect(viewer.getByText('Simmer for an hour')).toBeVisible();
  await viewer.getByRole('button', { name: 'Next page' }).click();
  await expect(viewer.getByText('Chop the onions')).toBeVisible();
  await viewer.getByRole('button', { name: 'Next page' }).click();
  await expect(viewer.getByText('Serve hot')).toBeVisible();
  await expect(viewer.getByText('A page to drop')).toHaveCount(0);
});
