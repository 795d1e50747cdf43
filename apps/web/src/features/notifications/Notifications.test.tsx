import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_KINDS } from '@pinboard/shared/schemas/notifications';
import { renderInApp, type Answer, type SentRequest } from '../../lib/renderInApp';
import { useViewer } from '../session/session.queries';
import { NotificationSettings } from '../settings/components/NotificationSettings';
import { NotificationBell } from './components/NotificationBell';
import type { Notification, NotificationSettings as Settings } from './notifications.api';
import { NotificationsPage } from './NotificationsPage';

const viewer = { isAuth: true, id: '10', username: 'ana', full_name: 'Ana', image_medium_url: null };
const anna = { id: '21', username: 'anna' };
const ben = { id: '22', username: 'ben' };
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

function notification(over: Partial<Notification> & Pick<Notification, 'id' | 'kind'>): Notification {
  return { actors: [anna], actor_count: 1, created_at: minutesAgo(5), read: false, ...over };
}

const resource = (request: SentRequest, name: string, method = 'GET') =>
  request.path === `/resource/${name}/${method === 'GET' ? 'get' : method === 'PUT' ? 'update' : method === 'POST' ? 'create' : 'delete'}/` &&
  request.method === method;

describe('the bell', () => {
  it('shows the unread count as a badge and names it, and none when all are read', async () => {
    renderInApp(<NotificationBell />, (request) => (resource(request, 'NotificationCountResource') ? { data: { unread: 4 } } : undefined));
    const bell = await screen.findByRole('link', { name: 'Notifications, 4 unread' });
    expect(bell.getAttribute('href')).toBe('/notifications/');
    expect(bell.textContent).toBe('4');
  });

  it('reads "99+" above 99 and has no badge at 0', async () => {
    const first = renderInApp(<NotificationBell />, () => ({ data: { unread: 120 } }));
    expect((await screen.findByRole('link', { name: 'Notifications, 120 unread' })).textContent).toBe('99+');
    first.unmount();
    renderInApp(<NotificationBell />, () => ({ data: { unread: 0 } }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Notifications' }).textContent).toBe(''));
  });
});

/** A stand-in for the browser's EventSource: the test sends its events. */
class FakeEventSource extends EventTarget {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static last: FakeEventSource | null = null;
  readyState = FakeEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeEventSource.last = this;
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  send(type: string, data = '{}') {
    if (this.readyState === FakeEventSource.CLOSED) return;
    if (type === 'open') this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(Object.assign(new Event(type), { data }));
  }
}

function ViewerName() {
  const current = useViewer().data;
  return <p>{current?.isAuth ? `signed in as ${current.username}` : 'signed out'}</p>;
}

/** The bell beside the viewer's name; the server answers a count of 1, and the viewer while `signedIn.current`. */
function bellAndViewer(signedIn: { current: boolean }) {
  return renderInApp(
    <>
      <NotificationBell />
      <ViewerName />
    </>,
    (request) => {
      if (resource(request, 'NotificationCountResource')) return { data: { unread: 1 } };
      if (resource(request, 'UserSessionResource')) return { data: signedIn.current ? viewer : { isAuth: false } };
      return undefined;
    },
  );
}

describe('the live count', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('takes counts from the stream; when its session ends it closes, polls nothing, and reads the viewer again', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const signedIn = { current: true };
    const view = bellAndViewer(signedIn);
    await screen.findByText('signed in as ana');
    const source = FakeEventSource.last!;
    expect(source.url).toBe('/v3/notifications/events/');
    act(() => {
      source.send('open');
      source.send('count', '{"unread":3}');
    });
    await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    const countsAsked = () => view.sent.filter((request) => resource(request, 'NotificationCountResource')).length;
    const before = countsAsked();

    signedIn.current = false;
    act(() => {
      source.send('session_ended');
      source.send('error');
    });
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    await screen.findByText('signed out');
    expect(countsAsked()).toBe(before);
  });

  it('opens the stream again when the ended session was renewed (a password change here): still signed in', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    bellAndViewer({ current: true });
    await screen.findByText('signed in as ana');
    const first = FakeEventSource.last!;
    act(() => {
      first.send('open');
      first.send('session_ended');
    });
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    await waitFor(() => expect(FakeEventSource.last).not.toBe(first));
    const again = FakeEventSource.last!;
    expect(again.url).toBe('/v3/notifications/events/');
    act(() => {
      again.send('open');
      again.send('count', '{"unread":4}');
    });
    await screen.findByRole('link', { name: 'Notifications, 4 unread' });
    expect(screen.getByText('signed in as ana')).toBeTruthy();
  });
});

describe('the notifications page', () => {
  const page = (items: Notification[], extra: (request: SentRequest) => Answer | undefined = () => undefined) =>
    renderInApp(<NotificationsPage />, (request) => {
      if (resource(request, 'UserSessionResource')) return { data: viewer };
      if (resource(request, 'NotificationsResource')) return { data: items, bookmark: null } as Answer;
      if (resource(request, 'NotificationsResource', 'PUT')) return { data: { unread: 0 } };
      if (resource(request, 'NotificationCountResource')) return { data: { unread: items.filter((n) => !n.read).length } };
      return extra(request);
    });

  it('writes each kind aggregated, links it to its Pin, board or person, and marks the unread ones', async () => {
    page(
      [
        notification({ id: '1', kind: 'pin_saved', actors: [anna, ben], actor_count: 4, pin_id: '500' }),
        notification({ id: '2', kind: 'follow' }),
        notification({ id: '3', kind: 'comment', actors: [anna, ben], actor_count: 2, pin_id: '501', comment_id: '900', read: true }),
        notification({ id: '4', kind: 'comment_reply', pin_id: '502', read: true }),
        notification({ id: '5', kind: 'mention', pin_id: '503', read: true }),
        notification({ id: '6', kind: 'group_board_pin', pin_id: '504', board_id: '300', read: true }),
        notification({ id: '7', kind: 'import_done', actors: [], actor_count: 0, read: true }),
      ],
      (request) => (resource(request, 'BoardResource') ? { data: { id: '300', name: 'Kitchens', url: '/ben/kitchens/' } } : undefined),
    );
    const saved = await screen.findByRole('link', { name: /anna and 3 others saved your Pin/ });
    expect(saved.getAttribute('href')).toBe('/pin/500/');
    expect(within(saved).getByRole('img', { name: 'Unread' })).toBeTruthy();
    expect(within(saved).getByText('5m')).toBeTruthy();
    expect(screen.getByRole('link', { name: /anna followed you/ }).getAttribute('href')).toBe('/anna/');
    const commented = screen.getByRole('link', { name: /anna and ben commented on your Pin/ });
    expect(commented.getAttribute('href')).toBe('/pin/501/');
    expect(within(commented).queryByRole('img', { name: 'Unread' })).toBeNull();
    expect(screen.getByRole('link', { name: /anna replied to your comment/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /anna mentioned you/ })).toBeTruthy();
    expect(await screen.findByRole('link', { name: /anna added a Pin to Kitchens/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Your import is done/ }).getAttribute('href')).toBe('/ana/');
  });

  it('marks all read once the list has come, and only once', async () => {
    const { sent } = page([notification({ id: '1', kind: 'follow' })]);
    await screen.findByRole('link', { name: /anna followed you/ });
    await waitFor(() => expect(sent.filter((r) => resource(r, 'NotificationsResource', 'PUT'))).toHaveLength(1));
    expect(sent.find((r) => resource(r, 'NotificationsResource', 'PUT'))?.body).toEqual({ read: true });
    // The list still shows what was new on this visit.
    expect(screen.getByRole('img', { name: 'Unread' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent.filter((r) => resource(r, 'NotificationsResource', 'PUT'))).toHaveLength(1);
  });

  it('does not mark read when nothing is unread, and says when there are none', async () => {
    const { sent } = page([]);
    expect(await screen.findByRole('heading', { name: 'No notifications yet' })).toBeTruthy();
    expect(sent.some((r) => resource(r, 'NotificationsResource', 'PUT'))).toBe(false);
  });
});

describe('notification settings', () => {
  /** A switch by its kind and channel (querying 34 switches by role is slow in the test DOM). */
  const switchOf = (container: HTMLElement, kind: string, channel: string) =>
    container.querySelector<HTMLInputElement>(`[data-kind="${kind}"][data-channel="${channel}"] input`)!;
  const all = (value: boolean): Settings => Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { app: true, email: value, push: value }])) as Settings;

  it('shows a switch per kind and channel, saves a change at once, and keeps it', async () => {
    const { user, sent, container } = renderInApp(<NotificationSettings />, (request) => {
      if (resource(request, 'NotificationSettingsResource')) return { data: all(false) };
      if (resource(request, 'NotificationSettingsResource', 'PUT')) return { data: { ...all(false), follow: { app: true, email: true, push: false } } };
      return undefined;
    });
    const email = await screen.findByLabelText('New followers: Email');
    expect(container.querySelectorAll('input[role="switch"]')).toHaveLength(NOTIFICATION_KINDS.length * 3 + 1);
    expect(switchOf(container, 'follow', 'email')).toBe(email);
    expect((email as HTMLInputElement).checked).toBe(false);
    expect(switchOf(container, 'comment', 'app').checked).toBe(true);
    expect(switchOf(container, 'comment', 'app').getAttribute('aria-label')).toBe('Comments on your Pins: In the app');
    await user.click(email);
    expect(switchOf(container, 'follow', 'email').checked).toBe(true);
    await waitFor(() => expect(sent.find((r) => resource(r, 'NotificationSettingsResource', 'PUT'))?.body).toEqual({ follow: { email: true } }));
    await waitFor(() => expect(switchOf(container, 'follow', 'email').checked).toBe(true));
  }, 20_000);

  it('puts a switch back and says so when saving fails', async () => {
    const { user, container } = renderInApp(<NotificationSettings />, (request) => {
      if (resource(request, 'NotificationSettingsResource')) return { data: all(false) };
      if (resource(request, 'NotificationSettingsResource', 'PUT')) return { status: 500, error: { message: 'down' } };
      return undefined;
    });
    await user.click(await screen.findByLabelText('Mentions: Push'));
    expect(await screen.findByText("Your change couldn't be saved. Try again.")).toBeTruthy();
    expect(switchOf(container, 'mention', 'push').checked).toBe(false);
  }, 20_000);

  it('says when this browser cannot take push notifications', async () => {
    renderInApp(<NotificationSettings />, () => ({ data: all(false) }));
    expect(await screen.findByText("This browser can't receive push notifications.")).toBeTruthy();
    expect((screen.getByLabelText('Push notifications on this device') as HTMLInputElement).disabled).toBe(true);
  }, 20_000);
});
