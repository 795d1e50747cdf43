/**
 * Locales in which pronouns are shown joined by a slash ('she/her'); every
 * other locale joins them with ', ' (docs/product/logged-out-and-business.md §3, User/session).
 */
export const SLASH_PRONOUN_LOCALES: ReadonlySet<string> = new Set(['en-US', 'en-GB', 'de', 'fr', 'it', 'es-ES', 'es-MX', 'es-419', 'es-AR', 'pt-BR']);

const SLASH_LOCALES_LOWER = new Set([...SLASH_PRONOUN_LOCALES].map((l) => l.toLowerCase()));

/**
 * Choice: a locale matches one of the list only exactly (case-insensitive,
 * '_' read as '-'); 'de-AT' or plain 'en' therefore join with ', ', since the
 * spec lists bare 'de' next to region-specific 'en-US' and 'es-ES'.
 */
export function usesSlashForPronouns(locale: string): boolean {
  return SLASH_LOCALES_LOWER.has(locale.replace(/_/g, '-').toLowerCase());
}

/** Joins pronouns for display; blank entries are dropped and entries trimmed. */
export function joinPronouns(pronouns: readonly string[], locale: string): string {
  const parts = pronouns.map((p) => p.trim()).filter((p) => p !== '');
  return parts.join(usesSlashForPronouns(locale) ? '/' : ', ');
}
