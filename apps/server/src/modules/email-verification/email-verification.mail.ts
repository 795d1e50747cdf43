/**
 * The verification mail: a plain-text body and the same in simple HTML, with
 * the link to /verify-email/?token=….
 */
import { serverT } from '../../lib/i18n';
import type { MailMessage } from '../../mail';

const VERIFY_EMAIL_PATH = '/verify-email/';

export function verificationLink(publicUrl: string, token: string) {
  return `${publicUrl}${VERIFY_EMAIL_PATH}?token=${encodeURIComponent(token)}`;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** In the account's locale (`users.locale`, decision 042); its subject is the spec's MESSAGES.emailVerification.title in that language. */
export function verificationMail(to: { email: string; name: string; locale?: string | null }, link: string, ttlDays: number): MailMessage {
  const tr = (id: string, values?: Record<string, unknown>) => serverT(to.locale, id, values);
  const greeting = to.name ? tr('mail.hiName', { name: to.name }) : tr('mail.hi');
  const ask = tr('mail.verify.ask', { email: to.email, days: ttlDays });
  const ignore = tr('mail.verify.ignore');
  const title = tr('messages.emailVerification.title');
  return {
    to: to.email,
    subject: title,
    text: `${greeting}\n\n${ask}\n\n${link}\n\n${ignore}\n`,
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(ask)}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(title)}</a></p>`,
      `<p>${escapeHtml(ignore)}</p>`,
    ].join('\n'),
  };
}
