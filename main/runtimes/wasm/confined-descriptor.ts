// Wraps a preview2-shim filesystem descriptor so that it keeps to its preopen. The shim resolves
// guest paths lexically (`..` cannot climb out of a preopen) but then lets the host follow
// symlinks, so a link inside a preopen could lead anywhere; and it has no read-only mode. Every
// path a wrapped descriptor is given is checked against the preopen's real location first.
//
// The wrapper is a Proxy so that jco's glue still sees the shim's Descriptor; methods run on the
// real descriptor, because the shim keeps its state in private fields a Proxy cannot reach. For
// the same reason a descriptor passed as an argument (`rename-at` and `link-at` name the second
// path's directory by one, `is-same-object` compares with one) is unwrapped, after its own path
// has been checked against its own preopen.

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
  symlinkAt: [1],
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

/**
 * Methods that change two directories, from a path in this descriptor's to a path in another
 * descriptor's, and the positions of the first path, the other descriptor and its path.
 */
const BETWEEN_TWO: Readonly<Record<string, readonly [number, number, number]>> = {
  renameAt: [0, 1, 2],
  linkAt: [1, 2, 3],
};

/** WASI error codes; the shim throws them as bare strings as well. */
const NOT_PERMITTED = 'not-permitted';
const READ_ONLY = 'read-only';
const BAD_DESCRIPTOR = 'bad-descriptor';

/** What a wrapped descriptor stands for, by the wrapper the guest holds. */
interface Unwrapped {
  target: object;
  hostPath: string;
  confinement: Confinement;
}

const wrapped = new WeakMap<object, Unwrapped>();

/** The real descriptor behind one the guest passed; a descriptor the sandbox did not hand out is refused. */
function unwrap(descriptor: unknown): Unwrapped {
  const found = typeof descriptor === 'object' && descriptor !== null ? wrapped.get(descriptor) : undefined;
  if (!found) throw BAD_DESCRIPTOR;
  return found;
}

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
  const proxy = new Proxy(descriptor, {
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
      const between = BETWEEN_TWO[property];
      if (between) {
        const [path, otherDescriptor, otherPath] = between;
        return (...args: unknown[]) => {
          const other = unwrap(args[otherDescriptor]);
          if (confinement.readOnly || other.confinement.readOnly) throw READ_ONLY;
          requireInside(confinement, hostPath, args[path]);
          requireInside(other.confinement, other.hostPath, args[otherPath]);
          args[otherDescriptor] = other.target;
          return method.apply(target, args);
        };
      }
      if (property === 'isSameObject') return (other: unknown) => method.call(target, unwrap(other).target);
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
  wrapped.set(proxy, { target: descriptor, hostPath, confinement });
  return proxy;
}
