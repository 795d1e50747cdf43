import { createBoard, registerUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture, PALETTES } from '../support/images';
import { makeVideo } from '../support/videos';

const SHOTS = 'docs/screenshots/issue-12';

test('a person uploads a video Pin, sees the progress, and plays it on the closeup', async ({ page }) => {
  test.setTimeout(120_000);
  const vera = await registerUser(page.request, 'Vera Video', 'vera');
  await createBoard(page.request, 'Clips');
  const video = makeVideo({ seconds: 3, width: 640, height: 360 });

  await page.goto('/pin-creation-tool/');
  await page.getByLabel('Choose an image or a video').setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: video });
  await expect(page.getByLabel('Preview of the chosen video')).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill('Test pattern');
  // Captions come with the upload.
  await page
    .getByLabel('Captions file (WebVTT)')
    .setInputFiles({ name: 'captions.vtt', mimeType: 'text/vtt', buffer: Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nA test pattern\n') });
  await page.getByLabel('Captions language').fill('en');

  await test.step('the upload shows its progress', async () => {
    // A local upload can finish within a frame: the page records every progress bar it shows.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('progress[aria-label="Upload progress"]');
        if (bar) seen.push(`${(bar as HTMLProgressElement).value}`);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(/\/pin\/\d+\/$/);
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    expect(seen.length).toBeGreaterThan(0);
  });

  await test.step('the closeup says it is processing, then plays it', async () => {
    await page.waitForURL(/\/pin\/\d+\/$/);
    const player = page.getByRole('group', { name: /Video player: Test pattern/ });
    await expect(player).toBeVisible({ timeout: 60_000 });
    await expect(player).toHaveAttribute('data-states-seen', /load_start.*loaded_metadata/);
    await expect(player.locator('video track[kind="captions"][srclang="en"]')).toHaveCount(1);
    await page.screenshot({ path: `${SHOTS}/video-closeup.png` });
    await player.getByRole('button', { name: 'Play' }).click();
    await expect(player).toHaveAttribute('data-state', 'playing');
    await player.getByRole('button', { name: 'Pause' }).click();
    await expect(player).toHaveAttribute('data-state', 'paused');
    // The keyboard plays it again; it runs to its end.
    await player.getByRole('button', { name: 'Play' }).focus();
    await page.keyboard.press('k');
    await expect(player).toHaveAttribute('data-state', 'ended', { timeout: 15_000 });
    await expect(player).toHaveAttribute('data-states-seen', /default load_start loaded_metadata loaded_data.*playing.*paused.*playing.*ended/);
  });

  await test.step('the profile has a Videos tab: its grid shows the video with a play badge and its duration', async () => {
    await page.goto(`/${vera.username}/`);
    const tabs = page.getByRole('navigation', { name: 'Profile tabs' });
    await expect(tabs.getByRole('link', { name: 'Videos' })).toBeVisible();
    await expect(tabs.getByRole('link', { name: 'Idea Pins' })).toHaveCount(0);
    await tabs.getByRole('link', { name: 'Videos' }).click();
    await page.waitForURL(new RegExp(`/${vera.username}/video_pins/$`));
    await expect(tabs.getByRole('link', { name: 'Videos' })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('article').getByText('0:03')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/video-pins-tab.png` });
    // A tab asked for by its path shows its empty state when there is nothing in it.
    await page.goto(`/${vera.username}/story_pins/`);
    await expect(tabs.getByRole('link', { name: 'Idea Pins' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText("Vera Video hasn't made any Idea Pins yet.")).toBeVisible();
  });
});

test('a person builds and publishes a two-page Idea Pin and steps through it', async ({ page }) => {
  test.setTimeout(120_000);
  const ida = await registerUser(page.request, 'Ida Idea', 'ida');
  await createBoard(page.request, 'Recipes');
  const first = await makePicture({ width: 540, height: 960, ...PALETTES[0]! });
  const second = await makePicture({ width: 540, height: 960, ...PALETTES[1]! });

  await page.goto('/idea-pin-builder/');
  await expect(page.getByRole('heading', { name: 'Create Idea Pin' })).toBeVisible();
  await page.getByLabel('Add page').setInputFiles([
    { name: 'one.png', mimeType: 'image/png', buffer: first },
    { name: 'two.png', mimeType: 'image/png', buffer: second },
  ]);
  await expect(page.getByText('2 of 20 pages')).toBeVisible();
  await page.getByRole('button', { name: 'Page 1', exact: true }).click();
  await page.getByRole('button', { name: 'Add text' }).click();
  await page.getByLabel('Text on this page (1)').fill('Start with the dough');
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await page.getByRole('button', { name: 'Add text' }).click();
  await page.getByLabel('Text on this page (1)').fill('Then bake it');
  await page.getByLabel('Title', { exact: true }).fill('Bread in two steps');
  await page.screenshot({ path: `${SHOTS}/idea-pin-builder.png`, fullPage: true });
  await expect(page.getByRole('button', { name: 'Publish' })).toBeEnabled();
  await page.getByRole('button', { name: 'Publish' }).click();

  await page.waitForURL(/\/pin\/\d+\/$/);
  const viewer = page.getByRole('region', { name: 'Bread in two steps' });
  await expect(viewer.getByText('Page 1 of 2', { exact: true })).toBeVisible();
  await expect(viewer.getByText('Start with the dough')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/idea-pin-closeup.png` });
  await viewer.getByRole('button', { name: 'Next page' }).click();
  await expect(viewer.getByText('Page 2 of 2', { exact: true })).toBeVisible();
  await expect(viewer.getByText('Then bake it')).toBeVisible();
  await viewer.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(viewer.getByText('Page 1 of 2', { exact: true })).toBeVisible();
  // Left alone (not hovered, not focused), it moves on by itself after 5 s.
  await page.mouse.move(0, 0);
  await page.getByRole('heading', { name: 'Bread in two steps' }).click();
  await expect(viewer.getByText('Page 2 of 2', { exact: true })).toBeVisible({ timeout: 8000 });

  await test.step('the profile opens on Created and has an Idea Pins tab listing it', async () => {
    await page.goto(`/${ida.username}/`);
    const tabs = page.getByRole('navigation', { name: 'Profile tabs' });
    await expect(tabs.getByRole('link', { name: 'Created' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.getByRole('link', { name: 'Videos' })).toHaveCount(0);
    await tabs.getByRole('link', { name: 'Idea Pins' }).click();
    await page.waitForURL(new RegExp(`/${ida.username}/story_pins/$`));
    await expect(page.locator('article')).toHaveCount(1);
    await page.screenshot({ path: `${SHOTS}/idea-pins-tab.png` });
  });
});
