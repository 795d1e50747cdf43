import { readFileSync } from 'node:fs';
import { createBoard, registerUser, type ApiUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture } from '../support/images';
import { logIn } from '../support/session';

let nora: ApiUser;

test.beforeAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  nora = await registerUser(api, 'Nora Pincode', 'norapc');
  await createBoard(api, 'Scandi lamps');
  await api.dispose();
});

test("a profile's Pincode is downloaded, and scanning the picture from search opens the profile", async ({ page }, testInfo) => {
  await registerUser(page.request, 'Sam Scans', 'sampc');
  await page.goto(`/${nora.username}/`);

  const saved = testInfo.outputPath('pincode.png');
  await test.step('share → Create Pincode shows the code and downloads it as PNG', async () => {
    await page.getByRole('button', { name: 'Share profile' }).click();
    await page.getByRole('button', { name: 'Create Pincode' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pincode', exact: true });
    const code = dialog.getByRole('img', { name: 'Pincode for Nora Pincode' });
    await expect(code).toBeVisible();
    await expect.poll(() => code.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const download = page.waitForEvent('download');
    await dialog.getByRole('link', { name: 'Download PNG' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`pinboard-${nora.username}-pincode.png`);
    await file.saveAs(saved);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
  });

  await test.step('a picture without a code says so', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Scan a Pincode' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan a Pincode' });
    await dialog.getByLabel('Upload a picture').setInputFiles({
      name: 'landscape.jpg',
      mimeType: 'image/jpeg',
      buffer: await makePicture({ width: 400, height: 300, sky: ['#a2d2ff', '#bde0fe'], ground: '#2a9d8f' }),
    });
    await expect(dialog.getByRole('alert')).toHaveText("We couldn't find a Pincode in that picture. Try another one.");
  });

  await test.step('the downloaded Pincode opens the profile', async () => {
    const dialog = page.getByRole('dialog', { name: 'Scan a Pincode' });
    await dialog.getByLabel('Upload a picture').setInputFiles({ name: 'pincode.png', mimeType: 'image/png', buffer: readFileSync(saved) });
    await expect(page).toHaveURL(`/${nora.username}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Nora Pincode' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test("an employee opens a profile's Pincode from its avatar; others' avatars are pictures only", async ({ page, playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  const staff = { username: 'pincode_staff', password: 'correct horse battery' };
  await api.get('/');
  const csrf = (await api.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  // Made once per server (a retry finds it there already).
  await api.post('/resource/UserRegisterResource/create/', {
    headers: { 'X-CSRFToken': csrf },
    data: { options: { email: 'pincode_staff@example.com', password: staff.password, username: staff.username, full_name: 'Pincode Staff' } },
  });
  await api.dispose();
  await registerUser(page.request, 'Not Staff', 'notstaffpc');
  await page.goto(`/${nora.username}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Nora Pincode' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pincode', exact: true })).toHaveCount(0);

  await page.context().clearCookies();
  await logIn(page, staff);
  await page.goto(`/${nora.username}/`);
  await page.getByRole('button', { name: 'Pincode', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Pincode', exact: true }).getByRole('img', { name: 'Pincode for Nora Pincode' })).toBeVisible();
});

test("a board's Pincode is offered on the board", async ({ page }) => {
  await registerUser(page.request, 'Board Coder', 'boardpc');
  const board = await createBoard(page.request, 'Coded board');
  await page.goto(board.url);
  await page.getByRole('button', { name: 'Pincode', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Pincode', exact: true });
  await expect(dialog.getByText("Anyone can scan this Pincode with the camera in Pinboard's search to see the board Coded board.")).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Download SVG' })).toHaveAttribute('href', `/v3/boards/${board.id}/pincode/?format=svg&download=1`);
});
