// Wraps a preview2-shim filesystem descriptor so that it keeps to its preopen. The shim resolves
// guest paths lexically (`..` cannot climb out of a preopen) but then lets the host follow
// symlinks, so a link inside a preopen could lead anywhere; and it has no read-only mode. Every
// path a wrapped descriptor is given is checked against the preopen's real location first.
//
// The wrapper is a Proxy so that jco's glue still sees the shim's Descriptor; methods run on the
// real descriptor, because the shim keeps its state in private fields a Proxy cannot reach.

import { realpathSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';

/** Methods that change the filesystem, and the position of their path arguments. */
const MUTATING: Readonly<Record<string, readonly number[]>> = {
  write: [],
  writeViaStream: [],
  appendViaStream: [],
  setSize: [],
  setTimes: [],
  setTimesAt: [1],
  createDirectoryAt: [0],
  linkAt: [1],
  symlinkAt: [1],
  renameAt: [0],
  removeDirectoryAt: [0],
  unlinkFileAt: [0],
};

/** Methods that only read, and the position of their path arguments. */
const READING: Readonly<Record<string, readonly number[]>> = {
  statAt: [1],
  readlinkAt: [0],
  metadataHashAt: [1],
};

export interface Confinement {
  /** The preopen's real host directory. */
  root: string;
  readOnly: boolean;
}

interface OpenFlags {
  create?: boolean;
  truncate?: boolean;
}

interface DescriptorFlags {
  write?: boolean;
  mutateDirectory?: boolean;
}

/** WASI error codes; the shim throws them as bare strings as well. */
const NOT_PERMITTED = 'not-permitted';
const READ_ONLY = 'read-only';

const isInside = (root: string, path: string): boolean => {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !rel.startsWith(sep));
};

/** Where `path` really leads; for a path that does not exist yet, where its folder leads. */
function realLocation(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return join(realLocation(dirname(path)), basename(path));
  }
}

function requireInside(confinement: Confinement, directory: string, path: unknown): string {
  if (typeof path !== 'string') return directory;
  const target = resolve(directory, path);
  if (!isInside(confinement.root, realLocation(target))) throw NOT_PERMITTED;
  return target;
}

/** `descriptor` (opened at `hostPath`) as one that cannot leave `confinement`. */
export function confinedDescriptor<T extends object>(descriptor: T, hostPath: string, confinement: Confinement): T {
  return new Proxy(descriptor, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (property === 'openAt') {
        return (pathFlags: unknown, path: string, openFlags: OpenFlags, flags: DescriptorFlags) => {
          const mutating = openFlags.create || openFlags.truncate || flags.write || flags.mutateDirectory;
          if (confinement.readOnly && mutating) throw READ_ONLY;
          const opened = requireInside(confinement, hostPath, path);
          const child = method.call(target, pathFlags, path, openFlags, flags) as object;
          return confinedDescriptor(child, opened, confinement);
        };
      }
      const mutatingPaths = MUTATING[property];
      if (mutatingPaths && confinement.readOnly) {
        return () => {
          throw READ_ONLY;
        };
      }
      const paths = mutatingPaths ?? READING[property];
      if (!paths) return method.bind(target);
      return (...args: unknown[]) => {
        for (const index of paths) requireInside(confinement, hostPath, args[index]);
        return method.apply(target, args);
      };
    },
  });
}
