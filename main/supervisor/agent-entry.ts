import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The bundled agent-process entry (built by `npm run build`). */
export function agentEntry(): string {
  const entry = fileURLToPath(new URL('../../dist/agent/agent-main.mjs', import.meta.url));
  if (!existsSync(entry)) throw new Error(`agent process bundle missing at ${entry}: run \`npm run build\``);
  return entry;
}
