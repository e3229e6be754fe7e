import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { installPath } from '../files/install-root.ts';
import { forkSpawner } from '../supervisor/fork-spawner.ts';
import { agentEntry } from '../supervisor/agent-entry.ts';
import { startWebServer, type WebServer } from '../web/web-server.ts';
import { Workbench } from '../workbench/workbench.ts';
import { locateWorkspace } from '../workbench/workspace-location.ts';
import { CommandError } from './command-error.ts';
import type { TrustView } from '../../contract/views.ts';
import { heldLines } from '../trust/held-lines.ts';
import { shellWord } from '../trust/visible-text.ts';

export interface ServeOptions {
  workspace: string;
  port: number;
  /** Open the URL in the system browser when one can be found. */
  open: boolean;
  /** Warm agent processes per runtime kind; 0 starts every agent cold. */
  spares?: number;
  /** Trust the workspace folder (and keep that in the user's settings) before opening it. */
  trust?: boolean;
}

export function rendererDir(): string {
  return installPath('dist', 'renderer');
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
    throw new CommandError(`the workbench UI is not built (${staticDir} is missing): run \`npm run build\``);
  // The command line is the user's own choice: a config of any name opens (workspace-location.ts).
  const chosen = { chosenByUser: true };
  let root: string;
  try {
    root = locateWorkspace(options.workspace, chosen).root;
  } catch (error) {
    throw new CommandError((error as Error).message);
  }
  // A promise some part of the host forgot to handle is a bug to report, not a reason to drop the
  // browser and every agent with it (Node's default is to exit).
  process.on('unhandledRejection', (reason) => {
    console.error('brainbench: a bug left a promise rejection unhandled; the server keeps running:', reason);
  });
  const spares = options.spares !== undefined ? { spares: options.spares } : {};
  const workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry(), ...spares });
  if (options.trust) {
    const { setAside } = await workbench.trust.store.trust(root);
    if (setAside !== undefined) console.error(`brainbench: the damaged trust file was kept as ${setAside}`);
  }
  // Listening comes first, so that a port in use is known before any agent starts; nobody has the
  // URL (and its token) before the workspace is open.
  let server: WebServer;
  try {
    server = await startWebServer({ workbench, staticDir, port: options.port });
  } catch (error) {
    throw listenError(error, options.port);
  }
  let trust: TrustView;
  try {
    trust = (await workbench.open(options.workspace, chosen)).trust;
  } catch (error) {
    await server.close();
    throw error;
  }
  console.log(`Brainbench workbench: ${server.url}`);
  reportRestrictions(root, trust);
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

/** A folder that is not trusted says what it holds back, and how to let it run. */
function reportRestrictions(root: string, trust: TrustView): void {
  if (trust.problem !== undefined) console.error(`brainbench: ${trust.problem}`);
  if (trust.trusted || trust.held.length === 0) return;
  console.error(
    `brainbench: ${root} is not trusted, so this is held back (Trust in the workbench, ` +
      `\`brainbench trust ${shellWord(root)}\` or serve --trust lets it run):\n${heldLines(trust.held).join('\n')}`,
  );
}

/** The ports a user can pick wrongly say so in a line; anything else is a bug, with its stack. */
function listenError(error: unknown, port: number): unknown {
  const code = (error as { code?: unknown }).code;
  if (code === 'EADDRINUSE')
    return new CommandError(
      `port ${port} on 127.0.0.1 is in use: choose another with --port, or --port 0 for a free one`,
    );
  if (code === 'EACCES')
    return new CommandError(`port ${port} needs privileges this user lacks: choose one above 1023, or --port 0`);
  return error;
}
