import { todayArticlePath, type TTodayArticleOut } from '@pinboard/shared/schemas/topics';
import { presentPin } from '../pins';
import { type PinWithRefs } from '../../kernel';
import type { ArticleRow } from './today.repo';

export function presentArticle(a: ArticleRow, pins: PinWithRefs[]): TTodayArticleOut {
  const first = pins[0];
  return {
    id: a.id,
    type: 'today_article',
    kind: a.kind,
    slug: a.slug,
    title: a.title,
    body: a.body,
    url: todayArticlePath(a),
    author: a.author_id && a.author_username ? { id: a.author_id, username: a.author_username, full_name: a.author_full_name ?? '' } : null,
    pins: pins.map(presentPin),
    cover: first ? (first.images['736x'] ?? first.images['474x'] ?? first.images.orig ?? null) : null,
    dominant_color: first?.dominant_color ?? null,
    created_at: a.created_at.toISOString(),
    updated_at: a.updated_at.toISOString(),
  };
}
