// The WASI sandbox as a guest sees it: the line-interpreter guest probes files, environment, the
// working directory and stdout through WASI, the net-probe guest sockets; a component that wants
// wasi:http is refused. The random parameters are checked on the imports a component links.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { wasmRuntimeParamsSchema } from '../../../main/runtimes/wasm/wasm-params.ts';
import { wasiSandbox } from '../../../main/runtimes/wasm/wasi-sandbox.ts';
import { guest, wasmFixture } from './wasm-engine-fixture.ts';

/** A folder with `inside/note.txt`, a `secret.txt` beside it, and a link from inside to the secret. */
function hostFiles() {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-sandbox-'));
  mkdirSync(join(dir, 'inside'));
  writeFileSync(join(dir, 'inside', 'note.txt'), 'inside note');
  writeFileSync(join(dir, 'secret.txt'), 'secret');
  symlinkSync(join(dir, 'secret.txt'), join(dir, 'inside', 'link.txt'));
  return { dir, inside: join(dir, 'inside') };
}

async function probe(script: string, params: Record<string, unknown> = {}): Promise<string> {
  const { run } = wasmFixture({ interpreter: guest('line-interpreter'), params });
  const result = await run('brain.lines', `${script}\nexit\n`);
  if (!result.ok || result.outcome === 'completed')
    throw new Error(`the probe did not exit: ${JSON.stringify(result)}`);
  return result.outcome.exited;
}

test('by default a guest has no filesystem and an empty environment', async () => {
  assert.equal(
    await probe('preopens\nread /etc/hostname\nenv HOME\nenv PATH'),
    'preopens: <none>; read /etc/hostname: error no preopened directory covers this path; env HOME: <unset>; env PATH: <unset>',
  );
});

test('a guest reads inside its preopen and nothing outside it, not even through a symlink', async () => {
  const { dir, inside } = hostFiles();
  const outcome = await probe(
    `read /data/note.txt\nread /data/../secret.txt\nread /data/link.txt\nread ${join(dir, 'secret.txt')}`,
    { preopens: [{ host_path: inside, guest_path: '/data' }] },
  );
  assert.equal(
    outcome,
    [
      'read /data/note.txt: inside note',
      'read /data/../secret.txt: error not-permitted',
      'read /data/link.txt: error not-permitted',
      `read ${join(dir, 'secret.txt')}: error no preopened directory covers this path`,
    ].join('; '),
  );
});

test('a read-only preopen refuses writes; a read-write one takes them', async () => {
  const { dir, inside } = hostFiles();
  const readOnly = await probe('write /data/new.txt hello', { preopens: [{ host_path: inside, guest_path: '/data' }] });
  assert.equal(readOnly, 'write /data/new.txt: error read-only');
  const readWrite = await probe('write /data/new.txt hello', {
    preopens: [{ host_path: inside, guest_path: '/data', perms: 'read_write' }],
  });
  assert.equal(readWrite, 'write /data/new.txt: written');
  assert.equal(readFileSync(join(dir, 'inside', 'new.txt'), 'utf8'), 'hello');
});

test('a preopen of a folder that does not exist fails the iteration with both paths', async () => {
  const { run } = wasmFixture({
    interpreter: guest('line-interpreter'),
    params: { preopens: [{ host_path: '/no/such/folder', guest_path: '/data' }] },
  });
  const result = await run('brain.lines', 'exit\n');
  assert.match(result.ok ? '' : result.error, /^cannot preopen \/no\/such\/folder as \/data: ENOENT/);
});

test('env sets variables; inherit_env adds the host environment', async () => {
  assert.equal(
    await probe('env GREETING\nenv PATH', { env: { GREETING: 'hi' } }),
    'env GREETING: hi; env PATH: <unset>',
  );
  assert.equal(await probe('env PATH', { inherit_env: true }), `env PATH: ${process.env.PATH}`);
});

test("a guest's stdout goes to the trace unless the runtime inherits it", async () => {
  const { run, printed } = wasmFixture({ interpreter: guest('line-interpreter') });
  assert.deepEqual(await run('brain.lines', 'print hello from stdout\n'), { ok: true, outcome: 'completed' });
  assert.deepEqual(printed, ['hello from stdout']);
});

test('a component that imports wasi:http is refused before it runs', async () => {
  const { run } = wasmFixture();
  const result = await run(guest('http-client'));
  assert.equal(result.ok, false);
  assert.match(
    result.ok ? '' : result.error,
    /imports wasi:http\/outgoing-handler@0\.2\.3, which the wasm runtime does not grant/,
  );
});

test('a guest cannot open a network connection unless the params allow it', async () => {
  const probe = async (params: Record<string, unknown>) => {
    const { run } = wasmFixture({ params });
    return run(guest('net-probe'));
  };
  assert.deepEqual(await probe({}), { ok: true, outcome: { exited: 'connect: access-denied' } });
  assert.deepEqual(await probe({ allow_udp: true, allow_ip_name_lookup: true }), {
    ok: true,
    outcome: { exited: 'connect: access-denied' },
  });
  assert.deepEqual(await probe({ allow_tcp: true }), { ok: true, outcome: { exited: 'connect: started' } });
});

test("a guest sees no working directory unless initial_cwd names one, never the host's", async () => {
  assert.equal(await probe('cwd'), 'cwd: <none>');
  assert.equal(await probe('cwd', { initial_cwd: '/work' }), 'cwd: /work');
});

/** The WASI imports a runtime with `params` hands an instance (what the component links to). */
async function sandboxImports(params: Record<string, unknown>) {
  const factory = await wasiSandbox(wasmRuntimeParamsSchema.parse({ ...params }));
  const imports = factory() as Record<string, Record<string, (...args: never[]) => unknown>>;
  const call = <T>(name: string, fn: string, ...args: unknown[]) =>
    (imports[name]![fn] as unknown as (...a: unknown[]) => T)(...args);
  return {
    insecureBytes: (n: number) =>
      Buffer.from(call<Uint8Array>('wasi:random/insecure', 'getInsecureRandomBytes', BigInt(n))).toString('hex'),
    insecureU64: () => call<bigint>('wasi:random/insecure', 'getInsecureRandomU64'),
    seed: () => call<bigint[]>('wasi:random/insecure-seed', 'insecureSeed'),
    secureBytes: (n: number) => call<Uint8Array>('wasi:random/random', 'getRandomBytes', BigInt(n)),
  };
}

test('insecure_random_seed makes insecure randomness and the seed repeat; secure bytes never do', async () => {
  const [a, b, other, unseeded] = await Promise.all([
    sandboxImports({ insecure_random_seed: 42 }),
    sandboxImports({ insecure_random_seed: 42 }),
    sandboxImports({ insecure_random_seed: 43 }),
    sandboxImports({}),
  ]);
  assert.deepEqual(a.seed(), [42n, 0n]);
  const sequence = [a.insecureBytes(12), a.insecureU64(), a.insecureBytes(3)];
  assert.deepEqual([b.insecureBytes(12), b.insecureU64(), b.insecureBytes(3)], sequence);
  assert.match(sequence[0] as string, /^[0-9a-f]{24}$/);
  assert.notEqual(other.insecureBytes(12), sequence[0]);
  assert.notEqual(unseeded.insecureBytes(12), unseeded.insecureBytes(12));
  assert.notDeepEqual(a.secureBytes(16), b.secureBytes(16));
});

test('max_random_size caps one request for random bytes, secure or not', async () => {
  const capped = await sandboxImports({ max_random_size: 64 });
  assert.equal(capped.secureBytes(64).length, 64);
  assert.throws(() => capped.secureBytes(65), /65 random bytes requested, more than max_random_size \(64\)/);
  assert.throws(() => capped.insecureBytes(65), /more than max_random_size/);
  assert.equal((await sandboxImports({})).secureBytes(4096).length, 4096);
});
