import { Client, type PriorDiscovery } from '@modelcontextprotocol/client';

import type { McpToolingParams } from './mcp-tooling-params.ts';
import { openMcpTransport, type McpTransport } from './mcp-transport.ts';
import { REVISION_NEGOTIATION } from './mcp-revisions.ts';

/** How much of a server's stderr is kept to explain a crash. */
const STDERR_TAIL_CHARS = 2000;

/** One connection attempt's client and transport, and the server's standard error so far. */
export interface McpSession {
  client: Client;
  transport: McpTransport;
  /** `; its standard error: <its last lines>`, or nothing when it wrote none. */
  standardError(): string;
}

/**
 * Opens a transport and connects a client over it, negotiating the revision (mcp-revisions.ts), or
 * straight in `prior`'s era. The session is returned either way: a failed one still says why.
 */
export async function connectMcpSession(
  params: McpToolingParams,
  cwd: string | undefined,
  configure: (client: Client) => void,
  prior?: PriorDiscovery,
): Promise<{ session: McpSession; error?: unknown }> {
  const transport = openMcpTransport(params, cwd);
  let stderrTail = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderrTail = (stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
  });
  // Strict capabilities: a server that offers no resources refuses resource calls rather than
  // answering with an empty list the SDK would make up.
  const client = new Client(
    { name: 'brainbench', version: '0.1.0' },
    { ...REVISION_NEGOTIATION, enforceStrictCapabilities: true },
  );
  configure(client);
  const session = { client, transport, standardError: () => lastLines(stderrTail) };
  try {
    await client.connect(transport.transport, { ...requestTimeout(params), ...(prior ? { prior } : {}) });
    return { session };
  } catch (error) {
    return { session, error };
  }
}

export function requestTimeout(params: McpToolingParams): { timeout?: number } {
  return params.request_timeout_ms !== undefined ? { timeout: params.request_timeout_ms } : {};
}

function lastLines(stderr: string): string {
  const trimmed = stderr.trim();
  return trimmed ? `; its standard error: ${trimmed.split('\n').slice(-5).join('\n')}` : '';
}
