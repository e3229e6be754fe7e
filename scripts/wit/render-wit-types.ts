// wit-types.generated.ts: the records, variants and enums of the world as the TypeScript types
// Brainbench passes around (canonical values: omw's serde field names in snake_case, an absent
// option an absent field, a payload-less variant or enum a string, a variant with payloads a
// `{kind, data}` union).

import { snakeCase } from '../../main/host-api/name-case.ts';
import { parseWitType } from '../../main/host-api/wit-type.ts';
import { GENERATED_HEADER, jsDoc, jsonTextNames, tsType, typeDefinitions, typeName } from './generated-text.ts';
import type { WitPackage, WitTypeDefinition } from './wit-package.ts';

function definitionText(def: WitTypeDefinition, definitions: Map<string, WitTypeDefinition>): string[] {
  const name = typeName(def.name);
  const docs = jsDoc(def.docs);
  switch (def.kind) {
    case 'record': {
      const json = jsonTextNames(def.docs);
      const fields = def.fields.flatMap((field) => {
        const type = parseWitType(field.type);
        const optional = type.kind === 'option';
        const valueType = tsType(optional ? type.inner : type, definitions);
        const fieldDocs = field.docs ?? (json.has(field.name) ? 'JSON text.' : undefined);
        return [...jsDoc(fieldDocs, '  '), `  ${snakeCase(field.name)}${optional ? '?' : ''}: ${valueType};`];
      });
      return [...docs, `export interface ${name} {`, ...fields, '}'];
    }
    case 'variant': {
      if (def.cases.every((c) => c.type === undefined)) {
        return [...docs, `export type ${name} = ${def.cases.map((c) => `'${c.name}'`).join(' | ')};`];
      }
      const cases = def.cases.map((c) =>
        c.type === undefined
          ? `  | { kind: '${c.name}' }`
          : `  | { kind: '${c.name}'; data: ${tsType(parseWitType(c.type), definitions)} }`,
      );
      return [...docs, `export type ${name} =`, ...cases.map((c, i) => (i === cases.length - 1 ? `${c};` : c))];
    }
    case 'enum':
      return [...docs, `export type ${name} = ${def.cases.map((c) => `'${c.name}'`).join(' | ')};`];
    case 'resource':
      return [];
  }
}

export function renderWitTypes(pkg: WitPackage): string {
  const definitions = typeDefinitions(pkg);
  const blocks = [...definitions.values()].map((def) => definitionText(def, definitions)).filter((b) => b.length > 0);
  const variantsWithPayloads = [...definitions.values()].filter(
    (def) => def.kind === 'variant' && def.cases.some((c) => c.type !== undefined),
  );
  const kinds = variantsWithPayloads.map((def) => [
    `/** The case names of ${typeName(def.name)}. */`,
    `export type ${typeName(def.name)}Kind = ${typeName(def.name)}['kind'];`,
  ]);
  return [
    GENERATED_HEADER,
    '//',
    '// The values of the omw:omw world as they travel inside Brainbench: between the engines, the',
    "// bridge, the host, the trace and the assertion engine. Field names are omw's Rust (serde) names",
    '// in snake_case; an absent WIT option is an absent field. Each binding converts at its own edge.',
    '',
    [...blocks, ...kinds].map((block) => block.join('\n')).join('\n\n'),
    '',
  ].join('\n');
}
