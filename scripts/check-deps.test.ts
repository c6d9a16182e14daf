import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./check-deps.mjs', import.meta.url));
let dir = '';

/** A small monorepo: `files` maps a path to its text (objects are written as JSON). */
function repo(files: Record<string, string | object>): string {
  dir = mkdtempSync(join(tmpdir(), 'check-deps-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return dir;
}
const check = (root: string) => spawnSync(process.execPath, [script, '--root', root], { encoding: 'utf8' });

const base = {
  'package.json': { name: 'mono', workspaces: ['packages/app'], devDependencies: { vitest: '1' }, scripts: { lint: 'eslint .' } },
  'node_modules/ui-kit/package.json': { name: 'ui-kit', peerDependencies: { 'style-engine': '1' } },
  'node_modules/bundler/package.json': { name: 'bundler', bin: { bundle: 'cli.js' } },
  'packages/app/src/main.ts':
    "import { x } from 'ui-kit';\nimport type { Y } from 'typed-lib/sub';\nimport { readFileSync } from 'node:fs';\nimport { it } from 'vitest';\n",
  'packages/app/vite.config.ts': "export default { test: { environment: 'dom-sim' } };\n",
};
const app = { name: '@m/app', scripts: { build: 'bundle src' } };

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('check-deps', () => {
  it('passes when every import is declared and every declaration is used (imports, @types, bins, config strings, peers, the root toolchain)', () => {
    const root = repo({
      ...base,
      'packages/app/package.json': {
        ...app,
        dependencies: { 'ui-kit': '1', 'style-engine': '1', 'typed-lib': '1' },
        devDependencies: { '@types/node': '1', '@types/typed-lib': '1', bundler: '1', 'dom-sim': '1' },
      },
    });
    const result = check(root);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('fails on a package imported but declared only elsewhere (hoisting), and on one declared but never used', () => {
    const root = repo({
      ...base,
      'packages/app/package.json': {
        ...app,
        dependencies: { 'ui-kit': '1', 'style-engine': '1', 'left-over': '1' },
        devDependencies: { '@types/node': '1', bundler: '1', 'dom-sim': '1' },
      },
    });
    const result = check(root);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('packages/app/package.json: "typed-lib" is imported (packages/app/src/main.ts) but not declared');
    expect(result.stderr).toContain('packages/app/package.json: "left-over" is declared but nothing imports or runs it');
    expect(result.stderr).toContain('2 problem(s)');
  });
});
