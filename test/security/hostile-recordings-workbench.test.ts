// Recordings from someone else, through the Workbench API both transports use (issue 26, Deliver
// 1 and 5): Save as test refuses bad names and writes only inside its folder, never copying a
// brain from the path a recording gives; Replay and Fork run the workspace's brains, and say
// first which brains differ from the recorded ones, with both hashes; and a brain outside the
// workspace is named, never quoted, by its errors and by the session's header.

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type {
  BranchView,
  ForkPointView,
  RecordingView,
  ReplayPlanView,
  ReplayView,
} from '../../contract/recording-views.ts';
import type { IterationResult } from '../../contract/iteration-result.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { dispatchRequest } from '../../main/workbench/api-dispatch.ts';
import { Workbench } from '../../main/workbench/workbench.ts';
import {
  brainbench,
  escapingPython,
  filesBelow,
  folder,
  headerOf,
  listener,
  readLines,
  renameAgent,
  sha256,
  writeLines,
  type Line,
} from './crafted-recordings.ts';

const PY_BRAIN = (exit: string) =>
  `(omw.host.memory_set('seen', 'yes'), omw.host.log('info', 'hello'), '${exit}')[-1]\n`;
const JS_BRAIN = (exit: string) => `omw.host.memorySet('seen', 'yes');\n'${exit}';\n`;
const CONFIG = `[runtime.py]
kind = "python"
[runtime.js]
kind = "js"
[agents.alice]
runtime = "py"
script = "alice.py"
`;

let ws: string;
let outside: string;
let workbench: Workbench;
let net: Awaited<ReturnType<typeof listener>>;
let nextId = 1;

async function ask<T>(method: string, ...params: unknown[]): Promise<T> {
  const answer = await dispatchRequest(workbench, nextId++, method, params);
  if (!answer.ok) throw new Error(answer.error);
  return answer.result as T;
}

/** A run of `files` recorded by the real writer, as lines to edit. */
async function recordedElsewhere(files: Record<string, string>): Promise<Line[]> {
  const dir = folder('wb-recorded', files);
  const run = await brainbench(['run', '--log-format', 'pipe', '--record', 'rec.jsonl'], dir);
  assert.equal(run.code, 0, run.stderr);
  return readLines(join(dir, 'rec.jsonl'));
}

const jsWorkspace = (names: string[]) => ({
  'omw.toml':
    '[runtime.js]\nkind = "js"\n' + names.map((n) => `[agents.${n}]\nruntime = "js"\nscript = "${n}.js"\n`).join(''),
  ...Object.fromEntries(names.map((name) => [`${name}.js`, JS_BRAIN(name)])),
});

describe('hostile recordings through the Workbench API', { timeout: 300_000 }, () => {
  let canary: string;
  let evilSource: string;
  before(async () => {
    outside = folder('wb-outside');
    net = await listener();
    ws = folder('wb-workspace', { 'omw.toml': CONFIG, 'alice.py': PY_BRAIN('recorded') });
    const run = await brainbench(['run', '--log-format', 'pipe', '--record', 'rec.jsonl'], ws);
    assert.equal(run.code, 0, run.stderr);
    writeFileSync(join(ws, 'alice.py'), PY_BRAIN('workspace'));
    mkdirSync(join(ws, 'crafted'));

    // The header names a brain path, brain text and runtime of its own: a Python brain that leaves
    // today's Python sandbox to write a canary and reach a listener.
    canary = join(outside, 'canary');
    evilSource = escapingPython(canary, net.port);
    writeFileSync(join(outside, 'evil.py'), evilSource);
    const evil = readLines(join(ws, 'rec.jsonl'));
    const header = headerOf(evil);
    header.config['runtime'] = { evil: { kind: 'python', params: {} } };
    header.config['agents'] = { alice: { runtime: 'evil', script: join(outside, 'evil.py'), declaredIn: ws } };
    header.brains['alice'] = { path: join(outside, 'evil.py'), sha256: sha256(evilSource), source: evilSource };
    writeLines(join(ws, 'crafted/evil.jsonl'), evil);

    const traversal = await recordedElsewhere(jsWorkspace(['bob']));
    const name = `${'../'.repeat(12)}${outside.slice(1)}/.bashrc`;
    renameAgent(traversal, 'bob', name);
    headerOf(traversal).config['agents']![name] = { runtime: 'js', script: '/x/brain', declaredIn: '/x' };
    headerOf(traversal).brains[name] = { path: '/x/brain', sha256: null, source: 'PWNED\n' };
    writeLines(join(ws, 'crafted/traversal.jsonl'), traversal);

    const secret = join(outside, 'credentials');
    writeFileSync(secret, 'CANARY-CREDENTIALS-91c2\n');
    const noSource = await recordedElsewhere(jsWorkspace(['bob']));
    (headerOf(noSource).config['agents']!['bob'] as Line)['script'] = secret;
    headerOf(noSource).brains['bob'] = { path: secret, sha256: null };
    writeLines(join(ws, 'crafted/nosource.jsonl'), noSource);

    const names = await recordedElsewhere(jsWorkspace(['constructor', 'hasOwnProperty', 'toString', 'proto']));
    renameAgent(names, 'proto', '__proto__');
    writeLines(join(ws, 'crafted/names.jsonl'), names);

    workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
    await workbench.open(ws);
  });
  after(async () => {
    await workbench?.close();
    await net?.close();
  });

  it('Save as test refuses an agent named ../../…/.bashrc, and opening it says why in one line', async () => {
    await assert.rejects(
      ask('saveRecordingAsTest', 'crafted/traversal.jsonl', 'tests/traversal', null),
      /^Error: crafted\/traversal\.jsonl: line 1: "(\.\.\/)+.*" cannot name an agent: it holds "\/", a path separator$/,
    );
    await assert.rejects(ask('openRecording', 'crafted/traversal.jsonl'), /cannot name an agent/);
    assert.equal(existsSync(join(outside, '.bashrc')), false);
    assert.deepEqual([...filesBelow(join(ws, 'tests')).keys()], []);
  });

  it('Save as test names a brain with no recorded text as missing; the file the recording names is neither copied nor served', async () => {
    const saved = await ask<{ dir: string; files: string[] }>(
      'saveRecordingAsTest',
      'crafted/nosource.jsonl',
      'tests/nosource',
      null,
    );
    assert.deepEqual(saved.files.sort(), ['tests/nosource/omw.test.base.toml', 'tests/nosource/omw.test.toml']);
    for (const [file, text] of filesBelow(join(ws, 'tests/nosource'))) assert.doesNotMatch(text, /CANARY/, file);
    assert.match(readFileSync(join(ws, 'tests/nosource/omw.test.base.toml'), 'utf8'), /^# bob's brain is not in/m);
    await assert.rejects(ask('readFile', 'tests/nosource/bob.js'), /no such file/);
  });

  it('Save as test takes constructor, hasOwnProperty, toString and __proto__ as ordinary names', async () => {
    const opened = await ask<RecordingView>('openRecording', 'crafted/names.jsonl');
    const expected = ['__proto__', 'constructor', 'hasOwnProperty', 'toString'];
    assert.deepEqual(opened.agents.map((a) => a.name).sort(), expected);
    const saved = await ask<{ files: string[] }>('saveRecordingAsTest', 'crafted/names.jsonl', 'tests/names', null);
    assert.deepEqual(
      saved.files.sort(),
      [...expected.map((n) => `${n}.js`), 'omw.test.base.toml', 'omw.test.toml'].map((f) => `tests/names/${f}`).sort(),
    );
    assert.equal((await ask<{ text: string }>('readFile', 'tests/names/__proto__.js')).text, JS_BRAIN('proto'));
  });

  it("Replay says first which brain differs, with both hashes, then runs the workspace's brain, nothing of the recording's", async () => {
    const plan = await ask<ReplayPlanView>('replayPlan', 'crafted/evil.jsonl', false);
    assert.deepEqual(plan.agents, ['alice']);
    assert.deepEqual(plan.brains, [
      {
        agent: 'alice',
        recorded: { path: join(outside, 'evil.py'), sha256: sha256(evilSource), hasSource: true },
        workspace: { path: join(ws, 'alice.py'), sha256: sha256(PY_BRAIN('workspace')) },
        same: false,
      },
    ]);
    const replay = await ask<ReplayView>('replayRecording', 'crafted/evil.jsonl', false);
    assert.equal(replay.recordedBrains, false);
    assert.deepEqual(replay.brains, plan.brains);
    const [report] = replay.reports;
    assert.deepEqual(report!.divergence?.actual, {
      kind: 'end',
      result: { kind: 'outcome', outcome: { exited: 'workspace' } },
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(existsSync(canary), false);
    assert.equal(net.connections(), 0);
  });

  it("Fork runs the workspace's brain; its fork point shows the brain's hashes and the workspace's text", async () => {
    const point = await ask<ForkPointView>('forkPoint', 'crafted/evil.jsonl', 'alice', 0);
    assert.equal(point.brain?.same, false);
    assert.equal(point.workspaceSource, PY_BRAIN('workspace'));
    const branch = await ask<BranchView>('forkRecording', 'crafted/evil.jsonl', 'alice', 0, {}, false);
    assert.deepEqual(branch.report.last, { kind: 'outcome', outcome: { exited: 'workspace' } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(existsSync(canary), false);
    assert.equal(net.connections(), 0);
  });
});

describe('a brain outside the workspace is named, never quoted', { timeout: 120_000 }, () => {
  let wb: Workbench;
  let dir: string;
  let secretFile: string;
  before(async () => {
    const away = folder('quote-outside');
    secretFile = join(away, 'token');
    // Run as JavaScript, the file's first word is an unknown name, which QuickJS's message quotes.
    writeFileSync(secretFile, 'SECRET_TOKEN_4b1d\n');
    dir = folder('quote-ws', {
      'omw.toml': `[runtime.js]\nkind = "js"\n[agents.leak]\nruntime = "js"\nscript = "${secretFile}"\n[agents.own]\nruntime = "js"\nscript = "own.js"\n`,
      'own.js': 'MY_OWN_TYPO\n',
    });
    wb = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
    await wb.open(dir);
  });
  after(() => wb?.close());

  it("a failure names the file and where, not the engine's message; the workspace's own brain keeps its message", async () => {
    const leak = (await wb.step('leak')) as Extract<IterationResult, { kind: 'failed' }>;
    assert.equal(leak.kind, 'failed');
    assert.doesNotMatch(leak.error, /SECRET_TOKEN/);
    assert.equal(
      leak.error,
      `ReferenceError (the message is not shown: ${secretFile} lies outside the workspace, and it could quote the file)`,
    );
    assert.deepEqual([leak.line, leak.column], [1, 1]);
    const own = (await wb.step('own')) as Extract<IterationResult, { kind: 'failed' }>;
    assert.equal(own.error, "ReferenceError: 'MY_OWN_TYPO' is not defined");
    const trace = JSON.stringify(wb.traceHistory());
    assert.doesNotMatch(trace, /SECRET_TOKEN/);
  });

  it("the session's header records the outside brain by path and hash only; no line quotes it", async () => {
    await wb.close();
    const text = readFileSync(join(dir, '.brainbench/session.jsonl'), 'utf8');
    assert.doesNotMatch(text, /SECRET_TOKEN/);
    const header = JSON.parse(text.split('\n')[0]!) as { brains: Record<string, Line> };
    assert.deepEqual(header.brains['leak'], { path: secretFile, sha256: sha256('SECRET_TOKEN_4b1d\n') });
    assert.equal(header.brains['own']!['source'], 'MY_OWN_TYPO\n');
  });
});
