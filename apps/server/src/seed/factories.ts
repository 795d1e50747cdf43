/**
 * Factories that make real rows (and real stored images) for tests, the demo
 * content and the benchmark. They write through the repositories, so what
 * they make is exactly what the product makes.
 */
import type { Db, Queryable } from '../db/client';
import { newId } from '../lib/ids';
import type { MediaStore } from '../media-pipeline/media-store';
import { processImage } from '../media-pipeline/process-image';
import { storeImage } from '../media-pipeline/store-image';
import { makeTestImage, type TestImageFormat } from '../media-pipeline/test-images';
import { hashPassword } from '../modules/auth/passwords';
import { boardsRepo } from '../modules/boards/boards.repo';
import { slugify } from '../lib/slugify';
import type { PinRow } from '../kernel/pins.repo';
import { pinsRepo } from '../modules/pins/pins.repo';
import { usersRepo } from '../modules/users/users.repo';
import { commentsRepo } from '../modules/comments/comments.repo';

export const DEFAULT_PASSWORD = 'correct horse battery';
let defaultHash: Promise<string> | null = null;
const passwordHash = (password: string) =>
  password === DEFAULT_PASSWORD ? (defaultHash ??= hashPassword(DEFAULT_PASSWORD, 19456)) : hashPassword(password, 19456);

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export async function makeUser(
  db: Queryable,
  o: { username?: string; email?: string; password?: string; fullName?: string; about?: string; isPrivate?: boolean } = {},
) {
  const username = o.username ?? `user_${unique()}`;
  const id = newId();
  const user = await usersRepo.insert(db, {
    id,
    username,
    email: o.email ?? `${username}@example.com`,
    passwordHash: await passwordHash(o.password ?? DEFAULT_PASSWORD),
    fullName: o.fullName ?? username,
    avatarColorIndex: Number(BigInt(id) % 7n),
    about: o.about ?? '',
  });
  if (o.isPrivate) await db.query('UPDATE users SET is_private_profile = true WHERE id = $1', [id]);
  return user;
}

export async function makeBoard(
  db: Queryable,
  ownerId: string,
  o: { name?: string; description?: string; privacy?: 'public' | 'secret' | 'protected'; category?: string } = {},
) {
  const name = o.name ?? `Board ${unique()}`;
  const taken = await boardsRepo.slugsLike(db, ownerId, slugify(name));
  let slug = slugify(name);
  for (let i = 2; taken.has(slug); i++) slug = `${slugify(name)}-${i}`;
  return boardsRepo.insert(db, {
    id: newId(),
    owner_id: ownerId,
    name,
    slug,
    description: o.description ?? '',
    privacy: o.privacy ?? 'public',
    category: o.category ?? 'other',
    collab_board_email: true,
    collaborator_invites_enabled: false,
  });
}

export async function makeSection(db: Queryable, boardId: string, title: string, position = 0) {
  const id = newId();
  await db.query('INSERT INTO board_sections (id, board_id, title, slug, position) VALUES ($1, $2, $3, $4, $5)', [
    id,
    boardId,
    title,
    slugify(title),
    position,
  ]);
  await db.query('UPDATE boards SET section_count = section_count + 1 WHERE id = $1', [boardId]);
  return id;
}

export interface StoredImage {
  mediaBase: string;
  images: PinRow['images'];
  dominantColor: string;
  width: number;
  height: number;
}

/** Generates an image locally (no downloads), runs it through the real pipeline and stores it. */
export async function makeStoredImage(
  media: MediaStore,
  o: { seed?: number; width?: number; height?: number; format?: TestImageFormat } = {},
): Promise<StoredImage> {
  const seed = o.seed ?? counter++;
  return storeImageBuffer(media, await makeTestImage({ width: o.width ?? 600, height: o.height ?? 800, format: o.format ?? 'jpeg', seed }));
}

/** Runs an image made elsewhere (the demo's pictures) through the real pipeline and stores it. */
export async function storeImageBuffer(media: MediaStore, buf: Buffer): Promise<StoredImage> {
  const stored = await storeImage(media, await processImage(buf));
  return {
    mediaBase: stored.base,
    images: stored.images as unknown as PinRow['images'],
    dominantColor: stored.dominantColor,
    width: stored.width,
    height: stored.height,
  };
}

export async function makePin(
  db: Db,
  o: {
    pinnerId: string;
    boardId?: string | null;
    sectionId?: string | null;
    image: StoredImage;
    title?: string;
    description?: string;
    link?: string;
    parentPinId?: string | null;
    createdAt?: Date;
  },
) {
  const id = newId();
  await db.tx(async (tx) => {
    await pinsRepo.insert(tx, {
      id,
      pinner_id: o.pinnerId,
      board_id: o.boardId ?? null,
      section_id: o.sectionId ?? null,
      parent_pin_id: o.parentPinId ?? null,
      title: o.title ?? '',
      description: o.description ?? '',
      link: o.link ?? '',
      alt_text: '',
      method: o.parentPinId ? 'button' : 'uploaded',
      media_base: o.image.mediaBase,
      images: o.image.images,
      dominant_color: o.image.dominantColor,
      width: o.image.width,
      height: o.image.height,
    });
    if (o.boardId) await boardsRepo.addToPinCount(tx, o.boardId, 1);
    if (o.parentPinId) await tx.query('UPDATE pins SET repin_count = repin_count + 1 WHERE id = $1', [o.parentPinId]);
  });
  return id;
}

/** A comment on a Pin (its Pin's comment_count follows by trigger), or with `parentId` a reply; `id` to set its place in time. */
export async function makeComment(db: Queryable, o: { pinId: string; authorId: string; text: string; id?: string; parentId?: string }) {
  const id = o.id ?? newId();
  await commentsRepo.insert(db, { id, pinId: o.pinId, parentId: o.parentId ?? null, authorId: o.authorId, text: o.text });
  return id;
}

export async function follow(db: Queryable, followerId: string, followeeId: string) {
  await db.query('INSERT INTO follows (follower_id, followee_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [followerId, followeeId]);
}

export async function followBoard(db: Queryable, userId: string, boardId: string) {
  await db.query('INSERT INTO board_follows (user_id, board_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, boardId]);
}

/** A block as stored; the service's side effects (ending collaboration and invites) are not run. */
export async function block(db: Queryable, blockerId: string, blockedId: string) {
  await db.query('INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [blockerId, blockedId]);
}

/** A collaborator as stored, without the invite that would have made them one. */
export async function makeCollaborator(db: Queryable, boardId: string, userId: string) {
  await db.query('INSERT INTO board_collaborators (board_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [boardId, userId]);
}
