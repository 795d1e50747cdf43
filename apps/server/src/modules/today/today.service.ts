/**
 * Today: editorial articles (a title, a text and a set of Pins) that staff
 * write and everyone reads. An article's Pins are those the reader may see
 * (topics.policy); an unknown article answers 404; writing needs staff
 * (today.policy), 403 otherwise; a Pin the author may not see is 404.
 */
import { TODAY_PINS_MAX, type TTodayKind } from '@pinboard/shared/schemas/topics';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import { decodeCursor, pageOf } from '../../lib/cursor';
import { newId } from '../../lib/ids';
import type { PageRequest } from '../../lib/paging';
import { slugify } from '../../lib/slugify';
import { userById } from '../../kernel';
import { presentArticle } from './today.present';
import { canWriteToday, ONLY_STAFF } from './today.policy';
import { todayRepo } from './today.repo';

/** How many of an article's Pins the index shows with each article (its cover). */
const INDEX_PINS = 4;

export interface ArticleInput {
  kind?: TTodayKind | undefined;
  title?: string | undefined;
  body?: string | undefined;
  pin_ids?: string[] | undefined;
}

export function createTodayService({ db, config }: { db: Db; config: Pick<Config, 'staffUsernames'> }) {
  async function requireStaff(ctx: RequestContext) {
    const viewer = requireViewer(ctx);
    const user = await userById(db, viewer.id);
    if (!canWriteToday(user, config.staffUsernames)) throw forbidden(ONLY_STAFF);
    return viewer;
  }

  async function checkedPins(viewerId: string, ids: string[] | undefined) {
    if (!ids) return undefined;
    const unique = [...new Set(ids)];
    const seen = await todayRepo.seenPinIds(db, viewerId, unique);
    if (unique.some((id) => !seen.has(id))) throw notFound('pin');
    return unique;
  }

  async function read(ctx: RequestContext, id: string) {
    const article = await todayRepo.byId(db, id);
    if (!article) throw notFound('article');
    const pins = await todayRepo.pins(db, ctx.viewer?.id ?? null, article.id, TODAY_PINS_MAX);
    return presentArticle(article, pins);
  }

  return {
    get: read,

    /** The /today/ index: the latest articles, each with its first few Pins. */
    async latest(ctx: RequestContext, o: PageRequest) {
      const c = decodeCursor(o.bookmark, ['id']);
      const rows = await todayRepo.latest(db, c ? c[0] : null, o.pageSize + 1);
      const page = pageOf(rows, o.pageSize, (a) => [a.id]);
      const items = [];
      for (const a of page.items) items.push(presentArticle(a, await todayRepo.pins(db, ctx.viewer?.id ?? null, a.id, INDEX_PINS)));
      return { items, bookmark: page.bookmark };
    },

    async create(ctx: RequestContext, input: ArticleInput & { title: string }) {
      const viewer = await requireStaff(ctx);
      const pins = (await checkedPins(viewer.id, input.pin_ids)) ?? [];
      const id = newId();
      await db.tx(async (tx) => {
        await todayRepo.insert(tx, {
          id,
          kind: input.kind ?? 'article',
          slug: slugify(input.title),
          title: input.title,
          body: input.body ?? '',
          authorId: viewer.id,
        });
        await todayRepo.setPins(tx, id, pins);
      });
      return read(ctx, id);
    },

    async update(ctx: RequestContext, id: string, input: ArticleInput) {
      const viewer = await requireStaff(ctx);
      if (!(await todayRepo.byId(db, id))) throw notFound('article');
      const pins = await checkedPins(viewer.id, input.pin_ids);
      await db.tx(async (tx) => {
        await todayRepo.update(tx, id, { kind: input.kind, title: input.title, body: input.body, slug: input.title ? slugify(input.title) : undefined });
        if (pins) await todayRepo.setPins(tx, id, pins);
      });
      return read(ctx, id);
    },

    async remove(ctx: RequestContext, id: string) {
      await requireStaff(ctx);
      if (!(await todayRepo.byId(db, id))) throw notFound('article');
      await todayRepo.remove(db, id);
      return { id, deleted: true };
    },
  };
}
