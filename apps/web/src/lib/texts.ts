/**
 * The texts a page's first paint reads (the shell, the home feed, a
 * profile), by their keys in texts.json (decision 071): `TEXTS.nav.home`,
 * `TEXTS.pin.imageBy({ name })`. Code loaded on demand imports TEXTS from
 * lib/allTexts.ts instead, so the first download carries only these (the
 * page-weight browser test fails when it grows past its budget).
 *
 * Nothing here names a text: a new one is a line in each locale's
 * catalogue (packages/shared/src/locales/<locale>/texts.json) and, for its
 * type, `npm run texts`.
 */
import english from '@pinboard/shared/locales/en-US/texts.json';
import { textsOf } from './i18n';
import type { FirstPaintTexts } from './texts.generated';

export const TEXTS = textsOf<FirstPaintTexts>(english);
