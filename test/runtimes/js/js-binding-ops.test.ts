import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { camelCase } from '../../../main/host-api/name-case.ts';
import { JS_OPS } from '../../../main/runtimes/js/js-binding.ts';

const HOST_FUNCTION_OPS = JS_OPS.hostFunctions;
const handleMethodOps = JS_OPS.handleMethods;
const guestNameOf = (op: string) => camelCase(op.slice(op.indexOf('.') + 1));

describe('the JavaScript binding of the host ops', () => {
  it('names ops in camelCase', () => {
    assert.equal(guestNameOf('provider.chat-stream'), 'chatStream');
    assert.equal(guestNameOf('host.base64-encode'), 'base64Encode');
    assert.equal(guestNameOf('tooling.call-tool-blocking'), 'callToolBlocking');
  });

  it('exposes exactly omw.host of omw-compat 11 (minus the guest-side JSON helpers)', () => {
    const expected = [
      'log', 'whoami', 'timeNow', 'timeFormat', 'waitUntil', 'waitFor', 'waitCron', 'sleepFor', 'sleepUntil',
      'sleepCron', 'cancelTimer', 'subscribeAgent', 'unsubscribeAgent', 'subscribeLifecycle', 'unsubscribeLifecycle',
      'sendAgent', 'recv', 'tryRecv', 'newUuid', 'base64Encode', 'base64Decode', 'memoryGet', 'memorySet',
      'memoryRemove', 'subscribeEndpoint', 'unsubscribeEndpoint', 'streamEndpoint',
    ]; // prettier-ignore
    assert.deepEqual(HOST_FUNCTION_OPS.map((op) => op.name).sort(), expected.sort());
  });

  it('gives handles the methods of omw-compat 11', () => {
    assert.deepEqual(
      handleMethodOps('provider')
        .map((op) => op.name)
        .sort(),
      ['chat', 'chatStream', 'isOpen', 'cancel', 'listModels', 'kind'].sort(),
    );
    const toolingMethods = [
      'listTools', 'callTool', 'isOpen', 'cancel', 'callToolBlocking', 'listResources', 'readResource',
      'subscribeResourceList', 'unsubscribeResourceList', 'subscribeResource', 'unsubscribeResource', 'kind',
    ]; // prettier-ignore
    assert.deepEqual(
      handleMethodOps('tooling')
        .map((op) => op.name)
        .sort(),
      toolingMethods.sort(),
    );
  });

  it('converts arguments by their WIT types and names them after the WIT params', () => {
    const timeFormat = HOST_FUNCTION_OPS.find((op) => op.op === 'host.time-format');
    assert.deepEqual(timeFormat?.argumentsFromGuest([12.9, '%Y']), [12, '%Y']);
    assert.throws(
      () => timeFormat?.argumentsFromGuest([-1, '%Y']),
      /^GuestArgumentError: ts must be a non-negative integer$/,
    );
    const callTool = handleMethodOps('tooling').find((op) => op.op === 'tooling.call-tool');
    assert.deepEqual(callTool?.argumentsFromGuest(['echo', { text: 'hi' }]), ['echo', '{"text":"hi"}']);
  });
});
