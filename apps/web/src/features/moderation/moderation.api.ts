import type { ModerationDecision } from '@pinboard/shared/constants/takedowns';
import { api, type ApiResult } from '../../lib/api';

export interface QueueItem {
  id: string;
  kind: 'report' | 'takedown' | 'counter_notice';
  form: string | null;
  laws: string[];
  reason: string;
  details: string;
  reported_url: string | null;
  content_date: string | null;
  trusted_flagger: boolean;
  appeal_of: string | null;
  reporter: { username: string | null; name: string | null; email: string | null; country: string | null };
  target: {
    kind: 'pin' | 'board' | 'user' | 'comment' | 'none';
    id: string | null;
    label: string;
    moderation: string | null;
    username: string | null;
    /** The reported content's words, whatever decision took it out of view (staff review it here; decision 045). */
    content?: { title: string; description: string; link: string; image_url?: string | null } | null;
  };
  created_at: string;
}

export interface Decision {
  id: string;
  report_id: string;
  decision: ModerationDecision;
  statement_of_reasons: string;
  form: string | null;
  laws: string[];
  target: { kind: string; id: string | null };
  reported_at: string;
  decided_at: string;
}

export interface Notice extends Decision {
  notice_id: string;
  role: 'affected' | 'reporter';
  reported_url: string | null;
  can_contest: boolean;
}

export interface TransparencyReport {
  from: string | null;
  to: string | null;
  rows: { form: string; law: string; decision: string; count: number; median_hours: number; mean_hours: number; max_hours: number }[];
  open: { form: string; count: number }[];
  generated_at: string;
}

export const TRANSPARENCY_CSV_PATH = '/v3/moderation/transparency_report.csv';

export const fetchQueue = (bookmark: string | null, signal?: AbortSignal): Promise<ApiResult<QueueItem[]>> =>
  api.get<QueueItem[]>('ModerationQueueResource', { bookmark: bookmark ?? undefined }, signal);

export const fetchNotices = (bookmark: string | null, signal?: AbortSignal): Promise<ApiResult<Notice[]>> =>
  api.get<Notice[]>('ModerationNoticesResource', { bookmark: bookmark ?? undefined }, signal);

export async function fetchTransparency(signal?: AbortSignal): Promise<TransparencyReport> {
  return (await api.get<TransparencyReport>('TransparencyReportResource', {}, signal)).data;
}

export async function decideReport(input: { report_id: string; decision: ModerationDecision; statement_of_reasons: string }): Promise<Decision> {
  return (await api.send<Decision>('ModerationDecisionResource', 'create', input)).data;
}

/** `appeal_token`: signed out, from the link mailed to a removed person (who cannot sign in). */
export async function contestDecision(input: { decision_id: string; text: string; appeal_token?: string }): Promise<{ id: string }> {
  return (await api.send<{ id: string }>('ModerationAppealResource', 'create', input)).data;
}
