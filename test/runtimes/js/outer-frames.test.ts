// Frames a JavaScript brain entered before a mid-iteration pause (or a breakpoint set while it
// runs, or while it waits in a host call) show their locals as they are at the stop: the iteration
// is re-run to the stop, every host call served from what the live run got. The real engine under a real DebugController; only the
// host's side of the link is scripted. The brain nests a straight-through function (`step`, run
// in its fast copy), a function with a loop (`work`) and an arrow whose loop turns without calls
// and changes `turns`, a variable of the frame around it: the re-run must stop at the right turn.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type {
  DebugRequest,
  ScopeInfo,
  StackFrameInfo,
  VariableInfo,
} from '../../../main/runtimes/debug/debug-protocol.ts';
import { createEngine } from '../../../main/runtimes/js/js-engine.ts';
import {
  body,
  breakpointsIn,
  debugSession,
  evaluate,
  stack,
  type Ask,
  type DebugSession,
} from '../../rhai/debug-session.ts';

const BRAIN = '/agents/a/brain.js';

const NESTED = `function scale(v) {
  return v * 2;
}
function work(a, rounds) {
  let acc = 0;
  let turns = 0;
  const churn = (limit) => {
    for (let k = 0; k < limit; k++) {
      turns = k;
    }
  };
  for (let j = 0; j < rounds; j++) acc += scale(j);
  omw.host.memoryGet('tick');
  churn(3000000);
  return acc + turns;
}
function step(x) {
  const y = x + 1;
  return work(y, 5 + x);
}
let total = 0;
for (let i = 0; i < 4; i++) {
  total += step(i);
}
total;
`;

/** Each scope of a frame but Globals, as `name=value` lines. */
function* scopesOf(frameId: number): Ask<Record<string, string[]>> {
  const scopes = body<ScopeInfo[]>(yield { t: 'scopes', frameId });
  const shown: Record<string, string[]> = {};
  for (const scope of scopes) {
    if (scope.name === 'Globals') continue;
    const values = body<VariableInfo[]>(yield { t: 'variables', variablesReference: scope.variablesReference });
    shown[scope.name] = values.map((v) => `${v.name}=${v.value}`);
  }
  return shown;
}

function* globalsOf(frameId: number): Ask<string[]> {
  const scopes = body<ScopeInfo[]>(yield { t: 'scopes', frameId });
  const globals = scopes.find((s) => s.name === 'Globals')!;
  const values = body<VariableInfo[]>(yield { t: 'variables', variablesReference: globals.variablesReference });
  return values.map((v) => `${v.name}=${v.value}`);
}

interface Seen {
  frames: StackFrameInfo[];
  scopes: Record<string, string[]>[];
  globals: string[];
}

/** At each stop: the stack, each frame's scopes and the globals; then `after`. */
function look(seen: Seen[], after: () => void = () => undefined) {
  return function* (): Ask<void> {
    const frames = yield* stack();
    const scopes: Record<string, string[]>[] = [];
    for (const frame of frames) scopes.push(yield* scopesOf(frame.id));
    seen.push({ frames, scopes, globals: yield* globalsOf(frames.at(-1)!.id) });
    after();
  };
}

/** The locals each frame of NESTED holds, the third `step` in and `k` turns into `churn`. */
function nestedAt(k: number): Record<string, string[]>[] {
  const turns = Math.max(0, k - 1);
  return [
    { Locals: [`k=${k}`, 'limit=3000000', `turns=${turns}`] },
    { Locals: ['a=3', 'rounds=7', 'acc=42', `turns=${turns}`, 'churn=ƒ churn()'] },
    { Locals: ['x=2', 'y=3'] },
    { Locals: ['i=2'] },
  ];
}

/** `churn`'s `k` at the stop. */
const turnOf = (seen: Seen): number => Number(/^k=(\d+)$/.exec(seen.scopes[0]!.Locals![0]!)![1]);

describe('js frames entered before a mid-iteration stop', () => {
  let session: DebugSession;
  let ticks = 0;
  let atThirdTick: () => void = () => undefined;
  before(async () => {
    session = await debugSession(
      {},
      (op) => {
        if (op === 'host.memory-get' && ++ticks === 3) atThirdTick();
      },
      { create: createEngine, brain: BRAIN },
    );
  });
  after(() => session.engine.dispose());
  const fresh = (onThirdTick: () => void): void => {
    ticks = 0;
    atThirdTick = onThirdTick;
    session.link.stops.length = 0;
    session.printed.length = 0;
  };

  it('show their locals at a pause, the loop that turns without calls at its turn', () => {
    session.configure({ attach: true });
    fresh(() => session.link.notify({ t: 'pause' }));
    const seen: Seen[] = [];
    session.link.onStop = look(seen);
    assert.deepEqual(session.run(NESTED), { ok: true, outcome: { exited: '12000144' } });
    assert.deepEqual(
      session.link.stops.map((s) => `${s.reason} ${s.line}`),
      ['pause 9'],
    );
    const [stop] = seen;
    assert.deepEqual(
      stop!.frames.map((f) => `${f.name}:${f.line}`),
      ['churn:9', 'work:14', 'step:19', '<brain>:23'],
    );
    const k = turnOf(stop!);
    assert.ok(k > 0, `the pause came ${k} turns into churn`);
    assert.deepEqual(stop!.scopes, nestedAt(k));
    // step(0) + step(1): 20 + 2999999 and 30 + 2999999.
    assert.deepEqual(stop!.globals, ['scale=ƒ scale()', 'work=ƒ work()', 'step=ƒ step()', 'total=6000048']);
  });

  it('show their locals at a breakpoint set while the iteration runs', () => {
    session.configure({ attach: true });
    fresh(() => session.configure({ attach: true, ...breakpointsIn(BRAIN, 9) }));
    const seen: Seen[] = [];
    // Once is enough: the next statement takes the breakpoint away again.
    session.link.onStop = look(seen, () => session.configure({ attach: true }));
    assert.deepEqual(session.run(NESTED), { ok: true, outcome: { exited: '12000144' } });
    assert.deepEqual(
      session.link.stops.map((s) => `${s.reason} ${s.line}`),
      ['breakpoint 9'],
    );
    const [stop] = seen;
    assert.deepEqual(
      stop!.frames.map((f) => f.name),
      ['churn', 'work', 'step', '<brain>'],
    );
    assert.deepEqual(stop!.scopes, nestedAt(turnOf(stop!)));
  });

  it("show their locals, the calling frame's too, while the brain waits in a host call", () => {
    session.configure({ attach: true });
    const held: Record<string, string[]>[] = [];
    let names: string[] = [];
    fresh(() => {
      // What the agent process does while a call is held: it serves the debugger's requests.
      const ask = (request: DebugRequest) => body<unknown>(session.debug.serveDuringCall(request));
      const frames = ask({ t: 'stack' }) as StackFrameInfo[];
      names = frames.map((f) => `${f.name}:${f.line}`);
      for (const frame of frames) {
        const scopes = ask({ t: 'scopes', frameId: frame.id }) as ScopeInfo[];
        const locals = scopes.find((s) => s.name.startsWith('Locals'))!;
        const values = ask({ t: 'variables', variablesReference: locals.variablesReference }) as VariableInfo[];
        held.push({ [locals.name]: values.map((v) => `${v.name}=${v.value}`) });
      }
    });
    assert.deepEqual(session.run(NESTED), { ok: true, outcome: { exited: '12000144' } });
    assert.deepEqual(names, ['work:13', 'step:19', '<brain>:23']);
    assert.deepEqual(held, [
      { Locals: ['a=3', 'rounds=7', 'acc=42', 'turns=0', 'churn=ƒ churn()'] },
      { Locals: ['x=2', 'y=3'] },
      { Locals: ['i=2'] },
    ]);
  });

  it('evaluate in a re-run frame, and refuse to change its variables', () => {
    session.configure({ attach: true });
    fresh(() => session.link.notify({ t: 'pause' }));
    let evaluated: unknown;
    let refused: unknown;
    session.link.onStop = function* () {
      const frames = yield* stack();
      evaluated = yield* evaluate('acc * 10 + a', frames[1]!.id);
      const scopes = body<ScopeInfo[]>(yield { t: 'scopes', frameId: frames[1]!.id });
      const locals = scopes.find((s) => s.name === 'Locals')!;
      const answer = yield {
        t: 'set-variable',
        variablesReference: locals.variablesReference,
        name: 'acc',
        value: '0',
      };
      refused = answer.ok ? answer.body : answer.error;
    };
    assert.deepEqual(session.run(NESTED), { ok: true, outcome: { exited: '12000144' } });
    assert.equal((evaluated as { result: string }).result, '423');
    assert.match(String(refused), /come from a re-run of the iteration .* cannot be changed/);
  });
});

const RANDOM = `function spin(limit) {
  let s = 0;
  for (let k = 0; k < limit; k++) s += k % 3;
  return s;
}
function roll(times) {
  const r = Math.random();
  const t = Date.now();
  const d = new Date().getTime();
  const text = Date();
  seen = [r, t, d, text];
  for (let i = 0; i < times; i++) Math.random();
  omw.host.memoryGet('tick');
  return spin(3000000) + r;
}
let seen;
roll(TIMES);
`;

describe('js frames re-run to a stop, where the brain reads Math.random and the clock', () => {
  let session: DebugSession;
  before(async () => {
    session = await debugSession(
      { attach: true },
      (op) => {
        if (op === 'host.memory-get') session.link.notify({ t: 'pause' });
      },
      { create: createEngine, brain: BRAIN },
    );
  });
  after(() => session.engine.dispose());

  it('read the values the live run read', () => {
    let live: unknown;
    let rerun: unknown;
    session.link.onStop = function* () {
      const frames = yield* stack();
      assert.deepEqual(
        frames.map((f) => f.name),
        ['spin', 'roll', '<brain>'],
      );
      live = yield* evaluate('JSON.stringify(seen)', frames[0]!.id);
      rerun = yield* evaluate('JSON.stringify([r, t, d, text])', frames[1]!.id);
    };
    assert.equal(session.run(RANDOM.replace('TIMES', '10')).ok, true);
    assert.equal(session.link.stops.length, 1);
    assert.match((live as { result: string }).result, /^"\[0\.\d+,\d+,\d+,\\"/);
    assert.deepEqual(rerun, live);
  });

  it('say plainly why the locals are missing where more were read than are kept', () => {
    session.link.stops.length = 0;
    let scopes: Record<string, string[]> = {};
    session.link.onStop = function* () {
      const frames = yield* stack();
      scopes = yield* scopesOf(frames[1]!.id);
    };
    assert.equal(session.run(RANDOM.replace('TIMES', '60000')).ok, true);
    assert.deepEqual(Object.keys(scopes), ['Locals (not available)']);
    assert.match(
      scopes['Locals (not available)']![0]!,
      /^why=the brain read Math\.random or the clock more than 50000 times in this iteration, more than are kept to re-run it$/,
    );
  });
});

describe('js frames re-run after the debugger changed a variable', () => {
  it('say that a re-run would not hold what the brain holds now', async () => {
    let ticks = 0;
    const session = await debugSession(
      { attach: true, ...breakpointsIn(BRAIN, 18) },
      (op) => {
        if (op === 'host.memory-get' && ++ticks === 3) session.link.notify({ t: 'pause' });
      },
      { create: createEngine, brain: BRAIN },
    );
    try {
      let scopes: Record<string, string[]> = {};
      let set: unknown;
      session.link.onStop = function* (_stop, index) {
        const frames = yield* stack();
        if (index === 0) {
          const shown = body<ScopeInfo[]>(yield { t: 'scopes', frameId: frames[0]!.id });
          const locals = shown.find((s) => s.name === 'Locals')!;
          set = yield { t: 'set-variable', variablesReference: locals.variablesReference, name: 'x', value: '0' };
          session.configure({ attach: true });
        } else scopes = yield* scopesOf(frames[1]!.id);
      };
      assert.equal(session.run(NESTED).ok, true);
      assert.deepEqual(
        session.link.stops.map((s) => `${s.reason} ${s.line}`),
        ['breakpoint 18', 'pause 9'],
      );
      assert.equal((set as { ok: boolean }).ok, true);
      assert.deepEqual(scopes, {
        'Locals (not available)': [
          'why=a variable was changed in the debugger earlier in this iteration, so a re-run of it would not hold what the brain holds now',
        ],
      });
    } finally {
      session.engine.dispose();
    }
  });
});

describe('js frames of a brain held in host calls', () => {
  it('are read again at each call: a second hold shows its own stack', async () => {
    const seen: string[][] = [];
    const session = await debugSession(
      { attach: true },
      (op) => {
        if (op !== 'host.memory-get') return;
        const frames = body<StackFrameInfo[]>(session.debug.serveDuringCall({ t: 'stack' }));
        seen.push(frames.map((f) => `${f.name}:${f.line}`));
      },
      { create: createEngine, brain: BRAIN },
    );
    try {
      const brain = `function f() {\n  omw.host.memoryGet('a');\n}\nfunction g() {\n  f();\n}\nf();\ng();\n`;
      assert.equal(session.run(brain).ok, true);
      assert.deepEqual(seen, [
        ['f:2', '<brain>:7'],
        ['f:2', 'g:5', '<brain>:8'],
      ]);
    } finally {
      session.engine.dispose();
    }
  });
});
