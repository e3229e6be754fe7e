// Every limit the config accepts ends a brain that exceeds it with that limit's own error, in
// every runtime it applies to, at the ends of its range: the iteration fails with the limit's
// message, the agent process lives on, and its next iteration (a brain within the limit) runs. A
// limit's largest value runs a brain at all. One real agent process per row.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { IterationResult } from '../../contract/iteration-result.ts';
import { ConfigError } from '../../main/config/config-error.ts';
import { MAX_MEMORY_MB, MAX_STACK_KB, MIN_MEMORY_MB, MIN_STACK_KB } from '../../main/runtimes/runtime-params.ts';
import { guest } from '../runtimes/wasm/wasm-engine-fixture.ts';
import { workspace } from './workspace.ts';

type Kind = 'js' | 'rhai' | 'python' | 'wasm';

interface Row {
  kind: Kind;
  /** `[runtime.r]` lines beside `kind`. */
  params: string;
  /** The brain's source, or for `wasm` the component to run. */
  brain: string;
  /** What its iteration fails with; absent, the brain is within the limit and exits with `exited`. */
  error?: string | RegExp;
  /** The next iteration's brain (a component runs again as it is) and what it exits with. */
  next?: string;
  exited: string;
  /** The limit is a few milliseconds: a loaded machine may hold the next brain up that long too. */
  timing?: boolean;
  /** Memory the agent starts with (the `spin` component spins while it holds `spin`). */
  memory?: Record<string, string>;
}

const FILES: Record<Exclude<Kind, 'wasm'>, string> = { js: 'brain.js', rhai: 'brain.rhai', python: 'brain.py' };
const FINE: Record<Exclude<Kind, 'wasm'>, string> = { js: '"fine";', rhai: '"fine"', python: '"fine"' };
const LINES = guest('line-interpreter');

/** Beside a memory cap: on a loaded machine the default busy limit can come first. */
const PATIENT = 'max_busy_ms = 60000';
const cap = (mb: number) => `brain exceeded its memory cap of ${mb} MiB`;
const busy = 'brain computed for more than 1 ms without calling the host';
const deadline = 'iteration exceeded its deadline of 1 ms';
const output = 'brain wrote more than 1 lines of output in one iteration (max_output_lines)';

/**
 * By key: a brain past its limit at the ends of its range (the smallest memory cap, also at the
 * 64 and 96 MiB that once ended the process), or one that runs at all at the largest.
 */
const ROWS: Record<string, Row[]> = {
  max_memory_mb: [
    ...[MIN_MEMORY_MB, 64, 96].map((mb): Row => ({
      kind: 'rhai',
      params: `max_memory_mb = ${mb}\n${PATIENT}`,
      brain: 'let a = [];\nloop { a.push(a.len()); }',
      error: `${cap(mb)}: Size of array too large`,
      exited: 'fine',
    })),
    {
      kind: 'rhai',
      params: `max_memory_mb = ${MIN_MEMORY_MB}\n${PATIENT}`,
      brain:
        'let a = [];\nlet b = [];\nlet c = [];\nlet d = [];\nlet e = [];\nloop { a.push(0); b.push(1); c.push(2); d.push(3); e.push(4); }',
      error: cap(MIN_MEMORY_MB),
      exited: 'fine',
    },
    {
      kind: 'rhai',
      params: `max_memory_mb = ${MIN_MEMORY_MB}\n${PATIENT}`,
      brain:
        'fn keep(n, a) { let b = a; b.push(n); if n > 0 { keep(n - 1, b) } else { 0 } }\nlet a = [];\na.pad(500000, 0);\nkeep(60, a)',
      error: cap(MIN_MEMORY_MB),
      exited: 'fine',
    },
    {
      kind: 'js',
      params: `max_memory_mb = ${MIN_MEMORY_MB}\n${PATIENT}`,
      brain: 'const a = [];\nfor (;;) a.push("x" + a.length);',
      error: cap(MIN_MEMORY_MB),
      exited: 'fine',
    },
    {
      kind: 'python',
      params: `max_memory_mb = ${MIN_MEMORY_MB}\n${PATIENT}`,
      brain: 'a = []\nwhile True:\n    a.append(str(len(a)))',
      error: cap(MIN_MEMORY_MB),
      exited: 'fine',
    },
    {
      kind: 'js',
      params: `max_memory_mb = ${MIN_MEMORY_MB}\n${PATIENT}\ninterpreter = ${JSON.stringify(LINES)}`,
      brain: 'hog\n',
      error: `${cap(MIN_MEMORY_MB)}: out of memory`,
      next: 'exit fine\n',
      exited: 'fine',
    },
    ...(['js', 'rhai', 'python'] as const).map((kind): Row => ({
      kind,
      params: `max_memory_mb = ${MAX_MEMORY_MB}`,
      brain: FINE[kind],
      exited: 'fine',
    })),
    { kind: 'wasm', params: `max_memory_mb = ${MAX_MEMORY_MB}`, brain: guest('noop'), exited: '' },
  ],
  max_stack_kb: [MIN_STACK_KB, MAX_STACK_KB].flatMap((kb): Row[] => [
    {
      kind: 'js',
      params: `max_stack_kb = ${kb}`,
      brain: 'function down(n) { return down(n + 1) + 1; }\ndown(0);',
      error: 'InternalError: stack overflow',
      exited: 'fine',
    },
    {
      kind: 'rhai',
      params: `max_stack_kb = ${kb}`,
      brain: 'fn down(n) { down(n + 1) }\ndown(0)',
      error: 'Stack overflow',
      exited: 'fine',
    },
    {
      kind: 'python',
      params: `max_stack_kb = ${kb}`,
      brain: 'def down(n):\n    return down(n + 1)\n\ndown(0)',
      error: 'RecursionError: maximum recursion depth exceeded',
      exited: 'fine',
    },
  ]),
  max_busy_ms: [
    { kind: 'js', params: 'max_busy_ms = 1', brain: 'for (;;) {}', error: busy, exited: 'fine', timing: true },
    { kind: 'rhai', params: 'max_busy_ms = 1', brain: 'loop {}', error: busy, exited: 'fine', timing: true },
    {
      kind: 'python',
      params: 'max_busy_ms = 1',
      brain: 'while True:\n    pass',
      error: busy,
      exited: 'fine',
      timing: true,
    },
    {
      kind: 'wasm',
      params: 'max_busy_ms = 1',
      brain: guest('spin'),
      memory: { spin: 'yes' },
      error: busy,
      exited: '',
      timing: true,
    },
  ],
  deadline_ms: [
    {
      kind: 'js',
      params: 'deadline_ms = 1',
      brain: 'omw.host.sleepFor(300);\n"slept";',
      error: deadline,
      exited: 'fine',
      timing: true,
    },
    {
      kind: 'rhai',
      params: 'deadline_ms = 1',
      brain: 'omw::host::sleep_for(300);\n"slept"',
      error: deadline,
      exited: 'fine',
      timing: true,
    },
    {
      kind: 'python',
      params: 'deadline_ms = 1',
      brain: 'omw.host.sleep_for(300)\n"slept"',
      error: deadline,
      exited: 'fine',
      timing: true,
    },
    {
      kind: 'wasm',
      params: 'deadline_ms = 1',
      brain: guest('spin'),
      memory: { spin: 'yes' },
      error: deadline,
      exited: '',
      timing: true,
    },
  ],
  max_output_lines: [
    {
      kind: 'js',
      params: 'max_output_lines = 1',
      brain: 'print(1);\nprint(2);\n"two";',
      error: output,
      exited: 'fine',
    },
    {
      kind: 'rhai',
      params: 'max_output_lines = 1',
      brain: 'print(1);\nprint(2);\n"two"',
      error: output,
      exited: 'fine',
    },
    {
      kind: 'python',
      params: 'max_output_lines = 1',
      brain: 'print(1)\nprint(2)\n"two"',
      error: output,
      exited: 'fine',
    },
    {
      kind: 'js',
      params: `max_output_lines = 1\ninterpreter = ${JSON.stringify(LINES)}`,
      brain: 'print one\nprint two\nexit two\n',
      error: output,
      next: 'print one\nexit fine\n',
      exited: 'fine',
    },
  ],
  // The Rhai language's own limits at their smallest: 0 is unlimited for operations, expression
  // depths and sizes (which leaves the memory cap), and none allowed for the counts.
  'Rhai language limits': [
    {
      kind: 'rhai',
      params: 'max_operations = 0',
      brain: 'let n = 0;\nfor i in 0..100000 { n += 1; }\nn',
      exited: '100000',
    },
    {
      kind: 'rhai',
      params: 'max_operations = 1',
      brain: 'let n = 0;\nn += 1;\nn',
      error: 'Too many operations',
      next: '',
      exited: '',
    },
    { kind: 'rhai', params: 'max_expr_depth = 0', brain: '((((((((((((1))))))))))))', exited: '1' },
    { kind: 'rhai', params: 'max_fn_expr_depth = 0', brain: 'fn f() { ((((((1)))))) }\nf()', exited: '1' },
    {
      kind: 'rhai',
      params: 'max_fn_expr_depth = 1',
      brain: 'fn f() { ((((1)))) }\nf()',
      error: 'Expression exceeds maximum complexity',
      exited: 'fine',
    },
    {
      kind: 'rhai',
      params: 'max_call_levels = 0',
      brain: 'fn f() { 1 }\nf()',
      error: 'Stack overflow',
      exited: 'fine',
    },
    {
      kind: 'rhai',
      params: 'max_variables = 0',
      brain: 'let x = 1;\nx',
      error: 'Too many variables defined',
      exited: 'fine',
    },
    {
      kind: 'rhai',
      params: 'max_functions = 0',
      brain: 'fn f() { 1 }\nf()',
      error: 'Number of functions defined exceeds maximum limit',
      exited: 'fine',
    },
    {
      kind: 'rhai',
      params: 'max_modules = 0',
      brain: 'import "elsewhere" as m;\n1',
      error: 'Too many modules imported',
      next: 'omw::host::whoami()',
      exited: 'a',
    },
    ...(
      [
        ['max_string_size', 'let s = "x";\nloop { s += s; }', 'Length of string too large'],
        ['max_array_size', 'let a = [];\nloop { a.push(a.len()); }', 'Size of array too large'],
        ['max_map_size', 'let m = #{};\nlet i = 0;\nloop { m[`k${i}`] = i; i += 1; }', 'Size of object map too large'],
      ] as const
    ).flatMap(([key, brain, tooLarge]): Row[] => [
      {
        kind: 'rhai',
        params: `${key} = 0\nmax_memory_mb = ${MIN_MEMORY_MB}\n${PATIENT}`,
        brain,
        error: `${cap(MIN_MEMORY_MB)}: ${tooLarge}`,
        exited: 'fine',
      },
    ]),
    {
      kind: 'rhai',
      params: 'max_string_size = 1',
      brain: '"xy"',
      error: 'Length of string exceeds the maximum limit (1)',
      next: '"f"',
      exited: 'f',
    },
    {
      kind: 'rhai',
      params: 'max_array_size = 1',
      brain: '[1, 2]',
      error: 'Size of array literal exceeds the maximum limit (1)',
      // As upstream, a literal is checked before its closing bracket too: one item is too many.
      next: 'let a = [];\na.push(1);\na',
      exited: '[1]',
    },
    {
      kind: 'rhai',
      params: 'max_map_size = 1',
      brain: '#{a: 1, b: 2}',
      error: 'Number of properties in object map literal exceeds the maximum limit (1)',
      next: '#{a: 1}',
      exited: '#{"a": 1}',
    },
  ],
};

const outcomeOf = (result: IterationResult): string =>
  result.kind === 'outcome' ? (result.outcome === 'completed' ? '' : result.outcome.exited) : '';
const errorOf = (result: IterationResult): string => (result.kind === 'failed' ? result.error : '');

async function check(row: Row): Promise<void> {
  const script = row.kind === 'wasm' ? row.brain : FILES[row.kind];
  const kind = row.kind;
  const ws = workspace(
    `[runtime.r]\nkind = "${kind}"\n${row.params}\n\n[agents.a]\nruntime = "r"\nscript = ${JSON.stringify(script)}\n`,
    row.kind === 'wasm' ? {} : { [script]: row.brain },
  );
  try {
    for (const [key, value] of Object.entries(row.memory ?? {})) ws.host.context('a').memory.set(key, value);
    const first = await ws.supervisor.step('a');
    if (row.error === undefined) {
      assert.deepEqual([first.kind, outcomeOf(first)], ['outcome', row.exited]);
      return;
    }
    const error = errorOf(first);
    assert.equal(first.kind, 'failed', `the brain ran: ${JSON.stringify(first)}`);
    if (typeof row.error === 'string') assert.equal(error, row.error);
    else assert.match(error, row.error);
    const pid = ws.supervisor.runner('a').process.pid;
    if (row.kind !== 'wasm') ws.write(script, row.next ?? FINE[row.kind]);
    // A limit of a millisecond or two can catch the next brain too while the machine is busy;
    // it must then fail the same way, and run within a few tries.
    for (let attempt = 1; ; attempt++) {
      const next = await ws.supervisor.step('a');
      if (next.kind === 'outcome' || !row.timing || attempt === 5) {
        assert.deepEqual([next.kind, outcomeOf(next), errorOf(next)], ['outcome', row.exited, '']);
        break;
      }
      assert.equal(errorOf(next), error);
    }
    assert.equal(ws.supervisor.runner('a').process.pid, pid, 'the same agent process ran the next iteration');
  } finally {
    ws.supervisor.dispose();
  }
}

for (const [key, rows] of Object.entries(ROWS)) {
  describe(key, () => {
    for (const row of rows) {
      const name = `${row.kind}: ${row.params.split('\n')[0]}${row.error === undefined ? ' runs' : ''}: ${row.brain.split('\n').at(-1)}`;
      // A hung agent is a failure of its row, not of the whole file.
      it(name, { timeout: 120_000 }, () => check(row));
    }
  });
}

describe('outside the range', () => {
  for (const [mb, why] of [
    [MIN_MEMORY_MB - 1, /expected at least 16 \(MiB\): the js engine's memory is 16 MiB before a brain runs/],
    [MAX_MEMORY_MB + 1, /expected at most 4096 \(MiB\): a WebAssembly memory holds at most 4 GiB/],
  ] as const) {
    it(`max_memory_mb = ${mb} is a config error at its key, saying why`, () => {
      assert.throws(
        () =>
          workspace(
            `[runtime.r]\nkind = "rhai"\nmax_memory_mb = ${mb}\n\n[agents.a]\nruntime = "r"\nscript = "a.rhai"\n`,
            { 'a.rhai': '1' },
          ),
        (error: unknown) =>
          error instanceof ConfigError &&
          /runtime\.r\.max_memory_mb/.test(error.message) &&
          why.test(error.message) &&
          error.line === 3,
      );
    });
  }
});
