import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import regexp from 'eslint-plugin-regexp';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/.artifacts/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Patterns meet outside input (pages we fetch, user text, headers): none may backtrack
    // or move super-linearly, so no input can hold the event loop (decision 018).
    files: ['apps/*/src/**/*.{ts,tsx,mjs}', 'packages/*/src/**/*.ts', 'scripts/**/*.{mjs,ts}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': ['error', { ignoreSticky: false, ignorePartial: false }],
      'regexp/no-misleading-capturing-group': 'error',
    },
  },
  {
    // Modules with walls (decision 027): a server module reaches another only through its index.ts, never its repo or other files.
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^./][^/]*/.*\\.repo$',
              message: "Another module's repo is its own: use what its index.ts exports (its service, policy or lookups).",
            },
            {
              regex: '^\\.\\./[^./][^/]*/(?!.*\\.repo$)',
              message: 'Import another module through its index.ts (`../<module>`), not its files.',
            },
          ],
        },
      ],
    },
  },
);
