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
  const root: Provenance = { layer: 0, keys: new Map() };
  documents.forEach((document, layer) => mergeTable(data, root, document.data, layer, document === environment));

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
): void {
  const keys = keysOf(provenance, target);
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    const existing = keys.get(key);
    if (isConfigTable(current) && isConfigTable(value) && existing) {
      mergeTable(current, existing, value, layer, isEnvironment);
      // Only now: merging first spelled out the keys this table already had under its old layer.
      // A table that variables merely add keys to stays located where a file declared it.
      if (!isEnvironment) existing.layer = layer;
    } else {
      target[key] = copyOf(value);
      keys.set(key, { layer });
    }
  }
}

/** Spells out, lazily, that every key of a table a single layer wrote belongs to that layer. */
function keysOf(provenance: Provenance, table: ConfigTable): Map<string, Provenance> {
  provenance.keys ??= new Map(Object.keys(table).map((key) => [key, { layer: provenance.layer }]));
  return provenance.keys;
}

/** Fresh plain objects, so later merges never write into a layer's own data. */
function copyOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyOf);
  if (isConfigTable(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copyOf(item)]));
  return value;
}
