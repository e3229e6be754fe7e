// A disk of a given size under one folder, for machines that refuse to mount a tmpfs: the file
// system calls Brainbench's writers make (`writeSync`, `ftruncateSync`, a file handle's
// `writeFile`) count the bytes each file holds below the folder, and a write past the size fails
// as the kernel fails it: a short write, then ENOSPC. Imported with
// `BRAINBENCH_TEST_DISK=<folder>:<bytes>` set (a child process, `--import`), it sizes that
// folder's disk at once; in process, `limitDisk` does.

import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { resolve, sep } from 'node:path';

interface Disk {
  folder: string;
  size: number;
  /** Bytes each file below the folder holds, by path. */
  files: Map<string, number>;
}

let disk: Disk | undefined;
const paths = new Map<number, string>();
const handles = new WeakMap<object, string>();

const below = (path: fs.PathLike): string | undefined => {
  if (!disk || typeof path !== 'string') return undefined;
  const full = resolve(path);
  return full.startsWith(disk.folder + sep) ? full : undefined;
};

const used = (): number => [...disk!.files.values()].reduce((sum, bytes) => sum + bytes, 0);

function noSpace(): Error {
  return Object.assign(new Error('ENOSPC: no space left on device, write'), {
    code: 'ENOSPC',
    errno: -28,
    syscall: 'write',
  });
}

/** How many of `length` bytes at `position` fit; throws ENOSPC when none does. */
function room(path: string, position: number, length: number): number {
  const held = disk!.files.get(path) ?? 0;
  const growth = Math.max(0, position + length - held);
  const free = disk!.size - used();
  if (growth <= free) return length;
  const fits = Math.max(0, held + free - position);
  if (fits === 0) throw noSpace();
  return fits;
}

const grow = (path: string, end: number) => disk!.files.set(path, Math.max(disk!.files.get(path) ?? 0, end));

const original = {
  openSync: fs.openSync,
  writeSync: fs.writeSync,
  ftruncateSync: fs.ftruncateSync,
  truncateSync: fs.truncateSync,
  closeSync: fs.closeSync,
  rmSync: fs.rmSync,
  renameSync: fs.renameSync,
  open: fs.promises.open,
};

/** The disk is full from now on: it holds what its files hold now. */
export function fillDisk(): void {
  disk!.size = used();
}

/** Room again. */
export function freeDisk(): void {
  disk!.size = Number.MAX_SAFE_INTEGER;
}

/** The folder's disk holds `size` bytes from now on (what its files hold counts; raise it to free space). */
export async function limitDisk(folder: string, size: number): Promise<void> {
  if (disk && disk.folder === resolve(folder)) {
    disk.size = size;
    return;
  }
  const first = disk === undefined;
  disk = { folder: resolve(folder), size, files: new Map() };
  if (first) await install();
}

async function install(): Promise<void> {
  fs.openSync = ((path: fs.PathLike, flags?: fs.OpenMode, mode?: fs.Mode) => {
    const fd = original.openSync(path, flags ?? 'r', mode);
    const file = below(path);
    if (file) {
      paths.set(fd, file);
      if (flags === 'w' || flags === 'wx') disk!.files.set(file, 0);
    }
    return fd;
  }) as typeof fs.openSync;
  fs.writeSync = ((fd: number, data: NodeJS.ArrayBufferView | string, ...rest: unknown[]) => {
    const file = paths.get(fd);
    if (!file || typeof data === 'string')
      return (original.writeSync as (...args: unknown[]) => number)(fd, data, ...rest);
    const [offset = 0, length = data.byteLength - (offset as number), position] = rest as [number?, number?, number?];
    const at = position ?? disk!.files.get(file) ?? 0;
    const fits = room(file, at, length);
    const written = original.writeSync(fd, data, offset, fits, position);
    grow(file, at + written);
    return written;
  }) as typeof fs.writeSync;
  fs.ftruncateSync = ((fd: number, length = 0) => {
    original.ftruncateSync(fd, length);
    const file = paths.get(fd);
    if (file) disk!.files.set(file, length);
  }) as typeof fs.ftruncateSync;
  fs.truncateSync = ((path: fs.PathLike, length = 0) => {
    original.truncateSync(path, length);
    const file = below(path);
    if (file) disk!.files.set(file, length);
  }) as typeof fs.truncateSync;
  fs.closeSync = ((fd: number) => {
    paths.delete(fd);
    original.closeSync(fd);
  }) as typeof fs.closeSync;
  fs.rmSync = ((path: fs.PathLike, options?: fs.RmOptions) => {
    original.rmSync(path, options);
    const file = below(path);
    if (file) disk!.files.delete(file);
  }) as typeof fs.rmSync;
  fs.renameSync = ((from: fs.PathLike, to: fs.PathLike) => {
    original.renameSync(from, to);
    const [a, b] = [below(from), below(to)];
    if (a && b) {
      disk!.files.set(b, disk!.files.get(a) ?? 0);
      disk!.files.delete(a);
    }
  }) as typeof fs.renameSync;
  fs.promises.open = (async (path: fs.PathLike, flags?: string | number, mode?: fs.Mode) => {
    const handle = await original.open(path, flags, mode);
    const file = below(path);
    if (file) handles.set(handle, file);
    return handle;
  }) as typeof fs.promises.open;
  syncBuiltinESMExports();
  await patchFileHandles();
}

/** A save writes through a file handle: its `writeFile` fails on a full disk after what fits. */
async function patchFileHandles(): Promise<void> {
  const probe = await original.open(process.execPath, 'r');
  const prototype = Object.getPrototypeOf(probe) as { writeFile: fs.promises.FileHandle['writeFile'] };
  await probe.close();
  {
    const writeFile = prototype.writeFile;
    prototype.writeFile = async function (this: fs.promises.FileHandle, data, options) {
      const file = handles.get(this);
      if (!file) return writeFile.call(this, data, options);
      const bytes = typeof data === 'string' ? Buffer.byteLength(data) : (data as Buffer).byteLength;
      const fits = room(file, 0, bytes);
      const whole = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data as Uint8Array);
      await writeFile.call(this, whole.subarray(0, fits), options);
      grow(file, fits);
      if (fits < bytes) throw noSpace();
    };
  }
}

const asked = process.env['BRAINBENCH_TEST_DISK'];
if (asked) {
  const at = asked.lastIndexOf(':');
  await limitDisk(asked.slice(0, at), Number(asked.slice(at + 1)));
}
