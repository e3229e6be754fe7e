// The `omw` global of JavaScript brains as TypeScript declarations (omw-compat 11: camelCase
// names, records with camelCase keys, opaque JSON parsed). The workbench's editor loads them into
// its JavaScript language service; `types/omw-brain.d.ts` ships them for a user's own tsconfig.

import { DEFAULT_CASES, FIELD_DEFAULTS } from './guest-defaults.ts';
import { camelCase, pascalCase } from './name-case.ts';
import { OMW_HOST_FUNCTIONS, omwHandleMethods, type OmwApiFunction } from './omw-api.ts';
import { isPayloadless, shapeOf } from './wit-shape.ts';
import { WIT_SHAPES } from './wit-shapes.generated.ts';
import { answerType, isBytes, parseWitType, type WitType } from './wit-type.ts';

/** A world type as the JS typings name it; `event-envelope` is the flattened inbox entry. */
const jsTypeName = (name: string): string => (name === 'event-envelope' ? 'OmwEvent' : `Omw${pascalCase(name)}`);

/** WIT types as the JS binding hands them over (docs/js-runtime.md). */
function tsType(type: WitType): string {
  switch (type.kind) {
    case 'primitive':
      return type.name === 'bool' ? 'boolean' : type.name === 'string' || type.name === 'char' ? 'string' : 'number';
    case 'option':
      return `${tsType(type.inner)} | undefined`;
    case 'list':
      return isBytes(type) ? 'number[]' : `${tsType(type.element)}[]`;
    case 'named': {
      const shape = shapeOf(type.name);
      if (shape.kind === 'record' || shape.kind === 'resource' || !isPayloadless(shape)) return jsTypeName(type.name);
      // A role the binding fills in when it is wrong is any string to the brain.
      if (DEFAULT_CASES[type.name] !== undefined) return 'string';
      return shape.cases.map((c) => `'${c.name}'`).join(' | ');
    }
    case 'result':
      return type.ok ? tsType(type.ok) : 'void';
    case 'tuple':
      return `[${type.items.map(tsType).join(', ')}]`;
  }
}

/** One record as a JS brain reads and writes it: camelCase keys, JSON text parsed (any). */
function recordInterface(name: string): string {
  const shape = shapeOf(name);
  if (shape.kind !== 'record') return '';
  const defaults = FIELD_DEFAULTS[name] ?? {};
  const fields = shape.fields.map((field) => {
    const type = parseWitType(field.type);
    const inner = type.kind === 'option' ? type.inner : type;
    const mayOmit =
      type.kind === 'option' ||
      defaults[field.name] !== undefined ||
      (inner.kind === 'named' && DEFAULT_CASES[inner.name] !== undefined);
    return `${camelCase(field.name)}${mayOmit ? '?' : ''}: ${field.json ? 'any' : tsType(inner)}`;
  });
  return `interface ${jsTypeName(name)} { ${fields.join('; ')} }`;
}

function jsParams(fn: OmwApiFunction): string {
  return fn.params
    .map((p) => {
      const name = p.name === 'arguments' ? 'args' : camelCase(p.name);
      const type = parseWitType(p.type);
      if (p.json) return type.kind === 'option' ? `${name}?: object | string` : `${name}: unknown`;
      return `${name}${p.omittable ? '?' : ''}: ${tsType(type)}`;
    })
    .join(', ');
}

function jsSignature(fn: OmwApiFunction): string {
  const answer = answerType(fn.result);
  const throws = fn.canFail ? ' Throws the host error.' : '';
  const doc = fn.doc ? ` ${fn.doc}` : '';
  return `  /** \`${fn.op}\`.${doc}${throws} */\n  ${camelCase(fn.name)}(${jsParams(fn)}): ${answer ? tsType(answer) : 'void'};`;
}

const records = Object.keys(WIT_SHAPES).filter((name) => name !== 'event-envelope' && shapeOf(name).kind === 'record');
const eventShape = shapeOf('event');
const eventKinds = eventShape.kind === 'variant' ? eventShape.cases.map((c) => `'${c.name}'`).join(' | ') : 'string';

/** Type definitions for the `omw` global of JavaScript brains (camelCase records, omw-compat 11). */
export const OMW_JS_TYPES = `
/** Opaque JSON fields are the parsed value (or the raw text when it is not JSON): typed any. */
${records.map(recordInterface).join('\n')}
/** An inbox entry: \`payload\` is a string for message and error, null for unit events, else a record. */
interface OmwEvent { id: string; kind: ${eventKinds}; payload: any }
interface OmwProvider {
  readonly name: string;
${omwHandleMethods('provider').map(jsSignature).join('\n')}
}
interface OmwTooling {
  readonly name: string;
${omwHandleMethods('tooling').map(jsSignature).join('\n')}
}
interface OmwHost {
${OMW_HOST_FUNCTIONS.map(jsSignature).join('\n')}
  /** \`host.memory-get\`, then JSON.parse (the raw string when it is not JSON); undefined when absent. */
  memoryGetAs(key: string): any;
  /** JSON-encodes the value, then \`host.memory-set\`. */
  memorySetAs(key: string, value: unknown): void;
}
declare const omw: {
  readonly host: OmwHost;
  readonly provider: { get(name: string): OmwProvider };
  readonly tooling: { get(name: string): OmwTooling };
};
declare function print(...values: unknown[]): void;
`;
