// The omw host API as the editor presents it, derived from the WIT-generated tables (the host-op
// table and the shapes of the world's types) so that completion, hover docs and the JS type
// definitions can never drift from what the host offers and what the bindings convert.

import { DEFAULT_CASES, FIELD_DEFAULTS, OMITTABLE_ARGUMENTS } from '../../../main/host-api/guest-defaults.ts';
import { HOST_OPS, type HostOp } from '../../../main/host-api/host-ops.generated.ts';
import { camelCase, pascalCase, snakeCase } from '../../../main/host-api/name-case.ts';
import { isPayloadless, shapeOf } from '../../../main/host-api/wit-shape.ts';
import { WIT_SHAPES } from '../../../main/host-api/wit-shapes.generated.ts';
import { answerType, canFail, isBytes, parseWitType, type WitType } from '../../../main/host-api/wit-type.ts';

interface OpSpec {
  receiver?: 'provider' | 'tooling';
  params: readonly { name: string; type: string; json?: boolean }[];
  result?: string;
  doc?: string;
}

const specOf = (op: HostOp): OpSpec => HOST_OPS[op] as OpSpec;
const functionOf = (op: HostOp) => op.slice(op.indexOf('.') + 1);
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

function jsParams(spec: OpSpec): string {
  return spec.params
    .map((p) => {
      const name = p.name === 'arguments' ? 'args' : camelCase(p.name);
      const type = parseWitType(p.type);
      if (p.json) return type.kind === 'option' ? `${name}?: object | string` : `${name}: unknown`;
      const optional = OMITTABLE_ARGUMENTS[p.type] !== undefined;
      return `${name}${optional ? '?' : ''}: ${tsType(type)}`;
    })
    .join(', ');
}

function jsSignature(op: HostOp): string {
  const spec = specOf(op);
  const answer = answerType(spec.result);
  const throws = canFail(spec.result) ? ' Throws the host error.' : '';
  const doc = spec.doc ? ` ${spec.doc}` : '';
  return `  /** \`${op}\`.${doc}${throws} */\n  ${camelCase(functionOf(op))}(${jsParams(spec)}): ${answer ? tsType(answer) : 'void'};`;
}

const ops = Object.keys(HOST_OPS) as HostOp[];
const hostFunctions = ops.filter((op) => op.startsWith('host.'));
const methodsOf = (receiver: 'provider' | 'tooling') =>
  ops.filter((op) => specOf(op).receiver === receiver && functionOf(op) !== 'name');

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
${methodsOf('provider').map(jsSignature).join('\n')}
}
interface OmwTooling {
  readonly name: string;
${methodsOf('tooling').map(jsSignature).join('\n')}
}
interface OmwHost {
${hostFunctions.map(jsSignature).join('\n')}
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

export interface RhaiApiEntry {
  /** What completion inserts after `omw::`, e.g. `host::time_now`. */
  path: string;
  signature: string;
  doc: string;
}

function rhaiEntry(op: HostOp): RhaiApiEntry {
  const spec = specOf(op);
  const params = spec.params.map((p) => snakeCase(p.name)).join(', ');
  const result = spec.result ? ` -> ${spec.result}` : '';
  const path = `host::${snakeCase(functionOf(op))}`;
  return {
    path,
    signature: `omw::${path}(${params})${result}`,
    doc: `${spec.doc ? `${spec.doc} ` : ''}Calls \`${op}\`; an \`err\` result is a catchable Rhai error.`,
  };
}

/** Everything reachable under `omw::` in a Rhai brain (docs/rhai-runtime.md). */
export const OMW_RHAI_API: RhaiApiEntry[] = [
  ...hostFunctions.map(rhaiEntry),
  {
    path: 'host::memory_get_as',
    signature: 'omw::host::memory_get_as(key)',
    doc: 'Reads memory and parses its JSON; `()` when absent.',
  },
  {
    path: 'host::memory_set_as',
    signature: 'omw::host::memory_set_as(key, value)',
    doc: 'JSON-encodes the value into memory.',
  },
  {
    path: 'provider::get',
    signature: 'omw::provider::get(name)',
    doc: `A provider handle: a map with \`name\` and the methods ${methodsOf('provider')
      .map((op) => snakeCase(functionOf(op)))
      .join(', ')}.`,
  },
  {
    path: 'tooling::get',
    signature: 'omw::tooling::get(name)',
    doc: `A tooling handle: a map with \`name\` and the methods ${methodsOf('tooling')
      .map((op) => snakeCase(functionOf(op)))
      .join(', ')}.`,
  },
];

/** Host ops a breakpoint can hold an agent before, grouped as the breakpoint menu shows them. */
export const BREAKPOINT_OPS: HostOp[] = ops.filter((op) => !op.endsWith('.name') && !op.endsWith('.kind'));
