// Every API request is checked against the contract in the one dispatch path both transports use:
// bad parameters of each method get an error naming the method, the parameter and what was wrong,
// reach nothing, and leave the agent as it was.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PARAMETER_NAMES, WORKBENCH_API, type ApiMethod } from '../../contract/workbench-api.ts';
import { dispatchRequest } from '../../main/workbench/api-dispatch.ts';
import { startWebFixture, type WebFixture } from './web-fixture.ts';

let web: WebFixture;
let nextId = 1;

async function ask(method: unknown, params: unknown): Promise<{ ok: boolean; error?: string; result?: unknown }> {
  const id = nextId++;
  const answer = await dispatchRequest(web.workbench, id, method, params);
  assert.equal(answer.id, id);
  return answer;
}

async function refused(method: unknown, params: unknown): Promise<string> {
  const answer = await ask(method, params);
  assert.equal(answer.ok, false, `${String(method)} ${JSON.stringify(params)} is refused`);
  return answer.error!;
}

const KINDS =
  '"message", "error", "timer", "reload", "shutdown", "chat-delta", "chat-end", "tool-result", ' +
  '"resource-list-updated", "resource-updated", "endpoint-message", "endpoint-session-end"';

/** Per method: bad parameters and the exact error each gets. */
const BAD_PARAMS: Record<ApiMethod, [unknown, string][]> = {
  workspace: [[[1], 'workspace takes no parameters, got 1']],
  openWorkspace: [
    [[], 'openWorkspace takes 1 parameter (path), got 0'],
    [[42], 'openWorkspace: path: expected a string, got 42'],
  ],
  readFile: [[[null], 'readFile: path: expected a string, got null']],
  writeFile: [
    [['a.rhai', 'x'], 'writeFile takes 3 parameters (path, text, editedFrom), got 2'],
    [['a.rhai', 5, null], 'writeFile: text: expected a string, got 5'],
    [['a.rhai', 'x', '12'], 'writeFile: editedFrom: expected a number, got "12"'],
  ],
  checkConfig: [[[{}], 'checkConfig: text: expected a string, got an object']],
  checkBrain: [[['a.rhai', ['x']], 'checkBrain: text: expected a string, got a list']],
  createAgent: [[['b', 7], 'createAgent: kind: expected a string, got 7']],
  assignScript: [[['a', []], 'assignScript: path: expected a string, got a list']],
  step: [
    [[], 'step takes 1 parameter (agent), got 0'],
    [[1], 'step: agent: expected a string, got 1'],
    ['a', 'step takes 1 parameter (agent) as a list, got "a"'],
  ],
  loop: [[[true], 'loop: agent: expected a string, got true']],
  pause: [[[null], 'pause: agent: expected a string, got null']],
  cancelPause: [[[], 'cancelPause takes 1 parameter (agent), got 0']],
  stop: [[['a', 'b'], 'stop takes 1 parameter (agent), got 2']],
  restart: [[[{ name: 'a' }], 'restart: agent: expected a string, got an object']],
  setBreakpoints: [
    [['a', 'host.recv'], 'setBreakpoints: ops: expected a list, got "host.recv"'],
    [['a', ['host.recv', 3]], 'setBreakpoints: ops[1]: expected one of "provider.name", '],
  ],
  resume: [[['a', 'fast'], 'resume: how: expected one of "continue", "step-call", got "fast"']],
  inject: [
    [['a', null], 'inject: event: expected an object, got null'],
    [['a', { kind: 'bogus' }], `inject: event.kind: expected one of ${KINDS}, got "bogus"`],
    [['a', {}], `inject: event.kind: missing (expected one of ${KINDS})`],
    [['a', 'message'], 'inject: event: expected an object, got "message"'],
    [['a', { kind: 'message' }], 'inject: event.data: missing (expected a string)'],
    [['a', { kind: 'message', data: 7 }], 'inject: event.data: expected a string, got 7'],
    [['a', { kind: 'timer', data: 'x' }], 'inject: event: unknown field "data"'],
    [['a', { kind: 'message', data: 'hi', id: 'x' }], 'inject: event: unknown field "id"'],
    [
      ['a', { kind: 'chat-delta', data: { usage: { prompt_tokens: -1 } } }],
      'inject: event.data.usage.prompt_tokens: expected at least 0, got -1',
    ],
    [
      ['a', { kind: 'chat-delta', data: { finishReason: 'stop', usage: { total_tokens: 1.5 } } }],
      'inject: event.data.usage.total_tokens: expected an integer, got 1.5; event.data: unknown field "finishReason"',
    ],
    [
      ['a', { kind: 'endpoint-message', data: { session: 's', messages: [{ role: 'robot' }], tools: [] } }],
      'inject: event.data.messages[0].role: expected one of "system", "user", "assistant", "tool", got "robot"',
    ],
    [
      ['a', { kind: 'resource-list-updated', data: [{ uri: 'u' }] }],
      'inject: event.data[0].name: missing (expected a string)',
    ],
  ],
  registries: [[[5], 'registries: agent: expected a string, got 5']],
  cancel: [
    [['a', 'nope', 'u'], 'cancel: registry: expected one of "streams", "timers", "resources", "toolCalls", got "nope"'],
  ],
  describeTooling: [[[1], 'describeTooling: tooling: expected a string, got 1']],
  callTool: [
    [['t', 'x'], 'callTool takes 3 parameters (tooling, tool, arguments), got 2'],
    [['t', 'x', { a: 1 }], 'callTool: arguments: expected a string, got an object'],
  ],
  tryChat: [
    [['chat', 'm'], 'tryChat takes 3 parameters (provider, model, messages), got 2'],
    [['chat', 'm', []], 'tryChat: messages: expected at least 1 items, got a list'],
    [
      ['chat', 'm', [{ role: 'tool', content: 'x' }]],
      'tryChat: messages[0].role: expected one of "system", "user", "assistant", got "tool"',
    ],
    [
      ['chat', 'm', [JSON.parse('{"role": "user", "content": "x", "__proto__": 1}')]],
      'tryChat: messages[0]: unknown field "__proto__"',
    ],
  ],
  checkToolArguments: [[['t', 'x', 1], 'checkToolArguments: arguments: expected a string, got 1']],
  readResource: [
    [['t'], 'readResource takes 2 parameters (tooling, uri), got 1'],
    [['t', ''], 'readResource: uri: expected a non-empty string, got ""'],
  ],
  subscribeResource: [[['t', 3], 'subscribeResource: uri: expected a string, got 3']],
  unsubscribeResource: [[[null], 'unsubscribeResource: subscription: expected a string, got null']],
  listComponentFolder: [[[['brains']], 'listComponentFolder: path: expected a string, got a list']],
  runTests: [[[1], 'runTests takes no parameters, got 1']],
  inspectComponent: [[[false], 'inspectComponent: path: expected a string, got false']],
  traceHistory: [[['all'], 'traceHistory takes no parameters, got 1']],
  uiSettings: [[[1], 'uiSettings takes no parameters, got 1']],
  configSavePlan: [[['omw.toml'], 'configSavePlan takes 2 parameters (path, text), got 1']],
  saveUiSettings: [
    [
      [{ version: 1, theme: 'pink', openFiles: [], layouts: {} }],
      'saveUiSettings: settings.theme: expected one of "system", "light", "dark", got "pink"',
    ],
    [
      [{ version: 1, theme: 'dark', openFiles: [{}], layouts: {} }],
      'saveUiSettings: settings.openFiles[0].path: missing (expected a string)',
    ],
  ],
  trustWorkspace: [[[true], 'trustWorkspace takes no parameters, got 1']],
  revokeTrust: [[['/'], 'revokeTrust takes no parameters, got 1']],
  configSchema: [[[{}], 'configSchema takes no parameters, got 1']],
  debugSettings: [[[1], 'debugSettings takes no parameters, got 1']],
  setSourceBreakpoints: [
    [['a.rhai', [{ line: 0 }], null], 'setSourceBreakpoints: breakpoints[0].line: expected more than 0, got 0'],
    [['a.rhai', [{ line: 2 }]], 'setSourceBreakpoints takes 3 parameters (path, breakpoints, text), got 2'],
  ],
  setExceptionBreakpoints: [[['yes', false], 'setExceptionBreakpoints: caught: expected true or false, got "yes"']],
  setCallBreakpoints: [
    [['a', [{ op: 'host.nope' }]], 'setCallBreakpoints: breakpoints[0].op: expected one of "provider.name", '],
  ],
  debugResume: [
    [['a', 'sideways'], 'debugResume: how: expected one of "continue", "next", "step-in", "step-out", got "sideways"'],
  ],
  debugPause: [[[], 'debugPause takes 1 parameter (agent), got 0']],
  debugStepBack: [[[7], 'debugStepBack: agent: expected a string, got 7']],
  debugReverseContinue: [[['a', 'b'], 'debugReverseContinue takes 1 parameter (agent), got 2']],
  debugGoToCall: [[['a', 'x'], 'debugGoToCall: seq: expected a number, got "x"']],
  whyCall: [[['a', -1], 'whyCall: seq: expected at least 0, got -1']],
  debugStack: [[[3], 'debugStack: agent: expected a string, got 3']],
  debugScopes: [[['a', 1.5], 'debugScopes: frameId: expected an integer, got 1.5']],
  debugVariables: [[['a', 0, null, null], 'debugVariables: variablesReference: expected more than 0, got 0']],
  debugSetVariable: [
    [['a', 1, 'x'], 'debugSetVariable takes 4 parameters (agent, variablesReference, name, value), got 3'],
  ],
  debugEvaluate: [[['a', null, ''], 'debugEvaluate: expression: expected a non-empty string, got ""']],
  agentMemory: [[[[]], 'agentMemory: agent: expected a string, got a list']],
  setMemory: [[['a', 'k', 5], 'setMemory: value: expected a string, got 5']],
  agentInbox: [[[], 'agentInbox takes 1 parameter (agent), got 0']],
  dropInboxEvent: [[['a', -1, 'id'], 'dropInboxEvent: index: expected at least 0, got -1']],
  decideHeldCall: [
    [['a', { kind: 'reject' }], 'decideHeldCall: decision.error: missing (expected a string)'],
    [
      ['a', { kind: 'maybe' }],
      'decideHeldCall: decision.kind: expected one of "proceed", "edit", "answer", "reject", got "maybe"',
    ],
  ],
  recordings: [[[1], 'recordings takes no parameters, got 1']],
  openRecording: [[[null], 'openRecording: path: expected a string, got null']],
  recordedIteration: [[['r.jsonl', 'a', 0], 'recordedIteration: iteration: expected more than 0, got 0']],
  forkPoint: [[['r.jsonl', 'a', -1], 'forkPoint: afterIteration: expected at least 0, got -1']],
  forkRecording: [
    [['r.jsonl', 'a', 1, { iterations: 0 }, false], 'forkRecording: edits.iterations: expected more than 0, got 0'],
    [['r.jsonl', 'a', 1, { memory: { k: 1 } }, false], 'forkRecording: edits.memory.k: expected a string, got 1'],
    [
      ['r.jsonl', 'a', 1, { allAgents: 'yes' }, false],
      'forkRecording: edits.allAgents: expected true or false, got "yes"',
    ],
    [
      ['r.jsonl', 'a', 1, {}],
      'forkRecording takes 5 parameters (path, agent, afterIteration, edits, recordedBrains), got 4',
    ],
  ],
  replayPlan: [[['r.jsonl', 'yes'], 'replayPlan: recordedBrains: expected true or false, got "yes"']],
  replayRecording: [[['r.jsonl'], 'replayRecording takes 2 parameters (path, recordedBrains), got 1']],
  compareRecordings: [[['a.jsonl'], 'compareRecordings takes 2 parameters (path, otherPath), got 1']],
  saveRecordingAsTest: [[['r.jsonl', 'out', 'a'], 'saveRecordingAsTest: agents: expected a list, got "a"']],
  accounting: [[[3], 'accounting: path: expected a string, got 3']],
  accountingWaterfall: [[[null, 'a', 1.5], 'accountingWaterfall: position: expected an integer, got 1.5']],
  evalFiles: [[[1], 'evalFiles takes no parameters, got 1']],
  runEval: [
    [['a.eval.toml', { trials: 0, filter: [] }], 'runEval: options.trials: expected at least 1, got 0'],
    [['a.eval.toml', { trials: null }], 'runEval: options.filter: missing (expected a list)'],
  ],
  cancelEval: [[['x'], 'cancelEval takes no parameters, got 1']],
  evalResults: [[['r.results.jsonl', { byte: -1, line: 2 }], 'evalResults: from.byte: expected at least 0, got -1']],
  evalTrial: [[['r.results.jsonl', 'x'], 'evalTrial: at: expected a number, got "x"']],
  compareEvalResults: [[['a.jsonl'], 'compareEvalResults takes 2 parameters (path, otherPath), got 1']],
  addEvalCase: [[[null, 'cases.jsonl', '', null, null, null], 'addEvalCase: id: expected a non-empty string, got ""']],
  replayCorpus: [[['corpus', 'tool-*'], 'replayCorpus: expectDivergence: expected a list, got "tool-*"']],
  cancelCorpusReplay: [[[true], 'cancelCorpusReplay takes no parameters, got 1']],
  runChaos: [[['run.jsonl', -1, null], 'runChaos: seed: expected at least 0, got -1']],
  cancelChaos: [[[1], 'cancelChaos takes no parameters, got 1']],
  saveChaosTest: [
    [
      ['run.jsonl', { kind: 'tool-error' }, 'tests/x'],
      'saveChaosTest: mutation.agent: missing (expected a string); mutation.iteration: missing (expected a number); mutation.call: missing (expected a number)',
    ],
  ],
  splitRecordings: [[[['one.jsonl']], 'splitRecordings: paths: expected at least 2 items, got a list']],
  debugWatchInPast: [[['a', 'b.rhai', 0, 'x'], 'debugWatchInPast: line: expected more than 0, got 0']],
  recordingWatch: [
    [
      ['r.jsonl', 'a', 'b.rhai', 1, 'x'],
      'recordingWatch takes 6 parameters (path, agent, brain, line, expression, recordedBrains), got 5',
    ],
  ],
  recordingCoverage: [[['r.jsonl', 'yes'], 'recordingCoverage: recordedBrains: expected true or false, got "yes"']],
  recordingLogpoint: [
    [['r.jsonl', 'a', 'b.rhai', 1.5, 'x', false], 'recordingLogpoint: line: expected an integer, got 1.5'],
  ],
  recordingDebugStart: [
    [
      ['r.jsonl', 'a', null, 'later', false],
      'recordingDebugStart: how: expected one of "entry", "continue", got "later"',
    ],
  ],
  recordingDebugMove: [
    [
      ['r.jsonl', 'a', 'back'],
      'recordingDebugMove: move: expected one of "continue", "next", "step-in", "step-out", "step-back", "reverse-continue", got "back"',
    ],
  ],
  recordingDebugEvaluate: [
    [['r.jsonl', 'a', ''], 'recordingDebugEvaluate: expression: expected a non-empty string, got ""'],
  ],
  recordingDebugEnd: [[['r.jsonl'], 'recordingDebugEnd takes 2 parameters (path, agent), got 1']],
  evalLineCounts: [
    [['r.results.jsonl'], 'evalLineCounts takes 2 parameters (path, case), got 1'],
    [['r.results.jsonl', ''], 'evalLineCounts: case: expected a non-empty string, got ""'],
    [['r.results.jsonl', 3], 'evalLineCounts: case: expected a string, got 3'],
  ],
  cancelEvalLineCounts: [[[1], 'cancelEvalLineCounts takes no parameters, got 1']],
  recordingDebugScopes: [[['r.jsonl', 'a', 0, 1], 'recordingDebugScopes: stop: expected more than 0, got 0']],
  recordingDebugVariables: [
    [['r.jsonl', 'a', 1, -3, null, null], 'recordingDebugVariables: variablesReference: expected more than 0, got -3'],
  ],
  recordingDebugEvaluateIn: [
    [['r.jsonl', 'a', 1, 'top', 'x'], 'recordingDebugEvaluateIn: frameId: expected a number, got "top"'],
  ],
  recordingDebugSource: [[['r.jsonl', 'a', 1, 0], 'recordingDebugSource: line: expected more than 0, got 0']],
  evalTrialSplit: [
    [['r.results.jsonl'], 'evalTrialSplit takes 2 parameters (path, case), got 1'],
    [['r.results.jsonl', null], 'evalTrialSplit: case: expected a string, got null'],
    [['r.results.jsonl', ''], 'evalTrialSplit: case: expected a non-empty string, got ""'],
  ],
};

describe('API parameter checks', () => {
  before(async () => {
    web = await startWebFixture();
  });
  after(() => web.close());

  it('names every parameter of every method', () => {
    for (const [method, entry] of Object.entries(WORKBENCH_API)) {
      for (const [i, item] of entry.params.def.items.entries()) {
        assert.ok(PARAMETER_NAMES.get(item)?.name, `${method}'s parameter ${i + 1} has a name`);
      }
    }
  });

  for (const [method, cases] of Object.entries(BAD_PARAMS)) {
    it(`refuses ${method} with bad parameters, saying what is wrong`, async () => {
      for (const [params, error] of cases) {
        const text = await refused(method, params);
        if (error.endsWith(', ')) assert.ok(text.startsWith(error), `${text} starts with ${error}`);
        else assert.equal(text, error);
      }
    });
  }

  it('refuses methods the contract does not have', async () => {
    assert.equal(await refused('nope', []), 'unknown method "nope"');
    assert.equal(await refused('__proto__', []), 'unknown method "__proto__"');
    assert.equal(await refused('toString', []), 'unknown method "toString"');
    assert.equal(await refused(42, []), 'unknown method 42');
    assert.equal(await refused(undefined, []), 'the request names no method');
  });

  it('leaves the agent usable after refused injects, and takes good ones', async () => {
    for (const [params] of BAD_PARAMS.inject) await refused('inject', params);
    // Before the checks, inject(agent, null) reached the inbox and every later step threw.
    assert.deepEqual((await ask('step', ['a'])).result, { kind: 'outcome', outcome: { exited: '42' } });
    const good = [
      { kind: 'timer' },
      { kind: 'message', data: 'hi' },
      { kind: 'chat-delta', data: { content: '', usage: { prompt_tokens: 3 } } },
      { kind: 'tool-result', data: { name: 't', arguments: '{}', content: '[]' } },
    ];
    for (const event of good)
      assert.deepEqual(await ask('inject', ['a', event]), { id: nextId - 1, ok: true, result: true });
    assert.deepEqual((await ask('step', ['a'])).result, { kind: 'outcome', outcome: { exited: '42' } });
  });
});
