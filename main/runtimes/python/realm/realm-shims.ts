// What Pyodide needs from its global object, made in the realm over the door. Pyodide and its
// Emscripten runtime find neither Node nor a browser here, so they take their "shell" path (as in
// V8's d8): files come from `readbuffer`, randomness from `os.system` (the shell's way, which this
// answers without any shell), time from `performance.now`. Text encoding is the host's (its
// codecs read and write the realm's arrays directly); timers are the host's, firing into the realm.

import type { PackageFile } from './realm-api.ts';
import type { Door } from './realm-door.ts';

const PACKAGE_FILES: readonly PackageFile[] = ['python_stdlib.zip', 'pyodide.asm.wasm'];

const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

function packageFile(path: unknown): PackageFile {
  const name = baseName(String(path));
  const known = PACKAGE_FILES.find((file) => file === name);
  if (known === undefined) throw new Error(`no such file: ${String(path)}`);
  return known;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function base64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a = 0, b = 0, c = 0] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    const triple = (a << 16) | (b << 8) | c;
    text += BASE64[(triple >> 18) & 63]! + BASE64[(triple >> 12) & 63]!;
    text += i + 1 < bytes.length ? BASE64[(triple >> 6) & 63]! : '=';
    text += i + 2 < bytes.length ? BASE64[triple & 63]! : '=';
  }
  return text;
}

/** Emscripten's shell asks for `head -c<N> /dev/urandom | base64`; the answer is N random bytes. */
const RANDOM_REQUEST = /head -c(\d+)/;
const MAX_RANDOM_BYTES = 65_536;

class RealmTextDecoder {
  readonly #encoding: string;
  readonly #fatal: boolean;
  readonly #ignoreBom: boolean;

  constructor(
    readonly door: Door,
    label = 'utf-8',
    options: { fatal?: boolean; ignoreBOM?: boolean } = {},
  ) {
    this.#encoding = String(label);
    this.#fatal = Boolean(options.fatal);
    this.#ignoreBom = Boolean(options.ignoreBOM);
  }

  get encoding(): string {
    return this.#encoding;
  }

  decode(input?: ArrayBufferView | ArrayBuffer): string {
    if (input === undefined) return '';
    const view = ArrayBuffer.isView(input) ? input : new Uint8Array(input);
    return this.door.decode(this.#encoding, this.#fatal, this.#ignoreBom, view);
  }
}

class RealmTextEncoder {
  constructor(readonly door: Door) {}

  get encoding(): string {
    return 'utf-8';
  }

  encode(input = ''): Uint8Array {
    const text = String(input);
    const bytes = new Uint8Array(this.door.encodedLength(text));
    this.door.encodeInto(text, bytes);
    return bytes;
  }

  encodeInto(input: string, target: Uint8Array): { read: number; written: number } {
    const read = this.door.encodeInto(String(input), target);
    return { read, written: this.door.encodedWritten() };
  }
}

export interface InstalledShims {
  fireTimer(id: number): void;
  /** Pyodide has loaded: `readbuffer` refuses from now on. */
  closeFiles(): void;
}

export function installShims(door: Door): InstalledShims {
  const global = globalThis as unknown as Record<string, unknown>;
  let loading = true;
  global.readbuffer = (path: unknown): ArrayBuffer => {
    if (!loading) throw new Error('the realm has no files');
    const name = packageFile(path);
    const bytes = new Uint8Array(door.packageFileSize(name));
    door.packageFileInto(name, bytes);
    return bytes.buffer;
  };
  global.performance = { now: (): number => door.now() };
  const randomBytes = (count: number): Uint8Array => {
    const bytes = new Uint8Array(Math.min(Math.max(0, count), MAX_RANDOM_BYTES));
    door.randomInto(bytes);
    return bytes;
  };
  global.os = {
    system: (_command: unknown, args: unknown): string => {
      const request = RANDOM_REQUEST.exec(String(Array.isArray(args) ? args[1] : ''));
      return base64(randomBytes(request ? Number(request[1]) : 0));
    },
  };
  global.crypto = {
    getRandomValues: <T extends ArrayBufferView>(view: T): T => {
      door.randomInto(new Uint8Array(view.buffer, view.byteOffset, view.byteLength));
      return view;
    },
  };
  global.TextDecoder = function TextDecoder(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean }) {
    return new RealmTextDecoder(door, label, options);
  };
  global.TextEncoder = function TextEncoder() {
    return new RealmTextEncoder(door);
  };
  const timers = new Map<number, () => void>();
  let nextTimer = 1;
  global.setTimeout = (callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]): number => {
    const id = nextTimer++;
    timers.set(id, () => callback(...args));
    door.setTimer(id, Number(ms) || 0);
    return id;
  };
  global.clearTimeout = (id: number): void => {
    if (timers.delete(id)) door.clearTimer(id);
  };
  const print = (...items: unknown[]): void => door.print(items.map(String).join(' '));
  global.console = { log: print, info: print, warn: print, error: print, debug: (): void => {} };
  return {
    fireTimer(id) {
      const callback = timers.get(id);
      timers.delete(id);
      callback?.();
    },
    closeFiles() {
      loading = false;
    },
  };
}
