// `brainbench test --coverage` as a user runs it, the real CLI in a child process on a folder of
// omw tests with a Rhai, a JS and a Python brain (docs/debugging.md#which-lines-ran): the LCOV file
// it writes is read by a real LCOV parser from npm, and each line's count is the hand count of
// the brain (a loop body entered three times, a branch never taken at 0); stderr sums each brain
// up with the lines its tests never reach.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import lcovParser from '@friedemannsommer/lcov-parser/sync';
import { fixtureDir } from '../config/fixture-dir.ts';

const BRAINBENCH = join(process.cwd(), 'bin/brainbench.mjs');

const BRAINS = {
  rhai: `let total = 0;
for i in 0..3 {
    total += i;
}
if total > 100 {
    total = 0;
}
total
`,
  js: `let total = 0;
for (let i = 0; i < 3; i++) {
  total += i;
}
if (total > 100) {
  total = 0;
}
total;
`,
  python: `total = 0
for i in range(3):
    total += i

if total > 100:
    total = 0

total
`,
};

// A Python brain's value is its last line only when the whole brain is one expression: it completes.

/** By hand: line → times execution enters it. Python's `for` line is entered again before each turn and at the end. */
const HAND_COUNTS: Record<keyof typeof BRAINS, [number, number][]> = {
  rhai: [
    [1, 1],
    [2, 1],
    [3, 3],
    [5, 1],
    [6, 0],
    [8, 1],
  ],
  js: [
    [1, 1],
    [2, 1],
    [3, 3],
    [5, 1],
    [6, 0],
    [8, 1],
  ],
  python: [
    [1, 1],
    [2, 4],
    [3, 3],
    [5, 1],
    [6, 0],
    [8, 1],
  ],
};
const EXTENSIONS = { rhai: 'rhai', js: 'js', python: 'py' } as const;

const testConfig = (kind: keyof typeof BRAINS) =>
  `[runtime.r]\nkind = "${kind}"\n\n[agents.a]\nruntime = "r"\nscript = "brain.${EXTENSIONS[kind]}"\n\n[assertions.a]\noutcome = ${kind === 'python' ? '"completed"' : '{ exited = "3" }'}\n`;

test('brainbench test --coverage counts each brain line as a hand count does, in LCOV a parser reads', () => {
  const files: Record<string, string> = {};
  for (const kind of ['rhai', 'js', 'python'] as const) {
    files[`${kind}/omw.test.toml`] = testConfig(kind);
    files[`${kind}/brain.${EXTENSIONS[kind]}`] = BRAINS[kind];
  }
  const dir = fixtureDir(files);
  const cli = spawnSync(process.execPath, [BRAINBENCH, 'test', '--coverage', '--all', '-j', '1'], {
    encoding: 'utf8',
    cwd: dir,
    env: { ...process.env, NO_COLOR: '1' },
  });
  assert.equal(cli.status, 0, cli.stdout + cli.stderr);
  const lcovFile = join(dir, 'coverage/lcov.info');
  assert.ok(existsSync(lcovFile), 'coverage/lcov.info is written');
  const sections = lcovParser({ from: readFileSync(lcovFile, 'utf8') });
  assert.equal(sections.length, 3);
  for (const kind of ['rhai', 'js', 'python'] as const) {
    const brain = join(dir, kind, `brain.${EXTENSIONS[kind]}`);
    const section = sections.find((s) => s.path === brain);
    assert.ok(section, `a record for ${brain}`);
    assert.deepEqual(
      section.lines.details.map((d) => [d.line, d.hit]),
      HAND_COUNTS[kind],
      `${kind} line counts`,
    );
    assert.equal(section.lines.instrumented, 6);
    assert.equal(section.lines.hit, 5);
    assert.match(
      cli.stderr,
      new RegExp(`coverage: ${kind}/brain\\.${EXTENSIONS[kind]}: 5 of 6 lines \\(83%\\); never reached: line 6`),
    );
  }
});

test('eval text is not a file: --coverage writes records for the brain and its module only', () => {
  const dir = fixtureDir({
    'omw.test.toml': testConfig('rhai'),
    'brain.rhai': 'import "helpers" as h;\nlet x = eval("let y = 1;\\ny + 1");\nh::twice(x) - 1\n',
    'helpers.rhai': 'fn twice(v) {\n    v * 2\n}\n',
  });
  const cli = spawnSync(process.execPath, [BRAINBENCH, 'test', '--coverage', '--all', '-j', '1'], {
    encoding: 'utf8',
    cwd: dir,
    env: { ...process.env, NO_COLOR: '1' },
  });
  assert.equal(cli.status, 0, cli.stdout + cli.stderr);
  const sections = lcovParser({ from: readFileSync(join(dir, 'coverage/lcov.info'), 'utf8') });
  assert.deepEqual(sections.map((s) => s.path).sort(), [join(dir, 'brain.rhai'), join(dir, 'helpers.rhai')]);
  assert.doesNotMatch(cli.stderr, /<eval>/);
});
