import type { APIRequestContext, Page } from '@playwright/test';
import type { ApiUser } from './api';

/**
 * Social set-up through the public API (profile settings, follows, invite
 * codes, messages), sent as a client would: the csrftoken cookie goes back
 * in the X-CSRFToken header.
 */

async function csrf(request: APIRequestContext): Promise<string> {
  const find = async () => (await request.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value;
  let token = await find();
  if (!token) {
    await request.get('/'); // loading a page hands out the cookie
    token = await find();
  }
  if (!token) throw new Error('The server set no csrftoken cookie.');
  return token;
}

async function call<T>(request: APIRequestContext, name: string, action: 'create' | 'update' | 'delete', options: Record<string, unknown>): Promise<T> {
  const method = { create: 'post', update: 'put', delete: 'delete' } as const;
  const response = await request[method[action]](`/resource/${name}/${action}/`, {
    headers: { 'X-CSRFToken': await csrf(request) },
    data: { options },
  });
  const body = (await response.json()) as { resource_response?: { status: string; data: T } };
  if (!response.ok() || body.resource_response?.status !== 'success') {
    throw new Error(`${name} ${action} failed (${response.status()}): ${JSON.stringify(body)}`);
  }
  return body.resource_response.data;
}

async function read<T>(request: APIRequestContext, name: string, options: Record<string, unknown> = {}): Promise<T> {
  const response = await request.get(`/resource/${name}/get/?data=${encodeURIComponent(JSON.stringify({ options }))}`);
  const body = (await response.json()) as { resource_response?: { status: string; data: T } };
  if (!response.ok() || body.resource_response?.status !== 'success') {
    throw new Error(`${name} get failed (${response.status()}): ${JSON.stringify(body)}`);
  }
  return body.resource_response.data;
}

export function updateProfile(request: APIRequestContext, options: Record<string, unknown>) {
  return call<{ username: string }>(request, 'UserResource', 'update', options);
}

export function follow(request: APIRequestContext, userId: string, inviteCode?: string) {
  return call(request, 'UserFollowResource', 'create', { user_id: userId, ...(inviteCode ? { invite_code: inviteCode } : {}) });
}

export function inviteCode(request: APIRequestContext) {
  return read<{ invite_code: string; url: string }>(request, 'InviteCodeResource');
}

export function sendMessage(request: APIRequestContext, userIds: string[], text: string) {
  return call<{ id: string }>(request, 'ConversationsResource', 'create', { user_ids: userIds, text });
}

/** Logs in through the login page. */
export async function logIn(page: Page, user: Pick<ApiUser, 'username' | 'password'>) {
  await page.goto('/login/');
  await page.getByLabel('Email or username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: 'Your account' }).waitFor();
}

/** Saves someone's Pin to the profile (RepinResource, no board). */
export function savePin(request: APIRequestContext, pinId: string) {
  return call<{ id: string }>(request, 'RepinResource', 'create', { pin_id: pinId });
}
