import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { renderHostOps } from '../../main/host-api/render-host-ops.ts';
import { HOST_OPS, type HostOp } from '../../main/host-api/host-ops.generated.ts';
import { witFunctions } from '../../main/host-api/wit-functions.ts';
import { HOST_CALL_HANDLERS } from '../../main/host/calls/all-calls.ts';
import { isLocalOp } from '../../main/host/calls/local-calls.ts';

const wit = readFileSync(new URL('../../wit/omw.wit', import.meta.url), 'utf8');

test('the host-op table is generated from the current wit/omw.wit', () => {
  const generated = readFileSync(new URL('../../main/host-api/host-ops.generated.ts', import.meta.url), 'utf8');
  assert.equal(generated, renderHostOps(wit), 'run `npm run gen:host-ops`');
});

test('the WIT world has the functions omw specifies, with resource methods and free functions apart', () => {
  const fns = witFunctions(wit);
  const chatStream = fns.find((f) => f.iface === 'provider' && f.name === 'chat-stream')!;
  assert.equal(chatStream.resource, 'provider');
  assert.deepEqual(
    chatStream.params.map((p) => `${p.name}: ${p.type}`),
    ['model: string', 'messages: list<chat-message>', 'tools: list<tool>', 'params: option<string>'],
  );
  assert.equal(chatStream.result, 'result<string, string>');
  const get = fns.find((f) => f.iface === 'tooling' && f.name === 'get')!;
  assert.equal(get.resource, undefined);
  assert.deepEqual(
    fns.filter((f) => f.iface === 'runtime').map((f) => f.name),
    ['kind', 'run', 'check'],
  );
  assert.equal(fns.filter((f) => f.iface === 'host').length, 27);
});

test('every host op of the world is answered, by the host or in the agent process', () => {
  const unanswered = (Object.keys(HOST_OPS) as HostOp[]).filter((op) => !isLocalOp(op) && !HOST_CALL_HANDLERS[op]);
  assert.deepEqual(unanswered, []);
});
