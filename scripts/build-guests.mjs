// Builds the guest components in guests/ into guests/build/: JavaScript guests with
// componentize-js (every StarlingMonkey feature disabled, so they import no WASI of their own), WAT
// guests with wasm-tools. A guest is rebuilt only when the hash of its inputs (its sources, the WIT
// it is built against, and this script) differs from the one recorded at its last build.
//
//   node scripts/build-guests.mjs           build what is stale
//   node scripts/build-guests.mjs --force   rebuild everything
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const guestsDir = join(root, 'guests');
const buildDir = join(guestsDir, 'build');
const manifestPath = join(buildDir, 'manifest.json');
const omwWit = join(root, 'wit', 'omw.wit');
const wasiWit = ['wasi-cli.wit', 'wasi-filesystem.wit'].map((name) => join(guestsDir, 'wit', name));

/**
 * A JavaScript guest: its source, the world file when it needs more than omw:omw/omw, and the
 * StarlingMonkey features it keeps (all are off otherwise, so it imports no WASI of its own).
 */
const JS_GUESTS = [
  { name: 'hello', source: 'hello/hello.js' },
  { name: 'ping-pong', source: 'ping-pong/ping-pong.js' },
  { name: 'tool-agent', source: 'tool-agent/tool-agent.js' },
  { name: 'mcp-tool-agent', source: 'mcp-tool-agent/mcp-tool-agent.js' },
  { name: 'mcp-resource-watcher', source: 'mcp-resource-watcher/mcp-resource-watcher.js' },
  {
    name: 'line-interpreter',
    source: 'line-interpreter/line-interpreter.js',
    world: 'line-interpreter/world.wit',
    features: ['stdio'],
  },
];

async function watGuests() {
  const files = await readdir(join(guestsDir, 'wat'));
  return files
    .filter((file) => file.endsWith('.wat'))
    .map((file) => ({ name: basename(file, '.wat'), wat: `wat/${file}` }));
}

function inputsOf(guest) {
  const own = [guest.source, guest.world, guest.wat].filter(Boolean).map((path) => join(guestsDir, path));
  const wit = guest.wat ? [] : [omwWit, ...(guest.world ? wasiWit : [])];
  return [...own, ...wit, fileURLToPath(import.meta.url)];
}

async function hashOf(paths) {
  const hash = createHash('sha256');
  for (const path of paths) hash.update(path.slice(root.length)).update(await readFile(path));
  return hash.digest('hex');
}

/** The WIT folder a guest is built against: omw's package, plus the guest's world and WASI subset. */
async function witFolder(guest) {
  if (!guest.world) return { path: omwWit, world: 'omw', cleanup: async () => {} };
  const dir = await mkdtemp(join(tmpdir(), 'brainbench-guest-wit-'));
  await cp(join(guestsDir, guest.world), join(dir, 'world.wit'));
  await mkdir(join(dir, 'deps', 'omw'), { recursive: true });
  await cp(omwWit, join(dir, 'deps', 'omw', 'omw.wit'));
  for (const path of wasiWit) {
    const deps = join(dir, 'deps', basename(path, '.wit'));
    await mkdir(deps, { recursive: true });
    await cp(path, join(deps, basename(path)));
  }
  return { path: dir, world: guest.name, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

async function buildJsGuest(guest) {
  const { componentize } = await import('@bytecodealliance/componentize-js');
  const wit = await witFolder(guest);
  try {
    const { component } = await componentize({
      sourcePath: join(guestsDir, guest.source),
      witPath: wit.path,
      worldName: wit.world,
      disableFeatures: ['stdio', 'random', 'clocks', 'http', 'fetch-event'].filter(
        (feature) => !guest.features?.includes(feature),
      ),
    });
    return component;
  } finally {
    await wit.cleanup();
  }
}

async function buildWatGuest(guest) {
  const { parse } = await import('@bytecodealliance/jco-transpile/wasm-tools');
  return parse(await readFile(join(guestsDir, guest.wat), 'utf8'));
}

async function readManifest() {
  try {
    return JSON.parse(await readFile(manifestPath, 'utf8'));
  } catch {
    return {};
  }
}

async function exists(path) {
  return readFile(path).then(
    () => true,
    () => false,
  );
}

/** Builds every stale guest; returns the names it built. */
export async function buildGuests({ force = false, log = console.log } = {}) {
  await mkdir(buildDir, { recursive: true });
  const manifest = await readManifest();
  const guests = [...JS_GUESTS, ...(await watGuests())];
  const stale = [];
  for (const guest of guests) {
    const hash = await hashOf(inputsOf(guest));
    const output = join(buildDir, `${guest.name}.wasm`);
    if (force || manifest[guest.name] !== hash || !(await exists(output))) stale.push({ guest, hash, output });
  }
  // WAT guests take milliseconds; JavaScript guests take seconds and most of a GiB each, so they
  // are built one at a time.
  for (const { guest, hash, output } of stale) {
    const started = Date.now();
    const bytes = guest.wat ? await buildWatGuest(guest) : await buildJsGuest(guest);
    await writeFile(output, bytes);
    manifest[guest.name] = hash;
    await writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
    log(`built guests/build/${guest.name}.wasm (${bytes.length} bytes, ${Date.now() - started} ms)`);
  }
  return stale.map(({ guest }) => guest.name);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildGuests({ force: process.argv.includes('--force') });
}
