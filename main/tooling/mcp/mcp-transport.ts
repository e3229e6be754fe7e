import { dirname, isAbsolute, resolve } from 'node:path';
import type { Readable } from 'node:stream';

import { StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';

import type { KeyOrigins } from '../../config/config-types.ts';
import type { KeyPath } from '../../config/key-path.ts';
import type { McpToolingParams } from './mcp-tooling-params.ts';
import { WatchedStdioTransport } from './watched-stdio-transport.ts';

/** A transport to open, and for a stdio server its process's stderr. */
export interface McpTransport {
  transport: Transport;
  /** The server process's id once started; stdio only. */
  pid(): number | undefined;
  stderr?: Readable;
  /** Why a stdio server is gone, or is no MCP server, when its process showed it. */
  failure(): string | undefined;
  /** A stdio server's process ended by itself before it answered anything. */
  exitedUnanswered(): boolean;
}

/**
 * A relative `cwd` is relative to the config file that set it, like an agent's `script`, so a
 * config (or an omw test) keeps working from whatever folder Brainbench was started in.
 */
export function resolveServerCwd(cwd: string, origins: KeyOrigins, path: KeyPath): string {
  if (isAbsolute(cwd)) return cwd;
  const file = origins.locate([...path, 'cwd'])?.file;
  return file && isAbsolute(file) ? resolve(dirname(file), cwd) : resolve(cwd);
}

export function openMcpTransport(params: McpToolingParams, cwd: string | undefined): McpTransport {
  if (params.transport === 'http') {
    const headers = {
      ...params.headers,
      ...(params.auth_token !== undefined ? { Authorization: `Bearer ${params.auth_token}` } : {}),
    };
    return {
      transport: new StreamableHTTPClientTransport(new URL(params.url), { requestInit: { headers } }),
      pid: () => undefined,
      failure: () => undefined,
      exitedUnanswered: () => false,
    };
  }
  const transport = new WatchedStdioTransport({
    command: params.command,
    args: params.args,
    env: params.env,
    ...(cwd !== undefined ? { cwd } : {}),
    // Piped rather than inherited: a chatty server must not flood Brainbench's own output, and
    // its last words explain a crash.
    stderr: 'pipe',
  });
  return {
    transport,
    pid: () => transport.pid ?? undefined,
    ...(transport.stderr ? { stderr: transport.stderr as Readable } : {}),
    failure: () => transport.failure(),
    exitedUnanswered: () => transport.exitedUnanswered(),
  };
}
