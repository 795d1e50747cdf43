import { createBoard, createVideoPin, registerUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makeVideo } from '../support/videos';

const SHOTS = 'docs/screenshots/issue-12';
// The refused captions file: the browser logs the 400 answer.
test.use({ allowedConsoleErrors: [/the server responded with a status of 400 \(Bad Request\)/] });

const VTT = 'WEBVTT\n\n00:00.000 --> 00:02.500\nWelcome to the test pattern\n';

test('the pinner attaches WebVTT captions to a video Pin; the player has the track and a captions toggle', async ({ page }) => {
  test.setTimeout(90_000);
  await registerUser(page.request, 'Cara Captions', 'cara');
  const board = await createBoard(page.request, 'Talks');
  const pin = await createVideoPin(page.request, makeVideo({ seconds: 3, width: 320, height: 240 }), { board_id: board.id, title: 'Captioned' });

  await test.step('a file that is not WebVTT is refused, naming the field', async () => {
    await page.goto(`/pin/${pin.id}/edit/`);
    await page.getByLabel('Captions file (WebVTT)').setInputFiles({ name: 'notes.vtt', mimeType: 'text/vtt', buffer: Buffer.from('Just some notes') });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/captions\.vtt/)).toBeVisible();
  });

  await test.step('a WebVTT file is attached on the edit page', async () => {
    await page.getByLabel('Captions file (WebVTT)').setInputFiles({ name: 'captions.vtt', mimeType: 'text/vtt', buffer: Buffer.from(VTT) });
    await page.getByLabel('Captions language').fill('en');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(new RegExp(`/pin/${pin.id}/$`));
  });

  await test.step('the closeup player carries the captions track and toggles it', async () => {
    const player = page.getByRole('group', { name: /Video player: Captioned/ });
    await expect(player).toBeVisible({ timeout: 60_000 });
    const track = player.locator('video track[kind="captions"]');
    await expect(track).toHaveCount(1);
    await expect(track).toHaveAttribute('srclang', 'en');
    await expect(track).toHaveAttribute('src', /_cc[0-9a-f]{8}\.vtt$/);
    const toggle = player.getByRole('button', { name: 'Captions' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => player.locator('video').evaluate((v: HTMLVideoElement) => v.textTracks[0]?.mode)).toBe('showing');
    await player.getByRole('button', { name: 'Play' }).click();
    await expect(player).toHaveAttribute('data-state', 'playing');
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/video-captions.png` });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(() => player.locator('video').evaluate((v: HTMLVideoElement) => v.textTracks[0]?.mode)).toBe('hidden');
  });

  await test.step('the edit page says they are attached and removes them', async () => {
    await page.goto(`/pin/${pin.id}/edit/`);
    await expect(page.getByText('Captions attached (en)')).toBeVisible();
    await page.getByRole('button', { name: 'Remove captions' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(new RegExp(`/pin/${pin.id}/$`));
    await expect(page.getByRole('group', { name: /Video player: Captioned/ }).locator('track')).toHaveCount(0);
  });
});
