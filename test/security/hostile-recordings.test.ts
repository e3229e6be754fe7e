// Recordings from someone else, through the real `brainbench` (issue 26, Deliver 1): every name
// in them is checked as a config's is, `--to-test` writes only inside its folder (links followed)
// and never copies a brain from the path a recording gives, `constructor` and `__proto__` are
// ordinary names, and `replay` and `fork` run the workspace's brains and runtimes, never a
// script path, brain text or runtime table from the recording unless asked to
// (`--recorded-brains`), and then only in the workspace's runtime.

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse } from 'smol-toml';
import { BUNDLED_GUESTS } from '../../main/workbench/brain-sources.ts';
import {
  brainbench,
  escapingPython,
  filesBelow,
  folder,
  headerOf,
  listener,
  oneLine,
  readLines,
  renameAgent,
  sha256,
  writeLines,
  type Line,
} from './crafted-recordings.ts';

const JS_BRAIN = (exit: string) => `omw.host.memorySet('seen', 'yes');\nomw.host.log('info', 'hello');\n'${exit}';\n`;
// A Python brain exits with a message only as one expression (docs/python-runtime.md).
const PY_BRAIN = (exit: string) =>
  `(omw.host.memory_set('seen', 'yes'), omw.host.log('info', 'hello'), '${exit}')[-1]\n`;
const jsConfig = (names: string[]) =>
  '[runtime.js]\nkind = "js"\n' +
  names.map((name) => `[agents.${name}]\nruntime = "js"\nscript = "${name}.js"\n`).join('');

/** A workspace whose run was recorded into rec.jsonl by the real writer; its lines to edit. */
async function recorded(files: Record<string, string>): Promise<{ ws: string; lines: Line[] }> {
  const ws = folder('hostile-ws', files);
  const run = await brainbench(['run', '--log-format', 'pipe', '--record', 'rec.jsonl'], ws);
  assert.equal(run.code, 0, run.stderr);
  return { ws, lines: readLines(join(ws, 'rec.jsonl')) };
}

// About twenty command-line runs, each a process that loads TypeScript: on a machine loaded
// several times over they take most of a minute each.
describe('hostile recordings on the command line', { timeout: 900_000 }, () => {
  let outside: string;
  let net: Awaited<ReturnType<typeof listener>>;
  before(async () => {
    outside = folder('hostile-outside');
    net = await listener();
  });
  after(() => net.close());

  it('an agent named ../../…/.bashrc is refused in one line by --to-test, replay and fork; nothing is written outside', async () => {
    const { ws, lines } = await recorded({ 'omw.toml': jsConfig(['alice']), 'alice.js': JS_BRAIN('recorded') });
    const target = join(outside, 'traversal');
    mkdirSync(target);
    const name = `${'../'.repeat(12)}${target.slice(1)}/.bashrc`;
    renameAgent(lines, 'alice', name);
    const header = headerOf(lines);
    // An extension-less script: the brain's file would be named exactly after the agent.
    header.config['agents']![name] = { runtime: 'js', script: join(ws, 'brain'), declaredIn: join(ws, 'omw.toml') };
    header.brains[name] = { path: join(ws, 'brain'), sha256: sha256('PWNED\n'), source: 'PWNED\n' };
    writeLines(join(ws, 'bad.jsonl'), lines);

    for (const args of [
      ['replay', 'bad.jsonl', '--to-test', 'out'],
      ['replay', 'bad.jsonl'],
      ['fork', 'bad.jsonl', '--agent', 'alice', '--after', '0', '--out', 'b.jsonl'],
    ]) {
      const cli = await brainbench(args, ws);
      assert.equal(cli.code, 1, `${args.join(' ')}: ${cli.stdout}`);
      assert.match(
        oneLine(cli),
        /^bad\.jsonl: line 1: "(\.\.\/)+.*" cannot name an agent: it holds "\/", a path separator$/,
      );
    }
    assert.equal(existsSync(join(target, '.bashrc')), false, 'nothing is written where the name points');
    assert.deepEqual([...filesBelow(join(ws, 'out')).keys()], []);
  });

  it('--to-test writes through no link that leads out of its folder', async () => {
    const { ws } = await recorded({ 'omw.toml': jsConfig(['alice']), 'alice.js': JS_BRAIN('recorded') });
    const victim = join(outside, 'victim.js');
    writeFileSync(victim, 'keep me\n');
    mkdirSync(join(ws, 'out'));
    symlinkSync(victim, join(ws, 'out', 'alice.js'));
    const cli = await brainbench(['replay', 'rec.jsonl', '--to-test', 'out'], ws);
    assert.equal(cli.code, 1, cli.stdout);
    assert.match(oneLine(cli), /cannot create "alice\.js": it is a link to .*victim\.js, outside the test folder/);
    assert.equal(readFileSync(victim, 'utf8'), 'keep me\n');
    assert.deepEqual([...filesBelow(join(ws, 'out')).keys()], ['alice.js'], 'only the link that was there');
  });

  it('a brain with no recorded text is named as missing in the test, never copied from the path the recording gives', async () => {
    const { ws, lines } = await recorded({ 'omw.toml': jsConfig(['alice']), 'alice.js': JS_BRAIN('recorded') });
    const canary = join(outside, 'id_rsa');
    writeFileSync(canary, 'CANARY-PRIVATE-KEY-7f3a\n');
    const header = headerOf(lines);
    (header.config['agents']!['alice'] as Line)['script'] = canary;
    header.brains['alice'] = { path: canary, sha256: null };
    writeLines(join(ws, 'nosource.jsonl'), lines);

    const cli = await brainbench(['replay', 'nosource.jsonl', '--to-test', 'out'], ws);
    assert.equal(cli.code, 0, cli.stderr);
    assert.match(cli.stdout, /note: alice's brain is not in the recording: the test names alice\.js, which is missing/);
    const written = filesBelow(join(ws, 'out'));
    assert.deepEqual([...written.keys()].sort(), ['omw.test.base.toml', 'omw.test.toml']);
    for (const [file, text] of written) assert.doesNotMatch(text, /CANARY-PRIVATE-KEY/, file);
    const base = written.get('omw.test.base.toml')!;
    assert.match(base, /^# alice's brain is not in the recording \(it was ".*id_rsa"\): put it at alice\.js\.$/m);
    assert.equal((parse(base) as { agents: { alice: { script: string } } }).agents.alice.script, 'alice.js');
  });

  it('constructor, hasOwnProperty, toString and __proto__ are ordinary agent names: written, replayed, none dropped', async () => {
    const names = ['constructor', 'hasOwnProperty', 'toString', 'proto'];
    const { ws, lines } = await recorded({
      'omw.toml': jsConfig(names),
      ...Object.fromEntries(names.map((name) => [`${name}.js`, JS_BRAIN(name)])),
    });
    // A config cannot hold an agent named __proto__ (its loader drops the key), a recording can.
    renameAgent(lines, 'proto', '__proto__');
    writeLines(join(ws, 'names.jsonl'), lines);
    const expected = ['__proto__', 'constructor', 'hasOwnProperty', 'toString'];

    const toTest = await brainbench(['replay', 'names.jsonl', '--to-test', 'out'], ws);
    assert.equal(toTest.code, 0, toTest.stderr);
    const written = filesBelow(join(ws, 'out'));
    assert.deepEqual(
      [...written.keys()].sort(),
      [...expected.map((n) => `${n}.js`), 'omw.test.base.toml', 'omw.test.toml'].sort(),
    );
    assert.equal(written.get('__proto__.js'), JS_BRAIN('proto'));
    assert.equal(written.get('constructor.js'), JS_BRAIN('constructor'));
    const base = parse(written.get('omw.test.base.toml')!) as { agents: object };
    assert.deepEqual(Object.keys(base.agents).sort(), expected);
    const test = parse(written.get('omw.test.toml')!) as { assertions: object };
    assert.deepEqual(Object.keys(test.assertions).sort(), expected);

    const replay = await brainbench(['replay', 'names.jsonl'], ws);
    assert.equal(replay.code, 0, replay.stderr);
    assert.equal(replay.stderr, '');
    assert.deepEqual(replay.stdout.split('\n').filter(Boolean).sort(), [
      "NOT REPLAYED __proto__: recorded, but not in the workspace's config (omw.toml)",
      'NOT REPLAYED proto: in the workspace, but the recording has no iteration of it',
      'REPLAYED constructor: 1 iteration',
      'REPLAYED hasOwnProperty: 1 iteration',
      'REPLAYED toString: 1 iteration',
    ]);
  });

  describe("a header with a brain path, brain text and runtime table of its own: the workspace's run", () => {
    let ws: string;
    let canary: string;
    before(async () => {
      const made = await recorded({
        'omw.toml': '[runtime.py]\nkind = "python"\n[agents.alice]\nruntime = "py"\nscript = "alice.py"\n',
        'alice.py': PY_BRAIN('recorded'),
      });
      ws = made.ws;
      // The workspace's brain makes the same calls and exits otherwise: which one ran shows.
      writeFileSync(join(ws, 'alice.py'), PY_BRAIN('workspace'));
      canary = join(outside, 'python-canary');
      const evil = join(outside, 'evil.py');
      const source = escapingPython(canary, net.port);
      writeFileSync(evil, source);
      const header = headerOf(made.lines);
      header.config['runtime'] = { evil: { kind: 'python', params: {} } };
      header.config['agents'] = { alice: { runtime: 'evil', script: evil, declaredIn: evil } };
      header.brains['alice'] = { path: evil, sha256: sha256(source), source };
      writeLines(join(ws, 'evil.jsonl'), made.lines);
    });

    it("replay runs the workspace's brain, says first that it differs from the recorded one, and runs nothing of the recording", async () => {
      const cli = await brainbench(['replay', 'evil.jsonl'], ws);
      assert.equal(cli.code, 1, cli.stderr);
      const [note, headline] = cli.stdout.split('\n');
      assert.equal(
        note,
        `note: alice: the workspace's brain differs from the recorded one: recorded sha256 ${sha256(escapingPython(canary, net.port))} (${join(outside, 'evil.py')}), workspace sha256 ${sha256(PY_BRAIN('workspace'))} (${join(ws, 'alice.py')}); the workspace's runs`,
      );
      assert.equal(
        headline,
        'DIVERGED alice iteration 1 call 2: expected the end of the iteration (outcome {"exited":"recorded"}), ' +
          'got the end of the iteration (outcome {"exited":"workspace"})',
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(existsSync(canary), false, 'the recorded brain did not run');
      assert.equal(net.connections(), 0);
    });

    it("fork runs the workspace's brain after the fork point, not the recorded text", async () => {
      const cli = await brainbench(['fork', 'evil.jsonl', '--agent', 'alice', '--after', '0', '--out', 'b.jsonl'], ws);
      assert.equal(cli.code, 0, cli.stderr);
      const branch = readLines(join(ws, 'b.jsonl'));
      const end = branch.find((line) => (line['event'] as Line | undefined)?.['type'] === 'iteration-end');
      assert.deepEqual((end!['event'] as Line)['outcome'], { exited: 'workspace' });
      assert.equal(
        headerOf(branch).brains['alice']!['source'],
        PY_BRAIN('workspace'),
        'the branch names the brain it ran',
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(existsSync(canary), false);
      assert.equal(net.connections(), 0);
    });

    it('--recorded-brains runs the recorded Python brain in the Python sandbox, which holds it', async () => {
      const cli = await brainbench(['replay', 'evil.jsonl', '--recorded-brains'], ws);
      assert.match(cli.stdout, /^note: the recorded brains run/);
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(existsSync(canary), false);
      assert.equal(net.connections(), 0);
    });
  });

  it("the recording's interpreter and WASI keys never apply, with --recorded-brains or without", async () => {
    const { ws, lines } = await recorded({ 'omw.toml': jsConfig(['alice']), 'alice.js': JS_BRAIN('recorded') });
    const box = join(outside, 'preopened');
    mkdirSync(box);
    // The line interpreter writes through its WASI preopens: under the recording's runtime table,
    // this brain would write box/canary.
    const commands = 'write /box/canary pwned\nexit done\n';
    const script = join(outside, 'brain.txt');
    writeFileSync(script, commands);
    const header = headerOf(lines);
    header.config['runtime'] = {
      custom: {
        kind: 'js',
        params: {
          interpreter: join(BUNDLED_GUESTS, 'line-interpreter.wasm'),
          preopens: [{ host_path: box, guest_path: '/box', perms: 'read_write' }],
        },
      },
    };
    header.config['agents'] = { alice: { runtime: 'custom', script, declaredIn: script } };
    header.brains['alice'] = { path: script, sha256: sha256(commands), source: commands };
    writeLines(join(ws, 'interp.jsonl'), lines);

    const plain = await brainbench(['replay', 'interp.jsonl'], ws);
    assert.match(plain.stdout, /^REPLAYED alice: 1 iteration$/m, plain.stdout + plain.stderr);
    const recordedBrains = await brainbench(['replay', 'interp.jsonl', '--recorded-brains'], ws);
    assert.equal(recordedBrains.code, 1, recordedBrains.stderr);
    // QuickJS, the workspace's runtime, reads the commands as JavaScript.
    assert.match(recordedBrains.stdout, /^DIVERGED alice iteration 1 call 1: /m);
    assert.match(recordedBrains.stdout, /SyntaxError/);
    const forked = await brainbench(
      ['fork', 'interp.jsonl', '--agent', 'alice', '--after', '0', '--recorded-brains', '--out', 'b.jsonl'],
      ws,
    );
    const toTest = await brainbench(['replay', 'interp.jsonl', '--to-test', 'out'], ws);
    assert.equal(toTest.code, 0, toTest.stderr);
    assert.match(
      toTest.stdout,
      /note: runtime custom: "interpreter", "preopens" from the recording are left out of the test/,
    );
    const base = parse(readFileSync(join(ws, 'out', 'omw.test.base.toml'), 'utf8')) as { runtime: object };
    assert.deepEqual(JSON.parse(JSON.stringify(base.runtime)), { custom: { kind: 'js' } });
    assert.equal(forked.code, 1, forked.stdout);
    assert.match(oneLine(forked), /^the brain of "alice" does not load: SyntaxError/);
    assert.equal(existsSync(join(box, 'canary')), false);
  });

  it('replay and fork outside a workspace say in one line which config they need and how to give it', async () => {
    const { ws } = await recorded({ 'omw.toml': jsConfig(['alice']), 'alice.js': JS_BRAIN('recorded') });
    const elsewhere = folder('no-workspace');
    for (const [command, args] of [
      ['replay', ['replay', join(ws, 'rec.jsonl')]],
      ['fork', ['fork', join(ws, 'rec.jsonl'), '--agent', 'alice', '--after', '0', '--out', 'b.jsonl']],
    ] as const) {
      const cli = await brainbench([...args], elsewhere);
      assert.equal(cli.code, 1, cli.stdout);
      assert.equal(
        oneLine(cli),
        `${command} runs the recording with a workspace's brains and runtimes, and ${elsewhere} has no omw.toml, omw.yaml, omw.yml, omw.json: run it in the workspace, or give its config with --config FILE`,
      );
    }
    const given = await brainbench(['replay', join(ws, 'rec.jsonl'), '--config', join(ws, 'omw.toml')], elsewhere);
    assert.equal(given.stdout, 'REPLAYED alice: 1 iteration\n', given.stderr);
  });

  it('a header with a bad runtime name, a value of the wrong shape or a bad branch name is refused in one line', async () => {
    const { ws, lines } = await recorded({ 'omw.toml': jsConfig(['alice']), 'alice.js': JS_BRAIN('recorded') });
    const cases: [string, (header: ReturnType<typeof headerOf>) => void, RegExp][] = [
      [
        'runtime',
        (header) => {
          header.config['runtime'] = { 'a/b': { kind: 'js', params: {} } };
          (header.config['agents']!['alice'] as Line)['runtime'] = 'a/b';
        },
        /line 1: "a\/b" cannot name a runtime: it holds "\/", a path separator$/,
      ],
      [
        'shape',
        (header) => (header.config['agents']!['alice'] = 5),
        /line 1: the header's config\.agents\["alice"\]: /,
      ],
      [
        'branch',
        (header) =>
          (header['branch'] = { name: '..', of: 'x', agent: 'alice', afterIteration: 0, edits: [], createdAt: 0 }),
        /line 1: "\.\." cannot name a branch: it names a folder$/,
      ],
    ];
    for (const [label, edit, expected] of cases) {
      const copy = JSON.parse(JSON.stringify(lines)) as Line[];
      edit(headerOf(copy));
      writeLines(join(ws, `${label}.jsonl`), copy);
      const cli = await brainbench(['replay', `${label}.jsonl`], ws);
      assert.equal(cli.code, 1, label);
      assert.match(oneLine(cli), expected, label);
    }
  });
});
