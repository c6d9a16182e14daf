// `npm test`: lint and typecheck, build the web app and the server, then every test layer in
// one vitest run (unit, API on PGlite and PostgreSQL, hub, browser). Ends with
// one line "N passed, N failed" so a run that executed nothing is visible.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => `${root}node_modules/.bin/${name}`;
const run = (label, command, args) => {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  return result.status === 0;
};

const extra = process.argv.slice(2);
let ok = run('dependency check', process.execPath, ['scripts/check-deps.mjs']);
ok = run('lint', bin('eslint'), ['.', '--max-warnings', '0']) && ok;
for (const project of ['packages/shared', 'packages/server', 'packages/web', 'e2e', '.']) {
  ok = run(`typecheck ${project}`, bin('tsc'), ['-p', project]) && ok;
}
ok = run('build web app', 'npm', ['run', 'build', '-w', '@vbc/web']) && ok;
ok = run('build server', 'node', ['scripts/build-server.mjs']) && ok;

const results = `${root}.vitest-results/results.json`;
rmSync(results, { force: true });
mkdirSync(`${root}.vitest-results`, { recursive: true });
ok = run('tests', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}`, ...extra]) && ok;

let passed = 0;
let failed = 0;
try {
  const report = JSON.parse(readFileSync(results, 'utf8'));
  passed = report.numPassedTests;
  // A suite that failed to load has no tests of its own: count it as a failure.
  const brokenSuites = report.testResults.filter((s) => s.status === 'failed' && s.assertionResults.length === 0).length;
  failed = report.numFailedTests + brokenSuites;
} catch {
  failed += 1;
}
if (!ok && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
