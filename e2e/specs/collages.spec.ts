import { MESSAGES } from '@pinboard/shared/constants/messages';
import type { APIRequestContext, Locator } from '@playwright/test';
import { createBoard, createPin, registerUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture, PALETTES } from '../support/images';

/** Saves a collage draft through the API, as the tool does. */
async function saveDraft(request: APIRequestContext, pinIds: string[]): Promise<string> {
  const token = (await request.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  const layers = pinIds.map((pin_id, i) => ({ pin_id, x: 100 + i * 200, y: 300 + i * 300, width: 500, height: 600, rotation: 0 }));
  const response = await request.post('/resource/CollageResource/create/', { headers: { 'X-CSRFToken': token }, data: { options: { layers } } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { resource_response: { data: { id: string } } }).resource_response.data.id;
}

const leftOf = (element: Locator) => element.evaluate((el) => parseFloat((el as HTMLElement).style.left));
const widthOf = (element: Locator) => element.evaluate((el) => parseFloat((el as HTMLElement).style.width));

test('a collage is made with the keyboard, saved, reopened from the Collages tab and published; another draft is deleted', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await registerUser(page.request, 'Cleo Collage', 'cleo');
  const board = await createBoard(page.request, 'Moodboard');
  const titles = ['Sunset', 'Lagoon', 'Meadow'];
  const pins = [];
  for (const [index, title] of titles.entries()) {
    pins.push(await createPin(page.request, await makePicture({ width: 600, height: 800 - index * 150, ...PALETTES[index]! }), { board_id: board.id, title }));
  }
  const otherDraft = await saveDraft(page.request, [pins[2]!.id]);

  await test.step('the owner finds the Collages tab, marked New! until opened, and starts a collage', async () => {
    await page.goto(`/${user.username}/`);
    const tabs = page.getByRole('navigation', { name: 'Profile tabs' });
    await expect(tabs.getByRole('link', { name: 'Collages' })).toContainText(MESSAGES.profile.newCallout);
    await tabs.getByRole('link', { name: 'Collages' }).click();
    await expect(page).toHaveURL(`/${user.username}/_collages/`);
    await expect(tabs.getByRole('link', { name: 'Collages' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.getByRole('link', { name: 'Collages' })).not.toContainText(MESSAGES.profile.newCallout);
    await expect(page.getByRole('heading', { name: 'Drafts' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Published' })).toBeVisible();
    await expect(page.getByText("You haven't published a collage yet.")).toBeVisible();
    await page.getByRole('link', { name: 'Create collage' }).click();
    await expect(page).toHaveURL(/\/collage-creation-tool\/$/);
    await expect(page.getByRole('heading', { name: 'Create collage', level: 1 })).toBeVisible();
  });

  await test.step('images are added, moved, resized, reordered and removed with the keyboard', async () => {
    for (const title of titles) {
      await page.getByRole('button', { name: `Add to collage: ${title}` }).focus();
      await page.keyboard.press('Enter');
    }
    const canvas = page.getByRole('group', { name: 'Collage canvas' });
    await expect(canvas.getByRole('button')).toHaveCount(3);

    // Delete removes the focused image.
    await canvas.getByRole('button', { name: 'Image 3 of 3: Meadow' }).focus();
    await page.keyboard.press('Delete');
    await expect(canvas.getByRole('button')).toHaveCount(2);

    const lagoon = canvas.getByRole('button', { name: /Image 2 of 2: Lagoon/ });
    await lagoon.focus();
    await expect(lagoon).toHaveAttribute('aria-pressed', 'true');
    const left = await leftOf(lagoon);
    const width = await widthOf(lagoon);
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    expect(await leftOf(lagoon)).toBeCloseTo(left + 5, 0);
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    expect(await widthOf(lagoon)).toBeGreaterThan(width);
    // [ sends Lagoon to the bottom; focus stays on it.
    await page.keyboard.press('[');
    await expect(canvas.getByRole('button', { name: /Image 1 of 2: Lagoon/ })).toBeFocused();
    await expect(page.getByText('Unsaved changes')).toBeVisible();
  });

  let draftId = '';
  await test.step('the draft is saved', async () => {
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Draft saved' })).toBeVisible();
    await expect(page).toHaveURL(/draftId=\d+/);
    draftId = new URL(page.url()).searchParams.get('draftId')!;
    await expect(page.getByText('All changes saved')).toBeVisible();
    await page
      .getByRole('group', { name: 'Collage canvas' })
      .getByRole('button', { name: /Sunset/ })
      .click();
    await page.screenshot({ path: '/tmp/collage-tool.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/collage-tool-phone.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('the Collages tab lists both drafts, and one reopens in the tool', async () => {
    await page.goto(`/${user.username}/_collages/`);
    const drafts = page.getByRole('region', { name: 'Drafts' });
    await expect(drafts.getByRole('listitem')).toHaveCount(2);
    const card = drafts.locator(`a[href="/collage-creation-tool/?draftId=${draftId}"]`);
    await expect(card.locator('img')).toHaveJSProperty('complete', true);
    expect((await card.boundingBox())?.width).toBe(157);
    await page.screenshot({ path: '/tmp/collages-tab.png', fullPage: true });
    await card.click();
    await expect(page).toHaveURL(new RegExp(`draftId=${draftId}`));
    const canvas = page.getByRole('group', { name: 'Collage canvas' });
    await expect(canvas.getByRole('button', { name: /Image 1 of 2: Lagoon/ })).toBeVisible();
    await expect(canvas.getByRole('button', { name: /Image 2 of 2: Sunset/ })).toBeVisible();
  });

  await test.step('publishing to a board makes a Pin', async () => {
    await page.getByRole('button', { name: 'Publish' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish your collage' });
    await dialog.getByLabel('Title').fill('Beach day');
    await dialog.getByLabel('Board').selectOption({ label: board.name });
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(page).toHaveURL(/\/pin\/\d+\/$/);
    await expect(page.getByRole('heading', { name: 'Beach day' })).toBeVisible();
    await expect(page.getByRole('link', { name: board.name }).first()).toBeVisible();
  });

  await test.step('the other draft is deleted after a confirmation; Cancel keeps it', async () => {
    await page.goto(`/${user.username}/_collages/`);
    await expect(page.getByRole('region', { name: 'Published' }).getByRole('link', { name: 'Beach day' }).first()).toBeVisible();
    const publishedImage = page.getByRole('region', { name: 'Published' }).locator('img').first();
    await publishedImage.scrollIntoViewIfNeeded();
    await expect.poll(() => publishedImage.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await page.getByRole('heading', { name: 'Drafts' }).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, -80));
    await page.screenshot({ path: '/tmp/collages-tab-published.png' });
    const drafts = page.getByRole('region', { name: 'Drafts' });
    await expect(drafts.getByRole('listitem')).toHaveCount(1);
    await expect(drafts.locator(`a[href="/collage-creation-tool/?draftId=${otherDraft}"]`)).toBeVisible();

    await drafts.getByRole('button', { name: 'Delete draft' }).click();
    let dialog = page.getByRole('dialog', { name: 'Delete this draft?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(drafts.getByRole('listitem')).toHaveCount(1);

    await drafts.getByRole('button', { name: 'Delete draft' }).click();
    dialog = page.getByRole('dialog', { name: 'Delete this draft?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Draft deleted' })).toBeVisible();
    await expect(page.getByText('No drafts. Collages you save without publishing wait here.')).toBeVisible();
  });
});

test('the Collages tab is the owner’s alone', async ({ page, browser }) => {
  const owner = await registerUser(page.request, 'Olive Owner', 'olive');
  await page.goto(`/${owner.username}/`);
  await expect(page.getByRole('navigation', { name: 'Profile tabs' }).getByRole('link', { name: 'Collages' })).toBeVisible();

  const visitor = await browser.newPage();
  await registerUser(visitor.request, 'Vic Visitor', 'vic');
  await visitor.goto(`/${owner.username}/_collages/`);
  await expect(visitor.getByRole('heading', { name: 'Olive Owner' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Collages' })).toHaveCount(0);
  await expect(visitor.getByRole('heading', { name: 'Drafts' })).toHaveCount(0);
  await visitor.close();
});
