// `brainbench explore` with real agent processes: a two-agent workspace with a planted
// order-dependent bug (main takes the first event it receives for its tool's result, when the
// helper's answer is ready at the same time) is explored; the one order that breaks it is found, cut down to one pinned choice and
// saved; the saved schedule reproduces the failure every time, and passes once the bug is fixed.
// The ping-pong and cancel-race examples hold under every order explored. Hostile schedule files
// and options are refused in one line. Runs may take 60 s before they count as a hang: the machine is loaded.

import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { brainbench } from './brainbench-cli.ts';
import { FIXED, MAIN, RACY, racyWorkspace } from './racy-workspace.ts';

const EXAMPLES = join(import.meta.dirname, '../../examples');

test('explore finds the planted race; its saved schedule reproduces it every time until it is fixed', async () => {
  const dir = racyWorkspace();
  const run = await brainbench(['explore', '--timeout', '60', '--save', 'found'], dir);
  assert.equal(run.code, 1, run.stdout + run.stderr);
  assert.match(run.stdout, /^first in, first out:\n {2}helper: exited "helped"\n {2}main: exited "sum 3"\n/);
  assert.match(
    run.stdout,
    /DIFFERS schedule \d+: 1 choice\(s\) from first in, first out:\n {2}main received message "total 10" before tool-result add\n {4}helper: exited "helped"\n {4}main: failed: TypeError/,
  );
  assert.match(
    run.stdout,
    /2 schedule\(s\), every order, in [\d.]+ s: 1 with a different outcome, 0 with the same outcome but other calls\n$/,
  );
  const saved = JSON.parse(readFileSync(join(dir, 'found/schedule-1.json'), 'utf8')) as { decisions: unknown[] };
  assert.equal(saved.decisions.length, 1);

  for (let time = 0; time < 3; time++) {
    const again = await brainbench(['explore', '--timeout', '60', '--schedule', 'found/schedule-1.json'], dir);
    assert.equal(again.code, 1, again.stdout + again.stderr);
    assert.match(again.stdout, /^FAIL found\/schedule-1\.json: 1 pinned choice\(s\)\n/);
    assert.match(again.stdout, /under this schedule:\n {2}helper: exited "helped"\n {2}main: failed: TypeError/);
  }
  writeFileSync(join(dir, 'main.js'), MAIN.replace(RACY, FIXED));
  const fixed = await brainbench(['explore', '--timeout', '60', '--schedule', 'found/schedule-1.json'], dir);
  assert.equal(fixed.code, 0, fixed.stdout + fixed.stderr);
  assert.match(fixed.stdout, /^PASS found\/schedule-1\.json/);
  const clean = await brainbench(['explore', '--timeout', '60'], dir);
  assert.equal(clean.code, 0, clean.stdout + clean.stderr);
  assert.match(
    clean.stdout,
    /2 schedule\(s\), every order, in [\d.]+ s: 0 with a different outcome, 0 with the same outcome but other calls\n$/,
  );
});

test('seeded random orders find the race at the same schedule for the same seed', async () => {
  const dir = racyWorkspace();
  const found = [];
  for (let time = 0; time < 2; time++) {
    const run = await brainbench(
      ['explore', '--timeout', '60', '--strategy', 'random', '--seed', '3', '--runs', '4'],
      dir,
    );
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.match(
      run.stdout,
      /4 schedule\(s\), seeded random orders \(seed 3\), in [\d.]+ s: 1 with a different outcome, 0 with the same outcome but other calls\n$/,
    );
    found.push(/DIFFERS schedule (\d+):/.exec(run.stdout)?.[1]);
  }
  assert.ok(found[0] !== undefined);
  assert.equal(found[0], found[1]);
});

for (const [example, brains] of [
  ['ping-pong', ['ping.js', 'pong.js']],
  ['cancel-race', ['brain.js']],
] as const) {
  test(`the ${example} example holds under the orders explored`, async () => {
    const dir = mkdtempSync(join(tmpdir(), `brainbench-explore-${example}-`));
    for (const brain of brains) cpSync(join(EXAMPLES, example, 'js', brain), join(dir, brain));
    const base = readFileSync(join(EXAMPLES, example, 'omw.test.base.toml'), 'utf8');
    const js = readFileSync(join(EXAMPLES, example, 'js/omw.test.toml'), 'utf8');
    writeFileSync(join(dir, 'omw.toml'), `${js}\n${base}`);
    const run = await brainbench(['explore', '--timeout', '60', '--runs', '12'], dir);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(
      run.stdout,
      /schedule\(s\), .* in [\d.]+ s: 0 with a different outcome, 0 with the same outcome but other calls\n$/,
    );
  });
}

test('an agent that ends otherwise by chance is no order found: no choice made it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-explore-coin-'));
  writeFileSync(
    join(dir, 'omw.toml'),
    '[runtime.js]\nkind = "js"\n[agents.coin]\nruntime = "js"\nscript = "coin.js"\n',
  );
  writeFileSync(join(dir, 'coin.js'), "Math.random() < 0.5 ? 'heads' : 'tails';\n");
  const run = await brainbench(
    ['explore', '--timeout', '60', '--strategy', 'random', '--runs', '12', '--save', 'found'],
    dir,
  );
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.doesNotMatch(run.stdout, /DIFFERS/);
  // 11 runs after the first: each ends otherwise with even odds, so some do (all alike: 1 in 1,024).
  assert.match(
    run.stdout,
    /note: \d+ runs? ended otherwise with no choice made otherwise .*: the agents are not deterministic/,
  );
  assert.match(
    run.stdout,
    /12 schedule\(s\), seeded random orders \(seed 1\), in [\d.]+ s: 0 with a different outcome, 0 with the same outcome but other calls\n$/,
  );
});

test('hostile input: bad schedule files and options are refused in one line', async () => {
  const dir = racyWorkspace();
  const write = (name: string, text: string) => writeFileSync(join(dir, name), text);
  const decision = { agent: 'main', ready: ['a', 'b'], chosen: 1 };
  const schedule = (decisions: unknown[]) =>
    JSON.stringify({ format: 'brainbench-schedule', decisions, expected: {}, found: {} });
  write('garbage.json', '{"format": "brainbench-schedule", ');
  write('range.json', schedule([{ ...decision, chosen: 2 }]));
  write('stranger.json', schedule([{ ...decision, agent: 'stranger' }]));
  write('extra.json', schedule([{ ...decision, run: 'rm -rf /' }]));
  write('proto.json', '{"__proto__": {"polluted": true}, "format": "brainbench-schedule"}');
  write('huge.json', schedule(Array.from({ length: 10_001 }, () => decision)));
  for (const [args, code, message] of [
    [['--schedule', 'garbage.json'], 1, /garbage\.json: .*JSON/],
    [
      ['--schedule', 'range.json'],
      1,
      /range\.json: not a schedule: decisions\.0: chosen is not one of the ready events/,
    ],
    [['--schedule', 'stranger.json'], 1, /stranger\.json: agent .{1,3}stranger.{1,3} is not in the workspace/],
    [['--schedule', 'extra.json'], 1, /extra\.json: not a schedule: decisions\.0: .*[Uu]nrecognized key/],
    [['--schedule', 'proto.json'], 1, /proto\.json: not a schedule: decisions: .*expected array/],
    [['--schedule', 'huge.json'], 1, /huge\.json: not a schedule: decisions: .*10000/],
    [['--schedule', 'missing.json'], 1, /missing\.json: no such file/],
    [['--strategy', 'bogus'], 2, /--strategy: expected every or random, got bogus/],
    [['--runs', '0'], 2, /--runs: expected a number of schedules from 1/],
    [['--settle', '99999'], 2, /--settle: expected milliseconds up to 10000/],
    [['a.toml', 'b.toml'], 2, /explore takes at most one CONFIG/],
  ] as const) {
    const run = await brainbench(['explore', ...args], dir);
    assert.equal(run.code, code, `${args.join(' ')}: ${run.stdout}${run.stderr}`);
    assert.match(run.stderr, message);
    assert.equal(run.stderr.trim().split('\n').length, 1, `one line: ${run.stderr}`);
  }
  assert.equal(({} as { polluted?: boolean }).polluted, undefined);
});

test('an order that changes what an agent does but not how it ends is reported apart and saved as a test', async () => {
  // main writes down which helper answered first, under a key naming it (omw traces memory_set's
  // key, not its value): every order completes, but the calls differ. Which answer arrives first
  // (first in, first out) is the machine's to say: either is the baseline, the other the order found.
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-explore-calls-'));
  writeFileSync(
    join(dir, 'omw.toml'),
    ['main', 'left', 'right'].map((agent) => `[agents.${agent}]\nruntime = "js"\nscript = "${agent}.js"\n`).join('\n') +
      '\n[runtime.js]\nkind = "js"\n',
  );
  // As the racy workspace: the helpers subscribe first, main waits for them before it asks.
  writeFileSync(
    join(dir, 'main.js'),
    `omw.host.subscribeAgent('left');
omw.host.subscribeAgent('right');
omw.host.sleepFor(800);
omw.host.sendAgent('left', 'go');
omw.host.sendAgent('right', 'go');
omw.host.sleepFor(300);
const first = omw.host.recv();
omw.host.memorySet('first-' + first.payload, 'yes');
omw.host.recv();
'done';
`,
  );
  for (const helper of ['left', 'right'])
    writeFileSync(
      join(dir, `${helper}.js`),
      `omw.host.subscribeAgent('main');\nomw.host.recv();\nomw.host.sendAgent('main', '${helper}');\n'sent';\n`,
    );
  const run = await brainbench(['explore', '--timeout', '60', '--save', 'found'], dir);
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.match(
    run.stdout,
    /OTHER CALLS schedule \d+: 1 choice\(s\) from first in, first out:\n {2}main received message "(left|right)" before message "(?!\1)(left|right)"\n {2}main call 7: memory_set \{"key":"first-\1"\} where first in, first out made memory_set \{"key":"first-\2"\}/,
  );
  assert.match(run.stdout, /: 0 with a different outcome, 1 with the same outcome but other calls\n$/);
  const saved = JSON.parse(readFileSync(join(dir, 'found/trace-schedule-1.json'), 'utf8')) as {
    expectedTrace: Record<string, string[]>;
  };
  assert.ok(saved.expectedTrace.main!.length > 0);
  const again = await brainbench(['explore', '--timeout', '60', '--schedule', 'found/trace-schedule-1.json'], dir);
  assert.equal(again.code, 1, again.stdout + again.stderr);
  assert.match(again.stdout, /^FAIL found\/trace-schedule-1\.json: 1 pinned choice\(s\)\nthe agents made other calls/);
});
