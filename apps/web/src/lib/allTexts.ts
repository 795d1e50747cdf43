/**
 * Every web text but the owner's sections' (decision 071): the first
 * paint's (texts.json) and what no first paint needs (moreTexts.json:
 * dialogs, forms, settings, the Pin builder …), by their catalogue keys.
 * Only code loaded on demand imports it; it waits for the page's locale's
 * moreTexts part (a chunk of its own per locale).
 */
import first from '@pinboard/shared/locales/en-US/texts.json';
import english from '@pinboard/shared/locales/en-US/moreTexts.json';
import { addCatalogue, textsOf } from './i18n';
import type { FirstPaintTexts, MoreTexts } from './texts.generated';

await addCatalogue('moreTexts', english);

export const TEXTS = textsOf<FirstPaintTexts & MoreTexts>(first, english);
