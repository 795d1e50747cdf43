/**
 * Experiences (docs/product/profiles-and-boards.md §3 and §9): education tooltips and
 * pulsars, each shown at one placement until its person completes or
 * dismisses it. The ids and placements are the spec's; what each one says
 * is in the server's catalogue (modules/experiences/experiences.catalogue.ts).
 */
export const EXPERIENCE_PLACEMENTS = {
  /** The spec's placement 19: the owner's profile header (the prompts that route to settings). */
  profileHeader: 19,
  /** The spec's placement 1000464: education tooltips on the profile and the header. */
  education: 1000464,
} as const;

export const EXPERIENCE_IDS = {
  /** Routes to settings: add a profile picture (pulsar on the owner's avatar). */
  addProfilePicture: 504214,
  /** Tooltip on the Organize button of the unorganized ideas. */
  organizeIdeas: 505363,
  /** Pulsar on the header's Create button for someone with no Pins and no boards. */
  createFirst: 505404,
} as const;
