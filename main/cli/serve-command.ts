import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { forkSpawner } from '../supervisor/fork-spawner.ts';
import { agentEntry } from '../supervisor/agent-entry.ts';
import { startWebServer } from '../web/web-server.ts';
import { Workbench } from '../workbench/workbench.ts';

export interface ServeOptions {
  workspace: string;
  port: number;
  /** Open the URL in the system browser when one can be found. */
  open: boolean;
}

export function rendererDir(): string {
  return fileURLToPath(new URL('../../dist/renderer', import.meta.url));
}

/** Best effort: a desktop session's browser opener; on a headless machine the printed URL is enough. */
function openBrowser(url: string): void {
  const opener =
    process.platform === 'darwin'
      ? 'open'
      : process.platform === 'win32'
        ? 'explorer'
        : process.env.DISPLAY || process.env.WAYLAND_DISPLAY
          ? 'xdg-open'
          : undefined;
  if (!opener) return;
  const child = spawn(opener, [url], { stdio: 'ignore', detached: true });
  child.on('error', () => undefined);
  child.unref();
}

/** `brainbench serve`: web mode on 127.0.0.1, until Ctrl+C. */
export async function serveCommand(options: ServeOptions): Promise<number> {
  const staticDir = rendererDir();
  if (!existsSync(staticDir))
    throw new Error(`the workbench UI is not built (${staticDir} is missing): run \`npm run build\``);
  // A promise some part of the host forgot to handle is a bug to report, not a reason to drop the
  // browser and every agent with it (Node's default is to exit).
  process.on('unhandledRejection', (reason) => {
    console.error('brainbench: a bug left a promise rejection unhandled; the server keeps running:', reason);
  });
  const workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
  // The command line is the user's own choice: a config of any name opens (workspace-location.ts).
  await workbench.open(options.workspace, { chosenByUser: true });
  const server = await startWebServer({ workbench, staticDir, port: options.port });
  console.log(`Brainbench workbench: ${server.url}`);
  if (options.open) openBrowser(server.url);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  console.error('shutting down');
  await server.close();
  await workbench.close();
  return 0;
}
