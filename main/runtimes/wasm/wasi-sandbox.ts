// The WASI 0.2 imports a component gets, built from omw's runtime parameters (omw-compat 1.3) on
// preview2-shim. Deny by default: no preopens, an empty environment, no network, stdout and stderr
// into the trace rather than the process's streams; `wasi:cli/exit` ends the iteration instead of
// the process.

import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import type { WasmRuntimeParams } from './wasm-params.ts';
import type { JcoImports } from './omw-imports.ts';
import { confinedDescriptor, type Confinement } from './confined-descriptor.ts';
import { printedOutput } from './printed-output.ts';

/** Thrown when the guest calls `wasi:cli/exit`; it ends the iteration as a failure. */
export class GuestExitError extends Error {
  override readonly name = 'GuestExitError';
}

export type WasiSandboxParams = Pick<
  WasmRuntimeParams,
  | 'preopens'
  | 'env'
  | 'inherit_env'
  | 'args'
  | 'inherit_args'
  | 'allow_tcp'
  | 'allow_udp'
  | 'allow_ip_name_lookup'
  | 'inherit_network'
  | 'inherit_stdio'
  | 'inherit_stdout'
  | 'inherit_stderr'
  | 'initial_cwd'
  | 'insecure_random_seed'
  | 'max_random_size'
>;

type PreopenEntry = [object, string];

interface NodeSockets {
  _denyTcp(network: object): void;
  _denyUdp(network: object): void;
  _denyDnsLookup(network: object): void;
}

/** The real location of a preopened directory, which must exist. */
function preopenRoot(hostPath: string, guestPath: string): string {
  try {
    return realpathSync(resolve(hostPath));
  } catch (error) {
    throw new Error(`cannot preopen ${hostPath} as ${guestPath}: ${(error as Error).message}`, { cause: error });
  }
}

/** Makes a fresh set of WASI imports, one per instance, so instances share no descriptors. */
export type WasiImportsFactory = () => JcoImports;

/**
 * @param print receives what the guest writes to a stdout or stderr the runtime does not inherit
 */
export async function wasiSandbox(
  params: WasiSandboxParams,
  print: (text: string) => void = () => undefined,
): Promise<WasiImportsFactory> {
  const [{ WASIShim }, sockets] = await Promise.all([
    import('@bytecodealliance/preview2-shim/instantiation'),
    // The Node build's sockets, which (unlike the browser build the types describe) can deny each
    // kind of network access on one network handle.
    import('@bytecodealliance/preview2-shim/sockets') as Promise<unknown> as Promise<NodeSockets>,
  ]);
  const preopens = Object.fromEntries(params.preopens.map((entry) => [entry.guest_path, resolve(entry.host_path)]));
  const confinements = new Map<string, Confinement>(
    params.preopens.map((entry) => [
      entry.guest_path,
      { root: preopenRoot(entry.host_path, entry.guest_path), readOnly: entry.perms === 'read_only' },
    ]),
  );
  const env = params.inherit_env ? { ...(process.env as Record<string, string>), ...params.env } : params.env;
  const args = params.inherit_args ? process.argv.slice(1) : params.args;
  const tcp = params.inherit_network || params.allow_tcp;
  const udp = params.inherit_network || params.allow_udp;
  const lookup = params.inherit_network || params.allow_ip_name_lookup;

  return () => {
    const imports = new WASIShim({
      sandbox: { preopens, env, args, enableNetwork: tcp || udp || lookup },
    }).getImportObject() as JcoImports;
    const network = (imports['wasi:sockets/instance-network'] as { instanceNetwork(): object }).instanceNetwork();
    if (!tcp) sockets._denyTcp(network);
    if (!udp) sockets._denyUdp(network);
    if (!lookup) sockets._denyDnsLookup(network);
    const filesystem = imports['wasi:filesystem/preopens'] as { getDirectories(): PreopenEntry[] };
    const directories = filesystem.getDirectories().map(([descriptor, guestPath]): PreopenEntry => {
      const confinement = confinements.get(guestPath)!;
      return [confinedDescriptor(descriptor, confinement.root, confinement), guestPath];
    });
    imports['wasi:filesystem/preopens'] = { getDirectories: () => [...directories] };
    for (const [name, getter, inherited] of [
      ['wasi:cli/stdout', 'getStdout', params.inherit_stdio || params.inherit_stdout],
      ['wasi:cli/stderr', 'getStderr', params.inherit_stdio || params.inherit_stderr],
    ] as const) {
      if (inherited) continue;
      const stream = printedOutput((imports[name] as Record<typeof getter, () => object>)[getter](), print);
      imports[name] = { [getter]: () => stream };
    }
    const environment = imports['wasi:cli/environment'] as Record<'getEnvironment' | 'getArguments', () => unknown>;
    // The host's working directory is none of the guest's business unless the runtime names one.
    imports['wasi:cli/environment'] = {
      getEnvironment: () => environment.getEnvironment(),
      getArguments: () => environment.getArguments(),
      initialCwd: () => params.initial_cwd ?? undefined,
    };
    Object.assign(imports, randomImports(imports, params));
    imports['wasi:cli/exit'] = {
      exit(status: { tag: string }) {
        throw new GuestExitError(`the brain called wasi:cli/exit (${status.tag === 'ok' ? 'success' : 'failure'})`);
      },
      exitWithCode(code: number) {
        throw new GuestExitError(`the brain called wasi:cli/exit with code ${code}`);
      },
    };
    return imports;
  };
}

type RandomBytes = (len: bigint) => Uint8Array;

/**
 * `max_random_size` caps one request for random bytes (a larger one traps, as in wasmtime), and
 * `insecure_random_seed` makes the insecure generator and `insecure-seed` deterministic, so a
 * brain's "random" choices repeat from run to run.
 */
function randomImports(imports: JcoImports, params: WasiSandboxParams): JcoImports {
  const limit = params.max_random_size;
  const capped =
    (bytes: RandomBytes): RandomBytes =>
    (len) => {
      if (limit !== null && len > BigInt(limit)) {
        throw new Error(`wasi:random: ${len} random bytes requested, more than max_random_size (${limit})`);
      }
      return bytes(len);
    };
  const secure = imports['wasi:random/random'] as { getRandomBytes: RandomBytes; getRandomU64(): bigint };
  const insecure = imports['wasi:random/insecure'] as {
    getInsecureRandomBytes: RandomBytes;
    getInsecureRandomU64(): bigint;
  };
  const seed = params.insecure_random_seed;
  const seeded = seed === null ? undefined : new SplitMix64(BigInt(seed));
  return {
    'wasi:random/random': {
      getRandomBytes: capped((len) => secure.getRandomBytes(len)),
      getRandomU64: () => secure.getRandomU64(),
    },
    'wasi:random/insecure': {
      getInsecureRandomBytes: capped((len) => (seeded ? seeded.bytes(len) : insecure.getInsecureRandomBytes(len))),
      getInsecureRandomU64: () => (seeded ? seeded.next() : insecure.getInsecureRandomU64()),
    },
    ...(seed === null ? {} : { 'wasi:random/insecure-seed': { insecureSeed: () => [BigInt(seed), 0n] } }),
  };
}

const U64 = (1n << 64n) - 1n;

/** SplitMix64: a small, well-mixed generator, enough for "insecure" randomness from a seed. */
class SplitMix64 {
  constructor(private state: bigint) {}

  next(): bigint {
    this.state = (this.state + 0x9e3779b97f4a7c15n) & U64;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & U64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & U64;
    return z ^ (z >> 31n);
  }

  bytes(len: bigint): Uint8Array {
    const out = new Uint8Array(Number(len));
    for (let i = 0; i < out.length; i += 8) {
      let word = this.next();
      for (let j = i; j < Math.min(i + 8, out.length); j++) {
        out[j] = Number(word & 0xffn);
        word >>= 8n;
      }
    }
    return out;
  }
}
