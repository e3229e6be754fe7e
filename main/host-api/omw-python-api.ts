// The omw host API as a Python brain sees it (omw-compat 11b), derived from the WIT-generated
// tables as the JS and Rhai views beside it are: the editor's completion and hover for
// Python brains, and `omw.pyi`, the stub for users' own type checkers
// (scripts/gen-omw-pyi.ts writes it to main/runtimes/python/omw.pyi).

import { DEFAULT_CASES, OMITTABLE_ARGUMENTS } from './guest-defaults.ts';
import { HOST_OPS, type HostOp } from './host-ops.generated.ts';
import { pascalCase, snakeCase } from './name-case.ts';
import { isPayloadless, shapeOf } from './wit-shape.ts';
import { WIT_SHAPES } from './wit-shapes.generated.ts';
import { answerType, canFail, isBytes, parseWitType, type WitType } from './wit-type.ts';

interface OpSpec {
  receiver?: 'provider' | 'tooling';
  params: readonly { name: string; type: string; json?: boolean }[];
  result?: string;
  doc?: string;
}

/** `host`: `omw.host.<name>`; `provider` and `tooling`: a handle's methods; `omw.<kind>`: its `get`. */
export type PythonApiOwner = 'host' | 'provider' | 'tooling' | 'omw.provider' | 'omw.tooling';

export interface PythonApiEntry {
  owner: PythonApiOwner;
  name: string;
  /** `name(params) -> answer`, as the stub declares it. */
  signature: string;
  doc: string;
}

const specOf = (op: HostOp): OpSpec => HOST_OPS[op] as OpSpec;
const functionOf = (op: HostOp) => op.slice(op.indexOf('.') + 1);
const className = (name: string): string => (name === 'event-envelope' ? 'Event' : pascalCase(name));
const PYTHON_KEYWORDS = new Set(['from', 'in', 'is', 'as', 'def', 'class', 'global', 'lambda', 'pass', 'with']);
const parameterName = (kebab: string): string => {
  const name = snakeCase(kebab);
  return PYTHON_KEYWORDS.has(name) ? `${name}_` : name;
};

/** WIT types as the Python binding hands them over, or takes them (`input`: dicts work too). */
function pyType(type: WitType, input: boolean): string {
  switch (type.kind) {
    case 'primitive':
      if (type.name === 'bool') return 'bool';
      if (type.name === 'string' || type.name === 'char') return 'str';
      return type.name.startsWith('f') ? 'float' : 'int';
    case 'option':
      return `${pyType(type.inner, input)} | None`;
    case 'list':
      return isBytes(type) ? 'bytes' : `list[${pyType(type.element, input)}]`;
    case 'named': {
      const shape = shapeOf(type.name);
      if (shape.kind === 'resource') return className(type.name);
      if (shape.kind === 'record' || !isPayloadless(shape)) {
        return input ? `${className(type.name)} | Mapping[str, Any]` : className(type.name);
      }
      // A role the binding fills in when it is wrong is any string to the brain.
      if (DEFAULT_CASES[type.name] !== undefined) return 'str';
      return `Literal[${shape.cases.map((c) => `"${c.name}"`).join(', ')}]`;
    }
    case 'result':
      return type.ok ? pyType(type.ok, input) : 'None';
    case 'tuple':
      return `tuple[${type.items.map((item) => pyType(item, input)).join(', ')}]`;
  }
}

function parameters(spec: OpSpec): string[] {
  return spec.params.map((p) => {
    const type = parseWitType(p.type);
    // JSON text: any value, or a str of JSON that passes as it is.
    const annotation = p.json ? 'Any' : pyType(type, true);
    const omittable = type.kind === 'option' || OMITTABLE_ARGUMENTS[p.type] !== undefined;
    return `${parameterName(p.name)}: ${annotation}${omittable ? ' = ...' : ''}`;
  });
}

function entry(owner: PythonApiOwner, op: HostOp): PythonApiEntry {
  const spec = specOf(op);
  const answer = answerType(spec.result);
  const name = snakeCase(functionOf(op));
  const raises = canFail(spec.result) ? " Raises RuntimeError with the host's message." : '';
  return {
    owner,
    name,
    signature: `${name}(${parameters(spec).join(', ')}) -> ${answer ? pyType(answer, false) : 'None'}`,
    doc: `\`${op}\`.${spec.doc ? ` ${spec.doc}` : ''}${raises}`,
  };
}

const ops = Object.keys(HOST_OPS) as HostOp[];
const methodsOf = (receiver: 'provider' | 'tooling'): HostOp[] =>
  ops.filter((op) => specOf(op).receiver === receiver && functionOf(op) !== 'name');

/** Everything a Python brain reaches through `omw`, with the stub's signatures. */
export const OMW_PYTHON_API: readonly PythonApiEntry[] = [
  ...ops.filter((op) => op.startsWith('host.')).map((op) => entry('host', op)),
  {
    owner: 'host',
    name: 'memory_get_as',
    signature: 'memory_get_as(key: str) -> Any',
    doc: '`host.memory-get`, then its JSON parsed (maps as attribute objects); the raw str when it is not JSON, None when absent.',
  },
  {
    owner: 'host',
    name: 'memory_set_as',
    signature: 'memory_set_as(key: str, value: Any) -> None',
    doc: 'JSON-encodes any serializable value (a str too), then `host.memory-set`. Raises TypeError for a value without JSON.',
  },
  ...methodsOf('provider').map((op) => entry('provider', op)),
  ...methodsOf('tooling').map((op) => entry('tooling', op)),
  ...(['provider', 'tooling'] as const).map((kind): PythonApiEntry => ({
    owner: `omw.${kind}`,
    name: 'get',
    signature: `get(name: str) -> ${className(kind)}`,
    doc: `A ${kind} handle: \`name\` and the methods ${methodsOf(kind)
      .map((op) => snakeCase(functionOf(op)))
      .join(', ')}. Raises RuntimeError when there is no such ${kind}.`,
  })),
];

const indent = (lines: readonly string[], depth = 1): string[] => lines.map((line) => `${'    '.repeat(depth)}${line}`);

/** A stub method: positional-only, as the binding takes its arguments. */
function stubMethod(api: PythonApiEntry): string[] {
  const open = api.signature.indexOf('(');
  const close = api.signature.lastIndexOf(') -> ');
  const params = api.signature.slice(open + 1, close);
  const answer = api.signature.slice(close + 5);
  const all = params === '' ? 'self, /' : `self, ${params}, /`;
  return [`def ${api.name}(${all}) -> ${answer}:`, `    """${api.doc.replaceAll('\\', '\\\\')}"""`, '    ...'];
}

function stubRecord(name: string): string[] {
  const shape = shapeOf(name);
  if (shape.kind !== 'record') return [];
  const fields = shape.fields.map((field) => {
    const type = parseWitType(field.type);
    const annotation = field.json ? 'Any' : pyType(type, false);
    return `${snakeCase(field.name)}: ${annotation}`;
  });
  return [`class ${className(name)}(Protocol):`, ...indent(fields), ''];
}

function stubHandle(kind: 'provider' | 'tooling'): string[] {
  const methods = OMW_PYTHON_API.filter((api) => api.owner === kind);
  return [
    `class ${className(kind)}(Protocol):`,
    '    name: str',
    ...methods.flatMap((api) => indent(stubMethod(api))),
    '',
  ];
}

/** The text of omw.pyi. */
export function renderOmwPyi(): string {
  const records = Object.keys(WIT_SHAPES).filter(
    (name) => name !== 'event-envelope' && shapeOf(name).kind === 'record',
  );
  const event = shapeOf('event');
  const kinds = event.kind === 'variant' ? event.cases.map((c) => `"${c.name}"`).join(', ') : '';
  const host = OMW_PYTHON_API.filter((api) => api.owner === 'host');
  const lines = [
    '# Generated from wit/omw.wit by scripts/gen-omw-pyi.ts; do not edit.',
    '"""The `omw` global of a Python brain (Brainbench\'s `python` runtime, omw-compat 11b).',
    '',
    'Brains do not import it: `omw` is a global. For a type checker, copy this file next to your',
    'brains as `__builtins__.pyi` (pyright and Pylance read it as extra builtins), or import it',
    'under `if TYPE_CHECKING: from omw import omw`. Records and events are attribute objects;',
    'brains may pass dicts (or any attribute object) where a record is wanted. Opaque JSON',
    '(tool-call arguments, schemas, params, tool results) is typed Any: it arrives parsed.',
    '"""',
    '',
    'from typing import Any, Literal, Mapping, Protocol',
    '',
    ...records.flatMap(stubRecord),
    'class Event(Protocol):',
    '    """An inbox entry. `payload` is a str for message and error, None for unit events, a list of',
    '    ResourceInfo for resource-list-updated, else the record the kind names (ChatDelta, ...)."""',
    '',
    '    id: str',
    `    kind: Literal[${kinds}]`,
    '    payload: Any',
    '',
    ...stubHandle('provider'),
    ...stubHandle('tooling'),
    'class _Host(Protocol):',
    ...host.flatMap((api) => indent(stubMethod(api))),
    '',
    ...(['provider', 'tooling'] as const).flatMap((kind) => [
      `class _${className(kind)}Lookup(Protocol):`,
      ...indent(OMW_PYTHON_API.filter((api) => api.owner === `omw.${kind}`).flatMap(stubMethod)),
      '',
    ]),
    'class _Omw(Protocol):',
    '    host: _Host',
    '    provider: _ProviderLookup',
    '    tooling: _ToolingLookup',
    '',
    'omw: _Omw',
    '',
  ];
  return lines.join('\n');
}
