import { EXPERIENCE_IDS, EXPERIENCE_PLACEMENTS } from '@pinboard/shared/constants/experiences';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBoard, makePin, makeStoredImage, type StoredImage } from '../src/seed/factories';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

let t: TestApp;
let image: StoredImage;

beforeAll(async () => {
  t = await buildTestApp();
  image = await makeStoredImage(t.media, { seed: 5, width: 200, height: 300 });
});
afterAll(async () => {
  await t?.close();
});

const { education, profileHeader } = EXPERIENCE_PLACEMENTS;
const { organizeIdeas, createFirst, addProfilePicture } = EXPERIENCE_IDS;

async function person(username: string) {
  const c = t.client();
  const { id } = await c.signUp({ email: `${username}@example.com`, username });
  return { c, id };
}

const current = (c: TestClient, placementId: unknown) => c.resource('ExperiencesResource', 'get', { placement_id: placementId });
const complete = (c: TestClient, placementId: unknown, experienceId: unknown) =>
  c.resource('ExperienceResource', 'update', { placement_id: placementId, experience_id: experienceId });
const dismiss = (c: TestClient, placementId: unknown, experienceId: unknown) =>
  c.resource('ExperienceResource', 'delete', { placement_id: placementId, experience_id: experienceId });
const rows = async (userId: string) =>
  t.db.query<{ experience_id: number; placement_id: number; status: string }>(
    'SELECT experience_id, placement_id, status FROM user_experiences WHERE user_id = $1 ORDER BY experience_id',
    [userId],
  );

describe('which experience a placement shows', () => {
  it('shows the Create pulsar to someone with no Pins and no boards, and nothing once they have a board', async () => {
    const p = await person('exp_new');
    const r = await current(p.c, education);
    expect(r.httpStatus).toBe(200);
    expect(r.data).toEqual({
      experience_id: createFirst,
      placement_id: education,
      display_data: {
        has_pulsar: true,
        has_tooltip: true,
        text: 'Start here: make your first Pin or board.',
        scroll_to_dismiss: false,
        delay: 0,
        complete_button_text: 'Got it',
        secondary_cta_link: null,
      },
    });
    await makeBoard(t.db, p.id, { name: 'First board' });
    expect((await current(p.c, education)).data).toBeNull();
  });

  it('a board deleted into its restore window does not count as having one', async () => {
    const p = await person('exp_deleted_board');
    const board = await makeBoard(t.db, p.id, { name: 'Gone soon' });
    expect((await current(p.c, education)).data).toBeNull();
    await t.db.query('UPDATE boards SET deleted_at = now() WHERE id = $1', [board.id]);
    expect((await current(p.c, education)).data).toMatchObject({ experience_id: createFirst });
  });

  it('shows the Organize tooltip to an owner with a boardless Pin, with its scroll dismissal', async () => {
    const p = await person('exp_boardless');
    const board = await makeBoard(t.db, p.id, { name: 'Sorted' });
    await makePin(t.db, { pinnerId: p.id, boardId: board.id, image });
    expect((await current(p.c, education)).data).toBeNull();
    await makePin(t.db, { pinnerId: p.id, boardId: null, image });
    const r = await current(p.c, education);
    expect(r.data).toMatchObject({
      experience_id: organizeIdeas,
      placement_id: education,
      display_data: { has_pulsar: false, has_tooltip: true, scroll_to_dismiss: true, delay: 3, complete_button_text: 'Got it', secondary_cta_link: null },
    });
  });

  it('shows the profile picture prompt, routing to settings, until there is a picture', async () => {
    const p = await person('exp_picture');
    const r = await current(p.c, String(profileHeader));
    expect(r.data).toMatchObject({
      experience_id: addProfilePicture,
      placement_id: profileHeader,
      display_data: { has_pulsar: true, text: "Add a profile picture so people know it's you.", secondary_cta_link: '/settings/edit-profile/' },
    });
    await t.db.query("UPDATE users SET image_url = '/media/avatars/x/orig.webp' WHERE id = $1", [p.id]);
    expect((await current(p.c, profileHeader)).data).toBeNull();
  });

  it("speaks the viewer's language: the words come from the server catalogue of the account's locale", async () => {
    const p = await person('exp_german');
    expect((await p.c.resource('UserResource', 'update', { locale: 'de' })).httpStatus).toBe(200);
    expect((await current(p.c, profileHeader)).data).toMatchObject({
      experience_id: addProfilePicture,
      display_data: { text: 'Fügen Sie ein Profilbild hinzu, damit andere Sie erkennen.', complete_button_text: 'Bild hinzufügen' },
    });
    expect((await current(p.c, education)).data).toMatchObject({ experience_id: createFirst, display_data: { complete_button_text: 'Verstanden' } });
  });

  it('answers null signed out and for a placement with no experiences', async () => {
    const signedOut = await current(t.client(), education);
    expect(signedOut.httpStatus).toBe(200);
    expect(signedOut.data).toBeNull();
    const p = await person('exp_other_placement');
    expect((await current(p.c, 7)).data).toBeNull();
  });
});

describe('completing and dismissing', () => {
  it('completing hides it for good; doing it again is harmless', async () => {
    const p = await person('exp_complete');
    await makePin(t.db, { pinnerId: p.id, boardId: null, image });
    const first = await complete(p.c, education, organizeIdeas);
    expect(first.httpStatus).toBe(200);
    expect(first.data).toEqual({ experience_id: organizeIdeas, placement_id: education, status: 'completed' });
    expect((await complete(p.c, String(education), String(organizeIdeas))).httpStatus).toBe(200);
    expect((await p.c.resource('ExperienceResource', 'create', { placement_id: education, experience_id: organizeIdeas })).httpStatus).toBe(200);
    expect(await rows(p.id)).toEqual([{ experience_id: organizeIdeas, placement_id: education, status: 'completed' }]);
    expect((await current(p.c, education)).data).toBeNull();
  });

  it("dismissing one shows the next one the person qualifies for at that placement, and leaves others' alone", async () => {
    const ann = await person('exp_ann');
    const ben = await person('exp_ben');
    expect((await current(ann.c, profileHeader)).data?.experience_id).toBe(addProfilePicture);
    const r = await dismiss(ann.c, profileHeader, addProfilePicture);
    expect(r.httpStatus).toBe(200);
    expect(r.data).toEqual({ experience_id: addProfilePicture, placement_id: profileHeader, status: 'dismissed' });
    expect((await dismiss(ann.c, profileHeader, addProfilePicture)).httpStatus).toBe(200);
    expect((await current(ann.c, profileHeader)).data).toBeNull();
    expect(await rows(ann.id)).toEqual([{ experience_id: addProfilePicture, placement_id: profileHeader, status: 'dismissed' }]);

    // Ben still sees his.
    expect((await current(ben.c, profileHeader)).data?.experience_id).toBe(addProfilePicture);
    expect(await rows(ben.id)).toEqual([]);

    // Organize (first in the catalogue) answered, a person who also qualifies for nothing else sees nothing.
    await makePin(t.db, { pinnerId: ann.id, boardId: null, image });
    expect((await current(ann.c, education)).data?.experience_id).toBe(organizeIdeas);
    await dismiss(ann.c, education, organizeIdeas);
    expect((await current(ann.c, education)).data).toBeNull();
  });

  it('refuses bad input (400 naming the field), unknown experiences (404) and signed-out people (401), writing nothing', async () => {
    const p = await person('exp_refusals');
    for (const bad of ['abc', '', 0, -3, 1.5, null, true]) {
      const r = await complete(p.c, bad, organizeIdeas);
      expect(r.httpStatus).toBe(400);
      expect(r.error?.field).toBe('placement_id');
      expect((await dismiss(p.c, education, bad)).error?.field).toBe('experience_id');
    }
    expect((await p.c.resource('ExperienceResource', 'update', { placement_id: education })).error?.field).toBe('experience_id');
    expect((await p.c.resource('ExperienceResource', 'update', { placement_id: education, experience_id: organizeIdeas, extra: 1 })).error?.field).toBe(
      'extra',
    );
    expect((await current(p.c, 'x')).error?.field).toBe('placement_id');
    expect((await current(p.c, undefined)).httpStatus).toBe(400);

    const unknown = await complete(p.c, education, 123456);
    expect(unknown.httpStatus).toBe(404);
    expect(unknown.error?.message).toBe('That experience could not be found.');
    // A known experience at the wrong placement is unknown there.
    expect((await dismiss(p.c, profileHeader, organizeIdeas)).httpStatus).toBe(404);

    const signedOut = t.client();
    expect((await complete(signedOut, education, organizeIdeas)).httpStatus).toBe(401);
    expect((await dismiss(signedOut, education, organizeIdeas)).httpStatus).toBe(401);
    expect(await rows(p.id)).toEqual([]);
  });
});
