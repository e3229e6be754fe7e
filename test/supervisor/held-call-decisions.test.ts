import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HeldCallDecisionError } from '../../main/supervisor/held-call-decision.ts';
import { jsAgents, waitFor, workspace, type Workspace } from './workspace.ts';

const TOOLING = `
[tooling.library]
kind = "mock"
tools = [ { name = "search", description = "Searches", input_schema = { type = "object" } } ]
tool_calls = [ { name = "search", result = "found it" } ]
`;

// The brain reports what the tool call answered, or how it failed.
const BRAIN = `
const library = omw.tooling.get('library');
let said;
try {
  const result = library.callToolBlocking('search', JSON.stringify({ query: 'wit' }));
  said = 'args ' + JSON.stringify(result.arguments) + ' content ' + JSON.stringify(result.content);
} catch (error) {
  said = 'failed: ' + error.message;
}
said;
`;

async function heldAtTheToolCall(): Promise<{ ws: Workspace; running: ReturnType<Workspace['supervisor']['step']> }> {
  const ws = workspace(jsAgents(['asker'], TOOLING), { 'asker.js': BRAIN });
  ws.supervisor.setBreakpoints('asker', ['tooling.call-tool-blocking']);
  const running = ws.supervisor.step('asker');
  await waitFor(() => ws.supervisor.runner('asker').status.pausedAt !== undefined, 'the held tool call');
  return { ws, running };
}

const toolCalls = (ws: Workspace) => ws.trace.filter((e) => e.type === 'call' && e.op === 'call_tool_blocking');
const heldDecision = (ws: Workspace) => ws.trace.find((e) => e.type === 'held')?.decision;
/** What the trace says the user gave in the call's place (issue 28 item 17: the timeline shows it). */
const heldGiven = (ws: Workspace) => {
  const held = ws.trace.find((e) => e.type === 'held');
  return held?.type === 'held' ? held.given : undefined;
};

test('an edited held call reaches the back end with the new arguments', async () => {
  const { ws, running } = await heldAtTheToolCall();
  try {
    assert.equal(ws.supervisor.decideHeldCall('asker', { kind: 'edit', args: ['search', '{"query":"rhai"}'] }), true);
    const result = await running;
    assert.deepEqual(result, {
      kind: 'outcome',
      outcome: { exited: 'args {"query":"rhai"} content [{"type":"text","text":"found it"}]' },
    });
    assert.equal(toolCalls(ws).length, 1);
    assert.equal(heldDecision(ws), 'edited');
    assert.deepEqual(heldGiven(ws), ['search', '{"query":"rhai"}']);
  } finally {
    ws.supervisor.dispose();
  }
});

test('an answered held call never reaches the back end and the brain gets the answer', async () => {
  const { ws, running } = await heldAtTheToolCall();
  try {
    const answer = { name: 'search', arguments: '{}', content: '"from the user"' };
    assert.equal(ws.supervisor.decideHeldCall('asker', { kind: 'answer', value: answer }), true);
    const result = await running;
    assert.deepEqual(result, { kind: 'outcome', outcome: { exited: 'args {} content "from the user"' } });
    assert.equal(toolCalls(ws).length, 0, 'the mock tool server was not called');
    assert.equal(heldDecision(ws), 'answered');
    assert.deepEqual(heldGiven(ws), answer);
  } finally {
    ws.supervisor.dispose();
  }
});

test('a rejected held call fails in the brain with the given message', async () => {
  const { ws, running } = await heldAtTheToolCall();
  try {
    assert.equal(ws.supervisor.decideHeldCall('asker', { kind: 'reject', error: 'not this one' }), true);
    assert.deepEqual(await running, { kind: 'outcome', outcome: { exited: 'failed: not this one' } });
    assert.equal(toolCalls(ws).length, 0);
    assert.equal(heldDecision(ws), 'rejected');
    assert.equal(heldGiven(ws), 'not this one');
  } finally {
    ws.supervisor.dispose();
  }
});

test('a decision the op cannot take is refused and the call stays held', async () => {
  const { ws, running } = await heldAtTheToolCall();
  try {
    const refused = (decision: Parameters<Workspace['supervisor']['decideHeldCall']>[1], message: RegExp) =>
      assert.throws(
        () => ws.supervisor.decideHeldCall('asker', decision),
        (error: Error) => error instanceof HeldCallDecisionError && message.test(error.message),
      );
    refused({ kind: 'edit', args: ['search'] }, /takes 2 arguments \(name, arguments\), got 1/);
    refused({ kind: 'edit', args: ['search', 7] }, /^arguments: expected a string, got 7$/);
    refused({ kind: 'answer', value: { name: 'search' } }, /^answer\.arguments: missing \(expected a string\)/);
    refused({ kind: 'reject', error: '  ' }, /needs a message/);
    assert.equal(ws.supervisor.runner('asker').status.pausedAt?.op, 'tooling.call-tool-blocking');
    assert.equal(ws.supervisor.decideHeldCall('asker', { kind: 'proceed' }), true);
    assert.deepEqual(await running, {
      kind: 'outcome',
      outcome: { exited: 'args {"query":"wit"} content [{"type":"text","text":"found it"}]' },
    });
    assert.equal(heldDecision(ws), undefined, 'a plain proceed is not marked');
  } finally {
    ws.supervisor.dispose();
  }
});

test('an op that cannot fail is not rejected, and nothing is decided when no call is held', async () => {
  const ws = workspace(jsAgents(['logger']), { 'logger.js': "omw.host.log('info', 'hi');\n'logged';\n" });
  try {
    assert.equal(ws.supervisor.decideHeldCall('logger', { kind: 'proceed' }), false);
    ws.supervisor.setBreakpoints('logger', ['host.log']);
    const running = ws.supervisor.step('logger');
    await waitFor(() => ws.supervisor.runner('logger').status.pausedAt !== undefined, 'the held log call');
    assert.throws(
      () => ws.supervisor.decideHeldCall('logger', { kind: 'reject', error: 'no' }),
      /host\.log cannot fail, so it cannot be rejected/,
    );
    assert.throws(
      () => ws.supervisor.decideHeldCall('logger', { kind: 'answer', value: 3 }),
      /answers nothing: give null/,
    );
    assert.equal(ws.supervisor.decideHeldCall('logger', { kind: 'answer', value: null }), true);
    assert.deepEqual(await running, { kind: 'outcome', outcome: { exited: 'logged' } });
    assert.equal(
      ws.trace.some((e) => e.type === 'log' && e.message === 'hi'),
      false,
      'the answered log call logged nothing',
    );
  } finally {
    ws.supervisor.dispose();
  }
});
