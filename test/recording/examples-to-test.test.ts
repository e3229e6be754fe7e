// Every JavaScript example, run as its omw test runs it (its mocks, and the real MCP servers of the
// MCP examples) while recorded, comes back as a test folder that passes: the mocks written from the
// recording answer as the run's back ends did, resource updates and endpoint requests included,
// delivered where the brain got them.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { parse } from 'smol-toml';
import { loadTestConfig } from '../../main/config/load-config.ts';
import { Host } from '../../main/host/host.ts';
import { loadRecording } from '../../main/recording/recording.ts';
import { writeRecordingTest } from '../../main/recording/recording-to-test.ts';
import { SessionRecorder } from '../../main/recording/session-recorder.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { Supervisor } from '../../main/supervisor/supervisor.ts';
import { discoverTests } from '../../main/testing/discover-tests.ts';
import { runTest } from '../../main/testing/run-test.ts';

const EXAMPLES = join(import.meta.dirname, '../../examples');
const spawn = { spawner: forkSpawner, entry: agentEntry() };

/** Runs the example's config in run mode, recorded, and writes the recording as a test folder. */
async function recordedAsTest(file: string): Promise<{ dir: string; warnings: string[] }> {
  const config = loadTestConfig(file, { root: EXAMPLES, env: {} });
  const host = new Host(config);
  const supervisor = new Supervisor(host, spawn);
  const scratch = mkdtempSync(join(tmpdir(), 'brainbench-example-rec-'));
  const recorder = new SessionRecorder(supervisor, {
    file: join(scratch, 'run.jsonl'),
    mode: 'run',
    configFile: file,
    brainbench: 'test',
  });
  try {
    await supervisor.run();
  } finally {
    recorder.close();
    await supervisor.shutdown();
  }
  const warnings: string[] = [];
  const dir = join(scratch, 'test');
  writeRecordingTest(loadRecording(recorder.file), dir, undefined, (warning) => warnings.push(warning));
  return { dir, warnings };
}

// An `outcome = "asserted"` agent runs until its harness stops it, so a plain run never ends; and
// ping-pong's agents race each other over the bus, so what each does depends on timing that one
// recording fixes and the next run does not (writeRecordingTest warns about it: tested below).
const runsToItsEnd = (file: string) =>
  !/outcome = "asserted"/.test(readFileSync(join(dirname(file), '../omw.test.base.toml'), 'utf8'));
const deterministic = (file: string) => !relative(EXAMPLES, file).startsWith('ping-pong/');
const jsExamples = discoverTests(EXAMPLES).filter(
  (found) => relative(EXAMPLES, found.file).includes('/js/') && runsToItsEnd(found.file) && deterministic(found.file),
);

test('the JavaScript examples are all here', () => {
  assert.ok(jsExamples.length >= 10, `found ${jsExamples.length}`);
});

test('agents that talk over the bus get a warning that their test may depend on timing', async () => {
  const { warnings } = await recordedAsTest(join(EXAMPLES, 'ping-pong/js/omw.test.toml'));
  assert.deepEqual(warnings, [
    "ping and pong send each other messages: what one does may depend on when the other's arrive, which this test does not fix",
  ]);
});

for (const { file } of jsExamples) {
  const name = relative(EXAMPLES, dirname(file));
  test(`${name}: its recorded run, saved as a test, passes`, { timeout: 60_000 }, async () => {
    const { dir } = await recordedAsTest(file);
    const result = await runTest(join(dir, 'omw.test.toml'), spawn);
    assert.equal(
      result.pass,
      true,
      [...result.errors, ...result.agents.filter((a) => !a.pass).map((a) => `${a.agent}: ${a.reason ?? ''}`)].join(
        '\n',
      ),
    );
  });
}

test('resource updates become gated update steps, after the call the brain made before it got each', async () => {
  const { dir } = await recordedAsTest(join(EXAMPLES, 'resource-subscriptions/js/omw.test.toml'));
  const base = JSON.parse(JSON.stringify(parse(readFileSync(join(dir, 'omw.test.base.toml'), 'utf8')))) as {
    tooling: Record<string, { resource_content_updates: unknown[]; resource_list_updates: unknown[] }>;
  };
  const notes = base.tooling.notes!;
  assert.deepEqual(notes.resource_content_updates, [
    {
      uri: 'mem://notes/today',
      content: 'buy milk and bread',
      after: { kind: 'call', op: '^memory_set$', detail: { key: '^ready$' } },
    },
  ]);
  assert.equal(notes.resource_list_updates.length, 1);
});

test('endpoint requests become the endpoint mock, with how each client ended its session', async () => {
  const { dir } = await recordedAsTest(join(EXAMPLES, 'endpoint-echo/js/omw.test.toml'));
  const base = JSON.parse(JSON.stringify(parse(readFileSync(join(dir, 'omw.test.base.toml'), 'utf8')))) as {
    endpoint: { kind: string; requests: { model: string; session_end?: unknown; messages: unknown[] }[] };
  };
  assert.equal(base.endpoint.kind, 'mock');
  assert.deepEqual(
    base.endpoint.requests.map((r) => [r.model, r.messages, r.session_end]),
    [
      ['echo', [{ role: 'user', content: 'hello endpoint world' }], undefined],
      ['echo', [{ role: 'user', content: 'cut me off here' }], { close: 2 }],
      ['echo', [{ role: 'user', content: 'never mind' }], { abort: 0 }],
    ],
  );
});
