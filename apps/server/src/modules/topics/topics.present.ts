/** Topics as the contract spells them (docs/product/logged-out-and-business.md §3: id, followed flag; docs/product/api-contract.md §8). */
import { ideaPath } from '@pinboard/shared/constants/ideas';
import type { TIdeaPageOut, TInterestOut } from '@pinboard/shared/schemas/topics';
import type { InterestRow } from './topics.repo';

export function presentInterest(row: InterestRow): TInterestOut {
  const image = row.images?.['236x'] ?? row.images?.['474x'] ?? row.images?.orig ?? null;
  return {
    id: row.id,
    type: 'interest',
    name: row.name,
    slug: row.slug,
    parent_id: row.parent_id,
    url: ideaPath(row.category_slug),
    image,
    dominant_color: row.dominant_color,
    follower_count: row.follower_count,
    is_followed: row.is_followed,
  };
}

/** The line under an idea page's heading, and its page description. */
function ideaDescription(name: string, children: string[]): string {
  const list = children.length > 0 ? `: ${children.join(', ').toLowerCase()} and more` : '';
  return `Discover ${name.toLowerCase()} ideas${list}. Follow ${name} to see more of it on your home feed.`;
}

export function presentIdeaPage(row: InterestRow, children: InterestRow[]): TIdeaPageOut {
  return {
    ...presentInterest(row),
    description: ideaDescription(
      row.name,
      children.map((c) => c.name),
    ),
    children: children.map(presentInterest),
  };
}
