import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

// The layer boundaries of ARCHITECTURE.md §2, as lint errors (tsconfig projects check them too).
const noImport = (patterns, message) => ['error', { patterns: [{ group: patterns, message }] }];

// src/web/features/<feature>/ is one feature's slice: features never import each other, and the
// shared layers (ui, lib, play) never import a feature; only app/ and main.tsx compose features (router,
// root reducer). A relative import is resolved, so `../x/y` and `../../features/x/y` are both seen.
const FEATURES = path.join(import.meta.dirname, 'src', 'web', 'features') + path.sep;
const featureOf = (file) => (file.startsWith(FEATURES) ? file.slice(FEATURES.length).split(path.sep)[0] : null);
const featureBoundary = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      cross:
        'Features do not import each other ({{from}} → {{to}}): move the shared piece to web/ui, web/lib or web/play, or let app/ compose them.',
    },
  },
  create(context) {
    const file = context.filename;
    const from = featureOf(file) ?? 'shared';
    const check = (node) => {
      const spec = node?.type === 'Literal' && typeof node.value === 'string' ? node.value : null;
      if (!spec?.startsWith('.')) return;
      const to = featureOf(path.resolve(path.dirname(file), spec));
      if (to && to !== from) context.report({ node, messageId: 'cross', data: { from, to } });
    };
    return {
      ImportDeclaration: (n) => check(n.source),
      ExportNamedDeclaration: (n) => check(n.source),
      ExportAllDeclaration: (n) => check(n.source),
      ImportExpression: (n) => check(n.source),
    };
  },
};

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
    files: ['src/web/**/*.{ts,tsx}', 'sw/**/*.ts', 'src/offline/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The classic hook rules; the React Compiler rules of v7's preset are not adopted here.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The page and the worker share only src/core (names and shapes) and src/offline (the outbox).
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': noImport(
        ['**/server/**', '**/sw/**', 'node:*'],
        'web never imports server or service-worker code (shared outbox: src/core/offline, src/offline).',
      ),
    },
  },
  {
    files: ['sw/**/*.ts'],
    rules: {
      'no-restricted-imports': noImport(
        ['**/server/**', '**/web/**', 'node:*'],
        'sw never imports server or page code (shared outbox: src/core/offline, src/offline).',
      ),
    },
  },
  {
    files: ['src/offline/**/*.ts'],
    rules: {
      'no-restricted-imports': noImport(
        ['**/web/**', '**/server/**', '**/sw/**', 'node:*', 'react', 'react-dom'],
        'src/offline runs in the page and the worker: it imports src/core and idb only.',
      ),
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/app/**', 'src/web/main.tsx', '**/*.test.{ts,tsx}'],
    plugins: { web: { rules: { 'feature-boundary': featureBoundary } } },
    rules: { 'web/feature-boundary': 'error' },
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
