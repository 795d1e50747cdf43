/**
 * The statement of reasons (DSA art. 17) mailed to the affected person and
 * to the reporter: the decision, what it is about, the grounds, that no
 * automated means decided it, and how to contest it (art. 20: the in-app
 * counter-notice, the form's complaints office, out-of-court settlement and
 * the courts).
 */
import { serverT } from '../../lib/i18n';
import type { MailMessage } from '../../mail';

export const NOTICES_PATH = '/reports-and-violations/';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What a decision is about, named in the recipient's language. */
export type StatementSubject =
  | { kind: 'pin'; title: string; url: string }
  | { kind: 'board'; name: string }
  | { kind: 'comment'; text: string; url: string }
  | { kind: 'profile'; username: string; url: string }
  | { kind: 'someProfile' }
  | { kind: 'url'; url: string }
  | { kind: 'report' };

export interface StatementFacts {
  decision: string;
  subject: StatementSubject;
  laws: string[];
  statement: string;
  /** The takedown form the report came through: its complaints office is named in the recipient's language (`takedown.office.<form>`). */
  takedownForm: string | null;
  role: 'affected' | 'reporter';
  publicUrl: string;
  isCounterNotice: boolean;
  /** The decision is about a person, not a Pin or board. */
  aboutPerson?: boolean;
  /** For a removed person, who cannot sign in: the counter-notice link with its token. */
  contestUrl?: string | null;
  /** The recipient's language (their account's `users.locale`); en-US without an account. */
  locale?: string | null;
}

function subjectText(subject: StatementSubject, locale?: string | null): string {
  const tr = (id: string, values?: Record<string, unknown>) => serverT(locale, id, values);
  switch (subject.kind) {
    case 'pin':
      return tr('mail.statement.subjectPin', { title: subject.title || tr('mail.statement.untitled'), url: subject.url });
    case 'board':
      return tr('mail.statement.subjectBoard', { name: subject.name });
    case 'comment':
      return tr('mail.statement.subjectComment', { text: subject.text, url: subject.url });
    case 'profile':
      return tr('mail.statement.subjectProfile', { username: subject.username, url: subject.url });
    case 'someProfile':
      return tr('mail.statement.subjectSomeProfile');
    case 'url':
      return subject.url;
    case 'report':
      return tr('mail.statement.subjectReport');
  }
}

export function statementLines(f: StatementFacts): string[] {
  const tr = (id: string, values?: Record<string, unknown>) => serverT(f.locale, id, values);
  const review = tr('mail.statement.review', { counter: f.isCounterNotice ? 'yes' : 'no' });
  return [
    tr('mail.statement.what', { role: f.role, subject: subjectText(f.subject, f.locale) }),
    tr(f.aboutPerson ? 'mail.statement.decisionPerson' : 'mail.statement.decisionContent', { review, decision: f.decision }),
    tr('mail.statement.grounds', { count: f.laws.length, laws: f.laws.join(', ') }),
    tr('mail.statement.reasons', { statement: f.statement }),
    tr('mail.statement.human'),
    tr('mail.statement.contest', {
      url: f.contestUrl ?? `${f.publicUrl}${NOTICES_PATH}`,
      hasOffice: f.takedownForm ? 'yes' : 'no',
      office: f.takedownForm ? tr(`takedown.office.${f.takedownForm}`) : '',
    }),
  ];
}

export function statementMail(to: string, f: StatementFacts): MailMessage {
  const lines = statementLines(f);
  return {
    to,
    subject: serverT(f.locale, 'mail.statement.subject'),
    text: `${lines.join('\n\n')}\n`,
    html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n'),
  };
}
