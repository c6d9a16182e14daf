// Server dependency rules (issue 25): `npm run lint:deps -w @vbc/server`.
// The web app's rules live in the root .dependency-cruiser.cjs; these cover packages/server/src only.

/** The platform every domain stands on (db, http, plugins, errors, config, logging…): any domain may import it directly. */
const PLATFORM = '^src/platform/';
const TESTS = '(^src/test/|\\.test\\.ts$)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle between modules: one of them should not know the other (use a hook or move the shared part).',
      from: { pathNot: TESTS },
      to: { circular: true, viaOnly: { pathNot: TESTS } },
    },
    {
      name: 'no-circular-folders',
      severity: 'error',
      comment: 'A cycle between folders of src/: a domain that uses another must not be used by it (or anything it reaches).',
      scope: 'folder',
      from: { pathNot: TESTS },
      to: { circular: true },
    },
    {
      name: 'no-import-of-composition-root',
      severity: 'error',
      comment: 'app.ts and main.ts build and run the app; nothing in a folder of src/ imports them.',
      from: { path: '^src/[^/]+/', pathNot: TESTS },
      to: { path: '^src/(app|main)\\.ts$' },
    },
    {
      name: 'platform-imports-no-domain',
      severity: 'error',
      comment:
        'The platform sits beneath the domains: nothing in src/platform/ imports a domain (hooks and decorators carry what a domain adds).',
      from: { path: PLATFORM, pathNot: TESTS },
      to: { path: '^src/', pathNot: [PLATFORM, TESTS] },
    },
    {
      name: 'domain-through-index',
      severity: 'error',
      comment: 'A domain uses another domain only through its public surface, <domain>/index.ts (the platform excepted).',
      from: { path: '^src/([^/]+)/', pathNot: [PLATFORM, TESTS] },
      to: {
        path: '^src/([^/]+)/',
        pathNot: ['^src/$1/', '^src/[^/]+/index\\.ts$', PLATFORM],
      },
    },
    {
      name: 'no-test-code-in-product',
      severity: 'error',
      comment: 'Product code never imports test helpers, test files or benches.',
      from: { path: '^src/', pathNot: TESTS },
      to: { path: [TESTS, '(^|/)bench/', '^\\.\\./\\.\\./scripts/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Test files are left out of the cruise: their imports of src/test/ would otherwise make every
    // folder they sit in look circular. Test helpers (src/test/) stay in, so no-test-code-in-product sees them.
    exclude: { path: ['node_modules', '\\.d\\.ts$', '\\.test\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: false,
  },
};
