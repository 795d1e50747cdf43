/**
 * The board invite mail: who invites whom to which board, and the link to the
 * board's page carrying the invite's token in `accept_invite`.
 */
import { serverT } from '../../lib/i18n';
import type { MailMessage } from '../../mail';
import { boardUrl } from '../boards';

export function inviteLink(publicUrl: string, board: { owner_username: string; slug: string }, token: string) {
  return `${publicUrl}${boardUrl(board.owner_username, board.slug)}?accept_invite=${encodeURIComponent(token)}`;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** In `locale` (the recipient's account's, else the inviter's: decision 042), en-US by default. */
export function inviteMail(to: string, o: { inviterName: string; boardName: string; link: string; ttlDays: number; locale?: string | null }): MailMessage {
  const tr = (id: string, values?: Record<string, unknown>) => serverT(o.locale, id, values);
  const subject = tr('mail.invite.subject', { inviter: o.inviterName, board: o.boardName });
  const ask = tr('mail.invite.ask', { inviter: o.inviterName, board: o.boardName, days: o.ttlDays });
  const ignore = tr('mail.invite.ignore');
  const hi = tr('mail.hi');
  return {
    to,
    subject,
    text: `${hi}\n\n${ask}\n\n${o.link}\n\n${ignore}\n`,
    html: [
      `<p>${escapeHtml(hi)}</p>`,
      `<p>${escapeHtml(ask)}</p>`,
      `<p><a href="${escapeHtml(o.link)}">${escapeHtml(tr('mail.invite.join', { board: o.boardName }))}</a></p>`,
      `<p>${escapeHtml(ignore)}</p>`,
    ].join('\n'),
  };
}
