// The Rhai engine's source-level debugging, end to end inside the engine thread: the real
// engine and DebugController, with the host's debugger scripted over the link.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type {
  EvaluationResult,
  ScopeInfo,
  StackFrameInfo,
  VariableInfo,
} from '../../main/runtimes/debug/debug-protocol.ts';
import { rhaiRuntime } from '../../main/runtimes/rhai/rhai-runtime.ts';
import { BRAIN, body, breakpoints, completed, debugSession, type Conversation } from './debug-session.ts';

const lines = (session: { link: { stops: { line: number }[] } }): number[] => session.link.stops.map((s) => s.line);

function* stack(): Generator<{ t: 'stack' }, StackFrameInfo[], never> {
  return body<StackFrameInfo[]>(yield { t: 'stack' } as never);
}

/** The variables of a frame's scope, as `name=value` text. */
function* scope(frameId: number, name: string): Conversation & Generator<never, string[], never> {
  const scopes = body<ScopeInfo[]>(yield { t: 'scopes', frameId });
  const found = scopes.find((s) => s.name === name);
  if (found === undefined) return [`no ${name} scope in ${scopes.map((s) => s.name).join(', ')}`];
  const variables = body<VariableInfo[]>(yield { t: 'variables', variablesReference: found.variablesReference });
  return variables.map((v) => `${v.name}=${v.value}`);
}

describe('the Rhai debugger', () => {
  it('stops at a breakpoint on its line and reports the brain frame there', async () => {
    const session = await debugSession(breakpoints(3));
    let frames: StackFrameInfo[] = [];
    session.link.onStop = function* () {
      frames = yield* stack();
    };
    completed(session.run('let a = 1;\nlet b = a + 1;\nlet c = b * 2;\nprint(c);'));
    assert.deepEqual(lines(session), [3]);
    assert.equal(session.link.stops[0]!.reason, 'breakpoint');
    assert.deepEqual(frames, [{ id: 1, name: '<brain>', source: BRAIN, line: 3, column: 1 }]);
    assert.deepEqual(session.printed, ['4']);
  });
});
