import sharp from 'sharp';
import { createBoard, createPin, registerUser } from '../support/api';
import { expect, test } from '../support/fixtures';

const SHOTS = 'docs/screenshots/issue-12';

/** An animated GIF made here: `frames` frames of changing colour, 100 ms each, looping. */
async function makeAnimatedGif(width: number, height: number, frames: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * frames * 3);
  for (let f = 0; f < frames; f++) {
    for (let i = 0; i < width * height; i++) {
      const o = (f * width * height + i) * 3;
      const x = i % width;
      raw[o] = (x * 255) / width;
      raw[o + 1] = (f * 255) / frames;
      raw[o + 2] = 160;
    }
  }
  return sharp(raw, { raw: { width, height: height * frames, channels: 3, pageHeight: height } })
    .gif({ loop: 0, delay: Array.from({ length: frames }, () => 100) })
    .toBuffer();
}

test('an animated GIF becomes a GIF Pin that loops muted in the grid and the closeup, and waits for a click under reduced motion', async ({ page }) => {
  test.setTimeout(90_000);
  const gwen = await registerUser(page.request, 'Gwen Gif', 'gwen');
  const board = await createBoard(page.request, 'Loops');
  const pin = await createPin(page.request, await makeAnimatedGif(320, 240, 10), { board_id: board.id, title: 'Colour loop' });

  await test.step('the closeup plays it inline as a looping muted video, without controls', async () => {
    await page.goto(`/pin/${pin.id}/`);
    const player = page.getByRole('group', { name: /Video player: Colour loop/ });
    await expect(player).toBeVisible({ timeout: 60_000 });
    const video = player.locator('video');
    await expect(video).toHaveJSProperty('loop', true);
    await expect(video).toHaveJSProperty('muted', true);
    await expect(video).toHaveAttribute('src', /_gif\.mp4$/);
    await expect(player).toHaveAttribute('data-state', 'playing');
    await expect(player.getByRole('button', { name: 'Play' })).toHaveCount(0);
    await expect(player.getByRole('slider')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/gif-closeup.png` });
  });

  await test.step('the grid plays it inline too', async () => {
    await page.goto(`/${gwen.username}/_created/`);
    await expect(page.locator('article video')).toHaveCount(1);
    await expect(page.locator('article video')).toHaveJSProperty('loop', true);
  });

  await test.step('under reduced motion the closeup shows the poster and plays on click', async () => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`/pin/${pin.id}/`);
    const player = page.getByRole('group', { name: /Video player: Colour loop/ });
    await expect(player).toBeVisible();
    await expect(player.locator('video')).toHaveJSProperty('paused', true);
    await expect(player.locator('video')).toHaveAttribute('poster', /\.(jpg|png)$/);
    await player.getByRole('button', { name: 'Play' }).click();
    await expect(player).toHaveAttribute('data-state', 'playing');
    // Nothing moves in the grid.
    await page.goto(`/${gwen.username}/_created/`);
    await expect(page.locator('article img').first()).toBeVisible();
    await expect(page.locator('article video')).toHaveCount(0);
  });
});
