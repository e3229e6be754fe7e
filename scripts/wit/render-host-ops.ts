// host-ops.generated.ts: every function a brain calls on the host, as data (HOST_OPS: receiver,
// parameters, result, docs) and as types (HostOpTypes: the canonical arguments and answer of each
// op, which type the host's handlers and every binding's host call).

import { answerType, parseWitType, type WitType } from '../../main/host-api/wit-type.ts';
import { GENERATED_HEADER, HOST_INTERFACES, jsDoc, jsonTextNames, tsType, typeDefinitions } from './generated-text.ts';
import type { WitFunction, WitPackage, WitTypeDefinition } from './wit-package.ts';

/** The function's docs for the editor's hover, without the JSON-text marker (brains see JSON parsed). */
const hoverDocs = (docs: string): string =>
  docs
    .split('\n')
    .filter((line) => !line.startsWith('JSON text:'))
    .join(' ');

function opRow(f: WitFunction): string {
  const json = jsonTextNames(f.docs);
  const params = f.params
    .map((p) => `{ name: '${p.name}', type: '${p.type}'${json.has(p.name) ? ', json: true' : ''} }`)
    .join(', ');
  const receiver = f.resource ? ` receiver: '${f.resource}',` : '';
  const result = f.result ? ` result: '${f.result}',` : '';
  const doc = f.docs && hoverDocs(f.docs) ? ` doc: ${JSON.stringify(hoverDocs(f.docs))},` : '';
  return `  '${f.iface}.${f.name}': {${receiver} params: [${params}],${result}${doc} },`;
}

function opTypes(f: WitFunction, definitions: Map<string, WitTypeDefinition>): string {
  const receiver = f.resource ? ['receiver: string'] : [];
  const params = f.params.map((p) => `${p.name.replaceAll('-', '_')}: ${tsType(parseWitType(p.type), definitions)}`);
  const answer = answerType(f.result);
  const answerText = answer === undefined ? 'void' : tsType(answer, definitions);
  return `  '${f.iface}.${f.name}': { args: [${[...receiver, ...params].join(', ')}]; answer: ${answerText} };`;
}

function namedTypesIn(type: WitType | undefined): string[] {
  if (type === undefined) return [];
  switch (type.kind) {
    case 'primitive':
      return [];
    case 'named':
      return [type.name];
    case 'list':
      return namedTypesIn(type.element);
    case 'option':
      return namedTypesIn(type.inner);
    case 'result':
      return [...namedTypesIn(type.ok), ...namedTypesIn(type.err)];
    case 'tuple':
      return type.items.flatMap(namedTypesIn);
  }
}

export function renderHostOps(pkg: WitPackage): string {
  const definitions = typeDefinitions(pkg);
  const ops = pkg.interfaces.filter((i) => HOST_INTERFACES.includes(i.name)).flatMap((i) => i.functions);
  const used = new Set(
    ops
      .flatMap((f) => [...f.params.map((p) => p.type), ...(f.result ? [f.result] : [])])
      .flatMap((text) => namedTypesIn(parseWitType(text)))
      .filter((name) => definitions.get(name)?.kind !== 'resource'),
  );
  const imports = [...used].map((name) => tsType({ kind: 'named', name }, definitions)).sort();
  return [
    GENERATED_HEADER,
    '',
    `import type { ${imports.join(', ')} } from './wit-types.generated.ts';`,
    '',
    'export const HOST_OPS = {',
    ...ops.map(opRow),
    '} as const;',
    '',
    '/** `<interface>.<function>` of every host import, e.g. `provider.chat-stream`. */',
    'export type HostOp = keyof typeof HOST_OPS;',
    '',
    ...jsDoc(
      [
        'The canonical arguments of every host op and what its host call answers: the `ok` value of a',
        'WIT result (its `err` arm is thrown as a HostCallError). A resource method takes the configured',
        'name of its receiver first; a resource is its name.',
      ].join('\n'),
    ),
    'export interface HostOpTypes {',
    ...ops.map((f) => opTypes(f, definitions)),
    '}',
    '',
    "export type HostOpArgs<Op extends HostOp> = HostOpTypes[Op]['args'];",
    "export type HostOpAnswer<Op extends HostOp> = HostOpTypes[Op]['answer'];",
    '',
  ].join('\n');
}
