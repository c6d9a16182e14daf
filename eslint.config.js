// Lint rules for every workspace. `any` is an error (STYLE.md).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';

/**
 * Web folders whose words all come from the catalogues (issue 31, packages/web/src/i18n/README.md):
 * a text written into their JSX (`<Button>Save</Button>`, `label="Name"`) fails lint. Add a folder
 * (or file) here once its screen is converted.
 */
const TRANSLATED = [
  'packages/web/src/i18n',
  'packages/web/src/components/NotFound.tsx',
  'packages/web/src/components/card',
  'packages/web/src/screens/Contact/*.tsx',
  'packages/web/src/screens/Contact/parts',
  'packages/web/src/screens/Contact/layouts',
  'packages/web/src/screens/Pet',
  'packages/web/src/screens/NotFound',
  'packages/web/src/dialogs/auth',
  'packages/web/src/dialogs/exchange',
  'packages/web/src/dialogs/pin',
  'packages/web/src/dialogs/wallet',
  'packages/web/src/dialogs/ContactShareDialog.tsx',
  'packages/web/src/dialogs/PetShareDialog.tsx',
  'packages/web/src/dialogs/ShareLinkDialog.tsx',
  'packages/web/src/dialogs/VCardQrDialog.tsx',
  'packages/web/src/dialogs/QrCodeDialog.tsx',
  'packages/web/src/dialogs/CorporateProfileDialog.tsx',
  'packages/web/src/components/WalletMenuButton.tsx',
  'packages/web/src/components/EmptyState.tsx',
  'packages/web/src/dialogs/ErrorDialog.tsx',
  'packages/web/src/screens/Settings/LanguageSetting.tsx',
  // The signed-in app (issue 31, second web helper).
  'packages/web/src/AppShell.tsx',
  'packages/web/src/components/BottomNav.tsx',
  'packages/web/src/components/MenuButton.tsx',
  'packages/web/src/components/LoadingScreen.tsx',
  'packages/web/src/components/RouteError.tsx',
  'packages/web/src/components/InvitationsBanner.tsx',
  'packages/web/src/components/NoticeSnackbar.tsx',
  'packages/web/src/components/charts/**',
  'packages/web/src/components/editor/**',
  'packages/web/src/dialogs/AppMenu.tsx',
  'packages/web/src/dialogs/AnnouncementDialog.tsx',
  'packages/web/src/dialogs/PromptDialog.tsx',
  'packages/web/src/dialogs/send-message/**',
  'packages/web/src/dialogs/scanner/**',
  'packages/web/src/messaging/**',
  'packages/web/src/screens/Messages/**',
  'packages/web/src/screens/ContactEdit/**',
  'packages/web/src/screens/Announcements/**',
  'packages/web/src/screens/Home/**',
  'packages/web/src/screens/Directories/**',
  'packages/web/src/screens/Directory/**',
  'packages/web/src/screens/Others/**',
  'packages/web/src/components/CardListItem.tsx',
  'packages/web/src/components/leads/**',
  'packages/web/src/screens/Leads/**',
  'packages/web/src/screens/PetEdit/**',
  'packages/web/src/components/pet-species.ts',
  // The business console, part 2: people and integrations (issue 31, namespace team).
  'packages/web/src/screens/Console/MembersSection.tsx',
  'packages/web/src/screens/Console/InvitationsSection.tsx',
  'packages/web/src/screens/Console/ImportSection.tsx',
  'packages/web/src/screens/Console/SsoSection.tsx',
  'packages/web/src/screens/Console/ProvisioningSection.tsx',
  'packages/web/src/screens/Console/AuditSection.tsx',
  'packages/web/src/components/webhooks/**',
  'packages/web/src/components/ShownOnce.tsx',
  // Settings and the app (issue 31, settings and the app).
  'packages/web/src/screens/Settings',
  'packages/web/src/screens/Contact/adoption',
  'packages/web/src/dialogs/FollowButton.tsx',
  'packages/web/src/components/image-viewer',
  'packages/web/src/components/qr',
  'packages/web/src/components/ActionButton.tsx',
  'packages/web/src/components/RoundButton.tsx',
  'packages/web/src/components/NoticeHost.tsx',
  'packages/web/src/components/AnnouncementsBadge.tsx',
  'packages/web/src/components/Logo.tsx',
  'packages/web/src/realtime',
  'packages/web/src/push',
  'packages/web/src/pwa',
  'packages/web/src/session',
  'packages/web/src/native',
  // The business console, part 1 (issue 31).
  'packages/web/src/screens/Console/ConsoleScreen.tsx',
  'packages/web/src/screens/Console/ConsoleSection.tsx',
  'packages/web/src/screens/Console/ProfileSection.tsx',
  'packages/web/src/screens/Console/PictureField.tsx',
  'packages/web/src/screens/Console/profile-form.ts',
  'packages/web/src/screens/Console/TemplateSection.tsx',
  'packages/web/src/screens/Console/template-form.ts',
  'packages/web/src/screens/Console/DirectorySection.tsx',
  'packages/web/src/screens/Console/CardsSection.tsx',
  'packages/web/src/screens/Console/AnalyticsSection.tsx',
  'packages/web/src/screens/Console/TeamChart.tsx',
  'packages/web/src/screens/Console/AnnouncementEditor.tsx',
  'packages/web/src/screens/Console/AnnouncementsSection.tsx',
  'packages/web/src/screens/Console/LeadsSection.tsx',
];

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
    files: TRANSLATED.map((path) => (/\.tsx?$/.test(path) || path.endsWith('**') ? path : `${path}/**`)),
    ignores: ['**/*.test.{ts,tsx}'],
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
