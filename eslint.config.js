import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import boundaries from './tools/eslint-boundaries.js';

const FORMAT_RULE =
  'Format numbers, money and dates with the contract formatter (formatNumber, formatMoney, formatWeight, formatDate, ' +
  "formatTime … from @portal/contract; zonedClock for a time zone's clock), never toLocale*String or Intl.*Format.";

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      'apps/api/src/db/migrations/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      '.test-results/**',
      'data/**',
      '**/*.tmp.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Numbers, money and dates are formatted by the contract's formatter alone (packages/contract/src/common/format.ts
    // over intl-formats.ts): the same "8 316 ₸" on the customer's pages, the staff screens and in every notification,
    // and Kazakh that never depends on the runtime's locale data ("2026 M11 5"). ADR 071.
    files: ['**/*.{ts,tsx,js,mjs}'],
    // The formatter's own test holds it to what ICU prints.
    ignores: ['packages/contract/src/common/{format,intl-formats}.ts', 'packages/contract/test/format.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
          message: FORMAT_RULE,
        },
        {
          selector: "MemberExpression[object.name='Intl'][property.name=/Format$/]",
          message: FORMAT_RULE,
        },
        {
          selector: "MemberExpression[property.name='Intl']",
          message: FORMAT_RULE,
        },
      ],
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/intl-formats', '**/intl-formats.ts'], message: FORMAT_RULE }] }],
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { boundaries },
    rules: { 'boundaries/no-cross-feature': 'error' },
  },
  {
    files: ['apps/api/src/modules/**/*.ts'],
    plugins: { boundaries },
    rules: { 'boundaries/no-foreign-table-writes': 'error' },
  },
  {
    // Tests may assemble the whole app around the code they test.
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/api/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { boundaries },
    rules: { 'boundaries/no-upward-import': 'error' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
