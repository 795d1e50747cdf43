import { MESSAGES } from '@pinboard/shared/constants/messages';
import { registerUser, uniqueSuffix } from '../support/api';
import { expect, test } from '../support/fixtures';
import { lastVerificationLink, mailsTo } from '../support/outbox';

// A used (409) or unknown (400) link is answered with an error status, which Chromium logs.
test.use({ allowedConsoleErrors: [/the server responded with a status of 40[09]/] });

test('a new member verifies their email: the modal resends the link, and the mailed link verifies', async ({ page }) => {
  const username = `vera_${uniqueSuffix()}`.slice(0, 30);
  const email = `${username}@example.com`;

  await test.step('sign up in the browser: the home feed asks to verify the email', async () => {
    await page.goto('/signup/');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Full name').fill('Vera Test');
    await page.getByRole('button', { name: 'Sign up' }).click();
    // The interests step (decision 089), then home.
    for (const topic of ['Art', 'Travel', 'Weddings']) await page.getByRole('button', { name: topic, exact: true }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('region', { name: 'Verify email' })).toBeVisible();
    await expect.poll(() => mailsTo(email).length).toBe(1);
  });

  await test.step('the modal: Resend email becomes Email sent', async () => {
    await page.getByRole('button', { name: 'Verify email' }).click();
    const dialog = page.getByRole('dialog', { name: MESSAGES.emailVerification.title });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: MESSAGES.emailVerification.resend }).click();
    const sent = dialog.getByRole('button', { name: MESSAGES.emailVerification.sent });
    await expect(sent).toBeVisible();
    await expect(sent).toBeDisabled();
    await expect.poll(() => mailsTo(email).length).toBe(2);
    expect(mailsTo(email).at(-1)?.subject).toBe(MESSAGES.emailVerification.title);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  const link = lastVerificationLink(email);

  await test.step('the mailed link verifies the email, and the reminder is gone', async () => {
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Your email is verified' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to your home feed' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: 'Your home feed' })).toBeAttached();
    await expect(page.getByRole('region', { name: 'Verify email' })).toHaveCount(0);
    await page.goto(`/${username}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Vera Test' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Verify email' })).toHaveCount(0);
  });

  await test.step('the same link again says it was used', async () => {
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'This link has already been used' })).toBeVisible();
    await expect(page.getByText('Your email is already verified.')).toBeVisible();
  });
});

test('a link that is not valid offers a new one to the signed-in person, and the login to others', async ({ page, browser }) => {
  const user = await registerUser(page.request, 'Ivo Test', 'ivo');

  await test.step('signed in: Resend email sends a new link that works', async () => {
    await page.goto('/verify-email/?token=not-a-token-we-sent');
    await expect(page.getByRole('heading', { name: "This link isn't valid" })).toBeVisible();
    const before = mailsTo(user.email).length;
    await page.getByRole('button', { name: MESSAGES.emailVerification.resend }).click();
    await expect(page.getByRole('button', { name: MESSAGES.emailVerification.sent })).toBeDisabled();
    await expect.poll(() => mailsTo(user.email).length).toBe(before + 1);
    await page.goto(lastVerificationLink(user.email));
    await expect(page.getByRole('heading', { name: 'Your email is verified' })).toBeVisible();
  });

  await test.step('signed out: the page asks to log in for a new link', async () => {
    const visitor = await browser.newContext();
    try {
      const other = await visitor.newPage();
      await other.goto('/verify-email/?token=not-a-token-we-sent');
      await expect(other.getByRole('heading', { name: "This link isn't valid" })).toBeVisible();
      await expect(other.getByText('Log in to get a new link.')).toBeVisible();
      await expect(other.getByRole('main').getByRole('link', { name: 'Log in' })).toBeVisible();
    } finally {
      await visitor.close();
    }
  });
});
