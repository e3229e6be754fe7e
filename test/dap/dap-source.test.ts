// Source-level debugging over `brainbench dap`, for a Rhai, a JS and a Python brain, with the protocol's
// own test client on real agent processes: a line breakpoint stops on its line, steps go over,
// into and out of a script function, a variable is read and edited (and the brain computes with
// the new value), the call stack names the frames, and the run ends.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { dapClient } from './dap-client.ts';

const BRAINS = {
  rhai: `fn double(x) {
    let y = x * 2;
    y
}
let a = 5;
let b = double(a);
let c = b + 1;
print(\`c = \${c}\`);
c
`,
  js: `function double(x) {
  const y = x * 2;
  return y;
}
let a = 5;
let b = double(a);
let c = b + 1;
print(\`c = \${c}\`);
c;
`,
  python: `def double(x):
    y = x * 2
    return y

a = 5
b = double(a)
c = b + 1
print(f"c = {c}")
c
`,
};

const EXTENSIONS = { rhai: 'rhai', js: 'js', python: 'py' } as const;
type Kind = keyof typeof EXTENSIONS;

const FAILING: Record<Kind, string> = {
  rhai: 'fn check(n) {\n    if n > 2 { throw "too big" }\n    n\n}\ncheck(1);\ncheck(3)\n',
  js: 'function check(n) {\n  if (n > 2) throw new Error("too big");\n  return n;\n}\ncheck(1);\ncheck(3);\n',
  python: 'def check(n):\n    if n > 2: raise ValueError("too big")\n    return n\n\ncheck(1)\ncheck(3)\n',
};

const configFor = (kind: Kind) =>
  `[runtime.${kind}]\nkind = "${kind}"\n\n[agents.brain]\nruntime = "${kind}"\nscript = "brain.${EXTENSIONS[kind]}"\n`;

async function stoppedAt(client: DebugClient, stopped: Promise<DebugProtocol.Event>, line: number, reason: string) {
  const event = (await stopped) as DebugProtocol.StoppedEvent;
  assert.equal(event.body.reason, reason);
  const stack = await client.stackTraceRequest({ threadId: event.body.threadId! });
  assert.equal(stack.body.stackFrames[0]!.line, line, `stopped on line ${line}`);
  return { threadId: event.body.threadId!, frames: stack.body.stackFrames };
}

/** A variable by name in any scope of the frame, with the reference of the scope holding it. */
async function variable(client: DebugClient, frameId: number, name: string) {
  const scopes = await client.scopesRequest({ frameId });
  for (const scope of scopes.body.scopes) {
    const vars = await client.variablesRequest({ variablesReference: scope.variablesReference });
    const found = vars.body.variables.find((v) => v.name === name);
    if (found) return { scope, variable: found };
  }
  throw new Error(`no variable ${name} in ${scopes.body.scopes.map((s) => s.name).join(', ')}`);
}

for (const kind of ['rhai', 'js', 'python'] as const) {
  describe(`a ${kind} brain over DAP`, () => {
    it('stops on a line, steps over, into and out, reads and edits a variable, and runs to the end', async () => {
      const file = `brain.${EXTENSIONS[kind]}`;
      await dapClient({ 'omw.toml': configFor(kind), [file]: BRAINS[kind] }, async (client, dir) => {
        const brain = join(dir, file);
        const initialized = client.waitForEvent('initialized');
        await client.initializeRequest();
        const launched = client.launch({ config: join(dir, 'omw.toml') } as DebugProtocol.LaunchRequestArguments);
        await initialized;
        const set = await client.setBreakpointsRequest({
          source: { path: brain },
          breakpoints: [{ line: 6 }, { line: 4 }],
        });
        assert.equal(set.body.breakpoints[0]!.verified, true);
        assert.equal(set.body.breakpoints[0]!.line, 6);
        // Line 4 closes the function: the breakpoint moves to the next statement.
        assert.equal(set.body.breakpoints[1]!.line, 5);
        await client.setBreakpointsRequest({ source: { path: brain }, breakpoints: [{ line: 6 }] });
        let stopped = client.waitForEvent('stopped');
        await client.configurationDoneRequest();
        await launched;
        let at = await stoppedAt(client, stopped, 6, 'breakpoint');
        assert.equal(at.frames[0]!.source?.path, brain);

        const a = await variable(client, at.frames[0]!.id, 'a');
        assert.equal(a.variable.value, '5');
        const edited = await client.setVariableRequest({
          variablesReference: a.scope.variablesReference,
          name: 'a',
          value: '20',
        });
        assert.equal(edited.body.value, '20');

        stopped = client.waitForEvent('stopped');
        await client.stepInRequest({ threadId: at.threadId });
        at = await stoppedAt(client, stopped, 2, 'step');
        assert.deepEqual(
          at.frames.map((f) => f.name),
          ['double', '<brain>'],
        );
        assert.equal((await variable(client, at.frames[0]!.id, 'x')).variable.value, '20');

        stopped = client.waitForEvent('stopped');
        await client.nextRequest({ threadId: at.threadId });
        at = await stoppedAt(client, stopped, 3, 'step');

        stopped = client.waitForEvent('stopped');
        await client.stepOutRequest({ threadId: at.threadId });
        at = await stoppedAt(client, stopped, 7, 'step');
        const b = await client.evaluateRequest({ expression: 'b', frameId: at.frames[0]!.id, context: 'watch' });
        assert.equal(b.body.result, '40');

        stopped = client.waitForEvent('stopped');
        await client.nextRequest({ threadId: at.threadId });
        at = await stoppedAt(client, stopped, 8, 'step');

        const output: string[] = [];
        client.on('output', (e: DebugProtocol.OutputEvent) => output.push(e.body.output));
        const exited = client.waitForEvent('exited');
        await client.continueRequest({ threadId: at.threadId });
        assert.equal(((await exited) as DebugProtocol.ExitedEvent).body.exitCode, 0);
        assert.ok(output.includes('c = 41\n'), output.join(''));
      });
    });

    it('stops where an uncaught error is thrown, with its message', async () => {
      const file = `brain.${EXTENSIONS[kind]}`;
      const failing = FAILING[kind];
      await dapClient({ 'omw.toml': configFor(kind), [file]: failing }, async (client, dir) => {
        const initialized = client.waitForEvent('initialized');
        await client.initializeRequest();
        const launched = client.launch({ config: join(dir, 'omw.toml') } as DebugProtocol.LaunchRequestArguments);
        await initialized;
        await client.setExceptionBreakpointsRequest({ filters: ['uncaught'] });
        const stopped = client.waitForEvent('stopped');
        await client.configurationDoneRequest();
        await launched;
        const at = await stoppedAt(client, stopped, 2, 'exception');
        assert.deepEqual(
          at.frames.map((f) => f.name),
          ['check', '<brain>'],
        );
        assert.equal((await variable(client, at.frames[0]!.id, 'n')).variable.value, '3');
        const exited = client.waitForEvent('exited');
        await client.continueRequest({ threadId: at.threadId });
        assert.equal(((await exited) as DebugProtocol.ExitedEvent).body.exitCode, 1);
      });
    });
  });
}
