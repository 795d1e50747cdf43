import type { APIRequestContext } from '@playwright/test';
import { MESSAGES } from '@pinboard/shared/constants/messages';
import { createPin, registerUser } from '../support/api';
import { serveFixtureSite, type FixtureSite } from '../support/fixturePage';
import { expect, test } from '../support/fixtures';
import { makePicture, PALETTES } from '../support/images';
import { updateProfile } from '../support/social';

async function read<T>(request: APIRequestContext, name: string): Promise<T> {
  const response = await request.get(`/resource/${name}/get/?data=${encodeURIComponent(JSON.stringify({ options: {} }))}`);
  return ((await response.json()) as { resource_response: { data: T } }).resource_response.data;
}

let site: FixtureSite | null = null;
test.afterEach(async () => {
  await site?.close();
  site = null;
});

test('a business adds its cover, contact details and claimed website, then picks its merchant badges', async ({ page }) => {
  const shop = await registerUser(page.request, 'Fjord Home Goods', 'fjord');
  // The shop's own website, on loopback, carries the claim tag its settings show.
  const { meta_tag: tag } = await read<{ meta_tag: string }>(page.request, 'WebsiteClaimResource');
  site = await serveFixtureSite(() => ({
    '/': { type: 'text/html', body: `<!doctype html><html><head>${tag}<title>Fjord</title></head><body>Shop</body></html>` },
  }));
  await updateProfile(page.request, { website_url: `${site.origin}/`, about: 'Wool throws and oak furniture from a small workshop by the fjord.' });

  await test.step('convert to a business account in the account settings', async () => {
    await page.goto('/settings/account-settings/');
    await page.getByRole('button', { name: 'Convert to a business account' }).click();
    await expect(page.getByText("You're now using a business account")).toBeVisible();
  });

  await test.step('upload a cover image through the image pipeline', async () => {
    const cover = await makePicture({ width: 1600, height: 700, ...PALETTES[1]! });
    await page.getByLabel('Change cover').setInputFiles({ name: 'cover.jpg', mimeType: 'image/jpeg', buffer: cover });
    await expect(page.getByText('Cover image saved')).toBeVisible();
    await expect(page.getByRole('img', { name: "Fjord Home Goods's cover image" })).toBeVisible();
  });

  await test.step('contact details', async () => {
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Contact details' }) });
    await form.getByLabel('Contact email').fill('hello@fjord.example');
    await form.getByLabel('Country code').fill('+47');
    await form.getByLabel('Phone number').fill('22 33 44 55');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Contact details saved')).toBeVisible();
  });

  await test.step('claim the website: the shop becomes a verified merchant', async () => {
    await expect(page.getByText(tag)).toBeVisible();
    await page.getByRole('button', { name: 'Check my website' }).click();
    await expect(page.getByText('Website claimed')).toBeVisible();
    await expect(page.getByText(/is claimed\. Your profile shows the Verified Merchant badge\./)).toBeVisible();
  });

  await test.step('the partner header: cover with the avatar over it, the Verified Merchant link', async () => {
    await page.goto(`/${shop.username}/`);
    const header = page.locator('header', { has: page.getByRole('heading', { level: 1, name: /Fjord Home Goods/ }) });
    await expect(header.getByRole('img', { name: "Fjord Home Goods's cover image" })).toBeVisible();
    const box = await header.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(656);
    await header.getByRole('button', { name: MESSAGES.profile.verifiedMerchant }).click();
    const flyout = page.getByRole('dialog', { name: MESSAGES.profile.verifiedMerchant });
    await expect(flyout.getByText(/Fjord Home Goods is a verified merchant/)).toBeVisible();
    await expect(flyout.getByRole('link', { name: /Visit 127\.0\.0\.1/ })).toBeVisible();
    await page.keyboard.press('Escape');
  });

  await test.step('edit merchant details: three badges at most, a colour, Save only after a change', async () => {
    await page.getByRole('button', { name: MESSAGES.profile.editMerchantDetails }).click();
    const sheet = page.getByRole('dialog', { name: MESSAGES.profile.editMerchantDetails });
    const save = sheet.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    for (const label of ['Handmade', 'Sustainable', 'Small business']) await sheet.getByRole('checkbox', { name: label }).check();
    await expect(sheet.getByRole('checkbox', { name: 'Vegan' })).toBeDisabled();
    await expect(sheet.getByText('You can show at most 3 badges.', { exact: false })).toBeVisible();
    await sheet.getByRole('checkbox', { name: 'Small business' }).uncheck();
    await expect(sheet.getByRole('checkbox', { name: 'Vegan' })).toBeEnabled();
    await sheet.getByRole('checkbox', { name: 'Locally made' }).check();
    await sheet.getByRole('radio', { name: '#0A7C42' }).click();
    await expect(save).toBeEnabled();
    const sent = page.waitForRequest((request) => request.url().includes('/resource/VerifiedMerchantResource/update/'));
    await save.click();
    expect(
      ((await sent).postDataJSON() as { options: { inspirational_badge_selection: { badgeColor: string; badgeOptOut: string[] } } }).options
        .inspirational_badge_selection,
    ).toEqual({
      badgeColor: '#0A7C42',
      badgeOptOut: ['small_business', 'vegan', 'inclusive_sizing', 'giving_back'],
    });
    await expect(sheet).toBeHidden();
    const badges = page.getByRole('list', { name: 'Badges' });
    await expect(badges.getByRole('listitem')).toHaveText(['Handmade', 'Sustainable', 'Locally made']);
  });

  await test.step('a visitor gets the Contact menu and the monthly views', async () => {
    const visitor = await page
      .context()
      .browser()!
      .newContext({ baseURL: new URL(page.url()).origin });
    const other = await visitor.newPage();
    await registerUser(other.request, 'Vera Visitor', 'vera');
    await other.goto(`/${shop.username}/`);
    await expect(other.getByText(/monthly views/)).toBeVisible();
    await other.getByRole('button', { name: 'Contact' }).click();
    await expect(other.getByRole('link', { name: /Email/ })).toHaveAttribute('href', 'mailto:hello@fjord.example');
    await expect(other.getByRole('link', { name: /Call/ })).toHaveAttribute('href', 'tel:+4722334455');
    await visitor.close();
  });

  await page.getByRole('button', { name: MESSAGES.profile.editMerchantDetails }).waitFor();
  await page.screenshot({ path: '/tmp/partner.png', fullPage: false });
});

test('board suggestions: the owner makes a board from a cluster of unorganized Pins', async ({ page }) => {
  const me = await registerUser(page.request, 'Bea Baker', 'bea');
  const titles = ['Sourdough starter', 'Sourdough scoring', 'Rustic sourdough loaf', 'Balcony herbs'];
  for (const [index, title] of titles.entries()) {
    await createPin(page.request, await makePicture({ width: 600, height: 800, ...PALETTES[index % PALETTES.length]! }), { title });
  }
  await page.goto(`/${me.username}/`);
  const suggestions = page.locator('section', { has: page.getByRole('heading', { name: 'Board suggestions' }) });
  await expect(suggestions.getByRole('listitem')).toHaveCount(1);
  await suggestions.getByRole('link', { name: 'Create a board from Sourdough' }).click();

  const dialog = page.getByRole('dialog', { name: 'Create board' });
  await expect(dialog.getByText('These 3 Pins move to the new board')).toBeVisible();
  await expect(dialog.getByRole('img')).toHaveCount(3);
  await expect(dialog.getByLabel('Name')).toHaveValue('Sourdough');
  const created = page.waitForRequest((request) => request.url().includes('/resource/BoardResource/create/'));
  await dialog.getByRole('button', { name: 'Create' }).click();
  expect(((await created).postDataJSON() as { options: Record<string, unknown> }).options).toMatchObject({ aux_data: { source: 'create_pin_cluster_page' } });
  await expect(page.getByText('3 Pins moved to Sourdough')).toBeVisible();
  await expect(page).toHaveURL(`/${me.username}/sourdough/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sourdough' })).toBeVisible();
  for (const title of titles.slice(0, 3)) await expect(page.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();

  await page.goto(`/${me.username}/`);
  await expect(page.getByRole('heading', { name: 'Unorganized ideas' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Board suggestions' })).toBeHidden();
});

test('a Pin marked as tried from its page shows on the Tried tab', async ({ page }) => {
  const me = await registerUser(page.request, 'Tom Tries', 'tom');
  const pin = await createPin(page.request, await makePicture({ width: 600, height: 700, ...PALETTES[2]! }), { title: 'Lemon tart' });
  await page.goto(`/${me.username}/tried/`);
  await expect(page.getByText('Pins you try and mark as tried from their page show up here.')).toBeVisible();

  await page.goto(`/pin/${pin.id}/`);
  await page.getByRole('button', { name: 'Mark as tried' }).click();
  await expect(page.getByRole('button', { name: 'You tried this' })).toBeVisible();
  await expect(page.getByText('1 person tried this')).toBeVisible();

  await page.goto(`/${me.username}/`);
  await page
    .getByRole('tab', { name: 'Tried' })
    .or(page.getByRole('link', { name: 'Tried' }))
    .first()
    .click();
  await expect(page).toHaveURL(`/${me.username}/tried/`);
  await expect(page.getByRole('link', { name: /Lemon tart/ }).first()).toBeVisible();
});
