// WASI `rename-at` and `link-at` inside the preopens: they work within one preopen and between
// two, and both of their paths keep to the sandbox. The line-interpreter guest renames and links
// through WASI (`rename FROM TO`, `link FROM TO`, following a symlink at FROM); every refusal
// leaves the host's files as they were.

import assert from 'node:assert/strict';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { guest, wasmFixture } from './wasm-engine-fixture.ts';

/**
 * Two read-write folders and a read-only one, each with a file, and outside them all a folder and
 * a secret; `one/` holds links planted to lead out, to the folder and to the secret.
 */
function hostFiles() {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-rename-'));
  const folder = (name: string, file: string, text: string) => {
    mkdirSync(join(dir, name));
    writeFileSync(join(dir, name, file), text);
    return join(dir, name);
  };
  const one = folder('one', 'a.txt', 'from one');
  const two = folder('two', 'b.txt', 'from two');
  const frozen = folder('frozen', 'c.txt', 'read only');
  const outside = folder('outside', 'secret.txt', 'secret');
  symlinkSync(outside, join(one, 'out'));
  symlinkSync(join(outside, 'secret.txt'), join(one, 'secret-link'));
  const preopens = [
    { host_path: one, guest_path: '/one', perms: 'read_write' },
    { host_path: two, guest_path: '/two', perms: 'read_write' },
    { host_path: frozen, guest_path: '/frozen', perms: 'read_only' },
  ];
  return { dir, one, two, frozen, outside, preopens };
}

/** Runs the commands, one a line; the guest's result of each. */
async function probe(commands: string[], preopens: unknown[]): Promise<string[]> {
  const { run } = wasmFixture({ interpreter: guest('line-interpreter'), params: { preopens } });
  const result = await run('brain.lines', `${commands.join('\n')}\nexit\n`);
  if (!result.ok || result.outcome === 'completed')
    throw new Error(`the probe did not exit: ${JSON.stringify(result)}`);
  return result.outcome.exited.split('; ');
}

const ino = (path: string): number => statSync(path).ino;

test('rename-at moves a file within a preopen and between two', async () => {
  const files = hostFiles();
  assert.deepEqual(
    await probe(['rename /one/a.txt /one/renamed.txt', 'rename /one/renamed.txt /two/moved.txt'], files.preopens),
    ['rename /one/a.txt /one/renamed.txt: renamed', 'rename /one/renamed.txt /two/moved.txt: renamed'],
  );
  assert.equal(existsSync(join(files.one, 'a.txt')), false);
  assert.equal(existsSync(join(files.one, 'renamed.txt')), false);
  assert.equal(readFileSync(join(files.two, 'moved.txt'), 'utf8'), 'from one');
});

test('link-at links a file within a preopen and into another', async () => {
  const files = hostFiles();
  assert.deepEqual(await probe(['link /one/a.txt /one/same.txt', 'link /one/a.txt /two/also.txt'], files.preopens), [
    'link /one/a.txt /one/same.txt: linked',
    'link /one/a.txt /two/also.txt: linked',
  ]);
  const original = ino(join(files.one, 'a.txt'));
  assert.equal(ino(join(files.one, 'same.txt')), original);
  assert.equal(ino(join(files.two, 'also.txt')), original);
  assert.equal(readFileSync(join(files.two, 'also.txt'), 'utf8'), 'from one');
});

test('either path leaving the sandbox is refused: `..`, an absolute path, a link planted to lead out', async () => {
  const files = hostFiles();
  const absolute = join(files.dir, 'escaped.txt');
  const commands = [
    // The first path out.
    'rename /one/../outside/secret.txt /one/taken.txt',
    `rename /one/${absolute} /one/taken.txt`,
    'rename /one/out/secret.txt /one/taken.txt',
    'link /one/../outside/secret.txt /one/taken.txt',
    `link /one/${absolute} /one/taken.txt`,
    'link /one/secret-link /one/taken.txt',
    'link /one/out/secret.txt /two/taken.txt',
    // The second path out.
    'rename /one/a.txt /one/../escaped.txt',
    'rename /one/a.txt /two/../escaped.txt',
    `rename /one/a.txt /two/${absolute}`,
    'rename /one/a.txt /one/out/escaped.txt',
    'link /one/a.txt /two/../escaped.txt',
    `link /one/a.txt /one/${absolute}`,
    'link /one/a.txt /one/out/escaped.txt',
  ];
  const refused = await probe(commands, files.preopens);
  assert.deepEqual(
    refused,
    commands.map((command) => `${command.split(' ').slice(0, 3).join(' ')}: error not-permitted`),
  );
  // Nothing moved, nothing linked: the files are where they were, the secret has one link.
  assert.equal(readFileSync(join(files.one, 'a.txt'), 'utf8'), 'from one');
  assert.equal(readFileSync(join(files.outside, 'secret.txt'), 'utf8'), 'secret');
  assert.equal(statSync(join(files.outside, 'secret.txt')).nlink, 1);
  for (const escaped of [
    absolute,
    join(files.outside, 'escaped.txt'),
    join(files.one, 'taken.txt'),
    join(files.two, 'taken.txt'),
  ]) {
    assert.equal(existsSync(escaped), false, `${escaped} was made`);
  }
  assert.ok(lstatSync(join(files.one, 'secret-link')).isSymbolicLink());
});

test('a read-only preopen is refused at either end', async () => {
  const files = hostFiles();
  const commands = [
    'rename /one/a.txt /frozen/a.txt',
    'link /one/a.txt /frozen/a.txt',
    'rename /frozen/c.txt /one/c.txt',
    'link /frozen/c.txt /one/c.txt',
    'rename /frozen/c.txt /frozen/d.txt',
  ];
  assert.deepEqual(
    await probe(commands, files.preopens),
    commands.map((command) => `${command}: error read-only`),
  );
  assert.equal(existsSync(join(files.frozen, 'a.txt')), false);
  assert.equal(existsSync(join(files.one, 'c.txt')), false);
  assert.equal(statSync(join(files.frozen, 'c.txt')).nlink, 1);
  assert.equal(readFileSync(join(files.one, 'a.txt'), 'utf8'), 'from one');
});
