import type { APIRequestContext } from '@playwright/test';

/**
 * Seeding through the public API, as a client would: the `csrftoken` cookie
 * from any answer goes back in the X-CSRFToken header.
 */
export interface ApiUser {
  id: string;
  username: string;
  email: string;
  password: string;
  fullName: string;
}

export interface ApiBoard {
  id: string;
  name: string;
  url: string;
  slug: string;
}

export interface ApiPin {
  id: string;
  title: string;
  board: { id: string; url: string } | null;
  images: Record<string, { url: string; width: number; height: number }>;
}

export interface ApiSection {
  id: string;
  title: string;
  slug: string;
  url: string;
}

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

async function data<T>(response: Awaited<ReturnType<APIRequestContext['post']>>, what: string): Promise<T> {
  const body = (await response.json()) as { resource_response?: { status: string; data: T; error?: { message: string } } };
  if (!response.ok() || body.resource_response?.status !== 'success') {
    throw new Error(`${what} failed (${response.status()}): ${JSON.stringify(body)}`);
  }
  return body.resource_response.data;
}

/** A unique-enough suffix for names made by a test. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

export async function registerUser(request: APIRequestContext, fullName: string, usernamePrefix = 'user'): Promise<ApiUser> {
  const suffix = uniqueSuffix();
  const username = `${usernamePrefix}_${suffix}`.slice(0, 30);
  const user = { username, email: `${username}@example.com`, password: 'correct horse battery', fullName };
  const response = await request.post('/resource/UserRegisterResource/create/', {
    headers: { 'X-CSRFToken': await csrf(request) },
    data: { options: { email: user.email, password: user.password, username: user.username, full_name: fullName } },
  });
  const created = await data<{ id: string }>(response, 'Sign up');
  return { ...user, id: created.id };
}

export async function createBoard(request: APIRequestContext, name: string, description = '', privacy: 'public' | 'secret' = 'public'): Promise<ApiBoard> {
  const response = await request.post('/resource/BoardResource/create/', {
    headers: { 'X-CSRFToken': await csrf(request) },
    data: { options: { name, privacy, ...(description ? { description } : {}) } },
  });
  return data<ApiBoard>(response, `Creating board ${name}`);
}

export async function createSection(request: APIRequestContext, boardId: string, title: string): Promise<ApiSection> {
  const response = await request.post('/resource/BoardSectionResource/create/', {
    headers: { 'X-CSRFToken': await csrf(request) },
    data: { options: { board_id: boardId, title } },
  });
  return data<ApiSection>(response, `Creating section ${title}`);
}

export async function createPin(
  request: APIRequestContext,
  image: Buffer,
  options: { board_id?: string; section_id?: string; title?: string; description?: string; link?: string; alt_text?: string },
): Promise<ApiPin> {
  const response = await request.post('/resource/PinResource/create/', {
    headers: { 'X-CSRFToken': await csrf(request) },
    multipart: {
      options: JSON.stringify(options),
      image: { name: 'picture.jpg', mimeType: 'image/jpeg', buffer: image },
    },
  });
  return data<ApiPin>(response, `Creating Pin ${options.title ?? ''}`);
}

async function send<T>(
  request: APIRequestContext,
  method: 'post' | 'put' | 'delete',
  path: string,
  options: Record<string, unknown>,
  what: string,
): Promise<T> {
  const response = await request[method](path, { headers: { 'X-CSRFToken': await csrf(request) }, data: { options } });
  return data<T>(response, what);
}

/** The board's owner invites people by user id. */
export function inviteToBoard(request: APIRequestContext, boardId: string, userIds: string[]) {
  return send(request, 'post', '/resource/BoardInviteResource/create/', { board_id: boardId, invited_user_ids: userIds }, 'Inviting to a board');
}

/** Invites addresses to a board by email: each is mailed a link to the board (see support/outbox.ts). */
export function inviteByEmail(request: APIRequestContext, boardId: string, emails: string[]) {
  return send(request, 'post', '/resource/BoardInviteResource/create/', { board_id: boardId, emails }, 'Inviting to a board by email');
}

/** Someone becomes a collaborator the way the product has it: the owner invites them and they accept. */
export async function addCollaborator(owner: APIRequestContext, collaborator: APIRequestContext, boardId: string, userId: string) {
  await inviteToBoard(owner, boardId, [userId]);
  return send(collaborator, 'put', '/resource/BoardInviteResource/update/', { board_id: boardId, status: 'accepted' }, 'Accepting a board invite');
}

/** The viewer's stored preferences, e.g. { save_behavior: 0 }. */
export function updateMetadata(request: APIRequestContext, options: Record<string, unknown>) {
  return send(request, 'put', '/resource/UserMetadataResource/update/', options, 'Updating metadata');
}

/** A comment on a Pin (PinCommentResource create). */
export function commentOnPin(request: APIRequestContext, pinId: string, text: string) {
  return send<{ id: string }>(request, 'post', '/resource/PinCommentResource/create/', { pin_id: pinId, text }, 'Commenting on a Pin');
}

/** A video Pin from an uploaded video (answered at once as processing). */
export async function createVideoPin(
  request: APIRequestContext,
  video: Buffer,
  options: { board_id?: string; title?: string; captions?: { vtt: string; language: string } },
): Promise<ApiPin> {
  const response = await request.post('/resource/PinResource/create/', {
    headers: { 'X-CSRFToken': await csrf(request) },
    multipart: { options: JSON.stringify(options), video: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: video } },
  });
  return data<ApiPin>(response, `Creating video Pin ${options.title ?? ''}`);
}

/** An Idea Pin of image pages (data URLs), each with its text. */
export function createIdeaPin(request: APIRequestContext, boardId: string, title: string, pages: { image: Buffer; text: string }[]): Promise<ApiPin> {
  return send<ApiPin>(
    request,
    'post',
    '/resource/StoryPinResource/create/',
    {
      board_id: boardId,
      title,
      pages: pages.map((p) => ({
        blocks: [
          { type: 'story_pin_image_block', image_base64: `data:image/jpeg;base64,${p.image.toString('base64')}` },
          { type: 'story_pin_paragraph_block', text: p.text },
        ],
      })),
    },
    `Creating Idea Pin ${title}`,
  );
}
