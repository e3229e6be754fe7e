// Transpiled components on disk, keyed by the content hash of the component (and of what the
// transpile depends on: omw.wit and this cache's format). An entry holds jco's glue as `.mjs`, the
// core modules, and the component's world with its validation problems, so a cache hit needs
// neither jco nor a second look at the component.

import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { componentCacheDir } from './cache-dir.ts';
import { ComponentFileError, readComponentFile } from './component-file.ts';
import { declarationTexts, interfaceDeclarations, worldItems, type ComponentWorld } from './component-world.ts';
import { jcoTranspile } from './jco-transpile.ts';
import { omwReference } from './omw-reference.ts';
import { omwWitSource } from './omw-wit.ts';
import { worldProblems } from './world-validation.ts';

/** Bump when the layout of an entry or the transpile options change. */
const CACHE_FORMAT = 'jco-transpile-0.15.0/sync/1';
export const GLUE_FILE = 'component.mjs';
const META_FILE = 'meta.json';

export interface CacheEntry {
  dir: string;
  /** File names of the core modules, as the glue asks for them. */
  coreModules: string[];
  world: ComponentWorld;
  /** Why the component cannot run as an omw brain; empty when it can. */
  problems: string[];
}

type Meta = Omit<CacheEntry, 'dir'>;

function cacheKey(bytes: Uint8Array): string {
  return createHash('sha256').update(CACHE_FORMAT).update(omwWitSource()).update(bytes).digest('hex');
}

/** What wasm-tools reports of each module: its producers section, as field and (name, version) pairs. */
type ModulesMetadata = readonly { producers: [string, [string, string][]][] }[];

function producersOf(metadata: ModulesMetadata): string[] {
  const names = metadata.flatMap((module) =>
    module.producers.flatMap(([field, entries]) =>
      field === 'processed-by' ? entries.map(([name, version]) => `${name} ${version}`.trim()) : [],
    ),
  );
  return [...new Set(names)];
}

async function transpileInto(dir: string, bytes: Uint8Array): Promise<Meta> {
  const jco = await jcoTranspile();
  const [{ files }, wit, metadata, reference] = await Promise.all([
    jco.transpileBytes(bytes, { name: 'component', instantiation: 'sync', emitTypescriptDeclarations: true }),
    jco.componentWit(bytes),
    jco.metadataShow(bytes),
    omwReference(),
  ]);
  const coreModules = Object.keys(files).filter((name) => name.endsWith('.wasm'));
  const glue = files['component.js']!;
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, GLUE_FILE), glue);
  await Promise.all(coreModules.map((name) => writeFile(join(dir, name), files[name]!)));
  const world: ComponentWorld = {
    ...worldItems(wit),
    declarations: interfaceDeclarations(declarationTexts(files)),
    sizes: {
      componentBytes: bytes.length,
      coreModuleBytes: coreModules.reduce((sum, name) => sum + files[name]!.length, 0),
      glueBytes: glue.length,
    },
    producers: producersOf(metadata),
  };
  const meta: Meta = { coreModules, world, problems: worldProblems(world, reference) };
  await writeFile(join(dir, META_FILE), JSON.stringify(meta));
  return meta;
}

async function readEntry(dir: string): Promise<CacheEntry | undefined> {
  try {
    const meta = JSON.parse(await readFile(join(dir, META_FILE), 'utf8')) as Meta;
    return { dir, ...meta };
  } catch {
    return undefined;
  }
}

/** The cache entry of a component, transpiling it first on a miss. */
async function cachedComponent(bytes: Uint8Array): Promise<CacheEntry> {
  const root = componentCacheDir();
  const dir = join(root, cacheKey(bytes));
  const cached = await readEntry(dir);
  if (cached) return cached;
  // Written aside and renamed into place, so a reader never sees half an entry and two agents
  // transpiling the same component at once both end up with a whole one.
  const staging = join(root, `.staging-${randomUUID()}`);
  try {
    const meta = await transpileInto(staging, bytes);
    await rename(staging, dir).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    });
    return { dir, ...meta };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * The cache entry of the component in file `path`. Files are indexed by path, size, modification
 * time and inode, so a file seen before is found without reading and hashing it again (12 MB
 * take tens of milliseconds to read and hash).
 */
export async function cachedComponentAt(path: string): Promise<CacheEntry> {
  const stats = await stat(path).catch(() => undefined);
  const seen = stats && `${resolve(path)}\n${stats.size}\n${stats.mtimeMs}\n${stats.ino}\n${CACHE_FORMAT}`;
  const index = seen && join(componentCacheDir(), 'files', createHash('sha256').update(seen).digest('hex'));
  if (index) {
    const key = await readFile(index, 'utf8').catch(() => undefined);
    const cached = key && (await readEntry(join(componentCacheDir(), key)));
    if (cached) return cached;
  }
  const bytes = await readComponentFile(path);
  const entry = await cachedComponent(bytes).catch((error: Error) => {
    // jco names neither the file nor what it was doing.
    throw new ComponentFileError(`${path} is not a valid component: ${error.message.replaceAll('\n', ': ')}`);
  });
  if (index) {
    await mkdir(join(componentCacheDir(), 'files'), { recursive: true });
    await writeFile(index, basename(entry.dir));
  }
  return entry;
}
