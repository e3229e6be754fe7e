// Issue 28 items 5 and 16, host side: Save as test on a branch reproduces the branch (the first
// iteration after its fork point, from the memory it had there with the fork's edits, with the
// edited brain), with memory values typed as the config writes them; the test passes; the file
// tree hears of the folder written. A branch header's memory is data: checked before use.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { parse } from 'smol-toml';
import type { WorkbenchEvent } from '../../contract/workbench-event.ts';
import type { BranchView } from '../../contract/recording-views.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { dispatchRequest } from '../../main/workbench/api-dispatch.ts';
import { Workbench } from '../../main/workbench/workbench.ts';

const BRAIN = `const topic = omw.host.memoryGet('topic') ?? 'cats';
const count = (omw.host.memoryGetAs('count') ?? 0) + 1;
omw.host.memorySet('topic', topic);
omw.host.memorySetAs('count', count);
const reply = omw.provider.get('chat').chat('m', [{ role: 'user', content: 'Tell me about ' + topic + ' ' + count }], []);
omw.host.log('info', reply.content);
`;
const EDITED = BRAIN.replace(
  "omw.host.log('info', reply.content);",
  "omw.host.log('info', 'edited: ' + reply.content);",
);
const CONFIG = `[runtime.js]
kind = "js"

[agents.asker]
runtime = "js"
script = "asker.js"

[memory.asker]
count = 0
flags = [true, false]

[providers.chat]
kind = "mock"
turns = [ { content = "one" }, { content = "two" }, { content = "three" } ]
`;
const SESSION = '.brainbench/session.jsonl';

let dir: string;
let workbench: Workbench;
const events: WorkbenchEvent[] = [];
let nextId = 1;

async function ask<T>(method: string, ...params: unknown[]): Promise<T> {
  const answer = await dispatchRequest(workbench, nextId++, method, params);
  if (!answer.ok) throw new Error(answer.error);
  return answer.result as T;
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'brainbench-branch-test-'));
  writeFileSync(join(dir, 'omw.toml'), CONFIG);
  writeFileSync(join(dir, 'asker.js'), BRAIN);
  workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
  workbench.subscribe((event) => events.push(event));
  await workbench.open(dir);
  await workbench.step('asker');
  await workbench.step('asker');
});

after(async () => {
  await workbench.close();
  rmSync(dir, { recursive: true, force: true });
});

const listedFiles = () =>
  events.flatMap((event) => (event.type === 'files' ? [event.files.map((file) => file.path)] : [])).at(-1) ?? [];

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  assert.ok(check(), what);
}

test('a test saved from a branch reproduces the branch: its iteration, memory, edits; typed values; it passes', async () => {
  const branch = await ask<BranchView>(
    'forkRecording',
    SESSION,
    'asker',
    1,
    { name: 'dogs', memory: { topic: 'dogs', count: '1', flags: '[true,false]' }, source: EDITED },
    false,
  );
  assert.equal(branch.report.live, 1);
  events.length = 0;
  const written = await ask<{ dir: string; files: string[] }>(
    'saveRecordingAsTest',
    branch.branch.path,
    'tests/dogs',
    null,
  );
  assert.deepEqual(written.files.sort(), [
    'tests/dogs/asker.js',
    'tests/dogs/omw.test.base.toml',
    'tests/dogs/omw.test.toml',
  ]);

  const base = parse(readFileSync(join(dir, 'tests/dogs/omw.test.base.toml'), 'utf8')) as {
    memory: { asker: Record<string, unknown> };
  };
  assert.deepEqual({ ...base.memory.asker }, { topic: 'dogs', count: 1, flags: [true, false] });
  assert.equal(readFileSync(join(dir, 'tests/dogs/asker.js'), 'utf8'), EDITED, 'the fork’s edit of the brain');
  const assertions = readFileSync(join(dir, 'tests/dogs/omw.test.toml'), 'utf8');
  assert.match(assertions, /Tell me about dogs 2/, 'the iteration after the fork point, from its memory');
  assert.doesNotMatch(assertions, /cats/);

  // The file tree hears of the folder without a reload.
  await until(() => listedFiles().includes('tests/dogs/omw.test.toml'), 'a files event lists the test');

  const results = await workbench.runTests();
  const result = results.find((r) => r.file === 'tests/dogs/omw.test.toml');
  assert.ok(result, 'the test is discovered');
  assert.equal(result.pass, true, result.report);
});

test('a session test still starts from the config’s seed, written typed', async () => {
  await ask('saveRecordingAsTest', SESSION, 'tests/session', null);
  const base = parse(readFileSync(join(dir, 'tests/session/omw.test.base.toml'), 'utf8')) as {
    memory: { asker: Record<string, unknown> };
  };
  assert.deepEqual({ ...base.memory.asker }, { count: 0, flags: [true, false] });
  assert.match(readFileSync(join(dir, 'tests/session/omw.test.toml'), 'utf8'), /Tell me about cats 1/);
});

test('a file another program writes or removes shows in the file tree, and goes', async () => {
  events.length = 0;
  writeFileSync(join(dir, 'notes.md'), 'hello\n');
  await until(() => listedFiles().includes('notes.md'), 'the new file is listed');
  rmSync(join(dir, 'notes.md'));
  await until(() => !listedFiles().includes('notes.md'), 'the removed file goes');
});

test('a branch header whose memory is not a table of strings is refused; odd keys stay data', async () => {
  const lines = readFileSync(join(dir, '.brainbench/branches/dogs.jsonl'), 'utf8').split('\n');
  const header = JSON.parse(lines[0]!) as { branch: { memory: unknown } };
  header.branch.memory = { count: 5 };
  writeFileSync(join(dir, 'bad.jsonl'), [JSON.stringify(header), ...lines.slice(1)].join('\n'));
  await assert.rejects(ask('saveRecordingAsTest', 'bad.jsonl', 'tests/bad', null), /branch\.memory.*table of strings/);

  header.branch.memory = JSON.parse(
    '{"__proto__": "x", "constructor": "y", "topic": "dogs", "count": "1", "flags": "[]"}',
  );
  writeFileSync(join(dir, 'odd.jsonl'), [JSON.stringify(header), ...lines.slice(1)].join('\n'));
  await ask('saveRecordingAsTest', 'odd.jsonl', 'tests/odd', null);
  const text = readFileSync(join(dir, 'tests/odd/omw.test.base.toml'), 'utf8');
  assert.match(text, /__proto__ = "x"/);
  assert.match(text, /constructor = "y"/);
  assert.equal(({} as Record<string, unknown>)['x'], undefined, 'no prototype was touched');
});
