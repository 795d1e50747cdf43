/**
 * Experiences: what a placement shows its viewer, and completing or
 * dismissing one. Signed out, a placement shows nothing. Completing and
 * dismissing are idempotent; an id that is not in the catalogue at that
 * placement answers 404.
 */
import type { Experience, ExperienceOutcome, ExperienceStatus } from '@pinboard/shared/schemas/experiences';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import { displayDataIn, experiencesAt, findExperience } from './experiences.catalogue';
import { experiencesRepo } from './experiences.repo';

export function createExperiencesService({ db }: { db: Db }) {
  return {
    /** The viewer's current experience at the placement: the first they qualify for and have not answered, or null. */
    async current(ctx: RequestContext, placementId: number): Promise<Experience | null> {
      if (!ctx.viewer) return null;
      const all = experiencesAt(placementId);
      if (all.length === 0) return null;
      const answered = await experiencesRepo.answered(
        db,
        ctx.viewer.id,
        all.map((e) => e.experience_id),
      );
      const open = all.filter((e) => !answered.has(e.experience_id));
      const qualifies = await experiencesRepo.qualifying(db, ctx.viewer.id, open);
      const found = open.find((_, i) => qualifies[i]);
      return found ? { experience_id: found.experience_id, placement_id: found.placement_id, display_data: displayDataIn(found, ctx.viewer.locale) } : null;
    },

    async answer(ctx: RequestContext, placementId: number, experienceId: number, status: ExperienceStatus): Promise<ExperienceOutcome> {
      const viewer = requireViewer(ctx);
      const experience = findExperience(placementId, experienceId);
      if (!experience) throw notFound('experience');
      await experiencesRepo.record(db, viewer.id, experience, status);
      return { experience_id: experience.experience_id, placement_id: experience.placement_id, status };
    },
  };
}
