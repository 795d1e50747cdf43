/** A comment as the API answers it (shared `zPinCommentOut`, decision 090). */
import type { TPinCommentOut, TPinCommentReplyOut } from '@pinboard/shared/schemas/comments';
import { mentionedUsernames } from '@pinboard/shared/text/mentions';
import { avatarOrNull } from '@pinboard/shared/text/avatar';
import type { CommentRow } from './comments.repo';

type People = ReadonlyMap<string, { id: string; username: string }>;

/** `people`: the mentioned people who exist, by lower-cased username. */
function presentFields(c: CommentRow, people: People, canDelete: boolean): TPinCommentReplyOut {
  return {
    id: c.id,
    type: 'pincomment',
    pin_id: c.pin_id,
    parent_id: c.parent_id,
    text: c.text,
    created_at: c.created_at.toISOString(),
    user: { id: c.author_id, username: c.author_username, full_name: c.author_full_name, image_medium_url: avatarOrNull(c.author_image_url ?? '') },
    mentions: mentionedUsernames(c.text).flatMap((name) => {
      const person = people.get(name.toLowerCase());
      return person ? [{ username: name, id: person.id }] : [];
    }),
    can_delete: canDelete,
    can: { delete: canDelete },
    heart_count: c.heart_count,
    hearted_by_me: c.hearted_by_me,
  };
}

/** A comment with its replies the viewer sees (`count` of them, the first `items` inline); a reply has none. */
export function presentComment(
  c: CommentRow,
  people: People,
  canDelete: (c: CommentRow) => boolean,
  replies: { count: number; items: CommentRow[] } = { count: 0, items: [] },
): TPinCommentOut {
  return {
    ...presentFields(c, people, canDelete(c)),
    reply_count: replies.count,
    replies: replies.items.map((r) => presentFields(r, people, canDelete(r))),
  };
}
