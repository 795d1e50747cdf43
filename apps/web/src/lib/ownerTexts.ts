/**
 * The texts of what only a profile's owner sees below their boards
 * (unorganized ideas, board suggestions, recently deleted boards): a chunk
 * that only owners load, which must not pull in lib/moreTexts.ts (page
 * weight, decision 017). Only those sections read these texts; they are not
 * in lib/allTexts.ts, so the chunk carries them itself.
 */
import english from '@pinboard/shared/locales/en-US/ownerTexts.json';
import { addCatalogue, t, textsOf } from './i18n';
import type { OwnerTexts } from './texts.generated';

await addCatalogue('ownerTexts', english);

export const profilePage = {
  unorganized: t('profilePage.unorganized'),
  unorganizedMore: (n: number) => t('profilePage.unorganizedMore', { n }),
  unorganizedMoreLabel: (n: number) => t('profilePage.unorganizedMoreLabel', { n }),
  organize: t('profilePage.organize'),
  organizeUpsellTitle: t('profilePage.organizeUpsellTitle'),
  organizeUpsellBody: t('profilePage.organizeUpsellBody'),
} as const;

export const partner = {
  suggestionsHeading: t('partner.suggestionsHeading'),
  suggestionsIntro: t('partner.suggestionsIntro'),
  suggestionPins: (n: number) => t('partner.suggestionPins', { n }),
  createFromSuggestion: t('partner.createFromSuggestion'),
  suggestionLabel: (name: string) => t('partner.suggestionLabel', { name }),
} as const;

export const deletedBoards = {
  heading: t('deletedBoards.heading'),
  daysLeft: (n: number) => t('deletedBoards.daysLeft', { n }),
  restore: t('deletedBoards.restore'),
  restoring: t('deletedBoards.restoring'),
  restored: (name: string) => t('deletedBoards.restored', { name }),
  pins: (n: number) => t('deletedBoards.pins', { n }),
} as const;

/** The owner's sections' texts by their catalogue keys (decision 071). */
export const TEXTS = textsOf<OwnerTexts>(english);
