import { MESSAGES } from '@pinboard/shared/constants/messages';
import { registerUser, type ApiUser } from '../support/api';
import { expect, test } from '../support/fixtures';

let rex: ApiUser;

test.beforeAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  rex = await registerUser(api, 'Rex Loud', 'rex');
  await api.dispose();
});

test('a member blocks someone after confirming, then unblocks them', async ({ page }) => {
  await registerUser(page.request, 'Bea Blocks', 'bea');
  await page.goto(`/${rex.username}/`);
  await expect(page.getByRole('heading', { level: 1, name: rex.fullName })).toBeVisible();

  await test.step("'Never mind' keeps things as they were", async () => {
    await page.getByRole('button', { name: MESSAGES.profile.options }).click();
    await page.getByRole('menu', { name: MESSAGES.profile.options }).getByRole('menuitem', { name: 'Block' }).click();
    const dialog = page.getByRole('dialog', { name: `Block ${rex.fullName}?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: MESSAGES.block.neverMind }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  });

  await test.step('block: a toast, and Unblock takes the place of Follow and Message', async () => {
    await page.getByRole('button', { name: MESSAGES.profile.options }).click();
    await page.getByRole('menuitem', { name: 'Block' }).click();
    await page
      .getByRole('dialog', { name: `Block ${rex.fullName}?` })
      .getByRole('button', { name: 'Block' })
      .click();
    await expect(page.getByRole('alert').filter({ hasText: `You've blocked ${rex.fullName}` })).toBeVisible();
    await expect(page.getByRole('button', { name: MESSAGES.block.unblock, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Follow', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Message', exact: true })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: MESSAGES.block.unblock, exact: true })).toBeVisible();
  });

  await test.step("unblock: the spec's modal, then a toast", async () => {
    await page.getByRole('button', { name: MESSAGES.block.unblock, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Unblock ${rex.fullName}?` });
    await expect(dialog.getByText(MESSAGES.block.unblockBody)).toBeVisible();
    await dialog.getByRole('button', { name: MESSAGES.block.learnMore }).click();
    await expect(dialog.getByText(/Unblocking lets this person/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: MESSAGES.block.neverMind })).toBeVisible();
    await dialog.getByRole('button', { name: MESSAGES.block.unblock, exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: `You unblocked ${rex.fullName}` })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Message', exact: true })).toBeVisible();
  });
});

test('report: the options menu leads to the report page', async ({ page }) => {
  await registerUser(page.request, 'Ria Reports', 'ria');
  await page.goto(`/${rex.username}/`);
  await page.getByRole('button', { name: MESSAGES.profile.options }).click();
  await page.getByRole('menuitem', { name: 'Report' }).click();
  await expect(page).toHaveURL(`/${rex.username}/report/`);
  await expect(page.getByRole('heading', { level: 1, name: `Report ${rex.fullName}` })).toBeVisible();
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Choose a reason for the report.' })).toBeVisible();
  await page.getByRole('radio', { name: /Spam/ }).check();
  await page.getByLabel('Anything else we should know?').fill('Posts the same link over and over.');
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByRole('heading', { name: 'Thanks for letting us know' })).toBeVisible();
});

test('a visitor in the EU gets the EU legal report in the options menu', async ({ browser, baseURL }) => {
  // A German browser (the country comes from its language) reading the page in English, by its address.
  const context = await browser.newContext({ baseURL, locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto(`/${rex.username}/?locale=en-US`);
  await page.getByRole('button', { name: MESSAGES.profile.options }).click();
  const menu = page.getByRole('menu', { name: MESSAGES.profile.options });
  await expect(menu.getByRole('menuitem')).toHaveText([MESSAGES.profile.reportEuLaw]);
  await menu.getByRole('menuitem', { name: MESSAGES.profile.reportEuLaw }).click();
  const dialog = page.getByRole('dialog', { name: MESSAGES.profile.reportEuLaw });
  await dialog.getByRole('radio', { name: 'Trademark' }).check();
  await expect(dialog.getByLabel('Your country')).toHaveValue('DE');
  await dialog.getByLabel('When was it published or first seen?').fill('2024-06-01');
  await dialog.getByLabel('What is unlawful about this account?').fill('Uses our registered brand name to sell copies.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Thanks. We received your report.' })).toBeVisible();
  await context.close();
});
