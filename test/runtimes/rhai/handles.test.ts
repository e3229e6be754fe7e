import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HostCallError } from '../../../main/host-api/host-call-error.ts';
import { engineFixture } from './rhai-engine-fixture.ts';

const PROVIDER_METHODS = ['cancel', 'chat', 'chat_stream', 'is_open', 'kind', 'list_models'];
const TOOLING_METHODS = [
  'call_tool',
  'call_tool_blocking',
  'cancel',
  'is_open',
  'kind',
  'list_resources',
  'list_tools',
  'read_resource',
  'subscribe_resource',
  'subscribe_resource_list',
  'unsubscribe_resource',
  'unsubscribe_resource_list',
];

test('a handle is an object map: name plus one function pointer per method', async () => {
  const fx = await engineFixture();
  const shape = (kind: string): string =>
    fx.exitOf(`
      let h = omw::${kind}::get("x");
      let methods = h.keys().filter(|k| type_of(h[k]) == "Fn");
      methods.sort();
      \`\${type_of(h)} \${h.name} \${methods}\`
    `);
  assert.equal(shape('provider'), `map x ${JSON.stringify(PROVIDER_METHODS).replaceAll(',', ', ')}`);
  assert.equal(shape('tooling'), `map x ${JSON.stringify(TOOLING_METHODS).replaceAll(',', ', ')}`);
  assert.deepEqual(
    fx.calls.map((call) => call.op),
    ['provider.get', 'tooling.get'],
  );
});

test('methods are called with method syntax and reach the host with the receiver first', async () => {
  const fx = await engineFixture({
    'provider.kind': () => 'mock',
    'provider.list-models': () => ['a', 'b'],
    'provider.is-open': () => true,
    'tooling.read-resource': (_name: string, uri: string) => ({ uri, content: 'body' }),
  });
  assert.equal(
    fx.exitOf(`
      let llm = omw::provider::get("llm");
      let notes = omw::tooling::get("notes");
      let models = llm.list_models();
      \`\${llm.kind()} \${models.len()} \${llm.is_open("s1")} \${notes.read_resource("mem://a").content}\`
    `),
    'mock 2 true body',
  );
  assert.deepEqual(
    fx.calls.map((call) => [call.op, ...call.args]),
    [
      ['provider.get', 'llm'],
      ['tooling.get', 'notes'],
      ['provider.list-models', 'llm'],
      ['provider.kind', 'llm'],
      ['provider.is-open', 'llm', 's1'],
      ['tooling.read-resource', 'notes', 'mem://a'],
    ],
  );
});

test('each handle keeps its own receiver, also when passed to a function', async () => {
  const fx = await engineFixture({ 'tooling.kind': (name: string) => `kind of ${name}` });
  assert.equal(
    fx.exitOf(`
      fn describe(handle) { handle.kind() }
      let a = omw::tooling::get("a");
      let b = omw::tooling::get("b");
      \`\${describe(a)} / \${describe(b)}\`
    `),
    'kind of a / kind of b',
  );
});

test('a lookup of an unconfigured name is a catchable error carrying the host message', async () => {
  const fx = await engineFixture({
    'provider.get': (name: string) => {
      throw new HostCallError(`no such provider "${name}"`);
    },
  });
  assert.equal(
    fx.exitOf('let r; try { omw::provider::get("nope") } catch (error) { r = error } r'),
    'no such provider "nope"',
  );
});

test('a method called with the wrong number of arguments is not found', async () => {
  const fx = await engineFixture();
  assert.match(fx.failureOf('omw::provider::get("llm").chat("m")').error, /Function not found/);
  assert.match(fx.failureOf('omw::host::new_uuid(1)').error, /Function not found/);
});
