// Output is bounded by default (docs/config.md#runtime-keys): a brain that only prints or logs is
// stopped by `max_output_lines` in every runtime, with the limit named, and one agent's flood
// cannot crowd the others out of the trace (`output_lines_per_second`).

import assert from 'node:assert/strict';
import { relative, join } from 'node:path';
import { tmpdir } from 'node:os';
import { describe, it } from 'node:test';
import type { LogTrace } from '../../main/trace/trace-event.ts';
import { guest } from '../runtimes/wasm/wasm-engine-fixture.ts';
import { waitFor, workspace } from './workspace.ts';

const CAP = 'brain wrote more than 10000 lines of output in one iteration (max_output_lines)';

const lines = (trace: readonly unknown[], agent: string): LogTrace[] =>
  (trace as LogTrace[]).filter(
    (e) => e.type === 'log' && e.agent === agent && (e.level === 'print' || e.level === 'info'),
  );

const single = (kind: string, file: string, params = '') =>
  `[runtime.r]\nkind = "${kind}"\n${params}\n\n[agents.flood]\nruntime = "r"\nscript = "${file}"\n`;

describe('a brain that only prints is stopped by the default limits', () => {
  const floods: [string, string, string][] = [
    ['rhai', 'flood.rhai', 'let i = 0;\nloop { print(`line ${i}`); i += 1; }\n'],
    ['js', 'flood.js', 'let i = 0;\nfor (;;) { omw.host.log("info", "line " + i++); }\n'],
    ['python', 'flood.py', 'i = 0\nwhile True:\n    print(f"line {i}")\n    i += 1\n'],
  ];
  for (const [kind, file, brain] of floods) {
    it(`in ${kind}`, async () => {
      const ws = workspace(single(kind, file), { [file]: brain });
      try {
        assert.deepEqual(await ws.supervisor.step('flood'), { kind: 'failed', error: CAP });
        const written = lines(ws.trace, 'flood');
        assert.equal(written.length, 10_000, 'the first 10000 lines reached the trace');
        assert.equal(written[0]!.message, 'line 0');
        const note = ws.trace.find(
          (e) => e.type === 'log' && e.level === 'warn' && /more lines of output not shown/.test(e.message),
        );
        assert.ok(note, 'the lines past the limit are counted');
      } finally {
        ws.supervisor.dispose();
      }
    });
  }

  it('in a component (a custom interpreter printing through WASI), which cannot interrupt itself', async () => {
    const interpreter = relative(join(tmpdir(), 'workspace'), guest('line-interpreter'));
    const ws = workspace(single('js', 'flood.js', `interpreter = "${interpreter}"`), {
      'flood.js': 'flood over and over\n',
    });
    try {
      assert.deepEqual(await ws.supervisor.step('flood'), { kind: 'failed', error: CAP });
      assert.equal(lines(ws.trace, 'flood').length, 10_000);
      ws.write('flood.js', 'exit calm\n');
      assert.deepEqual(await ws.supervisor.step('flood'), { kind: 'outcome', outcome: { exited: 'calm' } });
    } finally {
      ws.supervisor.dispose();
    }
  });
});

describe('max_output_lines over the range the schema accepts', () => {
  it('1 lets one line through and stops at the second', async () => {
    const ws = workspace(single('rhai', 'two.rhai', 'max_output_lines = 1'), {
      'two.rhai': 'print("one");\nprint("two");\n"done"',
    });
    try {
      assert.deepEqual(await ws.supervisor.step('flood'), {
        kind: 'failed',
        error: 'brain wrote more than 1 lines of output in one iteration (max_output_lines)',
      });
      assert.deepEqual(
        lines(ws.trace, 'flood').map((e) => e.message),
        ['one'],
      );
    } finally {
      ws.supervisor.dispose();
    }
  });

  it('0 is no limit', async () => {
    const ws = workspace(single('js', 'many.js', 'max_output_lines = 0'), {
      'many.js': 'for (let i = 0; i < 30000; i++) print(i);\n"done";\n',
    });
    try {
      assert.deepEqual(await ws.supervisor.step('flood'), { kind: 'outcome', outcome: { exited: 'done' } });
    } finally {
      ws.supervisor.dispose();
    }
  });
});

describe('fairness', () => {
  it("one agent's flood is capped and counted, and a quiet agent's lines are all kept", async () => {
    const ws = workspace(
      '[runtime.js]\nkind = "js"\n\n[tunables]\noutput_lines_per_second = 1000\noutput_burst_lines = 2000\n\n' +
        '[agents.loud]\nruntime = "js"\nscript = "loud.js"\n\n[agents.quiet]\nruntime = "js"\nscript = "quiet.js"\n',
      {
        'loud.js': 'for (let i = 0; i < 9000; i++) print("loud " + i);\n',
        'quiet.js':
          'const n = (omw.host.memoryGetAs("n") ?? 0) + 1;\nomw.host.memorySetAs("n", n);\nprint("quiet " + n);\n',
      },
    );
    try {
      ws.supervisor.runner('loud').startLoop();
      ws.supervisor.runner('quiet').startLoop();
      const droppedNotes = () =>
        ws.trace.filter(
          (e): e is LogTrace => e.type === 'log' && e.agent === 'loud' && /lines of output dropped/.test(e.message),
        );
      const loudLines = () =>
        droppedNotes().reduce((sum, e) => sum + Number(/^(\d+)/.exec(e.message)![1]), 0) +
        lines(ws.trace, 'loud').length;
      // Both have had their time: fifty quiet iterations, and more than one whole flood.
      await waitFor(
        () => lines(ws.trace, 'quiet').length >= 50 && loudLines() > 9000,
        '50 quiet iterations and more than 9,000 loud lines',
        60_000,
      );
      await Promise.all([ws.supervisor.stop('loud'), ws.supervisor.stop('quiet')]);
      const quiet = lines(ws.trace, 'quiet').map((e) => e.message);
      assert.deepEqual(
        quiet,
        quiet.map((_, i) => `quiet ${i + 1}`),
        'every quiet line, in order',
      );
      assert.ok(droppedNotes().length > 0, 'the flood says how many of its lines were dropped');
      assert.ok(lines(ws.trace, 'loud').length < loudLines(), 'fewer loud lines kept than printed');
    } finally {
      ws.supervisor.dispose();
    }
  });
});
