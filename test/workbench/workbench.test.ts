// The Workbench as the renderer uses it, with real agent processes: saving (atomically, never
// outside the workspace), config errors and their recovery, new agents from templates, inject,
// cancel through the registries, external changes, trying a tool.

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, beforeEach, describe, it } from 'node:test';
import type { WorkbenchEvent } from '../../contract/workbench-event.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { Workbench } from '../../main/workbench/workbench.ts';

const CONFIG = `# my workspace
[runtime.r]
kind = "rhai"

[agents.waiter]
runtime = "r"
script = "waiter.rhai"
`;

const WAITER = `let alarm = omw::host::wait_for(60000);
let event = omw::host::recv();
exit(\`\${event.kind}: \${event.payload}\`);
`;

let dir: string;
let workbench: Workbench;
let events: WorkbenchEvent[];

async function until(what: string, check: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('Workbench', () => {
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'brainbench-wb-'));
    writeFileSync(join(dir, 'omw.toml'), CONFIG);
    writeFileSync(join(dir, 'waiter.rhai'), WAITER);
    workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
    events = [];
    workbench.subscribe((event) => events.push(event));
    await workbench.open(dir);
  });
  afterEach(async () => {
    await workbench.close();
    rmSync(dir, { recursive: true, force: true });
  });
  after(() => undefined);

  it('lists the workspace: agents, files by kind, back ends', () => {
    const view = workbench.workspace();
    assert.equal(view.config, 'omw.toml');
    assert.deepEqual(
      view.agents.map((a) => [a.name, a.runtimeKind, a.script, a.status.state]),
      [['waiter', 'rhai', 'waiter.rhai', 'idle']],
    );
    assert.deepEqual(view.files, [
      { path: 'omw.toml', kind: 'config' },
      { path: 'waiter.rhai', kind: 'brain' },
    ]);
  });

  it('saves atomically, leaves no temporary file, and refuses paths outside the workspace', async () => {
    await workbench.writeFile('sub/new.rhai', '1');
    assert.equal(readFileSync(join(dir, 'sub/new.rhai'), 'utf8'), '1');
    assert.deepEqual(readdirSync(join(dir, 'sub')), ['new.rhai']);
    await assert.rejects(workbench.writeFile('../escape.rhai', 'x'), /outside the workspace/);
    assert.throws(() => workbench.readFile('/etc/passwd'), /outside the workspace/);
    assert.equal(existsSync(join(dir, '../escape.rhai')), false);
  });

  it('injects an event the waiting brain consumes, and cancels its timer through the real path', async () => {
    const step = workbench.step('waiter');
    await until('the timer', () => workbench.registries('waiter').some((e) => e.registry === 'timers'));
    const [timer] = workbench.registries('waiter');
    assert.equal(timer?.info.ms, 60000);
    assert.equal(workbench.cancel('waiter', 'timers', timer!.uuid), true);
    assert.equal(workbench.cancel('waiter', 'timers', timer!.uuid), false, 'a second cancel finds nothing');
    assert.deepEqual(workbench.registries('waiter'), []);
    assert.equal(workbench.inject('waiter', { kind: 'message', data: 'hi' }), true);
    assert.deepEqual(await step, { kind: 'outcome', outcome: { exited: 'message: hi' } });
    const trace = workbench.traceHistory();
    assert.ok(trace.some((e) => e.type === 'closed' && e.source === 'timer' && e.reason === 'cancelled'));
    assert.ok(trace.some((e) => e.type === 'inbound' && e.event.kind === 'message'));
    assert.ok(
      events.some((e) => e.type === 'trace'),
      'trace events reach subscribers',
    );
  });

  it('tells subscribers of a quick loop’s newest status at most once a frame, and ends on stopped', async () => {
    writeFileSync(join(dir, 'quick.rhai'), 'exit("again");\n');
    await workbench.writeFile('omw.toml', `${CONFIG}\n[agents.quick]\nruntime = "r"\nscript = "quick.rhai"\n`);
    const ended = () => workbench.traceHistory().filter((e) => e.type === 'iteration-end' && e.agent === 'quick');
    events.length = 0;
    const started = performance.now();
    workbench.loop('quick');
    await until('200 iterations', () => ended().length >= 200);
    await workbench.stop('quick');
    const sent = () => events.flatMap((e) => (e.type === 'status' && e.status.agent === 'quick' ? [e.status] : []));
    await until('the newest status', () => sent().at(-1)?.state === 'stopped', 1000);
    const seconds = (performance.now() - started) / 1000;
    const iterations = ended().length;
    // Twice an iteration (running, then how it ended) without coalescing.
    const statuses = sent();
    assert.ok(statuses.length < iterations / 2, `${statuses.length} status events for ${iterations} iterations`);
    assert.ok(statuses.length <= seconds * 70 + 4, `${statuses.length} status events in ${seconds.toFixed(2)} s`);
    assert.equal(statuses.at(-1)?.iteration, iterations);
  });

  it('shows a config error with its position, and recovers when the config is fixed', async () => {
    await workbench.writeFile('omw.toml', '[agents.waiter]\nruntime = 42\n');
    const broken = workbench.workspace();
    assert.equal(broken.agents.length, 0);
    assert.equal(broken.configError?.line, 2);
    assert.match(broken.configError?.message ?? '', /agents\.waiter\.runtime/);
    assert.throws(() => workbench.inject('waiter', { kind: 'timer' }), /the config has an error/);
    assert.deepEqual(
      workbench
        .checkConfig('[runtime.r]\nkind = "rhai"\n[agents.x]\nruntime = "missing"\nscript = "a.rhai"\n')
        .map((d) => d.line),
      [4],
    );
    await workbench.writeFile('omw.toml', CONFIG);
    assert.deepEqual(
      workbench.workspace().agents.map((a) => a.name),
      ['waiter'],
    );
    assert.ok(events.some((e) => e.type === 'workspace' && e.workspace.configError));
  });

  it('creates agents from templates, keeping the config’s comments, and runs them', async () => {
    const view = await workbench.createAgent('counter', 'js');
    assert.deepEqual(
      view.agents.map((a) => a.name),
      ['counter', 'waiter'],
    );
    const config = readFileSync(join(dir, 'omw.toml'), 'utf8');
    assert.ok(config.startsWith('# my workspace\n'));
    assert.match(
      config,
      /\[runtime\.js\]\nkind = "js"\n\n\[agents\.counter\]\nruntime = "js"\nscript = "brains\/counter\.js"/,
    );
    assert.deepEqual(await workbench.step('counter'), { kind: 'outcome', outcome: 'completed' });
    await workbench.createAgent('again', 'rhai');
    assert.match(
      readFileSync(join(dir, 'omw.toml'), 'utf8'),
      /\[agents\.again\]\nruntime = "r"\nscript = "brains\/again\.rhai"/,
    );
    assert.deepEqual(await workbench.step('again'), { kind: 'outcome', outcome: 'completed' });
    await assert.rejects(workbench.createAgent('again', 'rhai'), /already exists/);
    await assert.rejects(workbench.createAgent('no spaces', 'rhai'), /not a valid agent name/);
  });

  it('points an agent at another brain by editing its script line', async () => {
    writeFileSync(join(dir, 'other.rhai'), '"other"');
    await workbench.assignScript('waiter', 'other.rhai');
    assert.match(
      readFileSync(join(dir, 'omw.toml'), 'utf8'),
      /\[agents\.waiter\]\nruntime = "r"\nscript = "other\.rhai"/,
    );
    assert.deepEqual(await workbench.step('waiter'), { kind: 'outcome', outcome: { exited: 'other' } });
  });

  it('reports a file changed by someone else, and each of its own saves once, with the saved version', async () => {
    const saved = await workbench.writeFile('waiter.rhai', WAITER + '\n');
    mkdirSync(join(dir, 'notes'));
    writeFileSync(join(dir, 'notes/todo.txt'), 'x');
    await until('the change event', () => events.some((e) => e.type === 'file-changed' && e.path === 'notes/todo.txt'));
    assert.deepEqual(
      events.filter((e) => e.type === 'file-changed' && e.path === 'waiter.rhai'),
      [{ type: 'file-changed', path: 'waiter.rhai', mtimeMs: saved.mtimeMs }],
    );
  });

  it('saves over the version a text was edited from, and over no other', async () => {
    const { mtimeMs } = workbench.readFile('omw.toml');
    await workbench.createAgent('helper', 'rhai');
    const withHelper = readFileSync(join(dir, 'omw.toml'), 'utf8');
    assert.match(withHelper, /\[agents\.helper\]/);
    const stale = await workbench.writeFile('omw.toml', CONFIG, mtimeMs);
    assert.deepEqual(stale, { saved: false, mtimeMs: workbench.readFile('omw.toml').mtimeMs });
    assert.equal(readFileSync(join(dir, 'omw.toml'), 'utf8'), withHelper, 'the new agent is kept');
    const current = await workbench.writeFile('omw.toml', withHelper + '\n', stale.mtimeMs);
    assert.equal(current.saved, true);
    assert.equal((await workbench.writeFile('omw.toml', CONFIG, mtimeMs)).saved, false);
    assert.equal((await workbench.writeFile('omw.toml', CONFIG, null)).saved, true, 'null saves over anything');
  });

  it('tries a mock tool without using up its one scripted answer, and refuses arguments that are not JSON', async () => {
    const tooling = `
[tooling.library]
kind = "mock"
tools = [ { name = "search", input_schema = { type = "object" } } ]
tool_calls = [ { name = "search", result = "found it" } ]
`;
    await workbench.writeFile('omw.toml', CONFIG + tooling, null);
    await assert.rejects(workbench.callTool('library', 'search', '{query: 1}'), {
      message: /^the arguments are not JSON: .+/,
    });
    const tried = await workbench.callTool('library', 'search', '{"query": 1}');
    assert.match(tried, /found it/);
    assert.equal(await workbench.callTool('library', 'search', '{"query": 1}'), tried);
  });
});
