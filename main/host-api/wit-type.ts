// WIT type text (`list<chat-message>`, `result<_, string>`) as structure. The generated tables
// keep types as text, readable in the trace and the editor; every binding, the wasm glue and the
// editor typings read them through this one parser.

export type WitType =
  | { kind: 'primitive'; name: string }
  | { kind: 'list'; element: WitType }
  | { kind: 'option'; inner: WitType }
  /** `ok` and `err` are absent for `_`. */
  | { kind: 'result'; ok?: WitType; err?: WitType }
  | { kind: 'tuple'; items: WitType[] }
  /** A record, variant, enum or resource of the world, by its kebab-case name. */
  | { kind: 'named'; name: string };

const PRIMITIVES = new Set([
  'bool',
  's8',
  's16',
  's32',
  's64',
  'u8',
  'u16',
  'u32',
  'u64',
  'f32',
  'f64',
  'char',
  'string',
]);

/** Splits `a, list<b, c>, d` on its top-level commas. */
function splitArguments(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '<') depth++;
    else if (ch === '>') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts;
}

const parsed = new Map<string, WitType>();

function parse(text: string): WitType {
  const open = text.indexOf('<');
  if (open === -1) return PRIMITIVES.has(text) ? { kind: 'primitive', name: text } : { kind: 'named', name: text };
  if (!text.endsWith('>')) throw new Error(`malformed WIT type "${text}"`);
  const outer = text.slice(0, open);
  const args = splitArguments(text.slice(open + 1, -1)).map((arg) => (arg === '_' ? undefined : parseWitType(arg)));
  const [first, second] = args;
  if (outer === 'list' && args.length === 1 && first) return { kind: 'list', element: first };
  if (outer === 'option' && args.length === 1 && first) return { kind: 'option', inner: first };
  if (outer === 'result' && args.length <= 2) {
    return { kind: 'result', ...(first ? { ok: first } : {}), ...(second ? { err: second } : {}) };
  }
  if (outer === 'tuple' && args.every((arg) => arg !== undefined)) return { kind: 'tuple', items: args as WitType[] };
  throw new Error(`unsupported WIT type "${text}"`);
}

/** The structure of a WIT type; parsed once per distinct text. */
export function parseWitType(text: string): WitType {
  let type = parsed.get(text);
  if (type === undefined) {
    type = parse(text.trim());
    parsed.set(text, type);
  }
  return type;
}

/** The text of a type, as the generated tables write it. */
export function witTypeText(type: WitType | undefined): string {
  if (type === undefined) return '_';
  switch (type.kind) {
    case 'primitive':
    case 'named':
      return type.name;
    case 'list':
      return `list<${witTypeText(type.element)}>`;
    case 'option':
      return `option<${witTypeText(type.inner)}>`;
    case 'result':
      return type.err ? `result<${witTypeText(type.ok)}, ${witTypeText(type.err)}>` : `result<${witTypeText(type.ok)}>`;
    case 'tuple':
      return `tuple<${type.items.map(witTypeText).join(', ')}>`;
  }
}

/**
 * What a host call hands back to a binding for a function's result: the `ok` type of a
 * `result` (its `err` arm is thrown as a HostCallError instead), the type itself otherwise;
 * undefined when there is nothing (`_`, or no result at all).
 */
export function answerType(result: string | undefined): WitType | undefined {
  if (result === undefined) return undefined;
  const type = parseWitType(result);
  return type.kind === 'result' ? type.ok : type;
}

/** True when a function's result can carry an error the brain is told about. */
export const canFail = (result: string | undefined): boolean =>
  result !== undefined && parseWitType(result).kind === 'result';

/** `list<u8>`: bytes, which every binding represents in its own way. */
export const isBytes = (type: WitType): boolean =>
  type.kind === 'list' && type.element.kind === 'primitive' && type.element.name === 'u8';
