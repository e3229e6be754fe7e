// The workbench's debugger on a real workspace and real agent processes: breakpoints that outlive
// the agents and the workbench itself (kept in the workspace's local settings folder), host-op
// breakpoints with conditions on the call, and the agent's memory and inbox.

import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { WorkbenchEvent } from '../../contract/workbench-event.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { Workbench } from '../../main/workbench/workbench.ts';

const CONFIG = `[runtime.r]
kind = "rhai"

[providers.llm]
kind = "mock"
turns = [ { content = "one" }, { content = "two" } ]

[agents.asker]
runtime = "r"
script = "asker.rhai"

[memory.asker]
greeting = "hello"
`;

const ASKER = `let llm = omw::provider::get("llm");
let a = llm.chat("small", [#{ role: "user", content: "a" }]);
let b = llm.chat("large", [#{ role: "user", content: "b" }]);
omw::host::memory_get("greeting") + " " + a.content + b.content
`;

let root: string;
let workbench: Workbench;
const events: WorkbenchEvent[] = [];

function until<T>(find: () => T | undefined, what: string, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const poll = () => {
      const found = find();
      if (found !== undefined) resolve(found);
      else if (Date.now() > deadline) reject(new Error(`timed out waiting for ${what}`));
      else setTimeout(poll, 10);
    };
    poll();
  });
}

async function openWorkbench(): Promise<Workbench> {
  const opened = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
  opened.subscribe((event) => events.push(event));
  await opened.open(root);
  return opened;
}

describe('the workbench debugger', () => {
  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'brainbench-debugging-'));
    writeFileSync(join(root, 'omw.toml'), CONFIG);
    writeFileSync(join(root, 'asker.rhai'), ASKER);
    workbench = await openWorkbench();
  });
  after(async () => {
    await workbench.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('holds only the call its condition picks, with the call on top of the stack', async () => {
    const results = workbench.setCallBreakpoints('asker', [{ op: 'provider.chat', condition: 'model == "large"' }]);
    assert.deepEqual(results, [{ op: 'provider.chat', condition: 'model == "large"', verified: true }]);
    const step = workbench.step('asker');
    const held = await until(() => {
      const status = workbench.workspace().agents[0]!.status;
      return status.pausedAt ? status : undefined;
    }, 'the held call');
    assert.deepEqual(held.pausedAt!.args.slice(0, 2), ['llm', 'large']);
    const stack = await workbench.debugging.debugger.stackTrace('asker');
    assert.equal(stack[0]!.name, 'provider.chat (held)');
    assert.ok(events.some((e) => e.type === 'debug' && e.notification.type === 'stopped'));

    // Memory edited while held is what the rest of the iteration reads.
    workbench.debugging.setMemory('asker', 'greeting', 'bonjour');
    assert.deepEqual(workbench.debugging.memory('asker'), { greeting: 'bonjour' });
    assert.equal(workbench.debugging.resume('asker', 'continue'), true);
    assert.deepEqual(await step, { kind: 'outcome', outcome: { exited: 'bonjour onetwo' } });
  });

  it('refuses a condition that does not parse, saying so, and keeps the others', () => {
    const results = workbench.setCallBreakpoints('asker', [
      { op: 'provider.chat', condition: 'model ==' },
      { op: 'host.memory-get' },
    ]);
    assert.equal(results[0]!.verified, false);
    assert.match(results[0]!.message!, /^condition: /);
    assert.equal(results[1]!.verified, true);
    assert.deepEqual(workbench.workspace().agents[0]!.breakpoints, ['provider.chat', 'host.memory-get']);
    workbench.setCallBreakpoints('asker', []);
  });

  it('shows and drops pending inbox events by position and source', async () => {
    assert.equal(workbench.inject('asker', { kind: 'message', data: 'first' }), true);
    assert.equal(workbench.inject('asker', { kind: 'message', data: 'second' }), true);
    const inbox = workbench.debugging.inbox('asker');
    assert.deepEqual(
      inbox.map((e) => e.event),
      [
        { kind: 'message', data: 'first' },
        { kind: 'message', data: 'second' },
      ],
    );
    assert.equal(workbench.debugging.dropInboxEvent('asker', 0, inbox[1]!.id), false, 'a stale position drops nothing');
    assert.equal(workbench.debugging.dropInboxEvent('asker', 0, inbox[0]!.id), true);
    assert.deepEqual(
      workbench.debugging.inbox('asker').map((e) => e.event),
      [{ kind: 'message', data: 'second' }],
    );
  });

  it('refuses breakpoints in files outside the workspace, through a link too, and keeps the others', () => {
    const outside = mkdtempSync(join(tmpdir(), 'brainbench-outside-'));
    writeFileSync(join(outside, 'secret.rhai'), 'let a = 1;\n');
    symlinkSync(join(outside, 'secret.rhai'), join(root, 'linked.rhai'));
    try {
      assert.throws(() => workbench.setSourceBreakpoints(join(outside, 'secret.rhai'), [{ line: 1 }], null), /outside/);
      assert.throws(() => workbench.setSourceBreakpoints('linked.rhai', [{ line: 1 }], null), /outside/);
      assert.throws(() => workbench.setSourceBreakpoints('missing.rhai', [{ line: 1 }], null), /no such file/);
      assert.deepEqual(workbench.debugging.view.sourceBreakpoints, {});
    } finally {
      rmSync(join(root, 'linked.rhai'));
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('keeps breakpoints in .brainbench/, ignored by git, and a new workbench finds them', async () => {
    workbench.setCallBreakpoints('asker', [{ op: 'provider.chat', condition: 'receiver == "llm"' }]);
    workbench.debugging.setExceptionBreakpoints(false, true);
    workbench.setSourceBreakpoints('asker.rhai', [{ line: 2, hitCondition: '>= 2' }], null);
    const file = join(root, '.brainbench', 'debugger.json');
    const saved = await until(() => {
      if (!existsSync(file)) return undefined;
      const settings = JSON.parse(readFileSync(file, 'utf8')) as { sourceBreakpoints: Record<string, unknown> };
      return Object.keys(settings.sourceBreakpoints).length > 0 ? settings : undefined;
    }, 'the saved settings');
    assert.deepEqual(saved.sourceBreakpoints, { 'asker.rhai': [{ line: 2, hitCondition: '>= 2' }] });
    assert.match(readFileSync(join(root, '.brainbench', '.gitignore'), 'utf8'), /^\*$/m);
    assert.ok(!workbench.workspace().files.some((f) => f.path.startsWith('.brainbench')), 'not a workspace file');

    await workbench.close();
    // The user's own folder, trusted: the expressions its settings keep run again (in one that is
    // not trusted they are held back, test/security/workspace-trust.test.ts).
    await workbench.trust.store.trust(root);
    workbench = await openWorkbench();
    const view = workbench.debugging.view;
    assert.deepEqual(view.exceptions, { caught: false, uncaught: true });
    assert.deepEqual(view.callBreakpoints.asker, [
      { op: 'provider.chat', condition: 'receiver == "llm"', verified: true },
    ]);
    assert.deepEqual(
      view.sourceBreakpoints['asker.rhai']!.map((b) => ({ line: b.line, hitCondition: b.hitCondition })),
      [{ line: 2, hitCondition: '>= 2' }],
    );
    assert.deepEqual(workbench.workspace().agents[0]!.breakpoints, ['provider.chat']);
  });

  it('has every breakpoint change on disk once closed, and writes nothing after', async () => {
    // Many changes queue many writes, each made durable: closing waits for the last of them.
    for (let line = 1; line <= 40; line++)
      workbench.setSourceBreakpoints('asker.rhai', [{ line: (line % 3) + 1 }], null);
    await workbench.close();
    const file = join(root, '.brainbench', 'debugger.json');
    const onClose = JSON.parse(readFileSync(file, 'utf8')) as { sourceBreakpoints: unknown };
    assert.deepEqual(onClose.sourceBreakpoints, { 'asker.rhai': [{ line: 2 }] });
    // What the user (or the next opening) writes now stays.
    const mine = JSON.stringify({ ...onClose, sourceBreakpoints: { 'asker.rhai': [{ line: 3 }] } });
    writeFileSync(file, mine);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(readFileSync(file, 'utf8'), mine);
    workbench = await openWorkbench();
  });

  it('sets an unreadable settings file aside, says so, and starts empty', async () => {
    await workbench.close();
    writeFileSync(join(root, '.brainbench', 'debugger.json'), '{ not json');
    events.length = 0;
    workbench = await openWorkbench();
    assert.deepEqual(workbench.debugging.view.callBreakpoints, {});
    const notice = events.find((e) => e.type === 'notice');
    assert.ok(notice && notice.type === 'notice');
    assert.match(notice.message, /debugger\.json could not be used .*kept as .*unreadable-/);
  });
});
