import { MESSAGES } from '@pinboard/shared/constants/messages';
import { createPin, registerUser, type ApiUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture, PALETTES } from '../support/images';
import { savePin } from '../support/social';

let rex: ApiUser;
let rexPinId: string;

test.beforeAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  rex = await registerUser(api, 'Rex Region', 'rexr');
  rexPinId = (await createPin(api, await makePicture({ width: 300, height: 400, ...PALETTES[1]! }), { title: 'Rex original' })).id;
  await api.dispose();
});

test('a member in the EU (by their account country) gets the EU legal report on profiles', async ({ page }) => {
  await registerUser(page.request, 'Clara Country', 'clara');

  await test.step('with the default country there is no regional report', async () => {
    await page.goto(`/${rex.username}/`);
    await page.getByRole('button', { name: MESSAGES.profile.options }).click();
    const menu = page.getByRole('menu', { name: MESSAGES.profile.options });
    await expect(menu.getByRole('menuitem', { name: 'Report', exact: true })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: MESSAGES.profile.reportEuLaw })).toHaveCount(0);
    await page.keyboard.press('Escape');
  });

  await test.step('choose Germany in account settings', async () => {
    await page.goto('/settings/account-settings/');
    const country = page.getByLabel('Country or region');
    await expect(country).toHaveValue('US');
    await country.selectOption('DE');
    await expect(page.getByRole('alert').filter({ hasText: 'Your country or region is now Germany' })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Country or region')).toHaveValue('DE');
  });

  await test.step('the options menu now offers the EU report beside the others', async () => {
    await page.goto(`/${rex.username}/`);
    await page.getByRole('button', { name: MESSAGES.profile.options }).click();
    const menu = page.getByRole('menu', { name: MESSAGES.profile.options });
    await expect(menu.getByRole('menuitem')).toHaveText(['Block', 'Report', MESSAGES.profile.reportEuLaw]);
    await menu.getByRole('menuitem', { name: MESSAGES.profile.reportEuLaw }).click();
    await expect(page.getByRole('dialog', { name: MESSAGES.profile.reportEuLaw })).toBeVisible();
  });
});

test('turning messaging off in settings takes the Message button away on profiles', async ({ page }) => {
  await registerUser(page.request, 'Quiet Quinn', 'quinn');
  await page.goto(`/${rex.username}/`);
  await expect(page.getByRole('button', { name: 'Message', exact: true })).toBeVisible();

  await page.goto('/settings/account-settings/');
  const messaging = page.getByRole('switch', { name: 'Let people message you' });
  await expect(messaging).toBeChecked();
  await messaging.click({ force: true });
  await expect(page.getByRole('alert').filter({ hasText: 'Your messaging setting was saved' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Let people message you' })).not.toBeChecked();

  await page.goto(`/${rex.username}/`);
  await expect(page.getByRole('heading', { level: 1, name: rex.fullName })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Message', exact: true })).toHaveCount(0);
});

test('the owner marks a Pin as a favourite and filters their Pins by Favorites and Created by you', async ({ page }) => {
  const owner = await registerUser(page.request, 'Fay Favorites', 'fay');
  const made = await createPin(page.request, await makePicture({ width: 300, height: 420, ...PALETTES[0]! }), { title: 'Fay lemon tart' });
  const other = await createPin(page.request, await makePicture({ width: 300, height: 380, ...PALETTES[2]! }), { title: 'Fay plum cake' });
  await savePin(page.request, rexPinId);
  const pins = page.getByRole('list', { name: 'Pins' });
  const favorites = page.getByRole('button', { name: 'Favorites', exact: true });
  const createdByYou = page.getByRole('button', { name: 'Created by you', exact: true });

  await test.step('the closeup toggles the favourite for its owner', async () => {
    await page.goto(`/pin/${made.id}/`);
    await page.getByRole('button', { name: 'Add to favorites' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Added to your favorites' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove from favorites' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Remove from favorites' })).toBeVisible();
  });

  await test.step('Favorites keeps only the favourite', async () => {
    await page.goto(`/${owner.username}/`);
    await expect(pins.getByRole('link', { name: 'Rex original' }).first()).toBeVisible();
    await expect(pins.getByRole('link', { name: 'Fay plum cake' }).first()).toBeVisible();
    await favorites.click();
    await expect(favorites).toHaveAttribute('aria-pressed', 'true');
    await expect(pins.getByRole('link', { name: 'Fay lemon tart' }).first()).toBeVisible();
    await expect(pins.getByRole('link', { name: 'Fay plum cake' })).toHaveCount(0);
    await expect(pins.getByRole('link', { name: 'Rex original' })).toHaveCount(0);
  });

  await test.step('Created by you alone keeps what the owner made, not what they saved', async () => {
    await favorites.click();
    await createdByYou.click();
    await expect(pins.getByRole('link', { name: 'Fay plum cake' }).first()).toBeVisible();
    await expect(pins.getByRole('link', { name: 'Fay lemon tart' }).first()).toBeVisible();
    await expect(pins.getByRole('link', { name: 'Rex original' })).toHaveCount(0);
  });

  await test.step("no favourite left: 'Nothing to see here'", async () => {
    await page.goto(`/pin/${made.id}/`);
    await page.getByRole('button', { name: 'Remove from favorites' }).click();
    await expect(page.getByRole('button', { name: 'Add to favorites' })).toBeVisible();
    await page.goto(`/${owner.username}/`);
    await favorites.click();
    await expect(page.getByText(MESSAGES.emptyState.nothingToSee)).toBeVisible();
  });

  await test.step('the Created tab lists only what the owner made', async () => {
    await page.goto(`/${owner.username}/_created/`);
    await expect(pins.getByRole('link', { name: 'Fay plum cake' }).first()).toBeVisible();
    await expect(pins.getByRole('link', { name: 'Fay lemon tart' }).first()).toBeVisible();
    await expect(pins.getByRole('link', { name: 'Rex original' })).toHaveCount(0);
  });
  void other;
});

test("a message flag on the owner's profile shows its toast, then the URL becomes /{username}/", async ({ page }) => {
  const owner = await registerUser(page.request, 'Mona Message', 'mona');
  await page.goto(`/${owner.username}/?message=account_switch_to_settings`);
  await expect(page.getByRole('alert').filter({ hasText: "You've switched into and are currently in the account Mona Message" })).toBeVisible();
  await expect(page).toHaveURL(`/${owner.username}/`);

  await page.goto(`/${owner.username}/_created/?message=unlink_successful`);
  await expect(page.getByRole('alert').filter({ hasText: "Success! You've unlinked this business account. You are currently in Mona Message." })).toBeVisible();
  await expect(page).toHaveURL(`/${owner.username}/`);

  await test.step("someone else's visit with the flag shows nothing and keeps the URL", async () => {
    await page.goto(`/${rex.username}/?message=account_switch_to_settings`);
    await expect(page.getByRole('heading', { level: 1, name: rex.fullName })).toBeVisible();
    await expect(page).toHaveURL(`/${rex.username}/?message=account_switch_to_settings`);
    await expect(page.getByRole('alert').filter({ hasText: "You've switched into" })).toHaveCount(0);
  });
});

test('people search shows whether one follows each person, and Follow works there', async ({ page }) => {
  await registerUser(page.request, 'Seeker Sam', 'seeker');
  await page.goto(`/search/?q=${rex.username}&scope=users`);
  const row = page.getByRole('listitem').filter({ hasText: `@${rex.username}` });
  await expect(row.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(row.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
  await page.reload();
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: `@${rex.username}` })
      .getByRole('button', { name: 'Following', exact: true }),
  ).toBeVisible();
  await page.goto(`/${rex.username}/`);
  await expect(page.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
});
