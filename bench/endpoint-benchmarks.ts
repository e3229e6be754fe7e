import { mkdtempSync, writeFileSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { forkSpawner } from '../main/supervisor/fork-spawner.ts';
import { loadConfig } from '../main/config/load-config.ts';
import { OpenaiEndpointServer } from '../main/endpoint/openai/openai-endpoint-server.ts';
import { Host } from '../main/host/host.ts';
import { agentEntry } from '../main/supervisor/agent-entry.ts';
import { Supervisor } from '../main/supervisor/supervisor.ts';
import type { BenchRow } from './bench-row.ts';
import { median } from './stats.ts';

const SAMPLES = 201;
const LONG_REPLY = 2000;

// Answers "long" with LONG_REPLY deltas and anything else with one word, then the finish.
const BRAIN = `
omw.host.subscribeEndpoint('bench');
for (;;) {
  const e = omw.host.recv();
  if (e.kind !== 'endpoint-message') continue;
  const session = e.payload.session;
  const count = e.payload.messages[0].content === 'long' ? ${LONG_REPLY} : 1;
  for (let i = 0; i < count; i++) omw.host.streamEndpoint(session, { content: 'token' });
  omw.host.streamEndpoint(session, { finishReason: 'stop' });
}
`;

const BODY = (content: string) =>
  JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content }] });

interface Timings {
  firstDeltaMs: number;
  totalMs: number;
}

/** One streamed chat completion over a kept-alive connection, timed from the request to the first content chunk. */
function streamedRequest(port: number, agent: Agent, content: string): Promise<Timings> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstDeltaMs: number | undefined;
    const req = request({ host: '127.0.0.1', port, path: '/v1/chat/completions', method: 'POST', agent }, (res) => {
      res.on('data', (part: Buffer) => {
        if (firstDeltaMs === undefined && part.includes('"content"')) firstDeltaMs = performance.now() - started;
      });
      res.on('end', () => {
        if (firstDeltaMs === undefined) reject(new Error(`no delta in the reply (status ${res.statusCode})`));
        else resolve({ firstDeltaMs, totalMs: performance.now() - started });
      });
    });
    req.on('error', reject);
    req.end(BODY(content));
  });
}

/** The floor: the same request answered at once by a bare node:http server in this process. */
async function bareServer(): Promise<{ port: number; close: () => void }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end('data: {"choices":[{"index":0,"delta":{"content":"token"}}]}\n\ndata: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

async function sample(port: number, content: string, runs: number): Promise<Timings[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (let i = 0; i < 20; i++) await streamedRequest(port, agent, content);
    const timings: Timings[] = [];
    for (let i = 0; i < runs; i++) timings.push(await streamedRequest(port, agent, content));
    return timings;
  } finally {
    agent.destroy();
  }
}

export async function endpointBenchmarks(): Promise<BenchRow[]> {
  const bare = await bareServer();
  const floor = median((await sample(bare.port, 'x', SAMPLES)).map((t) => t.firstDeltaMs));
  bare.close();

  const dir = mkdtempSync(join(tmpdir(), 'brainbench-bench-'));
  writeFileSync(
    join(dir, 'omw.toml'),
    '[runtime.js]\nkind = "js"\n\n[agents.server]\nruntime = "js"\nscript = "server.js"\n\n[endpoint]\nkind = "openai"\nlisten = "127.0.0.1:0"\n',
  );
  writeFileSync(join(dir, 'server.js'), BRAIN);
  const host = new Host(loadConfig(join(dir, 'omw.toml'), { env: {} }));
  const supervisor = new Supervisor(host, { spawner: forkSpawner, entry: agentEntry() });
  const server = host.endpoint!.transport as OpenaiEndpointServer;
  const { port } = await server.listening;
  const running = supervisor.run();
  try {
    while (!host.endpoint!.models.owner('bench')) await new Promise((resolve) => setTimeout(resolve, 5));
    const firstDelta = median((await sample(port, 'x', SAMPLES)).map((t) => t.firstDeltaMs));
    const long = await sample(port, 'long', 9);
    const deltasPerSecond = median(long.map((t) => LONG_REPLY / (t.totalMs / 1000)));
    return [
      { name: 'floor: bare node:http streamed reply, first chunk', value: floor, unit: 'ms' },
      {
        name: 'endpoint request to first delta (JS brain)',
        value: firstDelta,
        unit: 'ms',
        floor,
        target: '< 5 ms',
      },
      { name: 'endpoint streamed deltas, brain to client', value: deltasPerSecond, unit: 'delta/s' },
    ];
  } finally {
    await supervisor.shutdown();
    await running;
  }
}
