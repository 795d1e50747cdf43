import type { Page } from '@playwright/test';
import { MESSAGES } from '@pinboard/shared/constants/messages';
import { createBoard, registerUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { joinExperiments } from '../support/session';

/** Puts the signed-in viewer in the split-profile experiment, as the server's experiment groups would. */
const joinSplitProfile = (page: Page) => joinExperiments(page, { split_profile: 'enabled' });

test('under the split profile, one’s own profile is “Your saved ideas”, and View profile shows what visitors see', async ({ page }) => {
  const me = await registerUser(page.request, 'Sami Split', 'sami');
  await createBoard(page.request, 'Open garden');
  await createBoard(page.request, 'Surprise party', '', 'secret');
  await joinSplitProfile(page);
  await page.goto(`/${me.username}/`);

  await test.step('the retrieval hub: the saved ideas, with Pins and Boards tabs', async () => {
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.profile.savedIdeas })).toBeVisible();
    await expect(page.getByText(me.fullName, { exact: true })).toBeVisible();
    const tabs = page.getByRole('navigation', { name: 'Your saved ideas tabs' });
    await expect(tabs.getByRole('link', { name: 'Pins' })).toHaveAttribute('aria-current', 'page');
    await tabs.getByRole('link', { name: 'Boards' }).click();
    await expect(page).toHaveURL(`/${me.username}/boards/`);
    await expect(page.getByRole('link', { name: /Open garden/ }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /Surprise party/ }).first()).toBeVisible();
  });

  await test.step('View profile: the public preview hides the secret board', async () => {
    await page.getByRole('link', { name: MESSAGES.profile.viewProfile }).click();
    await expect(page).toHaveURL(`/${me.username}/_preview/`);
    await expect(page.getByText('Public preview', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: me.fullName })).toBeVisible();
    await expect(page.getByRole('link', { name: /Open garden/ }).first()).toBeVisible();
    await expect(page.getByText('Surprise party')).toHaveCount(0);
    // Visitors get the Follow button; the owner's own controls are not there.
    await expect(page.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: MESSAGES.profile.searchYourPins })).toHaveCount(0);
  });

  await test.step('back to the saved ideas, where the secret board is still one’s own', async () => {
    await page.getByRole('link', { name: 'Back to your saved ideas' }).click();
    await expect(page).toHaveURL(`/${me.username}/`);
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.profile.savedIdeas })).toBeVisible();
    await page.getByRole('navigation', { name: 'Your saved ideas tabs' }).getByRole('link', { name: 'Boards' }).click();
    await expect(page.getByRole('link', { name: /Surprise party/ }).first()).toBeVisible();
  });
});

test('without the experiment the profile is as before, and only its owner can open the preview', async ({ page, browser }) => {
  const owner = await registerUser(page.request, 'Petra Preview', 'petra');
  await page.goto(`/${owner.username}/_preview/created/`);
  await expect(page.getByText('Public preview', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to your profile' })).toHaveAttribute('href', `/${owner.username}/`);
  await page.goto(`/${owner.username}/`);
  await expect(page.getByRole('heading', { level: 1, name: owner.fullName })).toBeVisible();
  await expect(page.getByRole('heading', { name: MESSAGES.profile.savedIdeas })).toHaveCount(0);

  const context = await browser.newContext();
  const other = await context.newPage();
  await registerUser(other.request, 'Otto Other', 'otto');
  await other.goto(`/${owner.username}/_preview/`);
  await expect(other).toHaveURL(`/${owner.username}/`);
  await expect(other.getByText('Public preview', { exact: true })).toHaveCount(0);
  await context.close();
});
