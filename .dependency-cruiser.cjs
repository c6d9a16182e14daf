// Import rules (dependency-cruiser 17), checked by `npm run lint` and `npm test` through the
// `lint:imports` script of package.json, which names the folders cruised. Each rule is scoped by
// path to one workspace (`^packages/web/src/`): a workspace's rules are a list of their own,
// spread into `forbidden` below, so the server's can be appended the same way (add its folder to
// `lint:imports` too). See a rule's failure in full: `npm run lint:imports`.

/** The web app's source, as depcruise names its modules (paths from the repository root). */
const WEB = '^packages/web/src/';

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const webRules = [
  {
    name: 'web-no-folder-cycle',
    comment:
      'Folders of packages/web/src depend on each other one way (docs/architecture.md, "The layers"): ' +
      'a folder that imports another is never imported back by it, directly or through others.',
    severity: 'error',
    scope: 'folder',
    from: { path: WEB },
    to: { path: WEB, circular: true },
  },
  {
    name: 'web-no-module-cycle',
    comment: 'No module of packages/web/src imports itself back through others.',
    severity: 'error',
    from: { path: WEB },
    to: { path: WEB, circular: true },
  },
  {
    name: 'web-hosts-not-screens',
    comment:
      'realtime/ and session/ run beneath every screen (mounted with the app): they never import a screen. ' +
      'What a screen and they share lives in a module below both (messaging/, components/, api/).',
    severity: 'error',
    from: { path: `${WEB}(realtime|session)/` },
    to: { path: `${WEB}screens/` },
  },
  {
    name: 'web-no-test-imports',
    comment: 'App code never imports a test or test helper (*.test.ts(x), test/): they are not shipped.',
    severity: 'error',
    from: { path: WEB, pathNot: ['\\.test\\.tsx?$', `${WEB}test/`] },
    to: { path: ['\\.test\\.tsx?$', `${WEB}test/`] },
  },
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [...webRules],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a cycle through types is still a cycle for the reader.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
