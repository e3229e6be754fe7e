// What the three generated modules share: their header, the TypeScript spelling of WIT types
// and names, and the doc-comment convention that marks JSON text.

import { pascalCase } from '../../main/host-api/name-case.ts';
import type { WitType } from '../../main/host-api/wit-type.ts';
import type { WitPackage, WitTypeDefinition } from './wit-package.ts';

export const GENERATED_HEADER = '// Generated from wit/omw.wit by `npm run gen:wit`; do not edit by hand.';

/** The interfaces whose functions a brain calls on the host. */
export const HOST_INTERFACES: readonly string[] = ['provider', 'tooling', 'host'];

/** WIT names whose PascalCase spelling would shadow a global of the DOM or of Node. */
const RENAMED: Readonly<Record<string, string>> = { event: 'OmwEvent' };

export const typeName = (kebab: string): string => RENAMED[kebab] ?? pascalCase(kebab);

/**
 * Fields and parameters that carry JSON as text are named in their record's or function's doc
 * comment, on a line `JSON text: a, b.`; each binding hands them to the brain parsed.
 */
export function jsonTextNames(docs: string | undefined): Set<string> {
  const line = docs?.split('\n').find((text) => text.startsWith('JSON text:'));
  if (line === undefined) return new Set();
  return new Set(
    line
      .slice('JSON text:'.length)
      .replace(/\.$/, '')
      .split(',')
      .map((name) => name.trim().replaceAll('`', '')),
  );
}

export function typeDefinitions(pkg: WitPackage): Map<string, WitTypeDefinition> {
  return new Map(pkg.interfaces.flatMap((iface) => iface.types.map((def) => [def.name, def] as const)));
}

/** The canonical TypeScript type of a WIT type (wit-types.generated.ts). */
export function tsType(type: WitType, definitions: Map<string, WitTypeDefinition>): string {
  switch (type.kind) {
    case 'primitive':
      return type.name === 'bool' ? 'boolean' : type.name === 'string' || type.name === 'char' ? 'string' : 'number';
    case 'list':
      if (type.element.kind === 'primitive' && type.element.name === 'u8') return 'Uint8Array';
      return `${tsType(type.element, definitions)}[]`;
    case 'option':
      return `${tsType(type.inner, definitions)} | undefined`;
    case 'tuple':
      return `[${type.items.map((item) => tsType(item, definitions)).join(', ')}]`;
    case 'result':
      throw new Error('a result is only a function result');
    case 'named': {
      const definition = definitions.get(type.name);
      if (!definition) throw new Error(`wit/omw.wit uses the undefined type "${type.name}"`);
      // A resource travels as the configured name of the provider or tooling it stands for.
      if (definition.kind === 'resource') return 'string';
      return typeName(type.name);
    }
  }
}

/** A doc comment for generated TypeScript, indented; empty when there are no docs. */
export function jsDoc(docs: string | undefined, indent = ''): string[] {
  if (docs === undefined) return [];
  const lines = docs.split('\n');
  if (lines.length === 1) return [`${indent}/** ${lines[0]} */`];
  return [`${indent}/**`, ...lines.map((line) => `${indent} * ${line}`.trimEnd()), `${indent} */`];
}
