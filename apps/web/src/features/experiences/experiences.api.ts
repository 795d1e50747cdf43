import type { ResourceOutput } from '@pinboard/shared/contract';
import { api } from '../../lib/api';

/** An experience (docs/product/profiles-and-boards.md §3, Experience) as ExperiencesResource answers it. */
export type Experience = NonNullable<ResourceOutput<'ExperiencesResource', 'get'>>;

/** The viewer's current experience at a placement, or null. */
export async function fetchExperience(placementId: number, signal?: AbortSignal): Promise<Experience | null> {
  return (await api.resource('ExperiencesResource', 'get', { placement_id: placementId }, signal)).data ?? null;
}

export async function answerExperience(placementId: number, experienceId: number, answer: 'complete' | 'dismiss') {
  const options = { placement_id: placementId, experience_id: experienceId };
  return (await api.resource('ExperienceResource', answer === 'complete' ? 'update' : 'delete', options)).data;
}
