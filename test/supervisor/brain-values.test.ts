// A value the host cannot take is the brain's own error, in its own language, and it comes fast:
// BigInts, functions, symbols, values that contain themselves and values nested past
// MAX_VALUE_DEPTH, handed to `memory_set_as` or as a tool call's JSON arguments. Each brain
// catches every one of them, checks that a value at the limit still goes through, and says what
// it caught; nothing it was refused reached the host. Real agent processes: a 20,000-deep value
// needs the engine thread's stack (the test process's main thread has far less).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_VALUE_DEPTH } from '../../main/runtimes/binding/value-limits.ts';
import { workspace } from './workspace.ts';

const TOOLING = '[tooling.t]\nkind = "mock"\ntool_calls = [ { name = "echo", result = "pong" } ]\n';
/** Generous: each refusal takes milliseconds; a check that walked the whole value took seconds. */
const FAST_MS = 1000;

const noJsonForm = (kind: string) => `value holds ${kind}, which cannot be passed to the host (it has no JSON form)`;
const TOO_DEEP = `value is nested deeper than ${MAX_VALUE_DEPTH} levels, the most a value passed to the host may have (MAX_VALUE_DEPTH)`;
const CYCLE = 'value contains itself, which JSON cannot hold';

function agent(kind: string, file: string, brain: string) {
  return workspace(
    `[runtime.r]\nkind = "${kind}"\nmax_busy_ms = 60000\n\n${TOOLING}\n[agents.a]\nruntime = "r"\nscript = "${file}"\n`,
    { [file]: brain },
  );
}

interface Report {
  caught: Record<string, string>;
  refusedInMs: number;
}

function assertReport(report: Report, expected: Record<string, string>): void {
  assert.deepEqual(report.caught, expected);
  assert.ok(report.refusedInMs < FAST_MS, `the deep values were refused in ${report.refusedInMs} ms`);
}

const JS_BRAIN = `
const caught = {};
const attempt = (name, f) => {
  try {
    f();
    caught[name] = 'accepted';
  } catch (e) {
    caught[name] = e.constructor.name + ': ' + e.message;
  }
};
const tool = omw.tooling.get('t');
const nest = (levels, inner) => { let v = inner; for (let i = 0; i < levels; i++) v = [v]; return v; };
const deep = nest(20000, 1);
const cyclic = { a: [] };
cyclic.a.push(cyclic);
attempt('bigint', () => omw.host.memorySetAs('k', 10n));
attempt('nested bigint', () => omw.host.memorySetAs('k', { n: [1, 10n] }));
attempt('function', () => omw.host.memorySetAs('k', { f() {} }));
attempt('symbol', () => omw.host.memorySetAs('k', [Symbol('s')]));
attempt('cycle', () => omw.host.memorySetAs('k', cyclic));
attempt('bigint arguments', () => tool.callToolBlocking('echo', 10n));
attempt('function arguments', () => tool.callToolBlocking('echo', { f: () => 1 }));
const started = Date.now();
attempt('deep', () => omw.host.memorySetAs('k', deep));
attempt('deep arguments', () => tool.callToolBlocking('echo', { deep }));
const refusedInMs = Date.now() - started;
// A brain that replaced what the check might call is checked all the same.
WeakMap.prototype.get = () => 0;
JSON.stringify = () => '1';
attempt('deep, globals replaced', () => omw.host.memorySetAs('k', deep));
attempt('one level past the limit', () => omw.host.memorySetAs('k', { v: nest(${MAX_VALUE_DEPTH}, 1) }));
attempt('at the limit', () => tool.callToolBlocking('echo', { v: nest(${MAX_VALUE_DEPTH - 1}, 1) }));
({ caught, refusedInMs });
`;

const RHAI_BRAIN = `
let caught = #{};
let tool = omw::tooling::get("t");
// The language builds a deep value by hand in time that grows with the square of its depth, so
// this one comes from parse_json, which stops at 512 levels.
let deep = parse_json("${'['.repeat(500)}1${']'.repeat(500)}");
try { omw::host::memory_set_as("k", #{ f: Fn("abs") }); caught.function = "accepted"; } catch (e) { caught.function = e; }
try { omw::host::memory_set_as("k", [|x| x + 1]); caught.closure = "accepted"; } catch (e) { caught.closure = e; }
try { omw::host::memory_set_as("k", tool); caught.handle = "accepted"; } catch (e) { caught.handle = e; }
try { tool.call_tool_blocking("echo", #{ f: Fn("abs") }); caught["function arguments"] = "accepted"; } catch (e) { caught["function arguments"] = e; }
let started = timestamp();
try { omw::host::memory_set_as("k", deep); caught.deep = "accepted"; } catch (e) { caught.deep = e; }
try { tool.call_tool_blocking("echo", #{ deep: deep }); caught["deep arguments"] = "accepted"; } catch (e) { caught["deep arguments"] = e; }
let refused_in = started.elapsed * 1000.0;
let past = parse_json("{\\"v\\": ${'['.repeat(MAX_VALUE_DEPTH)}1${']'.repeat(MAX_VALUE_DEPTH)}}");
try { omw::host::memory_set_as("k", past); caught["one level past the limit"] = "accepted"; } catch (e) { caught["one level past the limit"] = e; }
let at = parse_json("{\\"v\\": ${'['.repeat(MAX_VALUE_DEPTH - 1)}1${']'.repeat(MAX_VALUE_DEPTH - 1)}}");
try { tool.call_tool_blocking("echo", at); caught["at the limit"] = "accepted"; } catch (e) { caught["at the limit"] = e; }
to_json(#{ caught: caught, refusedInMs: refused_in })
`;

const PYTHON_BRAIN = `
import json, time

caught = {}


def attempt(name, f):
    try:
        f()
        caught[name] = 'accepted'
    except (TypeError, ValueError) as error:
        caught[name] = f'{type(error).__name__}: {error}'


def nest(levels, inner):
    for _ in range(levels):
        inner = [inner]
    return inner


def function():
    pass


tool = omw.tooling.get('t')
deep = nest(20000, 1)
cyclic = {'a': []}
cyclic['a'].append(cyclic)
attempt('function', lambda: omw.host.memory_set_as('k', {'f': function}))
attempt('builtin', lambda: omw.host.memory_set_as('k', [print]))
attempt('cycle', lambda: omw.host.memory_set_as('k', cyclic))
attempt('function arguments', lambda: tool.call_tool_blocking('echo', {'f': function}))
attempt('cycle arguments', lambda: tool.call_tool_blocking('echo', cyclic))
started = time.perf_counter()
attempt('deep', lambda: omw.host.memory_set_as('k', deep))
attempt('deep arguments', lambda: tool.call_tool_blocking('echo', {'deep': deep}))
refused_in = (time.perf_counter() - started) * 1000
attempt('one level past the limit', lambda: omw.host.memory_set_as('k', {'v': nest(${MAX_VALUE_DEPTH}, 1)}))
attempt('at the limit', lambda: tool.call_tool_blocking('echo', {'v': nest(${MAX_VALUE_DEPTH - 1}, 1)}))
# A Python brain that is not one expression completes without a message: it says it in memory.
omw.host.memory_set('report', json.dumps({'caught': caught, 'refusedInMs': refused_in}))
`;

describe('a value the host cannot take is the brain’s own error, caught in its own language', () => {
  it('js: TypeError for BigInts, functions, symbols and cycles; RangeError past the nesting limit', async () => {
    const ws = agent('js', 'brain.js', JS_BRAIN);
    try {
      const result = await ws.supervisor.step('a');
      assert.equal(result.kind, 'outcome', JSON.stringify(result));
      const report = JSON.parse(
        result.kind === 'outcome' && result.outcome !== 'completed' ? result.outcome.exited : '',
      );
      assertReport(report as Report, {
        bigint: `TypeError: ${noJsonForm('a BigInt')}`,
        'nested bigint': `TypeError: ${noJsonForm('a BigInt')}`,
        function: `TypeError: ${noJsonForm('a function')}`,
        symbol: `TypeError: ${noJsonForm('a symbol')}`,
        cycle: `TypeError: ${CYCLE}`,
        'bigint arguments': `TypeError: ${noJsonForm('a BigInt')}`,
        'function arguments': `TypeError: ${noJsonForm('a function')}`,
        deep: `RangeError: ${TOO_DEEP}`,
        'deep arguments': `RangeError: ${TOO_DEEP}`,
        'deep, globals replaced': `RangeError: ${TOO_DEEP}`,
        'one level past the limit': `RangeError: ${TOO_DEEP}`,
        'at the limit': 'accepted',
      });
      assert.equal(ws.host.context('a').memory.has('k'), false, 'no refused value was stored');
    } finally {
      ws.supervisor.dispose();
    }
  });

  it('rhai: a runtime error the brain catches, for functions and past the nesting limit', async () => {
    const ws = agent('rhai', 'brain.rhai', RHAI_BRAIN);
    try {
      const result = await ws.supervisor.step('a');
      assert.equal(result.kind, 'outcome', JSON.stringify(result));
      const report = JSON.parse(
        result.kind === 'outcome' && result.outcome !== 'completed' ? result.outcome.exited : '',
      );
      assertReport(report as Report, {
        function: noJsonForm('a function'),
        closure: noJsonForm('a function'),
        handle: noJsonForm('a function'),
        'function arguments': noJsonForm('a function'),
        deep: TOO_DEEP,
        'deep arguments': TOO_DEEP,
        'one level past the limit': TOO_DEEP,
        'at the limit': 'accepted',
      });
      assert.equal(ws.host.context('a').memory.has('k'), false, 'no refused value was stored');
    } finally {
      ws.supervisor.dispose();
    }
  });

  it('python: TypeError for functions, ValueError for cycles and past the nesting limit', async () => {
    const ws = agent('python', 'brain.py', PYTHON_BRAIN);
    try {
      assert.deepEqual(await ws.supervisor.step('a'), { kind: 'outcome', outcome: 'completed' });
      const report = JSON.parse(ws.host.context('a').memory.get('report') ?? '{}') as Report;
      assertReport(report, {
        function: `TypeError: ${noJsonForm('a function')}`,
        builtin: `TypeError: ${noJsonForm('a function')}`,
        cycle: `ValueError: ${CYCLE}`,
        'function arguments': `TypeError: ${noJsonForm('a function')}`,
        'cycle arguments': `ValueError: ${CYCLE}`,
        deep: `ValueError: ${TOO_DEEP}`,
        'deep arguments': `ValueError: ${TOO_DEEP}`,
        'one level past the limit': `ValueError: ${TOO_DEEP}`,
        'at the limit': 'accepted',
      });
      assert.equal(ws.host.context('a').memory.has('k'), false, 'no refused value was stored');
    } finally {
      ws.supervisor.dispose();
    }
  });
});
