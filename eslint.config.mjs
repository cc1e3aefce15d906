// ESLint (flat config): JavaScript's and typescript-eslint's recommended rules everywhere, React's
// rules of hooks on the client, and on browser code a check that every API used exists in the
// Chromium-80-class browsers of township offices (eslint-plugin-compat). Prettier formats; ESLint
// does not style. `npm run lint` runs both checks after scripts/check-docs.mjs; CI runs it.
import js from '@eslint/js';
import compat from 'eslint-plugin-compat';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['node_modules/', 'dist/', 'data/', 'src/.umi*/', 'server/db/migrations/', 'tests/fixtures/', 'screenshots/', 'coverage/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // `_name` marks what a signature or a destructuring must name but does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // The sanitisers and the file-name and text checks match control characters on purpose.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'mock/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // What ships to the browser (tests and mocks run in Node's jsdom, not in an office's browser).
    files: ['src/**/*.{ts,tsx}', 'common/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { compat },
    settings: { browsers: ['chrome >= 80'] },
    rules: { 'compat/compat': 'error' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/jest.setup.ts', 'mock/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
    // A test file's `useMockServer()` and the like register jest hooks (beforeAll, afterEach), not
    // React hooks: the rules of hooks are for components.
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['server/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs}', 'tests/**/*.ts', 'config/**/*.ts', '*.{js,mjs,ts}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Tests and load scripts read the API's JSON answers loosely: each assertion names the field it checks.
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // jest's configuration is CommonJS, as its preset (@umijs/max/test) is.
    files: ['*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
