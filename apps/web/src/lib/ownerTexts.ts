/**
 * The texts of what only a profile's owner sees below their boards
 * (unorganized ideas, board suggestions, recently deleted boards): a chunk
 * that only owners load, which must not pull in lib/moreTexts.ts (page
 * weight, decision 017). Only those sections read these texts; they are not
 * in lib/allTexts.ts, so the chunk carries them itself.
 */

export const profilePage = {
  unorganized: 'Unorganized ideas',
  unorganizedMore: (n: number) => `+${n}`,
  unorganizedMoreLabel: (n: number) => `and ${n} more`,
  organize: 'Organize',
  organizeUpsellTitle: 'Organize your ideas',
  organizeUpsellBody: 'Put the Pins you saved into boards, so they are easy to find again.',
} as const;

export const partner = {
  suggestionsHeading: 'Board suggestions',
  suggestionsIntro: 'Ideas you saved that look alike. Make a board of them in one step.',
  suggestionPins: (n: number) => (n === 1 ? '1 Pin' : `${n} Pins`),
  createFromSuggestion: 'Create board',
  suggestionLabel: (name: string) => `Create a board from ${name}`,
} as const;

export const deletedBoards = {
  heading: 'Recently deleted boards',
  daysLeft: (n: number) => (n === 1 ? '1 day left to restore' : `${n} days left to restore`),
  restore: 'Restore',
  restoring: 'Restoring…',
  restored: (name: string) => `Restored ${name}`,
  pins: (n: number) => (n === 1 ? '1 Pin' : `${n} Pins`),
} as const;
