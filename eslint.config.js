import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
