import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { loadConfig } from '../../main/config/load-config.ts';
import type { HostOp } from '../../main/host-api/host-ops.generated.ts';
import type { EventEnvelope } from '../../main/host-api/wit-types.generated.ts';
import { Host } from '../../main/host/host.ts';
import type { TraceEvent } from '../../main/trace/trace-event.ts';
import { EVERYTHING_SERVER, FILESYSTEM_SERVER, eventually } from './mcp-servers.ts';

// MCP tooling behind the host, as a brain reaches it: trace, handles and inbox.

describe('mcp tooling through the host', () => {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'brainbench-mcp-host-')));
  mkdirSync(join(dir, 'shared'));
  writeFileSync(join(dir, 'shared', 'a.txt'), 'A');
  writeFileSync(
    join(dir, 'omw.toml'),
    `[runtime.js]
kind = "js"
[agents.alice]
runtime = "js"
script = "a.js"
[tooling.everything]
kind = "mcp"
transport = "stdio"
command = ${JSON.stringify(process.execPath)}
args = [${JSON.stringify(EVERYTHING_SERVER)}]
[tooling.files]
kind = "mcp"
transport = "stdio"
command = ${JSON.stringify(process.execPath)}
args = [${JSON.stringify(FILESYSTEM_SERVER)}, "."]
cwd = "shared"
`,
  );
  let host: Host;
  const trace: TraceEvent[] = [];
  const call = (op: HostOp, ...args: unknown[]) => host.call('alice', op, args);
  const inbox = (): EventEnvelope[] => [...host.bus.inbox('alice').peek()];
  const ofHandle = (uuid: string) =>
    trace.flatMap((e) =>
      (e.type === 'opened' || e.type === 'closed') && e.uuid === uuid
        ? [`${e.type} ${e.source}${e.type === 'closed' ? ` ${e.reason}` : ''}`]
        : [],
    );

  before(() => {
    host = new Host(loadConfig(join(dir, 'omw.toml'), { env: {} }));
    host.trace.subscribe((e) => trace.push(e));
    host.prepareIteration('alice');
  });
  after(() => host.close());

  it('lists both servers with their kind and live status', async () => {
    await eventually(() => host.backends().every((b) => b.status?.state === 'ready'), 'both servers ready');
    assert.deepEqual(
      host.backends().map((b) => [b.section, b.name, b.kind, b.status?.state]),
      [
        ['tooling', 'everything', 'mcp', 'ready'],
        ['tooling', 'files', 'mcp', 'ready'],
      ],
    );
  });

  it('resolves a relative cwd against the config file', async () => {
    const result = (await call('tooling.call-tool-blocking', 'files', 'list_allowed_directories', '{}')) as {
      content: string;
    };
    assert.match(JSON.parse(result.content)[0].text, new RegExp(join(dir, 'shared').replace(/[/\\]/g, '.')));
  });

  it('delivers a queued call into the inbox and traces opened, then closed ended', async () => {
    const uuid = (await call('tooling.call-tool', 'everything', 'echo', '{"message":"queued"}')) as string;
    await eventually(() => inbox().some((e) => e.id === uuid), 'the tool result');
    const envelope = host.bus.inbox('alice').tryTake()!;
    assert.equal(envelope.event.kind, 'tool-result');
    assert.equal(await call('tooling.is-open', 'everything', uuid), false);
    assert.deepEqual(ofHandle(uuid), ['opened tool-call', 'closed tool-call ended']);
  });

  it('subscribes through the server, delivers updates and unsubscribes', async () => {
    const uuid = (await call('tooling.subscribe-resource', 'everything', 'demo://resource/dynamic/text/4')) as string;
    await call('tooling.call-tool-blocking', 'everything', 'toggle-subscriber-updates', '{}');
    await eventually(() => inbox().some((e) => e.id === uuid), 'the resource update');
    const update = host.bus.inbox('alice').tryTake()!;
    assert.equal(update.event.kind === 'resource-updated' && update.event.data.uri, 'demo://resource/dynamic/text/4');
    await call('tooling.unsubscribe-resource', 'everything', uuid);
    await call('tooling.call-tool-blocking', 'everything', 'toggle-subscriber-updates', '{}');
    assert.deepEqual(ofHandle(uuid), ['opened resource', 'closed resource cancelled']);
  });

  it('a subscription the server refuses fails the call and closes the handle', async () => {
    await assert.rejects(call('tooling.subscribe-resource', 'files', 'file:///nowhere'), /does not support resources/);
    const closed = trace.filter((e) => e.type === 'closed' && e.source === 'resource' && e.reason === 'failed');
    assert.equal(closed.length, 1);
  });

  it('restarts a server on request and shows it', async () => {
    const before = host.backends().find((b) => b.name === 'files')!.status!.pid;
    await host.restartBackend('tooling', 'files');
    const status = host.backends().find((b) => b.name === 'files')!.status!;
    assert.equal(status.state, 'ready');
    assert.equal(status.restarts, 1);
    assert.notEqual(status.pid, before);
  });
});
