// Limits hold whatever the brain writes: prints and logs go through a bounded ring in shared
// memory, so a flood neither grows the agent process nor starves the bridge's watchdog, and what a
// brain wrote before it was stopped still reaches the trace.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { LogTrace } from '../../main/trace/trace-event.ts';
import { jsAgents, workspace } from './workspace.ts';

/** Peak resident memory of a process so far (VmHWM), in MiB. */
function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

const rhaiAgent = (name: string, params: string) =>
  `[runtime.rhai]\nkind = "rhai"\n${params}\n\n[agents.${name}]\nruntime = "rhai"\nscript = "${name}.rhai"\n`;

test('a Rhai brain printing in a loop fails at its deadline, and its process stays within its cap', async () => {
  const ws = workspace(rhaiAgent('flood', 'deadline_ms = 2000\nmax_memory_mb = 64\nmax_output_lines = 0'), {
    'flood.rhai': 'let i = 0;\nloop { print(`line ${i} of a flood of output`); i += 1; }\n',
  });
  try {
    await ws.supervisor.start();
    const pid = ws.supervisor.runner('flood').process.pid!;
    const result = await ws.supervisor.step('flood');
    assert.deepEqual(result, { kind: 'failed', error: 'iteration exceeded its deadline of 2000 ms' });
    const prints = ws.trace.filter((e): e is LogTrace => e.type === 'log' && e.level === 'print');
    assert.ok(prints.length > 1000, `the flood's prints reached the trace (${prints.length})`);
    assert.equal(prints[0]!.message, 'line 0 of a flood of output');
    const peak = peakRssMb(pid);
    assert.ok(peak < 64 + 160, `the agent process peaked at ${peak.toFixed(0)} MiB`);
    ws.write('flood.rhai', '"calm"');
    assert.deepEqual(await ws.supervisor.step('flood'), { kind: 'outcome', outcome: { exited: 'calm' } });
  } finally {
    ws.supervisor.dispose();
  }
});

test('a million prints and logs arrive whole and in order', async () => {
  const ws = workspace(
    rhaiAgent('chatty', 'max_memory_mb = 256\nmax_output_lines = 0\n\n[tunables]\noutput_lines_per_second = 0'),
    {
      'chatty.rhai': [
        'for i in 0..500000 { print(i); omw::host::log("info", `log ${i}`); }',
        'omw::host::memory_set("done", "yes");',
      ].join('\n'),
    },
  );
  let count = 0;
  let next = 0;
  let ordered = true;
  ws.host.trace.subscribe((event) => {
    if (event.type !== 'log' || event.agent !== 'chatty') return;
    const expected = count % 2 === 0 ? String(next) : `log ${next}`;
    if (event.message !== expected) ordered = false;
    if (count % 2 === 1) next++;
    count++;
  });
  try {
    const result = await ws.supervisor.step('chatty');
    assert.deepEqual(result, { kind: 'outcome', outcome: 'completed' });
    assert.equal(count, 1_000_000);
    assert.ok(ordered, 'prints and logs keep their order');
    const memorySet = ws.trace.findLast((e) => e.type === 'call' && e.op === 'memory_set');
    const lastLog = ws.trace.findLast((e) => e.type === 'log');
    assert.ok(memorySet && lastLog && lastLog.seq < memorySet.seq, 'output comes before the call that follows it');
  } finally {
    ws.supervisor.dispose();
  }
});

test('printing resets the busy clock: a brain that prints every millisecond is not a busy brain', async () => {
  const ws = workspace(jsAgents(['ticker']), {
    'ticker.js': [
      'const until = Date.now() + 1200;',
      'let last = Date.now();',
      'while (Date.now() < until) { if (Date.now() > last) { print(last); last = Date.now(); } }',
      "'printed for 1.2 s';",
    ].join('\n'),
  });
  try {
    assert.deepEqual(await ws.supervisor.step('ticker'), { kind: 'outcome', outcome: { exited: 'printed for 1.2 s' } });
  } finally {
    ws.supervisor.dispose();
  }
});

test('what a brain printed before it was stopped still reaches the trace', async () => {
  const ws = workspace(jsAgents(['spinner']), { 'spinner.js': "print('about to spin');\nfor (;;) {}\n" });
  try {
    const result = await ws.supervisor.step('spinner');
    assert.match(result.kind === 'failed' ? result.error : '', /more than 300 ms without calling the host/);
    assert.ok(ws.trace.some((e) => e.type === 'log' && e.level === 'print' && e.message === 'about to spin'));
  } finally {
    ws.supervisor.dispose();
  }
});

test('a computing brain past its deadline is reported as past its deadline, in JavaScript and in Rhai', async () => {
  const ws = workspace(
    `[runtime.js]\nkind = "js"\ndeadline_ms = 300\n\n[runtime.rhai]\nkind = "rhai"\ndeadline_ms = 300\n\n` +
      '[agents.js]\nruntime = "js"\nscript = "spin.js"\n\n[agents.rhai]\nruntime = "rhai"\nscript = "spin.rhai"\n',
    { 'spin.js': 'for (;;) {}\n', 'spin.rhai': 'loop {}\n' },
  );
  try {
    const [js, rhai] = await Promise.all([ws.supervisor.step('js'), ws.supervisor.step('rhai')]);
    assert.deepEqual(js, { kind: 'failed', error: 'iteration exceeded its deadline of 300 ms' });
    assert.deepEqual(rhai, { kind: 'failed', error: 'iteration exceeded its deadline of 300 ms' });
  } finally {
    ws.supervisor.dispose();
  }
});
