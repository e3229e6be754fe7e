import { existsSync } from 'node:fs';
import { installPath } from '../files/install-root.ts';

/** The checkout was not built: a step the user takes, not a bug, so it is reported without a stack. */
export class MissingBuildError extends Error {}

/** The bundled agent-process entry (built by `npm run build`). */
export function agentEntry(): string {
  const entry = installPath('dist', 'agent', 'agent-main.mjs');
  if (!existsSync(entry))
    throw new MissingBuildError(`agent process bundle missing at ${entry}: run \`npm run build\``);
  return entry;
}
