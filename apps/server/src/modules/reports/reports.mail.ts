/**
 * The statement of reasons (DSA art. 17) mailed to the affected person and
 * to the reporter: the decision, what it is about, the grounds, that no
 * automated means decided it, and how to contest it (art. 20: the in-app
 * counter-notice, the form's complaints office, out-of-court settlement and
 * the courts).
 */
import type { MailMessage } from '../../mail';

export const NOTICES_PATH = '/reports-and-violations/';

const DECISION_WORDS: Record<string, string> = {
  remove: 'removed',
  restrict: 'restricted (only its owner can see it)',
  no_action: 'left as it is (no action)',
};

/** A decision about a person (decision 045) does more than one about a Pin or board. */
const PERSON_DECISION_WORDS: Record<string, string> = {
  remove: 'removed: the profile and everything on it (boards, Pins, comments) are no longer shown to anyone, and the account cannot sign in',
  restrict: 'restricted: the profile stays, but it is no longer shown in search, the sitemap or recommendations',
  no_action: 'left as it is (no action)',
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface StatementFacts {
  decision: string;
  subject: string;
  laws: string[];
  statement: string;
  complaintsOffice: string | null;
  role: 'affected' | 'reporter';
  publicUrl: string;
  isCounterNotice: boolean;
  /** The decision is about a person, not a Pin or board. */
  aboutPerson?: boolean;
  /** For a removed person, who cannot sign in: the counter-notice link with its token. */
  contestUrl?: string | null;
}

export function statementLines(f: StatementFacts): string[] {
  const what = f.role === 'affected' ? `Content of yours was reported: ${f.subject}.` : `You reported ${f.subject}.`;
  const review = f.isCounterNotice ? 'We reviewed the decision again after a counter-notice.' : 'We reviewed the report.';
  return [
    what,
    f.aboutPerson
      ? `${review} Decision: the account is ${PERSON_DECISION_WORDS[f.decision] ?? f.decision}.`
      : `${review} Decision: the content is ${DECISION_WORDS[f.decision] ?? f.decision}.`,
    `Grounds: ${f.laws.length > 0 ? f.laws.join(', ') : 'our community guidelines'}.`,
    `Statement of reasons: ${f.statement}`,
    'This decision was taken by a person; no automated means were used to decide it.',
    `If you disagree, send a counter-notice from ${f.contestUrl ?? `${f.publicUrl}${NOTICES_PATH}`}${f.complaintsOffice ? `, or write to the ${f.complaintsOffice}` : ''}. You may also use an out-of-court dispute settlement body or the courts.`,
  ];
}

export function statementMail(to: string, f: StatementFacts): MailMessage {
  const lines = statementLines(f);
  return {
    to,
    subject: 'Our decision on a report',
    text: `${lines.join('\n\n')}\n`,
    html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n'),
  };
}
