import { startLanguageServer } from '../lsp/lsp-server.ts';
import { brainbenchVersion } from './version.ts';

/**
 * `brainbench lsp`: the Rhai language server on standard input and output. It ends as the
 * protocol says: on `exit` (0 after `shutdown`, else 1; the server library ends the process), and
 * when standard input closes (the client is gone; 0 after `shutdown`, else 1).
 */
export function lspCommand(): Promise<number> {
  return startLanguageServer(process.stdin, process.stdout, {
    name: 'brainbench',
    version: brainbenchVersion(),
  }).ended;
}
