// One lint config for the whole workspace. The import restrictions keep the dependency direction
// that style.md asks for: shared/ imports neither side, and the kiosk never imports admin code.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
            { group: ['@courtreplay/sync-server*', '@courtreplay/pwa*', '**/sync-server/**', '**/pwa/**'], message: 'shared/ is the domain: it imports neither side.' },
            { group: ['node:*', 'fs', 'path', 'http', 'crypto'], message: 'shared/ is pure: no I/O, no Node built-ins.' },
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
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@courtreplay/sync-server*', '**/sync-server/**'], message: 'The PWA talks to the server over HTTP only.' }] },
      ],
    },
  },
  {
    files: ['pwa/src/kiosk/**/*.{ts,tsx}', 'pwa/src/payment/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/admin/**', '../admin', '../../admin'], message: 'The kiosk never downloads admin code: keep admin imports out of kiosk modules.' },
            { group: ['@courtreplay/sync-server*', '**/sync-server/**'], message: 'The PWA talks to the server over HTTP only.' },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.{js,mjs,ts}', 'e2e/**/*.ts', '**/*.test.ts', '**/bench/**'],
    rules: { 'no-console': 'off' },
  },
);
