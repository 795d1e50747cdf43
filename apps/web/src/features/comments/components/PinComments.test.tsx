import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEXTS } from '../../../lib/allTexts';
import { renderInApp, type Answer, type SentRequest } from '../../../lib/renderInApp';
import type { PinComment } from '../comments.api';
import { PinComments } from './PinComments';

const person = (id: string, username: string) => ({ id, username, full_name: username.toUpperCase(), image_medium_url: null });
const base = (id: string, who: ReturnType<typeof person>, text: string, parentId: string | null = null) => ({
  id,
  type: 'pincomment' as const,
  pin_id: '50',
  parent_id: parentId,
  text,
  created_at: '2026-11-01T00:00:00Z',
  user: who,
  mentions: [],
  can_delete: false,
  can: { delete: false },
  heart_count: 0,
  hearted_by_me: false,
});
const ben = person('2', 'ben');
const cat = person('3', 'cat');
const few: PinComment = { ...base('100', ben, 'Love it'), heart_count: 2, reply_count: 1, replies: [base('101', cat, 'Me too', '100')] };
const many: PinComment = {
  ...base('200', cat, 'So many'),
  reply_count: 5,
  replies: ['201', '202', '203'].map((id) => base(id, ben, `reply ${id}`, '200')),
};
const viewer = { isAuth: true, id: '1', username: 'ana', full_name: 'Ana', image_medium_url: null };

/** The server: a signed-in viewer, the Pin's two comments, the five replies of the second by parent_id, hearts as sent. */
function server(options: { refuseHeart?: boolean } = {}) {
  return (r: SentRequest): Answer | undefined => {
    if (r.path === '/resource/UserSessionResource/get/') return { data: viewer };
    if (r.path === '/resource/PinCommentsResource/get/') {
      if (r.body.parent_id === '200')
        return { data: ['201', '202', '203', '204', '205'].map((id) => ({ ...base(id, ben, `reply ${id}`, '200'), reply_count: 0, replies: [] })) };
      return { data: [few, many] };
    }
    if (r.path.startsWith('/resource/PinCommentReactionResource/')) {
      if (options.refuseHeart) return { status: 404, error: { message: 'Not found' } };
      return { data: { comment_id: r.body.comment_id, heart_count: 7, hearted_by_me: r.method === 'POST' && !r.path.endsWith('/delete/') } };
    }
    if (r.path === '/resource/PinCommentResource/create/')
      return { data: { ...base('300', person('1', 'ana'), String(r.body.text), '100'), reply_count: 0, replies: [] } };
    return undefined;
  };
}

const pin = { id: '50', pinner: { id: '9' }, comments_enabled: true, comment_count: 8 };
const open = (answer = server()) => renderInApp(<PinComments pin={pin} onChanged={() => undefined} />, answer);
const heartOf = (text: string) => within(screen.getByText(text).closest('[data-comment-id]') as HTMLElement).getByRole('button', { pressed: false });

describe('PinComments: replies and hearts', () => {
  it('shows few replies indented under their comment, and many behind "View N replies" that reads them', async () => {
    const { user, sent } = open();
    await screen.findByText('Me too');
    expect(screen.queryByText('reply 201')).toBeNull();
    const view = screen.getByRole('button', { name: TEXTS.comments.viewReplies({ count: 5 }) });
    expect(view.getAttribute('aria-expanded')).toBe('false');
    await user.click(view);
    await screen.findByText('reply 205');
    expect(sent.some((r) => r.path === '/resource/PinCommentsResource/get/' && r.body.parent_id === '200')).toBe(true);
    expect(screen.getByRole('button', { name: TEXTS.comments.hideReplies }).getAttribute('aria-expanded')).toBe('true');
  });

  it('opens a reply composer pre-filled with the @username answered, and sends the reply under the top-level comment', async () => {
    const { user, sent } = open();
    await screen.findByText('Me too');
    // Replying to the reply: the composer names cat, and the reply goes under comment 100.
    const replyItem = screen.getByText('Me too').closest('[data-comment-id]') as HTMLElement;
    await user.click(within(replyItem).getByRole('button', { name: TEXTS.comments.reply }));
    const field = screen.getByLabelText(TEXTS.comments.replyTo({ name: 'CAT' })) as HTMLTextAreaElement;
    expect(field.value).toBe('@cat ');
    expect(document.activeElement).toBe(field);
    await user.type(field, 'agreed');
    await user.click(screen.getAllByRole('button', { name: TEXTS.comments.post })[0]!);
    await waitFor(() =>
      expect(sent.find((r) => r.path === '/resource/PinCommentResource/create/')?.body).toEqual({ pin_id: '50', text: '@cat agreed', parent_id: '100' }),
    );
    await waitFor(() => expect(screen.queryByLabelText(TEXTS.comments.replyTo({ name: 'CAT' }))).toBeNull());
  });

  it('hearts a comment at once from the keyboard, with aria-pressed and the count, then takes the server’s count', async () => {
    const { user, sent } = open();
    await screen.findByText('Love it');
    const heart = heartOf('Love it');
    expect(heart.getAttribute('aria-label')).toBe(TEXTS.comments.heartLabel({ count: 2 }));
    heart.focus();
    await user.keyboard('{Enter}');
    const pressed = await within(screen.getByText('Love it').closest('[data-comment-id]') as HTMLElement).findByRole('button', { pressed: true });
    expect(sent.some((r) => r.path === '/resource/PinCommentReactionResource/create/' && r.body.comment_id === '100')).toBe(true);
    // The server's count wins over the optimistic one (2 + 1).
    await waitFor(() => expect(pressed.getAttribute('aria-label')).toBe(TEXTS.comments.heartLabel({ count: 7 })));
  });

  it('undoes the heart when the server refuses it', async () => {
    const { user } = open(server({ refuseHeart: true }));
    await screen.findByText('Love it');
    await user.click(heartOf('Love it'));
    await waitFor(() => expect(heartOf('Love it').getAttribute('aria-label')).toBe(TEXTS.comments.heartLabel({ count: 2 })));
  });
});
