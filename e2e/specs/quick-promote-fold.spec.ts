import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { createBoard, createPin, registerUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { makePicture, PALETTES } from '../support/images';

/**
 * Quick promote's Next button is in sight when the modal opens and on the
 * long business step, on a 1280×800 laptop and on a phone: the steps' buttons
 * stay at the foot of the dialog while its body scrolls.
 */

async function post(request: APIRequestContext, name: string, options: Record<string, unknown>) {
  const token = (await request.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  const response = await request.post(`/resource/${name}/create/`, { headers: { 'X-CSRFToken': token }, data: { options } });
  expect(response.ok()).toBe(true);
}

/** True when the whole button is inside the viewport and is what a press at its centre reaches. */
async function inSight(page: Page, button: Locator): Promise<string> {
  await expect(button).toBeVisible();
  const box = (await button.boundingBox())!;
  const view = page.viewportSize()!;
  const onTop = await button.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
  return `top ${Math.round(box.y)}, bottom ${Math.round(box.y + box.height)} of ${view.height}, reachable ${onTop}`;
}

const expected = (page: Page, box: string) => {
  const [, top, bottom] = /top (-?\d+), bottom (-?\d+)/.exec(box)!;
  return Number(top) >= 0 && Number(bottom) <= page.viewportSize()!.height && box.endsWith('reachable true');
};

for (const size of [
  { name: 'a 1280×800 laptop', width: 1280, height: 800 },
  { name: 'a phone', width: 375, height: 667 },
]) {
  test(`the Next button of quick promote is in sight on ${size.name}`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await registerUser(page.request, 'Tall Pines Outfitters', 'tallpine');
    await post(page.request, 'BusinessAccountResource', {});
    const board = await createBoard(page.request, 'Trail gear');
    // A tall Pin: its preview makes the wide layout taller than the screen.
    const picture = await makePicture({ width: 400, height: 1000, ...PALETTES[1]! });
    const pin = await createPin(page.request, picture, { board_id: board.id, title: 'Waxed canvas pack', link: 'https://tallpines.example/pack' });

    await page.goto(`/pin/${pin.id}/`);
    // On a phone the closeup's Save bar and the tab bar cover the button where it scrolls to: pressed from the keyboard.
    await page.getByRole('button', { name: 'Promote' }).focus();
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: 'Promote your Pin' });
    await expect(modal.getByRole('heading', { name: 'Choose the Pin to promote' })).toBeVisible();
    const next = modal.getByRole('button', { name: 'Next' });
    // On a phone the sheet slides up as it opens: measured until it has come to rest (or the wait runs out).
    await expect.poll(async () => inSight(page, next).then((box) => [expected(page, box), box]), { message: 'Pin step' }).toEqual([true, expect.any(String)]);

    await next.click();
    await expect(modal.getByRole('heading', { name: 'Your ad account' })).toBeVisible();
    // The business step is long (interests, ages, genders): its Next is still in sight.
    await expect(modal.getByRole('group', { name: 'Interests' })).toBeVisible();
    await expect
      .poll(async () => inSight(page, next).then((box) => [expected(page, box), box]), { message: 'business step' })
      .toEqual([true, expect.any(String)]);
  });
}
