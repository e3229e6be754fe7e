// The example workspace shipped with Brainbench (`npm start` opens it): Brainbench's own files, so
// it is trusted without asking. Known by its real path, so a copy elsewhere, or a folder that only
// names itself so, is not it.

import { installPath } from '../files/install-root.ts';

/** `examples/workspace` of the installed package (or the checkout). */
export function bundledExampleWorkspace(): string {
  return installPath('examples', 'workspace');
}
