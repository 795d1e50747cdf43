import { Suspense, type RefObject } from 'react';
import { lazyNamed } from '../../../lib/lazyNamed';
import { useExperience } from '../experiences.queries';

const ExperienceLayer = lazyNamed(() => import('./ExperienceLayer'), 'ExperienceLayer');

export interface ExperienceTooltipProps {
  placementId: number;
  /** Shown only while this is the placement's current experience. */
  experienceId: number;
  /** The element the pulsar sits on and the tooltip points at. */
  anchorRef: RefObject<HTMLElement | null>;
}

/**
 * An experience (docs/product/profiles-and-boards.md §9): a pulsar on its target, a tooltip
 * pointing at it, or a pulsar that opens the tooltip. Neither is modal nor
 * covers its target: the page works as usual around them. The tooltip is
 * dismissed by its close button, by Escape or, with scroll_to_dismiss, by a
 * scroll `delay` seconds after it showed; its button completes it (or, with
 * secondary_cta_link, is a link there that completes it).
 */
export function ExperienceTooltip({ placementId, experienceId, anchorRef }: ExperienceTooltipProps) {
  const { experience, complete, dismiss } = useExperience(placementId);
  if (!experience || experience.experience_id !== experienceId) return null;
  return (
    <Suspense fallback={null}>
      <ExperienceLayer key={experience.experience_id} experience={experience} anchorRef={anchorRef} onComplete={complete} onDismiss={dismiss} />
    </Suspense>
  );
}

/** Completes the placement's experience when it is `experienceId` (for a target the person used as the experience suggested). */
export function useCompleteExperienceOnUse(placementId: number, experienceId: number): () => void {
  const { experience, complete } = useExperience(placementId);
  return () => {
    if (experience?.experience_id === experienceId) complete();
  };
}
