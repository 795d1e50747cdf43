/**
 * Notifications (decision 086): aggregated rows ("Anna and 3 others saved your
 * Pin"), made by the `notify` job from the domain events other modules emit
 * (the reactions in notifications.module.ts only enqueue), read newest first,
 * marked read, counted live over server-sent events on every server (the
 * messages module's bus, named channel `notifications:<userId>`), mailed (an
 * instant mail for board invites, moderation decisions and finished imports and exports, a weekly digest of
 * the rest) with RFC 8058 one-click unsubscribe, and pushed through the port
 * the push module fills. Who is told what: notifications.policy.ts.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { requireViewer, type RequestContext } from '../../lib/context';
import { decodeCursor, pageOf } from '../../lib/cursor';
import { newId } from '../../lib/ids';
import type { PageRequest } from '../../lib/paging';
import { serverT } from '../../lib/i18n';
import type { Mailer } from '../../mail/mailer';
import type { MessageBus } from '../messages';
import { sharedSecret } from '../servers';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, type NotificationChannel, type NotificationKind } from '@pinboard/shared/schemas/notifications';
import { defaultChoices, DIGEST_KINDS, INSTANT_EMAIL_KINDS, type ChannelChoices } from './notifications.policy';
import { notificationPath, presentNotification, sentence } from './notifications.present';
import { notificationsRepo, type NotificationRow } from './notifications.repo';
import type { NotifyPayload } from './notifications.jobs';

/**
 * The push channel (decision 081's port): the push module's manifest fills `notificationPush`; without it
 * nothing is pushed. Called when a notification is made or gains an actor and its kind's push is on.
 */
export interface NotificationPush {
  sendPush(userId: string, message: { title: string; body: string; url: string; tag: string }): Promise<void>;
}

/** The part of the job queue the service uses. */
interface NotifyQueue {
  send(name: 'notify', payload: NotifyPayload): Promise<void>;
}

/** The live channel of a person's unread count. */
export const countChannel = (userId: string) => `notifications:${userId}`;

/** A person gets at most one digest in this long (decision 086). */
const DIGEST_PERIOD_SECONDS = 7 * 24 * 3600;
const DIGEST_ITEMS = 20;
const DIGEST_BATCH = 100;
/** The digest's unsubscribe scope: every digest kind's email. */
const DIGEST_SCOPE = 'digest';
const UNSUBSCRIBE_SECRET = 'notification-unsubscribe';
export const UNSUBSCRIBE_PATH = '/v3/notifications/unsubscribe/';

type Settings = Record<NotificationKind, ChannelChoices>;

const day = () => new Date().toISOString().slice(0, 10);

interface Delivery {
  recipientId: string;
  kind: NotificationKind;
  aggKey: string;
  actorId: string | null;
  pinId?: string | null;
  boardId?: string | null;
  commentId?: string | null;
  detail?: Record<string, string | number | boolean>;
}

export function createNotificationsService({
  db,
  jobs,
  messages,
  mailer,
  config,
  notificationPush,
}: {
  db: Db;
  jobs: NotifyQueue;
  /** Its bus carries the live counts (the same Redis pub/sub with REDIS_URL) and the news of ended sessions. */
  messages: { bus: MessageBus };
  mailer: Mailer;
  config: Pick<Config, 'publicUrl'>;
  notificationPush?: NotificationPush;
}) {
  const bus = messages.bus;
  let secret: Promise<string> | null = null;
  const signingKey = () => (secret ??= sharedSecret(db, UNSUBSCRIBE_SECRET));

  const sign = async (body: string) =>
    createHmac('sha256', await signingKey())
      .update(body)
      .digest('base64url');

  /** A signed token naming the person and the kind (or the digest) whose email it turns off. */
  async function unsubscribeToken(userId: string, scope: NotificationKind | typeof DIGEST_SCOPE) {
    const body = Buffer.from(`${userId}:${scope}`).toString('base64url');
    return `${body}.${await sign(body)}`;
  }

  async function readToken(token: string): Promise<{ userId: string; scope: NotificationKind | typeof DIGEST_SCOPE } | null> {
    const [body, mac] = token.split('.');
    if (!body || !mac || token.split('.').length !== 2) return null;
    const want = Buffer.from(await sign(body));
    const got = Buffer.from(mac);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
    const [userId, scope] = Buffer.from(body, 'base64url').toString('utf8').split(':');
    if (!userId || !/^\d{1,19}$/.test(userId)) return null;
    if (scope !== DIGEST_SCOPE && !NOTIFICATION_KINDS.includes(scope as NotificationKind)) return null;
    return { userId, scope: scope as NotificationKind | typeof DIGEST_SCOPE };
  }

  const unsubscribeUrl = async (userId: string, scope: NotificationKind | typeof DIGEST_SCOPE) =>
    `${config.publicUrl}${UNSUBSCRIBE_PATH}?token=${await unsubscribeToken(userId, scope)}`;

  /** RFC 8058's two headers. */
  const unsubscribeHeaders = (url: string) => ({ 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

  /** Tells every stream of the person, on every server, their unread count. */
  async function publishCount(userId: string) {
    const unread = await notificationsRepo.unreadCount(db, userId);
    await bus.publishOn(countChannel(userId), { unread });
    return unread;
  }

  async function mailInstant(to: string, locale: string, recipientId: string, row: NotificationRow) {
    const url = await unsubscribeUrl(recipientId, row.kind);
    const text = sentence(locale, row);
    await mailer.send({
      to,
      subject: text,
      text: [
        text,
        '',
        serverT(locale, 'mail.notifications.open', { url: `${config.publicUrl}${notificationPath(row)}` }),
        '',
        serverT(locale, 'mail.notifications.unsubscribe', { url }),
      ].join('\n'),
      headers: unsubscribeHeaders(url),
    });
  }

  /** Makes or adds to one notification, when the policy lets it; then the live count, push and the instant mail. */
  async function deliver(d: Delivery) {
    const about = {
      recipientId: d.recipientId,
      kind: d.kind,
      actorId: d.actorId,
      pinId: d.pinId ?? null,
      boardId: d.boardId ?? null,
      commentId: d.commentId ?? null,
    };
    const candidate = await notificationsRepo.candidate(db, about);
    if (!candidate?.allowed || !candidate.app) return;
    const { id, changed } = await notificationsRepo.add(db, { ...about, id: newId(), aggKey: d.aggKey, detail: d.detail ?? {} });
    if (!changed) return;
    await publishCount(d.recipientId);
    const row = await notificationsRepo.visibleById(db, id);
    if (!row) return;
    if (candidate.push && notificationPush) {
      await notificationPush.sendPush(d.recipientId, {
        title: serverT(candidate.locale, 'mail.notifications.pushTitle'),
        body: sentence(candidate.locale, row),
        url: `${config.publicUrl}${notificationPath(row)}`,
        tag: `notification-${row.id}`,
      });
    }
    if (candidate.email && INSTANT_EMAIL_KINDS.includes(d.kind)) await mailInstant(candidate.email_address, candidate.locale, d.recipientId, row);
  }

  /** The job: who is told about what happened (decision 086's aggregation keys). */
  async function runJob(p: NotifyPayload) {
    switch (p.source) {
      case 'follow':
        return deliver({ recipientId: p.followeeId, kind: 'follow', aggKey: `day:${day()}`, actorId: p.followerId });
      case 'pin': {
        if (p.savedFromPinId) {
          const source = await notificationsRepo.pinPeople(db, p.savedFromPinId);
          if (source) {
            await deliver({
              recipientId: source.pinner_id,
              kind: 'pin_saved',
              aggKey: `pin:${p.savedFromPinId}:${day()}`,
              actorId: p.pinnerId,
              pinId: p.savedFromPinId,
            });
          }
        }
        const made = await notificationsRepo.pinPeople(db, p.pinId);
        // A board with collaborators: its owner and every collaborator but the pinner.
        if (made?.board_id && made.board_people.length > 1) {
          for (const recipientId of made.board_people) {
            await deliver({ recipientId, kind: 'group_board_pin', aggKey: `board:${made.board_id}:${day()}`, actorId: p.pinnerId, boardId: made.board_id });
          }
        }
        return;
      }
      case 'comment': {
        const pin = await notificationsRepo.pinPeople(db, p.pinId);
        if (!pin) return;
        const told = new Set<string>([p.authorId]);
        if (p.parentId) {
          const parentAuthor = await notificationsRepo.commentAuthor(db, p.parentId);
          if (parentAuthor && !told.has(parentAuthor)) {
            told.add(parentAuthor);
            await deliver({
              recipientId: parentAuthor,
              kind: 'comment_reply',
              aggKey: `comment:${p.parentId}:${day()}`,
              actorId: p.authorId,
              pinId: p.pinId,
              commentId: p.parentId,
            });
          }
        }
        for (const mentioned of p.mentionedUserIds) {
          if (told.has(mentioned)) continue;
          told.add(mentioned);
          await deliver({
            recipientId: mentioned,
            kind: 'mention',
            aggKey: `comment:${p.commentId}`,
            actorId: p.authorId,
            pinId: p.pinId,
            commentId: p.commentId,
          });
        }
        if (!told.has(pin.pinner_id)) {
          await deliver({ recipientId: pin.pinner_id, kind: 'comment', aggKey: `pin:${p.pinId}:${day()}`, actorId: p.authorId, pinId: p.pinId });
        }
        return;
      }
      case 'board_invite':
        for (const recipientId of p.inviteeIds) {
          await deliver({ recipientId, kind: 'board_invite', aggKey: `board:${p.boardId}:${day()}`, actorId: p.inviterId, boardId: p.boardId });
        }
        return;
      case 'moderation':
        return deliver({
          recipientId: p.userId,
          kind: 'moderation_decision',
          aggKey: `decision:${p.decisionId}`,
          actorId: null,
          detail: { decision: p.decision },
        });
      case 'campaign':
        return deliver({
          recipientId: p.ownerId,
          kind: 'campaign_status',
          aggKey: `campaign:${p.campaignId}:${p.status}:${day()}`,
          actorId: null,
          detail: { status: p.status, campaign_id: p.campaignId },
        });
      case 'direct':
        return deliver({ recipientId: p.userId, kind: p.kind, aggKey: `${p.kind}:${p.key}`, actorId: null, detail: p.detail });
    }
  }

  async function settingsOf(userId: string): Promise<Settings> {
    const stored = new Map((await notificationsRepo.storedChoices(db, userId)).map((r) => [r.kind, r]));
    const out = {} as Settings;
    for (const kind of NOTIFICATION_KINDS) {
      const d = defaultChoices(kind);
      const s = stored.get(kind);
      out[kind] = { app: s?.app ?? d.app, email: s?.email ?? d.email, push: s?.push ?? d.push };
    }
    return out;
  }

  /** One person's digest, when they are owed one: claimed once across all servers, then mailed. */
  async function digestFor(person: { id: string; email: string; locale: string }) {
    const items = await notificationsRepo.digestItems(db, person.id, DIGEST_ITEMS);
    if (items.length === 0) return false;
    const claimed = await db.tx((tx) =>
      notificationsRepo.claimDigest(
        tx,
        person.id,
        DIGEST_PERIOD_SECONDS,
        items.map((i) => i.id),
      ),
    );
    if (!claimed) return false;
    const url = await unsubscribeUrl(person.id, DIGEST_SCOPE);
    const lines = items.map((i) => `- ${sentence(person.locale, i)}: ${config.publicUrl}${notificationPath(i)}`);
    await mailer.send({
      to: person.email,
      subject: serverT(person.locale, 'mail.notifications.digestSubject', { count: items.length }),
      text: [
        serverT(person.locale, 'mail.notifications.digestIntro'),
        '',
        ...lines,
        '',
        serverT(person.locale, 'mail.notifications.open', { url: `${config.publicUrl}/notifications/` }),
        '',
        serverT(person.locale, 'mail.notifications.unsubscribeDigest', { url }),
      ].join('\n'),
      headers: unsubscribeHeaders(url),
    });
    return true;
  }

  return {
    /** Reactions enqueue what happened; the job decides and writes (decision 053). */
    enqueue: (p: NotifyPayload) => jobs.send('notify', p),

    runJob,

    /** NotificationsResource.get: newest activity first, only what the viewer may still see. */
    async list(ctx: RequestContext, o: PageRequest) {
      const viewer = requireViewer(ctx);
      const after = decodeCursor(o.bookmark, ['timestamp', 'id'] as const);
      const rows = await notificationsRepo.list(db, viewer.id, after, o.pageSize + 1);
      const page = pageOf(rows, o.pageSize, (r) => [r.updated_at, r.id]);
      return { items: page.items.map(presentNotification), bookmark: page.bookmark };
    },

    /** NotificationsResource.update: all read, or those of `ids`; answers the unread count. */
    async markRead(ctx: RequestContext, ids: string[] | undefined) {
      const viewer = requireViewer(ctx);
      await notificationsRepo.markRead(db, viewer.id, ids ?? null);
      return { unread: await publishCount(viewer.id) };
    },

    async count(ctx: RequestContext) {
      const viewer = requireViewer(ctx);
      return { unread: await notificationsRepo.unreadCount(db, viewer.id) };
    },

    /** The unread count of a person (the live stream's first event). */
    unreadOf: (userId: string) => notificationsRepo.unreadCount(db, userId),

    async settings(ctx: RequestContext) {
      return settingsOf(requireViewer(ctx).id);
    },

    async updateSettings(ctx: RequestContext, o: Partial<Record<NotificationKind, Partial<Record<NotificationChannel, boolean>> | undefined>>) {
      const viewer = requireViewer(ctx);
      for (const kind of NOTIFICATION_KINDS) {
        const choices = o[kind];
        if (choices && NOTIFICATION_CHANNELS.some((c) => choices[c] !== undefined)) await notificationsRepo.setChoices(db, viewer.id, kind, choices);
      }
      // A kind off for the app leaves the count.
      await publishCount(viewer.id);
      return settingsOf(viewer.id);
    },

    /** One-click unsubscribe (RFC 8058): the token's kind's email off, or every digest kind's; answers the person's locale, null for a bad token. */
    async unsubscribe(token: string) {
      const read = await readToken(token);
      const locale = read ? await notificationsRepo.localeOf(db, read.userId) : null;
      if (!read || locale === null) return null;
      const kinds = read.scope === DIGEST_SCOPE ? DIGEST_KINDS : [read.scope];
      for (const kind of kinds) await notificationsRepo.setChoices(db, read.userId, kind, { email: false });
      return { locale };
    },

    /** Whether a token is one this server signed (the GET's confirmation page). */
    tokenIsValid: async (token: string) => (await readToken(token)) !== null,

    /** The scheduled digest: everyone owed one, in batches; answers how many were mailed. */
    async sendDigests() {
      let sent = 0;
      for (let batch = 0; batch < 50; batch++) {
        const people = await notificationsRepo.digestRecipients(db, DIGEST_PERIOD_SECONDS, DIGEST_BATCH);
        if (people.length === 0) break;
        for (const person of people) if (await digestFor(person)) sent++;
        if (people.length < DIGEST_BATCH) break;
      }
      return sent;
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
