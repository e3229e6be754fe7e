import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Engine as LanguageEngine } from '../../../main/rhai/language/engine.ts';
import type { Module } from '../../../main/rhai/language/func/module.ts';
import { IterationGuard } from '../../../main/runtimes/iteration-guard.ts';
import type { HostOp } from '../../../main/host-api/host-ops.generated.ts';
import { guardedHostCall } from '../../../main/runtimes/binding/guarded-host-call.ts';
import { registerOmwModule } from '../../../main/runtimes/rhai/omw-module.ts';
import { RHAI_OPS } from '../../../main/runtimes/rhai/rhai-binding.ts';
import { DEFAULT_LIMITS } from './rhai-engine-fixture.ts';

// omw-compat 10: every function of `omw::host`, by its snake_case name.
const HOST_FUNCTIONS = [
  'log',
  'whoami',
  'time_now',
  'time_format',
  'wait_until',
  'wait_for',
  'wait_cron',
  'sleep_for',
  'sleep_until',
  'sleep_cron',
  'cancel_timer',
  'subscribe_agent',
  'unsubscribe_agent',
  'subscribe_lifecycle',
  'unsubscribe_lifecycle',
  'send_agent',
  'recv',
  'try_recv',
  'new_uuid',
  'base64_encode',
  'base64_decode',
  'memory_get',
  'memory_get_as',
  'memory_set',
  'memory_set_as',
  'memory_remove',
  'subscribe_endpoint',
  'unsubscribe_endpoint',
  'stream_endpoint',
];

function omwSubModules(): Map<string, Module> {
  const language = new LanguageEngine();
  const guard = new IterationGuard(DEFAULT_LIMITS, new Int32Array(new SharedArrayBuffer(4)));
  registerOmwModule(
    language,
    guardedHostCall(() => undefined, guard),
  );
  return language.staticModules.get('omw')!.subModules;
}

test('omw has the host, provider and tooling sub-modules of omw-compat 10', () => {
  const modules = omwSubModules();
  assert.deepEqual([...modules.keys()].sort(), ['host', 'provider', 'tooling']);
  const names = (module: string): string[] => [...modules.get(module)!.natives.entries()].map(([name]) => name).sort();
  assert.deepEqual(names('host'), [...HOST_FUNCTIONS].sort());
  assert.deepEqual(names('provider'), ['get']);
  assert.deepEqual(names('tooling'), ['get']);
});

const rhaiOp = (op: HostOp) =>
  [...RHAI_OPS.hostFunctions, ...RHAI_OPS.handleMethods('provider'), ...RHAI_OPS.handleMethods('tooling')].find(
    (candidate) => candidate.op === op,
  )!;
const arities = (op: HostOp): number[] => {
  const { minArity, maxArity } = rhaiOp(op);
  return Array.from({ length: maxArity - minArity + 1 }, (_, i) => minArity + i);
};

test('trailing optional parameters widen the accepted arities', () => {
  assert.deepEqual(arities('provider.chat'), [2, 3, 4]);
  assert.deepEqual(arities('tooling.call-tool'), [2]);
  assert.deepEqual(arities('host.recv'), [0]);
  assert.equal(rhaiOp('tooling.subscribe-resource-list').name, 'subscribe_resource_list');
});
