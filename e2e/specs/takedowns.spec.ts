import { createBoard, createPin, registerUser } from '../support/api';
import { NOT_FOUND_CONSOLE_LINE, expect, test } from '../support/fixtures';
import { makePicture } from '../support/images';
import { mailsTo } from '../support/outbox';
import { logIn } from '../support/session';

const OUT = new URL('../../docs/screenshots/issue-14/', import.meta.url).pathname;

test.use({ allowedConsoleErrors: [NOT_FOUND_CONSOLE_LINE] });

test('a takedown sent through the EU (dsa) form is decided by staff, and the statement of reasons reaches both sides', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const ownerApi = await playwright.request.newContext({ baseURL });
  const owner = await registerUser(ownerApi, 'Paula Pinner', 'paula');
  const board = await createBoard(ownerApi, 'Found online');
  const pin = await createPin(ownerApi, await makePicture({ width: 600, height: 800, sky: ['#ffd6a5', '#fdffb6'], ground: '#6a994e' }), {
    board_id: board.id,
    title: 'Borrowed lighthouse photo',
  });
  await ownerApi.dispose();
  const staffApi = await playwright.request.newContext({ baseURL });
  await staffApi.get('/');
  const csrf = (await staffApi.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  const staff = { username: 'takedown_staff', password: 'correct horse battery' };
  const signedUp = await staffApi.post('/resource/UserRegisterResource/create/', {
    headers: { 'X-CSRFToken': csrf },
    data: { options: { email: 'takedown_staff@example.com', full_name: 'Mo Derator', ...staff } },
  });
  expect(signedUp.ok()).toBe(true);
  await staffApi.dispose();

  const reporterEmail = `rights.holder.${Date.now()}@example.com`;
  const statement = 'The reporter showed that they took this photograph and did not licence it.';

  await test.step('a signed-out visitor reports the Pin through the dsa form page', async () => {
    await page.goto(`/report/dsa/?url=${encodeURIComponent(`${baseURL}/pin/${pin.id}/`)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Report content under the law of the European Union' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Legal report (dsa)' });
    await expect(form.getByLabel('Address of the content')).toHaveValue(`${baseURL}/pin/${pin.id}/`);
    await form.getByRole('radio', { name: 'Copyright (DMCA)' }).check();
    await form.getByLabel('Your country').selectOption('DE');
    await form.getByLabel('When was it published or first seen?').fill('2024-05-02');
    await form.getByLabel('Your name').fill('Rhea Holder');
    await form.getByLabel('Your email').fill(reporterEmail);
    await form.getByLabel('What is unlawful about this content?').fill('This is my photograph of the Hornbæk lighthouse, used without permission.');
    await form.getByLabel('I report as a trusted flagger under the Digital Services Act').check();
    await page.setViewportSize({ width: 1280, height: 1380 });
    await page.screenshot({ path: `${OUT}takedown-dsa-form.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await form.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByRole('heading', { name: 'Thanks. We received your report.' })).toBeVisible();
  });

  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await test.step('staff find it in the queue, oldest first, and remove the Pin with a statement of reasons', async () => {
    await logIn(staffPage, staff);
    await staffPage.getByRole('button', { name: 'Your account' }).click();
    await staffPage.getByRole('menuitem', { name: 'Moderation queue' }).click();
    await expect(staffPage).toHaveURL(/\/reports-and-violations\/queue\/$/);
    await expect(staffPage.getByRole('heading', { level: 1, name: 'Moderation queue' })).toBeVisible();
    const card = staffPage.getByTestId('queue-item').filter({ hasText: 'Borrowed lighthouse photo' });
    await expect(card).toBeVisible();
    await expect(card.getByText('Trusted flagger')).toBeVisible();
    await expect(card).toContainText('Reported by Rhea Holder (DE)');
    await expect(card).toContainText('Content dated 2024-05-02');
    await staffPage.screenshot({ path: `${OUT}moderation-queue.png`, fullPage: true });
    await card.getByRole('button', { name: 'Decide' }).click();
    const dialog = staffPage.getByRole('dialog', { name: 'Decide this report' });
    await dialog.getByRole('radio', { name: 'Remove' }).check();
    await dialog.getByLabel('Statement of reasons').fill(statement);
    await staffPage.screenshot({ path: `${OUT}moderation-decide.png` });
    await dialog.getByRole('button', { name: 'Send decision' }).click();
    await expect(staffPage.getByText('Decision sent to both sides.')).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(staffPage.getByRole('table')).toContainText('DMCA');
    await staffPage.screenshot({ path: `${OUT}moderation-transparency.png`, fullPage: true });
  });
  await staffContext.close();

  await test.step('the statement of reasons is mailed to the reporter and to the pinner', async () => {
    await expect.poll(() => mailsTo(reporterEmail).length).toBe(1);
    const toReporter = mailsTo(reporterEmail)[0]!;
    expect(toReporter.subject).toBe('Our decision on a report');
    expect(toReporter.text).toContain(statement);
    expect(toReporter.text).toContain('You reported the Pin "Borrowed lighthouse photo"');
    const toOwner = mailsTo(owner.email).find((m) => m.subject === 'Our decision on a report');
    expect(toOwner?.text).toContain('Content of yours was reported');
    expect(toOwner?.text).toContain('counter-notice');
  });

  await test.step('the pinner no longer finds the Pin, reads the notice in the app and may send a counter-notice', async () => {
    await logIn(page, owner);
    await page.goto(`/pin/${pin.id}/`);
    await expect(page.getByText('Borrowed lighthouse photo')).toHaveCount(0);
    await page.getByRole('button', { name: 'Your account' }).click();
    await page.getByRole('menuitem', { name: 'Reports and violations' }).click();
    await expect(page).toHaveURL(/\/reports-and-violations\/$/);
    const notice = page.getByTestId('notice').first();
    await expect(notice).toContainText('Removed');
    await expect(notice).toContainText(statement);
    await page.screenshot({ path: `${OUT}notices.png`, fullPage: true });
    await notice.getByRole('button', { name: 'Send a counter-notice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contest this decision' });
    await dialog.getByLabel('Your counter-notice').fill('I took this photo myself on a trip in 2023.');
    await dialog.getByRole('button', { name: 'Send counter-notice' }).click();
    await expect(page.getByText('Counter-notice sent. We will review the decision again.')).toBeVisible();
    await expect(notice.getByText('Counter-notice sent', { exact: true })).toBeVisible();
  });
});

test('every takedown form is a page; forms without anonymous reports ask visitors to log in', async ({ page }) => {
  for (const [form, heading] of [
    ['test', 'the United States'],
    ['turkey', 'Türkiye'],
    ['dsa', 'the European Union'],
    ['india', 'India'],
  ] as const) {
    await page.goto(`/report/${form}/`);
    await expect(page.getByRole('heading', { level: 1, name: `Report content under the law of ${heading}` })).toBeVisible();
    const anonymous = form === 'dsa' || form === 'india';
    await expect(page.getByRole('form', { name: `Legal report (${form})` })).toHaveCount(anonymous ? 1 : 0);
    await expect(page.getByRole('heading', { name: 'Log in to send this report' })).toHaveCount(anonymous ? 0 : 1);
  }
  await page.setViewportSize({ width: 1280, height: 1300 });
  await page.goto('/report/india/');
  await expect(page.getByRole('form', { name: 'Legal report (india)' })).toBeVisible();
  await page.screenshot({ path: `${OUT}takedown-india-form.png` });
});
