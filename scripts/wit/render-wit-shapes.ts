// wit-shapes.generated.ts: the named types of the world as data (see main/host-api/wit-shape.ts).

import { GENERATED_HEADER, jsonTextNames, typeDefinitions } from './generated-text.ts';
import type { WitCase, WitPackage, WitTypeDefinition } from './wit-package.ts';

const caseText = (c: WitCase): string =>
  c.type === undefined ? `{ name: '${c.name}' }` : `{ name: '${c.name}', type: '${c.type}' }`;

function shapeText(def: WitTypeDefinition): string {
  switch (def.kind) {
    case 'record': {
      const json = jsonTextNames(def.docs);
      const fields = def.fields.map(
        (f) => `{ name: '${f.name}', type: '${f.type}'${json.has(f.name) ? ', json: true' : ''} }`,
      );
      return `{ kind: 'record', fields: [${fields.join(', ')}] }`;
    }
    case 'variant':
    case 'enum':
      return `{ kind: '${def.kind}', cases: [${def.cases.map(caseText).join(', ')}] }`;
    case 'resource':
      return `{ kind: 'resource' }`;
  }
}

export function renderWitShapes(pkg: WitPackage): string {
  const rows = [...typeDefinitions(pkg).values()].map((def) => `  '${def.name}': ${shapeText(def)},`);
  return [GENERATED_HEADER, '', 'export const WIT_SHAPES = {', ...rows, '} as const;', ''].join('\n');
}
