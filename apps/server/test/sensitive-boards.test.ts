/**
 * Boards that may contain sensitive content (decision 016): only the owner
 * marks and clears `is_sensitive` through BoardResource update; every place a
 * board is presented carries the flag; a sensitive board's page has no
 * og:image, since a link preview cannot blur it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePin, makeStoredImage } from '../src/seed/factories';
import { addCollaborator } from './collaborators';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

let t: TestApp;
let owner: TestClient;
let ownerId: string;
let collaborator: TestClient;
let collaboratorId: string;
let stranger: TestClient;
let boardId: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = t.client();
  collaborator = t.client();
  stranger = t.client();
  ownerId = (await owner.signUp({ email: 's-owner@example.com', username: 'sowner', full_name: 'Sam Owner' })).id;
  collaboratorId = (await collaborator.signUp({ email: 's-collab@example.com', username: 'scollab' })).id;
  await stranger.signUp({ email: 's-stranger@example.com', username: 'sstranger' });
  boardId = (await owner.resource('BoardResource', 'create', { name: 'Night drawings' })).data.id;
  await addCollaborator(owner, collaborator, boardId, collaboratorId);
  const image = await makeStoredImage(t.media, { seed: 16, width: 300, height: 300 });
  await makePin(t.db, { pinnerId: ownerId, boardId, image, title: 'Charcoal' });
});
afterAll(() => t.close());

const update = (c: TestClient, options: Record<string, unknown>) => c.resource('BoardResource', 'update', { board_id: boardId, ...options });
const read = (c: TestClient) => c.resource('BoardResource', 'get', { board_id: boardId });
const listed = async (c: TestClient) => {
  const r = await c.resource('BoardsResource', 'get', { username: 'sowner', page_size: 100 });
  return r.data.find((b: { id: string }) => b.id === boardId);
};

describe('marking a board sensitive', () => {
  it('is off for a new board, and every board read says so', async () => {
    expect((await read(owner)).data.is_sensitive).toBe(false);
    expect((await listed(stranger)).is_sensitive).toBe(false);
  });

  it('lets the owner set it; the board read and the profile list carry it for everyone', async () => {
    const set = await update(owner, { is_sensitive: true });
    expect(set.httpStatus).toBe(200);
    expect(set.data.is_sensitive).toBe(true);
    for (const who of [owner, collaborator, stranger, t.client()]) {
      expect((await read(who)).data.is_sensitive).toBe(true);
      expect((await listed(who)).is_sensitive).toBe(true);
    }
    const bySlug = await stranger.resource('BoardResource', 'get', { username: 'sowner', slug: 'night-drawings' });
    expect(bySlug.data.is_sensitive).toBe(true);
  });

  it('carries it in the board picker and in board search', async () => {
    const picker = await owner.resource('BoardPickerBoardsResource', 'get', { field_set_key: 'board_picker', filter: 'all' });
    expect(picker.data.all_boards.find((b: { id: string }) => b.id === boardId)?.is_sensitive).toBe(true);
    const search = await stranger.resource('BaseSearchResource', 'get', { query: 'night drawings', scope: 'boards' });
    expect(search.data.find((b: { id: string }) => b.id === boardId)?.is_sensitive).toBe(true);
  });

  it('refuses collaborators with the spec note, and strangers', async () => {
    const byCollaborator = await update(collaborator, { is_sensitive: false });
    expect(byCollaborator.httpStatus).toBe(403);
    expect(byCollaborator.error?.message).toBe("Only the board's owner (Sam Owner) can manage the rest of its features");
    // A collaborator's own setting still goes through, but not with the mark alongside it.
    expect((await update(collaborator, { collab_board_email: false, is_sensitive: false })).httpStatus).toBe(403);
    expect((await update(collaborator, { collab_board_email: false })).httpStatus).toBe(200);
    expect((await update(stranger, { is_sensitive: false })).httpStatus).toBe(403);
    expect((await t.client().resource('BoardResource', 'update', { board_id: boardId, is_sensitive: false })).httpStatus).toBe(401);
    expect((await read(owner)).data.is_sensitive).toBe(true);
  });

  it('answers 404 to a stranger on a secret board, as for a missing one', async () => {
    await update(owner, { privacy: 'secret' });
    expect((await update(stranger, { is_sensitive: false })).httpStatus).toBe(404);
    await update(owner, { privacy: 'public' });
  });

  it('answers 400 naming the field for a value that is not a boolean', async () => {
    for (const bad of ['yes', 1, null]) {
      const r = await update(owner, { is_sensitive: bad });
      expect(r.httpStatus).toBe(400);
      expect(r.error?.field).toBe('is_sensitive');
    }
    expect((await read(owner)).data.is_sensitive).toBe(true);
  });

  it("leaves the cover out of the board page's link preview", async () => {
    const html = async () => (await t.client().request('GET', '/sowner/night-drawings/', { headers: { accept: 'text/html' } })).body;
    expect(await html()).not.toContain('og:image');
    await update(owner, { is_sensitive: false });
    expect(await html()).toMatch(/<meta property="og:image" content="[^"]+\/media\//);
  });

  it('lets the owner clear it', async () => {
    await update(owner, { is_sensitive: true });
    const cleared = await update(owner, { is_sensitive: false });
    expect(cleared.data.is_sensitive).toBe(false);
    expect((await listed(stranger)).is_sensitive).toBe(false);
  });
});
