import type { ExperienceStatus } from '@pinboard/shared/schemas/experiences';
import type { Queryable } from '../../db/client';
import type { ExperienceDefinition } from './experiences.catalogue';

/** One person's completed and dismissed experiences (user_experiences). */
export const experiencesRepo = {
  /** The experience ids the user completed or dismissed among `experienceIds`. */
  async answered(db: Queryable, userId: string, experienceIds: number[]): Promise<Set<number>> {
    const rows = await db.query<{ experience_id: number }>('SELECT experience_id FROM user_experiences WHERE user_id = $1 AND experience_id = ANY($2::int[])', [
      userId,
      experienceIds,
    ]);
    return new Set(rows.map((r) => Number(r.experience_id)));
  },

  /** For each candidate, in order, whether the user qualifies (one query). */
  async qualifying(db: Queryable, userId: string, candidates: ExperienceDefinition[]): Promise<boolean[]> {
    if (candidates.length === 0) return [];
    const columns = candidates.map((c, i) => `(${c.qualifies}) AS q${i}`).join(', ');
    const [row] = await db.query<Record<string, boolean>>(`SELECT ${columns}`, [userId]);
    return candidates.map((_, i) => row?.[`q${i}`] === true);
  },

  /** Records the answer; a later answer replaces an earlier one. */
  async record(db: Queryable, userId: string, e: { experience_id: number; placement_id: number }, status: ExperienceStatus) {
    await db.query(
      `INSERT INTO user_experiences (user_id, experience_id, placement_id, status) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, experience_id) DO UPDATE SET status = EXCLUDED.status, placement_id = EXCLUDED.placement_id, at = now()`,
      [userId, e.experience_id, e.placement_id, status],
    );
  },
};
