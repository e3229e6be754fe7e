import { startLanguageServer } from '../lsp/lsp-server.ts';
import { brainbenchVersion } from './version.ts';

/**
 * `brainbench lsp`: the Rhai language server on standard input and output. The server library
 * ends the process, as the protocol says: on `exit` (0 after `shutdown`, else 1), and when
 * standard input closes (the client is gone).
 */
export function lspCommand(): Promise<number> {
  return new Promise((resolve) => {
    const connection = startLanguageServer(process.stdin, process.stdout, {
      name: 'brainbench',
      version: brainbenchVersion(),
    });
    connection.onExit(() => resolve(0));
  });
}
