/**
 * The verification mail: a plain-text body and the same in simple HTML, with
 * the link to /verify-email/?token=….
 */
import { MESSAGES } from '@pinboard/shared/constants/messages';
import type { MailMessage } from '../../mail';

export const VERIFY_EMAIL_PATH = '/verify-email/';

export function verificationLink(publicUrl: string, token: string) {
  return `${publicUrl}${VERIFY_EMAIL_PATH}?token=${encodeURIComponent(token)}`;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function verificationMail(to: { email: string; name: string }, link: string, ttlDays: number): MailMessage {
  const greeting = to.name ? `Hi ${to.name},` : 'Hi,';
  const ask = `Please confirm that ${to.email} is your email address by opening this link within ${ttlDays} days:`;
  const ignore = "If you didn't sign up for Pinboard, you can ignore this email.";
  return {
    to: to.email,
    subject: MESSAGES.emailVerification.title,
    text: `${greeting}\n\n${ask}\n\n${link}\n\n${ignore}\n`,
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(ask)}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(MESSAGES.emailVerification.title)}</a></p>`,
      `<p>${escapeHtml(ignore)}</p>`,
    ].join('\n'),
  };
}
