// Layers merge weakest first (omw-compat 1.6): tables merge key by key, while lists and scalars
// replace what was there. Next to the merged data we keep which layer last set each key, so a
// position, a relative script or an environment string is traced back to the layer it came from.

import { isConfigTable, type ConfigDocument, type ConfigTable } from './config-document.ts';
import type { KeyOrigins, SourceLocation } from './config-types.ts';
import type { KeyPath } from './key-path.ts';

/** The layer that last set a value; `keys` is filled in once a later layer merges into a table. */
interface Provenance {
  layer: number;
  keys?: Map<string, Provenance>;
}

export interface LayeredConfig extends KeyOrigins {
  data: ConfigTable;
  /** The layer that last set the value at `path` (or its nearest set ancestor). */
  documentThatSet(path: KeyPath): ConfigDocument;
}

/**
 * @param files weakest first; the last one is the main file
 * @param environment the overlay that wins over every file
 */
export function layerDocuments(files: readonly ConfigDocument[], environment: ConfigDocument): LayeredConfig {
  const documents = [...files, environment];
  const mainFile = files[files.length - 1] ?? environment;
  const data: ConfigTable = {};
  const owned = new WeakSet([data]);
  const root: Provenance = { layer: 0, keys: new Map() };
  documents.forEach((document, layer) => mergeTable(data, root, document.data, layer, document === environment, owned));

  /** The deepest recorded provenance along `path`. */
  const provenanceOf = (path: KeyPath): Provenance => {
    let node = root;
    for (const segment of path) {
      const child = typeof segment === 'string' ? node.keys?.get(segment) : undefined;
      if (!child) break;
      node = child;
    }
    return node;
  };
  const documentThatSet = (path: KeyPath): ConfigDocument => documents[provenanceOf(path).layer] ?? mainFile;

  return {
    data,
    file: mainFile.file,
    documentThatSet,
    locate: (path): SourceLocation | undefined => documentThatSet(path).locate(path),
    setByEnvironment: (path) => documentThatSet(path) === environment,
  };
}

function mergeTable(
  target: ConfigTable,
  provenance: Provenance,
  source: ConfigTable,
  layer: number,
  isEnvironment: boolean,
  owned: WeakSet<ConfigTable>,
): void {
  const keys = keysOf(provenance, target);
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    const existing = keys.get(key);
    if (isConfigTable(current) && isConfigTable(value) && existing) {
      const merged = owned.has(current) ? current : ownedCopy(current, owned);
      setOwn(target, key, merged);
      mergeTable(merged, existing, value, layer, isEnvironment, owned);
      // Only now: merging first spelled out the keys this table already had under its old layer.
      // A table that variables merely add keys to stays located where a file declared it.
      if (!isEnvironment) existing.layer = layer;
    } else {
      setOwn(target, key, value);
      keys.set(key, { layer });
    }
  }
}

/** Spells out, lazily, that every key of a table a single layer wrote belongs to that layer. */
function keysOf(provenance: Provenance, table: ConfigTable): Map<string, Provenance> {
  provenance.keys ??= new Map(Object.keys(table).map((key) => [key, { layer: provenance.layer }]));
  return provenance.keys;
}

/**
 * Copy on write: the merged data shares each layer's tables until a later layer merges into one,
 * which then gets a shallow copy of its own, so no layer's data is ever written and a single
 * large file is never copied.
 */
function ownedCopy(table: ConfigTable, owned: WeakSet<ConfigTable>): ConfigTable {
  const copy = { ...table };
  owned.add(copy);
  return copy;
}

/** Assigning `__proto__` would set the table's prototype instead of adding the key. */
function setOwn(table: ConfigTable, key: string, value: unknown): void {
  Object.defineProperty(table, key, { value, enumerable: true, writable: true, configurable: true });
}
