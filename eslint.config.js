import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// The layer boundaries of ARCHITECTURE.md §2, as lint errors (tsconfig projects check them too).
const noImport = (patterns, message) => ['error', { patterns: [{ group: patterns, message }] }];

export default tseslint.config(
  { ignores: ['dist', 'build', 'coverage', '.tmp', 'node_modules', 'test-results', 'playwright-report', 'dev-dist'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': noImport(
        ['**/web/**', '**/server/**', '**/sw/**', 'node:*', 'react', 'react-dom'],
        'src/core is pure: it imports nothing from web, server, sw, Node or React.',
      ),
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'sw/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The classic hook rules; the React Compiler rules of v7's preset are not adopted here.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': noImport(['**/server/**', 'node:*'], 'web and sw never import server code.'),
    },
  },
  {
    // Playwright page.evaluate callbacks run in the browser.
    files: ['tests/**/*.{ts,mjs}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': noImport(['**/web/**', '**/sw/**'], 'server never imports web or sw code.'),
    },
  },
  {
    // Domain modules hold the rules and the SQL; the transport (http/) calls them, never the reverse.
    files: ['src/server/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**', '**/sw/**'], message: 'server never imports web or sw code.' },
            {
              group: ['**/http/**', '**/http'],
              message: 'domain never imports http/: errors come from src/server/errors.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Action handlers are thin: they call domain services, which hold the SQL (their tests may query).
    files: ['src/server/actions/**/*.ts'],
    ignores: ['src/server/actions/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**', '**/sw/**'], message: 'server never imports web or sw code.' },
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'actions hold no SQL: put the query in a domain module.',
            },
          ],
          paths: [
            {
              name: '../db/client',
              importNames: ['sql'],
              message: 'actions hold no SQL: put the query in a domain module.',
            },
          ],
        },
      ],
    },
  },
);
