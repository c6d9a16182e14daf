// Server dependency rules (issue 25): `npm run lint:deps -w @vbc/server`.
// The web app's rules live in the root .dependency-cruiser.cjs; these cover packages/server/src only.

/** Cross-cutting folders and files any domain may import directly: the app's platform. */
const PLATFORM = [
  'db',
  'http',
  'plugins',
  'errors',
  'crypto',
  'rate-limit',
  'guards',
  'backplane',
  'redis',
  'notify',
  'metrics',
  'health',
  'config',
  'logging',
  'paths',
];
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
      // dependency-cruiser's folder scope does not relate src/ to the folders inside it, so the
      // files at the root of src/ get rules of their own: the composition root is imported by no
      // folder, and the other root files (config, logger, paths…) sit below every folder.
      name: 'no-import-of-composition-root',
      severity: 'error',
      comment: 'app.ts and main.ts build and run the app; nothing in a folder of src/ imports them.',
      from: { path: '^src/[^/]+/', pathNot: TESTS },
      to: { path: '^src/(app|main)\\.ts$' },
    },
    {
      name: 'root-files-below-folders',
      severity: 'error',
      comment: 'config.ts, logger.ts, paths.ts… are imported by folders, so they import no folder (but notify/, see the next rule).',
      from: { path: '^src/[^/]+\\.ts$', pathNot: ['^src/(app|main)\\.ts$', TESTS] },
      to: { path: '^src/[^/]+/', pathNot: '^src/notify/' },
    },
    {
      name: 'root-imported-folders-reach-no-root-file',
      severity: 'error',
      comment: 'config.ts checks the code channels with notify/channels.ts, so nothing in notify/ may lead back to a root file.',
      from: { path: '^src/notify/', pathNot: TESTS },
      to: { path: '^src/[^/]+\\.ts$', reachable: true },
    },
    {
      name: 'domain-through-index',
      severity: 'error',
      comment: 'A domain uses another domain only through its public surface, <domain>/index.ts (platform folders excepted).',
      from: { path: '^src/([^/]+)/', pathNot: TESTS },
      to: {
        path: '^src/([^/]+)/',
        pathNot: [`^src/$1/`, '^src/[^/]+/index\\.ts$', `^src/(${PLATFORM.join('|')})/`],
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
