import type { Queryable } from '../../db/client';
import { topicsRepo } from './topics.repo';

/** The topics module's public face: its service, its policy (what discovery may show), presenters, and the home feed's recommendations. */
export { recommendations, FEW_FOLLOWS } from './topics.service';
export * from './topics.policy';
export type { RecommendedPin } from './topics.repo';

/** The topic each reference names (an id or a slug), in order; null for one that names none (promoted Pins' targeting). */
export async function topicIdsOf(db: Queryable, refs: readonly string[]): Promise<(string | null)[]> {
  return Promise.all(
    refs.map(async (ref) => ((/^\d{1,18}$/.test(ref) ? await topicsRepo.refById(db, ref) : null) ?? (await topicsRepo.refBySlug(db, ref)))?.id ?? null),
  );
}

/** Topics named like what is being typed (the search typeahead): name, the idea page's category, whether the name starts with the term. */
export const topicSuggestions = (db: Queryable, term: string, limit: number) => topicsRepo.namesStartingWith(db, term, limit);

/** The Pin's topics, sub-topics first (board title suggestions). */
export const topicsOfPin = (db: Queryable, pinId: string) => topicsRepo.ofPin(db, pinId);
