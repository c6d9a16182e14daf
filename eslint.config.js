// Lint rules for every workspace. `any` is an error (STYLE.md).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'data/**', '**/drizzle/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Every word the web app shows comes from the catalogues (issue 31, packages/web/src/i18n/README.md):
    // a text written into JSX (`<Button>Save</Button>`, `label="Name"`) anywhere in the app fails lint.
    files: ['packages/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'packages/web/src/test/**'],
    plugins: { i18next },
    rules: {
      // JSX text, and the attributes a person reads or hears; no other string (class names, routes, test ids).
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: ['label', 'title', 'aria-label', 'placeholder', 'alt', 'helperText', 'text', 'primary', 'secondary'],
          },
          // Options and calls inside JSX that are not words: input types, autocomplete tokens, link targets, form fields.
          'object-properties': { exclude: ['[A-Z_-]+', 'type', 'autoComplete', 'inputMode', 'target', 'rel', 'dir', 'multiline'] },
          callees: {
            exclude: [
              'i18n(ext)?',
              't',
              'require',
              'register',
              'text',
              'emitClientEvent',
              'navigate',
              'includes',
              'startsWith',
              'endsWith',
            ],
          },
          message: 'Words on screen come from the catalogues: t(…) (packages/web/src/i18n/README.md)',
        },
      ],
    },
  },
);
