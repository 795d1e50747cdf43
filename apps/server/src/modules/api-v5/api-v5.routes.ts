/**
 * Pinterest's API v5 (decision 100) at /v5/: an OAuth bearer token acts as its person within its scopes, through
 * the same services (and so the same policies, limits and Pin creation pipeline) as the web app; this file maps
 * v5's shapes to their inputs and from their answers. No cookies, so no CSRF and no session; every answer is
 * JSON, every refusal `{ code, message }`.
 */
import type { TBoardOut, TPinOut } from '@pinboard/shared/schemas/entities';
import { multipartFailure } from '../../lib/multipart-failure';
import { pageRequestOf } from '../../lib/paging';
import { zAlreadySaved } from '@pinboard/shared/schemas/pins';
import { zCreateBoard, zUpdateBoard } from '@pinboard/shared/schemas/boards';
import { zCreatePin, zUpdatePin } from '@pinboard/shared/schemas/pins';
import { zSectionTitle } from '@pinboard/shared/schemas/sections';
import { VIDEO_MAX_BYTES, IMAGE_MAX_BYTES } from '@pinboard/shared/constants/limits';
import { ERROR_CODES } from '@pinboard/shared/api/error-codes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AppError, keyedError, notFound } from '../../lib/app-error';
import { requireViewer, type RequestContext, type Viewer } from '../../lib/context';
import { encodeCursor, decodeCursor } from '../../lib/cursor';
import { isId } from '../../lib/ids';
import { keyedInvalid, parseInput } from '../../lib/validation';
import { describeError } from '../../plugins/error-handler';
import { contextOf } from '../../plugins/session';
import type { ModuleHost } from '../../services';
import type { BearerAccess } from '../oauth';
import { presentPin } from '../pins';
import {
  zV5AlreadySaved,
  zV5BoardCreate,
  zV5BoardList,
  zV5BoardUpdate,
  zV5MediaCreate,
  zV5Page,
  zV5PinCreate,
  zV5PinGet,
  zV5PinSave,
  zV5PinUpdate,
  zV5Section,
} from './api-v5.inputs';
import {
  boardPinsShownOr404,
  boardShown,
  boardWriteScopes,
  mayListSecretBoards,
  pinShown,
  pinWriteScopes,
  requireScopes,
  shownBoardOr404,
  shownPinOr404,
} from './api-v5.policy';
import { absoluteOn, BOARD_THUMBNAILS, pinThumbnailUrl, v5Account, v5Board, v5Pin, v5Section } from './api-v5.present';
import { V5_PATHS, v5PathOf, type ActsFor, type V5Path } from './api-v5.paths';
import { apiV5Repo } from './api-v5.repo';
import { createMediaUploads, UPLOAD_PATH } from './media-uploads';
import { pinSources } from './pin-sources';

/** A request the token acts in: its access, the request context, and whom it acts as (its person, or the business of `ad_account_id`). */
interface Authed {
  access: BearerAccess;
  ctx: RequestContext;
  viewer: Viewer;
}

type Handler = (req: FastifyRequest, a: Authed, reply: FastifyReply) => Promise<unknown>;

const PRIVACY_OF = { PUBLIC: 'public', PROTECTED: 'protected', SECRET: 'secret' } as const;

/** Keeps only what the token may see of a page; the bookmark goes on (a page may come out shorter). */
const pageOfShown = async <T, U>(page: { items: T[]; bookmark: string | null }, shown: (item: T) => boolean, mapAll: (items: T[]) => Promise<U[]>) => ({
  items: await mapAll(page.items.filter(shown)),
  bookmark: page.bookmark,
});

const pathId = (id: string, thing: 'board' | 'pin' | 'section' | 'upload') => {
  if (!isId(id)) throw notFound(thing);
  return id;
};

/** What a multipart part is: a `file` part is one with or without a filename (Pinterest's upload form sends one without). */
const isPartAFile = (field: string | undefined, type: string | undefined, filename: string | undefined) =>
  field === 'file' || filename !== undefined || (type !== undefined && type !== 'text/plain');

export async function registerApiV5Routes(app: FastifyInstance, { services: s, infra }: ModuleHost): Promise<void> {
  const { config } = infra;
  const abs = absoluteOn(config.publicUrl);
  const uploads = createMediaUploads({ db: infra.db, media: infra.media, limits: s.limits, publicUrl: config.publicUrl });
  const sources = pinSources({
    db: infra.db,
    media: infra.media,
    pinBuilder: s.pinBuilder,
    limits: s.limits,
    uploads,
    ownMediaPrefixes: [config.publicUrl, ...(config.mediaPublicUrl ? [config.mediaPublicUrl] : [])],
  });

  async function authed(req: FastifyRequest): Promise<Authed> {
    const access = await s.oauth.bearerAccess(req.headers.authorization);
    if (!access) throw keyedError('LOGIN_REQUIRED', 'apiV5.tokenRequired', undefined, { headers: { 'www-authenticate': 'Bearer' } });
    // The token's person acts, from this client; a retried create with the same Idempotency-Key answers the first Pin.
    const ctx: RequestContext = { ...contextOf(req), viewer: access.viewer, sessionToken: undefined };
    return { access, ctx, viewer: access.viewer };
  }

  /**
   * Runs `handler` as whom the request acts: its person, or with `ad_account_id` the business owning that ad account,
   * when the person may act for it (business access's rules: a role, two-factor authentication when the business asks
   * for it, and a publishing right for a write). An ad account they have no role on answers 404.
   */
  async function asWhom(req: FastifyRequest, a: Authed, acts: ActsFor, run: (a: Authed) => Promise<unknown>) {
    const adAccount = (req.query as { ad_account_id?: unknown } | undefined)?.ad_account_id;
    if (adAccount === undefined) return run(a);
    if (!acts) throw keyedInvalid('ad_account_id', 'apiV5.adAccountNotHere');
    const owner = await s.ads.adAccountOwner(a.ctx, typeof adAccount === 'string' ? adAccount : '');
    const as = (ctx: RequestContext) => run({ ...a, ctx, viewer: requireViewer(ctx) });
    if (acts === 'read') return as((await s.businessAccess.acting(a.ctx, owner, 'read')).ctx);
    return s.businessAccess.actAs(a.ctx, owner, 'publish', as, { action: acts, targetOf: (made) => (made as { id?: string } | undefined)?.id ?? null });
  }

  await app.register(
    async (v5) => {
      v5.setErrorHandler((err: Error, req, reply) => {
        const known = describeError(err);
        if (!known) req.log.error({ err }, 'unhandled error');
        if (err instanceof AppError && err.headers) reply.headers(err.headers);
        const info = known ?? { httpStatus: 500, code: ERROR_CODES.INTERNAL.code, message: 'Something went wrong on our side.' };
        reply.status(info.httpStatus).header('cache-control', 'no-store').send({ code: info.code, message: info.message });
      });
      v5.setNotFoundHandler(async () => {
        throw notFound('address');
      });

      const registered = new Set<V5Path>();
      /** Registers a path's handler; its scopes and how it acts for an ad account are its entry in api-v5.paths. */
      const route = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, handler: Handler, bodyLimit?: number) => {
        const entry = v5PathOf(method, url);
        const { scopes, acts } = entry;
        registered.add(entry);
        v5.route({
          method,
          url,
          config: { cookieless: true },
          ...(bodyLimit ? { bodyLimit } : {}),
          handler: async (req, reply) => {
            const a = await authed(req);
            requireScopes(a.access, scopes);
            reply.header('cache-control', 'no-store');
            return asWhom(req, a, acts, (as) => handler(req, as, reply));
          },
        });
      };

      const params = (req: FastifyRequest) => req.params as Record<string, string>;
      const visibleBoard = async (a: Authed, id: string) => s.boards.get(a.ctx, { board_id: pathId(id, 'board') });
      /** A section of the board in the path, else 404. */
      const sectionOnBoard = async (a: Authed, boardId: string, sectionId: string) => {
        const section = await s.sections.get(a.ctx, { section_id: pathId(sectionId, 'section') });
        if (section.board_id !== boardId) throw notFound('section');
        return section;
      };
      /** Pins as v5 `Pin`s, with what the services' Pin does not say (the Pin each was saved from, promotion). */
      const pinsOut = async (a: Authed, pins: TPinOut[], withMetrics = false) => {
        const facts = new Map(
          (
            await apiV5Repo.pinFacts(
              infra.db,
              a.viewer.id,
              pins.map((p) => p.id),
            )
          ).map((f) => [f.id, f]),
        );
        return pins.map((p) => v5Pin(p, a.viewer.id, abs, facts.get(p.id), withMetrics));
      };
      const pinOut = async (a: Authed, pin: TPinOut, withMetrics = false) => (await pinsOut(a, [pin], withMetrics))[0]!;
      /** Boards as v5 `Board`s, with their counts of collaborators and their newest Pins' thumbnails. */
      const boardsOut = async (boards: TBoardOut[]) => {
        const ids = boards.map((b) => b.id);
        const [counts, images] = await Promise.all([apiV5Repo.collaboratorCounts(infra.db, ids), apiV5Repo.newestPinImages(infra.db, ids, BOARD_THUMBNAILS)]);
        const collaborators = new Map(counts.map((c) => [c.board_id, c.n]));
        const thumbnails = new Map<string, string[]>();
        for (const row of images) {
          const url = pinThumbnailUrl(row.images, abs);
          if (url) thumbnails.set(row.board_id, [...(thumbnails.get(row.board_id) ?? []), url]);
        }
        return boards.map((b) => v5Board(b, abs, collaborators.get(b.id) ?? 0, thumbnails.get(b.id) ?? []));
      };
      const boardOut = async (board: TBoardOut) => (await boardsOut([board]))[0]!;
      const created = <T>(reply: FastifyReply, body: T) => {
        reply.status(201);
        return body;
      };
      const noContent = (reply: FastifyReply) => reply.status(204).send();

      // The token's person.
      route('GET', '/user_account', async (_req, a) => v5Account(await s.users.getProfile(a.ctx, a.viewer.username), abs));

      // Boards.
      route('GET', '/boards', async (req, a) => {
        const q = parseInput(zV5BoardList, req.query ?? {});
        if (q.privacy === 'SECRET' && !mayListSecretBoards(a.access)) requireScopes(a.access, ['boards:read_secret']);
        const privacy = q.privacy === undefined || q.privacy === 'ALL' ? undefined : PRIVACY_OF[q.privacy];
        const page = await s.boards.listForUser(a.ctx, a.viewer.username, { bookmark: q.bookmark, pageSize: pageRequestOf(q).pageSize, privacy });
        return pageOfShown(page, (b) => boardShown(a.access, b) !== null, boardsOut);
      });
      route('POST', '/boards', async (req, a, reply) => {
        const body = parseInput(zV5BoardCreate, req.body ?? {});
        requireScopes(a.access, boardWriteScopes(body.privacy));
        const input = parseInput(zCreateBoard, {
          name: body.name,
          description: body.description ?? undefined,
          privacy: body.privacy ? PRIVACY_OF[body.privacy] : undefined,
          is_ads_only: body.is_ads_only,
        });
        return created(reply, await boardOut(await s.boards.create(a.ctx, input)));
      });
      route('GET', '/boards/:board_id', async (req, a) => boardOut(shownBoardOr404(a.access, await visibleBoard(a, params(req).board_id!))));
      route('PATCH', '/boards/:board_id', async (req, a) => {
        const body = parseInput(zV5BoardUpdate, req.body ?? {});
        const board = await visibleBoard(a, params(req).board_id!);
        requireScopes(a.access, boardWriteScopes(board.privacy, body.privacy));
        const input = parseInput(zUpdateBoard, {
          board_id: board.id,
          name: body.name,
          description: body.description === null ? '' : body.description,
          privacy: body.privacy ? PRIVACY_OF[body.privacy] : undefined,
        });
        return boardOut(await s.boards.update(a.ctx, input));
      });
      route('DELETE', '/boards/:board_id', async (req, a, reply) => {
        const board = await visibleBoard(a, params(req).board_id!);
        requireScopes(a.access, boardWriteScopes(board.privacy));
        await s.boards.delete(a.ctx, board.id);
        return noContent(reply);
      });
      route('GET', '/boards/:board_id/pins', async (req, a) => {
        const q = parseInput(zV5Page, req.query ?? {});
        const board = boardPinsShownOr404(a.access, await visibleBoard(a, params(req).board_id!));
        const page = await s.feeds.board(a.ctx, board.id, { bookmark: q.bookmark, pageSize: pageRequestOf(q).pageSize });
        return pageOfShown(
          page,
          (p) => pinShown(a.access, p) !== null,
          (pins) => pinsOut(a, pins),
        );
      });

      // Board sections (a board's are few: one read, paged here by the last section's id).
      route('GET', '/boards/:board_id/sections', async (req, a) => {
        const q = parseInput(zV5Page, req.query ?? {});
        const board = shownBoardOr404(a.access, await visibleBoard(a, params(req).board_id!));
        const all = await s.sections.list(a.ctx, board.id);
        const after = decodeCursor(q.bookmark, ['id']);
        const start = after ? all.findIndex((x) => x.id === after[0]) + 1 : 0;
        const items = all.slice(start, start + pageRequestOf(q).pageSize);
        const more = start + pageRequestOf(q).pageSize < all.length;
        return { items: items.map(v5Section), bookmark: more ? encodeCursor([items[items.length - 1]!.id]) : null };
      });
      route('POST', '/boards/:board_id/sections', async (req, a, reply) => {
        const body = parseInput(zV5Section, req.body ?? {});
        const board = await visibleBoard(a, params(req).board_id!);
        requireScopes(a.access, boardWriteScopes(board.privacy));
        return created(reply, v5Section(await s.sections.create(a.ctx, board.id, parseInput(zSectionTitle, body.name, 'name'))));
      });
      route('PATCH', '/boards/:board_id/sections/:section_id', async (req, a) => {
        const body = parseInput(zV5Section, req.body ?? {});
        const board = await visibleBoard(a, params(req).board_id!);
        requireScopes(a.access, boardWriteScopes(board.privacy));
        const section = await sectionOnBoard(a, board.id, params(req).section_id!);
        return v5Section(await s.sections.update(a.ctx, section.id, { title: parseInput(zSectionTitle, body.name, 'name') }));
      });
      route('DELETE', '/boards/:board_id/sections/:section_id', async (req, a, reply) => {
        const board = await visibleBoard(a, params(req).board_id!);
        requireScopes(a.access, boardWriteScopes(board.privacy));
        const section = await sectionOnBoard(a, board.id, params(req).section_id!);
        await s.sections.delete(a.ctx, section.id);
        return noContent(reply);
      });
      route('GET', '/boards/:board_id/sections/:section_id/pins', async (req, a) => {
        const q = parseInput(zV5Page, req.query ?? {});
        const board = boardPinsShownOr404(a.access, await visibleBoard(a, params(req).board_id!));
        const section = await sectionOnBoard(a, board.id, params(req).section_id!);
        const page = await s.feeds.section(a.ctx, section.id, { bookmark: q.bookmark, pageSize: pageRequestOf(q).pageSize });
        return pageOfShown(
          page,
          (p) => pinShown(a.access, p) !== null,
          (pins) => pinsOut(a, pins),
        );
      });

      // Pins.
      route('GET', '/pins', async (req, a) => {
        const q = parseInput(zV5Page, req.query ?? {});
        const page = await s.feeds.userPins(a.ctx, a.viewer.username, { bookmark: q.bookmark, pageSize: pageRequestOf(q).pageSize });
        return pageOfShown(
          page,
          (p) => pinShown(a.access, p) !== null,
          (pins) => pinsOut(a, pins),
        );
      });
      route(
        'POST',
        '/pins',
        async (req, a, reply) => {
          const body = parseInput(zV5PinCreate, req.body ?? {});
          const board = await visibleBoard(a, body.board_id);
          requireScopes(a.access, pinWriteScopes(board.privacy));
          const details = parseInput(zCreatePin, {
            board_id: board.id,
            section_id: body.board_section_id ?? undefined,
            title: body.title ?? undefined,
            description: body.description ?? undefined,
            link: body.link || undefined,
            alt_text: body.alt_text ?? undefined,
          });
          const pin = await sources.withSource(a.ctx, body.media_source, (source) =>
            s.pins.createPin(a.ctx, {
              source,
              details: { title: details.title, description: details.description, link: details.link, alt_text: details.alt_text },
              placement: { board_id: details.board_id, section_id: details.section_id },
              guid: a.ctx.idempotencyKey ?? null,
            }),
          );
          return created(reply, await pinOut(a, presentPin(pin)));
        },
        Math.ceil(IMAGE_MAX_BYTES * 1.4),
      );
      route('GET', '/pins/:pin_id', async (req, a) =>
        pinOut(
          a,
          shownPinOr404(a.access, await s.pins.get(a.ctx, pathId(params(req).pin_id!, 'pin'))),
          parseInput(zV5PinGet, req.query ?? {}).pin_metrics === 'true',
        ),
      );
      route('PATCH', '/pins/:pin_id', async (req, a) => {
        const body = parseInput(zV5PinUpdate, req.body ?? {});
        const pin = await s.pins.get(a.ctx, pathId(params(req).pin_id!, 'pin'));
        const target = body.board_id && body.board_id !== pin.board?.id ? await visibleBoard(a, body.board_id) : null;
        requireScopes(a.access, pinWriteScopes(pin.privacy, target?.privacy));
        const input = parseInput(zUpdatePin, {
          id: pin.id,
          title: body.title === null ? '' : body.title,
          description: body.description === null ? '' : body.description,
          link: body.link === null ? '' : body.link,
          alt_text: body.alt_text === null ? '' : body.alt_text,
          board_id: body.board_id,
          section_id: body.board_section_id,
        });
        return pinOut(a, await s.pins.update(a.ctx, input));
      });
      route('DELETE', '/pins/:pin_id', async (req, a, reply) => {
        const pin = await s.pins.get(a.ctx, pathId(params(req).pin_id!, 'pin'));
        requireScopes(a.access, pinWriteScopes(pin.privacy));
        await s.pins.delete(a.ctx, pin.id);
        return noContent(reply);
      });
      route('POST', '/pins/:pin_id/save', async (req, a, reply) => {
        const body = parseInput(zV5PinSave, req.body ?? {});
        const source = shownPinOr404(a.access, await s.pins.get(a.ctx, pathId(params(req).pin_id!, 'pin')));
        const board = body.board_id ? await visibleBoard(a, body.board_id) : null;
        requireScopes(a.access, pinWriteScopes(board?.privacy));
        const saved = await s.pins.repin(a.ctx, { pin_id: source.id, board_id: body.board_id ?? undefined, section_id: body.board_section_id ?? undefined });
        return created(reply, await pinOut(a, saved));
      });

      // Media uploads for video Pins.
      route('POST', '/media', async (req, a, reply) => {
        parseInput(zV5MediaCreate, req.body ?? {});
        return created(reply, await uploads.register(a.ctx));
      });
      route('GET', '/media/:media_id', async (req, a) => uploads.status(a.ctx, pathId(params(req).media_id!, 'upload')));
      // The upload form (upload_url): no bearer token, its `policy` field is the upload's own token.
      v5.post(`${UPLOAD_PATH.slice('/v5'.length)}:media_id`, { config: { cookieless: true } }, async (req, reply) => {
        const id = pathId(params(req).media_id!, 'upload');
        const { fields, file, dir } = await readUploadForm(req);
        try {
          if (!file) throw keyedInvalid('file', 'apiV5.uploadNoFile');
          if (!(await uploads.receive(id, fields.policy ?? '', file))) throw keyedError('FORBIDDEN', 'apiV5.uploadRefused');
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
        return reply.status(204).send();
      });

      // Our own extension: the boards of the token's person already holding a Pin of theirs with this link or picture.
      route('GET', '/pinboard/already_saved', async (req, a) => {
        const q = parseInput(zV5AlreadySaved, req.query ?? {});
        return s.pins.alreadySaved(a.ctx, parseInput(zAlreadySaved, { link: q.link, content_sha256: q.content_sha256 }));
      });
      // Every documented path has its handler.
      const missing = V5_PATHS.filter((p) => !registered.has(p));
      if (missing.length > 0) throw new Error(`API v5: no handler for ${missing.map((p) => `${p.method} ${p.path}`).join(', ')}`);
    },
    { prefix: '/v5' },
  );
}

/** The upload form: its text fields, and its one file (with or without a filename) in a temporary file. */
async function readUploadForm(req: FastifyRequest): Promise<{ fields: Record<string, string>; file: string | null; dir: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pinboard-v5-upload-'));
  const fields: Record<string, string> = {};
  let file: string | null = null;
  try {
    if (!req.isMultipart()) throw keyedInvalid('file', 'apiV5.uploadNoFile');
    for await (const part of req.parts({ isPartAFile, limits: { fileSize: VIDEO_MAX_BYTES, files: 1, fields: 20 } })) {
      if (part.type === 'file') {
        if (file) {
          part.file.resume();
          continue;
        }
        file = path.join(dir, 'file');
        await pipeline(part.file, createWriteStream(file));
        if (part.file.truncated) throw keyedError('TOO_LARGE', 'media.videoTooLarge', { mb: VIDEO_MAX_BYTES / 1024 / 1024 });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
    return { fields, file, dir };
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw multipartFailure(err);
  }
}
