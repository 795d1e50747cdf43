import { registerUser, type ApiUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { logIn } from '../support/social';

let mia: ApiUser;

test.beforeAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  mia = await registerUser(api, 'Mia Messages', 'mia');
  await api.dispose();
});

test('a member messages someone from their profile, and the reply arrives live', async ({ page, browser, baseURL }) => {
  const leo = await registerUser(page.request, 'Leo Writes', 'leo');
  const first = 'Hi Mia! Where did you find that blue door?';

  await test.step('the Message flyout sends only real text, then opens the conversation', async () => {
    await page.goto(`/${mia.username}/`);
    await page.getByRole('button', { name: 'Message', exact: true }).click();
    const flyout = page.getByRole('dialog', { name: `Message ${mia.fullName}` });
    const send = flyout.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();
    await flyout.getByLabel('Message').fill('   ');
    await expect(send).toBeDisabled();
    await flyout.getByLabel('Message').fill(first);
    await send.click();
    await expect(flyout).toBeHidden();
    await expect(page).toHaveURL(/\/conversation\/\d+\/$/);
    await expect(page.getByRole('list', { name: 'Messages in this conversation' }).getByText(first)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: new RegExp(mia.fullName) })).toBeVisible();
  });

  await test.step('Mia finds it in her inbox and answers; Leo sees the answer without reloading', async () => {
    const miaContext = await browser.newContext({ baseURL });
    const miaPage = await miaContext.newPage();
    await logIn(miaPage, mia);
    await miaPage
      .getByRole('link', { name: /Messages/ })
      .first()
      .click();
    await expect(miaPage).toHaveURL('/messages/');
    const row = miaPage.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: new RegExp(leo.fullName) });
    await expect(row).toContainText(first);
    await row.click();
    await expect(miaPage.getByRole('list', { name: 'Messages in this conversation' }).getByText(first)).toBeVisible();
    const composer = miaPage.getByLabel('Message', { exact: true });
    await composer.fill('In Menton, near the old port!');
    await miaPage.getByRole('button', { name: 'Send' }).click();
    await expect(composer).toHaveValue('');
    await expect(miaPage.getByRole('list', { name: 'Messages in this conversation' }).getByText('In Menton, near the old port!')).toBeVisible();
    await miaContext.close();

    await expect(page.getByRole('list', { name: 'Messages in this conversation' }).getByText('In Menton, near the old port!')).toBeVisible({ timeout: 15_000 });
  });
});

test('a visitor is asked to log in to read messages', async ({ page }) => {
  await page.goto('/messages/');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' }).last()).toHaveAttribute('href', '/login/?next=%2Fmessages%2F');
});
