import { TEXTS } from '../../lib/allTexts';

/** A scope in plain words (`boards:read` → "See your public boards …"); a scope without a text as it is. */
export const scopeText = (scope: string): string => (TEXTS.oauth.scope as Record<string, string>)[scope.replace(':', '_')] ?? scope;
