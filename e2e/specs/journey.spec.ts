import { MESSAGES } from '@pinboard/shared/constants/messages';
import { uniqueSuffix } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture } from '../support/images';

// The wrong-password attempt answers 401, which Chromium logs.
test.use({ allowedConsoleErrors: [/the server responded with a status of 401/] });

test('a new member signs up, makes a board, uploads a Pin, and finds it again after logging back in', async ({ page }) => {
  const username = `mira_${uniqueSuffix()}`.slice(0, 30);
  const password = 'correct horse battery';
  const boardName = 'Weekend walks';
  const pinTitle = 'Sunset over the bay';

  await test.step('sign up', async () => {
    await page.goto('/signup/');
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Full name').fill('Mira Test');
    await page.getByRole('button', { name: 'Sign up' }).click();
  });

  await test.step('pick at least 3 topics: Next stays off until 3 are chosen (decision 089)', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Pick at least 3 topics' })).toBeVisible();
    const next = page.getByRole('button', { name: 'Next' });
    await expect(next).toBeDisabled();
    await page.getByRole('button', { name: 'Art', exact: true }).click();
    await page.getByRole('button', { name: 'Travel', exact: true }).click();
    await expect(next).toBeDisabled();
    await page.getByRole('button', { name: 'Weddings', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Weddings', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(next).toBeEnabled();
    await next.click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('button', { name: 'Your account' })).toBeVisible();
  });

  await test.step('create a board from the Create menu', async () => {
    await page.getByRole('button', { name: 'Create' }).click();
    await page
      .getByRole('dialog', { name: MESSAGES.createMenu.addPinOrBoard })
      .getByRole('button', { name: /^Board/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Create board' });
    await expect(dialog).toBeVisible();
    const name = dialog.getByLabel('Name');
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('placeholder', MESSAGES.board.namePlaceholder);
    const create = dialog.getByRole('button', { name: 'Create' });
    await expect(create).toBeDisabled();

    await name.fill('Weekend');
    await expect(create).toBeEnabled();
    await name.fill('');
    await expect(dialog.getByText(MESSAGES.board.nameRequired)).toBeVisible();
    await expect(create).toBeDisabled();

    await name.fill('x'.repeat(51));
    await expect(dialog.getByText('Please enter no more than 50 characters.')).toBeVisible();
    await expect(create).toBeDisabled();

    await name.fill(boardName);
    await expect(dialog.getByText(MESSAGES.board.nameRequired)).toBeHidden();
    await create.click();
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.board.created })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(`/${username}/weekend-walks/`);
    await expect(page.getByRole('heading', { level: 1, name: boardName })).toBeVisible();
  });

  await test.step('upload a photo as a Pin into the board', async () => {
    await page.getByRole('link', { name: 'Add Pin' }).click();
    await expect(page).toHaveURL(/\/pin-creation-tool\/\?board_id=\d+$/);
    await expect(page.getByRole('heading', { name: 'Create Pin' })).toBeVisible();

    const photo = await makePicture({ width: 600, height: 800, sky: ['#f7b267', '#f4845f'], ground: '#3d405b' });
    await page.getByLabel('Choose an image').setInputFiles({ name: 'sunset.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();

    await page.getByLabel('Title', { exact: true }).fill(pinTitle);
    await page.getByLabel('Description', { exact: true }).fill('The last light over the water, from the cliff path.');
    const link = page.getByLabel('Link', { exact: true });
    await link.fill('not a link');
    await link.blur();
    await expect(page.getByText(MESSAGES.invalidUrl)).toBeVisible();
    await link.fill('example.com/walks/sunset');
    await expect(page.getByLabel('Board', { exact: true })).toHaveValue(/\d+/);
    await expect(page.getByLabel('Board', { exact: true }).locator('option:checked')).toHaveText(boardName);

    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page).toHaveURL(/\/pin\/\d+\/$/);
    await expect(page.getByRole('heading', { level: 1, name: pinTitle })).toBeVisible();
    await expect(page.getByRole('link', { name: 'example.com' })).toHaveAttribute('rel', /nofollow/);
  });

  await test.step('the Pin is on the board page and on the home feed', async () => {
    await page.getByRole('link', { name: boardName }).click();
    await expect(page.getByRole('heading', { level: 1, name: boardName })).toBeVisible();
    await expect(page.getByText('1 Pin', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: pinTitle }).first()).toBeVisible();

    await page.getByRole('link', { name: 'Pinboard home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('list', { name: 'Your home feed' }).getByRole('link', { name: pinTitle }).first()).toBeVisible();
  });

  await test.step('log out', async () => {
    await page.getByRole('button', { name: 'Your account' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Your account' })).toBeHidden();
  });

  await test.step('log back in and see the Pin again', async () => {
    await page.getByRole('link', { name: 'Log in' }).click();
    await page.getByLabel('Email or username').fill(username);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'incorrect' })).toBeVisible();

    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('button', { name: 'Your account' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Your home feed' }).getByRole('link', { name: pinTitle }).first()).toBeVisible();

    await page.getByRole('button', { name: 'Your account' }).click();
    await page.getByRole('menuitem', { name: /Your profile/ }).click();
    await expect(page).toHaveURL(`/${username}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Mira Test' })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(boardName) })).toBeVisible();
  });
});
