import { startLanguageServer } from '../lsp/lsp-server.ts';
import { brainbenchVersion } from './version.ts';

/**
 * `brainbench lsp`: the Rhai language server on standard input and output, until the client
 * sends `exit` (the server library then ends the process with the protocol's exit code) or
 * closes standard input.
 */
export function lspCommand(): Promise<number> {
  return new Promise((resolve) => {
    const connection = startLanguageServer(process.stdin, process.stdout, {
      name: 'brainbench',
      version: brainbenchVersion(),
    });
    connection.onExit(() => resolve(0));
    process.stdin.on('end', () => resolve(0));
  });
}
