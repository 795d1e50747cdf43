import type { TTodayArticleOut, TTodayKind } from '@pinboard/shared/schemas/topics';
import { api, type ApiResult } from '../../lib/api';

export type TodayArticle = TTodayArticleOut;

export async function fetchArticle(id: string, signal?: AbortSignal): Promise<TodayArticle> {
  return (await api.get<TodayArticle>('TodayArticleResource', { id }, signal)).data;
}

export function fetchLatest(bookmark: string | null, signal?: AbortSignal): Promise<ApiResult<TodayArticle[]>> {
  return api.get<TodayArticle[]>('TodayArticlesResource', { bookmark: bookmark ?? undefined, page_size: 12 }, signal);
}

export interface ArticleDraft {
  kind: TTodayKind;
  title: string;
  body: string;
  pin_ids: string[];
}

export async function createArticle(draft: ArticleDraft): Promise<TodayArticle> {
  return (await api.send<TodayArticle>('TodayArticleResource', 'create', { ...draft })).data;
}

export async function updateArticle(id: string, draft: ArticleDraft): Promise<TodayArticle> {
  return (await api.send<TodayArticle>('TodayArticleResource', 'update', { id, ...draft })).data;
}

export async function deleteArticle(id: string): Promise<void> {
  await api.send('TodayArticleResource', 'delete', { id });
}
