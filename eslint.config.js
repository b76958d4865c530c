// One lint config for the whole workspace. The import restrictions keep the dependency direction
// that docs/contributing.md describes (shared/ imports neither side, routes do not reach for concrete adapters,
// services know nothing of HTTP, the kiosk never imports admin code); scripts/lint-guard-rails.test.ts
// proves each one fires.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const PWA_TALKS_HTTP = {
  group: ['@courtreplay/sync-server*', '**/sync-server/**'],
  message: 'The PWA talks to the server over HTTP only.',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'error',
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@courtreplay/sync-server*', '@courtreplay/pwa*', '**/sync-server/**', '**/pwa/**', '../../*'],
              message: 'shared/ is the domain: it imports neither side, nor anything outside shared/.',
            },
            { group: ['node:*', 'fs', 'path', 'http', 'crypto'], message: 'shared/ is pure: no I/O, no Node built-ins.' },
          ],
        },
      ],
    },
  },
  {
    files: ['sync-server/src/**/*routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // magic-bytes.ts is a pure file-type check the CMS upload shares, not an adapter.
              group: ['**/adapters/*', '!**/adapters/ports.ts', '!**/adapters/magic-bytes.ts'],
              message: 'Routes talk to adapters through ports.ts; an embedded adapter mounts its own routes (routes()).',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'sync-server/src/**/service.ts',
      'sync-server/src/**/queries.ts',
      'sync-server/src/purchases/**/*.ts',
      'sync-server/src/delivery/**/*.ts',
      'sync-server/src/payments/**/*.ts',
      'sync-server/src/storage/**/*.ts',
      'sync-server/src/config-entries/**/*.ts',
      'sync-server/src/adapters/**/*.ts',
    ],
    ignores: ['**/*routes.ts', '**/*.test.ts', '**/storage/share-page.ts', '**/storage/body-stream.ts', '**/storage/send-file.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/http/*'], message: 'Services and adapters know nothing of HTTP: throw DomainError (errors.ts); app.ts maps it.' },
          ],
        },
      ],
    },
  },
  {
    // Adapters speak to the outside world behind ports.ts and know no feature: app.ts mounts the
    // pages of an embedded adapter, adapters-setup.ts wires them to the delivery. (Test helpers and
    // the imitations under adapters/testing/ may drive the whole app.)
    files: ['sync-server/src/adapters/**/*.ts'],
    ignores: ['**/*.test.ts', 'sync-server/src/adapters/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/http/*'], message: 'Services and adapters know nothing of HTTP: throw DomainError (errors.ts); app.ts maps it.' },
            {
              // Allowed below the features: the database (the simulator's orders, the install secret), the
              // integration health they report to, and two pure helpers.
              group: ['../*/**', '!../db/**', '!../integrations/health.ts', '!../mail/redact.ts'],
              message: 'Adapters import no feature code: app.ts mounts their pages and adapters-setup.ts wires them.',
            },
            {
              group: ['../app.ts', '../main.ts', '../adapters-setup.ts'],
              message: 'Adapters import no feature code: app.ts mounts their pages and adapters-setup.ts wires them.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['pwa/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [PWA_TALKS_HTTP] }],
    },
  },
  {
    files: [
      'pwa/src/kiosk/**/*.{ts,tsx}',
      'pwa/src/payment/**/*.{ts,tsx}',
      'pwa/src/lib/**/*.{ts,tsx}',
      'pwa/src/offline/**/*.{ts,tsx}',
      'pwa/src/outbox/**/*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/admin/**', '**/admin', '../admin', '../../admin'],
              message: 'The kiosk never downloads admin code: keep admin imports out of kiosk modules.',
            },
            PWA_TALKS_HTTP,
          ],
        },
      ],
    },
  },
  {
    // Unit tests of kiosk flows drive them against the in-process server: they may
    // use the server's test helpers, which the PWA itself never imports.
    files: ['pwa/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['@courtreplay/sync-server', '@courtreplay/sync-server/app'].map((name) => ({ name, message: PWA_TALKS_HTTP.message })),
          patterns: [
            {
              group: ['**/admin/**', '**/admin', '../admin', '../../admin'],
              message: 'The kiosk never downloads admin code: keep admin imports out of kiosk modules.',
            },
            { ...PWA_TALKS_HTTP, group: ['../**/sync-server/**'] },
          ],
        },
      ],
    },
  },
  {
    // The recorder runs on the venue's PC and reaches the server over HTTP only (its tests may
    // start the real server through its test helpers). The kiosk's storage uploaders are plain
    // fetch code that it shares: it sends marked clips to the venue's storage the kiosk's way.
    files: ['recorder/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@courtreplay/sync-server*', '@courtreplay/pwa*', '**/sync-server/**'],
              message: 'The recorder talks to the server over HTTP only.',
            },
            {
              regex: '(^|/)pwa/(?!src/lib/([a-z]+-upload|put-with-retry)\\.ts$)',
              message: 'The recorder talks to the server over HTTP only.',
            },
          ],
        },
      ],
    },
  },
  {
    // The checkout's shell only wires the table (checkout-table.ts) to its effects (checkout-effects.ts,
    // each a named function with its own test): no closure there grows back into the flow itself.
    files: ['pwa/src/kiosk/checkout/checkout-machine.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 120 }] },
  },
  {
    // Promises: none forgotten, none handed to a place that ignores them (type-checked rules).
    files: ['shared/src/**/*.ts', 'sync-server/src/**/*.ts', 'pwa/src/**/*.{ts,tsx}', 'e2e/**/*.ts', 'recorder/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['scripts/**/*.{js,mjs,ts}', 'e2e/**/*.ts', '**/*.test.ts', '**/bench/**', 'recorder/demo/**'],
    rules: { 'no-console': 'off' },
  },
);
