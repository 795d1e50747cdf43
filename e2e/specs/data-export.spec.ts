import { createBoard, createPin, registerUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture, PALETTES } from '../support/images';

test('Privacy and data: asking for one’s data from the keyboard, then downloading it', async ({ page }) => {
  await registerUser(page.request, 'Dee Export', 'dexp');
  const board = await createBoard(page.request, 'Keepsakes', 'Things to keep');
  await createPin(page.request, await makePicture({ width: 400, height: 300, ...PALETTES[1]! }), { board_id: board.id, title: 'A keepsake' });

  await page.goto('/settings/privacy-and-data/');
  await expect(page.getByRole('heading', { name: 'Privacy and data', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Privacy and data' })).toHaveAttribute('aria-current', 'page');

  await test.step('the button works from the keyboard and shows the file being prepared, then ready', async () => {
    const ask = page.getByRole('button', { name: 'Request your data' });
    await ask.focus();
    await page.keyboard.press('Enter');
    const link = page.getByRole('link', { name: 'Download your data' });
    await expect(link).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('status')).toContainText('The link works until');
    await expect(page.getByRole('button', { name: 'Request a new file' })).toBeEnabled();
  });

  await test.step('the link downloads the ZIP, for its owner', async () => {
    const link = page.getByRole('link', { name: 'Download your data' });
    const downloading = page.waitForEvent('download');
    await link.focus();
    await page.keyboard.press('Enter');
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^pinboard-export-dexp.*\.zip$/);
    const zip = await page.request.get((await link.getAttribute('href'))!);
    expect(zip.status()).toBe(200);
    expect((await zip.body()).subarray(0, 2).toString('latin1')).toBe('PK');
  });
});
