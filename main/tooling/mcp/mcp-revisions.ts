// Which MCP protocol revisions Brainbench speaks, and how a connection settles on one.

import { UnsupportedProtocolVersionError } from '@modelcontextprotocol/client';

/**
 * Newest first: the published revisions. 2026-07-28 is reached through `server/discover`; the
 * 2025-era handshake (`initialize`) offers 2025-11-25 and accepts whichever of the older ones the
 * server answers with, as that handshake prescribes.
 */
export const MCP_REVISIONS = ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];

/**
 * The client's negotiation: probe with `server/discover`, fall back to `initialize` on any sign of
 * a 2025-era server. The SDK's default would be the 2025 handshake alone.
 */
export const REVISION_NEGOTIATION = {
  supportedProtocolVersions: MCP_REVISIONS,
  versionNegotiation: { mode: 'auto' },
} as const;

/**
 * The server answered with no revision on our list: the SDK says so with a typed error for the
 * discovery probe, and in words for an `initialize` answer (it has no type for that one).
 */
export function isRevisionMismatch(error: unknown): boolean {
  if (error instanceof UnsupportedProtocolVersionError) return true;
  return error instanceof Error && /protocol version is not supported/i.test(error.message);
}

export function revisionMismatchMessage(name: string, error: Error): string {
  return `MCP server "${name}" speaks none of the revisions Brainbench tried (${MCP_REVISIONS.join(', ')}): ${error.message}`;
}
