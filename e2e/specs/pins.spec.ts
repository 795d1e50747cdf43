import { registerUser } from '../support/api';
import { expect, test } from '../support/fixtures';

// The server answers the fake image with 415, which Chromium logs.
test.use({ allowedConsoleErrors: [/the server responded with a status of 415/] });

test('the upload page explains refused files', async ({ page }) => {
  // page.request shares the browser's cookies, so the new member is signed in in the page too.
  await registerUser(page.request, 'Rita Refused', 'rita');
  await page.goto('/pin-creation-tool/');
  await expect(page.getByRole('heading', { name: 'Create Pin' })).toBeVisible();

  await test.step('a file that is not an image is refused before upload', async () => {
    await page.getByLabel('Choose an image').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByRole('alert').filter({ hasText: 'Only images (JPEG, PNG, WebP, GIF) and videos (MP4, MOV, WebM) can be uploaded.' })).toBeVisible();
  });

  await test.step('publishing without an image asks for one', async () => {
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Choose an image to publish.' })).toBeVisible();
  });

  await test.step('bytes that only claim to be a JPEG are refused by the server, with its reason', async () => {
    await page.getByLabel('Choose an image').setInputFiles({ name: 'fake.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not really a picture') });
    await page.getByLabel('Title', { exact: true }).fill('Fake');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Only JPEG, PNG, WebP and GIF images are accepted.' })).toBeVisible();
    await expect(page).toHaveURL('/pin-creation-tool/');
  });
});
