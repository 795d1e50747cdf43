import type { Page } from '@playwright/test';
import type { ApiUser } from './api';

/** Logs in through the login page, as a person would. */
export async function logIn(page: Page, user: Pick<ApiUser, 'username' | 'password'>) {
  await page.goto('/login/');
  await page.getByLabel('Email or username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: 'Your account' }).waitFor();
}

/**
 * Puts the signed-in viewer in experiment groups, as the server's groups would
 * (EXPERIMENT_GROUPS is one setting for the whole test server): the Viewer of
 * the first HTML (`#viewer-data`) and the one UserSessionResource answers both
 * carry `experiments`.
 */
export async function joinExperiments(page: Page, experiments: Record<string, string>) {
  await page.route('**/resource/UserSessionResource/get/**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { resource_response: { data: { experiments?: Record<string, string> } } };
    body.resource_response.data.experiments = { ...body.resource_response.data.experiments, ...experiments };
    await route.fulfill({ response, json: body });
  });
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = await response.text();
    const withGroups = html.replace(
      /(<script id="viewer-data" type="application\/json">)(.*?)(<\/script>)/s,
      (_all, open: string, json: string, close: string) => {
        const viewer = JSON.parse(json) as { experiments?: Record<string, string> };
        viewer.experiments = { ...viewer.experiments, ...experiments };
        return `${open}${JSON.stringify(viewer).replaceAll('<', '\\u003c')}${close}`;
      },
    );
    await route.fulfill({ response, body: withGroups });
  });
}
