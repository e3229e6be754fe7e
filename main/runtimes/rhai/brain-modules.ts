// `import "helpers" as h;` in a Rhai brain: upstream's FileModuleResolver (what omw's
// Engine::new() has), confined to the brain's folder. The path is relative to the importing
// script's folder and takes the `.rhai` extension (replacing one it has, as Rust's set_extension
// does); a path that leaves the brain's folder tree, by `..`, as an absolute path or through a
// link, is refused. The engine thread reads the file itself (agent processes may read, not
// write: docs/security.md), once per run and import; Engine caches what it compiled.

import { readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, parse, relative, resolve, sep } from 'node:path';
import type { ModuleResolver, ModuleSource } from '../../rhai/language/engine.ts';
import { RhaiError } from '../../rhai/language/types/errors.ts';

const EXTENSION = '.rhai';

/** Whether `path` is `folder` or inside it (both absolute and normalised). */
function isWithin(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

function refused(path: string, why: string): RhaiError {
  return new RhaiError('ErrorModuleNotFound', `Module not found: ${path} (${why})`);
}

/** The resolver for a brain at `brainFile` (an absolute path): modules within its folder tree. */
export function brainModuleResolver(brainFile: string): ModuleResolver {
  const folder = dirname(brainFile);
  let realFolder: string | undefined;
  return (path, importer): ModuleSource | undefined => {
    // `C:x` and `\\x` are absolute on Windows, where isAbsolute alone misses the first.
    if (isAbsolute(path) || /^[a-zA-Z]:/.test(path)) {
      throw refused(path, "an absolute path; a module's path is relative to the brain's folder");
    }
    const named = resolve(dirname(importer ?? brainFile), path);
    const { dir, name } = parse(named);
    const file = join(dir, name + EXTENSION);
    if (!isWithin(folder, file)) throw refused(path, `outside the brain's folder ${folder}`);
    let real: string;
    try {
      realFolder ??= realpathSync(folder);
      real = realpathSync(file);
    } catch {
      return undefined;
    }
    if (!isWithin(realFolder, real)) throw refused(path, `a link out of the brain's folder ${folder}`);
    if (!statSync(real).isFile()) return undefined;
    return { source: file, text: readFileSync(real, 'utf8') };
  };
}
