import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

import { loadConfig } from '../main/config/load-config.ts';
import { Host } from '../main/host/host.ts';
import type { BenchRow } from './bench-row.ts';
import { median } from './stats.ts';

const SAMPLES = 200;
const EVERYTHING = fileURLToPath(
  new URL('../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url),
);
const CHUNK = `data: ${JSON.stringify({
  id: 'bench',
  object: 'chat.completion.chunk',
  created: 0,
  model: 'bench',
  choices: [{ index: 0, delta: { content: 'token' }, finish_reason: null }],
})}\n\n`;

/**
 * A chat-completions server whose stream stays open with its headers sent until the benchmark
 * writes the first event, so the clock starts at the first SSE byte and nothing before it.
 */
async function heldStreamServer() {
  let held: ((res: ServerResponse) => void) | undefined;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.flushHeaders();
      held?.(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    nextStream: () => new Promise<ServerResponse>((resolve) => (held = resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

function benchHost(extra: string): Host {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-io-bench-'));
  writeFileSync(
    join(dir, 'omw.toml'),
    `[runtime.js]\nkind = "js"\n[agents.alice]\nruntime = "js"\nscript = "a.js"\n${extra}`,
  );
  const host = new Host(loadConfig(join(dir, 'omw.toml'), { env: {} }));
  host.prepareIteration('alice');
  return host;
}

/**
 * From the first SSE byte the server writes to the `chat-delta` in the agent's inbox; the floor is
 * the same byte read by a bare fetch.
 */
async function providerOverhead(): Promise<BenchRow> {
  const server = await heldStreamServer();
  const host = benchHost(`[providers.local]\nkind = "openai"\nbase_url = "${server.origin}/v1"\nmax_retries = 0\n`);
  const inbox = host.bus.inbox('alice');
  const signal = new AbortController().signal;
  const viaHost: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    let stream = server.nextStream();
    await host.call('alice', 'provider.chat-stream', ['local', 'bench', [{ role: 'user', content: 'hi' }], []]);
    let res = await stream;
    await settle();
    let started = performance.now();
    res.write(CHUNK);
    await inbox.take(5000, signal);
    viaHost.push(performance.now() - started);
    res.end('data: [DONE]\n\n');
    await inbox.take(5000, signal);

    stream = server.nextStream();
    const response = fetch(`${server.origin}/raw`, { method: 'POST', body: '{}' });
    res = await stream;
    const reader = (await response).body!.getReader();
    await settle();
    started = performance.now();
    res.write(CHUNK);
    await reader.read();
    bare.push(performance.now() - started);
    res.end();
    while (!(await reader.read()).done);
  }
  await host.close();
  await server.close();
  return {
    name: 'provider: first SSE byte to chat-delta in the inbox',
    value: median(viaHost),
    unit: 'ms',
    floor: median(bare),
    target: '< 2 ms',
  };
}

/** A tool call through the host against a bare SDK client calling the same server binary. */
async function mcpOverhead(): Promise<BenchRow[]> {
  const host = benchHost(
    [
      '[tooling.everything]',
      'kind = "mcp"',
      'transport = "stdio"',
      `command = ${JSON.stringify(process.execPath)}`,
      `args = [${JSON.stringify(EVERYTHING)}]`,
    ].join('\n'),
  );
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [EVERYTHING], stderr: 'ignore' }));
  const inbox = host.bus.inbox('alice');
  const signal = new AbortController().signal;
  const args = ['everything', 'echo', '{"message":"bench"}'];
  // Warm up both paths (connections, JIT).
  for (let i = 0; i < 20; i++) {
    await client.callTool({ name: 'echo', arguments: { message: 'bench' } });
    await host.call('alice', 'tooling.call-tool-blocking', args);
  }
  const bare: number[] = [];
  const blocking: number[] = [];
  const queued: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    let started = performance.now();
    await client.callTool({ name: 'echo', arguments: { message: 'bench' } });
    bare.push(performance.now() - started);
    started = performance.now();
    await host.call('alice', 'tooling.call-tool-blocking', args);
    blocking.push(performance.now() - started);
    started = performance.now();
    await host.call('alice', 'tooling.call-tool', args);
    await inbox.take(5000, signal);
    queued.push(performance.now() - started);
  }
  await client.close();
  await host.close();
  const floor = median(bare);
  return [
    {
      name: 'mcp: call-tool-blocking via the host (echo)',
      value: median(blocking),
      unit: 'ms',
      floor,
      target: '< 1.5x bare SDK',
    },
    {
      name: 'mcp: queued call-tool to tool-result in the inbox',
      value: median(queued),
      unit: 'ms',
      floor,
      target: '< 1.5x bare SDK',
    },
  ];
}

export async function ioBenchmarks(): Promise<BenchRow[]> {
  return [await providerOverhead(), ...(await mcpOverhead())];
}
