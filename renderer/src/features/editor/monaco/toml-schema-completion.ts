// Key and value completion for omw configs in TOML, from the config's JSON Schema (the host's
// `brainbench schema`): the keys a table takes that it does not have yet, and the values a key
// can take (back-end kinds, enums, booleans). The table is the nearest `[header]` above the
// cursor; a back end's keys follow the `kind` its table names.

type Schema = Record<string, unknown>;

export interface TomlCompletion {
  label: string;
  insertText: string;
  kind: 'key' | 'value';
  /** The JSON type or what the schema says of it. */
  detail: string;
}

const HEADER = /^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$/;
const KEY_LINE = /^\s*("[^"]*"|[A-Za-z0-9_-]+)\s*=/;

/** Completions for the cursor at `offset` in `text`. */
export function tomlCompletions(schema: Schema, text: string, offset: number): TomlCompletion[] {
  const before = text.slice(0, offset);
  const lines = before.split('\n');
  const line = lines[lines.length - 1]!;
  const all = text.split('\n');
  const cursorLine = lines.length - 1;
  const table = tableAt(all, cursorLine);
  const tableSchema = resolvePath(schema, schema, table.path, kindIn(all, table));
  if (tableSchema === undefined) return [];

  const value = /^\s*("[^"]*"|[A-Za-z0-9_-]+)\s*=\s*"?([^"]*)$/.exec(line);
  if (value) {
    const property = propertiesOf(schema, tableSchema)[unquote(value[1]!)];
    return property === undefined ? [] : valuesOf(schema, property, line.includes('"'));
  }
  if (!/^\s*[A-Za-z0-9_-]*$/.test(line)) return [];
  const present = new Set(keysIn(all, table));
  return Object.entries(propertiesOf(schema, tableSchema))
    .filter(([key]) => !present.has(key))
    .map(([key, property]) => ({
      label: key,
      insertText: `${key} = `,
      kind: 'key',
      detail: describe(schema, property),
    }));
}

interface TableSpan {
  path: string[];
  /** The header's line, or -1 for the top level. */
  start: number;
  /** The line after the table's last one. */
  end: number;
}

function tableAt(lines: string[], cursor: number): TableSpan {
  let start = -1;
  let path: string[] = [];
  for (let i = cursor; i >= 0; i--) {
    const header = HEADER.exec(lines[i]!);
    if (header && i !== cursor) {
      start = i;
      path = header[1]!.split('.').map((segment) => unquote(segment.trim()));
      break;
    }
  }
  let end = cursor + 1;
  while (end < lines.length && !HEADER.test(lines[end]!)) end++;
  return { path, start, end };
}

function keysIn(lines: string[], table: TableSpan): string[] {
  return lines.slice(table.start + 1, table.end).flatMap((line) => {
    const key = KEY_LINE.exec(line);
    return key ? [unquote(key[1]!)] : [];
  });
}

/** The `kind` the table names, which picks its back end's keys. */
function kindIn(lines: string[], table: TableSpan): string | undefined {
  for (const line of lines.slice(table.start + 1, table.end)) {
    const kind = /^\s*kind\s*=\s*"([^"]*)"/.exec(line);
    if (kind) return kind[1];
  }
  return undefined;
}

function unquote(text: string): string {
  return text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1) : text;
}

function deref(root: Schema, schema: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/$defs/')) return schema;
  const defs = (root.$defs ?? {}) as Record<string, Schema>;
  return defs[ref.slice('#/$defs/'.length)] ?? schema;
}

/** The schema of the table at `path`; a table of back ends picks the branch for `kind`. */
function resolvePath(root: Schema, schema: Schema, path: string[], kind: string | undefined): Schema | undefined {
  let current: Schema | undefined = deref(root, schema);
  for (const segment of path) {
    if (current === undefined) return undefined;
    const properties = propertiesOf(root, current);
    const next: unknown = properties[segment] ?? current.additionalProperties;
    if (typeof next !== 'object' || next === null) return undefined;
    current = deref(root, next as Schema);
    // An array of tables (`[[tests]]`) describes its items.
    if (current.type === 'array' && typeof current.items === 'object') current = deref(root, current.items as Schema);
  }
  if (current === undefined) return undefined;
  const branches = (current.oneOf ?? current.anyOf) as Schema[] | undefined;
  if (!branches || kind === undefined) return current;
  const chosen = branches.find((b) => (propertiesOf(root, b).kind as Schema | undefined)?.const === kind);
  if (!chosen) return current;
  const { oneOf: _oneOf, anyOf: _anyOf, ...table } = current;
  return { ...table, properties: { ...(table.properties as Schema | undefined), ...propertiesOf(root, chosen) } };
}

/** Every property a schema names, its branches' included. */
function propertiesOf(root: Schema, schema: Schema): Record<string, Schema> {
  const own = (deref(root, schema).properties ?? {}) as Record<string, Schema>;
  const branches = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (!branches) return own;
  const merged: Record<string, Schema> = {};
  for (const branch of branches) Object.assign(merged, propertiesOf(root, branch));
  return { ...merged, ...own };
}

function valuesOf(root: Schema, property: Schema, inString: boolean): TomlCompletion[] {
  const schema = deref(root, property);
  const options: unknown[] = Array.isArray(schema.enum)
    ? schema.enum
    : schema.const !== undefined
      ? [schema.const]
      : schema.type === 'boolean'
        ? [true, false]
        : [];
  return options.map((option) => {
    const text = typeof option === 'string' ? (inString ? option : `"${option}"`) : String(option);
    return { label: String(option), insertText: text, kind: 'value', detail: describe(root, schema) };
  });
}

function describe(root: Schema, property: Schema): string {
  const schema = deref(root, property);
  if (typeof schema.description === 'string') return schema.description;
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (typeof schema.type === 'string') return schema.type;
  return 'value';
}
