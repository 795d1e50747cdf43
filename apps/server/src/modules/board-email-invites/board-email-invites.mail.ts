/**
 * The board invite mail: who invites whom to which board, and the link to the
 * board's page carrying the invite's token in `accept_invite`.
 */
import type { MailMessage } from '../../mail';
import { boardUrl } from '../boards';

export function inviteLink(publicUrl: string, board: { owner_username: string; slug: string }, token: string) {
  return `${publicUrl}${boardUrl(board.owner_username, board.slug)}?accept_invite=${encodeURIComponent(token)}`;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function inviteMail(to: string, o: { inviterName: string; boardName: string; link: string; ttlDays: number }): MailMessage {
  const subject = `${o.inviterName} invited you to collaborate on ${o.boardName}`;
  const ask = `${o.inviterName} invited you to save Pins and plan together on the board “${o.boardName}” on Pinboard. Open this link within ${o.ttlDays} days to join:`;
  const ignore = "If you don't want to join, you can ignore this email.";
  return {
    to,
    subject,
    text: `Hi,\n\n${ask}\n\n${o.link}\n\n${ignore}\n`,
    html: [
      '<p>Hi,</p>',
      `<p>${escapeHtml(ask)}</p>`,
      `<p><a href="${escapeHtml(o.link)}">${escapeHtml(`Join ${o.boardName}`)}</a></p>`,
      `<p>${escapeHtml(ignore)}</p>`,
    ].join('\n'),
  };
}
