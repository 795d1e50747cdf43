/**
 * The texts of the notifications page and the notification settings, by their
 * keys in notificationTexts.json (decision 071; all under `notifications.*`,
 * decision 087): loaded with those pages only, not with the first paint
 * (decision 017). The header's bell reads its two texts from lib/texts.ts.
 */
import english from '@pinboard/shared/locales/en-US/notificationTexts.json';
import { addCatalogue, textsOf } from './i18n';
import type { NotificationTexts } from './texts.generated';

await addCatalogue('notificationTexts', english);

export const TEXTS = textsOf<NotificationTexts>(english);
