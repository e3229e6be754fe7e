// Parses the subset of WIT that the omw:omw world uses: a package declaration, interfaces with
// `use`, records, variants, enums, resources and functions, and worlds of plain
// interface imports and exports. Anything else is a located syntax error, so a change to the
// world that the generator does not understand fails loudly instead of generating wrong code.

import type {
  WitCase,
  WitField,
  WitFunction,
  WitInterface,
  WitPackage,
  WitTypeDefinition,
  WitWorld,
} from './wit-package.ts';
import { WitSyntaxError, witTokens, type WitToken } from './wit-tokens.ts';

class Cursor {
  #index = 0;
  constructor(private readonly tokens: WitToken[]) {}

  peek(): WitToken {
    return this.tokens[this.#index]!;
  }

  next(): WitToken {
    const token = this.tokens[this.#index]!;
    if (token.kind !== 'end') this.#index++;
    return token;
  }

  fail(message: string): never {
    const token = this.peek();
    throw new WitSyntaxError(`${message}, found ${token.kind === 'end' ? 'the end' : `"${token.text}"`}`, token.line);
  }

  /** Collected doc comment lines before the next item, joined; undefined when there are none. */
  docs(): string | undefined {
    const lines: string[] = [];
    while (this.peek().kind === 'doc') lines.push(this.next().text);
    return lines.length > 0 ? lines.join('\n') : undefined;
  }

  punct(text: string): void {
    const token = this.peek();
    if (token.kind !== 'punct' || token.text !== text) this.fail(`expected "${text}"`);
    this.next();
  }

  accept(text: string): boolean {
    const token = this.peek();
    if ((token.kind === 'punct' || token.kind === 'id') && token.text === text) {
      this.next();
      return true;
    }
    return false;
  }

  id(): string {
    const token = this.peek();
    if (token.kind !== 'id') this.fail('expected a name');
    return this.next().text;
  }
}

/** A type as normalized text: `option<list<u8>>`, `result<_, string>`, `tuple<a, b>`. */
function type(cursor: Cursor): string {
  const name = cursor.accept('_') ? '_' : cursor.id();
  if (!cursor.accept('<')) return name;
  const args = [type(cursor)];
  while (cursor.accept(',')) args.push(type(cursor));
  cursor.punct('>');
  return `${name}<${args.join(', ')}>`;
}

/** `name: type, ...` up to the closing token, a trailing comma allowed. */
function fields(cursor: Cursor, close: string): WitField[] {
  const found: WitField[] = [];
  for (;;) {
    const docs = cursor.docs();
    if (cursor.accept(close)) return found;
    const name = cursor.id();
    cursor.punct(':');
    found.push({ name, type: type(cursor), ...withDocs(docs) });
    if (!cursor.accept(',')) {
      cursor.punct(close);
      return found;
    }
  }
}

function cases(cursor: Cursor, payloads: boolean): WitCase[] {
  cursor.punct('{');
  const found: WitCase[] = [];
  for (;;) {
    const docs = cursor.docs();
    if (cursor.accept('}')) return found;
    const name = cursor.id();
    let payload: string | undefined;
    if (payloads && cursor.accept('(')) {
      payload = type(cursor);
      cursor.punct(')');
    }
    found.push({ name, ...(payload !== undefined ? { type: payload } : {}), ...withDocs(docs) });
    if (!cursor.accept(',')) {
      cursor.punct('}');
      return found;
    }
  }
}

const withDocs = (docs: string | undefined) => (docs !== undefined ? { docs } : {});

function func(cursor: Cursor, iface: string, name: string, docs: string | undefined, resource?: string): WitFunction {
  if (!cursor.accept('func')) cursor.fail('expected "func"');
  cursor.punct('(');
  const params = fields(cursor, ')');
  const result = cursor.accept('->') ? type(cursor) : undefined;
  cursor.punct(';');
  return {
    iface,
    ...(resource !== undefined ? { resource } : {}),
    name,
    params,
    ...(result !== undefined ? { result } : {}),
    ...withDocs(docs),
  };
}

function useStatement(cursor: Cursor): void {
  cursor.id();
  while (cursor.accept('.') || cursor.accept('/') || cursor.accept(':')) {
    if (cursor.peek().kind === 'punct' && cursor.peek().text === '{') break;
    cursor.id();
  }
  cursor.punct('{');
  do cursor.id();
  while (cursor.accept(','));
  cursor.punct('}');
  cursor.punct(';');
}

function interfaceBody(cursor: Cursor, name: string, docs: string | undefined): WitInterface {
  const types: WitTypeDefinition[] = [];
  const methods: WitFunction[] = [];
  const functions: WitFunction[] = [];
  cursor.punct('{');
  for (;;) {
    const itemDocs = cursor.docs();
    if (cursor.accept('}')) break;
    if (cursor.accept('use')) useStatement(cursor);
    else if (cursor.accept('record')) {
      const record = cursor.id();
      cursor.punct('{');
      types.push({ kind: 'record', name: record, fields: fields(cursor, '}'), ...withDocs(itemDocs) });
    } else if (cursor.accept('variant')) {
      const variant = cursor.id();
      types.push({ kind: 'variant', name: variant, cases: cases(cursor, true), ...withDocs(itemDocs) });
    } else if (cursor.accept('enum')) {
      const enumeration = cursor.id();
      types.push({ kind: 'enum', name: enumeration, cases: cases(cursor, false), ...withDocs(itemDocs) });
    } else if (cursor.accept('resource')) {
      const resource = cursor.id();
      types.push({ kind: 'resource', name: resource, ...withDocs(itemDocs) });
      if (!cursor.accept(';')) {
        cursor.punct('{');
        for (;;) {
          const methodDocs = cursor.docs();
          if (cursor.accept('}')) break;
          const method = cursor.id();
          cursor.punct(':');
          methods.push(func(cursor, name, method, methodDocs, resource));
        }
      }
    } else {
      const fn = cursor.id();
      cursor.punct(':');
      functions.push(func(cursor, name, fn, itemDocs));
    }
  }
  return { name, ...withDocs(docs), types, functions: [...methods, ...functions] };
}

function worldBody(cursor: Cursor, name: string): WitWorld {
  const world: WitWorld = { name, imports: [], exports: [] };
  cursor.punct('{');
  for (;;) {
    cursor.docs();
    if (cursor.accept('}')) return world;
    const direction = cursor.accept('import') ? world.imports : cursor.accept('export') ? world.exports : undefined;
    if (!direction) cursor.fail('expected "import" or "export"');
    direction.push(cursor.id());
    cursor.punct(';');
  }
}

export function parseWit(source: string): WitPackage {
  const cursor = new Cursor(witTokens(source));
  const pkg: WitPackage = { name: '', interfaces: [], worlds: [] };
  for (;;) {
    const docs = cursor.docs();
    if (cursor.peek().kind === 'end') return pkg;
    if (cursor.accept('package')) {
      pkg.name = `${cursor.id()}:${(cursor.punct(':'), cursor.id())}`;
      if (cursor.accept('@')) cursor.id();
      cursor.punct(';');
    } else if (cursor.accept('interface')) {
      pkg.interfaces.push(interfaceBody(cursor, cursor.id(), docs));
    } else if (cursor.accept('world')) {
      pkg.worlds.push(worldBody(cursor, cursor.id()));
    } else {
      cursor.fail('expected "package", "interface" or "world"');
    }
  }
}
