// What a component declares: the plain data the workbench's component picker shows, and what
// validation checks against the omw:omw world.

/** One interface's functions and types, each as the TypeScript signature jco generates for it. */
export interface InterfaceDeclarations {
  /** `run` or, for a resource method, `Provider.chat`, to its signature text. */
  functions: Record<string, string>;
  /** Type name to its declaration text. */
  types: Record<string, string>;
}

export interface ComponentSizes {
  /** The component as loaded (assembled, for a .wat file). */
  componentBytes: number;
  /** The core modules inside it, together. */
  coreModuleBytes: number;
  /** The JavaScript glue jco generated for it. */
  glueBytes: number;
}

export interface ComponentWorld {
  /** Imported interfaces as the component names them, e.g. `omw:omw/host`, `wasi:cli/environment@0.2.3`. */
  imports: string[];
  exports: string[];
  /** Keyed by interface name without version. Only interfaces jco generated bindings for appear. */
  declarations: Record<string, InterfaceDeclarations>;
  sizes: ComponentSizes;
  /** Tools that produced the component, e.g. `ComponentizeJS 0.23.0`, when it records them. */
  producers: string[];
}

/** `wasi:cli/environment@0.2.3` → `wasi:cli/environment`. */
export const unversioned = (name: string): string => name.replace(/@.*$/, '');

/** The imports and exports of the world text that wasm-tools prints for a component. */
export function worldItems(witText: string): { imports: string[]; exports: string[] } {
  const items = (keyword: 'import' | 'export') =>
    [...witText.matchAll(new RegExp(`^\\s*${keyword}\\s+([^;]+);`, 'gm'))].map((match) => {
      const item = match[1]!.trim();
      // A bare function import or export prints as `name: func(...)`; the name is what matters.
      const colon = item.indexOf(': ');
      return colon >= 0 && !item.slice(0, colon).includes('/') ? item.slice(0, colon) : item;
    });
  return { imports: items('import'), exports: items('export') };
}

/** The .d.ts files among jco's output, as text. */
export const declarationTexts = (files: Record<string, Uint8Array>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(files)
      .filter(([name]) => name.endsWith('.d.ts'))
      .map(([name, bytes]) => [name, new TextDecoder().decode(bytes)]),
  );

const MODULE_HEADER = /@module Interface ([^\s*]+)/;

/** The declarations in the .d.ts files jco generates per interface, keyed by interface. */
export function interfaceDeclarations(files: Record<string, string>): Record<string, InterfaceDeclarations> {
  const out: Record<string, InterfaceDeclarations> = {};
  for (const text of Object.values(files)) {
    const header = MODULE_HEADER.exec(text);
    if (!header) continue;
    out[unversioned(header[1]!)] = declarationsIn(text);
  }
  return out;
}

function declarationsIn(text: string): InterfaceDeclarations {
  const functions: Record<string, string> = {};
  const types: Record<string, string> = {};
  const lines = text.split('\n').map((line) => line.trimEnd());
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fn = /^export function (\w+)\(/.exec(line);
    if (fn) {
      functions[fn[1]!] = line.slice('export function '.length);
      continue;
    }
    const cls = /^export class (\w+) \{/.exec(line);
    const block = /^export interface (\w+) \{/.exec(line);
    if (cls || block) {
      const body: string[] = [];
      while (++i < lines.length && lines[i] !== '}') body.push(lines[i]!.trim());
      if (block) {
        types[block[1]!] = body.join(' ');
        continue;
      }
      for (const member of body) {
        const method = /^(\w+)\(.*\);$/.exec(member);
        if (method && method[1] !== 'constructor') functions[`${cls![1]}.${method[1]}`] = member;
      }
      continue;
    }
    const alias = /^export type (\w+) = (.*);$/.exec(line);
    // Aliases of types from another interface (`= import('./x.js').T`) are checked where they live.
    if (alias && !alias[2]!.startsWith('import(')) types[alias[1]!] = alias[2]!;
  }
  return { functions, types };
}
