import { MESSAGES } from '@pinboard/shared/constants/messages';
import { createBoard, createPin, registerUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture } from '../support/images';
import { mailsTo } from '../support/outbox';
import { logIn } from '../support/session';

const OUT = new URL('../../docs/screenshots/issue-14/', import.meta.url).pathname;

// The removed person's profile and Pin answer 404, and their refused log-in 403, which Chromium logs.
test.use({ allowedConsoleErrors: [/the server responded with a status of 40[34]/] });

test('staff remove a reported person from the moderation queue: their profile is not found, their conversations take no reply, they cannot log in, and the mailed link takes their counter-notice', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const spammerApi = await playwright.request.newContext({ baseURL });
  const spammer = await registerUser(spammerApi, 'Sam Spammer', 'sam');
  const board = await createBoard(spammerApi, 'Miracle offers');
  const pin = await createPin(spammerApi, await makePicture({ width: 600, height: 800, sky: ['#caffbf', '#9bf6ff'], ground: '#ffadad' }), {
    board_id: board.id,
    title: 'Win a free yacht',
  });
  const spammerCsrf = (await spammerApi.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  const edited = await spammerApi.put('/resource/UserResource/update/', {
    headers: { 'X-CSRFToken': spammerCsrf },
    data: { options: { about: 'Free yachts every week, DM me' } },
  });
  expect(edited.ok(), await edited.text()).toBe(true);

  const reporterApi = await playwright.request.newContext({ baseURL });
  const rosa = await registerUser(reporterApi, 'Rosa Reporter', 'rosa');
  const csrf = (await reporterApi.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  // A conversation between them, from before the decision.
  const started = await reporterApi.post('/resource/ConversationsResource/create/', {
    headers: { 'X-CSRFToken': csrf },
    data: { options: { user_ids: [spammer.id], text: 'Is the yacht real?' } },
  });
  expect(started.ok()).toBe(true);
  const conversationId = (await started.json()).resource_response.data.id as string;
  const replied = await spammerApi.post('/resource/ConversationMessagesResource/create/', {
    headers: { 'X-CSRFToken': spammerCsrf },
    data: { options: { conversation_id: conversationId, text: 'Claim it at yacht-lottery.example now' } },
  });
  expect(replied.ok()).toBe(true);
  await spammerApi.dispose();
  const reported = await reporterApi.post('/resource/UserReportResource/create/', {
    headers: { 'X-CSRFToken': csrf },
    data: { options: { user_id: spammer.id, reason: 'spam', details: 'Sends everyone links to a fake yacht lottery.' } },
  });
  expect(reported.ok()).toBe(true);
  await reporterApi.dispose();

  const staffApi = await playwright.request.newContext({ baseURL });
  await staffApi.get('/');
  const staffCsrf = (await staffApi.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  const staff = { username: 'people_staff', password: 'correct horse battery' };
  const signedUp = await staffApi.post('/resource/UserRegisterResource/create/', {
    headers: { 'X-CSRFToken': staffCsrf },
    data: { options: { email: 'people_staff@example.com', full_name: 'Pia Moderator', ...staff } },
  });
  expect(signedUp.ok()).toBe(true);
  await staffApi.dispose();

  await test.step('the profile is there before the decision', async () => {
    await page.goto(`/${spammer.username}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sam Spammer' })).toBeVisible();
  });

  const statement = 'The account sends the same scam link to many people.';
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await test.step('staff find the report of the person in the queue and remove them', async () => {
    await logIn(staffPage, staff);
    await staffPage.goto('/reports-and-violations/queue/');
    const card = staffPage.getByTestId('queue-item').filter({ hasText: spammer.username });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Sends everyone links to a fake yacht lottery.');
    await card.getByRole('button', { name: 'Decide' }).click();
    const dialog = staffPage.getByRole('dialog', { name: 'Decide this report' });
    await dialog.getByRole('radio', { name: 'Remove' }).check();
    await dialog.getByLabel('Statement of reasons').fill(statement);
    await staffPage.screenshot({ path: `${OUT}moderation-remove-person.png` });
    await dialog.getByRole('button', { name: 'Send decision' }).click();
    await expect(staffPage.getByText('Decision sent to both sides.')).toBeVisible();
    await expect(card).toHaveCount(0);
  });
  await staffContext.close();

  await test.step('the profile, its board and its Pin are not found', async () => {
    // The first HTML is a 404; the app, like for any missing profile, goes home and says so.
    const profile = await page.goto(`/${spammer.username}/`);
    expect(profile?.status()).toBe(404);
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.board.notFound })).toBeVisible();
    await page.screenshot({ path: `${OUT}removed-person-profile.png` });
    await expect(page).toHaveURL('/');
    await expect(page.getByText('Sam Spammer')).toHaveCount(0);
    await page.goto(`/pin/${pin.id}/`);
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.board.notFound })).toBeVisible();
    await expect(page.getByText('Win a free yacht')).toHaveCount(0);
    expect((await page.request.get(pin.images['236x']!.url)).status()).toBe(404);
  });

  await test.step("in the reporter's conversation with them, they are an unavailable account and their messages are gone", async () => {
    const rosaContext = await browser.newContext();
    const rosaPage = await rosaContext.newPage();
    await logIn(rosaPage, rosa);
    await rosaPage.goto(`/conversation/${conversationId}/`);
    await expect(rosaPage.getByText('Is the yacht real?', { exact: true })).toBeVisible();
    await expect(rosaPage.getByText('Unavailable account').first()).toBeVisible();
    await expect(rosaPage.getByText('Claim it at yacht-lottery.example now')).toHaveCount(0);
    await expect(rosaPage.getByText('Sam Spammer')).toHaveCount(0);
    // Nobody else is left to read a reply: no message box, a short text instead.
    await expect(rosaPage.getByText('This account is unavailable. You can’t reply to this conversation.')).toBeVisible();
    await expect(rosaPage.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
    await expect(rosaPage.getByRole('button', { name: 'Send' })).toHaveCount(0);
    await rosaPage.screenshot({ path: `${OUT}removed-person-conversation.png` });
    await rosaContext.close();
  });

  await test.step('they cannot log in, and are told why', async () => {
    await page.goto('/login/');
    await page.getByLabel('Email or username').fill(spammer.username);
    await page.getByLabel('Password').fill(spammer.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(
      page.getByText('This account was removed for breaking our rules. We emailed you the reasons and a link to send a counter-notice.'),
    ).toBeVisible();
    await page.screenshot({ path: `${OUT}removed-person-login.png` });
  });

  await test.step('the mailed statement of reasons links to a counter-notice form that needs no sign-in', async () => {
    await expect.poll(() => mailsTo(spammer.email).filter((m) => m.subject === 'Our decision on a report').length).toBe(1);
    const mail = mailsTo(spammer.email).find((m) => m.subject === 'Our decision on a report')!;
    expect(mail.text).toContain(statement);
    const link = mail.text.match(/https?:\/\/\S+(\/reports-and-violations\/\?decision=\d+&token=[\w-]+)/);
    expect(link).toBeTruthy();
    await page.goto(link![1]!);
    await expect(page.getByRole('heading', { level: 1, name: 'Contest this decision' })).toBeVisible();
    await page.getByLabel('Your counter-notice').fill('My yacht lottery is real and licensed.');
    await page.screenshot({ path: `${OUT}removed-person-counter-notice.png` });
    await page.getByRole('button', { name: 'Send counter-notice' }).click();
    await expect(page.getByText('Counter-notice sent. We will review the decision again.')).toBeVisible();
  });

  await test.step("staff review the counter-notice with the removed profile's words in the queue item", async () => {
    const reviewContext = await browser.newContext();
    const reviewPage = await reviewContext.newPage();
    await logIn(reviewPage, staff);
    await reviewPage.goto('/reports-and-violations/queue/');
    const card = reviewPage.getByTestId('queue-item').filter({ hasText: 'My yacht lottery is real and licensed.' });
    await expect(card.getByTestId('queue-item-content')).toContainText('Free yachts every week, DM me');
    await card.scrollIntoViewIfNeeded();
    await reviewPage.screenshot({ path: `${OUT}counter-notice-review.png` });
    await reviewContext.close();
  });
});
