/**
 * The staff's admin page (decision 106): anyone but staff finds no such page at /admin/; staff see the servers,
 * the job queues with their failed jobs, sizes, counts and the last server errors, and put a failed job back in its
 * queue. The failed job is a real one: a bulk upload of a picture cut short, which the image job refuses for good.
 * Screenshots of the page, desktop and phone, go to docs/screenshots/admin/.
 */
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { MESSAGES } from '@pinboard/shared/constants/messages';
import { registerUser } from '../support/api';
import { NOT_FOUND_CONSOLE_LINE, expect, test } from '../support/fixtures';
import { makePicture, PALETTES } from '../support/images';

const OUT = new URL('../../docs/screenshots/admin/', import.meta.url).pathname;

/** Staff by the STAFF_USERNAMES setting of playwright.config.ts (make-staff cannot run beside the embedded database). */
async function signUpStaff(request: APIRequestContext) {
  await request.get('/');
  const csrf = (await request.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  const signedUp = await request.post('/resource/UserRegisterResource/create/', {
    headers: { 'X-CSRFToken': csrf },
    data: { options: { email: 'admin_staff@example.com', full_name: 'Ada Admin', username: 'admin_staff', password: 'correct horse battery' } },
  });
  expect(signedUp.ok()).toBe(true);
}

test.describe('the admin page', () => {
  test.use({ allowedConsoleErrors: [NOT_FOUND_CONSOLE_LINE] });

  test('is not there for people who are not staff, nor for visitors', async ({ page }) => {
    await page.goto('/admin/');
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.board.notFound })).toBeVisible();
    await registerUser(page.request, 'Nico Notstaff', 'nico');
    await page.goto('/admin/');
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.board.notFound })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Failed jobs' })).toHaveCount(0);
  });

  test('shows staff the queues, and a failed job goes back to its queue', async ({ page }) => {
    test.setTimeout(120_000);
    mkdirSync(OUT, { recursive: true });
    await signUpStaff(page.request);

    // A picture cut short: its draft fails, and so does its image job, for good.
    const picture = await makePicture({ width: 480, height: 600, ...PALETTES[0]! });
    await page.goto('/pin-creation-tool/');
    await page.getByRole('button', { name: 'Upload many images' }).click();
    await page.getByLabel('Choose images').setInputFiles([{ name: 'cut-short.jpg', mimeType: 'image/jpeg', buffer: picture.subarray(0, 400) }]);
    await expect(page.getByText("Couldn't be processed", { exact: true })).toBeVisible({ timeout: 60_000 });

    await page.goto('/admin/');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
    const queues = page.getByRole('region', { name: 'Job queues' });
    await expect(queues.getByRole('rowheader', { name: 'bulk-image' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Storage and content' }).getByText('Database', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Servers alive' }).getByRole('columnheader', { name: 'Version' })).toBeVisible();

    const failed = page.getByRole('region', { name: 'Failed jobs' }).getByRole('listitem').filter({ hasText: 'bulk-image job' }).first();
    await expect(failed).toBeVisible();
    const id = (await failed.locator('code').textContent())!.trim();
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${OUT}desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(failed).toBeVisible();
    await page.screenshot({ path: `${OUT}phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // By keyboard: the retry button of that job, focused and pressed.
    const retry = page.getByRole('button', { name: `Retry bulk-image job ${id}` });
    await retry.focus();
    await expect(retry).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('The job is back in its queue.')).toBeVisible();
    // Run again, its draft already failed, the job has nothing left to do: it is failed no more.
    await expect(page.getByRole('region', { name: 'Failed jobs' }).getByText(id)).toHaveCount(0);
  });
});
