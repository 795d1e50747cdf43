/**
 * The texts of what only a profile's owner sees below their boards
 * (unorganized ideas, board suggestions, recently deleted boards), by their
 * keys in ownerTexts.json (decision 071): a chunk that only owners load,
 * which must not pull in lib/allTexts.ts (page weight, decision 017).
 */
import english from '@pinboard/shared/locales/en-US/ownerTexts.json';
import { addCatalogue, textsOf } from './i18n';
import type { OwnerTexts } from './texts.generated';

await addCatalogue('ownerTexts', english);

export const TEXTS = textsOf<OwnerTexts>(english);
