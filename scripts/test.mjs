// `npm test`: lint and typecheck, build the web app and the server, then every test layer in
// one vitest run (unit, API on PGlite and PostgreSQL, hub, browser). Ends with
// one line "N passed, N failed" so a run that executed nothing is visible.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => `${root}node_modules/.bin/${name}`;
const run = (label, command, args) => {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  return result.status === 0;
};

/** Runs the checks two at a time (the machine's two cores), each one's output printed whole when it ends. */
async function runChecks(checks, parallel = 2) {
  const queue = [...checks];
  let allOk = true;
  const worker = async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      const [label, command, args] = check;
      const child = spawn(command, args, { cwd: root, env: process.env });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      const status = await new Promise((resolve) => child.on('close', resolve));
      console.log(`\n▶ ${label}${status === 0 ? '' : ' (FAILED)'}\n${output.trimEnd()}`);
      allOk = status === 0 && allOk;
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return allOk;
}

const extra = process.argv.slice(2);
// The builds first: the web app's is the longest, and the journeys need both.
let ok = await runChecks([
  ['build web app', 'npm', ['run', 'build', '-w', '@vbc/web']],
  ['build server', 'node', ['scripts/build-server.mjs']],
  ['dependency check', process.execPath, ['scripts/check-deps.mjs']],
  // The paths it covers are the lint:imports script's (package.json), named once.
  ['import rules', 'npm', ['run', '-s', 'lint:imports']],
  ['format', bin('prettier'), ['--check', '.', '--log-level', 'warn']],
  ['lint', bin('eslint'), ['.', '--max-warnings', '0']],
  ...['packages/shared', 'packages/server', 'packages/web', 'packages/web/src/sw', 'e2e', '.'].map((project) => [
    `typecheck ${project}`,
    bin('tsc'),
    ['-p', project],
  ]),
]);

const results = `${root}.vitest-results/results.json`;
rmSync(results, { force: true });
mkdirSync(`${root}.vitest-results`, { recursive: true });
ok = run('tests', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}`, ...extra]) && ok;

let passed = 0;
let failed = 0;
let report;
try {
  report = JSON.parse(readFileSync(results, 'utf8'));
  passed = report.numPassedTests;
  // A suite that failed to load has no tests of its own: count it as a failure.
  const brokenSuites = report.testResults.filter((s) => s.status === 'failed' && s.assertionResults.length === 0).length;
  failed = report.numFailedTests + brokenSuites;
} catch {
  failed += 1;
}
// A test that passed on its retry, with what its first try failed with (the default reporter
// shows only "retry x1"), so a flaky journey in a CI log can be diagnosed. Reporting only.
for (const suite of Array.isArray(report?.testResults) ? report.testResults : []) {
  for (const test of Array.isArray(suite.assertionResults) ? suite.assertionResults : []) {
    const [first] = test.status === 'passed' ? (test.failureMessages ?? []) : [];
    if (typeof first === 'string')
      console.log(`\nPassed on retry: ${test.fullName}\n  first try: ${first.split('\n').slice(0, 4).join('\n  ')}`);
  }
}
if (!ok && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
