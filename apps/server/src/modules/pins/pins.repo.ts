import type { Queryable } from '../../db/client';
import { listedBoardSql, unseenCommentCountSql, visiblePinSql } from '../../kernel';

export type ImageVariant = { url: string; width: number; height: number };

export interface PinRow {
  id: string;
  pinner_id: string;
  board_id: string | null;
  section_id: string | null;
  parent_pin_id: string | null;
  title: string;
  description: string;
  link: string;
  alt_text: string;
  method: string;
  media_base: string;
  images: Record<string, ImageVariant>;
  dominant_color: string;
  width: number;
  height: number;
  repin_count: number;
  comment_count: number;
  comments_enabled: boolean;
  created_at: Date;
  /** Video Pins: 'processing', 'ready' or 'failed'; null for image Pins. */
  video_status: VideoStatus | null;
  video: StoredVideo | null;
  video_error: string | null;
  story_pin_data: StoryPinData | null;
  extra_media_bases: string[] | null;
  /** 'gif': made from an animated GIF, transcoded into a short looping MP4 (decision 044). */
  embed_type: 'gif' | null;
  /** A video Pin's WebVTT captions, when its owner attached some. */
  captions: StoredCaptions | null;
}

/** A captions file as stored with its Pin: its key (under the Pin's media base), language and size. */
export interface StoredCaptions {
  key: string;
  language: string;
  bytes: number;
}

type VideoStatus = 'processing' | 'ready' | 'failed';

/** A transcoded video as stored with its Pin (keys are media-store keys). */
export interface StoredVideo {
  width: number;
  height: number;
  duration_ms: number;
  mp4: string;
  hlsv4: string;
  hlsv3: string;
  /** Every key written for it, for removal. */
  keys: string[];
}

/** An idea Pin's pages as stored (and answered). */
export interface StoryPinData {
  page_count: number;
  pages: StoryPage[];
  metadata: { pin_title: string };
}

/** A page: its blocks, and the media of its image or video block (stored under its own media base). */
export interface StoryPage {
  blocks: StoryBlock[];
  media: { media_base: string; images: Record<string, ImageVariant>; dominant_color: string; width: number; height: number; video: StoredVideo | null } | null;
}

type StoryBlock = { type: 'story_pin_image_block' } | { type: 'story_pin_video_block' } | { type: 'story_pin_paragraph_block'; text: string };

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

export interface PinWithRefs extends PinRow {
  pinner_username: string;
  pinner_full_name: string;
  pinner_image_url: string | null;
  board_name: string | null;
  board_slug: string | null;
  board_privacy: 'public' | 'secret' | 'protected' | null;
  board_owner_username: string | null;
  /** The board's owner (pins.policy pinAbilities: they may delete the Pin). */
  board_owner_id: string | null;
  /** Whether the Pin may name its board to the viewer (boards.policy listedBoardSql). */
  board_listed: boolean;
}

/** PinRow's columns: every column of `pins` but the search vector, the client guid and the moderation mark. */
const PIN_ROW_COLUMNS = [
  'id',
  'pinner_id',
  'board_id',
  'section_id',
  'parent_pin_id',
  'title',
  'description',
  'link',
  'alt_text',
  'method',
  'media_base',
  'images',
  'dominant_color',
  'width',
  'height',
  'repin_count',
  'comment_count',
  'comments_enabled',
  'created_at',
  'video_status',
  'video',
  'video_error',
  'story_pin_data',
  'extra_media_bases',
  'embed_type',
  'captions',
] as const satisfies readonly (keyof PinRow)[];
const everyPinRowColumn: Exclude<keyof PinRow, (typeof PIN_ROW_COLUMNS)[number]> extends never ? true : never = true;
void everyPinRowColumn;

/**
 * For selectVisiblePinsSql: a Pin's PinRow columns only. Lists of Pins (feeds, recommendations) read
 * these: `p.*` also sends each Pin's search vector, as text, for the app to parse and drop.
 */
export const PIN_ROW_SQL = PIN_ROW_COLUMNS.map((c) => `p.${c}`).join(', ');

/**
 * Every Pin read joins the same way and filters with the one visibility rule; $1 is the viewer id.
 * `pinColumns`: the Pin's columns to read (all of them, or PIN_ROW_SQL).
 */
export function selectVisiblePinsSql(pinColumns = 'p.*') {
  return `
  SELECT ${pinColumns}, u.username AS pinner_username, u.full_name AS pinner_full_name, u.image_url AS pinner_image_url,
    b.name AS board_name, b.slug AS board_slug, b.privacy AS board_privacy, bo.username AS board_owner_username, b.owner_id AS board_owner_id,
    ${listedBoardSql('$1')} AS board_listed
  FROM pins p
  JOIN users u ON u.id = p.pinner_id
  LEFT JOIN boards b ON b.id = p.board_id
  LEFT JOIN users bo ON bo.id = b.owner_id
  WHERE ${visiblePinSql('$1')}`;
}

/** What inserting a Pin takes: the row less what the database fills, video and idea Pin fields optional. */
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
  Partial<Pick<PinRow, 'video_status' | 'video' | 'story_pin_data' | 'extra_media_bases' | 'embed_type' | 'captions'>>;

export const pinsRepo = {
  /**
   * Inserts a Pin, its comments on or off as its pinner's default; with a client guid, one the pinner already made with that
   * guid wins and null comes back (a retried request, or two at once).
   */
  async insert(db: Queryable, p: InsertPin, clientGuid: string | null = null) {
    const [row] = await db.query<PinRow>(
      `INSERT INTO pins (id, pinner_id, board_id, section_id, parent_pin_id, title, description, link, alt_text, method,
                         media_base, images, dominant_color, width, height, client_guid, comments_enabled,
                         video_status, video, story_pin_data, extra_media_bases, embed_type, captions)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
               COALESCE((SELECT NOT comments_default_off FROM users WHERE id = $2), true), $17, $18, $19, $20, $21, $22)
       ON CONFLICT (pinner_id, client_guid) WHERE client_guid IS NOT NULL DO NOTHING
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
      ],
    );
    return row ?? null;
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
    const entries = Object.entries(f).filter(([, v]) => v !== undefined);
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

  /**
   * One Pin the viewer may see. Its comment_count is the viewer's: the stored
   * count less the comments they do not see (comments.policy), in the same
   * query; lists (feeds, search) keep the stored count (decision 045).
   */
  async visibleById(db: Queryable, id: string, viewerId: string | null) {
    const [row] = await db.query<PinWithRefs & { unseen_comment_count: number }>(
      `SELECT v.*, ${unseenCommentCountSql('$1', 'v')} AS unseen_comment_count FROM (${selectVisiblePinsSql()} AND p.id = $2) v`,
      [viewerId, id],
    );
    if (!row) return null;
    const { unseen_comment_count: unseen, ...pin } = row;
    return { ...pin, comment_count: pin.comment_count - unseen } as PinWithRefs;
  },
};
