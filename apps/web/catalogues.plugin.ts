/**
 * Compiles the text catalogues at build time (decision 042): an import of
 * `packages/shared/src/locales/<locale>/<part>.json` (a flat object of ICU MessageFormat
 * strings) yields the same keys with each message compiled for @lingui/core,
 * so the app ships no message parser. A message that does not parse fails the
 * build (and the web tests, whose Vitest project uses this plugin too).
 */
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const CATALOGUE = /[\\/]src[\\/]locales[\\/][^\\/]+[\\/][^\\/]+\.json$/;

function compileCatalogue(source: string, file = 'catalogue'): Record<string, unknown> {
  const messages = JSON.parse(source) as Record<string, unknown>;
  const compiled: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(messages)) {
    if (typeof message !== 'string') throw new Error(`${file}: ${key} is not a string`);
    try {
      compiled[key] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(`${file}: ${key} is not valid ICU MessageFormat: ${(error as Error).message}`, { cause: error });
    }
  }
  return compiled;
}

export function compiledCatalogues(): Plugin {
  return {
    name: 'pinboard:compiled-catalogues',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!CATALOGUE.test(file)) return null;
      // Still JSON: Vite's own JSON plugin turns it into a module afterwards.
      return { code: JSON.stringify(compileCatalogue(code, file)), map: null };
    },
  };
}
