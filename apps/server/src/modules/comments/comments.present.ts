/** A comment as the API answers it (shared `zPinCommentOut`). */
import type { TPinCommentOut } from '@pinboard/shared/schemas/comments';
import { mentionedUsernames } from '@pinboard/shared/text/mentions';
import { avatarOrNull } from '@pinboard/shared/text/avatar';
import type { CommentRow } from './comments.repo';

/** `people`: the mentioned people who exist, by lower-cased username. */
export function presentComment(c: CommentRow, people: ReadonlyMap<string, { id: string; username: string }>, canDelete: boolean): TPinCommentOut {
  return {
    id: c.id,
    type: 'pincomment',
    pin_id: c.pin_id,
    text: c.text,
    created_at: c.created_at.toISOString(),
    user: { id: c.author_id, username: c.author_username, full_name: c.author_full_name, image_medium_url: avatarOrNull(c.author_image_url ?? '') },
    mentions: mentionedUsernames(c.text).flatMap((name) => {
      const person = people.get(name.toLowerCase());
      return person ? [{ username: name, id: person.id }] : [];
    }),
    can_delete: canDelete,
    can: { delete: canDelete },
  };
}
