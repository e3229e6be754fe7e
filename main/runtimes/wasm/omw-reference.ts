// omw's own declarations, as jco generates them for a component of exactly the omw world. Built
// once per omw.wit from a dummy component and kept beside the transpile cache.

import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { componentCacheDir } from './cache-dir.ts';
import { declarationTexts, interfaceDeclarations, type InterfaceDeclarations } from './component-world.ts';
import { jcoTranspile } from './jco-transpile.ts';
import { omwWitSource } from './omw-wit.ts';

type OmwReference = Record<string, InterfaceDeclarations>;

let reference: Promise<OmwReference> | undefined;

async function buildReference(): Promise<OmwReference> {
  const witSource = omwWitSource();
  const path = join(componentCacheDir(), `omw-reference-${createHash('sha256').update(witSource).digest('hex')}.json`);
  try {
    return JSON.parse(await readFile(path, 'utf8')) as OmwReference;
  } catch {
    // Not built yet for this omw.wit.
  }
  const jco = await jcoTranspile();
  const embedded = await jco.componentEmbed({ dummy: true, witSource, world: 'omw' });
  const component = await jco.componentNew(embedded, []);
  const { files } = await jco.transpileBytes(component, { name: 'reference', emitTypescriptDeclarations: true });
  const built = interfaceDeclarations(declarationTexts(files));
  await mkdir(componentCacheDir(), { recursive: true });
  await writeFile(path, JSON.stringify(built));
  return built;
}

export function omwReference(): Promise<OmwReference> {
  reference ??= buildReference().catch((error: unknown) => {
    reference = undefined;
    throw error;
  });
  return reference;
}
