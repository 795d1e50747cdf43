import { MESSAGES } from '@pinboard/shared/constants/messages';
import { createBoard, createPin, registerUser } from '../support/api';
import { NOT_FOUND_CONSOLE_LINE, expect, test } from '../support/fixtures';
import { makePicture } from '../support/images';
import { logIn } from '../support/session';

test.describe('login page toasts', () => {
  test('a closed account is told goodbye', async ({ page }) => {
    await page.goto('/login/?message=permanent_account_closure');
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.loginToast.permanent_account_closure })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });

  test('the name and the linked-accounts variant come from the query', async ({ page }) => {
    await page.goto('/login/?message=account_deactivated&username=Ava&multiple_accounts=true');
    await expect(page.getByRole('alert').filter({ hasText: 'The account, Ava, and its associated linked accounts have been deactivated' })).toBeVisible();
  });

  test('an unknown message shows no toast', async ({ page }) => {
    await page.goto('/login/?message=something_else');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('not found', () => {
  test.use({ allowedConsoleErrors: [NOT_FOUND_CONSOLE_LINE] });

  for (const path of ['/pin/999/', '/settings/whatever/', '/ideas/not-a-category/', '/pin/', '/a/b/c/']) {
    test(`${path} shows the 404 page`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: MESSAGES.board.notFound })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go to the home feed' })).toHaveAttribute('href', '/');
    });
  }

  test('/settings-does-not-exist is looked up as a profile: there is none, so home with an error toast', async ({ page }) => {
    await page.goto('/settings-does-not-exist');
    // The toast lasts 5 s: look for it first, then at the address it leaves behind.
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.board.notFound })).toBeVisible();
    await expect(page).toHaveURL('/');
  });
});

test.describe('side navigation', () => {
  test('wide screens list all idea categories in the rail for signed-in people', async ({ page, playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL });
    const user = await registerUser(api, 'Rail Reader', 'rail');
    await api.dispose();
    await logIn(page, user);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Ideas' });
    await expect(nav.getByRole('link')).toHaveCount(14);
    const art = nav.getByRole('link', { name: 'Art' });
    await expect(art).toHaveAttribute('href', '/ideas/art/');
    await art.click();
    await expect(page).toHaveURL('/ideas/art/');
    await expect(page.getByRole('heading', { level: 1, name: 'Art' })).toBeVisible();
  });

  test('signed out, the side-navigation helper is off: the short list shows at every width', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Ideas' });
    await expect(nav.getByRole('link')).toHaveCount(6);
    expect(await page.getByRole('main').evaluate((main) => main.getBoundingClientRect().left)).toBe(0);
  });

  test('narrow screens show the short list', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Ideas' });
    await expect(nav.getByRole('link')).toHaveCount(6);
    await expect(nav.getByRole('link', { name: 'Art' })).toHaveAttribute('href', '/ideas/art/');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('header', () => {
  test('search goes to the search page with the query', async ({ page }) => {
    await page.goto('/');
    const search = page.getByRole('combobox', { name: 'Search' });
    await search.fill('cozy reading nook');
    await search.press('Enter');
    // A typed query carries the typed-source marker and the scope (docs/product/profiles-and-boards.md §5).
    await expect(page).toHaveURL('/search/?q=cozy+reading+nook&rs=typed&scope=pins');
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “cozy reading nook”' })).toBeVisible();
    await expect(search).toHaveValue('cozy reading nook');
  });

  test('signed out, the header offers log in and sign up', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create' })).toHaveCount(0);
  });
});

test.describe('signed out', () => {
  test('creating asks to log in first', async ({ page }) => {
    await page.goto('/board/create/');
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.loginPrompt.createBoard })).toBeVisible();
    await page.goto('/pin-creation-tool/');
    await expect(page.getByRole('heading', { level: 1, name: MESSAGES.loginPrompt.createPinOrBoard })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/login/');
  });
});

test('the first HTML of a Pin page carries its Open Graph title', async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  await registerUser(api, 'Olga Graph', 'olga');
  const board = await createBoard(api, 'Harbour views');
  const pin = await createPin(api, await makePicture({ width: 400, height: 300, sky: ['#a2d2ff', '#bde0fe'], ground: '#2a9d8f' }), {
    board_id: board.id,
    title: 'Boats at dawn',
  });
  await api.dispose();

  const anonymous = await playwright.request.newContext({ baseURL });
  const response = await anonymous.get(`/pin/${pin.id}/`, { headers: { Accept: 'text/html' } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('<meta property="og:title" content="Boats at dawn | Pinboard">');
  expect(html).toContain('<div id="root"></div>');
  await anonymous.dispose();
});

test.describe('finding Settings', () => {
  test('the account menu has Settings, which opens the settings page', async ({ page }) => {
    await registerUser(page.request, 'Sita Sharma', 'sita');
    await page.goto('/');
    await page.getByRole('button', { name: 'Your account' }).click();
    const menu = page.getByRole('menu', { name: 'Your account' });
    await expect(menu.getByRole('menuitem')).toHaveText([/Your profile/, 'Settings', /Reports/, 'Log out']);
    await menu.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings\//);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('the phone tab bar', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('signed in: Home, Search, Create, Messages, Profile, the current one marked, usable by keyboard, covering nothing', async ({ page }) => {
    const user = await registerUser(page.request, 'Tara Tabs', 'tara');
    await page.goto('/');
    const bar = page.getByRole('navigation', { name: 'Main' });
    await expect(bar.getByRole('link').or(bar.getByRole('button'))).toHaveCount(5);
    const names = ['Home', 'Search', 'Create', 'Messages', 'Profile'];
    for (const [index, name] of names.entries()) await expect(bar.locator('a, button').nth(index)).toHaveAccessibleName(name);
    await expect(bar.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    const barBox = await bar.boundingBox();
    expect(Math.round((barBox?.y ?? 0) + (barBox?.height ?? 0))).toBe(844);

    await test.step('by keyboard: Search, then Create opens the create menu', async () => {
      await bar.getByRole('link', { name: 'Search' }).focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/search\/?$/);
      await expect(bar.getByRole('link', { name: 'Search' })).toHaveAttribute('aria-current', 'page');
      await expect(bar.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
      await page.keyboard.press('Tab');
      await expect(bar.getByRole('button', { name: 'Create' })).toBeFocused();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('dialog', { name: MESSAGES.createMenu.addPinOrBoard });
      await expect(menu).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
    });

    await test.step('Messages and Profile are marked where they lead', async () => {
      await bar.getByRole('link', { name: 'Messages' }).click();
      await expect(page).toHaveURL(/\/messages\/?$/);
      await expect(bar.getByRole('link', { name: 'Messages' })).toHaveAttribute('aria-current', 'page');
      await bar.getByRole('link', { name: 'Profile' }).click();
      await expect(page).toHaveURL(`/${user.username}/`);
      await expect(bar.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    });

    await test.step('the page keeps room for it: scrolled to the end, the content ends above the bar', async () => {
      await page.goto('/settings/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Scrolled to the end again until the page has stopped growing (its sections load after the heading).
      const contentEndBelowBar = async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const contentEnd = await page
          .getByRole('main')
          .evaluate((main) => main.getBoundingClientRect().bottom - parseFloat(getComputedStyle(main).paddingBottom));
        return contentEnd - ((await bar.boundingBox())?.y ?? 0);
      };
      await expect.poll(contentEndBelowBar).toBeLessThanOrEqual(0);
      const top = (await bar.boundingBox())?.y ?? 0;
      const last = page.getByRole('main').locator('button, a, input, select, textarea').last();
      await expect(last).toBeInViewport();
      const box = await last.boundingBox();
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(top);
    });

    await test.step('on a wide screen the bar is gone', async () => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(bar).toBeHidden();
    });
  });

  test('signed out: no tab bar', async ({ page }) => {
    await page.goto('/');
    await expect(
      page
        .getByRole('link', { name: 'Log in' })
        .or(page.getByRole('button', { name: 'Log in' }))
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  });
});

test.describe('our own mark', () => {
  /** The start of the path of the "P" mark the app used to draw, which is not ours to use. */
  const OLD_P = 'M12.2 25.6';

  test('the header and the log-in page show the pushpin mark; the favicons are ours', async ({ page, request }) => {
    await page.goto('/');
    const home = page.getByRole('banner').getByRole('link', { name: 'Pinboard home' });
    const mark = home.locator('svg[data-mark="pinboard"]');
    await expect(mark).toBeVisible();
    expect(await home.innerHTML()).not.toContain(OLD_P);
    await expect(home).toContainText('Pinboard');

    const svgLink = page.locator('link[rel="icon"][type="image/svg+xml"]');
    await expect(svgLink).toHaveAttribute('href', '/favicon.svg');
    await expect(page.locator('link[rel="icon"][href="/favicon.ico"]')).toHaveCount(1);
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/apple-touch-icon.png');

    const svg = await request.get('/favicon.svg');
    expect(svg.headers()['content-type']).toContain('image/svg+xml');
    const drawing = await svg.text();
    expect(drawing).not.toContain(OLD_P);
    // The favicon is the header's drawing: the same pushpin.
    const shapes = await mark.locator('path').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('d') ?? ''));
    expect(shapes.length).toBeGreaterThan(0);
    for (const shape of shapes) expect(drawing).toContain(shape);
    const ico = await request.get('/favicon.ico');
    expect(ico.headers()['content-type']).toBe('image/x-icon');
    expect([...(await ico.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    const touch = await request.get('/apple-touch-icon.png');
    expect(touch.headers()['content-type']).toBe('image/png');

    await page.goto('/login/');
    await expect(page.getByRole('main').locator('svg[data-mark="pinboard"]')).toBeVisible();
  });
});
