/**
 * Reports about people and their comments, the legal takedown forms by region, and moderation
 * (decision 038). Every takedown rule comes from the one law configuration
 * (TAKEDOWN_CONFIG: region, laws, one law per report, anonymity, trusted
 * flaggers, the cutoff). Staff decide open reports oldest first; a decision
 * puts the content into the visibility rule (boards.policy: removed answers
 * 404 everywhere), is logged, and its statement of reasons goes to the
 * affected person and the reporter by mail and in-app notice, where either
 * may send a counter-notice (a new report on the same content).
 */
import type { z } from 'zod';
import { TAKEDOWN_CONFIG, TAKEDOWN_CUTOFF_DATE, takedownFormFor, type TakedownForm, type TakedownLaw } from '@pinboard/shared/constants/takedowns';
import type { zModerationAppeal, zModerationDecision } from '@pinboard/shared/schemas/moderation';
import type { zTakedown } from '@pinboard/shared/schemas/social';
import { isId } from '@pinboard/shared/schemas/ids';
import { csvDocument } from '@pinboard/shared/text/csv';
import { isPinReportReason } from '@pinboard/shared/constants/reports';
import { isValidEmail } from '@pinboard/shared/text/email';
import type { Db } from '../../db/client';
import type { EventEmitter } from '../../events/bus';
import { AppError, forbidden, invalid, loginRequired, notFound } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import { decodeCursor, pageOf } from '../../lib/cursor';
import { newId } from '../../lib/ids';
import type { PageRequest } from '../../lib/paging';
import { hashToken, newToken } from '../../lib/tokens';
import { keyedInvalid, ValidationError } from '../../lib/validation';
import type { Mailer } from '../../mail';
import { boardModeration } from '../boards';
import { boardBySlug, canSeeBoard, visiblePinById, userById, userByUsername } from '../../kernel';
import { commentModeration } from '../comments';
import { pinModerationFacts, setPinImageModeration } from '../pins';
import { userModeration } from '../users';
import { NOTICES_PATH, statementMail, type StatementFacts, type StatementSubject } from './reports.mail';
import { canContest, canModerate, contentForReview } from './reports.policy';
import { reportsRepo, type DecisionRow, type QueueRow } from './reports.repo';

export interface ReportsDeps {
  db: Db;
  config: { publicUrl: string; staffUsernames: ReadonlySet<string> };
  mailer: Mailer;
  /** Announces account.removed after a decision removed a person (decision 045): their sessions end (auth), and the live streams those hold close. */
  events: EventEmitter;
}

type Target = { kind: 'pin' | 'board' | 'user' | 'comment' | 'none'; id: string | null; ownerId: string | null };

/** How much of a comment a statement of reasons quotes. */
const QUOTED_COMMENT_CHARS = 200;

/** The day after today (UTC), as YYYY-MM-DD: a content date may be today anywhere on earth. */
function latestContentDate(now = new Date()) {
  return new Date(now.getTime() + 24 * 3600 * 1000).toISOString().slice(0, 10);
}

/** The reported content's words, for staff reviewing it (reports.policy contentForReview). */
function reviewContent(r: QueueRow) {
  if (r.comment_id) {
    return r.comment_text === null ? null : { title: '', description: r.comment_text, link: r.comment_pin_id ? `/pin/${r.comment_pin_id}/` : '' };
  }
  if (r.reported_pin_id) {
    // The Pin's image, which the media door answers staff for a reported Pin (media.policy, decision 057).
    const image = r.pin_images?.['236x'] ?? r.pin_images?.['474x'] ?? Object.values(r.pin_images ?? {})[0] ?? null;
    return { title: r.pin_title ?? '', description: r.pin_description ?? '', link: r.pin_link ?? '', image_url: image?.url ?? null };
  }
  if (r.reported_board_id) return { title: r.board_name ?? '', description: r.board_description ?? '', link: '' };
  if (r.reported_id) return { title: r.reported_full_name ?? '', description: r.reported_about ?? '', link: r.reported_website_url ?? '' };
  return null;
}

/** A queue item; `viewerIsStaff` (the queue answers staff alone) lets it carry the content's words. */
function presentQueueItem(r: QueueRow, viewerIsStaff: boolean) {
  const target = r.comment_id
    ? {
        kind: 'comment' as const,
        id: r.comment_text === null ? null : r.comment_id,
        label: r.reported_username ? `@${r.reported_username}` : 'Comment',
        moderation: r.comment_moderation,
        username: r.reported_username,
      }
    : r.reported_pin_id
      ? { kind: 'pin' as const, id: r.reported_pin_id, label: r.pin_title || 'Untitled Pin', moderation: r.pin_moderation, username: r.reported_username }
      : r.reported_board_id
        ? { kind: 'board' as const, id: r.reported_board_id, label: r.board_name ?? 'Board', moderation: null, username: r.reported_username }
        : r.reported_id
          ? { kind: 'user' as const, id: r.reported_id, label: r.reported_username ?? 'Person', moderation: r.user_moderation, username: r.reported_username }
          : { kind: 'none' as const, id: null, label: r.reported_url ?? 'Unknown', moderation: null, username: null };
  return {
    id: r.id,
    kind: r.appeal_of ? ('counter_notice' as const) : r.form ? ('takedown' as const) : ('report' as const),
    form: r.form,
    laws: r.laws,
    reason: r.reason,
    details: r.details,
    reported_url: r.reported_url,
    content_date: r.content_date,
    trusted_flagger: r.trusted_flagger,
    appeal_of: r.appeal_of,
    reporter: { username: r.reporter_username, name: r.reporter_name, email: r.reporter_email, country: r.reporter_country },
    target: { ...target, content: contentForReview(viewerIsStaff, reviewContent(r)) },
    created_at: r.created_at.toISOString(),
  };
}

function presentDecision(d: DecisionRow) {
  return {
    id: d.id,
    report_id: d.report_id,
    decision: d.decision,
    statement_of_reasons: d.statement_of_reasons,
    form: d.form,
    laws: d.laws,
    target: { kind: d.target_kind, id: d.target_id },
    reported_at: d.reported_at.toISOString(),
    decided_at: d.decided_at.toISOString(),
  };
}

export function createReportsService({ db, config, mailer, events }: ReportsDeps) {
  async function requireStaff(ctx: RequestContext) {
    const viewer = requireViewer(ctx);
    const user = await userById(db, viewer.id);
    if (!canModerate(user, config.staffUsernames)) throw forbidden('Only staff can moderate.');
    return viewer;
  }

  /** What a reported address names, if the reporter may see it: a Pin, a board or a person. */
  async function targetOfUrl(url: string, viewerId: string | null): Promise<Target> {
    let path: string;
    try {
      path = new URL(url, config.publicUrl).pathname;
    } catch {
      throw new ValidationError('reported_url', 'Oops! Please enter a valid URL.');
    }
    const segments = path
      .split('/')
      .filter((s) => s !== '')
      .map((s) => {
        try {
          return decodeURIComponent(s);
        } catch {
          return s;
        }
      });
    const [first, second] = segments;
    if (first === 'pin' && second && isId(second)) {
      const pin = await visiblePinById(db, second, viewerId);
      return pin ? { kind: 'pin', id: pin.id, ownerId: pin.pinner_id } : { kind: 'none', id: null, ownerId: null };
    }
    if (first && second && segments.length === 2) {
      const board = await boardBySlug(db, first, second, viewerId);
      if (board && canSeeBoard(viewerId ? { id: viewerId, username: '' } : null, board)) return { kind: 'board', id: board.id, ownerId: board.owner_id };
    }
    if (first && segments.length === 1) {
      const user = await userByUsername(db, first);
      if (user) return { kind: 'user', id: user.id, ownerId: user.id };
    }
    return { kind: 'none', id: null, ownerId: null };
  }

  async function sendStatement(to: string | null | undefined, facts: StatementFacts) {
    if (!to) return;
    try {
      await mailer.send(statementMail(to, facts));
    } catch {
      // The adapter logged why; the in-app notice holds the same statement.
    }
  }

  return {
    /** A report of a Pin the reporter may see (404 otherwise, as for a missing Pin), for one of PIN_REPORT_REASONS. */
    async reportPin(ctx: RequestContext, o: { pin_id: string; reason: string; details?: string | undefined }) {
      const viewer = requireViewer(ctx);
      const pin = await visiblePinById(db, o.pin_id, viewer.id);
      if (!pin) throw notFound('pin');
      if (pin.pinner_id === viewer.id) throw invalid('pin_id: you cannot report your own Pin.');
      if (!isPinReportReason(o.reason)) throw new ValidationError('reason', 'Choose one of the reasons for reporting a Pin.');
      const id = newId();
      await reportsRepo.insertReport(db, {
        id,
        reporterId: viewer.id,
        reportedId: pin.pinner_id,
        reportedUrl: null,
        reason: o.reason,
        details: o.details ?? '',
        reportedPinId: pin.id,
      });
      return { id, status: 'received' };
    },

    async reportUser(ctx: RequestContext, o: { user_id: string; reason: string; details?: string | undefined }) {
      const viewer = requireViewer(ctx);
      if (viewer.id === o.user_id) throw invalid('user_id: you cannot report yourself.');
      if (!(await userById(db, o.user_id))) throw notFound('person');
      const id = newId();
      await reportsRepo.insertReport(db, { id, reporterId: viewer.id, reportedId: o.user_id, reportedUrl: null, reason: o.reason, details: o.details ?? '' });
      return { id, status: 'received' };
    },

    /**
     * A report of a comment, made by the comments module once it has checked
     * that the reporter may see the comment; the reported person is its author.
     */
    async reportComment(ctx: RequestContext, o: { commentId: string; authorId: string; reason: string; details?: string | undefined }) {
      const viewer = requireViewer(ctx);
      const id = newId();
      await reportsRepo.insertCommentReport(db, {
        id,
        reporterId: viewer.id,
        authorId: o.authorId,
        commentId: o.commentId,
        reason: o.reason,
        details: o.details ?? '',
      });
      return { id, status: 'received' };
    },

    /** A takedown through one of the four forms; every rule of its law configuration is checked before anything is stored. */
    async takedown(ctx: RequestContext, form: TakedownForm, o: z.infer<typeof zTakedown>) {
      const rules = TAKEDOWN_CONFIG[form];
      if (!ctx.viewer && !rules.ALLOW_ANON_SUBMISSION) throw loginRequired();
      if (o.laws && o.law) throw new ValidationError('laws', 'Give laws or law, not both.');
      const laws = [...new Set<TakedownLaw>(o.laws ?? (o.law ? [o.law] : []))];
      if (laws.length === 0) throw new ValidationError('laws', 'Choose the law this report is under.');
      if (laws.some((l) => !rules.LAW.includes(l))) throw new ValidationError('laws', 'This form does not take that law.');
      if (rules.RESTRICT_MULTIPLE_LAWS && laws.length > 1)
        throw new ValidationError('laws', 'This form takes one law per report: send one report for each law.');
      const country = o.reporter_country.toUpperCase();
      if (!rules.COUNTRY_CODES.includes(country)) {
        const right = takedownFormFor(country);
        throw right
          ? keyedInvalid('reporter_country', 'reports.formForUseOther', { region: rules.DECIDER_KEY, form: right })
          : keyedInvalid('reporter_country', 'reports.formFor', { region: rules.DECIDER_KEY });
      }
      if (o.content_date < TAKEDOWN_CUTOFF_DATE) throw keyedInvalid('content_date', 'reports.contentFrom', { date: TAKEDOWN_CUTOFF_DATE });
      if (o.content_date > latestContentDate()) throw new ValidationError('content_date', 'The date cannot be in the future.');
      if (o.trusted_flagger && !rules.TRUSTED_FLAGGER) throw new ValidationError('trusted_flagger', 'Only the EU (dsa) form has trusted flaggers.');
      if (o.reporter_email && !isValidEmail(o.reporter_email)) throw new ValidationError('reporter_email', 'Enter a valid email address.');
      if (!o.reported_user_id && !o.reported_url) throw new ValidationError('reported_url', 'Say what you are reporting.');

      let target: Target = { kind: 'none', id: null, ownerId: null };
      if (o.reported_url) target = await targetOfUrl(o.reported_url, ctx.viewer?.id ?? null);
      if (o.reported_user_id && target.kind === 'none') {
        if (!(await userById(db, o.reported_user_id))) throw notFound('person');
        target = { kind: 'user', id: o.reported_user_id, ownerId: o.reported_user_id };
      }
      const id = newId();
      await reportsRepo.insertReport(db, {
        id,
        reporterId: ctx.viewer?.id ?? null,
        reportedId: target.ownerId,
        reportedUrl: o.reported_url ?? null,
        reason: `takedown:${form}`,
        details: o.details,
        form,
        laws,
        reporterName: o.reporter_name || null,
        reporterEmail: o.reporter_email || null,
        reporterCountry: country,
        contentDate: o.content_date,
        trustedFlagger: !!o.trusted_flagger,
        reportedPinId: target.kind === 'pin' ? target.id : null,
        reportedBoardId: target.kind === 'board' ? target.id : null,
      });
      return { id, status: 'received' };
    },

    /** Staff: open reports and takedowns, oldest first. */
    async queue(ctx: RequestContext, o: PageRequest) {
      await requireStaff(ctx);
      const cursor = decodeCursor(o.bookmark, ['id']);
      const rows = await reportsRepo.openQueue(db, cursor?.[0] ?? null, o.pageSize + 1);
      const page = pageOf(rows, o.pageSize, (r) => [r.id]);
      return { items: page.items.map((r) => presentQueueItem(r, true)), bookmark: page.bookmark };
    },

    /** Staff: decides one open report; the content's state, the log and both notices commit together; mails follow. */
    async decide(ctx: RequestContext, o: z.infer<typeof zModerationDecision>) {
      const staff = await requireStaff(ctx);
      const result = await db.tx(async (tx) => {
        const report = await reportsRepo.lockReport(tx, o.report_id);
        if (!report) throw notFound('report');
        if (report.status !== 'open') throw new AppError('CONFLICT', 'This report has already been decided.');
        let target: Target = { kind: 'none', id: null, ownerId: report.reported_id };
        let subject: StatementSubject = report.reported_url ? { kind: 'url', url: report.reported_url } : { kind: 'report' };
        if (report.comment_id) {
          // A comment (decision 057): the decision acts on the comment alone, never on its author's account.
          // A comment deleted since is no target: only no_action.
          const comment = await commentModeration.facts(tx, report.comment_id);
          if (comment) {
            target = { kind: 'comment', id: comment.id, ownerId: comment.author_id };
            const text = comment.text.length > QUOTED_COMMENT_CHARS ? `${comment.text.slice(0, QUOTED_COMMENT_CHARS - 1)}…` : comment.text;
            subject = { kind: 'comment', text, url: `${config.publicUrl}/pin/${comment.pin_id}/` };
          }
        } else if (report.reported_pin_id) {
          const pin = await pinModerationFacts(tx, report.reported_pin_id);
          if (pin) {
            target = { kind: 'pin', id: pin.id, ownerId: pin.pinner_id };
            subject = { kind: 'pin', title: pin.title, url: `${config.publicUrl}/pin/${pin.id}/` };
          }
        } else if (report.reported_board_id) {
          const board = await boardModeration.facts(tx, report.reported_board_id);
          if (board) {
            target = { kind: 'board', id: board.id, ownerId: board.owner_id };
            subject = { kind: 'board', name: board.name };
          }
        } else if (report.reported_id) {
          const person = await userById(tx, report.reported_id);
          target = { kind: 'user', id: report.reported_id, ownerId: report.reported_id };
          subject = person ? { kind: 'profile', username: person.username, url: `${config.publicUrl}/${person.username}/` } : { kind: 'someProfile' };
        }
        if (o.decision !== 'no_action' && target.kind === 'none') {
          throw new ValidationError('decision', 'This report names no Pin, board, comment or person that can be removed or restricted: decide no_action.');
        }
        const isCounterNotice = report.appeal_of !== null;
        // The content's state after the decision; a counter-notice decided with no_action reinstates it.
        const state = o.decision === 'remove' ? 'removed' : o.decision === 'restrict' ? 'restricted' : isCounterNotice ? null : undefined;
        if (state !== undefined && target.kind === 'pin' && target.id) {
          for (const boardId of await setPinImageModeration(tx, target.id, state)) await boardModeration.recountPins(tx, boardId);
        }
        if (state !== undefined && target.kind === 'board' && target.id) await boardModeration.set(tx, target.id, state);
        // A comment: removed is seen by no one, restricted by its author alone (comments.policy).
        if (state !== undefined && target.kind === 'comment' && target.id) await commentModeration.set(tx, target.id, state);
        // A person (decision 045): the visibility rule hides a removed person's everything; they cannot sign in.
        if (state !== undefined && target.kind === 'user' && target.id) {
          await userModeration.set(tx, target.id, state);
          // Their Pins on others' boards leave (or rejoin) those boards' lists: the stored counts follow.
          await boardModeration.recountPinsBy(tx, target.id);
        }

        const decision = await reportsRepo.insertDecision(tx, {
          id: newId(),
          report_id: report.id,
          decider_id: staff.id,
          decision: o.decision,
          statement_of_reasons: o.statement_of_reasons,
          form: report.form,
          laws: report.laws,
          target_kind: target.kind,
          target_id: target.id,
          affected_user_id: target.ownerId,
          reported_at: report.created_at,
        });
        await reportsRepo.markDecided(tx, report.id);
        // A removed person cannot sign in to read the notice: their mail carries a counter-notice link instead.
        const appealToken = target.kind === 'user' && state === 'removed' ? newToken() : null;
        if (target.ownerId) {
          await reportsRepo.insertNotice(tx, {
            id: newId(),
            userId: target.ownerId,
            decisionId: decision.id,
            role: 'affected',
            appealTokenHash: appealToken ? hashToken(appealToken) : null,
          });
        }
        if (report.reporter_id && report.reporter_id !== target.ownerId) {
          await reportsRepo.insertNotice(tx, { id: newId(), userId: report.reporter_id, decisionId: decision.id, role: 'reporter' });
        }
        return { decision, report, target, subject, isCounterNotice, appealToken };
      });

      const { decision, report, target, subject, isCounterNotice, appealToken } = result;
      if (target.kind === 'user' && target.id && appealToken) await events.emit('account.removed', { userId: target.id });
      // A decision that took the person's content or account out of view (or gave it back) is theirs to hear of (decision 086).
      if (target.ownerId && (decision.decision !== 'no_action' || isCounterNotice)) {
        await events.emit('moderation.decided', { decisionId: decision.id, userId: target.ownerId, decision: decision.decision });
      }
      const facts = {
        decision: decision.decision,
        subject,
        laws: decision.laws,
        statement: decision.statement_of_reasons,
        takedownForm: report.form && report.form in TAKEDOWN_CONFIG ? report.form : null,
        publicUrl: config.publicUrl,
        isCounterNotice,
        aboutPerson: target.kind === 'user',
      };
      const affected = target.ownerId ? await userById(db, target.ownerId) : null;
      const reporterAccount = report.reporter_id ? await userById(db, report.reporter_id) : null;
      const contestUrl = appealToken
        ? `${config.publicUrl}${NOTICES_PATH}?${new URLSearchParams({ decision: decision.id, token: appealToken }).toString()}`
        : null;
      // Each in its recipient's language (their account's); a reporter without an account reads en-US.
      await sendStatement(affected?.email, { ...facts, role: 'affected', contestUrl, locale: affected?.locale ?? null });
      const reporterEmail = report.reporter_email ?? reporterAccount?.email;
      if (reporterEmail && reporterEmail !== affected?.email) {
        await sendStatement(reporterEmail, {
          ...facts,
          role: 'reporter',
          locale: reporterAccount && (!report.reporter_email || report.reporter_email === reporterAccount.email) ? reporterAccount.locale : null,
        });
      }
      return presentDecision(decision);
    },

    /** The Viewer's statements of reasons, newest first. */
    async notices(ctx: RequestContext, o: PageRequest) {
      const viewer = requireViewer(ctx);
      const cursor = decodeCursor(o.bookmark, ['id']);
      const rows = await reportsRepo.noticesOf(db, viewer.id, cursor?.[0] ?? null, o.pageSize + 1);
      const page = pageOf(rows, o.pageSize, (r) => [r.notice_id]);
      return {
        items: page.items.map((r) => ({ ...presentDecision(r), notice_id: r.notice_id, role: r.role, reported_url: r.reported_url, can_contest: !r.appealed })),
        bookmark: page.bookmark,
      };
    },

    /**
     * A counter-notice by someone told of the decision: it enters the queue as a report on the same content.
     * Signed out, only with the token of the link mailed to a removed person (who cannot sign in).
     */
    async contest(ctx: RequestContext, o: z.infer<typeof zModerationAppeal>) {
      let holderId = ctx.viewer?.id ?? null;
      if (!holderId) {
        if (!o.appeal_token) throw loginRequired();
        holderId = await reportsRepo.noticeHolderByToken(db, o.decision_id, hashToken(o.appeal_token));
        if (!holderId) throw notFound('decision');
      }
      const found = await reportsRepo.decisionForNoticeHolder(db, o.decision_id, holderId);
      const may = canContest(found);
      if (may === 'missing' || !found) throw notFound('decision');
      if (may === 'already') throw new AppError('CONFLICT', 'You already sent a counter-notice about this decision.');
      const id = newId();
      await reportsRepo.insertReport(db, {
        id,
        reporterId: holderId,
        reportedId: found.affected_user_id,
        reportedUrl: found.reported_url,
        reason: 'counter_notice',
        details: o.text,
        form: found.form,
        laws: found.laws,
        reportedPinId: found.target_kind === 'pin' ? found.target_id : null,
        reportedBoardId: found.target_kind === 'board' ? found.target_id : null,
        commentId: found.target_kind === 'comment' ? found.target_id : found.comment_id,
        appealOf: found.id,
      });
      return { id, status: 'received' };
    },

    /** Staff: counts by form, law and decision with the time to decide, and what is still open. */
    async transparency(ctx: RequestContext, o: { from?: string | undefined; to?: string | undefined }) {
      await requireStaff(ctx);
      const [rows, open] = await Promise.all([reportsRepo.transparency(db, o.from ?? null, o.to ?? null), reportsRepo.openCounts(db)]);
      return { from: o.from ?? null, to: o.to ?? null, rows, open, generated_at: new Date().toISOString() };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;

/** The transparency report as CSV (one line per form, law and decision), written by the shared writer: quoted, no cell a formula. */
export function transparencyCsv(report: Awaited<ReturnType<ReportsService['transparency']>>) {
  const header = ['form', 'law', 'decision', 'count', 'median_hours_to_decide', 'mean_hours_to_decide', 'max_hours_to_decide'];
  return csvDocument([header, ...report.rows.map((r) => [r.form, r.law, r.decision, r.count, r.median_hours, r.mean_hours, r.max_hours])]);
}
