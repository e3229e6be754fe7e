// Reads a brain's component file: binary `.wasm`, or `.wat` text assembled on the fly. Anything
// that is not a component is refused here with a message that says what it is instead.

import { readFile } from 'node:fs/promises';
import { watError } from './wat-error.ts';

const MAGIC = [0x00, 0x61, 0x73, 0x6d];
/** The version and layer fields after the magic: a component is layer 1. */
const COMPONENT_LAYER = [0x0d, 0x00, 0x01, 0x00];
const CORE_MODULE_VERSION = [0x01, 0x00, 0x00, 0x00];

export class ComponentFileError extends Error {
  override readonly name = 'ComponentFileError';
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0): boolean =>
  prefix.every((byte, index) => bytes[at + index] === byte);

/** Throws a ComponentFileError unless `bytes` are a WebAssembly component. */
function requireComponent(bytes: Uint8Array, path: string): void {
  if (!startsWith(bytes, MAGIC)) {
    throw new ComponentFileError(`${path} is not a WebAssembly file (no \\0asm header)`);
  }
  if (startsWith(bytes, CORE_MODULE_VERSION, 4)) {
    throw new ComponentFileError(
      `${path} is a core WebAssembly module, not a component; wrap it into a component that targets the omw:omw world (e.g. wasm-tools component new)`,
    );
  }
  if (!startsWith(bytes, COMPONENT_LAYER, 4)) {
    throw new ComponentFileError(`${path} is a WebAssembly binary of an unknown version, not a component`);
  }
}

/** A `.wat` file assembled; one that does not assemble is an error at its line and column. */
async function assembled(path: string): Promise<Uint8Array> {
  const source = await readFile(path, 'utf8');
  const { parse } = await import('@bytecodealliance/jco-transpile/wasm-tools');
  try {
    return await parse(source);
  } catch (error) {
    const located = watError(String((error as Error).message ?? error), source);
    if (!located) throw error;
    throw new ComponentFileError(`${path}:${located.line}:${located.column}: ${located.message}`);
  }
}

/** The component's bytes; `.wat` files are assembled first. */
export async function readComponentFile(path: string): Promise<Uint8Array> {
  if (path.endsWith('.cwasm')) {
    throw new ComponentFileError(`${path} is precompiled for wasmtime (.cwasm); Brainbench needs the .wasm component`);
  }
  let bytes: Uint8Array;
  try {
    bytes = path.endsWith('.wat') ? await assembled(path) : new Uint8Array(await readFile(path));
  } catch (error) {
    if (error instanceof ComponentFileError) throw error;
    throw new ComponentFileError(`cannot read component ${path}: ${(error as Error).message}`);
  }
  requireComponent(bytes, path);
  return bytes;
}
