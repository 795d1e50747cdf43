import { createBoard, createPin, registerUser, uniqueSuffix } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture } from '../support/images';

// Search that understands (decision 084): from the empty box's recent searches to a filtered result.
test('a member goes from the empty search box to their own red Pins, found by another word form', async ({ page }) => {
  await registerUser(page.request, 'Fira Filters', 'fira');
  const word = `zorbly${uniqueSuffix()
    .toLowerCase()
    .replace(/[^a-z]/g, '')}`;
  const title = `${word} bread on the table`;
  const board = await createBoard(page.request, 'Kitchen things');
  const red = await makePicture({ width: 600, height: 700, sky: ['#e02818', '#e02818'], ground: '#e02818', sun: '#e02818' });
  await createPin(page.request, red, { board_id: board.id, title });

  await test.step('a search by another form of the word finds the Pin, and is remembered', async () => {
    await page.goto(`/search/pins/?q=${encodeURIComponent(`${word} breads`)}`);
    await expect(page.getByRole('list', { name: 'Pins' }).getByRole('link', { name: title }).first()).toBeVisible();
  });

  await test.step('the empty box offers it among the recent searches', async () => {
    await page.goto('/search/');
    const recent = page.getByRole('region', { name: 'Recent searches' });
    await recent.getByRole('link', { name: `${word} breads` }).click();
    await expect(page).toHaveURL(new RegExp(`/search/pins/\\?q=${word}\\+breads$`));
  });

  await test.step('the chips and the colour filter narrow the results', async () => {
    const filters = page.getByRole('navigation', { name: 'Search in' });
    await filters.getByRole('link', { name: 'Your Pins' }).click();
    await expect(page).toHaveURL(/scope=my_pins/);
    await expect(page.getByRole('list', { name: 'Your Pins' }).getByRole('link', { name: title }).first()).toBeVisible();
    await page.getByRole('navigation', { name: 'Color' }).getByRole('link', { name: 'Red' }).click();
    await expect(page).toHaveURL(/scope=my_pins&color=%23c02020/);
    await expect(page.getByRole('list', { name: 'Your Pins' }).getByRole('link', { name: title }).first()).toBeVisible();
    await page.getByRole('navigation', { name: 'Color' }).getByRole('link', { name: 'Blue' }).click();
    await expect(page.getByText('None of your Pins match that search.')).toBeVisible();
    await filters.getByRole('link', { name: 'Videos' }).click();
    await expect(page).toHaveURL(/scope=videos&color=%232040c0/);
  });

  await test.step('recent searches can be cleared', async () => {
    await page.goto('/search/');
    await page.getByRole('region', { name: 'Recent searches' }).getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByRole('region', { name: 'Recent searches' })).toHaveCount(0);
  });
});
