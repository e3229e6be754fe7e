// omw-compat 12: an OpenAI-compatible HTTP server for the brains' endpoint subscriptions.

import { isIP } from 'node:net';
import { z } from 'zod';

import { closedTable } from '../../config/closed-table.ts';

const HIGHEST_PORT = 65535;

/** `127.0.0.1:8080` or `[::1]:8080`; omw rejects host names such as `localhost:8080`. */
function isNumericHostPort(text: string): boolean {
  const match = /^(?:\[([^\]]+)\]|([^:]+)):(\d+)$/.exec(text);
  if (!match) return false;
  const [, ipv6, ipv4, port] = match;
  const hostIsNumeric = ipv6 !== undefined ? isIP(ipv6) === 6 : isIP(ipv4 ?? '') === 4;
  return hostIsNumeric && Number(port) <= HIGHEST_PORT;
}

export const openaiEndpointParamsSchema = closedTable({
  // omw requires `listen`; Brainbench lets it default to loopback, so nothing is exposed unasked.
  listen: z
    .string()
    .refine(isNumericHostPort, {
      error: 'expected a numeric host:port such as 127.0.0.1:8080 (host names are rejected)',
    })
    .default('127.0.0.1:8080'),
});

export type OpenaiEndpointParams = z.output<typeof openaiEndpointParamsSchema>;
