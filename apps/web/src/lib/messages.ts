/**
 * The spec's MESSAGES in the page's language (decision 071): a copy of the
 * shared en-US MESSAGES (packages/shared, which stay as they are and which
 * the server and the shared schemas read) with the locale's messages.json
 * texts, made once the locale is chosen. Web code reads MESSAGES from here;
 * a shared schema's check comes in en-US and reads in the page's language
 * through localServerText (lib/i18n.ts).
 */
import { MESSAGES as ENGLISH } from '@pinboard/shared/constants/messages';
import { localMessages } from './i18n';

export const MESSAGES = localMessages(ENGLISH);
