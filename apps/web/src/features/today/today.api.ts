import type { TTodayArticleOut, TTodayKind } from '@pinboard/shared/schemas/topics';
import { api, type ApiResult } from '../../lib/api';

export type TodayArticle = TTodayArticleOut;

export async function fetchArticle(id: string, signal?: AbortSignal): Promise<TodayArticle> {
  return (await api.resource('TodayArticleResource', 'get', { id }, signal)).data;
}

export function fetchLatest(bookmark: string | null, signal?: AbortSignal): Promise<ApiResult<TodayArticle[]>> {
  return api.resource('TodayArticlesResource', 'get', { bookmark: bookmark ?? undefined, page_size: 12 }, signal);
}

export interface ArticleDraft {
  kind: TTodayKind;
  title: string;
  body: string;
  pin_ids: string[];
}

export async function createArticle(draft: ArticleDraft): Promise<TodayArticle> {
  return (await api.resource('TodayArticleResource', 'create', { ...draft })).data;
}

export async function updateArticle(id: string, draft: ArticleDraft): Promise<TodayArticle> {
  return (await api.resource('TodayArticleResource', 'update', { id, ...draft })).data;
}

export async function deleteArticle(id: string): Promise<void> {
  await api.resource('TodayArticleResource', 'delete', { id });
}
