/**
 * The experiences Pinboard offers (docs/product/profiles-and-boards.md §3 and §9), in the
 * order each placement tries them: a placement shows the first one its
 * viewer qualifies for and has not completed or dismissed. `qualifies` is a
 * SQL condition on the viewer, whose id is `$1`.
 */
import { EXPERIENCE_IDS, EXPERIENCE_PLACEMENTS } from '@pinboard/shared/constants/experiences';
import type { ExperienceDisplayData } from '@pinboard/shared/schemas/experiences';
import { serverT } from '../../lib/i18n';

export interface ExperienceDefinition {
  experience_id: number;
  placement_id: number;
  /** Who it is for, in words (for the decision record and the OpenAPI summary). */
  audience: string;
  /** SQL condition on the viewer `$1`. */
  qualifies: string;
  /** Its words are the server catalogue's `experience.<texts>.text` and `.button`, in the viewer's language. */
  texts: string;
  display_data: Omit<ExperienceDisplayData, 'text' | 'complete_button_text'>;
}

const ownsBoardlessPin = 'EXISTS (SELECT 1 FROM pins WHERE pinner_id = $1 AND board_id IS NULL)';
const ownsNoPin = 'NOT EXISTS (SELECT 1 FROM pins WHERE pinner_id = $1)';
const ownsNoBoard = 'NOT EXISTS (SELECT 1 FROM boards WHERE owner_id = $1 AND deleted_at IS NULL)';
const hasNoPicture = "EXISTS (SELECT 1 FROM users WHERE id = $1 AND coalesce(image_url, '') = '')";

const EXPERIENCES: readonly ExperienceDefinition[] = [
  {
    experience_id: EXPERIENCE_IDS.organizeIdeas,
    placement_id: EXPERIENCE_PLACEMENTS.education,
    audience: 'an owner with at least one Pin saved without a board',
    qualifies: ownsBoardlessPin,
    texts: 'organizeIdeas',
    display_data: {
      has_pulsar: false,
      has_tooltip: true,
      scroll_to_dismiss: true,
      delay: 3,
      secondary_cta_link: null,
    },
  },
  {
    experience_id: EXPERIENCE_IDS.createFirst,
    placement_id: EXPERIENCE_PLACEMENTS.education,
    audience: 'someone with no Pins and no boards',
    qualifies: `${ownsNoPin} AND ${ownsNoBoard}`,
    texts: 'createFirst',
    display_data: {
      has_pulsar: true,
      has_tooltip: true,
      scroll_to_dismiss: false,
      delay: 0,
      secondary_cta_link: null,
    },
  },
  {
    experience_id: EXPERIENCE_IDS.addProfilePicture,
    placement_id: EXPERIENCE_PLACEMENTS.profileHeader,
    audience: 'an owner without a profile picture',
    qualifies: hasNoPicture,
    texts: 'addProfilePicture',
    display_data: {
      has_pulsar: true,
      has_tooltip: true,
      scroll_to_dismiss: false,
      delay: 0,
      secondary_cta_link: '/settings/edit-profile/',
    },
  },
];

/** What the placement shows, its words in `locale` (en-US where that locale has none). */
export function displayDataIn(experience: ExperienceDefinition, locale: string | null | undefined): ExperienceDisplayData {
  return {
    ...experience.display_data,
    text: serverT(locale, `experience.${experience.texts}.text`),
    complete_button_text: serverT(locale, `experience.${experience.texts}.button`),
  };
}

export function experiencesAt(placementId: number): ExperienceDefinition[] {
  return EXPERIENCES.filter((e) => e.placement_id === placementId);
}

export function findExperience(placementId: number, experienceId: number): ExperienceDefinition | undefined {
  return EXPERIENCES.find((e) => e.placement_id === placementId && e.experience_id === experienceId);
}
