import { z } from 'zod';

/** A positive integer id; a string of digits is read as the number it spells (the spec's ids are numbers). */
const zExperienceNumber = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value),
  z.number().int().min(1).max(2_147_483_647),
);

export const zExperiencesGet = z.strictObject({ placement_id: zExperienceNumber });
export const zExperienceAction = z.strictObject({ placement_id: zExperienceNumber, experience_id: zExperienceNumber });

/** docs/product/profiles-and-boards.md §3, Experience: display_data. */
export interface ExperienceDisplayData {
  has_pulsar: boolean;
  has_tooltip: boolean;
  text: string;
  scroll_to_dismiss: boolean;
  /** Seconds after showing before a scroll dismisses it (with scroll_to_dismiss). */
  delay: number;
  complete_button_text: string;
  /** When set, the complete button is a link there (and following it completes the experience). */
  secondary_cta_link: string | null;
}

export interface Experience {
  experience_id: number;
  placement_id: number;
  display_data: ExperienceDisplayData;
}

export type ExperienceStatus = 'completed' | 'dismissed';

export interface ExperienceOutcome {
  experience_id: number;
  placement_id: number;
  status: ExperienceStatus;
}
