/**
 * A server error's message in the page's language by its `message_key`
 * (decision 042): the `serverErrors.*` texts of the on-demand catalogue,
 * loaded with this module, so the first paint does not carry them.
 */
import './allTexts';
import { hasText, t } from './i18n';

/** The key's text with its arguments, or null when the catalogue does not know the key. */
export function serverErrorText(key: string, args?: Record<string, string | number>): string | null {
  const id = `serverErrors.${key}`;
  return hasText(id) ? t(id, args) : null;
}
