// The second wall around a brain (docs/security.md#agent-processes): what an agent process is
// started with. It gets a scrubbed environment, so that no API key, token or other secret of the
// user's environment is in a process that runs brains (the host keeps them and makes the calls);
// and, where Node's permission model can say so, no right to start processes and no right to
// write files but in Brainbench's cache and the folders its brain's WASI sandbox may write.

import { brainbenchCacheDir } from '../runtimes/wasm/cache-dir.ts';

/** What an agent process needs of the environment: its cache, and how to tell the time locally. */
const PASSED_THROUGH = ['TZ', 'LANG', 'LC_ALL', 'LC_TIME', 'LC_CTYPE'] as const;

export interface AgentProcessSandbox {
  env: Record<string, string>;
  execArgv: string[];
}

/** The permission flag of this Node: stable in 22.13 and later, experimental before. */
function permissionFlag(version: string): string {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 13) ? '--permission' : '--experimental-permission';
}

export function agentProcessSandbox(
  writable: readonly string[] = [],
  env: Readonly<Record<string, string | undefined>> = process.env,
): AgentProcessSandbox {
  const cache = brainbenchCacheDir('');
  const scrubbed: Record<string, string> = { BRAINBENCH_CACHE_DIR: cache };
  for (const name of PASSED_THROUGH) {
    const value = env[name];
    if (value !== undefined) scrubbed[name] = value;
  }
  return {
    env: scrubbed,
    execArgv: [
      permissionFlag(process.versions.node),
      '--allow-fs-read=*',
      ...[cache, ...writable].map((path) => `--allow-fs-write=${path}`),
      // The engine runs on a worker thread, which keeps the process's permissions.
      '--allow-worker',
      // jco's transpiler reads components through a native module of its own.
      '--allow-addons',
      '--disable-warning=ExperimentalWarning',
      '--disable-warning=SecurityWarning',
    ],
  };
}

/** The host folders an agent's WASI sandbox may write (its `read_write` preopens). */
export function writableFolders(params: unknown): string[] {
  const preopens = (params as { preopens?: unknown } | null)?.preopens;
  if (!Array.isArray(preopens)) return [];
  return preopens.flatMap((preopen: { host_path?: unknown; perms?: unknown }) =>
    preopen.perms === 'read_write' && typeof preopen.host_path === 'string' ? [preopen.host_path] : [],
  );
}
