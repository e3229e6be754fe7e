import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { HOST_OPS, type HostOp } from '../../main/host-api/host-ops.generated.ts';
import { shapeOf } from '../../main/host-api/wit-shape.ts';
import { HOST_CALL_HANDLERS } from '../../main/host/calls/all-calls.ts';
import { isLocalOp } from '../../main/local-calls/local-calls.ts';
import { generatedModules } from '../../scripts/wit/generated-modules.ts';
import { parseWit } from '../../scripts/wit/parse-wit.ts';
import { renderWitTypes } from '../../scripts/wit/render-wit-types.ts';

const root = new URL('../../', import.meta.url);
const wit = readFileSync(new URL('wit/omw.wit', root), 'utf8');

test('the modules generated from wit/omw.wit are current', () => {
  for (const [path, text] of Object.entries(generatedModules(wit))) {
    assert.equal(readFileSync(new URL(path, root), 'utf8'), text, `${path}: run \`npm run gen:wit\``);
  }
});

test('the WIT world has the functions omw specifies, with resource methods and free functions apart', () => {
  const pkg = parseWit(wit);
  assert.equal(pkg.name, 'omw:omw');
  const fns = pkg.interfaces.flatMap((i) => i.functions);
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
  assert.deepEqual(pkg.worlds, [
    { name: 'omw', imports: ['types', 'provider', 'tooling', 'host'], exports: ['runtime'] },
  ]);
});

test('records, variants and the JSON-text marker become types and shapes', () => {
  assert.deepEqual(shapeOf('tool'), {
    kind: 'record',
    fields: [
      { name: 'name', type: 'string' },
      { name: 'description', type: 'option<string>' },
      { name: 'input-schema', type: 'string', json: true },
      { name: 'output-schema', type: 'option<string>', json: true },
    ],
  });
  assert.deepEqual(
    HOST_OPS['tooling.call-tool'].params.map((p) => ('json' in p ? `${p.name} (json)` : p.name)),
    ['name', 'arguments (json)'],
  );
  const types = renderWitTypes(
    parseWit(`package a:b;
interface types {
  /// JSON text: body.
  record note { title: string, body: option<string>, tags: list<string>, raw: list<u8> }
  enum color { red, green }
  variant shape { dot, circle(u64) }
}`),
  );
  assert.match(
    types,
    /export interface Note \{\n {2}title: string;\n {2}\/\*\* JSON text\. \*\/\n {2}body\?: string;\n {2}tags: string\[\];\n {2}raw: Uint8Array;\n\}/,
  );
  assert.match(types, /export type Color = 'red' \| 'green';/);
  assert.match(types, /export type Shape =\n {2}\| \{ kind: 'dot' \}\n {2}\| \{ kind: 'circle'; data: number \};/);
});

test('WIT the generator does not understand is an error with its line', () => {
  assert.throws(() => parseWit('package a:b;\ninterface i {\n  flags f { x }\n}'), /wit\/omw\.wit:3: expected ":"/);
  assert.throws(
    () => parseWit('package a:b;\ninterface i {\n  record r {\n    x string\n  }\n}'),
    /wit\/omw\.wit:4: expected ":", found "string"/,
  );
});

test('every host op of the world is answered, by the host or in the agent process', () => {
  const unanswered = (Object.keys(HOST_OPS) as HostOp[]).filter((op) => !isLocalOp(op) && !HOST_CALL_HANDLERS[op]);
  assert.deepEqual(unanswered, []);
});
