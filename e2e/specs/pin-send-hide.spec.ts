import { createBoard, createPin, registerUser, type ApiPin, type ApiUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture } from '../support/images';
import { follow } from '../support/social';

const SUBHEADER = "You're almost there! Log in to access all of the product";

let pia: ApiUser;
let piaPin: ApiPin;

test.beforeAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  pia = await registerUser(api, 'Pia Pinner', 'pia');
  const board = await createBoard(api, 'Front doors');
  const image = await makePicture({ width: 400, height: 560, sky: ['#4a7bd0', '#a2d2ff'], ground: '#2d5a8a' });
  piaPin = await createPin(api, image, { board_id: board.id, title: 'Blue door in Menton' });
  await api.dispose();
});

test('a member sends a Pin from its closeup, and it shows in the conversation with its picture', async ({ page, playwright, baseURL }) => {
  const sam = await registerUser(page.request, 'Sam Sender', 'sam');
  const api = await playwright.request.newContext({ baseURL });
  const rita = await registerUser(api, 'Rita Reader', 'rita');

  await test.step('Send opens "Send this Pin"; picking a person sends it', async () => {
    await page.goto(`/pin/${piaPin.id}/`);
    // The closeup's own Send: the related Pins under it ("More to explore") have theirs.
    await page.getByRole('article', { name: 'Blue door in Menton' }).getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Send this Pin' });
    // A shared Pin link carries the non-invite marker and the sender's encrypted tracking id (docs/product/logged-out-and-business.md §4, §7).
    await expect(dialog.getByRole('textbox', { name: 'Pin link' })).toHaveValue(new RegExp(`/pin/${piaPin.id}/\\?nic_v4=1a&sti=[\\w-]{30,}$`));
    await dialog.getByRole('searchbox').fill(rita.username);
    await dialog.getByRole('button', { name: `Send to ${rita.fullName}` }).click();
    await expect(page.getByText(`Sent to ${rita.fullName}`)).toBeVisible();
    await expect(dialog.getByRole('button', { name: `Send to ${rita.fullName}` })).toBeDisabled();
  });

  await test.step('the conversation shows the Pin as a small card linking to it', async () => {
    await page.goto('/messages/');
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('link', { name: new RegExp(rita.fullName) })
      .click();
    const thread = page.getByRole('list', { name: 'Messages in this conversation' });
    const card = thread.getByRole('link', { name: 'Blue door in Menton' });
    await expect(card).toHaveAttribute('href', `/pin/${piaPin.id}/`);
    const picture = card.locator('img');
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await card.click();
    await expect(page).toHaveURL(`/pin/${piaPin.id}/`);
  });

  await test.step('Rita sees the same Pin in her inbox', async () => {
    const inbox = await api.get(`/resource/ConversationsResource/get/?data=${encodeURIComponent(JSON.stringify({ options: {} }))}`);
    const body = (await inbox.json()) as { resource_response: { data: { members: { id: string }[]; last_message: { pin: { id: string } } }[] } };
    const withSam = body.resource_response.data.find((c) => c.members.some((m) => m.id === sam.id));
    expect(withSam?.last_message.pin.id).toBe(piaPin.id);
  });
  await api.dispose();
});

test('a member hides a Pin from the home feed, and Undo brings it back', async ({ page }) => {
  await registerUser(page.request, 'Hal Hider', 'hal');
  await follow(page.request, pia.id);
  await page.goto('/');
  const card = page.locator('article').filter({ has: page.getByRole('link', { name: 'Blue door in Menton' }) });
  await expect(card).toHaveCount(1);

  await test.step('Hide Pin takes it out at once, with an Undo toast', async () => {
    await card.hover();
    await card.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Hide Pin' }).click();
    await expect(card).toHaveCount(0);
    const toast = page.getByRole('alertdialog', { name: /^Pin hidden/ });
    await expect(toast).toBeVisible();
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect(card).toHaveCount(1);
  });

  await test.step('hidden again, it stays gone after a reload', async () => {
    await card.hover();
    await card.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Hide Pin' }).click();
    await expect(card).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
    await expect(page.locator('article').filter({ has: page.getByRole('link', { name: 'Blue door in Menton' }) })).toHaveCount(0);
  });
});

test('a visitor is asked to log in to send or to hide a Pin', async ({ page }) => {
  await page.goto(`/pin/${piaPin.id}/`);
  const closeup = page.getByRole('article', { name: 'Blue door in Menton' });

  await closeup.getByRole('button', { name: 'Send', exact: true }).click();
  const send = page.getByRole('dialog', { name: 'Log in to send this Pin' });
  await expect(send).toBeVisible();
  await expect(send.getByText(SUBHEADER)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(send).toBeHidden();

  await closeup.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Hide Pin' }).click();
  const hide = page.getByRole('dialog', { name: 'Log in to hide this Pin' });
  await expect(hide).toBeVisible();
  await expect(hide.getByText(SUBHEADER)).toBeVisible();
});
