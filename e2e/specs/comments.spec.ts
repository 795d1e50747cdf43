import { mkdirSync } from 'node:fs';
import { commentOnPin, createBoard, createPin, registerUser, type ApiPin, type ApiUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture } from '../support/images';

/** Screenshots of this work go to the repository's docs, for review. */
const SHOTS = new URL('../../docs/screenshots/issue-13/', import.meta.url).pathname;

let owner: ApiUser;
let pin: ApiPin;

test.beforeAll(async ({ playwright, baseURL }) => {
  mkdirSync(SHOTS, { recursive: true });
  const api = await playwright.request.newContext({ baseURL });
  owner = await registerUser(api, 'Nora Lindqvist', 'nora');
  const board = await createBoard(api, 'Harbour towns');
  const image = await makePicture({ width: 600, height: 800, sky: ['#f4a261', '#e9c46a'], ground: '#264653' });
  pin = await createPin(api, image, {
    board_id: board.id,
    title: 'Evening light in Camogli',
    description: 'Painted houses stacked above the harbour, just before the lamps come on.',
  });
  const friendApi = await playwright.request.newContext({ baseURL });
  await registerUser(friendApi, 'Theo Marchetti', 'theo');
  await commentOnPin(friendApi, pin.id, 'We stayed two streets up from here. The focaccia place by the church is worth the queue.');
  await friendApi.dispose();
  await commentOnPin(api, pin.id, 'Adding it to the list for September!');
  await api.dispose();
});

test('a member comments on a Pin, mentions its owner, and deletes the comment', async ({ page }) => {
  await registerUser(page.request, 'Ines Duarte', 'ines');
  await page.goto(`/pin/${pin.id}/`);
  const comments = page.getByRole('region', { name: /comments?$/i });
  await expect(comments.getByRole('heading', { name: '2 comments' })).toBeVisible();

  await test.step('Post is off until something is written; a comment shows at the top with its mention as a link', async () => {
    const box = comments.getByRole('textbox', { name: 'Add a comment' });
    const post = comments.getByRole('button', { name: 'Post' });
    await expect(post).toBeDisabled();
    await box.fill('   ');
    await expect(post).toBeDisabled();
    await box.fill(`That blue door! @${owner.username} where is it?`);
    await post.click();
    await expect(box).toHaveValue('');
    await expect(comments.getByRole('heading', { name: '3 comments' })).toBeVisible();
    const first = comments.getByRole('listitem').first();
    await expect(first).toContainText('Ines Duarte');
    await expect(first).toContainText('That blue door!');
    await expect(first.getByRole('link', { name: `@${owner.username}’s profile` })).toHaveAttribute('href', `/${owner.username}/`);
  });

  await test.step('too long a comment cannot be posted', async () => {
    await comments.getByRole('textbox', { name: 'Add a comment' }).fill('x'.repeat(501));
    await expect(comments.getByText('Please enter no more than 500 characters.')).toBeVisible();
    await expect(comments.getByRole('button', { name: 'Post' })).toBeDisabled();
    await comments.getByRole('textbox', { name: 'Add a comment' }).fill('');
  });

  await test.step('others’ comments offer Report, one’s own Delete; deleting asks first', async () => {
    const theirs = comments.getByRole('listitem').filter({ hasText: 'focaccia' });
    await expect(theirs.getByRole('button', { name: 'Report' })).toBeVisible();
    await expect(theirs.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    const mine = comments.getByRole('listitem').filter({ hasText: 'That blue door!' });
    await mine.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete comment?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Comment deleted')).toBeVisible();
    await expect(comments.getByRole('listitem').filter({ hasText: 'That blue door!' })).toHaveCount(0);
    await expect(comments.getByRole('heading', { name: '2 comments' })).toBeVisible();
  });

  await test.step('reporting a comment asks for a reason', async () => {
    await comments.getByRole('listitem').filter({ hasText: 'focaccia' }).getByRole('button', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this comment' });
    const send = dialog.getByRole('button', { name: 'Report' });
    await expect(send).toBeDisabled();
    await dialog.getByRole('radio', { name: /Spam/ }).check();
    await send.click();
    await expect(page.getByText('Thanks for letting us know')).toBeVisible();
    await expect(dialog).toHaveCount(0);
  });
});

test('a member replies to a comment and hearts it (decision 090)', async ({ page }) => {
  await registerUser(page.request, 'Ada Reyes', 'ada');
  await page.goto(`/pin/${pin.id}/`);
  const comments = page.getByRole('region', { name: /comments?$/i });
  const theirs = comments.getByRole('listitem').filter({ hasText: 'focaccia' }).first();

  await test.step('Reply opens a composer under the comment, pre-filled with the @username; the reply shows indented', async () => {
    await theirs.getByRole('button', { name: 'Reply', exact: true }).first().click();
    const box = comments.getByRole('textbox', { name: 'Reply to Theo Marchetti' });
    await expect(box).toBeFocused();
    await expect(box).toHaveValue(/^@theo\w* $/);
    await box.pressSequentially('which church?');
    await comments.getByRole('button', { name: 'Post' }).first().click();
    await expect(box).toHaveCount(0);
    const reply = theirs.getByRole('listitem').filter({ hasText: 'which church?' });
    await expect(reply).toBeVisible();
    await expect(reply).toContainText('Ada Reyes');
  });

  await test.step('a heart shows at once with aria-pressed and its count, and stays after a reload; pressing again takes it back', async () => {
    const heart = theirs.getByRole('button', { name: 'Heart this comment', exact: true }).first();
    await heart.focus();
    await page.keyboard.press('Enter');
    const hearted = theirs.getByRole('button', { name: 'Heart this comment (1 heart)' }).first();
    await expect(hearted).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(hearted).toHaveAttribute('aria-pressed', 'true');
    await hearted.click();
    await expect(theirs.getByRole('button', { name: 'Heart this comment', exact: true }).first()).toHaveAttribute('aria-pressed', 'false');
  });

  await test.step('the reply’s writer deletes it', async () => {
    await theirs.getByRole('listitem').filter({ hasText: 'which church?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete comment?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(theirs.getByRole('listitem').filter({ hasText: 'which church?' })).toHaveCount(0);
  });
});

test('a signed-out visitor reads comments and is asked to log in to write one', async ({ page }) => {
  await page.goto(`/pin/${pin.id}/`);
  const comments = page.getByRole('region', { name: /comments?$/i });
  await expect(comments.getByText('focaccia', { exact: false })).toBeVisible();
  await comments.getByRole('button', { name: 'Add a comment' }).click();
  await expect(page.getByRole('dialog', { name: 'Log in to comment' })).toBeVisible();
});

test('the owner turns comments off for new Pins, sees the education modal on the profile, and off for one Pin', async ({ page, playwright, baseURL }) => {
  const me = await registerUser(page.request, 'Olga Sandoval', 'olga');
  const api = await playwright.request.newContext({ baseURL, storageState: await page.request.storageState() });
  const board = await createBoard(api, 'Tiles');
  const myPin = await createPin(api, await makePicture({ width: 500, height: 500, sky: ['#457b9d', '#a8dadc'], ground: '#1d3557' }), {
    board_id: board.id,
    title: 'Azulejos',
  });
  await api.dispose();

  await test.step('no modal while comments default to on', async () => {
    await page.goto(`/${me.username}/`);
    await expect(page.getByRole('heading', { name: 'Olga Sandoval' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Comments are turned off' })).toHaveCount(0);
  });

  await test.step('the settings switch turns comments off for new Pins', async () => {
    await page.goto('/settings/permissions/');
    const allow = page.getByRole('switch', { name: 'Allow comments on your new Pins' });
    await expect(allow).toBeChecked();
    await allow.click({ force: true });
    await expect(page.getByText('Your comments setting was saved')).toBeVisible();
    await expect(allow).not.toBeChecked();
  });

  await test.step("the profile's saved tab opens 'Comments are turned off'; 'Open settings' leads to the setting", async () => {
    await page.goto(`/${me.username}/`);
    const dialog = page.getByRole('dialog', { name: 'Comments are turned off' });
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: `${SHOTS}comments-off-education-1280x800.png` });
    await dialog.getByRole('button', { name: 'Open settings' }).click();
    await expect(page).toHaveURL(/\/settings\/permissions\/$/);
    await expect(page.getByRole('switch', { name: 'Allow comments on your new Pins' })).not.toBeChecked();
    // Seen once, it does not open again.
    await page.goto(`/${me.username}/`);
    await expect(page.getByRole('heading', { name: 'Olga Sandoval' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Comments are turned off' })).toHaveCount(0);
  });

  await test.step('the owner turns one Pin’s comments off on its closeup', async () => {
    await page.goto(`/pin/${myPin.id}/`);
    const comments = page.getByRole('region', { name: /comments?$/i });
    await expect(comments.getByRole('textbox', { name: 'Add a comment' })).toBeVisible();
    await comments.getByRole('button', { name: 'Turn off comments' }).click();
    await expect(page.getByText('Comments turned off for this Pin')).toBeVisible();
    await expect(comments.getByText('Comments are turned off for this Pin.')).toBeVisible();
    await expect(comments.getByRole('textbox', { name: 'Add a comment' })).toHaveCount(0);
    await expect(comments.getByRole('button', { name: 'Turn on comments' })).toBeVisible();
  });

  await test.step('the Pin’s edit page turns them on again', async () => {
    await page.goto(`/pin/${myPin.id}/edit/`);
    const allow = page.getByRole('checkbox', { name: 'Allow people to comment' });
    await expect(allow).not.toBeChecked();
    await allow.check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/pin/${myPin.id}/$`));
    const comments = page.getByRole('region', { name: /comments?$/i });
    await expect(comments.getByRole('textbox', { name: 'Add a comment' })).toBeVisible();
  });
});

test('screenshot: a closeup with comments', async ({ page }) => {
  await registerUser(page.request, 'Ada Reviewer', 'ada');
  for (const [width, height] of [
    [1280, 1000],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`/pin/${pin.id}/`);
    await expect(page.getByRole('region', { name: /comments?$/i }).getByRole('listitem')).toHaveCount(2);
    await expect
      .poll(() =>
        page
          .locator('article img')
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    await page.screenshot({ path: `${SHOTS}closeup-comments-${width}x${height}.png`, fullPage: width < 600 });
  }
});
