import type { ResourceOutput } from '@pinboard/shared/contract';
import type { ModerationDecision } from '@pinboard/shared/constants/takedowns';
import { api, type ApiResult } from '../../lib/api';

export type QueueItem = ResourceOutput<'ModerationQueueResource', 'get'>[number];

export type Decision = ResourceOutput<'ModerationDecisionResource', 'create'>;

export type Notice = ResourceOutput<'ModerationNoticesResource', 'get'>[number];

export type TransparencyReport = ResourceOutput<'TransparencyReportResource', 'get'>;

export const TRANSPARENCY_CSV_PATH = '/v3/moderation/transparency_report.csv';

export const fetchQueue = (bookmark: string | null, signal?: AbortSignal): Promise<ApiResult<QueueItem[]>> =>
  api.resource('ModerationQueueResource', 'get', { bookmark: bookmark ?? undefined }, signal);

export const fetchNotices = (bookmark: string | null, signal?: AbortSignal): Promise<ApiResult<Notice[]>> =>
  api.resource('ModerationNoticesResource', 'get', { bookmark: bookmark ?? undefined }, signal);

export async function fetchTransparency(signal?: AbortSignal): Promise<TransparencyReport> {
  return (await api.resource('TransparencyReportResource', 'get', {}, signal)).data;
}

export async function decideReport(input: { report_id: string; decision: ModerationDecision; statement_of_reasons: string }): Promise<Decision> {
  return (await api.resource('ModerationDecisionResource', 'create', input)).data;
}

/** `appeal_token`: signed out, from the link mailed to a removed person (who cannot sign in). */
export async function contestDecision(input: { decision_id: string; text: string; appeal_token?: string }) {
  return (await api.resource('ModerationAppealResource', 'create', input)).data;
}
