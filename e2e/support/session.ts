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
