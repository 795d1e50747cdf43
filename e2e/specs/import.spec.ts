import { createServer, type Server } from 'node:http';
import { registerUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture, PALETTES } from '../support/images';

/*
 * Importing a Pinterest export (decision 094): Settings → Import asks public
 * or secret, takes the file and uploads it, then shows the import's progress
 * bar and counts until it is done, with the Pin whose image is gone listed
 * and Retry failed offered; reopened, the page shows that import again. The
 * image host is served here on the port the server is told
 * (IMPORT_IMAGE_BASE_URL in playwright.config.ts).
 */

const IMAGE_PORT = Number(process.env.PINBOARD_E2E_IMAGE_PORT);
const hash = (n: number) => n.toString(16).padStart(32, 'a');
const GONE = hash(99);

let server: Server;

test.beforeAll(async () => {
  // Each Pin its own picture: one person holds one Pin of a picture per board (decision 095).
  const pictures = new Map<string, Buffer>();
  for (const n of [1, 2]) pictures.set(hash(n), await makePicture({ width: 300, height: 400, ...PALETTES[n]! }));
  server = createServer((request, response) => {
    const m = /^\/736x\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{2}\/([0-9a-f]{32})\.jpg$/.exec(request.url ?? '');
    const jpeg = m ? pictures.get(m[1]!) : undefined;
    if (!jpeg) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': jpeg.length }).end(jpeg);
  });
  await new Promise<void>((resolve) => server.listen(IMAGE_PORT, '127.0.0.1', resolve));
});

test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A current export's Pins page: each Pin's link, then its fields. */
function exportHtml(pins: { id: number; title: string; image: string; board: string }[]) {
  const blocks = pins.map((p) => {
    const url = `https://www.pinterest.com/pin/${p.id}/`;
    return [`<a href="${url}">${url}</a>`, `Title: ${p.title}`, `Image: ${p.image}`, `Board Id: 4242`, `Board Name: ${p.board}`, 'Alive: Yes'].join('<br>\n');
  });
  return Buffer.from(`<!DOCTYPE html><html><body>\n${blocks.join('<br><br>\n')}\n</body></html>`);
}

test('a Pinterest export is uploaded and its progress bar reaches done, with its failure listed', async ({ page }) => {
  await registerUser(page.request, 'Ivy Importer', 'ivy');
  const base = 6_100_000_000 + Math.floor(Math.random() * 1_000_000);
  const file = exportHtml([
    { id: base + 1, title: 'Blue hour', image: hash(1), board: 'Evenings' },
    { id: base + 2, title: 'Hills', image: hash(2), board: 'Evenings' },
    { id: base + 3, title: 'Lost one', image: GONE, board: 'Evenings' },
  ]);

  await test.step('the empty home feed offers the import', async () => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Coming from Pinterest? Import your boards and Pins' }).click();
    await expect(page).toHaveURL(/\/settings\/import\/$/);
  });

  await test.step('choose who sees the boards and the file, with the keyboard', async () => {
    await expect(page.getByRole('heading', { name: 'Import from Pinterest', level: 1 })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Only me (secret boards)' })).toBeChecked();
    await page.getByRole('radio', { name: 'Only me (secret boards)' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { name: 'Everyone (public boards)' })).toBeChecked();
    await page.getByLabel('Your Pinterest export').setInputFiles({ name: 'pins.html', mimeType: 'text/html', buffer: file });
    await page.getByRole('button', { name: 'Upload and import' }).click();
  });

  await test.step('the progress bar reaches done; the counts and the failure show', async () => {
    await expect(page.getByText('Your import is done.')).toBeVisible({ timeout: 30_000 });
    const bar = page.getByRole('progressbar', { name: 'Import progress' });
    await expect(bar).toHaveAttribute('value', '3');
    await expect(page.getByText('3 of 3 Pins')).toBeVisible();
    await expect(page.getByRole('term').filter({ hasText: 'Pins imported' }).locator('xpath=..').getByRole('definition')).toHaveText('2');
    await expect(page.getByRole('link', { name: 'Lost one' })).toBeVisible();
    await expect(page.getByText('The image is gone')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry failed' })).toBeVisible();
  });

  await test.step('reopened, the page shows the latest import', async () => {
    await page.reload();
    await expect(page.getByText('Your import is done.')).toBeVisible();
    await expect(page.getByText('3 of 3 Pins')).toBeVisible();
  });
});
