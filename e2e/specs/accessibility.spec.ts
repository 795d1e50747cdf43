import { MESSAGES } from '@pinboard/shared/constants/messages';
import { registerUser } from '../support/api';
import { expect, test } from '../support/fixtures';

test('while the create-board dialog is open, the page behind it is out of the accessibility tree', async ({ page }) => {
  await registerUser(page.request, 'Ada Access', 'ada');
  await page.goto('/');
  // Before the dialog: the header's Create button is there.
  await expect(page.getByRole('button', { name: 'Create', exact: true })).toHaveCount(1);

  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await page
    .getByRole('dialog', { name: MESSAGES.createMenu.addPinOrBoard })
    .getByRole('button', { name: /^Board/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Create board' });
  await expect(dialog).toBeVisible();

  // Only the dialog's own Create button is reachable; the header's is hidden behind the modal.
  await expect(page.getByRole('button', { name: 'Create', exact: true })).toHaveCount(1);
  await expect(dialog.getByRole('button', { name: 'Create', exact: true })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Your account' })).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(1);

  // Closing the dialog brings the page back.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Your account' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Create', exact: true })).toHaveCount(1);
});

test("a profile's overflow menu shows its title 'Profile options'", async ({ page, playwright, baseURL }) => {
  const ownerApi = await playwright.request.newContext({ baseURL });
  const owner = await registerUser(ownerApi, 'Olga Options', 'olga');
  await ownerApi.dispose();
  await registerUser(page.request, 'Vic Viewer', 'vic');
  await page.goto(`/${owner.username}/`);

  await page.getByRole('button', { name: MESSAGES.profile.options }).click();
  const menu = page.getByRole('menu', { name: MESSAGES.profile.options });
  await expect(menu.getByRole('menuitem', { name: 'Block' })).toBeVisible();
  // The title is on screen, in the menu's popover, and names the menu.
  const title = page.getByRole('heading', { name: MESSAGES.profile.options, exact: true });
  await expect(title).toBeVisible();
  const titleId = await title.getAttribute('id');
  expect(titleId, 'the title has an id the menu points at').toBeTruthy();
  await expect(menu).toHaveAttribute('aria-labelledby', titleId!);
});
