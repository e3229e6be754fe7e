// What the workbench's component picker shows for a file: the component's world (imports,
// exports, declarations, sizes, producers) and why it cannot run as an omw brain, if it cannot.

import { ComponentFileError } from './component-file.ts';
import type { ComponentWorld } from './component-world.ts';
import { cachedComponentAt } from './transpile-cache.ts';

export type ComponentDescription =
  | { path: string; component: true; world: ComponentWorld; problems: string[] }
  | { path: string; component: false; problems: string[] };

/** Plain, cloneable data; transpiles the component into the cache if it is not there yet. */
export async function describeComponent(path: string): Promise<ComponentDescription> {
  try {
    const { world, problems } = await cachedComponentAt(path);
    return { path, component: true, world, problems };
  } catch (error) {
    if (error instanceof ComponentFileError) return { path, component: false, problems: [error.message] };
    throw error;
  }
}
