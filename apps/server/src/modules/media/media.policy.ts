/**
 * Who may see an image or a video (its MP4, playlists and segments share its
 * media base): everyone when it is public (a profile picture, a business
 * cover, or used by a Pin everyone may see: boards.policy's rule for a
 * signed-out viewer), else the viewers who may see a Pin using it (an idea
 * Pin's pages included), a collage draft's preview, a bulk upload's draft and an idea Pin page not
 * yet published their owner alone; a reported Pin's image also staff, who
 * review the report in the moderation queue whatever its state (decision 057).
 *
 * Public images are served without a query: each server keeps the set of
 * images it found public. The set is emptied
 *   - when PostgreSQL says, on the channel `media_visibility`, that a
 *     committed change may have taken an image out of public view (triggers
 *     on boards, pins and users, migration 0014; every server listens, so
 *     several servers stay exact);
 *   - by this server itself when it answers a change successfully, before
 *     the answer leaves, so the person who changed something never sees it
 *     stale (the notice may come a moment later);
 *   - whenever the listening connection is lost: until it is back, nothing
 *     is served from the set.
 * A lookup that started before an emptying never fills the set afterwards
 * (the generation check), so a slow query cannot bring back what a change
 * took away. Only "public" is remembered; "not public" is asked every time.
 */
import type { Db } from '../../db/client';
import { visiblePinSql } from '../../kernel';
import { accountRowInViewSql, staffSql } from '../users';
import { mediaRepo } from './media.repo';

/**
 * SQL: the image with media base `baseParam` is public: a profile picture
 * (`urlPatternParam` is the LIKE pattern of its URLs), a business cover, or
 * used by a Pin a signed-out visitor may see; a removed person's (decision 045) are none of these.
 */
export function publicMediaSql(baseParam: string, urlPatternParam: string) {
  return `(EXISTS (SELECT 1 FROM users mu WHERE mu.image_url LIKE ${urlPatternParam} AND ${accountRowInViewSql('mu')})
    OR EXISTS (SELECT 1 FROM users mu WHERE mu.cover_media_base = ${baseParam} AND ${accountRowInViewSql('mu')})
    OR EXISTS (SELECT 1 FROM pins p LEFT JOIN boards b ON b.id = p.board_id
               WHERE ${pinUsesMediaSql(baseParam)} AND ${visiblePinSql('NULL::bigint')}))`;
}

/**
 * SQL: a signed-in viewer may see the image: a Pin they may see uses it, it is their own collage draft's preview or bulk upload draft,
 * or they are staff and a reported Pin uses it (`staffUsernamesParam`: the STAFF_USERNAMES setting, a text[]).
 */
export function viewerMaySeeMediaSql(baseParam: string, viewerParam: string, staffUsernamesParam: string) {
  return `(${viewerParam} IS NOT NULL AND (
    EXISTS (SELECT 1 FROM pins p LEFT JOIN boards b ON b.id = p.board_id
            WHERE ${pinUsesMediaSql(baseParam)} AND ${visiblePinSql(viewerParam)})
    OR (${staffSql(viewerParam, staffUsernamesParam)}
        AND EXISTS (SELECT 1 FROM pins p WHERE ${pinUsesMediaSql(baseParam)} AND EXISTS (SELECT 1 FROM user_reports r WHERE r.reported_pin_id = p.id)))
    OR EXISTS (SELECT 1 FROM collages WHERE media_base = ${baseParam} AND owner_id = ${viewerParam} AND is_draft)
    OR EXISTS (SELECT 1 FROM pin_drafts WHERE media_base = ${baseParam} AND owner_id = ${viewerParam})
    OR EXISTS (SELECT 1 FROM story_media WHERE media_base = ${baseParam} AND owner_id = ${viewerParam})))`;
}

/** SQL: Pin `p` uses the media: its own image or video, or an idea Pin page's. */
function pinUsesMediaSql(baseParam: string) {
  return `(p.media_base = ${baseParam} OR p.extra_media_bases @> ARRAY[${baseParam}]::text[])`;
}

const MAX_REMEMBERED = 200_000;

export interface MediaAccess {
  visible: boolean;
  public: boolean;
}

export class MediaPolicy {
  private readonly publicBases = new Set<string>();
  private generation = 0;
  private listening = false;
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Db,
    private readonly staffUsernames: ReadonlySet<string> = new Set(),
  ) {}

  /** Starts following the database's notices; without it the set is never used. */
  async start() {
    this.stopListening = await this.db.listen('media_visibility', {
      onNotify: () => this.forget(),
      onListening: (on) => {
        this.forget();
        this.listening = on;
      },
    });
  }

  async stop() {
    this.listening = false;
    await this.stopListening?.();
  }

  /** Known public without a query: the fast path. */
  knownPublic(mediaBase: string): boolean {
    return this.listening && this.publicBases.has(mediaBase);
  }

  async access(mediaBase: string, viewerId: string | null): Promise<MediaAccess> {
    const generation = this.generation;
    const found = await mediaRepo.access(this.db, mediaBase, viewerId, [...this.staffUsernames]);
    if (found.public) {
      if (this.listening && generation === this.generation) this.remember(mediaBase);
      return { visible: true, public: true };
    }
    return { visible: found.visibleToViewer, public: false };
  }

  /** Empties the set: something may have left public view. */
  forget() {
    this.generation++;
    this.publicBases.clear();
  }

  private remember(mediaBase: string) {
    if (this.publicBases.size >= MAX_REMEMBERED) this.publicBases.clear();
    this.publicBases.add(mediaBase);
  }
}
