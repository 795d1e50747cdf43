import type { Experience, ExperienceOutcome } from '@pinboard/shared/schemas/experiences';
import { api } from '../../lib/api';

export type { Experience } from '@pinboard/shared/schemas/experiences';

/** The viewer's current experience at a placement, or null. */
export async function fetchExperience(placementId: number, signal?: AbortSignal): Promise<Experience | null> {
  return (await api.resource('ExperiencesResource', 'get', { placement_id: placementId }, signal)).data ?? null;
}

export async function answerExperience(placementId: number, experienceId: number, answer: 'complete' | 'dismiss'): Promise<ExperienceOutcome> {
  const options = { placement_id: placementId, experience_id: experienceId };
  return (await api.resource('ExperienceResource', answer === 'complete' ? 'update' : 'delete', options)).data;
}
