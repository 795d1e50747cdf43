import { linkKey } from '@pinboard/shared/text/links';
import type { Queryable } from '../../db/client';
import { NEAR_DISTANCE, PHASH_CHUNK_SHIFTS, phashChunkProbes } from '../../media-pipeline/picture-hashes';
import {
  PIN_ROW_SQL,
  selectVisiblePinsSql,
  visiblePinById,
  type ImageVariant,
  type PinRow,
  type StoredCaptions,
  type StoredVideo,
  type StoryPinData,
  type PinWithRefs,
  type VideoStatus,
} from '../../kernel/pins.repo';

// The Pin row and its read are the kernel's (decision 081); the module's own code keeps reading them from here.
export type { ImageVariant, PinWithRefs, StoredCaptions, StoredVideo, StoryPage, StoryPinData } from '../../kernel/pins.repo';

/** What a transcode job is for (its payload: transcode-job.ts). */
export interface VideoJob {
  media_base: string;
  pin_id: string | null;
  story_media_id: string | null;
}

/** An idea Pin page's upload before it is published. */
export interface StoryMediaRow {
  id: string;
  owner_id: string;
  media_base: string;
  images: Record<string, ImageVariant>;
  dominant_color: string;
  width: number;
  height: number;
  video_status: VideoStatus | null;
  video: StoredVideo | null;
  video_error: string | null;
}

/** What inserting a Pin takes: the row less what the database fills, video and idea Pin fields optional; `created_at` now unless given (an imported Pin's saved date). */
export type InsertPin = Omit<
  PinRow,
  | 'repin_count'
  | 'comment_count'
  | 'comments_enabled'
  | 'created_at'
  | 'video_status'
  | 'video'
  | 'video_error'
  | 'story_pin_data'
  | 'extra_media_bases'
  | 'embed_type'
  | 'captions'
> &
  Partial<Pick<PinRow, 'video_status' | 'video' | 'story_pin_data' | 'extra_media_bases' | 'embed_type' | 'captions' | 'created_at'>> &
  Partial<PictureKeys>;

/** A Pin's picture keys (decision 095): its original bytes' SHA-256 and perceptual hash (a signed bigint in decimal); none for a video or an Idea Pin. */
export interface PictureKeys {
  content_sha256: Buffer | null;
  phash: string | null;
}

/** What "the same picture or link" is looked for by: a Pin's keys, or what the Pin builder knows before there is a Pin. */
export interface SameThing {
  contentSha256?: Buffer | null | undefined;
  phash?: string | null | undefined;
  mediaBase?: string | null | undefined;
  linkKey?: string | null | undefined;
}

/** SQL: a Pin `p`'s perceptual hash is within NEAR_DISTANCE of `$param` (a bigint), found through the four chunk indexes (migration 0052). */
function nearPhashSql(param: number, probesFrom: number, alias = 'p') {
  const chunks = PHASH_CHUNK_SHIFTS.map((shift, i) => {
    const expr = shift === 0 ? `(${alias}.phash & 65535)` : `((${alias}.phash >> ${shift}) & 65535)`;
    return `${expr} = ANY($${probesFrom + i}::bigint[])`;
  });
  return `(${alias}.phash IS NOT NULL AND (${chunks.join(' OR ')}) AND bit_count((${alias}.phash # $${param}::bigint)::bit(64)) <= ${NEAR_DISTANCE})`;
}

/** What `link_key` stores: the link's key; '' for a link that has none (a `mailto:`), so the key job passes it by; NULL for no link. */
const storedLinkKey = (link: string) => linkKey(link) ?? (link !== '' ? '' : null);

/** The parameters nearPhashSql's probes take, in order. */
const probesOf = (phash: string) => phashChunkProbes(BigInt(phash));

export const pinsRepo = {
  /**
   * Inserts a Pin, its comments on or off as its pinner's default; with a client guid, one the pinner already made with that
   * guid wins and null comes back (a retried request, or two at once).
   */
  async insert(db: Queryable, p: InsertPin, clientGuid: string | null = null) {
    const [row] = await db.query<PinRow>(
      `INSERT INTO pins (id, pinner_id, board_id, section_id, parent_pin_id, title, description, link, alt_text, method,
                         media_base, images, dominant_color, width, height, client_guid, comments_enabled,
                         video_status, video, story_pin_data, extra_media_bases, embed_type, captions, created_at,
                         link_key, content_sha256, phash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
               COALESCE((SELECT NOT comments_default_off FROM users WHERE id = $2), true), $17, $18, $19, $20, $21, $22,
               COALESCE($23::timestamptz, now()), $24, $25, $26)
       ON CONFLICT DO NOTHING
       RETURNING *`,
      [
        p.id,
        p.pinner_id,
        p.board_id,
        p.section_id,
        p.parent_pin_id,
        p.title,
        p.description,
        p.link,
        p.alt_text,
        p.method,
        p.media_base,
        JSON.stringify(p.images),
        p.dominant_color,
        p.width,
        p.height,
        clientGuid,
        p.video_status ?? null,
        p.video ? JSON.stringify(p.video) : null,
        p.story_pin_data ? JSON.stringify(p.story_pin_data) : null,
        p.extra_media_bases ?? null,
        p.embed_type ?? null,
        p.captions ? JSON.stringify(p.captions) : null,
        p.created_at ?? null,
        storedLinkKey(p.link),
        p.content_sha256 ?? null,
        p.phash ?? null,
      ],
    );
    return row ?? null;
  },

  /** The Pin of this picture (its original bytes) the pinner already has on the board: the rule pins_same_picture_idx holds. */
  async idOfSamePicture(db: Queryable, pinnerId: string, boardId: string, contentSha256: Buffer) {
    const [row] = await db.query<{ id: string }>('SELECT id FROM pins WHERE pinner_id = $1 AND board_id = $2 AND content_sha256 = $3', [
      pinnerId,
      boardId,
      contentSha256,
    ]);
    return row?.id ?? null;
  },

  /** The person's Pin on the board with these bytes (their SHA-256) or this link key, if any (an import collapsing duplicates). */
  async idOnBoardWithSame(db: Queryable, pinnerId: string, boardId: string, contentSha256: Buffer | null, key: string | null) {
    const [row] = await db.query<{ id: string }>(
      `SELECT id FROM pins WHERE pinner_id = $1 AND board_id = $2 AND (content_sha256 = $3 OR link_key = $4) ORDER BY id LIMIT 1`,
      [pinnerId, boardId, contentSha256, key],
    );
    return row?.id ?? null;
  },

  /** Pins made before migration 0052 whose link has no key yet, the oldest first, up to `limit`. */
  async linksToKey(db: Queryable, limit: number) {
    return db.query<{ id: string; link: string }>(`SELECT id, link FROM pins WHERE link_key IS NULL AND link <> '' ORDER BY id LIMIT $1`, [limit]);
  },

  /** Writes those Pins' link keys (unless an edit wrote one meanwhile). */
  async setLinkKeys(db: Queryable, rows: { id: string; link: string }[]) {
    await db.query(
      `UPDATE pins p SET link_key = v.key FROM unnest($1::bigint[], $2::text[], $3::text[]) v(id, link, key)
       WHERE p.id = v.id AND p.link = v.link AND p.link_key IS NULL`,
      [rows.map((r) => r.id), rows.map((r) => r.link), rows.map((r) => storedLinkKey(r.link))],
    );
  },

  /** Where the hashing of older pictures stopped (decision 095): the last Pin id it looked at. */
  async pictureHashCursor(db: Queryable) {
    const [row] = await db.query<{ last_id: string }>(`SELECT last_id FROM housekeeping_progress WHERE task = 'picture_hashes'`);
    return row?.last_id ?? '0';
  },

  async setPictureHashCursor(db: Queryable, lastId: string) {
    await db.query(
      `INSERT INTO housekeeping_progress (task, last_id) VALUES ('picture_hashes', $1)
       ON CONFLICT (task) DO UPDATE SET last_id = greatest(housekeeping_progress.last_id, EXCLUDED.last_id)`,
      [lastId],
    );
  },

  /** Pins after `afterId` with a picture and no perceptual hash, oldest first. */
  async picturesToHash(db: Queryable, afterId: string, limit: number) {
    return db.query<{ id: string; images: Record<string, { url?: string }> | null }>(
      `SELECT id, images FROM pins WHERE phash IS NULL AND media_base IS NOT NULL AND id > $1 ORDER BY id LIMIT $2`,
      [afterId, limit],
    );
  },

  /** Writes perceptual hashes (unless one was written meanwhile). */
  async setPerceptualHashes(db: Queryable, rows: { id: string; phash: string }[]) {
    if (rows.length === 0) return;
    await db.query(`UPDATE pins p SET phash = v.phash FROM unnest($1::bigint[], $2::bigint[]) v(id, phash) WHERE p.id = v.id AND p.phash IS NULL`, [
      rows.map((r) => r.id),
      rows.map((r) => r.phash),
    ]);
  },

  /** A Pin's own keys (whatever its visibility: the caller read it through the rule first). */
  async pictureKeysOf(db: Queryable, pinId: string) {
    const [row] = await db.query<PictureKeys & { media_base: string; link_key: string | null }>(
      'SELECT content_sha256, phash, media_base, link_key FROM pins WHERE id = $1',
      [pinId],
    );
    return row ?? null;
  },

  /**
   * The boards of the person's own Pins that show the same thing: the same original bytes, the same stored image
   * (a save), a near perceptual hash, or the same link key; each board once, the most recently used first.
   * `boardSeen`: the board visibility rule for the person (their own Pins on a board they lost are not theirs to see).
   */
  async boardsHoldingSame(db: Queryable, pinnerId: string, same: SameThing, exceptPinId: string | null, boardSeen: string) {
    const params: unknown[] = [pinnerId, exceptPinId, same.contentSha256 ?? null, same.mediaBase ?? null, same.linkKey ?? null];
    let near = 'false';
    if (same.phash) {
      params.push(same.phash, ...probesOf(same.phash));
      near = nearPhashSql(6, 7);
    }
    return db.query<{ id: string; name: string; slug: string; owner_username: string }>(
      `SELECT b.id, b.name, b.slug, bo.username AS owner_username
       FROM pins p JOIN boards b ON b.id = p.board_id JOIN users bo ON bo.id = b.owner_id
       WHERE p.pinner_id = $1 AND ($2::bigint IS NULL OR p.id <> $2::bigint) AND ${boardSeen}
         AND (p.content_sha256 = $3 OR p.media_base = $4 OR p.link_key = $5 OR ${near})
       GROUP BY b.id, b.name, b.slug, bo.username
       ORDER BY max(p.id) DESC
       LIMIT 20`,
      params,
    );
  },

  /**
   * Pins of the same picture as `pinId` (the same bytes, the same stored image, or a perceptual hash within
   * NEAR_DISTANCE), nearest first then newest, that `visibleSql` lets the viewer ($1) see; at most `limit`.
   */
  async samePicture(
    db: Queryable,
    viewerId: string | null,
    pin: { id: string; content_sha256: Buffer | null; phash: string | null; media_base: string },
    visibleSql: string,
    limit: number,
  ) {
    const params: unknown[] = [viewerId, pin.id, pin.content_sha256, pin.media_base, limit];
    let near = 'false';
    let distance = '0';
    if (pin.phash) {
      params.push(pin.phash, ...probesOf(pin.phash));
      near = nearPhashSql(6, 7);
      distance = `CASE WHEN p.content_sha256 = $3 OR p.media_base = $4 THEN 0 ELSE bit_count((p.phash # $6::bigint)::bit(64))::int END`;
    }
    return db.query<PinWithRefs & { distance: number }>(
      `SELECT * FROM (
         ${selectVisiblePinsSql(`${PIN_ROW_SQL}, ${distance} AS distance`)}
           AND p.id <> $2 AND (p.content_sha256 = $3 OR p.media_base = $4 OR ${near}) AND ${visibleSql}
       ) s
       ORDER BY s.distance, s.id DESC
       LIMIT $5`,
      params,
    );
  },

  async addToRepinCount(db: Queryable, pinId: string, delta: number) {
    await db.query('UPDATE pins SET repin_count = repin_count + $2 WHERE id = $1', [pinId, delta]);
  },

  /** Which of these media bases some Pin (or an unpublished idea Pin upload) still uses. */
  async mediaBasesInUse(db: Queryable, mediaBases: string[]) {
    const rows = await db.query<{ media_base: string }>(
      `SELECT media_base FROM pins WHERE media_base = ANY($1::text[])
       UNION SELECT unnest(extra_media_bases) FROM pins WHERE extra_media_bases && $1::text[]
       UNION SELECT media_base FROM story_media WHERE media_base = ANY($1::text[])`,
      [mediaBases],
    );
    return new Set(rows.map((r) => r.media_base));
  },

  /** Whether the job's Pin (or idea Pin page) still waits for it: it may have been deleted or finished by an earlier run. */
  async videoStillProcessing(db: Queryable, job: Pick<VideoJob, 'media_base' | 'pin_id' | 'story_media_id'>) {
    const rows = job.pin_id
      ? await db.query(`SELECT 1 FROM pins WHERE id = $1 AND media_base = $2 AND video_status = 'processing'`, [job.pin_id, job.media_base])
      : await db.query(`SELECT 1 FROM story_media WHERE id = $1 AND media_base = $2 AND video_status = 'processing'`, [job.story_media_id, job.media_base]);
    return rows.length > 0;
  },

  /** The job's Pin or idea Pin page is ready; false when it is gone meanwhile. */
  async finishVideo(db: Queryable, job: Pick<VideoJob, 'media_base' | 'pin_id' | 'story_media_id'>, video: StoredVideo) {
    const rows = job.pin_id
      ? await db.query<{ id: string }>(
          `UPDATE pins SET video_status = 'ready', video = $3, video_error = NULL WHERE id = $1 AND media_base = $2 RETURNING id`,
          [job.pin_id, job.media_base, JSON.stringify(video)],
        )
      : await db.query<{ id: string }>(
          `UPDATE story_media SET video_status = 'ready', video = $3, video_error = NULL WHERE id = $1 AND media_base = $2 RETURNING id`,
          [job.story_media_id, job.media_base, JSON.stringify(video)],
        );
    return rows.length > 0;
  },

  async failVideo(db: Queryable, job: Pick<VideoJob, 'media_base' | 'pin_id' | 'story_media_id'>, reason: string) {
    if (job.pin_id) await db.query(`UPDATE pins SET video_status = 'failed', video_error = $2 WHERE id = $1`, [job.pin_id, reason]);
    else await db.query(`UPDATE story_media SET video_status = 'failed', video_error = $2 WHERE id = $1`, [job.story_media_id, reason]);
  },

  /** Sets (or, null, removes) a video Pin's captions; answers the ones it replaced. */
  async setCaptions(db: Queryable, pinId: string, captions: StoredCaptions | null) {
    const [row] = await db.query<{ old: StoredCaptions | null }>(
      'UPDATE pins p SET captions = $2 FROM pins o WHERE p.id = $1 AND o.id = p.id RETURNING o.captions AS old',
      [pinId, captions ? JSON.stringify(captions) : null],
    );
    return row?.old ?? null;
  },

  /** Whether some Pin (a save of it, say) still names this captions file. */
  async captionsInUse(db: Queryable, key: string) {
    const rows = await db.query("SELECT 1 FROM pins WHERE captions->>'key' = $1 LIMIT 1", [key]);
    return rows.length > 0;
  },

  /** Puts a failed video back to processing. */
  async markVideoProcessing(db: Queryable, pinId: string) {
    await db.query(`UPDATE pins SET video_status = 'processing', video_error = NULL WHERE id = $1`, [pinId]);
  },

  async insertStoryMedia(db: Queryable, m: StoryMediaRow) {
    await db.query(
      `INSERT INTO story_media (id, owner_id, media_base, images, dominant_color, width, height, video_status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [m.id, m.owner_id, m.media_base, JSON.stringify(m.images), m.dominant_color, m.width, m.height, m.video_status],
    );
  },

  /** The owner's uploads among these ids. */
  async storyMediaOf(db: Queryable, ownerId: string, ids: string[]) {
    return db.query<StoryMediaRow>('SELECT * FROM story_media WHERE owner_id = $1 AND id = ANY($2::bigint[])', [ownerId, ids]);
  },

  /** An edited Idea Pin's pages, with its cover (the first page's media). */
  async replaceStoryPages(
    db: Queryable,
    pinId: string,
    f: Pick<PinRow, 'media_base' | 'images' | 'dominant_color' | 'width' | 'height'> & { story_pin_data: StoryPinData; extra_media_bases: string[] },
  ) {
    await db.query(
      `UPDATE pins SET media_base = $2, images = $3, dominant_color = $4, width = $5, height = $6, story_pin_data = $7, extra_media_bases = $8 WHERE id = $1`,
      [pinId, f.media_base, JSON.stringify(f.images), f.dominant_color, f.width, f.height, JSON.stringify(f.story_pin_data), f.extra_media_bases],
    );
  },

  async setStoryTitle(db: Queryable, pinId: string, title: string) {
    await db.query(`UPDATE pins SET story_pin_data = jsonb_set(story_pin_data, '{metadata,pin_title}', to_jsonb($2::text)) WHERE id = $1`, [pinId, title]);
  },

  /** Published: the uploads now belong to the idea Pin. */
  async takeStoryMedia(db: Queryable, ids: string[]) {
    await db.query('DELETE FROM story_media WHERE id = ANY($1::bigint[])', [ids]);
  },

  /** Uploads never published, older than `hours`: removed with their files. */
  async staleStoryMedia(db: Queryable, hours: number) {
    return db.query<StoryMediaRow>('DELETE FROM story_media WHERE created_at < now() - make_interval(hours => $1) RETURNING *', [hours]);
  },

  /** Deletes the Pin; a board it was the chosen cover of goes back to its newest Pin. */
  async delete(db: Queryable, id: string) {
    await db.query('DELETE FROM pins WHERE id = $1', [id]);
    await db.query('UPDATE boards SET cover_pin_id = NULL WHERE cover_pin_id = $1', [id]);
  },

  /** The Pin a pinner made with a client guid, if any. */
  async idByClientGuid(db: Queryable, pinnerId: string, clientGuid: string) {
    const [row] = await db.query<{ id: string }>('SELECT id FROM pins WHERE pinner_id = $1 AND client_guid = $2', [pinnerId, clientGuid]);
    return row?.id ?? null;
  },

  async update(
    db: Queryable,
    id: string,
    f: {
      title?: string | undefined;
      description?: string | undefined;
      link?: string | undefined;
      alt_text?: string | undefined;
      board_id?: string | null | undefined;
      section_id?: string | null | undefined;
      comments_enabled?: boolean | undefined;
    },
  ) {
    // A new link has a new key (decision 095).
    const entries: [string, unknown][] = Object.entries(f).filter(([, v]) => v !== undefined);
    if (f.link !== undefined) entries.push(['link_key', storedLinkKey(f.link)]);
    if (entries.length === 0) return;
    const sets = entries.map(([k], i) => `${k} = $${i + 2}`).join(', ');
    await db.query(`UPDATE pins SET ${sets} WHERE id = $1`, [id, ...entries.map(([, v]) => v)]);
  },

  /** A Pin by id whatever its visibility: for moderators deciding on it. */
  async moderationFacts(db: Queryable, id: string) {
    const [row] = await db.query<{ id: string; pinner_id: string; board_id: string | null; media_base: string; title: string; moderation: string | null }>(
      'SELECT id, pinner_id, board_id, media_base, title, moderation FROM pins WHERE id = $1',
      [id],
    );
    return row ?? null;
  },

  /**
   * Sets a moderation state on the Pin and every other Pin showing the same
   * image (a decision is about the image, saves included: decision 038);
   * answers the boards whose Pins changed.
   */
  async setImageModeration(db: Queryable, id: string, state: 'removed' | 'restricted' | null) {
    const rows = await db.query<{ board_id: string | null }>(
      'UPDATE pins SET moderation = $2 WHERE media_base = (SELECT media_base FROM pins WHERE id = $1) RETURNING board_id',
      [id, state],
    );
    return [...new Set(rows.map((r) => r.board_id).filter((b): b is string => b !== null))];
  },

  /** One Pin the viewer may see (the kernel's read, decision 081). */
  visibleById: visiblePinById,
};
