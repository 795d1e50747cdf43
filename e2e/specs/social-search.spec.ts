import { MESSAGES } from '@pinboard/shared/constants/messages';
import { createBoard, createPin, registerUser, uniqueSuffix } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture } from '../support/images';

test("a member finds their own Pin with 'Search your Pins', and the header suggests as they type", async ({ page }) => {
  const me = await registerUser(page.request, 'Sami Searches', 'sami');
  const word = `Quokka${uniqueSuffix()}`;
  const title = `${word} teapot with stripes`;
  const board = await createBoard(page.request, 'Tea things');
  await createPin(page.request, await makePicture({ width: 600, height: 700, sky: ['#caf0f8', '#90e0ef'], ground: '#0077b6' }), { board_id: board.id, title });

  await test.step("from the profile to 'Search your Pins'", async () => {
    await page.goto(`/${me.username}/`);
    await page.getByRole('link', { name: MESSAGES.profile.searchYourPins }).click();
    await expect(page).toHaveURL('/search/me/');
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.profile.searchYourPins })).toBeVisible();
  });

  await test.step('the own-Pins search finds it', async () => {
    await page.getByRole('searchbox', { name: MESSAGES.profile.searchYourPins }).fill(word.toLowerCase());
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/search/me/\\?q=${word.toLowerCase()}&rs=typed$`));
    await expect(page.getByRole('list', { name: MESSAGES.profile.searchYourPins }).getByRole('link', { name: title }).first()).toBeVisible();
    await page.goto(`/search/me/?q=nothing${uniqueSuffix()}`);
    await expect(page.getByText('None of your Pins match that search.')).toBeVisible();
  });

  await test.step('the header field suggests the title and opens a typed search with its scope', async () => {
    await page.goto('/');
    const field = page.getByRole('combobox', { name: 'Search' });
    await field.fill(word.slice(0, 8));
    const option = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name: title });
    await expect(option).toBeVisible();
    await field.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await field.press('Enter');
    // A chosen suggestion is marked as such (rs=ac), not as typed (decision 057).
    await expect(page).toHaveURL(`/search/?q=${encodeURIComponent(title).replace(/%20/g, '+')}&rs=ac&scope=pins`);
    await expect(page.getByRole('heading', { level: 1, name: `Results for “${title}”` })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Pins' }).getByRole('link', { name: title }).first()).toBeVisible();
  });

  await test.step('tabs switch the scope; an empty search goes to the bare path', async () => {
    await page.getByRole('navigation', { name: 'Search in' }).getByRole('link', { name: 'People' }).click();
    await expect(page).toHaveURL(/\/search\/users\/\?q=/);
    await expect(page.getByText("Sorry, we couldn't find anyone for this search.")).toBeVisible();
    await page.getByRole('combobox', { name: 'Search' }).fill('');
    await page.getByRole('combobox', { name: 'Search' }).press('Enter');
    await expect(page).toHaveURL('/search/');
  });
});
