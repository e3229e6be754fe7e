// Checks a component's world against omw:omw before anything runs: it must export `runtime` with
// omw's functions, and import nothing but omw:omw interfaces and the WASI packages the runtime
// grants, each function with omw's signature.

import { unversioned, type ComponentWorld, type InterfaceDeclarations } from './component-world.ts';

/** The WASI 0.2 packages a component may import; the sandbox decides what each can reach. */
const GRANTED_WASI_PACKAGES = ['wasi:cli', 'wasi:clocks', 'wasi:filesystem', 'wasi:io', 'wasi:random', 'wasi:sockets'];

const RUNTIME = 'omw:omw/runtime';

const kebabCase = (name: string): string => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
/** `Provider.listModels` → `provider.list-models`, as the WIT spells it. */
const witName = (name: string): string =>
  name
    .split('.')
    .map((part) => kebabCase(part).replace(/^-/, ''))
    .join('.');

function declarationProblems(
  iface: string,
  found: InterfaceDeclarations,
  expected: InterfaceDeclarations,
  role: 'imports' | 'exports',
): string[] {
  const problems: string[] = [];
  for (const [kind, foundItems, expectedItems] of [
    ['function', found.functions, expected.functions],
    ['type', found.types, expected.types],
  ] as const) {
    for (const [name, declaration] of Object.entries(foundItems)) {
      const wanted = expectedItems[name];
      if (wanted === undefined) {
        problems.push(`it ${role} ${kind} ${witName(name)} of ${iface}, which omw:omw does not define`);
      } else if (wanted !== declaration) {
        problems.push(`it ${role} ${iface} ${kind} ${witName(name)} as \`${declaration}\`; omw:omw has \`${wanted}\``);
      }
    }
  }
  return problems;
}

function importProblems(world: ComponentWorld, reference: Record<string, InterfaceDeclarations>): string[] {
  const problems: string[] = [];
  for (const name of world.imports) {
    const iface = unversioned(name);
    const pkg = iface.split('/')[0]!;
    if (pkg === 'omw:omw') {
      const expected = reference[iface];
      if (!expected || iface === RUNTIME) {
        problems.push(`it imports ${name}, which omw:omw does not provide`);
        continue;
      }
      const found = world.declarations[iface];
      if (found) problems.push(...declarationProblems(iface, found, expected, 'imports'));
    } else if (pkg.startsWith('wasi:')) {
      if (!GRANTED_WASI_PACKAGES.includes(pkg)) {
        problems.push(
          `it imports ${name}, which the wasm runtime does not grant (granted: ${GRANTED_WASI_PACKAGES.join(', ')})`,
        );
      }
    } else {
      problems.push(`it imports ${name}, which is outside omw:omw and WASI`);
    }
  }
  return problems;
}

function exportProblems(world: ComponentWorld, reference: Record<string, InterfaceDeclarations>): string[] {
  if (!world.exports.some((name) => unversioned(name) === RUNTIME)) {
    const exported = world.exports.length > 0 ? world.exports.join(', ') : 'nothing';
    return [`it does not export ${RUNTIME} (it exports ${exported})`];
  }
  const expected = reference[RUNTIME]!;
  const found = world.declarations[RUNTIME] ?? { functions: {}, types: {} };
  const missing = Object.keys(expected.functions)
    .filter((name) => found.functions[name] === undefined)
    .map((name) => `its ${RUNTIME} export lacks ${witName(name)}`);
  return [...missing, ...declarationProblems(RUNTIME, found, expected, 'exports')];
}

/** Every way `world` departs from omw:omw; empty when it can run. */
export function worldProblems(world: ComponentWorld, reference: Record<string, InterfaceDeclarations>): string[] {
  return [...exportProblems(world, reference), ...importProblems(world, reference)];
}
