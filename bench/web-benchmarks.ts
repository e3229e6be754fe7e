// The web server under a flood of API calls: `brainbench serve` in a child process (the host) on
// a workspace whose agent has filled the trace, twenty WebSockets sending 300 calls each at once
// (reading the whole trace, checking a long brain, the config schema, and cheap calls), and the
// page on its own socket making a call every 50 ms until the flood is answered. Figures: the
// page's p50 and p99, the flood's p99, and the host's peak resident memory (VmHWM).

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiMethod } from '../contract/workbench-api.ts';
import { ApiClient, LONG_BRAIN, percentile, writeChattyWorkspace, type Answer } from '../test/web/web-load-fixture.ts';
import type { BenchRow } from './bench-row.ts';

const FLOODERS = 20;
const CALLS_EACH = 300;
const MIX: [ApiMethod, unknown[]][] = [
  ['traceHistory', []],
  ['checkBrain', ['long.rhai', LONG_BRAIN]],
  ['configSchema', []],
  ['workspace', []],
  ['readFile', ['chatty.rhai']],
  ['uiSettings', []],
];

const peakRssMb = (pid: number): number =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

export async function webBenchmarks(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-web-bench-'));
  const workspace = writeChattyWorkspace(dir);
  const host = spawn(process.execPath, [join(process.cwd(), 'bin/brainbench.mjs'), 'serve', workspace], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const clients: ApiClient[] = [];
  try {
    const server = await serverOf(host);
    const page = await ApiClient.open(server);
    clients.push(page);
    // A trace worth reading: a few seconds of the chatty agent.
    await page.call('loop', 'chatty');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await page.call('stop', 'chatty');

    const flooders = await Promise.all(Array.from({ length: FLOODERS }, () => ApiClient.open(server)));
    clients.push(...flooders);
    const flood: Promise<Answer>[] = [];
    for (const client of flooders)
      for (let i = 0; i < CALLS_EACH; i++) {
        const [method, params] = MIX[i % MIX.length]!;
        flood.push(client.call(method, ...params));
      }
    let flooding = true;
    const answered = Promise.all(flood).finally(() => (flooding = false));
    const pageTimes: number[] = [];
    while (flooding) {
      const reading = pageTimes.length % 2 === 0;
      pageTimes.push((await (reading ? page.call('readFile', 'chatty.rhai') : page.call('workspace'))).ms);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const floodAnswers = await answered;
    const floodTimes = floodAnswers.filter((answer) => answer.ok).map((answer) => answer.ms);
    const refused = floodAnswers.length - floodTimes.length;
    const flooded = `${FLOODERS} sockets × ${CALLS_EACH} calls`;
    return [
      { name: `web flood (${flooded}): the page's calls, p50`, value: percentile(pageTimes, 0.5), unit: 'ms' },
      { name: `web flood: the page's calls, p99`, value: percentile(pageTimes, 0.99), unit: 'ms', target: '< 2000 ms' },
      {
        name: `web flood: the flood's calls, p99 (${refused} refused as too many waiting)`,
        value: percentile(floodTimes, 0.99),
        unit: 'ms',
      },
      { name: 'web flood: host peak resident memory', value: peakRssMb(host.pid!), unit: 'MB', target: '< 600 MB' },
    ];
  } finally {
    for (const client of clients) client.close();
    const exited = once(host, 'exit');
    host.kill('SIGINT');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The port and token `brainbench serve` prints (its output is read to the end, so it never blocks). */
function serverOf(host: ReturnType<typeof spawn>): Promise<{ port: number; token: string }> {
  return new Promise((resolve, reject) => {
    let printed = '';
    host.stdout!.on('data', (chunk: Buffer) => {
      printed += String(chunk);
      const url = /http:\/\/127\.0\.0\.1:(\d+)\/\?token=(\S+)/.exec(printed);
      if (url) resolve({ port: Number(url[1]), token: url[2]! });
    });
    host.once('exit', () => reject(new Error(`brainbench serve ended before printing its URL: ${printed}`)));
  });
}
