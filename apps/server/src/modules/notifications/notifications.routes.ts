/**
 * The notification resources (docs/product/api-contract.md §9), the live count
 * stream and the one-click unsubscribe (decision 086).
 */
import type { FastifyInstance } from 'fastify';
import { zNoOptions } from '@pinboard/shared/schemas/common';
import { zMarkNotificationsRead, zNotifications, zUpdateNotificationSettings } from '@pinboard/shared/schemas/notifications';
import { keyedError } from '../../lib/app-error';
import { requireViewer } from '../../lib/context';
import { localeOf, serverT } from '../../lib/i18n';
import { action, pagedAction, type ResourceRegistry } from '../../lib/resources';
import { contextOf } from '../../plugins/session';
import type { Services } from '../../services';
import { sessionStreams } from '../messages';
import { countChannel, UNSUBSCRIBE_PATH } from './notifications.service';

export function registerNotificationResources(registry: ResourceRegistry, s: Pick<Services, 'notifications'>) {
  registry.add({
    name: 'NotificationsResource',
    description: "The viewer's notifications, newest activity first (keyset paged), aggregated; update marks them read (all, or `ids`).",
    actions: {
      get: pagedAction({ summary: 'Read', options: zNotifications, auth: 'required', read: (ctx, _o, page) => s.notifications.list(ctx, page) }),
      update: action({ summary: 'Mark read', options: zMarkNotificationsRead, auth: 'required', handler: (ctx, o) => s.notifications.markRead(ctx, o.ids) }),
    },
  });
  registry.add({
    name: 'NotificationCountResource',
    description: "How many of the viewer's notifications are unread.",
    actions: { get: action({ summary: 'Read', options: zNoOptions, auth: 'required', handler: (ctx) => s.notifications.count(ctx) }) },
  });
  registry.add({
    name: 'NotificationSettingsResource',
    description: 'Which kinds of notification reach the viewer, per channel (app, email, push).',
    actions: {
      get: action({ summary: 'Read', options: zNoOptions, auth: 'required', handler: (ctx) => s.notifications.settings(ctx) }),
      update: action({
        summary: 'Change',
        options: zUpdateNotificationSettings,
        auth: 'required',
        handler: (ctx, o) => s.notifications.updateSettings(ctx, o),
      }),
    },
  });
}

const NOTIFICATION_EVENTS_PATH = '/v3/notifications/events/';
const countEvent = (unread: number) => `event: count\ndata: ${JSON.stringify({ unread })}\n\n`;

/**
 * GET /v3/notifications/events/: server-sent events of the viewer's unread
 * count (401 signed out): `event: count` with `{"unread": N}` on connect and
 * whenever it changes, heard from any server through the bus. The stream
 * belongs to its session, pings and ends as the message streams do (the
 * messages module's `sessionStreams`), within the same limits.
 */
export function registerNotificationEventsRoute(app: FastifyInstance, s: Pick<Services, 'notifications' | 'messages' | 'auth' | 'limits'>) {
  const streams = sessionStreams(app, s, 'notifications');
  app.get(NOTIFICATION_EVENTS_PATH, { exposeHeadRoute: false }, async (req, reply) => {
    const ctx = contextOf(req);
    const viewer = requireViewer(ctx);
    const { stream, write, onClose } = streams.open(req, reply, ctx);
    let last = -1;
    const tell = (unread: number) => {
      if (unread === last) return;
      last = unread;
      write(countEvent(unread));
    };
    const unsubscribe = await s.messages.bus
      .subscribeOn(countChannel(viewer.id), (payload) => {
        const unread = (payload as { unread?: unknown }).unread;
        if (typeof unread === 'number') tell(unread);
      })
      .catch((err: unknown) => {
        stream.destroy();
        throw err;
      });
    onClose(unsubscribe);
    write('retry: 3000\n: connected\n\n');
    try {
      const unread = await s.notifications.unreadOf(viewer.id);
      // A change heard while counting was newer than the count.
      if (last === -1) tell(unread);
    } catch (err) {
      stream.destroy();
      throw err;
    }
    return streams.send(reply, stream);
  });
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (locale: string | null, title: string, body: string) =>
  `<!doctype html><html lang="${escapeHtml(localeOf(locale))}"><head><meta charset="utf-8"><meta name="robots" content="noindex">` +
  `<title>${escapeHtml(serverT(locale, title))}</title></head><body><main><h1>${escapeHtml(serverT(locale, title))}</h1>${body}</main></body></html>`;

/**
 * The mails' one-click unsubscribe (RFC 8058, decision 086): POST with the body `List-Unsubscribe=One-Click`
 * and no session (no cookie, no CSRF token: the mail client posts it) turns the token's email off; GET shows
 * a small page in the person's language whose button posts the same (a link scanner's GET changes nothing).
 */
export function registerUnsubscribeRoutes(app: FastifyInstance, s: Pick<Services, 'notifications'>) {
  return app.register(async (scoped) => {
    scoped.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => done(null, body));
    // RFC 8058 lets the mail client post the same field as multipart/form-data: read as text, its one field is found below.
    scoped.removeContentTypeParser('multipart/form-data');
    scoped.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 2048 }, (_req, body, done) =>
      done(null, /name="List-Unsubscribe"\r\n(?:[^\r\n]+\r\n)*\r\nOne-Click\r\n/.test(body as string) ? 'List-Unsubscribe=One-Click' : ''),
    );
    const tokenOf = (query: unknown) => {
      const t = (query as { token?: unknown }).token;
      return typeof t === 'string' && t.length <= 200 ? t : null;
    };
    const langOf = (header: string | undefined) => header?.split(',')[0]?.split(';')[0]?.trim() ?? null;
    scoped.post(UNSUBSCRIBE_PATH, { config: { cookieless: true } }, async (req, reply) => {
      // Anything but the form a mail client or the page posts is an API caller's mistake: the contract's envelope.
      const oneClick = typeof req.body === 'string' && new URLSearchParams(req.body).get('List-Unsubscribe') === 'One-Click';
      if (!oneClick) throw keyedError('INVALID_INPUT', 'notifications.oneClick');
      const token = tokenOf(req.query);
      const done = token ? await s.notifications.unsubscribe(token) : null;
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!done)
        return reply
          .code(400)
          .send(page(null, 'mail.notifications.unsubscribeTitle', `<p>${escapeHtml(serverT(null, 'mail.notifications.unsubscribeInvalid'))}</p>`));
      return reply.send(
        page(done.locale, 'mail.notifications.unsubscribedTitle', `<p>${escapeHtml(serverT(done.locale, 'mail.notifications.unsubscribedBody'))}</p>`),
      );
    });
    scoped.get(UNSUBSCRIBE_PATH, { config: { cookieless: true } }, async (req, reply) => {
      const token = tokenOf(req.query);
      const locale = langOf(req.headers['accept-language']);
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!token || !(await s.notifications.tokenIsValid(token))) {
        return reply
          .code(400)
          .send(page(locale, 'mail.notifications.unsubscribeTitle', `<p>${escapeHtml(serverT(locale, 'mail.notifications.unsubscribeInvalid'))}</p>`));
      }
      return reply.send(
        page(
          locale,
          'mail.notifications.unsubscribeTitle',
          `<form method="post" action="${UNSUBSCRIBE_PATH}?token=${escapeHtml(encodeURIComponent(token))}">` +
            `<input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(serverT(locale, 'mail.notifications.unsubscribeButton'))}</button></form>`,
        ),
      );
    });
  });
}
