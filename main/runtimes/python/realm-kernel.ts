// The host's side of the Python realm's door (realm/realm-api.ts): the functions the realm may
// call, each of which checks what it is given (by then the realm may be the brain's), answers a
// primitive and never throws. What they do for the brain is forwarded to KernelTargets, which the
// bound interpreter sets; the files and the snapshot are served only while the realm loads.

import { randomFillSync, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { TextDecoder, TextEncoder } from 'node:util';
import type { PackageFile, RealmKernel, RealmPrimitive } from './realm/realm-api.ts';

/** What the realm's calls for the brain reach: set by whoever drives the interpreter. */
export interface KernelTargets {
  print(text: string): void;
  call(index: number, args: RealmPrimitive[]): RealmPrimitive;
  callTree(index: number, argumentsJson: string): RealmPrimitive;
  failure(): string;
  signal(): number;
  growRefused(bytes: number, pages: number): string | undefined;
  statement(line: number, depth: number): string;
  exception(message: string, caught: boolean, line: number, depth: number): string;
  wanted(): string;
}

export interface KernelLoad {
  packageFiles: ReadonlyMap<PackageFile, Uint8Array>;
  snapshot: Uint8Array | undefined;
  saveSnapshot(bytes: Uint8Array): void;
  loaded(error: string | undefined): void;
  setTimer(id: number, ms: number): void;
  clearTimer(id: number): void;
}

class RefusedByKernel extends Error {}

const isPrimitive = (value: unknown): value is RealmPrimitive =>
  value === null || (typeof value !== 'object' && typeof value !== 'function' && typeof value !== 'symbol');

function string(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new RefusedByKernel(`${what} must be a string`);
  return value;
}

function number(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new RefusedByKernel(`${what} must be a number`);
  return value;
}

function bytes(value: unknown, what: string): Uint8Array {
  if (!ArrayBuffer.isView(value)) throw new RefusedByKernel(`${what} must be an array view`);
  return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
}

/** The kernel and the two switches the host keeps: who the brain's calls reach, and the load's end. */
export function realmKernel(load: KernelLoad): { kernel: RealmKernel; targets: KernelTargets } {
  const failedToken = `\u0000omw-kernel-failed-${randomUUID()}`;
  let lastError = '';
  let loading = true;
  let snapshotSaved = false;
  const targets: KernelTargets = {
    print: () => {},
    call: () => undefined,
    callTree: () => undefined,
    failure: () => '',
    signal: () => 0,
    growRefused: () => undefined,
    statement: () => '',
    exception: () => '',
    wanted: () => '',
  };
  const decoders = new Map<string, TextDecoder>();
  const encoder = new TextEncoder();
  let encodedWritten = 0;

  const entry =
    <A extends unknown[], R>(work: (...args: A) => R) =>
    (...args: A): R | string => {
      try {
        return work(...args);
      } catch (error) {
        lastError = error instanceof Error ? error.message : 'a host function failed';
        return failedToken;
      }
    };
  const whileLoading = (what: string): void => {
    if (!loading) throw new RefusedByKernel(`${what} is not available once the interpreter is loaded`);
  };
  const packageFile = (name: unknown): Uint8Array => {
    whileLoading('reading a package file');
    const file = load.packageFiles.get(string(name, 'name') as PackageFile);
    if (file === undefined) throw new RefusedByKernel(`no such file: ${String(name)}`);
    return file;
  };
  const decoder = (encoding: string, fatal: boolean, ignoreBOM: boolean): TextDecoder => {
    const key = `${encoding}\u0000${fatal}\u0000${ignoreBOM}`;
    let found = decoders.get(key);
    if (found === undefined) {
      found = new TextDecoder(encoding, { fatal, ignoreBOM });
      decoders.set(key, found);
    }
    return found;
  };

  const kernel: RealmKernel = {
    failedToken,
    lastError: () => lastError,
    packageFileSize: entry((name: unknown) => packageFile(name).byteLength),
    packageFileInto: entry((name: unknown, target: unknown) => {
      bytes(target, 'target').set(packageFile(name));
    }),
    snapshotSize: entry(() => {
      whileLoading('reading the snapshot');
      return load.snapshot?.byteLength ?? -1;
    }),
    snapshotInto: entry((target: unknown) => {
      whileLoading('reading the snapshot');
      if (load.snapshot === undefined) throw new RefusedByKernel('there is no snapshot');
      bytes(target, 'target').set(load.snapshot);
    }),
    saveSnapshot: entry((snapshot: unknown) => {
      whileLoading('saving a snapshot');
      if (snapshotSaved) throw new RefusedByKernel('the snapshot has been saved');
      snapshotSaved = true;
      load.saveSnapshot(Uint8Array.from(bytes(snapshot, 'snapshot')));
    }),
    loaded: entry((error: unknown) => {
      if (!loading) return;
      loading = false;
      load.loaded(error === undefined ? undefined : String(string(error, 'error')));
    }),
    print: entry((text: unknown) => targets.print(string(text, 'text'))),
    now: entry(() => performance.now()),
    randomInto: entry((target: unknown) => {
      randomFillSync(bytes(target, 'target'));
    }),
    setTimer: entry((id: unknown, ms: unknown) => load.setTimer(number(id, 'id'), number(ms, 'ms'))),
    clearTimer: entry((id: unknown) => load.clearTimer(number(id, 'id'))),
    decode: entry((encoding: unknown, fatal: unknown, ignoreBom: unknown, input: unknown) =>
      decoder(string(encoding, 'encoding'), fatal === true, ignoreBom === true).decode(bytes(input, 'input')),
    ),
    encodedLength: entry((text: unknown) => Buffer.byteLength(string(text, 'text'), 'utf8')),
    encodeInto: entry((text: unknown, target: unknown) => {
      const { read, written } = encoder.encodeInto(string(text, 'text'), bytes(target, 'target'));
      encodedWritten = written;
      return read;
    }),
    encodedWritten: entry(() => encodedWritten),
    call: entry((index: unknown, ...args: unknown[]) => {
      const primitives = args.map((arg) => {
        if (!isPrimitive(arg)) throw new RefusedByKernel('host call arguments must be str, int or None');
        return arg;
      });
      return answer(targets.call(number(index, 'index'), primitives));
    }),
    callTree: entry((index: unknown, json: unknown) =>
      answer(targets.callTree(number(index, 'index'), string(json, 'arguments'))),
    ),
    failure: entry(() => targets.failure()),
    signal: entry(() => targets.signal()),
    growRefused: entry((bytesNow: unknown, pages: unknown) =>
      targets.growRefused(number(bytesNow, 'bytes'), number(pages, 'pages')),
    ),
    statement: entry((line: unknown, depth: unknown) =>
      targets.statement(number(line, 'line'), number(depth, 'depth')),
    ),
    exception: entry((message: unknown, caught: unknown, line: unknown, depth: unknown) =>
      targets.exception(string(message, 'message'), caught === true, number(line, 'line'), number(depth, 'depth')),
    ),
    wanted: entry(() => targets.wanted()),
  };
  return { kernel, targets };
}

/** Only a primitive goes back into the realm. */
function answer(value: RealmPrimitive): RealmPrimitive {
  if (!isPrimitive(value)) throw new RefusedByKernel('a host function answered an object');
  return value;
}
