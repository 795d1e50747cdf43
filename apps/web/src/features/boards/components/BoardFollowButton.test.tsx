import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEXTS } from '../../../lib/allTexts';
import { MESSAGES } from '../../../lib/messages';
import { renderInApp, type Answer, type SentRequest } from '../../../lib/renderInApp';
import { useBoardById } from '../boards.queries';
import { BoardFollowButton } from './BoardFollowButton';

const board = { id: '300', is_owner: false, followed_by_me: false, follower_count: 4 };
const signedIn = { isAuth: true, id: '20', username: 'bo' };
const signedOut = { isAuth: false };

/** The board page's part: the board as its read (and the cache) says, and its follow button. */
function Harness() {
  const read = useBoardById('300');
  if (!read.data) return null;
  return (
    <>
      <BoardFollowButton board={read.data} />
      <output>{read.data.follower_count}</output>
    </>
  );
}

function serverAs(viewer: object, follow: (r: SentRequest) => Answer, current = board) {
  return (r: SentRequest): Answer | undefined => {
    if (r.path === '/resource/UserSessionResource/get/') return { data: viewer };
    if (r.path === '/resource/BoardResource/get/') return { data: current };
    if (r.path.startsWith('/resource/BoardFollowResource/')) return follow(r);
    return undefined;
  };
}

/** Holds the follow calls back until `release` is called (the fake server of renderInApp behind it). */
function holdFollowCalls() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (String(url).includes('/resource/BoardFollowResource/')) await gate;
    return inner(url, init);
  });
  return release;
}

const followButton = () => screen.findByRole('button', { name: TEXTS.boardFollow.follow });

describe('BoardFollowButton', () => {
  it('follows from the keyboard, at once, and takes the count the server answers', async () => {
    const { user, sent } = renderInApp(
      <Harness />,
      serverAs(signedIn, () => ({ data: { board_id: '300', followed_by_me: true, follower_count: 9 } })),
    );
    // The follow call is answered only when the test says so: the button has flipped before.
    const release = holdFollowCalls();
    await waitFor(async () => expect((await followButton()).textContent).toBe(MESSAGES.profile.follow));
    await user.tab();
    expect(document.activeElement).toBe(await followButton());
    await user.keyboard('{Enter}');
    const following = await screen.findByRole('button', { name: TEXTS.boardFollow.following });
    expect(following.textContent).toBe(TEXTS.social.following);
    expect(screen.getByRole('status').textContent).toBe('5');
    release();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('9'));
    expect(sent.find((r) => r.path === '/resource/BoardFollowResource/create/')?.body).toEqual({ board_id: '300' });
  });

  it('flips back when the follow fails', async () => {
    const { user, sent } = renderInApp(
      <Harness />,
      serverAs(signedIn, () => ({ status: 403, error: { message: "You can't follow this board." } })),
    );
    await waitFor(async () => expect((await followButton()).textContent).toBe(MESSAGES.profile.follow));
    await user.click(await followButton());
    await waitFor(() => expect(sent.some((r) => r.path === '/resource/BoardFollowResource/create/')).toBe(true));
    await waitFor(async () => expect((await followButton()).textContent).toBe(MESSAGES.profile.follow));
    expect(screen.getByRole('status').textContent).toBe('4');
  });

  it('unfollows a followed board', async () => {
    const { user, sent } = renderInApp(
      <Harness />,
      serverAs(signedIn, () => ({ data: { board_id: '300', followed_by_me: false, follower_count: 3 } }), { ...board, followed_by_me: true }),
    );
    await user.click(await screen.findByRole('button', { name: TEXTS.boardFollow.following }));
    expect(await followButton()).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('3'));
    expect(sent.some((r) => r.path === '/resource/BoardFollowResource/delete/')).toBe(true);
  });

  it('signed out, asks to log in and sends nothing', async () => {
    const { user, sent } = renderInApp(
      <Harness />,
      serverAs(signedOut, () => ({ data: null })),
    );
    await user.click(await followButton());
    expect(await screen.findByText(MESSAGES.loginPrompt.follow, undefined, { timeout: 15_000 })).toBeTruthy();
    expect(sent.some((r) => r.path.startsWith('/resource/BoardFollowResource/'))).toBe(false);
  }, 20_000); // The prompt is its own chunk, loaded on first use.

  it("is not shown on one's own board", async () => {
    renderInApp(
      <Harness />,
      serverAs(signedIn, () => ({ data: null }), { ...board, is_owner: true }),
    );
    await waitFor(() => expect(screen.getByRole('status')).toBeTruthy());
    expect(screen.queryByRole('button')).toBeNull();
  });
});
